// The sale a payout hold counts from, as SQL (docs/consigner-account.md "Holds and the payout minimum"):
// an item's latest 'sale' ledger entry, its store day, and for an online order the day it shipped.
// Ready to Pay, the pay checks and the ledger's payable figures read these same blocks, so they agree
// with the domain's payableOn (the API tests hold them together).
import { SHIPPED_ORDER_SOURCES } from '@backroom/domain';
import { sql, type SQL } from 'drizzle-orm';
import { ledgerEntries, orders } from './schema/index.ts';

type Ref = SQL | SQL.Aliased | string | { getSQL(): SQL };

/** The order of the item's latest sale (a sale undone and made again counts from the new one). */
export const latestSaleOrderIdSql = (storeId: Ref, inventoryId: Ref) =>
  sql`(select le.order_id from ${ledgerEntries} le where le.store_id = ${storeId} and le.inventory_id = ${inventoryId} and le.kind = 'sale' order by le.created_at desc limit 1)`;

/** The store day (UTC, as storeDayOf) of the item's latest sale, YYYY-MM-DD, or null. */
export const saleDaySql = (storeId: Ref, inventoryId: Ref) =>
  sql<string | null>`(select to_char(max(le.created_at) at time zone 'UTC', 'YYYY-MM-DD') from ${ledgerEntries} le where le.store_id = ${storeId} and le.inventory_id = ${inventoryId} and le.kind = 'sale')`;

const onlineSourcesSql = sql.join(
  SHIPPED_ORDER_SOURCES.map((s) => sql`${s}`),
  sql`, `,
);

/** Whether the item's latest sale is an online order (its shipping is read: SHIPPED_ORDER_SOURCES). */
export const saleOnlineSql = (storeId: Ref, inventoryId: Ref) =>
  sql<boolean>`coalesce((select o.source in (${onlineSourcesSql}) from ${orders} o where o.store_id = ${storeId} and o.id = ${latestSaleOrderIdSql(storeId, inventoryId)}), false)`;

/** The store day its latest sale's order shipped, YYYY-MM-DD, or null (not shipped, or no online order). */
export const saleShippedDaySql = (storeId: Ref, inventoryId: Ref) =>
  sql<string | null>`(select to_char(o.shipped_at at time zone 'UTC', 'YYYY-MM-DD') from ${orders} o where o.store_id = ${storeId} and o.id = ${latestSaleOrderIdSql(storeId, inventoryId)})`;

/**
 * True when the item's latest sale is still held on a day whose cutoff is `heldFrom` (the instant the
 * first held store day starts: holdCutoffOf + 1 day): a sale on or after it, or, when the store counts
 * from shipping, an online order not shipped yet or shipped on or after it.
 */
export function saleHeldSql(storeId: Ref, inventoryId: Ref, heldFrom: Date, fromShipping: boolean): SQL {
  const at = sql`${heldFrom.toISOString()}::timestamptz`;
  if (!fromShipping) {
    return sql`exists (select 1 from ${ledgerEntries} le where le.store_id = ${storeId} and le.inventory_id = ${inventoryId} and le.kind = 'sale' and le.created_at >= ${at})`;
  }
  return sql`exists (
    select 1 from (select le.created_at, le.order_id from ${ledgerEntries} le where le.store_id = ${storeId} and le.inventory_id = ${inventoryId} and le.kind = 'sale' order by le.created_at desc limit 1) s
    left join ${orders} o on o.store_id = ${storeId} and o.id = s.order_id
    where case when o.source in (${onlineSourcesSql}) then (o.shipped_at is null or o.shipped_at >= ${at}) else s.created_at >= ${at} end)`;
}
