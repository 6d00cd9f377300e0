import { describe, expect, it } from 'vitest';
import { composeStatementEmail, statementWorthSending } from './statement-emails.ts';

const figures = { opening: 8_000, sales: 10_000, fees: -2_000, payouts: -8_000, adjustments: 0, closing: 8_000 };

describe('the e-mailed statement', () => {
  it('is sent when something moved in the month or a balance is open, not for an account at rest at zero', () => {
    expect(statementWorthSending({ ...figures }, 3)).toBe(true);
    expect(statementWorthSending({ ...figures, sales: 0, fees: 0, payouts: 0 }, 0)).toBe(true);
    // entries that cancel out still moved
    expect(statementWorthSending({ opening: 0, sales: 0, fees: 0, payouts: 0, adjustments: 0, closing: 0 }, 2)).toBe(true);
    expect(statementWorthSending({ opening: 0, sales: 0, fees: 0, payouts: 0, adjustments: 0, closing: 0 }, 0)).toBe(false);
  });

  it('says the month, the six figures in the store currency and the link, with names made one clean line', () => {
    const mail = composeStatementEmail({ storeName: 'Kicks\r\nBcc: x@evil.test', currency: 'EUR', firstName: 'Ana\u0000', month: '2026-10', figures, link: 'https://shop.test/statements?month=2026-10' });
    expect(mail.subject).toBe('Your October 2026 statement from Kicks Bcc: x@evil.test');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hi Ana,');
    expect(lines).toContain('Opening balance: €80.00');
    expect(lines).toContain('Fees: -€20.00');
    expect(lines).toContain('Closing balance: €80.00');
    expect(lines).toContain('https://shop.test/statements?month=2026-10');
    expect(composeStatementEmail({ storeName: 'Kicks', currency: 'USD', firstName: null, month: '2026-01', figures, link: 'x' }).text.startsWith('Hello,')).toBe(true);
  });
});
