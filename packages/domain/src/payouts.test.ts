import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHEQUE_LIMIT_MINOR } from './constants.ts';
import { payoutActionOf, splitIntoCheques } from './payouts.ts';

describe('splitIntoCheques', () => {
  it('gives one cheque per 2,000, rounded up, the last with the rest', () => {
    expect(splitIntoCheques(0)).toEqual([]);
    expect(splitIntoCheques(1)).toEqual([1]);
    expect(splitIntoCheques(200_000)).toEqual([200_000]);
    expect(splitIntoCheques(200_001)).toEqual([200_000, 1]);
    expect(splitIntoCheques(450_000)).toEqual([200_000, 200_000, 50_000]);
  });
  it('always sums to the total, with ceil(total / 2,000) cheques of at most 2,000 each', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (total) => {
        const cheques = splitIntoCheques(total);
        expect(cheques.reduce((a, b) => a + b, 0)).toBe(total);
        expect(cheques.length).toBe(Math.ceil(total / CHEQUE_LIMIT_MINOR));
        for (const c of cheques) expect(c > 0 && c <= CHEQUE_LIMIT_MINOR).toBe(true);
      }),
    );
  });
  it('refuses a negative or fractional total', () => {
    expect(() => splitIntoCheques(-1)).toThrow(RangeError);
    expect(() => splitIntoCheques(1.5)).toThrow(RangeError);
  });
});

describe('payoutActionOf', () => {
  it('follows the spec by status', () => {
    expect(payoutActionOf('Failed', true)).toBe('retryAutoPayout');
    expect(payoutActionOf('Buying', false)).toBe('pay');
    expect(payoutActionOf('Pending', true)).toBe('autoInProgress');
    expect(payoutActionOf('Pending', false)).toBe('markPaid');
    expect(payoutActionOf('Paid', false)).toBe('none');
  });
});
