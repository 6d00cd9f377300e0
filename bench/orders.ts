// The orders list (the order item table of /findOrders) with 100,000 orders in one store (docs/payouts.md):
// p50/p95 of GET /api/orders at the API (app.inject: routing, session, store and actor lookups, page
// and count queries, mapping), on PGlite and, when DATABASE_URL is set, on PostgreSQL.
// Budget: p95 < 50 ms on both. Run: npx tsx bench/orders.ts
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { quickRange } from '@backroom/domain';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBenchApp } from './bench-db.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CONSIGNERS = 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 40;
const BUDGET_P95_MS = 50;
/** One order every 10 minutes back from now: 100,000 orders span about two years. */
const ORDER_EVERY_MINUTES = 10;

const TITLES = [
  'Air Jordan 1 Retro High OG Chicago', 'Nike Dunk Low Panda', 'adidas Samba OG Cloud White', 'New Balance 550 White Green',
  'Yeezy Boost 350 V2 Zebra', 'ASICS Gel-Lyte III OG Cream', 'Supreme Box Logo Hooded Sweatshirt', 'Patagonia Synchilla Fleece Crew',
  'Polo Ralph Lauren Rugby Shirt', 'Stone Island Crewneck Sweatshirt', "Arc'teryx Beta LT Jacket", 'Carhartt WIP Detroit Jacket',
  'Levi’s 501 Original Jeans', 'Stussy Basic Logo Tee', 'Essentials Relaxed Sweatpant', 'The North Face 1996 Nuptse',
  'Salomon XT-6 Black', 'Converse Chuck 70 Hi Parchment', 'Vans Old Skool Black White', 'Birkenstock Boston Taupe',
];
const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'Kenji', 'Amara', 'Lucas', 'Sofia', 'Noah', 'Chloe', 'Mateo', 'Aisha', 'Ivan', 'Freya'];
const LAST = ['Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Taylor', 'Moore', 'Jackson', 'Lee', 'Perez', 'Walker', 'Young', 'Allen', 'King', 'Nguyen', 'Okafor'];
const sqlArray = (list: string[]) => `ARRAY[${list.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

const rangeQuery = (key: '24' | '1M' | '1Y') => {
  const r = quickRange(key);
  return `orderDateRange=${encodeURIComponent(`${r.start!.toISOString()},${r.end.toISOString()}`)}`;
};

async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx, close } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const sql = bench.database.executeSql;
    const [store] = (await sql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const [product] = (await sql(`SELECT id FROM products WHERE store_id = $1 ORDER BY title LIMIT 1`, [store.id])).rows as { id: string }[];
    const t0 = performance.now();
    // 500 consigners; 100,000 sold (or paid) items, one per order, codes B0000001...; 100,000 orders
    // ten minutes apart, named #100001..., customers of 400 names; each order's line for its item, and
    // every fifth order a second line no item matched (an imported gift card).
    await sql(
      `WITH w AS (SELECT ${sqlArray(FIRST)} AS f, ${sqlArray(LAST)} AS l)
       INSERT INTO consigners (store_id, first_name, last_name, email, phone, address, is_active, accepted_tos)
       SELECT $1::uuid, w.f[1 + i % 20], w.l[1 + (i / 20) % 20], 'bench.consigner' || i || '@example.test', '+1 555 ' || lpad(i::text, 7, '0'), 'Bench street', true, true
       FROM generate_series(1, $2::int) AS g(i), w`,
      [store.id, CONSIGNERS],
    );
    const consignerIds = ((await sql(`SELECT id FROM consigners WHERE store_id = $1 AND email LIKE 'bench.consigner%' ORDER BY email`, [store.id])).rows as { id: string }[]).map((r) => r.id);
    await sql(
      `WITH w AS (SELECT ${sqlArray(TITLES)} AS t, $3::uuid[] AS c)
       INSERT INTO inventory_items (store_id, code, product_id, consigner_id, sku, title, category, status, option1_value, option2_value, price, payout, payout_fee, total, quantity, sold_on, created_at, updated_at)
       SELECT $1::uuid, 'B' || lpad(i::text, 7, '0'), $4::uuid, w.c[1 + i % ${CONSIGNERS}], 'SKU-' || lpad(((i * 7919) % 100000)::text, 6, '0'), w.t[1 + i % 20], 'Sneakers',
              CASE WHEN i % 3 = 0 THEN 'Paid' ELSE 'Sold' END, (4 + i % 10)::text, 'New',
              10000 + (i % 500) * 100, 7700 + (i % 500) * 77, 2300 + (i % 500) * 23, 7700 + (i % 500) * 77, 1,
              now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES}), now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES} + 60 * 24 * 30), now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES})
       FROM generate_series(1, $2::int) AS g(i), w`,
      [store.id, ORDERS, `{${consignerIds.join(',')}}`, product.id],
    );
    await sql(
      `WITH w AS (SELECT ${sqlArray(FIRST)} AS f, ${sqlArray(LAST)} AS l)
       INSERT INTO orders (store_id, name, source, external_id, customer, financial_status, status, total, order_date, created_at)
       SELECT $1::uuid, '#' || (100000 + i), (ARRAY['shopify', 'linnworks', 'counter'])[1 + i % 3], CASE WHEN i % 3 = 2 THEN NULL ELSE 'ext-' || i END,
              jsonb_build_object('first_name', w.f[1 + i % 20], 'last_name', w.l[1 + (i / 20) % 20], 'email', lower(w.f[1 + i % 20] || '.' || w.l[1 + (i / 20) % 20]) || i || '@example.test', 'phone', '+44 7700 ' || lpad(i::text, 6, '0')),
              'paid', CASE WHEN i % 97 = 0 THEN 'undone' ELSE 'open' END, 10000 + (i % 500) * 100,
              now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES}), now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES})
       FROM generate_series(1, $2::int) AS g(i), w`,
      [store.id, ORDERS],
    );
    // fresh statistics, so the lines below are joined by hashing rather than row by row
    await sql('ANALYZE orders');
    await sql('ANALYZE inventory_items');
    await sql(
      `INSERT INTO line_items (store_id, order_id, inventory_id, title, sku, price, quantity, active)
       SELECT o.store_id, o.id, i.id, i.title, i.sku, i.price, 1, o.status = 'open'
       FROM orders o JOIN inventory_items i ON i.store_id = o.store_id AND i.code = 'B' || lpad((substring(o.name from 2)::int - 100000)::text, 7, '0')
       WHERE o.store_id = $1 AND o.name ~ '^#1[0-9]{5}$'`,
      [store.id],
    );
    await sql(
      `INSERT INTO line_items (store_id, order_id, inventory_id, title, sku, price, quantity, active)
       SELECT o.store_id, o.id, NULL, 'Gift card', 'GIFT-25', 2500, 1, true
       FROM orders o WHERE o.store_id = $1 AND o.name ~ '^#1[0-9]{5}$' AND substring(o.name from 2)::int % 5 = 0`,
      [store.id],
    );
    const insertMs = performance.now() - t0;
    // As the inventory bench: the tables as a running shop has them, vacuumed (PostgreSQL's autovacuum
    // does it by itself; PGlite has no autovacuum worker) and analysed.
    // (BENCH_NO_VACUUM=1: analysed only, as the tables are right after the load)
    await sql(process.env.BENCH_NO_VACUUM ? 'ANALYZE' : 'VACUUM ANALYZE');
    const [{ lines }] = (await sql(`SELECT count(*)::int AS lines FROM line_items WHERE store_id = $1`, [store.id])).rows as { lines: number }[];
    const someConsigner = consignerIds[17];

    // What the screen asks: pages near and far, page sizes, the quick ranges, a consigner (with and
    // without a range), and searches by order name, customer, e-mail, item code, SKU, a common title
    // word and two words, and a search matching nothing.
    const QUERIES: { kind: string; query: string }[] = [
      { kind: 'first page (10)', query: '' },
      { kind: 'page 2, 20 a page', query: 'pageSize=20&currentPage=2' },
      { kind: 'middle page, 20 a page', query: `pageSize=20&currentPage=${Math.ceil(lines / 40)}` },
      { kind: 'last page, 20 a page', query: `pageSize=20&currentPage=${Math.ceil(lines / 20)}` },
      { kind: '100 a page', query: 'pageSize=100' },
      { kind: 'quick range 24', query: rangeQuery('24') },
      { kind: 'quick range 1M', query: rangeQuery('1M') },
      { kind: 'quick range 1Y', query: rangeQuery('1Y') },
      { kind: 'one consigner', query: `consigner=${someConsigner}` },
      { kind: 'one consigner, 1Y', query: `consigner=${someConsigner}&${rangeQuery('1Y')}` },
      { kind: 'order name', query: 'search=%23154321' },
      { kind: 'customer name (two words)', query: 'search=kenji%20okafor' },
      { kind: 'customer e-mail fragment', query: 'search=king12345' },
      { kind: 'item code', query: 'search=b0054321' },
      { kind: 'SKU', query: 'search=sku-004242' },
      { kind: 'common title word', query: 'search=jordan' },
      { kind: 'common word, 1M', query: `search=jordan&${rangeQuery('1M')}` },
      { kind: 'no match', query: 'search=zzqx' },
    ];

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'localhost', origin: ctx.config.appUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'owner@demo.backroom.test', password: DEMO_PASSWORD }),
    });
    const token = signIn.headers['set-auth-token'] as string;
    const get = async (url: string) => {
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpu0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return { ms, cpuMs: (cpu.user + cpu.system) / 1000, res };
    };

    for (let i = 0; i < WARMUP; i += 1) await get(`/api/orders?${QUERIES[i % QUERIES.length].query}`);
    const all: number[] = [];
    const baseline: number[] = [];
    const byKind = new Map<string, { ms: number[]; cpuMs: number[]; count: number }>();
    for (let i = 0; i < REQUESTS; i += 1) {
      const q = QUERIES[i % QUERIES.length];
      const { ms, cpuMs, res } = await get(`/api/orders?${q.query}`);
      all.push(ms);
      baseline.push((await get('/api/me')).ms);
      const entry = byKind.get(q.kind) ?? { ms: [], cpuMs: [], count: (res.json() as { data: { count: number } }).data.count };
      entry.ms.push(ms);
      entry.cpuMs.push(cpuMs);
      byKind.set(q.kind, entry);
    }
    all.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const exportStarted = performance.now();
    const exportRes = await app.inject({ method: 'POST', url: '/api/orders/export', headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' });
    const exportMs = performance.now() - exportStarted;
    return {
      kind,
      orders: ORDERS,
      lines,
      insertSeconds: round(insertMs / 1000),
      requests: all.length,
      p50: round(percentile(all, 50)),
      p95: round(percentile(all, 95)),
      max: round(all[all.length - 1]),
      baselineP50: round(percentile(baseline, 50)),
      exportMs: round(exportMs),
      exportLines: exportRes.body.split('\n').length - 2,
      loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
      byKind: [...byKind].map(([k, v]) => {
        const sorted = [...v.ms].sort((a, b) => a - b);
        const cpu = [...v.cpuMs].sort((a, b) => a - b);
        return { kind: k, count: v.count, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), cpuP95: round(percentile(cpu, 95)) };
      }),
    };
  } finally {
    await close();
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  const ok = r.p95 < BUDGET_P95_MS;
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'}: ${r.orders.toLocaleString('en-US')} orders, ${r.lines.toLocaleString('en-US')} lines, ${r.requests} requests`);
  console.log(`insert ${r.insertSeconds} s; p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms — budget p95 < ${BUDGET_P95_MS} ms: ${ok ? 'MET' : 'MISSED'}`);
  console.log(`paired GET /api/me p50 ${r.baselineP50} ms; ordersExport.csv of all ${r.exportLines} lines in ${r.exportMs} ms; load average ${r.loadAverage} (${os.cpus().length} CPUs)\n`);
  console.log('| request | rows | p50 ms | p95 ms | CPU p95 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const k of r.byKind) console.log(`| ${k.kind} | ${k.count} | ${k.p50} | ${k.p95} | ${k.cpuP95} |`);
  return ok;
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let allOk = true;
for (const kind of kinds) allOk = report(await run(kind)) && allOk;
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
process.exitCode = allOk ? 0 : 1;
