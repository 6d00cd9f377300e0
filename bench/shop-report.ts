// The shop report's parts of GET /api/dashboard (stock by category and location, price and
// withdrawal requests; docs/dashboard-and-activity.md "Shop report") in a store of 1,000,000 items:
// p50/p95 of their four reads (shopReportParts, the tables of migration 0031), what the triggers add
// to bulk writes (250,000-row inserts and a 100,000-row update, with and without the 0031 triggers),
// and the table against a recount at the end. Budget: the dashboard's p95 < 150 ms, of which these
// reads must be a small part.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ONLY=postgres npx tsx bench/shop-report.ts
// (BENCH_ITEMS changes the size; without DATABASE_URL, PGlite only.)
import { performance } from 'node:perf_hooks';
import { shopReportParts } from '../apps/server/src/modules/dashboard/shop-report.service.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBenchApp } from './bench-db.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const CHUNK = 250_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const LOCATIONS = 25;
const CATEGORIES = 40;
const TRIGGERS = ['inventory_stock_groups_inserted', 'inventory_stock_groups_updated', 'inventory_stock_groups_deleted', 'inventory_request_days_inserted', 'inventory_request_days_updated'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const sql = bench.database.executeSql;
    const [store] = (await sql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const [product] = (await sql(`SELECT id FROM products WHERE store_id = $1 ORDER BY title LIMIT 1`, [store.id])).rows as { id: string }[];
    const [consigner] = (await sql(`SELECT id FROM consigners WHERE store_id = $1 AND NOT is_store_account LIMIT 1`, [store.id])).rows as { id: string }[];
    const insert = (from: number, to: number) =>
      sql(
        `INSERT INTO inventory_items (store_id, code, product_id, consigner_id, sku, title, category, status, price, total, quantity, location, accepted_on, created_at, updated_at)
         SELECT $1::uuid, 'R' || lpad(i::text, 7, '0'), $2::uuid, $3::uuid, 'SKU-' || (i % 5000), 'Bench item', 'Category ' || (i % ${CATEGORIES}),
                CASE WHEN i % 20 = 1 THEN 'Sold' WHEN i % 20 = 2 THEN 'Withdrawn' WHEN i % 20 = 3 THEN 'Pending' WHEN i % 20 = 4 THEN 'RequestPriceChange'
                     WHEN i % 20 = 5 THEN 'RequestWithdrawal' WHEN i % 20 = 6 THEN 'InTransit' ELSE 'Active' END,
                10000 + (i % 500) * 100, 7700, 1 + i % 3, 'Location ' || (i % ${LOCATIONS}),
                now() - make_interval(days => i % 730), now() - make_interval(days => i % 730), now() - make_interval(days => i % 365, mins => i % 1440)
         FROM generate_series($4::int, $5::int) AS g(i)`,
        [store.id, product.id, consigner.id, from, to],
      );
    const toggle = async (on: boolean) => {
      for (const name of TRIGGERS) await sql(`ALTER TABLE inventory_items ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
    };
    const timed = async (f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      return round((performance.now() - t0) / 1000);
    };

    // the first chunk twice: without the 0031 triggers (then the tables rebuilt as the migration does), and with them
    const chunkSeconds: number[] = [];
    await toggle(false);
    const without = await timed(() => insert(1, CHUNK));
    await sql(`DELETE FROM inventory_items WHERE store_id = $1 AND code LIKE 'R%'`, [store.id]);
    await toggle(true);
    for (let from = 1; from <= ITEMS; from += CHUNK) chunkSeconds.push(await timed(() => insert(from, Math.min(ITEMS, from + CHUNK - 1))));
    await sql('VACUUM ANALYZE');
    // a bulk update of 100,000 rows' location: with the triggers, then without (and back, so the table stays right)
    const updateWith = await timed(() => sql(`UPDATE inventory_items SET location = 'Moved' WHERE store_id = $1 AND code BETWEEN 'R0000001' AND 'R0100000'`, [store.id]));
    await toggle(false);
    const updateWithout = await timed(() => sql(`UPDATE inventory_items SET location = 'Moved back' WHERE store_id = $1 AND code BETWEEN 'R0000001' AND 'R0100000'`, [store.id]));
    await sql(`UPDATE inventory_items SET location = 'Moved' WHERE store_id = $1 AND code BETWEEN 'R0000001' AND 'R0100000'`, [store.id]);
    await toggle(true);

    const [{ groups }] = (await sql(`SELECT count(*)::int AS groups FROM inventory_stock_groups WHERE store_id = $1`, [store.id])).rows as { groups: number }[];
    const [{ days }] = (await sql(`SELECT count(*)::int AS days FROM inventory_request_days WHERE store_id = $1`, [store.id])).rows as { days: number }[];
    const [{ diff }] = (
      await sql(
        `SELECT count(*)::int AS diff FROM (
          (SELECT location, category, items, units, value FROM inventory_stock_groups WHERE store_id = $1
           EXCEPT ALL
           SELECT coalesce(location, ''), coalesce(category, ''), count(*)::int, sum(quantity)::int, sum(price::bigint * quantity) FROM inventory_items
           WHERE store_id = $1 AND status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit') GROUP BY 1, 2)
          UNION ALL
          (SELECT coalesce(location, ''), coalesce(category, ''), count(*)::int, sum(quantity)::int, sum(price::bigint * quantity) FROM inventory_items
           WHERE store_id = $1 AND status IN ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit') GROUP BY 1, 2
           EXCEPT ALL
           SELECT location, category, items, units, value FROM inventory_stock_groups WHERE store_id = $1)) x`,
        [store.id],
      )
    ).rows as { diff: number }[];

    const now = Date.now();
    const periods = [30, 7, 90, 365].map((n) => ({ prevStart: new Date(now - 2 * n * 86_400_000), start: new Date(now - n * 86_400_000), end: new Date(now + 86_400_000) }));
    for (let i = 0; i < 12; i += 1) await shopReportParts(ctx.db, store.id, periods[i % periods.length]);
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const t0 = performance.now();
      await shopReportParts(ctx.db, store.id, periods[i % periods.length]);
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    const [{ items }] = (await sql(`SELECT count(*)::int AS items FROM inventory_items WHERE store_id = $1`, [store.id])).rows as { items: number }[];
    return { kind, items, groups, days, diff, without, chunkSeconds, updateWith, updateWithout, p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), max: round(ms[ms.length - 1]) };
  } finally {
    await app.close();
    await bench.database.close();
    await bench.drop();
  }
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const kind of kinds) {
  const r = await run(kind);
  console.log(`\n### ${kind}: ${r.items.toLocaleString('en-US')} items, ${r.groups} location x category groups, ${r.days} request days`);
  console.log(`shop report reads (4 queries): p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms`);
  console.log(`insert ${CHUNK.toLocaleString('en-US')} items: ${r.without} s without the 0031 triggers; with them, chunk by chunk: ${r.chunkSeconds.join(', ')} s`);
  console.log(`update 100,000 items' location: ${r.updateWith} s with the triggers, ${r.updateWithout} s without`);
  console.log(`stock groups against a recount: ${r.diff === 0 ? 'equal' : `${r.diff} rows differ`}`);
  if (r.diff !== 0) process.exitCode = 1;
}
