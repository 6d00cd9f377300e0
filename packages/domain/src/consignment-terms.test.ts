import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  consignmentEndOf,
  daysBetween,
  dueEndActionOf,
  earlyWithdrawalFeeOf,
  extendedEndOf,
  extensionOf,
  NO_TERMS,
  renewalOf,
  renewedEndOf,
  TERM_MESSAGES,
  termsOf,
  termsSummaryOf,
  termEndingOf,
  termStateOf,
  ZConsignmentTerms,
} from './consignment-terms.ts';
import { ZConsignmentTermsInput } from './schemas/consignment-terms.ts';

const day = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

describe('consignment terms', () => {
  it('ends an item a period after its acceptance, or never', () => {
    expect(consignmentEndOf('2026-11-28', { periodDays: 30 })).toBe('2026-12-28');
    expect(consignmentEndOf('2026-02-01', { periodDays: 45 })).toBe('2026-03-18');
    expect(consignmentEndOf('2026-11-28', NO_TERMS)).toBeNull();
  });

  it('renews from the end, or from today when the term already ended', () => {
    expect(renewedEndOf('2026-12-28', '2026-12-01', { periodDays: 30, renewalDays: null })).toBe('2027-01-27');
    expect(renewedEndOf('2026-12-28', '2027-01-10', { periodDays: 30, renewalDays: 14 })).toBe('2027-01-24');
    expect(() => renewedEndOf('2026-12-28', '2027-01-10', { periodDays: null, renewalDays: null })).toThrow(RangeError);
  });

  it('a renewed end is never before today and always a whole renewal period after the earlier of (end, today)', () => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: 1, max: 365 }), (endsOn, today, renewal) => {
        const renewed = renewedEndOf(endsOn, today, { periodDays: 30, renewalDays: renewal });
        expect(daysBetween(today, renewed)).toBeGreaterThanOrEqual(renewal);
        expect(daysBetween(endsOn, renewed)).toBeGreaterThanOrEqual(renewal);
        expect(Math.min(daysBetween(today, renewed), daysBetween(endsOn, renewed))).toBe(renewal);
      }),
    );
  });

  it('an extension never leaves an end in the past', () => {
    expect(extendedEndOf(null, '2026-11-28', 10)).toBe('2026-12-08');
    expect(extendedEndOf('2026-11-01', '2026-11-28', 10)).toBe('2026-12-08');
    expect(extendedEndOf('2026-12-20', '2026-11-28', 10)).toBe('2026-12-30');
  });

  it('knows where an item stands: open, running, ending within the window, in grace, due', () => {
    expect(termStateOf(null, '2026-11-28', 3)).toEqual({ state: 'open' });
    expect(termStateOf('2026-12-28', '2026-11-28', 3)).toEqual({ state: 'running', daysLeft: 30 });
    expect(termStateOf('2026-12-05', '2026-11-28', 3, 7)).toEqual({ state: 'ending', daysLeft: 7 });
    expect(termStateOf('2026-11-28', '2026-11-28', 3)).toEqual({ state: 'ending', daysLeft: 0 });
    expect(termStateOf('2026-11-26', '2026-11-28', 3)).toEqual({ state: 'grace', daysOver: 2 });
    expect(termStateOf('2026-11-25', '2026-11-28', 3)).toEqual({ state: 'grace', daysOver: 3 });
    expect(termStateOf('2026-11-24', '2026-11-28', 3)).toEqual({ state: 'due', daysOver: 4 });
  });

  it('charges the early-withdrawal fee only inside the minimum stay; 0 keeps the old behaviour', () => {
    const terms = { minimumStayDays: 30, earlyWithdrawalFee: 1500 };
    expect(earlyWithdrawalFeeOf('2026-11-01', '2026-11-30', terms)).toBe(1500);
    expect(earlyWithdrawalFeeOf('2026-11-01', '2026-12-01', terms)).toBe(0);
    expect(earlyWithdrawalFeeOf(null, '2026-12-01', terms)).toBe(0);
    expect(earlyWithdrawalFeeOf('2026-11-01', '2026-11-02', NO_TERMS)).toBe(0);
  });

  it('counts calendar days across month, year and leap days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(RangeError);
  });

  it('validates terms with clear messages', () => {
    expect(ZConsignmentTerms.safeParse(NO_TERMS).success).toBe(true);
    const bad = ZConsignmentTerms.safeParse({ ...NO_TERMS, periodDays: 0, earlyWithdrawalFee: -1, endAction: 'burn' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Consignment period must be at least 1 day', 'Early withdrawal fee cannot be negative', 'Choose what happens when the term ends']);
  });
});

describe('renewals and extensions sent for an end date', () => {
  const terms = { ...NO_TERMS, periodDays: 30, renewalDays: 14, renewalFee: 500 };

  it('renews from the end the sender saw and charges the locked renewal fee', () => {
    expect(renewalOf({ endsOn: '2026-12-10', terms }, '2026-12-10', '2026-12-01')).toEqual({ kind: 'change', endsOn: '2026-12-24', fee: 500 });
    // ended: a whole renewal period from today
    expect(renewalOf({ endsOn: '2026-12-10', terms }, '2026-12-10', '2026-12-20')).toEqual({ kind: 'change', endsOn: '2027-01-03', fee: 500 });
  });

  it('changes nothing when the end is no longer the one seen (a renewal sent twice)', () => {
    const first = renewalOf({ endsOn: '2026-12-10', terms }, '2026-12-10', '2026-12-01');
    if (first.kind !== 'change') throw new Error('expected a change');
    expect(renewalOf({ endsOn: first.endsOn, terms }, '2026-12-10', '2026-12-01')).toEqual({ kind: 'skip', reason: TERM_MESSAGES.alreadyChanged });
  });

  it('refuses items with no end, and terms with no period to renew', () => {
    expect(renewalOf({ endsOn: null, terms }, '2026-12-10', '2026-12-01')).toEqual({ kind: 'skip', reason: TERM_MESSAGES.noEnd });
    expect(renewalOf({ endsOn: '2026-12-10', terms: NO_TERMS }, '2026-12-10', '2026-12-01')).toEqual({ kind: 'skip', reason: TERM_MESSAGES.notRenewable });
  });

  it('extends by N days without a fee, from today when the end has passed, once per seen end', () => {
    expect(extensionOf({ endsOn: '2026-12-10' }, '2026-12-10', '2026-12-01', 7)).toEqual({ kind: 'change', endsOn: '2026-12-17', fee: 0 });
    expect(extensionOf({ endsOn: '2026-12-10' }, '2026-12-10', '2026-12-20', 7)).toEqual({ kind: 'change', endsOn: '2026-12-27', fee: 0 });
    expect(extensionOf({ endsOn: '2026-12-17' }, '2026-12-10', '2026-12-01', 7).kind).toBe('skip');
    expect(extensionOf({ endsOn: null }, '2026-12-10', '2026-12-01', 7)).toEqual({ kind: 'skip', reason: TERM_MESSAGES.noEnd });
  });

  it('an item accepted before terms existed carries none', () => {
    expect(termsOf(null)).toEqual(NO_TERMS);
    expect(termsOf(terms)).toBe(terms);
  });
});

describe('the daily job (dueEndActionOf)', () => {
  const terms = { ...NO_TERMS, periodDays: 30, graceDays: 3, endAction: 'donate' as const };

  it('applies the locked end action only once the grace days are over', () => {
    expect(dueEndActionOf('2026-12-10', '2026-12-09', terms)).toBeNull();
    expect(dueEndActionOf('2026-12-10', '2026-12-10', terms)).toBeNull();
    expect(dueEndActionOf('2026-12-10', '2026-12-13', terms)).toBeNull();
    expect(dueEndActionOf('2026-12-10', '2026-12-14', terms)).toBe('donate');
    expect(dueEndActionOf('2026-12-10', '2027-03-01', { ...terms, endAction: 'convert' })).toBe('convert');
    expect(dueEndActionOf('2026-12-10', '2026-12-11', { ...terms, graceDays: 0 })).toBe('donate');
  });

  it('never applies to an item without an end', () => {
    expect(dueEndActionOf(null, '2030-01-01', terms)).toBeNull();
  });
});

describe('ending a term (return, donate, convert to store stock)', () => {
  const item = { status: 'Active', endsOn: '2026-12-10', isStoreStock: false };

  it('ends an item in stock with an end, by any of the three actions', () => {
    for (const ending of ['return', 'donate', 'convert'] as const) {
      expect(termEndingOf(item, ending)).toEqual({ kind: 'end' });
      expect(termEndingOf({ ...item, status: 'InTransit' }, ending)).toEqual({ kind: 'end' });
    }
  });

  it('skips an item no longer in stock, so a second send changes nothing', () => {
    for (const status of ['Withdrawn', 'Sold', 'PendingSale', 'Paid', 'Pending', 'Declined'])
      for (const ending of ['return', 'donate', 'convert'] as const) expect(termEndingOf({ ...item, status }, ending)).toEqual({ kind: 'skip', reason: TERM_MESSAGES.notInStock });
  });

  it('skips an item without an end, and converts only an item the store does not own yet', () => {
    expect(termEndingOf({ ...item, endsOn: null }, 'donate')).toEqual({ kind: 'skip', reason: TERM_MESSAGES.noEnd });
    expect(termEndingOf({ ...item, isStoreStock: true }, 'convert')).toEqual({ kind: 'skip', reason: TERM_MESSAGES.storeStock });
    expect(termEndingOf({ ...item, isStoreStock: true }, 'donate')).toEqual({ kind: 'end' });
  });
});

describe('the terms form (ZConsignmentTermsInput)', () => {
  it('reads fees in major units into minor units, and empty values as "no terms"', () => {
    expect(ZConsignmentTermsInput.parse({ periodDays: 30, minimumStayDays: '14', earlyWithdrawalFee: 12.5, renewalFee: '5', endAction: 'renew', graceDays: 3 })).toEqual({
      periodDays: 30,
      minimumStayDays: 14,
      earlyWithdrawalFee: 1250,
      renewalDays: null,
      renewalFee: 500,
      endAction: 'renew',
      graceDays: 3,
      markdownScheduleId: null,
    });
    expect(ZConsignmentTermsInput.parse({})).toEqual(NO_TERMS);
    expect(ZConsignmentTermsInput.parse({ periodDays: '' })).toEqual(NO_TERMS);
  });

  it('refuses bad terms with the words the form shows', () => {
    const error = (body: Record<string, unknown>) => {
      const r = ZConsignmentTermsInput.safeParse(body);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(error({ periodDays: 0 })).toBe('Consignment period must be at least 1 day');
    expect(error({ periodDays: 4000 })).toMatch(/at most 3650 days/);
    expect(error({ periodDays: 1.5 })).toMatch(/whole number/);
    expect(error({ minimumStayDays: 'soon' })).toMatch(/number of days/);
    expect(error({ earlyWithdrawalFee: -1 })).toMatch(/cannot be negative/);
    expect(error({ renewalFee: 1.234 })).toMatch(/decimal/i);
    expect(error({ endAction: 'burn' })).toBe('Choose what happens when the term ends');
    expect(error({ graceDays: -2 })).toMatch(/cannot be negative/);
  });
});

describe('termsSummaryOf', () => {
  it('says the period, the end action and the minimum stay in a few words', () => {
    expect(termsSummaryOf(NO_TERMS)).toBe('No end');
    expect(termsSummaryOf({ periodDays: 60, minimumStayDays: 30, endAction: 'donate' })).toBe('60 days, then donate · 30-day minimum');
    expect(termsSummaryOf({ periodDays: null, minimumStayDays: 14, endAction: 'return' })).toBe('No end · 14-day minimum');
  });
});
