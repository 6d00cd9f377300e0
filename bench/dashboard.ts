// The dashboard (docs/dashboard-and-activity.md) of a store with 1,000,000 items and 100,000 orders: p50/p95 of
// GET /api/dashboard at the API (app.inject: routing, session, store and actor lookups, the eight
// queries, mapping), on PGlite and, when DATABASE_URL is set, on PostgreSQL. Budget: p95 < 150 ms
// on both. Run: npx tsx bench/dashboard.ts (BENCH_ITEMS, BENCH_ORDERS change the size).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBenchApp } from './bench-db.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CHUNK = 250_000;
const CONSIGNERS = 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 120);
const WARMUP = 12;
const BUDGET_P95_MS = 150;
/** Items came in over two years; orders one every 10 minutes back from now (about 2 years for 100,000). */
const DAYS_BACK = 730;
const ORDER_EVERY_MINUTES = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;
const day = (d: Date) => d.toISOString().slice(0, 10);

async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx, close } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const sql = bench.database.executeSql;
    const [store] = (await sql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const [product] = (await sql(`SELECT id FROM products WHERE store_id = $1 ORDER BY title LIMIT 1`, [store.id])).rows as { id: string }[];
    const t0 = performance.now();
    await sql(
      `INSERT INTO consigners (store_id, first_name, last_name, email, is_active, accepted_tos, is_store_account)
       SELECT $1::uuid, 'Bench', 'Consigner ' || i, 'bench.consigner' || i || '@example.test', true, true, i = 1
       FROM generate_series(1, $2::int) AS g(i)`,
      [store.id, CONSIGNERS],
    );
    const consignerIds = ((await sql(`SELECT id FROM consigners WHERE store_id = $1 AND email LIKE 'bench.consigner%' ORDER BY email`, [store.id])).rows as { id: string }[]).map((r) => r.id);
    // Items: the first ORDERS are sold (every third one paid out), each in its own order; the rest
    // in stock (most), withdrawn, declined or waiting to be dropped off. Every 50th the shop's own
    // (a store account, at cost), every 40th bought (paymentType cash).
    for (let from = 1; from <= ITEMS; from += CHUNK) {
      const to = Math.min(ITEMS, from + CHUNK - 1);
      await sql(
        `INSERT INTO inventory_items (store_id, code, product_id, consigner_id, sku, title, category, status, option1_value, price, payout, payout_fee, total, cost, quantity,
                                      payment_type, location, accepted_on, sold_on, withdrawal_accepted_on, created_at, updated_at)
         SELECT $1::uuid, 'D' || lpad(i::text, 7, '0'), $4::uuid, c.ids[1 + i % ${CONSIGNERS}], 'SKU-' || (i % 5000), 'Bench item ' || (i % 5000), 'Sneakers',
                CASE WHEN i <= $5 THEN (CASE WHEN i % 3 = 0 THEN 'Paid' ELSE 'Sold' END)
                     WHEN i % 20 = 1 THEN 'Withdrawn' WHEN i % 20 = 2 THEN 'Declined' WHEN i % 20 = 3 THEN 'Requested' WHEN i % 20 = 4 THEN 'Pending'
                     WHEN i % 20 = 5 THEN 'RequestPriceChange' WHEN i % 20 = 6 THEN 'InTransit' ELSE 'Active' END,
                (4 + i % 10)::text, 10000 + (i % 500) * 100, 7700 + (i % 500) * 77, 2300 + (i % 500) * 23, 7700 + (i % 500) * 77,
                CASE WHEN i % ${CONSIGNERS} = 0 THEN 4000 + (i % 500) * 40 END, 1,
                CASE WHEN i % 40 = 0 THEN 'cash' END, 'Downtown',
                CASE WHEN i > $5 AND i % 20 IN (2, 3, 4) THEN NULL ELSE now() - make_interval(days => i % ${DAYS_BACK}, mins => i % 1440) END,
                CASE WHEN i <= $5 THEN now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES}) END,
                CASE WHEN i > $5 AND i % 20 = 1 THEN now() - make_interval(days => (i % ${DAYS_BACK}) / 2) END,
                now() - make_interval(days => i % ${DAYS_BACK}, mins => 60 + i % 1440), now() - make_interval(days => (i % ${DAYS_BACK}) / 2)
         FROM generate_series($2::int, $3::int) AS g(i), (SELECT $6::uuid[] AS ids) c`,
        [store.id, from, to, product.id, ORDERS, `{${consignerIds.join(',')}}`],
      );
    }
    // the sold items' accepted date before their sale
    await sql(`UPDATE inventory_items SET accepted_on = sold_on - interval '20 days' WHERE store_id = $1 AND code LIKE 'D%' AND sold_on IS NOT NULL`, [store.id]);
    await sql(
      `INSERT INTO orders (store_id, name, source, financial_status, status, total, order_date, created_at)
       SELECT $1::uuid, '#' || (200000 + i), 'counter', 'paid', CASE WHEN i % 97 = 0 THEN 'undone' ELSE 'open' END, 10000 + (i % 500) * 100,
              now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES}), now() - make_interval(mins => i * ${ORDER_EVERY_MINUTES})
       FROM generate_series(1, $2::int) AS g(i)`,
      [store.id, ORDERS],
    );
    await sql('ANALYZE orders');
    await sql('ANALYZE inventory_items');
    await sql(
      `INSERT INTO line_items (store_id, order_id, inventory_id, title, sku, price, quantity, active)
       SELECT o.store_id, o.id, i.id, i.title, i.sku, i.price, 1, o.status = 'open'
       FROM orders o JOIN inventory_items i ON i.store_id = o.store_id AND i.code = 'D' || lpad((substring(o.name from 2)::int - 200000)::text, 7, '0')
       WHERE o.store_id = $1 AND o.name ~ '^#2[0-9]{5}$'`,
      [store.id],
    );
    await sql(
      `INSERT INTO payouts (store_id, name, status, total, item_count, paid_at, created_at)
       SELECT $1::uuid, 'PO-B' || i, 'Paid', 50000 + (i % 100) * 1000, 10, now() - make_interval(days => i), now() - make_interval(days => i)
       FROM generate_series(1, ${DAYS_BACK}) AS g(i)`,
      [store.id],
    );
    const insertMs = performance.now() - t0;
    await sql(process.env.BENCH_NO_VACUUM ? 'ANALYZE' : 'VACUUM ANALYZE');
    const [{ items }] = (await sql(`SELECT count(*)::int AS items FROM inventory_items WHERE store_id = $1`, [store.id])).rows as { items: number }[];
    const [{ orders }] = (await sql(`SELECT count(*)::int AS orders FROM orders WHERE store_id = $1`, [store.id])).rows as { orders: number }[];

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
    const now = Date.now();
    const range = (daysBack: number, length: number) => `dateRangeStart=${day(new Date(now - daysBack * 86_400_000))}&dateRangeEnd=${day(new Date(now - (daysBack - length + 1) * 86_400_000))}`;
    const QUERIES = [
      { kind: 'default (last 30 days)', query: '' },
      { kind: 'last 7 days', query: range(6, 7) },
      { kind: 'last 90 days', query: range(89, 90) },
      { kind: 'a past month (a year ago)', query: range(395, 30) },
      { kind: 'last 365 days', query: range(364, 365) },
    ];
    for (let i = 0; i < WARMUP; i += 1) await get(`/api/dashboard?${QUERIES[i % QUERIES.length].query}`);
    const all: number[] = [];
    const byKind = new Map<string, number[]>();
    for (let i = 0; i < REQUESTS; i += 1) {
      const q = QUERIES[i % QUERIES.length];
      const { ms } = await get(`/api/dashboard?${q.query}`);
      all.push(ms);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
    all.sort((a, b) => a - b);
    const sample = (await get('/api/dashboard')).res.json() as { data: { cards: { key: string; value: number; previous: number; change: number }[] } };
    return {
      kind,
      items,
      orders,
      insertSeconds: round(insertMs / 1000),
      p50: round(percentile(all, 50)),
      p95: round(percentile(all, 95)),
      max: round(all[all.length - 1]),
      loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
      cards: sample.data.cards,
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
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'}: ${r.items.toLocaleString('en-US')} items, ${r.orders.toLocaleString('en-US')} orders`);
  console.log(`insert ${r.insertSeconds} s; p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms — budget p95 < ${BUDGET_P95_MS} ms: ${ok ? 'MET' : 'MISSED'}; load average ${r.loadAverage} (${os.cpus().length} CPUs)\n`);
  console.log('| range | n | p50 ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const k of r.byKind) console.log(`| ${k.kind} | ${k.n} | ${k.p50} | ${k.p95} |`);
  console.log(`\nfigures of the default range: ${r.cards.map((c) => `${c.key} ${c.value} (prev ${c.previous}, ${c.change}%)`).join('; ')}`);
  return ok;
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let allOk = true;
for (const kind of kinds) allOk = report(await run(kind)) && allOk;
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
process.exitCode = allOk ? 0 : 1;
