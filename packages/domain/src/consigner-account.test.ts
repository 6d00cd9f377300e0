import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSpendCredit,
  creditSpendOf,
  holdCutoffOf,
  isHeld,
  meetsPayoutMinimum,
  payableOn,
  requestRefusalOf,
  splitByHold,
  STORE_CREDIT_CODE,
  storeCreditBonusOf,
  storeCreditCodeOf,
  storeCreditEntriesOf,
} from './consigner-account.ts';
import { isStoreCreditPayout } from './constants.ts';
import { isStoreCreditKind, STORE_CREDIT_KINDS } from './payouts.ts';
import { sameBasket, undoLedgerAmounts } from './sales.ts';
import { bankDataIssues } from './schemas/consigner.ts';

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

  it('pays a sale with credit only when the balance covers all of it', () => {
    expect(canSpendCredit(5000, 5000)).toBe(true);
    expect(canSpendCredit(4999, 5000)).toBe(false);
    expect(canSpendCredit(5000, 0)).toBe(false);
    expect(canSpendCredit(-100, 50)).toBe(false);
    // any order of spends, each checked against what is left: the sum spent never passes the balance
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 30 }), (balance, wanted) => {
        let left = balance;
        let spent = 0;
        for (const w of wanted) {
          if (!canSpendCredit(left, w)) continue;
          left -= w;
          spent += w;
        }
        expect(spent).toBeLessThanOrEqual(balance);
        expect(left).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('writes the credit and the bonus of a payout taken as credit (no bonus entry for 0)', () => {
    expect(storeCreditEntriesOf(10000, 20)).toEqual([
      { kind: 'store_credit', amount: 10000 },
      { kind: 'store_credit_bonus', amount: 2000 },
    ]);
    expect(storeCreditEntriesOf(10000, 0)).toEqual([{ kind: 'store_credit', amount: 10000 }]);
    expect(storeCreditEntriesOf(0, 20)).toEqual([]);
    expect(storeCreditEntriesOf(333, 20)).toEqual([
      { kind: 'store_credit', amount: 333 },
      { kind: 'store_credit_bonus', amount: 66 },
    ]);
  });

  it('keeps the credit account apart from the money the store owes', () => {
    expect(STORE_CREDIT_KINDS.every((k) => isStoreCreditKind(k))).toBe(true);
    expect(['sale', 'fee', 'payout', 'payout_deduction', 'withdrawal_fee'].some((k) => isStoreCreditKind(k))).toBe(false);
    expect(isStoreCreditPayout('Store credit')).toBe(true);
    expect(isStoreCreditPayout(' store CREDIT ')).toBe(true);
    expect(isStoreCreditPayout('Bank')).toBe(false);
    expect(isStoreCreditPayout(null)).toBe(false);
  });

  it('gives each account a code of 8 hex digits staff can type', () => {
    const code = storeCreditCodeOf('36e597ee-1b2c-4d5e-8f90-123456789abc');
    expect(code).toBe('36E597EE');
    expect(STORE_CREDIT_CODE.test(code)).toBe(true);
    expect(STORE_CREDIT_CODE.test('36e597e')).toBe(false);
  });

  it('gives the credit back when the sale it paid is undone, and a replay must name the same credit', () => {
    expect(
      undoLedgerAmounts([
        { kind: 'sale', amount: 5000, inventoryId: 'i1' },
        { kind: 'fee', amount: -1000, inventoryId: 'i1' },
        { kind: 'store_credit_spent', amount: -5000, inventoryId: null },
      ]),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'sale_undone', amount: -5000, inventoryId: 'i1' },
        { kind: 'fee_undone', amount: 1000, inventoryId: 'i1' },
        { kind: 'store_credit_returned', amount: 5000, inventoryId: null },
      ]),
    );
    const recorded = { inventoryIds: ['a', 'b'], paymentMethod: 'store_credit' as const, creditConsignerId: 'ava' };
    expect(sameBasket(recorded, { inventoryIds: ['b', 'a'], paymentMethod: 'store_credit', creditConsignerId: 'ava' })).toBe(true);
    expect(sameBasket(recorded, { inventoryIds: ['a', 'b'], paymentMethod: 'store_credit', creditConsignerId: 'marco' })).toBe(false);
    expect(sameBasket(recorded, { inventoryIds: ['a', 'b'], paymentMethod: 'cash' })).toBe(false);
  });

  it('asks no payout account of a consigner paid in store credit', () => {
    expect(bankDataIssues('Store credit', {} as never)).toEqual([]);
    expect(bankDataIssues('PayPal', {} as never).length).toBeGreaterThan(0);
  });
});

describe('the payout hold and minimum', () => {
  const today = '2026-12-10';
  const bySale = (days: number) => ({ days, fromShipping: false });
  it('pays a sale on the day its hold ends, not the day before', () => {
    expect(holdCutoffOf(today, 0)).toBe(today);
    expect(holdCutoffOf(today, 7)).toBe('2026-12-03');
    // sold 7 days ago with a 7-day hold: payable today; 6 days ago: held until tomorrow
    const split = splitByHold([{ amount: 1000, soldOn: '2026-12-03' }, { amount: 500, soldOn: '2026-12-04' }, { amount: 250, soldOn: '2026-12-04' }], 0, bySale(7), today);
    expect(split).toEqual({ payable: 1000, held: 750, heldUntil: [{ payableOn: '2026-12-11', amount: 750 }] });
  });

  it('holds nothing with a hold of 0 (the behaviour before holds)', () => {
    expect(splitByHold([{ amount: 1000, soldOn: today }], 0, bySale(0), today)).toEqual({ payable: 1000, held: 0, heldUntil: [] });
  });

  it('takes fees owed from what is payable, never below zero, and never from held money', () => {
    expect(splitByHold([{ amount: 1000, soldOn: '2026-12-01' }], -300, bySale(0), today).payable).toBe(700);
    expect(splitByHold([{ amount: 1000, soldOn: '2026-12-01' }], -3000, bySale(0), today).payable).toBe(0);
    expect(splitByHold([{ amount: 1000, soldOn: today }], -300, bySale(3), today)).toEqual({ payable: 0, held: 1000, heldUntil: [{ payableOn: '2026-12-13', amount: 1000 }] });
    // a balance in the consigner's favour rides with a payout of items, as the payout path adds it
    expect(splitByHold([{ amount: 1000, soldOn: '2026-12-01' }], 200, bySale(0), today).payable).toBe(1200);
  });

  it('never splits money away: payable + held = proceeds when nothing is carried (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 2_000_000_000 }), back: fc.integer({ min: 0, max: 60 }) }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 365 }),
        (rows, days) => {
          const items = rows.map((r) => ({ amount: r.amount, soldOn: holdCutoffOf(today, r.back) }));
          const split = splitByHold(items, 0, bySale(days), today);
          expect(split.payable + split.held).toBe(items.reduce((a, i) => a + i.amount, 0));
          expect(split.payable).toBe(items.filter((i) => i.soldOn <= holdCutoffOf(today, days)).reduce((a, i) => a + i.amount, 0));
          for (const h of split.heldUntil) expect(h.payableOn! > today).toBe(true);
        },
      ),
    );
  });

  it('counts an online order from its shipping when the store says so: not shipped, held with no date', () => {
    const hold = { days: 7, fromShipping: true };
    const items = [
      // online, sold long ago, shipped 3 days ago: payable 7 days after shipping, not after the sale
      { amount: 1000, soldOn: '2026-11-01', online: true, shippedOn: '2026-12-07' },
      // online, not shipped: held until it ships, no date
      { amount: 400, soldOn: '2026-11-01', online: true, shippedOn: null },
      // online, shipped 7 days ago: payable today
      { amount: 300, soldOn: '2026-11-20', online: true, shippedOn: '2026-12-03' },
      // a counter sale counts from the sale whatever the setting
      { amount: 200, soldOn: '2026-12-03', online: false, shippedOn: null },
    ];
    expect(splitByHold(items, 0, hold, today)).toEqual({
      payable: 500,
      held: 1400,
      heldUntil: [
        { payableOn: '2026-12-14', amount: 1000 },
        { payableOn: null, amount: 400 },
      ],
    });
    // counted from the sale (the default), every one of them is payable: all were sold 7 days ago or more
    expect(splitByHold(items, 0, bySale(7), today)).toEqual({ payable: 1900, held: 0, heldUntil: [] });
    // a hold of 0 pays at once, shipped or not
    expect(splitByHold(items, 0, { days: 0, fromShipping: true }, today).payable).toBe(1900);
    expect(payableOn({ soldOn: '2026-12-01', shippedOn: null, online: true }, hold)).toBeNull();
    expect(isHeld(null, today)).toBe(true);
  });

  it('says why a consigner with only unshipped online sales cannot ask yet', () => {
    expect(requestRefusalOf({ payable: 0, held: 400, heldUntil: [{ payableOn: null, amount: 400 }] }, 0, 'USD')).toBe('Your sales are on hold until their orders ship: ask then');
  });

  it('agrees with the SQL rule of Ready to Pay: held when the day it counts from is after the cutoff, or an online order not shipped (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.integer({ min: 1, max: 2_000_000 }),
            back: fc.integer({ min: 0, max: 60 }),
            online: fc.boolean(),
            shippedBack: fc.option(fc.integer({ min: 0, max: 60 })),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 365 }),
        fc.boolean(),
        (rows, days, fromShipping) => {
          const items = rows.map((r) => ({ amount: r.amount, soldOn: holdCutoffOf(today, r.back), online: r.online, shippedOn: r.shippedBack === null ? null : holdCutoffOf(today, r.shippedBack) }));
          const cutoff = holdCutoffOf(today, days);
          // the SQL of readyToPayHeldAfter / saleHeldSql, item by item
          const heldBySql = (i: (typeof items)[number]) => (fromShipping && i.online ? i.shippedOn === null || i.shippedOn > cutoff : i.soldOn > cutoff);
          const split = splitByHold(items, 0, { days, fromShipping }, today);
          expect(split.payable).toBe(items.filter((i) => !heldBySql(i)).reduce((a, i) => a + i.amount, 0));
          expect(split.held).toBe(items.filter(heldBySql).reduce((a, i) => a + i.amount, 0));
          const undated = split.heldUntil.filter((h) => h.payableOn === null);
          expect(undated.length > 0).toBe(fromShipping && items.some((i) => i.online && i.shippedOn === null));
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
