// A consigner's statements (docs/consigner-account.md "Statements"): a month or a year of their ledger,
// read-only. Every figure is a sum of ledger entries (the ledger module's statementOf); the rules
// (groups, opening + movements = closing) are the domain's statementOf. A day is the store's calendar
// day (storeDayOf), so an entry belongs to the month of that day.
import {
  CONSIGNER_MESSAGES,
  LEDGER_KIND_LABELS,
  monthBounds,
  monthLabel,
  nextMonth,
  previousMonth,
  STATEMENT_FIRST_YEAR,
  STATEMENT_GROUP_LABELS,
  STATEMENT_LAST_YEAR,
  statementGroupOf,
  statementOf,
  storeDayOf,
  toMajor,
  type StatementEntry,
  type TStatement,
  type TStatementQuery,
  type ZStatement,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import { toCsv } from '../../http/csv.ts';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerLedger } from '../ledger/index.ts';
import { consignersRepository as repo } from './consigners.repository.ts';
import { statementPdf } from './statement-pdf.ts';

type Period = { period: 'month' | 'year'; key: string; label: string; from: string; to: string; previous: string | null; next: string | null };

const firstMonth = `${STATEMENT_FIRST_YEAR}-01`;
const lastMonth = `${STATEMENT_LAST_YEAR}-12`;

/** The days a query covers (the schema has checked its form and range). */
function periodOf(q: TStatementQuery): Period {
  if (q.month) {
    const { from, to } = monthBounds(q.month);
    return {
      period: 'month',
      key: q.month,
      label: monthLabel(q.month),
      from,
      to,
      previous: q.month > firstMonth ? previousMonth(q.month) : null,
      next: q.month < lastMonth ? nextMonth(q.month) : null,
    };
  }
  const year = Number(q.year);
  return {
    period: 'year',
    key: String(year),
    label: String(year),
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    previous: year > STATEMENT_FIRST_YEAR ? String(year - 1) : null,
    next: year < STATEMENT_LAST_YEAR ? String(year + 1) : null,
  };
}

/** The instant a store day starts (the store's days are UTC days: storeDayOf). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** GET /api/consigners/{id}/statements: staff with Consigners access for any of the store's consigners, a consigner for themself. */
export async function getStatement(ctx: AppContext, store: Tenant, actor: Actor, consignerId: string, q: TStatementQuery): Promise<z.input<typeof ZStatement>> {
  // a consigner asking for another's statement sees what a missing one gives (as GET /api/consigners/{id})
  if (actor.kind === 'consigner' && actor.id !== consignerId) throw notFound(CONSIGNER_MESSAGES.notFound);
  const consigner = await repo.findById(ctx.db, store.id, consignerId);
  if (!consigner) throw notFound(CONSIGNER_MESSAGES.notFound);
  const p = periodOf(q);
  const { openingSum, entries: rows } = await consignerLedger.statementOf(ctx.db, store.id, consignerId, startOfDay(p.from), dayAfter(p.to));
  // The entries before the period come summed, as one entry dated before it: statementOf's opening.
  const inside = rows.map((r) => ({ row: r, entry: { kind: r.kind, amount: r.amount, day: storeDayOf(r.createdAt) } satisfies StatementEntry }));
  const before: StatementEntry = { kind: 'opening', amount: Number(openingSum), day: '0000-00-00' };
  const s = statementOf([before, ...inside.map((i) => i.entry)], p.from, p.to);
  return {
    consignerId,
    consignerName: [consigner.firstName, consigner.lastName].filter(Boolean).join(' '),
    ...p,
    opening: toMajor(s.opening),
    sales: toMajor(s.movements.sales),
    fees: toMajor(s.movements.fees),
    payouts: toMajor(s.movements.payouts),
    adjustments: toMajor(s.movements.other),
    closing: toMajor(s.closing),
    entries: inside.map(({ row, entry }) => ({
      id: row.id,
      day: entry.day,
      kind: row.kind,
      kindLabel: LEDGER_KIND_LABELS[row.kind] ?? row.kind,
      group: statementGroupOf(row.kind),
      amount: toMajor(row.amount),
      memo: row.memo,
      inventoryId: row.inventoryId,
      orderId: row.orderId,
      payoutId: row.payoutId,
    })),
  };
}

/** The CSV's columns (docs/consigner-account.md "Statements"). */
export const STATEMENT_CSV_HEADER = ['Date', 'Line', 'Entry', 'Memo', 'Item ID', 'Order ID', 'Payout ID', 'Amount'] as const;

/**
 * The statement as CSV (through the one CSV writer, http/csv.ts): an Opening balance line, one line per
 * entry, a line per statement line's total and the Closing balance, amounts in major units.
 */
export async function exportStatement(ctx: AppContext, store: Tenant, actor: Actor, consignerId: string, q: TStatementQuery): Promise<{ filename: string; csv: string }> {
  const s: TStatement = await getStatement(ctx, store, actor, consignerId, q);
  const lines = [
    [s.from, 'Opening balance', '', '', '', '', '', s.opening],
    ...s.entries.map((e) => [e.day, STATEMENT_GROUP_LABELS[e.group], e.kindLabel, e.memo ?? '', e.inventoryId ?? '', e.orderId ?? '', e.payoutId ?? '', e.amount]),
    [s.to, 'Sales', '', '', '', '', '', s.sales],
    [s.to, 'Fees', '', '', '', '', '', s.fees],
    [s.to, 'Payouts', '', '', '', '', '', s.payouts],
    [s.to, 'Adjustments', '', '', '', '', '', s.adjustments],
    [s.to, 'Closing balance', '', '', '', '', '', s.closing],
  ];
  return { filename: `statement-${s.key}.csv`, csv: toCsv([STATEMENT_CSV_HEADER, ...lines]) };
}

/** The statement as a PDF (statement-pdf.ts): the same figures and entries as the screen and the CSV. */
export async function statementPdfOf(ctx: AppContext, store: Tenant, actor: Actor, consignerId: string, q: TStatementQuery): Promise<{ filename: string; pdf: Buffer }> {
  const statement: TStatement = await getStatement(ctx, store, actor, consignerId, q);
  return { filename: `statement-${statement.key}.pdf`, pdf: await statementPdf({ statement, storeName: store.name, currency: store.currency }) };
}
