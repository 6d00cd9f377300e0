// The Activity feed (docs/dashboard-and-activity.md) over a store with 5,000,000 inventory log entries: p50/p95 of
// GET /api/inventoryLogs at the API (app.inject: routing, session, store and actor lookups, the keyset
// query with the blank-duplicate rule, the consigner-name lookup, mapping), on PGlite and, when
// DATABASE_URL is set, on PostgreSQL. Budget: the first page (the screen's default: the last 7 days,
// 100 entries) p95 < 50 ms on both. Run: npx tsx bench/activity.ts (BENCH_LOGS changes the size).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { activityCursorOf } from '@backroom/domain';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBenchApp } from './bench-db.ts';

const LOGS = Number(process.env.BENCH_LOGS ?? 5_000_000);
const CHUNK = 500_000;
const ITEMS = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = 30;
const BUDGET_P95_MS = 50;
/** One entry every 6 seconds back from now: 5,000,000 entries span about 11 months. */
const EVERY_SECONDS = 6;
// The feed's indexes, dropped during the load and built again after it (as a restore would).
const FEED_INDEXES = ['inventory_logs_store_inventory_idx', 'inventory_logs_store_updated_id_idx', 'inventory_logs_store_by_updated_idx', 'inventory_logs_title_trgm_idx'];

const TITLES = [
  'Air Jordan 1 Retro High OG Chicago', 'Nike Dunk Low Panda', 'adidas Samba OG Cloud White', 'New Balance 550 White Green',
  'Yeezy Boost 350 V2 Zebra', 'ASICS Gel-Lyte III OG Cream', 'Supreme Box Logo Hooded Sweatshirt', 'Patagonia Synchilla Fleece Crew',
  'Polo Ralph Lauren Rugby Shirt', 'Stone Island Crewneck Sweatshirt', "Arc'teryx Beta LT Jacket", 'Carhartt WIP Detroit Jacket',
  'Levi’s 501 Original Jeans', 'Stussy Basic Logo Tee', 'Essentials Relaxed Sweatpant', 'The North Face 1996 Nuptse',
  'Salomon XT-6 Black', 'Converse Chuck 70 Hi Parchment', 'Vans Old Skool Black White', 'Birkenstock Boston Taupe',
];
const sqlArray = (list: string[]) => `ARRAY[${list.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;
const day = (d: Date) => d.toISOString().slice(0, 10);

async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx, close } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const sql = bench.database.executeSql;
    const [store] = (await sql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const employees = (await sql(`SELECT id, first_name || ' ' || last_name AS name FROM employees WHERE store_id = $1 ORDER BY email`, [store.id])).rows as { id: string; name: string }[];
    const t0 = performance.now();
    const defs = (await sql(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'inventory_logs' AND indexname = ANY($1)`, [FEED_INDEXES])).rows as { indexname: string; indexdef: string }[];
    for (const d of defs) await sql(`DROP INDEX ${d.indexname}`);
    // Entries of 20,000 items (ids made up: the feed reads the entry, not the item), 20 titles, by the
    // demo's employees in turn; a status change, a price change, a location move or a new item.
    for (let from = 1; from <= LOGS; from += CHUNK) {
      const to = Math.min(LOGS, from + CHUNK - 1);
      await sql(
        `WITH w AS (SELECT ${sqlArray(TITLES)} AS t, $4::text[] AS e, $5::text[] AS n)
         INSERT INTO inventory_logs (store_id, inventory_id, product_title, last_updated_by_id, last_updated_by_name, modified_fields, updated_at)
         SELECT $1::uuid, ('00000000-0000-4000-8000-' || lpad(to_hex(i % ${ITEMS}), 12, '0'))::uuid, w.t[1 + i % 20] || ' ' || (i % ${ITEMS}),
                w.e[1 + i % array_length(w.e, 1)], w.n[1 + i % array_length(w.n, 1)],
                CASE i % 4
                  WHEN 0 THEN '[{"variableChanged":"status","beforeValue":"Active","afterValue":"Sold"}]'::jsonb
                  WHEN 1 THEN jsonb_build_array(jsonb_build_object('variableChanged', 'price', 'beforeValue', 100 + i % 50, 'afterValue', 110 + i % 50))
                  WHEN 2 THEN '[{"variableChanged":"location","beforeValue":"Downtown","afterValue":"Uptown"}]'::jsonb
                  ELSE '[{"variableChanged":"createdOn","beforeValue":null,"afterValue":"2026-01-01T00:00:00.000Z"}]'::jsonb
                END,
                now() - make_interval(secs => i * ${EVERY_SECONDS})
         FROM generate_series($2::int, $3::int) AS g(i), w`,
        [store.id, from, to, `{${employees.map((e) => e.id).join(',')}}`, `{${employees.map((e) => `"${e.name}"`).join(',')}}`],
      );
    }
    const insertMs = performance.now() - t0;
    const i0 = performance.now();
    for (const d of defs) await sql(d.indexdef);
    const indexMs = performance.now() - i0;
    await sql(process.env.BENCH_NO_VACUUM ? 'ANALYZE' : 'VACUUM ANALYZE');
    const [{ total }] = (await sql(`SELECT count(*)::int AS total FROM inventory_logs WHERE store_id = $1`, [store.id])).rows as { total: number }[];

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'localhost', origin: ctx.config.appUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'owner@demo.backroom.test', password: DEMO_PASSWORD }),
    });
    const token = signIn.headers['set-auth-token'] as string;
    const get = async (url: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { ms, res };
    };

    const now = new Date();
    const week = `after=${day(new Date(now.getTime() - 6 * 86_400_000))}&before=${day(now)}`;
    const first = (await get(`/api/inventoryLogs?${week}`)).res.json() as { data: { nextCursor: string; inventoryLogs: { id: string; updatedAt: string }[] } };
    // a day at 80% of the span the entries cover (10 months back for 5,000,000)
    const deepDay = new Date(now.getTime() - Math.floor(LOGS * EVERY_SECONDS * 0.8) * 1000);
    const deep = (await get(`/api/inventoryLogs?take=100&page=1&after=${day(deepDay)}&before=${day(deepDay)}`)).res.json() as {
      data: { inventoryLogs: { id: string; updatedAt: string }[] };
    };
    const deepCursor = activityCursorOf(deep.data.inventoryLogs.at(-1)!);
    const sam = employees[employees.length - 1];
    // The screen's first page is the budget; the rest say what the filters and later pages cost.
    const QUERIES: { kind: string; query: string; budget?: true }[] = [
      { kind: 'first page, last 7 days (the screen)', query: week, budget: true },
      { kind: 'first page, no dates', query: '' },
      { kind: 'next page (cursor)', query: `${week}&cursor=${encodeURIComponent(first.data.nextCursor)}` },
      { kind: 'a page far back (cursor)', query: `cursor=${encodeURIComponent(deepCursor)}` },
      { kind: 'Last Updated By, 7 days', query: `${week}&lastUpdatedBy=${sam.id}` },
      { kind: 'product search "jordan", 7 days', query: `${week}&search=jordan` },
      { kind: 'product search one item, no dates', query: `search=${encodeURIComponent('Nike Dunk Low Panda 12341')}` },
      { kind: 'search matching nothing, 7 days', query: `${week}&search=zzqx` },
      { kind: 'Recent Activity (6)', query: `take=6&after=${day(new Date(now.getTime() - 6 * 86_400_000))}` },
    ];
    for (let i = 0; i < WARMUP; i += 1) await get(`/api/inventoryLogs?${QUERIES[i % QUERIES.length].query}`);
    const byKind = new Map<string, number[]>();
    for (let i = 0; i < REQUESTS; i += 1) {
      const q = QUERIES[i % QUERIES.length];
      const { ms } = await get(`/api/inventoryLogs?${q.query}`);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
    const budgetKind = QUERIES.find((q) => q.budget)!.kind;
    const budgetSorted = [...byKind.get(budgetKind)!].sort((a, b) => a - b);
    return {
      kind,
      total,
      insertSeconds: round(insertMs / 1000),
      indexSeconds: round(indexMs / 1000),
      p50: round(percentile(budgetSorted, 50)),
      p95: round(percentile(budgetSorted, 95)),
      loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
      byKind: [...byKind].map(([k, v]) => {
        const sorted = [...v].sort((a, b) => a - b);
        return { kind: k, n: v.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
      }),
    };
  } finally {
    await close();
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  const ok = r.p95 < BUDGET_P95_MS;
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'}: ${r.total.toLocaleString('en-US')} log entries`);
  console.log(`insert ${r.insertSeconds} s, indexes ${r.indexSeconds} s; first page p50 ${r.p50} ms, p95 ${r.p95} ms — budget p95 < ${BUDGET_P95_MS} ms: ${ok ? 'MET' : 'MISSED'}; load average ${r.loadAverage} (${os.cpus().length} CPUs)\n`);
  console.log('| request | n | p50 ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const k of r.byKind) console.log(`| ${k.kind} | ${k.n} | ${k.p50} | ${k.p95} |`);
  return ok;
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let allOk = true;
for (const kind of kinds) allOk = report(await run(kind)) && allOk;
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
process.exitCode = allOk ? 0 : 1;
