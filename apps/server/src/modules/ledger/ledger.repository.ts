import { and, eq, inArray, sql } from 'drizzle-orm';
import { insertJsonRows } from '../../db/bulk-insert.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'>;

/**
 * The consigner money ledger (db/schema/money.ts): entries are only ever appended, in the transaction
 * of the change that causes them (pass that transaction). A balance is the sum of a consigner's entries.
 */
export const ledgerRepository = {
  append: async (tx: DbOrTx, entries: NewLedgerEntry[]) => {
    // As one JSON parameter (db/bulk-insert.ts): a 2,000-item payout's entries in one short statement.
    await insertJsonRows(tx, ledgerEntries, entries);
  },
  /**
   * The consigners whose share of a payout is settled: its 'payout' entries are written (one per item,
   * in the transaction that marks the share paid). What settles a share once, whatever its items are.
   */
  payoutSettledConsignerIds: async (db: DbOrTx, storeId: string, payoutId: string): Promise<Set<string>> =>
    new Set(
      (
        await db
          .selectDistinct({ consignerId: ledgerEntries.consignerId })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.payoutId, payoutId), eq(ledgerEntries.kind, 'payout')))
      ).map((r) => r.consignerId),
    ),
  /** Each consigner's balance (minor units), for the given consigners or the whole store. */
  balances: async (db: DbOrTx, storeId: string, consignerIds?: string[]) => {
    const rows = await db
      .select({ consignerId: ledgerEntries.consignerId, balance: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), consignerIds ? inArray(ledgerEntries.consignerId, consignerIds) : undefined))
      .groupBy(ledgerEntries.consignerId);
    return new Map(rows.map((r) => [r.consignerId, r.balance]));
  },
  /** The entries written for an order (its sale and fee entries, and their reversals once undone). */
  entriesOfOrder: async (db: DbOrTx, storeId: string, orderId: string) =>
    db.select().from(ledgerEntries).where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.orderId, orderId))),
  /** A consigner's sums by kind (minor units): what the consigner report is checked against. */
  sumsByKind: async (db: DbOrTx, storeId: string, consignerId: string) => {
    const rows = await db
      .select({ kind: ledgerEntries.kind, amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.consignerId, consignerId)))
      .groupBy(ledgerEntries.kind);
    return Object.fromEntries(rows.map((r) => [r.kind, r.amount])) as Partial<Record<LedgerEntryRow['kind'], number>>;
  },
};
