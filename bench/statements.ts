// Consigner statements (docs/consigner-account.md "Statements"): one consigner with 10,000 ledger
// entries (a month of about 830, the year of all 10,000, as JSON, CSV and PDF), and every one of a
// shop's 2,000 consigners (20 entries each): each one's month as JSON and as PDF, one after another,
// and the background job that e-mails the month to all of them. At the API (app.inject: routing,
// session, store and actor lookups, the ledger queries, the PDF drawing), on PGlite and, when
// DATABASE_URL is set, on PostgreSQL. Run: npx tsx bench/statements.ts
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBenchApp, ownerCaller } from './bench-db.ts';

const HEAVY_ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const SHOP_CONSIGNERS = Number(process.env.BENCH_CONSIGNERS ?? 2_000);
const ENTRIES_EACH = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MONTH = '2026-10';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx, close } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const db = bench.database;
    const [store] = (await db.executeSql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const [owner] = (await db.executeSql(`SELECT id FROM employees WHERE email = 'owner@demo.backroom.test'`)).rows as { id: string }[];
    const t0 = performance.now();
    // One heavy consigner: sales, fees and now and then a payout, spread over the twelve months to November 2026.
    await db.executeSql(
      `INSERT INTO consigners (store_id, first_name, last_name, email, is_active) VALUES ($1, 'Heavy', 'Seller', 'heavy@bench.test', true)`,
      [store.id],
    );
    const [heavy] = (await db.executeSql(`SELECT id FROM consigners WHERE email = 'heavy@bench.test'`)).rows as { id: string }[];
    const entries = (consigner: string, n: number) =>
      db.executeSql(
        `INSERT INTO ledger_entries (store_id, consigner_id, kind, amount, memo, created_by_id, created_at)
         SELECT $1::uuid, $2::uuid, (ARRAY['sale','fee','sale','fee','payout'])[1 + i % 5],
                CASE i % 5 WHEN 0 THEN 5000 + i % 977 WHEN 2 THEN 7000 + i % 613 WHEN 4 THEN -4000 ELSE -1200 END,
                'Sale of item ' || i, $3, timestamptz '2025-12-01' + (i::float / $4) * interval '364 days'
         FROM generate_series(0, $4 - 1) AS g(i)`,
        [store.id, consigner, owner.id, n],
      );
    await entries(heavy.id, HEAVY_ENTRIES);
    // The shop: 2,000 consigners with 20 entries each over the same year.
    await db.executeSql(
      `INSERT INTO consigners (store_id, first_name, last_name, email, is_active)
       SELECT $1::uuid, 'Consigner', 'No ' || i, 'c' || i || '@bench.test', true FROM generate_series(1, $2::int) AS g(i)`,
      [store.id, SHOP_CONSIGNERS],
    );
    await db.executeSql(
      `INSERT INTO ledger_entries (store_id, consigner_id, kind, amount, memo, created_by_id, created_at)
       SELECT c.store_id, c.id, (ARRAY['sale','fee','sale','fee','payout'])[1 + i % 5],
              CASE i % 5 WHEN 0 THEN 5000 WHEN 2 THEN 7000 WHEN 4 THEN -4000 ELSE -1200 END,
              'Sale ' || i, $2, timestamptz '2025-12-01' + (i::float / $3) * interval '364 days'
       FROM consigners c, generate_series(0, $3 - 1) AS g(i)
       WHERE c.store_id = $1 AND c.email LIKE '%@bench.test' AND c.email <> 'heavy@bench.test'`,
      [store.id, owner.id, ENTRIES_EACH],
    );
    await db.executeSql('ANALYZE ledger_entries');
    await db.executeSql('ANALYZE consigners');
    const insertSeconds = round((performance.now() - t0) / 1000);

    const call = await ownerCaller(app, ctx.config.appUrl, DEMO_PASSWORD);
    const timed = async (url: string) => {
      await call('GET', url);
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const r = await call('GET', url);
        ms.push(r.ms);
        bytes = r.res.rawPayload.length;
      }
      ms.sort((a, b) => a - b);
      return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), kb: Math.round(bytes / 1024) };
    };

    const base = `/api/consigners/${heavy.id}/statements`;
    const heavyRows = [
      { what: `month ${MONTH}, JSON`, ...(await timed(`${base}?month=${MONTH}`)) },
      { what: 'year 2026, JSON', ...(await timed(`${base}?year=2026`)) },
      { what: `month ${MONTH}, PDF`, ...(await timed(`${base}/pdf?month=${MONTH}`)) },
      { what: 'year 2026, CSV', ...(await timed(`${base}/export?year=2026`)) },
      { what: 'year 2026, PDF', ...(await timed(`${base}/pdf?year=2026`)) },
    ];

    const ids = ((await db.executeSql(`SELECT id FROM consigners WHERE store_id = $1 AND email LIKE 'c%@bench.test' ORDER BY id`, [store.id])).rows as { id: string }[]).map((r) => r.id);
    const every = async (suffix: string) => {
      const started = performance.now();
      for (const id of ids) await call('GET', `/api/consigners/${id}/statements${suffix}?month=${MONTH}`);
      return round((performance.now() - started) / 1000);
    };
    const allJsonSeconds = await every('');
    const allPdfSeconds = await every('/pdf');

    const jobStarted = performance.now();
    const started = (await call('POST', '/api/consigners/emailStatements', { month: MONTH })).res.json() as { data: { jobId: string } };
    let job: { status: string; total: number; result: { sent: number } | null };
    for (;;) {
      job = ((await call('GET', `/api/jobs/${started.data.jobId}`)).res.json() as { data: typeof job }).data;
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const jobSeconds = round((performance.now() - jobStarted) / 1000);
    return { kind, insertSeconds, heavyRows, consigners: ids.length, allJsonSeconds, allPdfSeconds, job, jobSeconds, loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' ') };
  } finally {
    await close();
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'} (load average ${r.loadAverage}, ${os.cpus().length} CPUs; data made in ${r.insertSeconds} s)`);
  console.log(`One consigner with ${HEAVY_ENTRIES.toLocaleString('en-US')} ledger entries, ${ROUNDS} rounds each:\n`);
  console.log('| statement | p50 ms | p95 ms | size KB |');
  console.log('|---|---:|---:|---:|');
  for (const row of r.heavyRows) console.log(`| ${row.what} | ${row.p50} | ${row.p95} | ${row.kb} |`);
  console.log(`\nAll ${r.consigners.toLocaleString('en-US')} consigners of the shop (${ENTRIES_EACH} entries each), month ${MONTH}, one after another:`);
  console.log(`- every statement as JSON: ${r.allJsonSeconds} s (${round((r.allJsonSeconds * 1000) / r.consigners)} ms each)`);
  console.log(`- every statement as PDF: ${r.allPdfSeconds} s (${round((r.allPdfSeconds * 1000) / r.consigners)} ms each)`);
  console.log(`- the e-mail job: ${r.job.status}, ${r.job.result?.sent ?? 0} e-mails of ${r.job.total} consigners in ${r.jobSeconds} s (from the request to the job's end, polled every 100 ms)`);
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const kind of kinds) report(await run(kind));
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
