import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// The shop report's SQL beyond the dashboard's cards (docs/dashboard-and-activity.md "Shop
// report"): the stock by location and category, and the price and withdrawal requests. Each reads a
// small table kept by the items' triggers (migration 0031) or inventory_product_stats (0022), never
// the items or the activity log, so it costs the same for 1,000 items as for 1,000,000.

type Row = Record<string, number | string | null>;
const rowsOf = async (db: DbOrTx, q: SQL) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const dayOf = (d: Date) => sql`(${d.toISOString()}::timestamptz at time zone 'UTC')::date`;

export type StockGroup = { key: string; items: number; units: number; value: number };

export const shopReportRepository = {
  /**
   * The stock now by location or by category (inventory_stock_groups: one row per location and
   * category of the store), the biggest `limit` groups by items, and the rest summed (null when none).
   */
  stockBy: async (db: DbOrTx, storeId: string, by: 'location' | 'category', limit: number) => {
    const rows = (
      await rowsOf(
        db,
        sql`select ${sql.raw(by)} as key, sum(items)::float8 as items, sum(units)::float8 as units, sum(value)::float8 as value
        from inventory_stock_groups where store_id = ${storeId}
        group by 1 having sum(items) <> 0 or sum(units) <> 0 order by 2 desc, 1`,
      )
    ).map((r): StockGroup => ({ key: String(r.key), items: n(r.items), units: n(r.units), value: n(r.value) }));
    const rest = rows.slice(limit);
    return {
      groups: rows.slice(0, limit),
      rest: rest.length === 0 ? null : rest.reduce((t, g) => ({ count: t.count + 1, items: t.items + g.items, units: t.units + g.units, value: t.value + g.value }), { count: 0, items: 0, units: 0, value: 0 }),
    };
  },

  /** Items waiting in RequestPriceChange and RequestWithdrawal now (inventory_product_stats). */
  waitingRequests: async (db: DbOrTx, storeId: string) => {
    const [r] = await rowsOf(
      db,
      sql`select coalesce(sum(items) filter (where status = 'RequestPriceChange'), 0)::float8 as price,
        coalesce(sum(items) filter (where status = 'RequestWithdrawal'), 0)::float8 as withdrawal
      from inventory_product_stats where store_id = ${storeId} and status in ('RequestPriceChange', 'RequestWithdrawal')`,
    );
    return { priceRequests: n(r?.price), withdrawalRequests: n(r?.withdrawal) };
  },

  /**
   * Requests made from prevStart's UTC day to end's (inventory_request_days, one row a day): the
   * days of [start, end) with any, and the totals of the previous period [prevStart, start).
   */
  requestsByDay: async (db: DbOrTx, storeId: string, p: { prevStart: Date; start: Date; end: Date }) =>
    (
      await rowsOf(
        db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, day >= ${dayOf(p.start)} as current,
          price_requests::float8 as price, withdrawal_requests::float8 as withdrawal
        from inventory_request_days
        where store_id = ${storeId} and day >= ${dayOf(p.prevStart)} and day < ${dayOf(p.end)} and (price_requests <> 0 or withdrawal_requests <> 0)
        order by day`,
      )
    ).map((r) => ({ day: String(r.day), current: (r.current as unknown) === true || r.current === 't', priceRequests: n(r.price), withdrawalRequests: n(r.withdrawal) })),
};
