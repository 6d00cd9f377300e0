import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksUndo, freeOrderName, isSellable, nextCounterOrderName, saleLedgerAmounts, saleStatusOf, undoLedgerAmounts } from './sales.ts';
import { INVENTORY_STATUSES } from './statuses.ts';

describe('counter order names', () => {
  it('start at S-1001 and follow the highest number', () => {
    expect(nextCounterOrderName(0)).toBe('S-1001');
    expect(nextCounterOrderName(1001)).toBe('S-1002');
    expect(nextCounterOrderName(20)).toBe('S-1001');
  });

  it('keep an imported name, or take the first free suffix', () => {
    expect(freeOrderName('#1001', new Set())).toBe('#1001');
    expect(freeOrderName('#1001', new Set(['#1001', '#1001-2']))).toBe('#1001-3');
  });
});

describe('what a sale may take', () => {
  it('sells Active items only, to Sold when paid and PendingSale when pending', () => {
    expect(INVENTORY_STATUSES.filter((s) => isSellable(s, 'paid'))).toEqual(['Active']);
    expect(INVENTORY_STATUSES.filter((s) => isSellable(s, 'pending'))).toEqual(['Active']);
    expect(saleStatusOf('paid')).toBe('Sold');
    expect(saleStatusOf('pending')).toBe('PendingSale');
  });

  it('cannot be undone once an item is paid out or in a payout', () => {
    expect(blocksUndo({ status: 'Sold', inPayout: false })).toBe(false);
    expect(blocksUndo({ status: 'PendingSale', inPayout: false })).toBe(false);
    expect(blocksUndo({ status: 'Sold', inPayout: true })).toBe(true);
    expect(blocksUndo({ status: 'Paid', inPayout: false })).toBe(true);
  });
});

describe('the ledger entries of a sale', () => {
  it('are the proceeds before fees and the fees, adding up to the item’s total', () => {
    expect(saleLedgerAmounts({ price: 10000, quantity: 1, total: 7700 })).toEqual([
      { kind: 'sale', amount: 10000 },
      { kind: 'fee', amount: -2300 },
    ]);
    expect(saleLedgerAmounts({ price: 5000, quantity: 2, total: 10000 })).toEqual([{ kind: 'sale', amount: 10000 }]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 10_000_000 }), (price, quantity, payout) => {
        const total = payout * quantity;
        const entries = saleLedgerAmounts({ price, quantity, total });
        expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(total);
        expect(entries.every((e) => e.amount !== 0)).toBe(true);
      }),
    );
  });

  it('are reversed once by an undo, whatever else the order holds', () => {
    const written = [
      { kind: 'sale' as const, amount: 10000, inventoryId: 'a' },
      { kind: 'fee' as const, amount: -2300, inventoryId: 'a' },
      { kind: 'sale' as const, amount: 5000, inventoryId: 'b' },
    ];
    const reversal = undoLedgerAmounts(written);
    expect(reversal).toEqual([
      { kind: 'sale_undone', amount: -10000, inventoryId: 'a' },
      { kind: 'fee_undone', amount: 2300, inventoryId: 'a' },
      { kind: 'sale_undone', amount: -5000, inventoryId: 'b' },
    ]);
    expect(undoLedgerAmounts([...written, ...reversal])).toEqual([]);
    expect(undoLedgerAmounts([{ kind: 'payout', amount: -7700, inventoryId: 'a' }])).toEqual([]);
  });
});
