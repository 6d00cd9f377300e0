import { and, desc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { consigners, employees, inventoryItems, inventoryLogs as l, payouts } from '../../db/schema/index.ts';

export type InventoryLogRow = typeof l.$inferSelect;
export type LogScope = { storeId: string; consignerId?: string };
type LogFilter = { inventoryId?: string; search?: string; lastUpdatedBy?: string; from?: Date; to?: Date; before?: { updatedAt: string; id: string } };

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// The status change inside an entry's modifiedFields (null when the entry changes no status).
const statusField = (modifiedFields: AnyPgColumn) => sql`jsonb_path_query_first(${modifiedFields}, '$[*] ? (@.variableChanged == "status")')`;

/**
 * Catalogue doc section 4: "Activity feed drops duplicate status-change entries in the same minute
 * with empty before values." An entry whose status change has an empty before value is left out when
 * the same item has another entry changing the status to the same value in the same minute that
 * either names a before value or came earlier - so of a burst of duplicates exactly one is kept,
 * the informative one when there is one.
 */
function notBlankDuplicate(): SQL {
  const d = alias(l, 'dup');
  const mine = statusField(l.modifiedFields);
  const theirs = statusField(d.modifiedFields);
  const minute = sql`date_trunc('minute', ${l.updatedAt})`;
  return sql`not (
    coalesce(${mine} ->> 'beforeValue', '') = '' and ${mine} is not null
    and exists (
      select 1 from ${l} as ${sql.identifier('dup')}
      where ${d.storeId} = ${l.storeId} and ${d.inventoryId} = ${l.inventoryId} and ${d.id} <> ${l.id}
        and ${d.updatedAt} >= ${minute} and ${d.updatedAt} < ${minute} + interval '1 minute'
        and ${theirs} -> 'afterValue' = ${mine} -> 'afterValue'
        and (coalesce(${theirs} ->> 'beforeValue', '') <> '' or (${d.updatedAt}, ${d.id}) < (${l.updatedAt}, ${l.id}))
    )
  )`;
}

function where(scope: LogScope, f: LogFilter): SQL {
  const conds: (SQL | undefined)[] = [
    eq(l.storeId, scope.storeId),
    scope.consignerId
      ? inArray(
          l.inventoryId,
          sql`(select ${inventoryItems.id} from ${inventoryItems} where ${inventoryItems.storeId} = ${scope.storeId} and ${inventoryItems.consignerId} = ${scope.consignerId})`,
        )
      : undefined,
    f.inventoryId ? eq(l.inventoryId, f.inventoryId) : undefined,
    f.search ? ilike(l.productTitle, containsPattern(f.search)) : undefined,
    f.lastUpdatedBy ? eq(l.lastUpdatedById, f.lastUpdatedBy) : undefined,
    f.from ? sql`${l.updatedAt} >= ${ts(f.from)}` : undefined,
    f.to ? sql`${l.updatedAt} < ${ts(f.to)}` : undefined,
    // keyset: entries older than the cursor's, in the feed's order (updatedAt desc, id desc)
    f.before ? sql`(${l.updatedAt}, ${l.id}) < (${f.before.updatedAt}::timestamptz, ${f.before.id}::uuid)` : undefined,
    notBlankDuplicate(),
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined))!;
}

export const activityRepository = {
  /** Entries newest first; `limit` + 1 rows are read so the caller knows whether more follow. */
  find: async (db: DbOrTx, scope: LogScope, filter: LogFilter, page?: { limit: number; offset: number }) => {
    // cursorAt: updatedAt to the microsecond (a JS Date keeps milliseconds), so a keyset page starts exactly after the last entry
    const q = db
      .select({ ...getTableColumns(l), cursorAt: sql<string>`to_char(${l.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
      .from(l)
      .where(where(scope, filter))
      .orderBy(desc(l.updatedAt), desc(l.id));
    return page ? (page.offset > 0 ? q.limit(page.limit).offset(page.offset) : q.limit(page.limit)) : q;
  },

  itemOwner: async (db: DbOrTx, storeId: string, inventoryId: string) =>
    (
      await db
        .select({ consignerId: inventoryItems.consignerId })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.id, inventoryId)))
        .limit(1)
    )[0] ?? null,

  /** The store's employees, by name: the Activity screen's Last Updated By list. */
  employees: async (db: DbOrTx, storeId: string) =>
    db
      .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(eq(employees.storeId, storeId))
      .orderBy(employees.firstName, employees.lastName, employees.id),

  consignerNames: async (db: DbOrTx, storeId: string, ids: string[]) =>
    ids.length
      ? db
          .select({ id: consigners.id, firstName: consigners.firstName, lastName: consigners.lastName })
          .from(consigners)
          .where(and(eq(consigners.storeId, storeId), inArray(consigners.id, ids)))
      : [],

  /** The names of the payouts log entries name ('PO-1002'), read-only like the consigners' names above. */
  payoutNames: async (db: DbOrTx, storeId: string, ids: string[]) =>
    ids.length ? db.select({ id: payouts.id, name: payouts.name }).from(payouts).where(and(eq(payouts.storeId, storeId), inArray(payouts.id, ids))) : [],
};
