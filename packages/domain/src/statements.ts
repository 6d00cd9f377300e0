// Consigner statements (docs/consigner-account.md "Statements"): a month of a consigner's ledger,
// opening balance + movements = closing balance, and the closing of one month is the opening of the
// next, because every figure is a sum of ledger entries and nothing else. Amounts signed from the
// consigner's side (what the store owes them), in minor units; days are the store's calendar days.
import type { LedgerKind } from './payouts.ts';

/** The lines of a statement, each a group of ledger kinds. Every kind is in exactly one group. */
export const STATEMENT_GROUPS = {
  sales: ['sale', 'sale_undone', 'sale_adjustment', 'refund'],
  fees: ['fee', 'fee_undone', 'fee_adjustment', 'withdrawal_fee', 'renewal_fee', 'term_converted'],
  payouts: ['payout', 'payout_deduction'],
} as const satisfies Record<string, readonly LedgerKind[]>;
export type StatementGroup = keyof typeof STATEMENT_GROUPS | 'other';

export const STATEMENT_GROUP_LABELS: Record<StatementGroup, string> = { sales: 'Sales', fees: 'Fees', payouts: 'Payouts', other: 'Adjustments' };

export function statementGroupOf(kind: string): StatementGroup {
  for (const [group, kinds] of Object.entries(STATEMENT_GROUPS) as [StatementGroup, readonly string[]][]) if (kinds.includes(kind)) return group;
  return 'other';
}

export type StatementEntry = { kind: string; amount: number; day: string };
export type Statement = {
  from: string;
  to: string;
  opening: number;
  movements: Record<StatementGroup, number>;
  closing: number;
  entries: StatementEntry[];
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first and last day of a month 'YYYY-MM'. */
export function monthBounds(month: string): { from: string; to: string } {
  const m = MONTH.exec(month);
  if (!m) throw new RangeError(`not a month: '${month}'`);
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { from: `${m[1]}-${m[2]}-01`, to: `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}` };
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const { from } = monthBounds(month);
  const [y, m] = from.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The statement of the days from..to (inclusive) from the consigner's entries: those before `from`
 * make the opening balance, those inside are the movements (by group) and are listed; later ones are
 * left out. Sums in BigInt so a long history never loses a cent.
 */
export function statementOf(entries: readonly StatementEntry[], from: string, to: string): Statement {
  let opening = 0n;
  const moved: Record<StatementGroup, bigint> = { sales: 0n, fees: 0n, payouts: 0n, other: 0n };
  const inside: StatementEntry[] = [];
  for (const e of entries) {
    if (e.day < from) opening += BigInt(e.amount);
    else if (e.day <= to) {
      moved[statementGroupOf(e.kind)] += BigInt(e.amount);
      inside.push(e);
    }
  }
  const total = moved.sales + moved.fees + moved.payouts + moved.other;
  const n = (v: bigint) => Number(v);
  return {
    from,
    to,
    opening: n(opening),
    movements: { sales: n(moved.sales), fees: n(moved.fees), payouts: n(moved.payouts), other: n(moved.other) },
    closing: n(opening + total),
    entries: inside.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
  };
}

export function monthlyStatementOf(entries: readonly StatementEntry[], month: string): Statement {
  const { from, to } = monthBounds(month);
  return statementOf(entries, from, to);
}

/** The year-end summary: the year's statement (opening on 1 January, closing on 31 December). */
export function yearStatementOf(entries: readonly StatementEntry[], year: number): Statement {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new RangeError(`not a year: ${year}`);
  return statementOf(entries, `${year}-01-01`, `${year}-12-31`);
}

/** A ledger entry's kind in words, as a statement lists it. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  fee: 'Fee',
  withdrawal_fee: 'Withdrawal fee',
  payout: 'Payout',
  sale_undone: 'Sale undone',
  fee_undone: 'Fee undone',
  refund: 'Refund',
  sale_adjustment: 'Sale correction',
  fee_adjustment: 'Fee correction',
  payout_deduction: 'Payout deduction',
  renewal_fee: 'Renewal fee',
  term_converted: 'Converted to store stock',
  // the store credit account (not on a statement: its own card in the portal)
  store_credit: 'Payout taken as store credit',
  store_credit_bonus: 'Store credit bonus',
  store_credit_spent: 'Store credit spent',
  store_credit_returned: 'Store credit given back',
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const { from } = monthBounds(month);
  return `${MONTH_NAMES[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`;
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const { from } = monthBounds(month);
  const [y, m] = from.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month 'YYYY-MM' of a store day 'YYYY-MM-DD'. */
export const monthOfDay = (day: string): string => day.slice(0, 7);
