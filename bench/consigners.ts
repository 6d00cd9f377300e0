// The consigners list and its search with 10,000 consigners in one store (docs/people.md): p50/p95 of
// GET /api/consigners at the API (app.inject: routing, session, store and actor lookups, page and
// count queries, mapping), on PGlite and, when DATABASE_URL is set, on PostgreSQL.
// Budget: p95 < 50 ms on both. Run: npx tsx bench/consigners.ts
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBench } from './bench-db.ts';

const CONSIGNERS = Number(process.env.BENCH_CONSIGNERS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARMUP = 40;
const BUDGET_P95_MS = 50;

// What the screen asks: the first page, paging deep, other sorts and page sizes, and searches by
// name, e-mail and phone (common, rare, two words, none).
const QUERIES: { kind: string; query: string }[] = [
  { kind: 'first page (name order)', query: '' },
  { kind: 'page 2, 20 a page', query: 'page=2&pageSize=20' },
  { kind: 'last page, 20 a page', query: `page=${Math.ceil(CONSIGNERS / 20)}&pageSize=20` },
  { kind: 'newest first, 100 a page', query: 'sort=newest&pageSize=100' },
  { kind: 'common first name', query: 'search=james' },
  { kind: 'rare last name', query: 'search=okafor' },
  { kind: 'full name (two words)', query: 'search=maria%20garcia' },
  { kind: 'e-mail fragment', query: 'search=walker1234' },
  { kind: 'phone digits', query: 'search=0001234' },
  { kind: 'no match', query: 'search=zzqx' },
];

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Maria', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Kenji', 'Amara', 'Lucas', 'Sofia', 'Noah', 'Chloe', 'Mateo', 'Aisha', 'Ivan', 'Freya', 'Omar', 'Yuki'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Okafor'];
const sqlArray = (list: string[]) => `ARRAY[${list.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;

async function run(kind: 'pglite' | 'postgres') {
  const bench = await openBench(kind);
  const config = loadConfig({ env: 'production', logLevel: 'silent', dataDir: bench.dataDir, databaseUrl: bench.databaseUrl });
  const { app, ctx } = await buildApp(config, bench.database);
  await app.ready();
  try {
    await seedDemo(ctx);
    const [store] = (await bench.database.executeSql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const t0 = performance.now();
    // One statement: names first x last, e-mails first.last{i}, phones +1 555 {i}, one minute apart.
    await bench.database.executeSql(
      `WITH w AS (SELECT ${sqlArray(FIRST)} AS f, ${sqlArray(LAST)} AS l)
       INSERT INTO consigners (store_id, first_name, last_name, email, phone, address, account_type, is_active, accepted_tos, payout_type, bank_data, created_at, updated_at)
       SELECT $1::uuid, w.f[1 + i % 40], w.l[1 + (i / 40) % 40],
              lower(w.f[1 + i % 40] || '.' || w.l[1 + (i / 40) % 40]) || i || '@example.test',
              '+1 555 ' || lpad(i::text, 7, '0'), i || ' Main Street', 'Standard', true, true, 'Bank',
              jsonb_build_object('routingType', 'abaNumber', 'accountName', 'x', 'accountNumber', lpad(i::text, 12, '0'), 'routingNumber', '021000021'),
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $2::int) AS g(i), w`,
      [store.id, CONSIGNERS],
    );
    const insertMs = performance.now() - t0;
    await bench.database.executeSql('ANALYZE consigners');

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'localhost', origin: config.appUrl, 'content-type': 'application/json' },
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

    for (let i = 0; i < WARMUP; i += 1) await get(`/api/consigners?${QUERIES[i % QUERIES.length].query}`);
    const all: number[] = [];
    const baseline: number[] = [];
    const byKind = new Map<string, { ms: number[]; cpuMs: number[]; total: number }>();
    for (let i = 0; i < REQUESTS; i += 1) {
      const q = QUERIES[i % QUERIES.length];
      const { ms, cpuMs, res } = await get(`/api/consigners?${q.query}`);
      all.push(ms);
      baseline.push((await get('/api/me')).ms);
      const entry = byKind.get(q.kind) ?? { ms: [], cpuMs: [], total: (res.json() as { data: { total: number } }).data.total };
      entry.ms.push(ms);
      entry.cpuMs.push(cpuMs);
      byKind.set(q.kind, entry);
    }
    all.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const exportRun = await get('/api/consigners/export');
    return {
      kind,
      consigners: CONSIGNERS,
      insertSeconds: round(insertMs / 1000),
      requests: all.length,
      p50: round(percentile(all, 50)),
      p95: round(percentile(all, 95)),
      max: round(all[all.length - 1]),
      baselineP50: round(percentile(baseline, 50)),
      exportMs: round(exportRun.ms),
      exportLines: exportRun.res.body.split('\n').length - 2,
      loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' '),
      byKind: [...byKind].map(([k, v]) => {
        const sorted = [...v.ms].sort((a, b) => a - b);
        const cpu = [...v.cpuMs].sort((a, b) => a - b);
        return { kind: k, total: v.total, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), cpuP95: round(percentile(cpu, 95)) };
      }),
    };
  } finally {
    await app.close();
    await bench.database.close();
    await bench.drop();
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  const ok = r.p95 < BUDGET_P95_MS;
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'}: ${r.consigners.toLocaleString('en-US')} consigners, ${r.requests} requests`);
  console.log(`insert ${r.insertSeconds} s; p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms — budget p95 < ${BUDGET_P95_MS} ms: ${ok ? 'MET' : 'MISSED'}`);
  console.log(`paired GET /api/me p50 ${r.baselineP50} ms; consigners.csv of all ${r.exportLines} in ${r.exportMs} ms; load average ${r.loadAverage} (${os.cpus().length} CPUs)\n`);
  console.log('| request | matches | p50 ms | p95 ms | CPU p95 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const k of r.byKind) console.log(`| ${k.kind} | ${k.total} | ${k.p50} | ${k.p95} | ${k.cpuP95} |`);
  return ok;
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let allOk = true;
for (const kind of kinds) allOk = report(await run(kind)) && allOk;
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
process.exitCode = allOk ? 0 : 1;
