import { sql, type SQL } from 'drizzle-orm';
import { IN_STOCK_STATUSES, SOLD_STATUSES, type StockDayFlow } from '@backroom/domain';
import type { DbOrTx } from '../../db/client.ts';

// The dashboard's SQL (docs/dashboard-and-activity.md). Every query is scoped by store. The
// shop's figures read per-day sums kept by triggers (sales_days, consigner_sales_days,
// inventory_stock_days: about a row a day), payouts (store_id, paid_at) and inventory_product_stats;
// one consigner's report reads their items (store_id, consigner_id). Sums are minor units as float8
// (exact far past any shop's figures), so PGlite and pg both answer numbers.

type Row = Record<string, number | string | null>;
const rowsOf = async (db: DbOrTx, q: SQL) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const dayOf = (d: Date) => sql`(${at(d)} at time zone 'UTC')::date`;
/** The last UTC day an exclusive end reaches (a midnight end: the day before). */
const lastDayBefore = (d: Date) => sql`((${at(d)} - interval '1 millisecond') at time zone 'UTC')::date`;

export type Periods = { prevStart: Date; start: Date; end: Date };

export const dashboardRepository = {
  /**
   * Sales of [prevStart, end) by UTC day and period (current or previous): price x quantity, cost and
   * units of the active lines of paid, standing orders, from sales_days (kept by the lines' triggers,
   * migration 0030): one row a day, whatever the number of orders.
   */
  salesByDay: async (db: DbOrTx, storeId: string, p: Periods) =>
    (
      await rowsOf(
        db,
        sql`select day::text as day, day >= ${dayOf(p.start)} as current, sales::float8 as sales, cost::float8 as cost, units::float8 as units
        from sales_days
        where store_id = ${storeId} and day >= ${dayOf(p.prevStart)} and day <= ${lastDayBefore(p.end)} and (sales <> 0 or cost <> 0 or units <> 0)
        order by day`,
      )
    ).map((r) => ({ day: String(r.day), current: (r.current as unknown) === true || r.current === 't', sales: n(r.sales), cost: n(r.cost), units: n(r.units) })),

  /**
   * Store credit bonuses granted in [prevStart, end) by UTC day (docs/dashboard-and-activity.md "Store
   * credit bonus"): the store's cost of payouts taken as credit, from the ledger's bonus entries
   * (a partial index of them, migration 0054).
   */
  creditBonusByDay: async (db: DbOrTx, storeId: string, p: Periods) =>
    (
      await rowsOf(
        db,
        sql`select (created_at at time zone 'UTC')::date::text as day, sum(amount)::float8 as bonus
        from ledger_entries
        where store_id = ${storeId} and kind = 'store_credit_bonus' and created_at >= ${at(p.prevStart)} and created_at < ${at(p.end)}
        group by 1 order by 1`,
      )
    ).map((r) => ({ day: String(r.day), bonus: n(r.bonus) })),

  /** The consigners with the most sales in [start, end) (store accounts left out), from consigner_sales_days. */
  topConsigners: async (db: DbOrTx, storeId: string, start: Date, end: Date, limit: number) =>
    (
      await rowsOf(
        db,
        sql`select c.id, trim(c.first_name || ' ' || c.last_name) as name, t.sales, t.units
        from (
          select consigner_id, sum(sales)::float8 as sales, sum(units)::float8 as units
          from consigner_sales_days
          where store_id = ${storeId} and day >= ${dayOf(start)} and day <= ${lastDayBefore(end)}
          group by consigner_id having sum(sales) <> 0 or sum(units) <> 0
        ) t
        join consigners c on c.store_id = ${storeId} and c.id = t.consigner_id and not c.is_store_account
        order by t.sales desc, c.id limit ${limit}`,
      )
    ).map((r) => ({ id: String(r.id), name: String(r.name), sales: n(r.sales), units: n(r.units) })),

  /**
   * The stock now, by age band (whole UTC days since acceptance), from inventory_stock_days (kept by
   * the items' triggers, migrations 0027 and 0030): items, units, price and owned cost. A few hundred
   * rows a store (one a day), whatever the number of items.
   */
  stockNow: async (db: DbOrTx, storeId: string, now: Date) =>
    (
      await rowsOf(
        db,
        sql`select case
            when a.age <= 30 then '0-30' when a.age <= 60 then '31-60' when a.age <= 90 then '61-90' when a.age <= 180 then '91-180' else '180+' end as band,
          sum(d.items)::float8 as items, sum(d.units)::float8 as units, sum(d.value)::float8 as value, sum(d.owned)::float8 as owned
        from inventory_stock_days d
        cross join lateral (select (${at(now)} at time zone 'UTC')::date - d.day as age) a
        where d.store_id = ${storeId} and (d.items <> 0 or d.units <> 0 or d.value <> 0 or d.owned <> 0)
        group by 1`,
      )
    ).map((r) => ({ band: String(r.band), items: n(r.items), units: n(r.units), value: n(r.value), owned: n(r.owned) })),

  /**
   * What came into the books and what left the stock on each UTC day since `from`, and what is owed to
   * consigners for each day's sales (inventory_stock_days): the stock at any date since is the stock
   * now less what came since plus what left since (domain stockAtDay).
   */
  stockFlows: async (db: DbOrTx, storeId: string, from: Date): Promise<StockDayFlow[]> =>
    (
      await rowsOf(
        db,
        sql`select day::text as day, acc_units::float8 as acc_units, acc_value::float8 as acc_value, acc_owned::float8 as acc_owned, acc_bought::float8 as acc_bought,
          left_units::float8 as left_units, left_value::float8 as left_value, left_owned::float8 as left_owned, pending::float8 as pending
        from inventory_stock_days
        where store_id = ${storeId} and day >= ${dayOf(from)}
          and (acc_units <> 0 or acc_value <> 0 or acc_owned <> 0 or acc_bought <> 0 or left_units <> 0 or left_value <> 0 or left_owned <> 0 or pending <> 0)`,
      )
    ).map((r) => ({
      day: String(r.day),
      accUnits: n(r.acc_units),
      accValue: n(r.acc_value),
      accOwned: n(r.acc_owned),
      accBought: n(r.acc_bought),
      leftUnits: n(r.left_units),
      leftValue: n(r.left_value),
      leftOwned: n(r.left_owned),
      pending: n(r.pending),
    })),

  /** Payouts marked paid in each period. */
  paidPayouts: async (db: DbOrTx, storeId: string, p: Periods) => {
    const [r] = await rowsOf(
      db,
      sql`select coalesce(sum(total::bigint) filter (where paid_at >= ${at(p.start)}), 0)::float8 as paid,
        coalesce(sum(total::bigint) filter (where paid_at < ${at(p.start)}), 0)::float8 as prev_paid
      from payouts where store_id = ${storeId} and status = 'Paid' and paid_at >= ${at(p.prevStart)} and paid_at < ${at(p.end)}`,
    );
    return { paid: n(r?.paid), prevPaid: n(r?.prev_paid) };
  },

  /** Items and units by status (from the grouped view's per-product table, not the items). */
  byStatus: async (db: DbOrTx, storeId: string) =>
    (
      await rowsOf(
        db,
        sql`select status, sum(items)::float8 as items, sum(units)::float8 as units from inventory_product_stats where store_id = ${storeId} group by status`,
      )
    ).map((r) => ({ status: String(r.status), items: n(r.items), units: n(r.units) })),

  // ---- one consigner's report: their items only (inventory_store_consigner_idx) --------------

  consigner: async (db: DbOrTx, storeId: string, consignerId: string) =>
    (
      await rowsOf(db, sql`select id, trim(first_name || ' ' || last_name) as name, email from consigners where store_id = ${storeId} and id = ${consignerId} and deleted_at is null`)
    ).map((r) => ({ id: String(r.id), name: String(r.name), email: String(r.email) }))[0] ?? null,

  /** Sales and units of their sold items in paid, standing orders: each period, and the four parts of the current one. */
  consignerSales: async (db: DbOrTx, storeId: string, consignerId: string, p: Periods, parts: { start: Date; end: Date }[]) => {
    const inPart = (x: { start: Date; end: Date }) => sql`li.order_date >= ${at(x.start)} and li.order_date < ${at(x.end)}`;
    const partCols = sql.join(
      parts.map((x, k) => sql`coalesce(sum(li.price::bigint * li.quantity) filter (where ${inPart(x)}), 0)::float8 as ${sql.raw(`s${k}`)},
        coalesce(sum(li.quantity) filter (where ${inPart(x)}), 0)::float8 as ${sql.raw(`u${k}`)}`),
      sql`, `,
    );
    const [r] = await rowsOf(
      db,
      sql`select
        coalesce(sum(li.price::bigint * li.quantity) filter (where li.order_date >= ${at(p.start)}), 0)::float8 as sales,
        coalesce(sum(li.price::bigint * li.quantity) filter (where li.order_date < ${at(p.start)}), 0)::float8 as prev_sales,
        coalesce(sum(li.quantity) filter (where li.order_date >= ${at(p.start)}), 0)::float8 as units,
        coalesce(sum(li.quantity) filter (where li.order_date < ${at(p.start)}), 0)::float8 as prev_units,
        ${partCols}
      from inventory_items i
      join line_items li on li.store_id = i.store_id and li.inventory_id = i.id and li.active
      join orders o on o.store_id = li.store_id and o.id = li.order_id and o.financial_status = 'paid' and o.status = 'open'
      where i.store_id = ${storeId} and i.consigner_id = ${consignerId} and i.status in (${list(SOLD_STATUSES)})
        and li.order_date >= ${at(p.prevStart)} and li.order_date < ${at(p.end)}`,
    );
    return {
      sales: n(r?.sales),
      prevSales: n(r?.prev_sales),
      units: n(r?.units),
      prevUnits: n(r?.prev_units),
      parts: parts.map((x, k) => ({ ...x, sales: n(r?.[`s${k}`]), units: n(r?.[`u${k}`]) })),
    };
  },

  /** Their items' figures: pending payouts and new units by period, units in stock now, and what came and left since the start. */
  consignerItems: async (db: DbOrTx, storeId: string, consignerId: string, p: Periods) => {
    const inStock = sql`i.status in (${list(IN_STOCK_STATUSES)})`;
    const inBooks = sql`i.status in (${list([...IN_STOCK_STATUSES, ...SOLD_STATUSES, 'Withdrawn'])})`;
    const leftAt = sql`(case when i.status = 'Withdrawn' then coalesce(i.withdrawal_accepted_on, i.updated_at) else i.sold_on end)`;
    const owed = sql`i.status = 'Sold' and i.buying_id is null and i.payment_type is null`;
    const [r] = await rowsOf(
      db,
      sql`select
        coalesce(sum(i.total::bigint) filter (where ${owed} and i.sold_on >= ${at(p.start)} and i.sold_on < ${at(p.end)}), 0)::float8 as pending,
        coalesce(sum(i.total::bigint) filter (where ${owed} and i.sold_on >= ${at(p.prevStart)} and i.sold_on < ${at(p.start)}), 0)::float8 as prev_pending,
        coalesce(sum(i.quantity) filter (where ${inBooks} and i.accepted_on >= ${at(p.start)} and i.accepted_on < ${at(p.end)}), 0)::float8 as new_units,
        coalesce(sum(i.quantity) filter (where ${inBooks} and i.accepted_on >= ${at(p.prevStart)} and i.accepted_on < ${at(p.start)}), 0)::float8 as prev_new_units,
        coalesce(sum(i.quantity) filter (where ${inStock}), 0)::float8 as in_stock_now,
        coalesce(sum(i.quantity) filter (where ${inBooks} and i.accepted_on >= ${at(p.end)}), 0)::float8 as came_since_end,
        coalesce(sum(i.quantity) filter (where ${inBooks} and i.accepted_on >= ${at(p.start)}), 0)::float8 as came_since_start,
        coalesce(sum(i.quantity) filter (where i.status in (${list([...SOLD_STATUSES, 'Withdrawn'])}) and i.accepted_on is not null and ${leftAt} >= ${at(p.end)}), 0)::float8 as left_since_end,
        coalesce(sum(i.quantity) filter (where i.status in (${list([...SOLD_STATUSES, 'Withdrawn'])}) and i.accepted_on is not null and ${leftAt} >= ${at(p.start)}), 0)::float8 as left_since_start
      from inventory_items i where i.store_id = ${storeId} and i.consigner_id = ${consignerId}`,
    );
    const g = (k: string) => n(r?.[k]);
    return {
      pending: g('pending'),
      prevPending: g('prev_pending'),
      newUnits: g('new_units'),
      prevNewUnits: g('prev_new_units'),
      activeAtEnd: g('in_stock_now') - g('came_since_end') + g('left_since_end'),
      activeAtStart: g('in_stock_now') - g('came_since_start') + g('left_since_start'),
    };
  },

  /** Their items grouped by one column: all statuses, or (by category, location, age band) those in stock. */
  consignerBuckets: async (db: DbOrTx, storeId: string, consignerId: string, by: 'status' | 'category' | 'location' | 'age', now: Date) => {
    const key =
      by === 'status'
        ? sql`i.status`
        : by === 'category'
          ? sql`coalesce(nullif(i.category, ''), '')`
          : by === 'location'
            ? sql`coalesce(nullif(i.location, ''), '')`
            : sql`case when i.accepted_on is null or i.accepted_on > ${at(now)} - interval '30 days' then '0-30'
                when i.accepted_on > ${at(now)} - interval '60 days' then '31-60' when i.accepted_on > ${at(now)} - interval '90 days' then '61-90'
                when i.accepted_on > ${at(now)} - interval '180 days' then '91-180' else '180+' end`;
    return (
      await rowsOf(
        db,
        sql`select ${key} as key, count(*)::float8 as items, sum(i.quantity)::float8 as units, sum(i.price::bigint * i.quantity)::float8 as value
        from inventory_items i where i.store_id = ${storeId} and i.consigner_id = ${consignerId} ${by === 'status' ? sql`` : sql`and i.status in (${list(IN_STOCK_STATUSES)})`}
        group by 1 order by 2 desc, 1`,
      )
    ).map((r) => ({ key: String(r.key), items: n(r.items), units: n(r.units), value: n(r.value) }));
  },

  /** Their best-selling products of the period (units sold), and products selling with one item or none left in stock. */
  consignerProducts: async (db: DbOrTx, storeId: string, consignerId: string, start: Date, end: Date, limit: number) => {
    const best = await rowsOf(
      db,
      sql`select i.product_id, max(p.title) as title, sum(li.quantity)::float8 as units, sum(li.price::bigint * li.quantity)::float8 as sales
      from inventory_items i
      join line_items li on li.store_id = i.store_id and li.inventory_id = i.id and li.active
      join orders o on o.store_id = li.store_id and o.id = li.order_id and o.financial_status = 'paid' and o.status = 'open'
      join products p on p.store_id = i.store_id and p.id = i.product_id
      where i.store_id = ${storeId} and i.consigner_id = ${consignerId} and i.status in (${list(SOLD_STATUSES)})
        and li.order_date >= ${at(start)} and li.order_date < ${at(end)}
      group by i.product_id order by units desc, sales desc, i.product_id limit ${limit}`,
    );
    const low = await rowsOf(
      db,
      sql`select i.product_id, max(p.title) as title,
        count(*) filter (where i.status in (${list(IN_STOCK_STATUSES)}))::float8 as in_stock,
        count(*) filter (where i.status in (${list(SOLD_STATUSES)}))::float8 as sold
      from inventory_items i join products p on p.store_id = i.store_id and p.id = i.product_id
      where i.store_id = ${storeId} and i.consigner_id = ${consignerId}
      group by i.product_id
      having count(*) filter (where i.status in (${list(SOLD_STATUSES)})) > 0 and count(*) filter (where i.status in (${list(IN_STOCK_STATUSES)})) <= 1
      order by sold desc, i.product_id limit ${limit}`,
    );
    return {
      bestSellers: best.map((r) => ({ productId: String(r.product_id), title: String(r.title), units: n(r.units), sales: n(r.sales) })),
      lowStock: low.map((r) => ({ productId: String(r.product_id), title: String(r.title), inStock: n(r.in_stock), sold: n(r.sold) })),
    };
  },
};
