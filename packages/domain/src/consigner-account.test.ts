import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditSpendOf, holdCutoffOf, isHeld, meetsPayoutMinimum, payableOn, requestRefusalOf, splitByHold, storeCreditBonusOf } from './consigner-account.ts';

describe('the consigner’s account', () => {
  it('holds a sale’s money for the store’s days, from the sale or from shipping', () => {
    expect(payableOn({ soldOn: '2026-11-28', shippedOn: null, online: false }, { days: 0, fromShipping: true })).toBe('2026-11-28');
    expect(payableOn({ soldOn: '2026-11-28', shippedOn: null, online: false }, { days: 14, fromShipping: true })).toBe('2026-12-12');
    expect(payableOn({ soldOn: '2026-11-28', shippedOn: null, online: true }, { days: 14, fromShipping: true })).toBeNull();
    expect(payableOn({ soldOn: '2026-11-28', shippedOn: '2026-11-30', online: true }, { days: 14, fromShipping: true })).toBe('2026-12-14');
    expect(payableOn({ soldOn: '2026-11-28', shippedOn: '2026-11-30', online: true }, { days: 14, fromShipping: false })).toBe('2026-12-12');
    expect(isHeld('2026-12-12', '2026-12-11')).toBe(true);
    expect(isHeld('2026-12-12', '2026-12-12')).toBe(false);
    expect(isHeld(null, '2027-01-01')).toBe(true);
  });

  it('includes a consigner in a run only above the minimum', () => {
    expect(meetsPayoutMinimum(0, 0)).toBe(false);
    expect(meetsPayoutMinimum(1, 0)).toBe(true);
    expect(meetsPayoutMinimum(2499, 2500)).toBe(false);
    expect(meetsPayoutMinimum(2500, 2500)).toBe(true);
  });

  it('gives the credit bonus rounded down, never more than the percentage says', () => {
    expect(storeCreditBonusOf(10000, 20)).toBe(2000);
    expect(storeCreditBonusOf(999, 12.5)).toBe(124);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10000 }).map((b) => b / 100), (amount, pct) => {
        const bonus = storeCreditBonusOf(amount, pct);
        expect(bonus).toBeGreaterThanOrEqual(0);
        expect(bonus * 100).toBeLessThanOrEqual(amount * pct + 1e-6);
      }),
    );
  });

  it('never spends beyond the balance', () => {
    expect(creditSpendOf(5000, 7000)).toEqual({ spent: 5000, left: 0 });
    expect(creditSpendOf(5000, 1200)).toEqual({ spent: 1200, left: 3800 });
    expect(creditSpendOf(0, 100)).toEqual({ spent: 0, left: 0 });
  });
});

describe('the payout hold and minimum', () => {
  const today = '2026-12-10';
  it('pays a sale on the day its hold ends, not the day before', () => {
    expect(holdCutoffOf(today, 0)).toBe(today);
    expect(holdCutoffOf(today, 7)).toBe('2026-12-03');
    // sold 7 days ago with a 7-day hold: payable today; 6 days ago: held until tomorrow
    const split = splitByHold([{ amount: 1000, soldOn: '2026-12-03' }, { amount: 500, soldOn: '2026-12-04' }, { amount: 250, soldOn: '2026-12-04' }], 0, 7, today);
    expect(split).toEqual({ payable: 1000, held: 750, heldUntil: [{ payableOn: '2026-12-11', amount: 750 }] });
  });

  it('holds nothing with a hold of 0 (the behaviour before holds)', () => {
    expect(splitByHold([{ amount: 1000, soldOn: today }], 0, 0, today)).toEqual({ payable: 1000, held: 0, heldUntil: [] });
  });

  it('takes fees owed from what is payable, never below zero, and never from held money', () => {
    expect(splitByHold([{ amount: 1000, soldOn: '2026-12-01' }], -300, 0, today).payable).toBe(700);
    expect(splitByHold([{ amount: 1000, soldOn: '2026-12-01' }], -3000, 0, today).payable).toBe(0);
    expect(splitByHold([{ amount: 1000, soldOn: today }], -300, 3, today)).toEqual({ payable: 0, held: 1000, heldUntil: [{ payableOn: '2026-12-13', amount: 1000 }] });
    // a balance in the consigner's favour rides with a payout of items, as the payout path adds it
    expect(splitByHold([{ amount: 1000, soldOn: '2026-12-01' }], 200, 0, today).payable).toBe(1200);
  });

  it('never splits money away: payable + held = proceeds when nothing is carried (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 2_000_000_000 }), back: fc.integer({ min: 0, max: 60 }) }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 365 }),
        (rows, days) => {
          const items = rows.map((r) => ({ amount: r.amount, soldOn: holdCutoffOf(today, r.back) }));
          const split = splitByHold(items, 0, days, today);
          expect(split.payable + split.held).toBe(items.reduce((a, i) => a + i.amount, 0));
          expect(split.payable).toBe(items.filter((i) => i.soldOn <= holdCutoffOf(today, days)).reduce((a, i) => a + i.amount, 0));
          for (const h of split.heldUntil) expect(h.payableOn > today).toBe(true);
        },
      ),
    );
  });

  it('lets a consigner ask only when something is payable and at least the minimum', () => {
    expect(requestRefusalOf({ payable: 0, held: 0, heldUntil: [] }, 0, 'USD')).toBe('Nothing is ready to pay yet');
    expect(requestRefusalOf({ payable: 0, held: 500, heldUntil: [{ payableOn: '2026-12-12', amount: 500 }] }, 0, 'USD')).toBe('Your sales are on hold until December 12, 2026: ask then');
    expect(requestRefusalOf({ payable: 2499, held: 0, heldUntil: [] }, 2500, 'USD')).toBe('The store pays out from $25.00: $24.99 is ready to pay');
    expect(requestRefusalOf({ payable: 2500, held: 0, heldUntil: [] }, 2500, 'USD')).toBeNull();
  });
});
