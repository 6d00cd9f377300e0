import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStoreCreditKind, LEDGER_KINDS } from './payouts.ts';
import { LEDGER_KIND_LABELS, monthBounds, monthLabel, monthlyStatementOf, nextMonth, previousMonth, statementGroupOf, yearStatementOf, type StatementEntry } from './statements.ts';
import { ZStatementQuery } from './schemas/statements.ts';

const day = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const entry = fc.record({ kind: fc.constantFrom(...LEDGER_KINDS), amount: fc.integer({ min: -10_000_000, max: 10_000_000 }), day });
const month = fc.record({ y: fc.integer({ min: 2024, max: 2027 }), m: fc.integer({ min: 1, max: 12 }) }).map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}`);

describe('statements', () => {
  it('names every ledger kind, and steps months across years', () => {
    for (const kind of LEDGER_KINDS) expect(LEDGER_KIND_LABELS[kind]).toMatch(/^[A-Z]/);
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(nextMonth(previousMonth('2026-07'))).toBe('2026-07');
  });

  it('takes a month YYYY-MM or a year YYYY, one of them, within 2000 to 2100', () => {
    const ok = (q: Record<string, string>) => ZStatementQuery.safeParse(q).success;
    expect(ok({ month: '2026-11' })).toBe(true);
    expect(ok({ year: '2026' })).toBe(true);
    for (const month of ['2026-13', '2026-1', '26-11', '2026-11-01', '1999-12', '2101-01', ' 2026-11', '=1+1']) expect(ok({ month })).toBe(false);
    expect(ok({})).toBe(false);
    expect(ok({ month: '2026-11', year: '2026' })).toBe(false);
    expect(ok({ year: '1999' })).toBe(false);
  });

  it('puts every ledger kind in one named group', () => {
    // the store credit account is not on a statement (the server leaves its kinds out; docs/consigner-account.md "Store credit")
    for (const kind of LEDGER_KINDS.filter((k) => !isStoreCreditKind(k))) expect(statementGroupOf(kind)).not.toBe('other');
    expect(statementGroupOf('credit_spend')).toBe('other');
  });

  it('knows a month’s days, leap years included', () => {
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(() => monthBounds('2026-13')).toThrow(RangeError);
  });

  it('a month: opening from the entries before it, movements by group, closing', () => {
    const entries: StatementEntry[] = [
      { kind: 'sale', amount: 10000, day: '2026-10-20' },
      { kind: 'fee', amount: -2300, day: '2026-10-20' },
      { kind: 'sale', amount: 5000, day: '2026-11-02' },
      { kind: 'fee', amount: -1150, day: '2026-11-02' },
      { kind: 'payout', amount: -7700, day: '2026-11-15' },
      { kind: 'sale', amount: 999, day: '2026-12-01' },
    ];
    const s = monthlyStatementOf(entries, '2026-11');
    expect(s).toMatchObject({ from: '2026-11-01', to: '2026-11-30', opening: 7700, movements: { sales: 5000, fees: -1150, payouts: -7700, other: 0 }, closing: 3850 });
    expect(s.entries.map((e) => e.day)).toEqual(['2026-11-02', '2026-11-02', '2026-11-15']);
  });

  it('opening + movements = closing, and each month opens where the one before closed (random ledgers)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 200 }), month, (entries, first) => {
        let m = first;
        let previous = monthlyStatementOf(entries, m);
        for (let i = 0; i < 13; i++) {
          const s = previous;
          expect(s.opening + s.movements.sales + s.movements.fees + s.movements.payouts + s.movements.other).toBe(s.closing);
          m = nextMonth(m);
          previous = monthlyStatementOf(entries, m);
          expect(previous.opening).toBe(s.closing);
        }
      }),
    );
  });

  it('the year: opening on 1 January, closing the sum of everything to 31 December', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 200 }), fc.integer({ min: 2024, max: 2027 }), (entries, year) => {
        const y = yearStatementOf(entries, year);
        const dec = monthlyStatementOf(entries, `${year}-12`);
        const jan = monthlyStatementOf(entries, `${year}-01`);
        expect(y.opening).toBe(jan.opening);
        expect(y.closing).toBe(dec.closing);
        expect(y.closing).toBe(entries.filter((e) => e.day <= `${year}-12-31`).reduce((a, e) => a + e.amount, 0));
      }),
    );
  });
});
