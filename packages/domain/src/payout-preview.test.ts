import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemHasZeroPayoutWarning, previewPayout } from './payout-preview.ts';

describe('previewPayout', () => {
  it('groups the chosen items per consigner, in first-seen order, with totals and cheques', () => {
    const preview = previewPayout([
      { id: 'a', consignerId: 'ava', totalMinor: 12_550 },
      { id: 'b', consignerId: 'marco', totalMinor: 150_000 },
      { id: 'c', consignerId: 'ava', totalMinor: 4_000 },
      { id: 'd', consignerId: 'marco', totalMinor: 100_000 },
    ]);
    expect(preview).toEqual({
      itemCount: 4,
      totalMinor: 266_550,
      consigners: [
        { consignerId: 'ava', itemIds: ['a', 'c'], totalMinor: 16_550, cheques: 1 },
        // 2,500 is two cheques (one per 2,000, rounded up)
        { consignerId: 'marco', itemIds: ['b', 'd'], totalMinor: 250_000, cheques: 2 },
      ],
    });
  });

  it('gives nothing for no items, and no cheque for a consigner owed nothing', () => {
    expect(previewPayout([])).toEqual({ itemCount: 0, totalMinor: 0, consigners: [] });
    expect(previewPayout([{ id: 'a', consignerId: 'ava', totalMinor: 0 }]).consigners[0]?.cheques).toBe(0);
  });

  it("always sums the consigners' totals to the payout's total, each item in one share", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ consignerId: fc.constantFrom('a', 'b', 'c'), totalMinor: fc.integer({ min: 0, max: 10_000_000 }) }), { maxLength: 50 }),
        (raw) => {
          const items = raw.map((r, i) => ({ ...r, id: String(i) }));
          const preview = previewPayout(items);
          expect(preview.consigners.reduce((s, c) => s + c.totalMinor, 0)).toBe(preview.totalMinor);
          expect(preview.consigners.flatMap((c) => c.itemIds).sort()).toEqual(items.map((i) => i.id).sort());
        },
      ),
    );
  });
});

describe('itemHasZeroPayoutWarning', () => {
  it('warns when a fee was charged and the payout is under 1', () => {
    expect(itemHasZeroPayoutWarning({ payoutFeeMinor: 512, payoutMinor: 0 })).toBe(true);
    expect(itemHasZeroPayoutWarning({ payoutFeeMinor: 512, payoutMinor: 99 })).toBe(true);
    expect(itemHasZeroPayoutWarning({ payoutFeeMinor: 512, payoutMinor: 100 })).toBe(false);
    // no fee: a payout of 0 is what was agreed
    expect(itemHasZeroPayoutWarning({ payoutFeeMinor: 0, payoutMinor: 0 })).toBe(false);
  });
});
