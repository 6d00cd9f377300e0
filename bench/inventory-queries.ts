// Inventory read-side benchmark (docs/statuses.md): 1,000,000 items over 50 stores, one of them (the demo
// store) with 200,000. Measures GET /api/inventories/paginatedInventories through the real app
// (app.inject: routing, session, validation, queries, JSON) and the CSV export over HTTP.
//
//   npx tsx --expose-gc bench/inventory-queries.ts           PGlite in data/bench/inventory-queries
//   npx tsx bench/inventory-queries.ts --db=postgres         DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
//                                                             in a database named backroom_bench
//   options: --reset (regenerate the data), --iterations=200, --explain (print the query plans),
//            --skip-export, --only-export, --single-store (only the 200,000-item store: one shop per
//            PGlite, as the embedded default is meant to run), --generate-only (build the data, measure nothing),
//            --db-name= (PostgreSQL: the database to use instead of backroom_bench)
//
// The data is generated once (INSERT ... SELECT generate_series, secondary indexes dropped during the
// load and rebuilt after) and kept for later runs.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SortOption } from '@backroom/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import * as s from '../apps/server/src/db/schema/index.ts';
import { inventoryQueriesRepository } from '../apps/server/src/modules/inventory-queries/inventory-queries.repository.ts';
import { sortSpec } from '../apps/server/src/modules/inventory-queries/inventory-queries.sql.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const usePostgres = args.get('db') === 'postgres';
// --single-store: only the 200,000-item store, the embedded default's own case (one shop per PGlite)
const singleStore = args.has('single-store');
const ITERATIONS = Number(args.get('iterations') ?? 200);
const WARMUP = 20;
const BIG_STORE_ITEMS = 200_000;
const OTHER_STORES = singleStore ? 0 : 49;
const OTHER_STORE_ITEMS = Math.round(800_000 / 49); // 16,327: 1,000,000 in all
const BIG_PRODUCTS = 2000;
const BIG_CONSIGNERS = 2000;
const OTHER_PRODUCTS = 200;
const OTHER_CONSIGNERS = 100;

const log = (...parts: unknown[]) => console.log(...parts);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function openBenchDatabase(): Promise<{ database: Database; dataDir: string; databaseUrl?: string }> {
  const dataDir = path.join(repoRoot, singleStore ? 'data/bench/inventory-queries-single' : 'data/bench/inventory-queries');
  if (!usePostgres) {
    if (args.has('reset')) fs.rmSync(dataDir, { recursive: true, force: true });
    return { database: await openDatabase({ dataDir }), dataDir };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  // --db-name=: a database of one's own when several checkouts bench on the same server
  const name = args.get('db-name') ?? (singleStore ? 'backroom_bench_single' : 'backroom_bench');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--db-name: ${name} is not a plain database name`);
  if (args.has('reset')) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  benchDatabaseName = name;
  return { database: await openDatabase({ databaseUrl: url.toString(), dataDir }), dataDir, databaseUrl: url.toString() };
}

const sql = async (database: Database, text: string, values?: unknown[]) => (await database.executeSql(text, values)).rows as Record<string, unknown>[];

// Deterministic "random" numbers in SQL: hashint4 spreads consecutive integers.
const rnd = (expr: string, salt: number, mod: number) => `(abs(hashint4((${expr}) * 7919 + ${salt})) % ${mod})`;

const STATUS_CASE = (r: string) => `(case
  when ${r} < 55 then 'Active' when ${r} < 70 then 'Sold' when ${r} < 80 then 'Paid' when ${r} < 84 then 'Pending'
  when ${r} < 87 then 'Requested' when ${r} < 90 then 'Withdrawn' when ${r} < 92 then 'RequestPriceChange'
  when ${r} < 93 then 'RequestWithdrawal' when ${r} < 94 then 'InTransit' when ${r} < 95 then 'Declined'
  when ${r} < 96 then 'Consignment' when ${r} < 97 then 'Buying' when ${r} < 98 then 'PendingSale'
  when ${r} < 99 then 'WithdrawalDeclined' else 'StoreRequestPriceChange' end)`;

const BRANDS = `array['Nike','Jordan','adidas','New Balance','ASICS','Converse','Vans','Supreme','Stussy','Carhartt']`;
const MODELS = `array['Air Max 90','Dunk Low','Retro High OG','Gel-Lyte III','Chuck 70','Old Skool','Box Logo Hoodie','Samba OG','Forum Low','550','Air Force 1','Blazer Mid','990v5','Yeezy 350','Foam Runner','Pocket Tee','Trucker Jacket','Cargo Pant','Fleece Crew','Nuptse']`;
const COLORS = `array['Black','White','Panda','Chicago','Infrared','Cream','Olive','Navy','Grey','Red','Onyx','Bred','Sail','Mocha','Volt']`;
const SNEAKER_SIZES = `array['4','4.5','5','5.5','6','6.5','7','7.5','8','8.5','9','9.5','10','10.5','11','11.5','12','13','14','15']`;
const APPAREL_SIZES = `array['XS','S','M','L','XL','XXL']`;

/** Secondary indexes of a table, dropped for a bulk load and rebuilt after (much faster than row by row). */
async function withoutIndexes(database: Database, tables: string[], load: () => Promise<void>) {
  const defs = await sql(
    database,
    `SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.tablename = ANY($1) AND NOT x.indisprimary`,
    [tables],
  );
  for (const d of defs) await sql(database, `DROP INDEX "${String(d.indexname)}"`);
  await load();
  for (const d of defs) {
    const started = performance.now();
    // one statement string, so the setting applies on the pool connection that builds the index
    await sql(database, `SET maintenance_work_mem = '256MB'; ${String(d.indexdef)}`);
    log(`  index ${String(d.indexname)}: ${ms(performance.now() - started)}`);
  }
}

async function generate(ctx: AppContext, database: Database) {
  const started = performance.now();
  await seedDemo(ctx);
  const [demo] = await ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  const templates = await ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.storeId, demo.id));
  const sneakers = templates.find((t) => t.category === 'Sneakers')!;
  const apparel = templates.find((t) => t.category === 'Apparel')!;

  log('generating stores, products, consigners...');
  if (OTHER_STORES)
    await sql(
      database,
      `INSERT INTO stores (name, support_email, handle) SELECT 'Bench Store ' || g, 'bench' || g || '@bench.test', 'bench-' || g FROM generate_series(1, ${OTHER_STORES}) g`,
    );
  await sql(
    database,
    `INSERT INTO locations (store_id, name, is_marketplace) SELECT s.id, l.name, l.name = 'ONLINE MARKETPLACE'
     FROM stores s CROSS JOIN (VALUES ('Downtown'), ('Warehouse'), ('Uptown'), ('ONLINE MARKETPLACE')) l(name) WHERE s.handle LIKE 'bench-%'`,
  );
  // products: the demo store gets its templates; other stores none (the item API shape allows it)
  const productsSql = (storeFilter: string, count: number, withTemplates: boolean) => `
    INSERT INTO products (store_id, title, brand, sku, category, gender, product_template_id, image, created_at, updated_at)
    SELECT s.id, (${BRANDS})[1 + g % 10] || ' ' || (${MODELS})[1 + (g / 10) % 20] || ' ' || (${COLORS})[1 + (g / 200) % 15] || ' ' || g,
      (${BRANDS})[1 + g % 10], upper(substr(md5(s.handle || g), 1, 6)) || '-' || (100 + g % 900),
      case when (g / 10) % 20 in (6, 15, 16, 17, 18, 19) then 'Apparel' else 'Sneakers' end, 'Unisex',
      ${withTemplates ? `case when (g / 10) % 20 in (6, 15, 16, 17, 18, 19) then '${apparel.id}'::uuid else '${sneakers.id}'::uuid end` : 'null'},
      '/demo-assets/air-max-90.svg', now() - interval '400 days', now() - interval '400 days'
    FROM stores s CROSS JOIN generate_series(1, ${count}) g WHERE ${storeFilter}`;
  await sql(database, productsSql(`s.id = '${demo.id}'`, BIG_PRODUCTS, true));
  await sql(database, productsSql(`s.handle LIKE 'bench-%'`, OTHER_PRODUCTS, false));
  const consignersSql = (storeFilter: string, count: number) => `
    INSERT INTO consigners (store_id, first_name, last_name, email, is_active, accepted_tos, is_store_account)
    SELECT s.id, 'Consigner', 'No ' || g, 'consigner' || g || '@' || s.handle || '.bench.test', true, true, g = 1
    FROM stores s CROSS JOIN generate_series(1, ${count}) g WHERE ${storeFilter}`;
  await sql(database, consignersSql(`s.id = '${demo.id}'`, BIG_CONSIGNERS));
  await sql(database, consignersSql(`s.handle LIKE 'bench-%'`, OTHER_CONSIGNERS));

  const stores = await sql(database, `SELECT id FROM stores WHERE handle LIKE 'bench-%' OR id = $1 ORDER BY (id = $1) DESC, handle`, [demo.id]);
  // Items per store, INSERT ... SELECT generate_series, product and consigner picked from per-store arrays.
  const itemsSql = (storeId: string, count: number, offset: number) => `
    WITH p AS (SELECT array_agg(id ORDER BY sku) ids, array_agg(title ORDER BY sku) titles, array_agg(sku ORDER BY sku) skus,
                      array_agg(category ORDER BY sku) cats, array_agg(product_template_id ORDER BY sku) tpls FROM products WHERE store_id = '${storeId}'),
         c AS (SELECT array_agg(id ORDER BY email) ids FROM consigners WHERE store_id = '${storeId}'),
         g AS (SELECT n, ${rnd('n', 1, 1_000_000_007)} AS r1, ${rnd('n', 2, 100)} AS r2, ${rnd('n', 3, 1_000_000_007)} AS r3, ${rnd('n', 4, 1_000_000_007)} AS r4
               FROM generate_series(${offset + 1}, ${offset + count}) n)
    INSERT INTO inventory_items (store_id, code, product_id, product_template_id, consigner_id, sku, title, category, status,
      option1_value, option2_value, option3_value, price, payout, payout_fee, total, quantity, location, sub_location,
      printed, accepted_on, sold_on, created_at, updated_at, last_updated_by_name)
    SELECT '${storeId}', translate(lpad(to_hex((g.n::bigint * 2654435761) % 4294967296), 8, '0'), '0123456789abcdef', 'ABCDEFGHJKMNPQRS'), p.ids[1 + g.r1 % array_length(p.ids, 1)], p.tpls[1 + g.r1 % array_length(p.ids, 1)],
      c.ids[1 + g.r3 % array_length(c.ids, 1)], p.skus[1 + g.r1 % array_length(p.ids, 1)], p.titles[1 + g.r1 % array_length(p.ids, 1)],
      p.cats[1 + g.r1 % array_length(p.ids, 1)], ${STATUS_CASE('g.r2')},
      case when p.cats[1 + g.r1 % array_length(p.ids, 1)] = 'Apparel' then (${APPAREL_SIZES})[1 + g.r3 % 6] else (${SNEAKER_SIZES})[1 + g.r3 % 20] end,
      (array['New','New','Used'])[1 + g.r3 % 3], (array['Good Box','Damaged Box','No Box'])[1 + g.r1 % 3],
      5000 + (g.r3 % 400) * 100, 4000 + (g.r3 % 400) * 80, 1000 + (g.r3 % 400) * 20, 4000 + (g.r3 % 400) * 80, 1,
      (array['Downtown','Warehouse','Uptown','ONLINE MARKETPLACE'])[1 + g.r4 % 4], (array['Shelf A','Shelf B','Bin 1',null])[1 + (g.r4 / 4) % 4],
      g.r2 % 3 <> 0, now() - (g.r3 % 30000000) * interval '1 second', case when g.r2 between 55 and 79 then now() - (g.r1 % 2500000) * interval '1 second' end,
      now() - (g.r3 % 31000000) * interval '1 second' - interval '1 day', now() - (g.r1 % 31000000) * interval '1 second', 'Bench'
    FROM g, p, c`;

  await withoutIndexes(database, ['inventory_items', 'inventory_logs', 'orders'], async () => {
    let n = 0;
    for (const store of stores) {
      const count = store.id === demo.id ? BIG_STORE_ITEMS : OTHER_STORE_ITEMS;
      await sql(database, itemsSql(String(store.id), count, 0));
      n += count;
      if (n % 100_000 < count) log(`  ${n.toLocaleString()} items (${ms(performance.now() - started)})`);
    }
    // Orders for the big store's sold items (orderDateRange filters on them), and one log entry per item.
    // each order's id is derived from its item's, so no join is needed to link them
    await sql(
      database,
      `INSERT INTO orders (id, store_id, name, total, order_date)
       SELECT md5(id::text)::uuid, store_id, '#B' || code, price, sold_on FROM inventory_items WHERE store_id = $1 AND sold_on IS NOT NULL`,
      [demo.id],
    );
    await sql(database, `UPDATE inventory_items SET order_id = md5(id::text)::uuid WHERE store_id = $1 AND sold_on IS NOT NULL`, [demo.id]);
    await sql(
      database,
      `INSERT INTO inventory_logs (store_id, inventory_id, product_title, last_updated_by_id, last_updated_by_name, modified_fields, updated_at)
       SELECT store_id, id, title, 'bench', 'Bench', jsonb_build_array(jsonb_build_object('variableChanged', 'status', 'beforeValue', 'Pending', 'afterValue', status)), updated_at
       FROM inventory_items WHERE store_id = $1`,
      [demo.id],
    );
  });
  await sql(database, 'VACUUM ANALYZE');
  log(`generated in ${ms(performance.now() - started)}`);
}

/**
 * The grouped view (groupBy=product) as the web asks for it (groupItems=0: a group's items are read
 * when it is opened) under other sorts and filters, an opened group, and the groups with their first
 * 10 items each (groupItems=10, the API's default). --grouped runs only these, --all-grouped adds
 * them to the rest.
 */
const GROUPED = 'groupBy=product&groupItems=0';
const GROUPED_VIEWS: [string, string][] = [
  ['grouped, Active, lowestPrice, size 20', 'status=Active&sortOption=lowestPrice&pageSize=20'],
  ['grouped, Active, highestPayout, size 20', 'status=Active&sortOption=highestPayout&pageSize=20'],
  ['grouped, Active, oldestCreated, size 20', 'status=Active&sortOption=oldestCreated&pageSize=20'],
  ['grouped, Active, sizeLowToHigh (by title), size 20', 'status=Active&sortOption=sizeLowToHigh&pageSize=20'],
  ['grouped, Active, page 50 of 20', 'status=Active&currentPage=50&pageSize=20'],
  ['grouped, Active + Pending, size 20', 'status=Active&status=Pending&pageSize=20'],
  ['grouped, every status, size 20', 'pageSize=20'],
  ['grouped, Active, one product, size 20', 'status=Active&productId=__PRODUCT__&pageSize=20'],
  ['grouped, Active, Warehouse, size 20', 'status=Active&location=Warehouse&pageSize=20'],
  ['grouped, Active, "dunk", size 20', 'status=Active&search=dunk&pageSize=20'],
  ['consigner Ava, grouped, size 20', 'pageSize=20'],
  ['an opened group: its product, Active, first 10 (flat list)', 'status=Active&productId=__PRODUCT__&pageSize=10&groupBy=&groupItems='],
  ['grouped, Active, size 20, each with its first 10 items', 'status=Active&pageSize=20&groupItems=10'],
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

type Result = { name: string; p50: number; p95: number; max: number; cpu50: number; cpu95: number; dbCpu: number | null; rows: number; count: number };

/** CPU time (ms) used so far by the local PostgreSQL backends of the bench database (Linux /proc, 100 Hz ticks). */
function postgresCpuMs(database: string): number | null {
  if (!usePostgres || process.platform !== 'linux') return null;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres: ') || !cmdline.includes(` ${database} `)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10;
}
let benchDatabaseName = '';

/**
 * Sequential requests through app.inject. Besides the wall clock, the process's CPU time per request:
 * with PGlite the database runs in this process, so it is close to what an idle machine would take
 * (the shared development machine runs other work at the same time); with PostgreSQL it leaves out
 * the server's own time.
 */
async function measure(app: Awaited<ReturnType<typeof buildApp>>['app'], token: string, name: string, url: string, iterations = ITERATIONS): Promise<Result> {
  const times: number[] = [];
  const cpu: number[] = [];
  let last: { rows?: unknown[]; count?: number } = {};
  let dbCpuStart: number | null = null;
  for (let n = 0; n < WARMUP + iterations; n += 1) {
    if (n === WARMUP) dbCpuStart = postgresCpuMs(benchDatabaseName);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (n >= WARMUP) {
      times.push(elapsed);
      cpu.push((used.user + used.system) / 1000);
    }
    if (n === 0) last = res.json().data;
  }
  const dbCpuEnd = postgresCpuMs(benchDatabaseName);
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const r = {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
    cpu50: percentile(cpu, 50),
    cpu95: percentile(cpu, 95),
    dbCpu: dbCpuStart === null || dbCpuEnd === null ? null : (dbCpuEnd - dbCpuStart) / iterations,
    rows: last.rows?.length ?? 0,
    count: last.count ?? 0,
  };
  log(
    `${name.padEnd(58)} p50 ${ms(r.p50).padStart(9)}  p95 ${ms(r.p95).padStart(9)}  max ${ms(r.max).padStart(9)}  cpu p50 ${ms(r.cpu50).padStart(8)} p95 ${ms(r.cpu95).padStart(8)}${r.dbCpu === null ? '' : `  postgres cpu mean ${ms(r.dbCpu).padStart(8)}`}  rows ${r.rows}  count ${r.count}  load ${os.loadavg()[0].toFixed(1)}`,
  );
  return r;
}

async function explain(
  ctx: AppContext,
  database: Database,
  storeId: string,
  label: string,
  filter: Parameters<typeof inventoryQueriesRepository.pageIdsQuery>[2],
  limit: number,
  sort: SortOption = 'newestUpdated',
  withCount = true,
) {
  const queries = [
    ['page ids', inventoryQueriesRepository.pageIdsQuery(ctx.db, { storeId }, filter, sortSpec(sort, { prioritizeStore: false }), { limit, offset: 0 }).toSQL()],
    ...(withCount ? [['count (exact up to 10,000)', inventoryQueriesRepository.cappedCountQuery(ctx.db, { storeId }, filter, 10_001).toSQL()] as const] : []),
  ] as const;
  for (const [what, q] of queries) {
    // per-node timing costs a clock call per row, which WASM makes expensive: PGlite plans without it
    const options = database.kind === 'pglite' ? 'ANALYZE, TIMING OFF, BUFFERS' : 'ANALYZE, BUFFERS';
    const started = performance.now();
    await sql(database, q.sql, q.params);
    const elapsed = performance.now() - started;
    const plan = await sql(database, `EXPLAIN (${options}) ${q.sql}`, q.params);
    log(`\n--- ${label}: ${what} (${ms(elapsed)} when run alone)`);
    log(`${q.sql}\n${plan.map((r) => String(r['QUERY PLAN'])).join('\n')}`);
  }
}

/** Downloads the export over real HTTP, sampling the server process's RSS while it streams. */
async function measureExport(app: Awaited<ReturnType<typeof buildApp>>['app'], token: string, query: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  global.gc?.();
  const before = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = before;
  let heapPeak = heapBefore;
  let liveHeapPeak = heapBefore;
  let samples = 0;
  const sampler = setInterval(() => {
    samples += 1;
    // every second, a full collection: what is still reachable then is what the export holds
    if (samples % 50 === 0 && global.gc) {
      global.gc();
      liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  }, 20);
  const started = performance.now();
  const { bytes, lines, status } = await new Promise<{ bytes: number; lines: number; status: number }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `/api/inventories/exportInventory?${query}`, headers: { host: 'localhost', authorization: `Bearer ${token}` } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
        });
        res.on('end', () => resolve({ bytes, lines, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  global.gc?.();
  const after = process.memoryUsage().rss;
  log(
    `export ${query || '(all statuses)'}: HTTP ${status}, ${(lines - 1).toLocaleString()} rows, ${mb(bytes)} in ${ms(elapsed)}; ` +
      `RSS before ${mb(before)}, peak ${mb(peak)}, after ${mb(after)}; JS heap before ${mb(heapBefore)}, peak ${mb(heapPeak)}, live after a full GC at most ${mb(liveHeapPeak)}`,
  );
  return { rows: lines - 1, elapsed, before, peak, after };
}

async function main() {
  const { database, dataDir, databaseUrl } = await openBenchDatabase();
  const config = loadConfig({ env: 'test', logLevel: 'silent', dataDir, databaseUrl, seedDemo: false });
  const { app, ctx } = await buildApp(config, database);
  await app.ready();
  log(`database: ${database.kind}${databaseUrl ? ` (${databaseUrl.replace(/\/\/[^@]*@/, '//')})` : ` (${dataDir})`}`);

  const [{ count: existing }] = await sql(database, 'SELECT count(*)::int AS count FROM inventory_items');
  if (Number(existing) < BIG_STORE_ITEMS + OTHER_STORES * OTHER_STORE_ITEMS) await generate(ctx, database);
  const [{ items, stores }] = await sql(database, 'SELECT (SELECT count(*)::int FROM inventory_items) AS items, (SELECT count(*)::int FROM stores) AS stores');
  const [demo] = await ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  const [{ big }] = await sql(database, 'SELECT count(*)::int AS big FROM inventory_items WHERE store_id = $1', [demo.id]);
  log(`${Number(items).toLocaleString()} items over ${stores} stores; the demo store has ${Number(big).toLocaleString()}`);
  // --generate-only: build (or keep) the data and stop; bench/api-load.ts --store=big uses it
  if (args.has('generate-only')) {
    await app.close();
    await database.close();
    return;
  }

  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' }, payload: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    return String(res.headers['set-auth-token']);
  };
  // a real SKU of the big store (the product of its newest Active item at the Warehouse) to search for
  const [{ sku: skuValue, product_id: productId }] = await sql(database, `SELECT sku, product_id FROM inventory_items WHERE store_id = $1 AND status = 'Active' AND location = 'Warehouse' ORDER BY updated_at DESC LIMIT 1`, [demo.id]);
  const sku = String(skuValue).toLowerCase();
  const owner = await signIn('owner@demo.backroom.test');
  const ava = await signIn('ava@demo.backroom.test');

  const onlyExport = args.has('only-export');
  if (!onlyExport) log(`\npaginatedInventories (${ITERATIONS} sequential requests after ${WARMUP} warm-up, app.inject)`);
  const base = '/api/inventories/paginatedInventories';
  const results: Result[] = [];
  // a grouped view's URL: GROUPED and the query, whose own groupBy / groupItems win (empty: left out, so the flat list)
  const groupedUrl = (query: string) => {
    const params = new URLSearchParams(GROUPED);
    for (const [k, v] of new URLSearchParams(query.replace('__PRODUCT__', String(productId)))) {
      const grouping = k === 'groupBy' || k === 'groupItems';
      if (grouping) params.delete(k);
      if (v !== '' || !grouping) params.append(k, v);
    }
    return `${base}?${params}`;
  };
  // --grouped: only the grouped-by-product views (the one of the list above and GROUPED_VIEWS)
  const onlyGrouped = args.has('grouped');
  const allGrouped = onlyGrouped || args.has('all-grouped');
  if (onlyGrouped) {
    await measure(app, owner, 'baseline: GET /api/me (what every signed-in call pays)', '/api/me');
    results.push(await measure(app, owner, 'grouped by product, Active, size 20', `${base}?status=Active&${GROUPED}&pageSize=20`));
    for (const [name, query] of GROUPED_VIEWS) results.push(await measure(app, name.startsWith('consigner') ? ava : owner, name, groupedUrl(query), Math.max(20, Math.round(ITERATIONS / 4))));
  }
  if (!onlyExport && !onlyGrouped) {
  await measure(app, owner, 'baseline: GET /api/me (what every signed-in call pays)', '/api/me');
  for (const size of [10, 20, 50]) results.push(await measure(app, owner, `default view: Active, newestUpdated, page 1, pageSize ${size}`, `${base}?status=Active&sortOption=newestUpdated&currentPage=1&pageSize=${size}`));
  results.push(await measure(app, owner, 'filtered + searched: Active, Warehouse, "dunk", size 50', `${base}?status=Active&location=Warehouse&search=dunk&pageSize=50`));
  results.push(await measure(app, owner, `filtered + searched: Active, Warehouse, a SKU (${sku}), 50`, `${base}?status=Active&location=Warehouse&search=${sku}&pageSize=50`));
  results.push(await measure(app, owner, `searched by a SKU fragment ("${sku.slice(0, 4)}"), size 50`, `${base}?search=${sku.slice(0, 4)}&pageSize=50`));
  results.push(await measure(app, owner, 'two statuses, Sneakers, printed, size 50', `${base}?status=Active&status=Pending&category=Sneakers&printed=true&pageSize=50`));
  results.push(await measure(app, owner, 'no filter (all 200k), newestUpdated, size 50', `${base}?pageSize=50`));
  const few = Math.max(20, Math.round(ITERATIONS / 5));
  for (const sort of ['newestCreated', 'lowestPrice', 'highestPayout', 'inventoryPriority', 'sizeLowToHigh'])
    results.push(await measure(app, owner, `Active, sortOption=${sort}, size 50`, `${base}?status=Active&sortOption=${sort}&pageSize=50`, few));
  results.push(await measure(app, owner, 'Active, newestUpdated, page 1000 of 10', `${base}?status=Active&currentPage=1000&pageSize=10`, few));
  results.push(await measure(app, owner, 'grouped by product, Active, size 20', `${base}?status=Active&${GROUPED}&pageSize=20`, few));
  if (allGrouped) for (const [name, query] of GROUPED_VIEWS) results.push(await measure(app, name.startsWith('consigner') ? ava : owner, name, groupedUrl(query), few));
  results.push(await measure(app, ava, 'consigner Ava (own items only), size 50', `${base}?pageSize=50`, few));
  results.push(await measure(app, owner, 'GET /api/inventories/filterOptions', '/api/inventories/filterOptions', few));
  results.push(await measure(app, owner, 'GET /api/inventoryLogs (activity feed, take 100)', '/api/inventoryLogs?take=100', few));
  }

  if (args.has('explain') && !onlyGrouped) {
    await explain(ctx, database, demo.id, 'default view (Active, newestUpdated, 50)', { statuses: ['Active'] }, 50);
    await explain(ctx, database, demo.id, 'filtered + searched (Active, Warehouse, "dunk", 50)', { statuses: ['Active'], locations: ['Warehouse'], search: 'dunk' }, 50);
    await explain(ctx, database, demo.id, `filtered + searched (Active, Warehouse, a SKU "${sku}", 50)`, { statuses: ['Active'], locations: ['Warehouse'], search: sku }, 50);
    await explain(ctx, database, demo.id, `searched by a SKU fragment ("${sku.slice(0, 4)}", 50)`, { search: sku.slice(0, 4) }, 50);
    await explain(ctx, database, demo.id, 'Active by size, low to high (50)', { statuses: ['Active'] }, 50, 'sizeLowToHigh', false);
    await explain(ctx, database, demo.id, 'Active by size, high to low (50)', { statuses: ['Active'] }, 50, 'sizeHighToLow', false);
  }

  if (!args.has('skip-export') && !onlyGrouped) {
    log('\nexport');
    await measureExport(app, owner, '');
    await measureExport(app, owner, 'status=Active&sortOption=lowestPrice');
  }

  if (onlyGrouped) log(`\ngrouped views: p95 under 50 ms: ${results.every((r) => r.p95 < 50) ? 'all' : results.filter((r) => r.p95 >= 50).map((r) => r.name).join('; ') + ' NOT'} (load average ${os.loadavg().map((l) => l.toFixed(1)).join(', ')})`);
  else if (!onlyExport) {
    const budget = results.slice(1, 6).every((r) => r.p95 < 50); // the three default views and the two searched ones
    log(`\nbudget p95 < 50 ms for the default and filtered+searched views: ${budget ? 'met' : 'NOT met'} (wall clock; load average ${os.loadavg().map((l) => l.toFixed(1)).join(', ')})`);
  }
  await app.close();
  await database.close();
}

await main();
