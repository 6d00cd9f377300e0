import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import {
  DEFAULT_ADD_ON_FEES,
  ZERO_PAYOUT_WARNING,
  calculateFees,
  isZeroPayoutWarning,
  matchConsignerType,
  type ConsignerType,
  type FeeInput,
} from './fees.ts';

function type(overrides: Partial<ConsignerType> = {}): ConsignerType {
  return {
    id: 'standard',
    accountType: 'Standard',
    sellingFee: 20,
    minFee: 1000,
    flatFee: 0,
    isDefault: false,
    ...overrides,
  };
}

const base: FeeInput = {
  price: 20000,
  quantity: 1,
  consignerType: type(),
  storePayoutFeePercent: 3,
  vatRatePercent: 15,
  chargeTax: false,
};

describe('calculateFees: worked examples (docs/fees.md)', () => {
  it('1. percentage selling fee above the minimum', () => {
    expect(calculateFees(base)).toEqual({
      payout: 15400,
      payoutFee: 4600,
      total: 15400,
      transcation: 600,
      selling: 4000,
      vat: 0,
      negativeBalance: 0,
      breakdown: [
        { label: 'Transaction Fee', amount: 600 },
        { label: 'Selling Fees', amount: 4000 },
      ],
    });
  });

  it('2. VAT on selling and transaction fees when the consigner charges tax', () => {
    const r = calculateFees({ ...base, chargeTax: true });
    expect(r.vat).toBe(690);
    expect(r.payoutFee).toBe(5290);
    expect(r.payout).toBe(14710);
    expect(r.breakdown.at(-1)).toEqual({ label: 'VAT', amount: 690 });
  });

  it('3. minimum fee plus flat fee on a cheap item, two units', () => {
    const r = calculateFees({ ...base, price: 2500, quantity: 2, consignerType: type({ flatFee: 250 }) });
    expect(r).toMatchObject({ selling: 1250, transcation: 75, payoutFee: 1325, payout: 1175, total: 2350 });
  });

  it('4. add-ons beyond the price leave a negative balance', () => {
    const r = calculateFees({ ...base, price: 3000, addOns: { cleaning: true, box: true } });
    expect(r).toMatchObject({ selling: 1000, transcation: 90, payoutFee: 5090, payout: 0, total: 0, negativeBalance: 2090 });
    expect(r.breakdown.map((b) => b.label)).toEqual(['Transaction Fee', 'Selling Fees', 'Cleaning Fee', 'Box Fees']);
    expect(r.breakdown.find((b) => b.label === 'Cleaning Fee')?.amount).toBe(DEFAULT_ADD_ON_FEES.cleaning);
  });

  it('5. outstanding withdrawal fees are taken from the payout', () => {
    const r = calculateFees({ ...base, price: 10000, chargeTax: true, outstandingWithdrawalFees: 1500 });
    expect(r).toMatchObject({ selling: 2000, transcation: 300, vat: 345, payoutFee: 4145, payout: 5855 });
    expect(r.breakdown).toEqual([
      { label: 'Transaction Fee', amount: 300 },
      { label: 'Selling Fees', amount: 2000 },
      { label: 'Outstanding Withdrawal Fees', amount: 1500 },
      { label: 'VAT', amount: 345 },
    ]);
  });

  it('6. rounds each fee half up to the minor unit', () => {
    const r = calculateFees({ ...base, price: 1999, consignerType: type({ sellingFee: 12.5, minFee: 0 }), storePayoutFeePercent: 2.9 });
    expect(r).toMatchObject({ selling: 250, transcation: 58, payoutFee: 308, payout: 1691 });
  });

  it('7. store accounts pay no fees and are paid their cost', () => {
    expect(calculateFees({ ...base, isStoreAccount: true, cost: 12000, quantity: 3, chargeTax: true })).toEqual({
      payout: 12000,
      payoutFee: 0,
      total: 36000,
      transcation: 0,
      selling: 0,
      vat: 0,
      negativeBalance: 0,
      breakdown: [],
    });
  });

  it('7b. a store account without a cost is paid the price', () => {
    expect(calculateFees({ ...base, isStoreAccount: true, cost: null }).payout).toBe(20000);
  });
});

describe('calculateFees: rules', () => {
  it('charges no selling fee without a consigner type', () => {
    const r = calculateFees({ ...base, consignerType: null });
    expect(r).toMatchObject({ selling: 0, transcation: 600, payoutFee: 600, payout: 19400 });
  });

  it('uses custom add-on prices', () => {
    const r = calculateFees({ ...base, addOns: { box: true }, addOnFees: { cleaning: 999, box: 500 } });
    expect(r.payoutFee).toBe(4600 + 500);
    expect(r.breakdown.map((b) => b.label)).toEqual(['Transaction Fee', 'Selling Fees', 'Box Fees']);
  });

  it('charges no VAT when tax is off, whatever the rate', () => {
    expect(calculateFees({ ...base, vatRatePercent: 99 }).vat).toBe(0);
  });

  it('includes a zero VAT line when tax is on at a zero rate', () => {
    expect(calculateFees({ ...base, chargeTax: true, vatRatePercent: 0 }).breakdown.at(-1)).toEqual({ label: 'VAT', amount: 0 });
  });

  it('gives a zero total for zero quantity', () => {
    expect(calculateFees({ ...base, quantity: 0 }).total).toBe(0);
  });

  it.each([
    ['a fractional price', { price: 10.5 }],
    ['a negative price', { price: -1 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a negative payout fee', { storePayoutFeePercent: -1 }],
    ['a NaN VAT rate', { vatRatePercent: Number.NaN }],
    ['negative outstanding fees', { outstandingWithdrawalFees: -100 }],
    ['a fractional min fee', { consignerType: type({ minFee: 0.5 }) }],
    ['a negative selling fee', { consignerType: type({ sellingFee: -5 }) }],
  ] as const)('refuses %s', (_name, patch) => {
    expect(() => calculateFees({ ...base, ...patch })).toThrow(DomainError);
  });

  it('refuses a negative store-account cost', () => {
    expect(() => calculateFees({ ...base, isStoreAccount: true, cost: -5 })).toThrow(DomainError);
  });
});

const money = fc.integer({ min: 0, max: 10_000_000 });
const percent = fc.integer({ min: 0, max: 10000 }).map((bp) => bp / 100);
const feeInput: fc.Arbitrary<FeeInput> = fc.record({
  price: money,
  // price x quantity stays within MAX_TOTAL_MINOR (10,000,000 minor units x 200)
  quantity: fc.integer({ min: 0, max: 200 }),
  consignerType: fc.option(
    fc.record({
      id: fc.constant('t'),
      accountType: fc.constant('Standard'),
      sellingFee: percent,
      minFee: fc.integer({ min: 0, max: 100_000 }),
      flatFee: fc.integer({ min: 0, max: 100_000 }),
      isDefault: fc.boolean(),
    }),
  ),
  storePayoutFeePercent: percent,
  vatRatePercent: percent,
  chargeTax: fc.boolean(),
  addOns: fc.record({ cleaning: fc.boolean(), box: fc.boolean() }),
  addOnFees: fc.record({ cleaning: money, box: money }),
  outstandingWithdrawalFees: money,
});

describe('calculateFees: properties', () => {
  it('splits the price into payout and fees, carrying any excess as a negative balance', () => {
    fc.assert(
      fc.property(feeInput, (input) => {
        const r = calculateFees(input);
        expect(r.payout + r.payoutFee - r.negativeBalance).toBe(input.price);
        expect(r.payout).toBeGreaterThanOrEqual(0);
        expect(r.negativeBalance).toBeGreaterThanOrEqual(0);
        expect(r.negativeBalance > 0).toBe(r.payoutFee > input.price);
        expect(r.total).toBe(r.payout * input.quantity);
        for (const v of [r.payout, r.payoutFee, r.total, r.transcation, r.selling, r.vat, r.negativeBalance]) {
          expect(Number.isSafeInteger(v)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('itemises exactly the fees it charges', () => {
    fc.assert(
      fc.property(feeInput, (input) => {
        const r = calculateFees(input);
        expect(r.breakdown.reduce((sum, b) => sum + b.amount, 0)).toBe(r.payoutFee);
        expect(r.payoutFee).toBe(
          r.selling + r.transcation + r.vat + r.breakdown.filter((b) => ['Cleaning Fee', 'Box Fees', 'Outstanding Withdrawal Fees'].includes(b.label)).reduce((s, b) => s + b.amount, 0),
        );
      }),
    );
  });

  it('never charges less than the minimum fee plus the flat fee', () => {
    fc.assert(
      fc.property(feeInput, (input) => {
        const r = calculateFees(input);
        const t = input.consignerType;
        if (t) expect(r.selling).toBeGreaterThanOrEqual(t.minFee + t.flatFee);
      }),
    );
  });

  it('pays store accounts their cost, or the price, with no fees', () => {
    fc.assert(
      fc.property(feeInput, fc.option(money), (input, cost) => {
        const r = calculateFees({ ...input, isStoreAccount: true, cost });
        expect(r.payout).toBe(cost ?? input.price);
        expect(r.payoutFee + r.negativeBalance + r.selling + r.transcation + r.vat).toBe(0);
        expect(r.total).toBe(r.payout * input.quantity);
      }),
    );
  });
});

describe('matchConsignerType', () => {
  const fallback = type({ id: 'default', accountType: 'Default', isDefault: true });
  const standard = type({ id: 'standard' });
  const standardShoes = type({ id: 'standard-shoes', category: 'Sneakers' });
  const standardShoesNew = type({ id: 'standard-shoes-new', category: 'Sneakers', option2Value: 'New' });
  const standardUsed = type({ id: 'standard-used', option2Value: 'Used' });
  const standardApparel = type({ id: 'standard-apparel', categories: ['Tops', 'Bottoms'] });
  const vip = type({ id: 'vip', accountType: 'VIP', sellingFee: 10 });
  const types = [fallback, standard, standardShoes, standardShoesNew, standardUsed, standardApparel, vip];

  it.each([
    ['the general type when nothing more specific fits', 'Standard', { category: 'Bags' }, 'standard'],
    ['the category type', 'Standard', { category: 'Sneakers', option2Value: 'Used' }, 'standard-shoes'],
    ['category plus option beats category alone', 'Standard', { category: 'Sneakers', option2Value: 'New' }, 'standard-shoes-new'],
    ['an option-only type when the category has none', 'Standard', { category: 'Bags', option2Value: 'Used' }, 'standard-used'],
    ['a type listing several categories', 'Standard', { category: 'Tops' }, 'standard-apparel'],
    ['case and spaces do not matter', ' standard ', { category: ' sneakers', option2Value: 'NEW' }, 'standard-shoes-new'],
    ['another account type', 'VIP', { category: 'Sneakers' }, 'vip'],
    ['the default for an unknown account type', 'Gold', { category: 'Sneakers' }, 'default'],
    ['the default without an account type', null, { category: 'Sneakers' }, 'default'],
  ] as const)('picks %s', (_name, accountType, item, expected) => {
    expect(matchConsignerType(types, accountType, item)?.id).toBe(expected);
  });

  it('prefers a category match over an option match of equal count', () => {
    const byOption = type({ id: 'by-option', option1Value: '10' });
    const byCategory = type({ id: 'by-category', category: 'Sneakers' });
    expect(matchConsignerType([byOption, byCategory], 'Standard', { category: 'Sneakers', option1Value: '10' })?.id).toBe(
      'by-category',
    );
  });

  it('keeps list order on a full tie', () => {
    const a = type({ id: 'a', category: 'X' });
    const b = type({ id: 'b', category: 'X' });
    expect(matchConsignerType([a, b], 'Standard', { category: 'X' })?.id).toBe('a');
  });

  it('falls back to the default when every type of the account type has unmet criteria', () => {
    expect(matchConsignerType([fallback, standardShoes], 'Standard', { category: 'Bags' })?.id).toBe('default');
  });

  it('returns null with no match and no default', () => {
    expect(matchConsignerType([standardShoes], 'Standard', { category: 'Bags' })).toBeNull();
    expect(matchConsignerType([], 'Standard', {})).toBeNull();
  });
});

describe('isZeroPayoutWarning', () => {
  it('warns when a selling fee applies and the payout is below one unit', () => {
    expect(isZeroPayoutWarning(20, 0)).toBe(true);
    expect(isZeroPayoutWarning(20, 99)).toBe(true);
    expect(isZeroPayoutWarning(20, 100)).toBe(false);
    expect(isZeroPayoutWarning(0, 0)).toBe(false);
  });

  it('has the spec text', () => {
    expect(ZERO_PAYOUT_WARNING).toBe('*The current price will give a payout of $0.');
  });
});

describe('fees that would not fit their columns (docs/security.md)', () => {
  it('refuses a fee sum or a total past MAX_TOTAL_MINOR, for the quote and the create alike', () => {
    const type = { id: 't', accountType: 'Big', sellingFee: 100, minFee: 1_000_000_000, flatFee: 1_000_000_000, isDefault: true };
    const input = { price: 1_000_000_000, quantity: 1, consignerType: type, storePayoutFeePercent: 100, vatRatePercent: 0, chargeTax: false };
    expect(() => calculateFees(input)).toThrow('The fees of this item must be at most 20,000,000');
    expect(() => calculateFees({ ...input, consignerType: null, storePayoutFeePercent: 0, quantity: 3 })).toThrow('The total (price x quantity) must be at most 20,000,000');
    expect(() => calculateFees({ ...input, isStoreAccount: true, cost: 1_000_000_000, quantity: 3 })).toThrow('The total (price x quantity) must be at most 20,000,000');
    expect(calculateFees({ ...input, consignerType: null, storePayoutFeePercent: 0, quantity: 2 }).total).toBe(2_000_000_000);
  });
});
