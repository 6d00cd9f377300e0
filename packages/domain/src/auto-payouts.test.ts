import { describe, expect, it } from 'vitest';
import { chequeLabel, payoutFailureReason, sendKeyOf, withinIdempotencyWindow } from './auto-payouts.ts';

describe('automated payout rules', () => {
  it('keys the first send attempt by the cheque id, later ones by id and number', () => {
    const id = '0b9f0f57-7c2e-4c43-9d0a-6c7d1e2f3a4b';
    expect([sendKeyOf(id, 0), sendKeyOf(id, 1), sendKeyOf(id, 2), sendKeyOf(id, 7)]).toEqual([id, id, `${id}-2`, `${id}-7`]);
    // PayPal's sender_batch_id takes 256 characters, Checkbook's Idempotency-Key 255
    expect(sendKeyOf(id, 99999).length).toBeLessThanOrEqual(255);
  });

  it('resends an unanswered attempt only well inside the provider’s window', () => {
    const day = 24 * 60 * 60 * 1000;
    const now = new Date('2026-11-25T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(withinIdempotencyWindow(ago(60_000), day, now)).toBe(true);
    expect(withinIdempotencyWindow(ago(22.9 * 60 * 60 * 1000), day, now)).toBe(true);
    expect(withinIdempotencyWindow(ago(23 * 60 * 60 * 1000), day, now)).toBe(false);
    expect(withinIdempotencyWindow(ago(day + 1), day, now)).toBe(false);
    expect(withinIdempotencyWindow(ago(29 * day - 1), 30 * day, now)).toBe(true);
  });

  it('names each failed cheque in the payout’s reason, bounded', () => {
    expect(chequeLabel('Ava Thompson', 1, 1)).toBe('Ava Thompson');
    expect(chequeLabel('Ava Thompson', 2, 3)).toBe('Ava Thompson, cheque 2 of 3');
    expect(payoutFailureReason([{ label: 'Ava', reason: 'refused' }], 4)).toBe('Ava: refused');
    const many = Array.from({ length: 5 }, (_, k) => ({ label: `C${k}`, reason: 'x'.repeat(1000) }));
    const text = payoutFailureReason(many, 9);
    expect(text.startsWith('5 of 9 cheques failed. C0: ')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(payoutFailureReason([], 3)).toBe('');
  });
});
