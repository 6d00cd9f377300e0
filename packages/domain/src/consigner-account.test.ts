import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditSpendOf, isHeld, meetsPayoutMinimum, payableOn, storeCreditBonusOf } from './consigner-account.ts';

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
