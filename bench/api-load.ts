// API throughput (docs/api-foundation.md): the real server, started as `npm start` starts it (tsx, seeded demo shop,
// request logging at info to /dev/null), once on PGlite and once on PostgreSQL, loaded by autocannon
// from this process. Prints one table with both databases.
//
//   npx tsx bench/api-load.ts                      50 connections, 20 s per request, both databases
//   options: --duration=20 --connections=50 --db=pglite|postgres|both --only=list,search,store,me,orders,payouts,dashboard,activity
//            --one=200        one-connection mode: N sequential requests (list and /api/me), the list
//                             request's SQL captured (Drizzle logger) and run directly on the database
//            --store=big      the 200,000-item store of bench/inventory-queries.ts (--single-store data,
//                             kept in data/bench/inventory-queries-single and database backroom_bench_single;
//                             built there first when missing)
//            --busy            the busy hour (docs/scaling.md): CONNECTIONS readers of the staff list (varied pages,
//                              sorts, status filters) and the product search (varied terms) while items are edited
//                              --edits=10 times a second; edits' p99 reported apart; the machine's HTTP limit (a bare
//                              Fastify answering a 50-row page) measured in the same run; beside it, timed apart,
//                              a counter sale (POST /api/sales, a fresh item each) --sales=1 and a sign-in
//                              (POST /api/auth/sign-in/email) --sign-ins=1 a second
//            --shop=bench-1    with --busy and --stores: the whole mix in that generated store
//            --processes=2     with --busy, PostgreSQL: that many server processes on the one database (ports
//                              port, port + 1, ...), the readers' connections split between them, the edits,
//                              sales and sign-ins sent to each in turn (PGlite has one owner: one process)
//            --stores=100      with --busy: the demo shop and 99 more stores of --store-items=2000 items each, the owner
//                              an Admin of each; the reads spread over 10 of them by x-store-handle, the edits in the demo shop;
//                              the readers in two groups timed apart: the demo shop's (5 of the 50 connections) and the 9
//                              other stores' (45), each connection one person in one store
//            --edited-readers=5  with --stores: the connections on the edited store (0: none, only its writes)
//            --server-root=DIR   run the server of another checkout (before/after comparisons)
//            --no-read-cache     the server without its read cache (http/read-cache.ts): each request does its work
//            --cpu-prof=DIR      the server writes a V8 CPU profile to DIR as it exits (open it in Chrome's DevTools)
//            --port=3316 (PGlite; PostgreSQL uses port + 10; 3306 is MariaDB's here; with --db=postgres alone, port)
//            --limit-port=3366 the bare Fastify of --busy (default port + 50)
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the demo run creates a
// scratch database there and drops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD as PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { adminQuery, BIG_STORE_PG_URL, ensureBigStore } from './bench-db.ts';
import { busyUrl, request as get, timesAtOneConnection } from './busy-mix.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const DURATION = Number(args.get('duration') ?? 20);
const CONNECTIONS = Number(args.get('connections') ?? 50);
const ONE = args.has('one') ? Number(args.get('one') === 'true' ? 200 : args.get('one')) : 0;
const BIG = args.get('store') === 'big';
const BUSY = args.has('busy');
const EDITS_PER_SECOND = Number(args.get('edits') ?? 10);
const STORES = Number(args.get('stores') ?? 1);
const STORE_ITEMS = Number(args.get('store-items') ?? 2000);
// the stores the busy mix is spread over: the demo shop and 9 of the generated ones
// --shop=bench-1: the whole mix (reads, edits, sales) in that one generated store of --store-items items
// (a shop larger than the demo's, whose 22 Active items fit on one page)
const SHOP = args.get('shop');
const PROCESSES = Math.max(1, Number(args.get('processes') ?? 1));
const MIX_STORES = SHOP ? [SHOP] : STORES > 1 ? ['demo', ...Array.from({ length: Math.min(9, STORES - 1) }, (_, k) => `bench-${k + 1}`)] : ['demo'];
const BASE_PORT = Number(args.get('port') ?? 3316);
// --server-root=DIR: start the server of another checkout (e.g. a worktree at an earlier commit), to
// measure before and after a change in the same conditions
const SERVER_ROOT = path.resolve(args.get('server-root') ?? repoRoot);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbs = (args.get('db') ?? 'both') === 'both' ? (['pglite', 'postgres'] as const) : ([args.get('db')] as ('pglite' | 'postgres')[]);

const REQUESTS = [
  { key: 'list', label: 'GET /api/inventories/paginatedInventories?pageSize=50', path: '/api/inventories/paginatedInventories?pageSize=50', auth: true },
  { key: 'search', label: 'GET /api/products?search=nike', path: '/api/products?search=nike', auth: true },
  { key: 'store', label: 'GET /open/stores/current', path: '/open/stores/current', auth: false },
  { key: 'me', label: 'GET /api/me', path: '/api/me', auth: true },
  // docs/payouts.md: the order item table and the payouts list, first page
  { key: 'orders', label: 'GET /api/orders?pageSize=50', path: '/api/orders?pageSize=50', auth: true },
  { key: 'payouts', label: 'GET /api/payouts', path: '/api/payouts', auth: true },
  // docs/dashboard-and-activity.md: the owner's dashboard (last 30 days) and the Activity feed's first page
  { key: 'dashboard', label: 'GET /api/dashboard', path: '/api/dashboard', auth: true },
  { key: 'activity', label: 'GET /api/inventoryLogs', path: '/api/inventoryLogs', auth: true },
] as const;
const only = args.get('only')?.split(',');
const requests = REQUESTS.filter((r) => !only || only.includes(r.key));

const log = (...parts: unknown[]) => console.log(...parts);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** CPU time (ms) of a process so far, from /proc (Linux, 100 Hz ticks). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

type Target = { kind: 'pglite' | 'postgres'; env: Record<string, string>; dataDir: string; databaseUrl?: string; cleanup: () => Promise<void> };

async function prepare(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (BIG) {
    const dataDir = await ensureBigStore(kind, log);
    const databaseUrl = kind === 'postgres' ? BIG_STORE_PG_URL : undefined;
    return { kind, dataDir, databaseUrl, env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, cleanup: async () => {} };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-load-'));
  if (kind === 'pglite') return { kind, dataDir, env: { DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const name = `backroom_load_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
  return {
    kind,
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    cleanup: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm start`'s server (tsx, development mode, demo seed, request log at info), its output to /dev/null. */
async function startServer(target: Target, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', ...target.env };
  delete env.NODE_ENV;
  if (!target.databaseUrl) delete env.DATABASE_URL;
  if (args.has('log-level')) env.LOG_LEVEL = args.get('log-level');
  // --busy signs in once a second from one address, over the default 60 a minute on longer runs: the
  // bench's server alone gets a higher limit (still counted in the database, as in production)
  if (BUSY) env.AUTH_SIGNIN_PER_MINUTE = '100000';
  // --no-read-cache: every request does its queries and serialisation (the figures without the read cache)
  if (args.has('no-read-cache')) env.READ_CACHE = 'false';
  // --cpu-prof=DIR: the server writes a V8 CPU profile there when it exits (where a request's time goes)
  const profile = args.has('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${args.get('cpu-prof')}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], { cwd: SERVER_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const started = performance.now();
  log(`  starting the server (${target.kind}, port ${port})...`);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if ((await get(port, '/open/stores/current').catch(() => ({ status: 0 }))).status === 200) break;
    if (performance.now() - started > 300_000) throw new Error('server did not start in 5 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`  server (pid ${child.pid}) up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function signIn(port: number): Promise<string> {
  const res = await get(port, '/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.backroom.test', password: PASSWORD }),
  });
  const token = res.headers['set-auth-token'];
  if (res.status !== 200 || typeof token !== 'string') throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  return token;
}

type Row = { db: string; key: string; label: string; rps: number; p50: number; p99: number; errors: number; bytes: number; serverCpu: number; cpuPerRequest: number; load: string };

async function loadOne(port: number, token: string, r: (typeof REQUESTS)[number], pid: number, kind: string): Promise<Row> {
  const headers: Record<string, string> = { host: 'localhost', ...(r.auth ? { authorization: `Bearer ${token}` } : {}) };
  // a short warm-up (JIT, pools, caches), then the measured run
  await autocannon({ url: `http://127.0.0.1:${port}${r.path}`, connections: CONNECTIONS, duration: 2, headers });
  const cpuBefore = cpuMs(pid);
  // a 30 s timeout: on the shared machine a request may wait that long and still be answered
  const result = await autocannon({ url: `http://127.0.0.1:${port}${r.path}`, connections: CONNECTIONS, duration: DURATION, headers, timeout: 30 });
  const serverCpu = (cpuMs(pid) - cpuBefore) / (DURATION * 1000);
  const row = {
    db: kind,
    key: r.key,
    label: r.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    serverCpu,
    // the server's CPU per answered request: what the request costs whatever else the machine runs
    cpuPerRequest: (serverCpu * DURATION * 1000) / Math.max(1, result.requests.total),
    load: load(),
  };
  log(
    `  ${r.label}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, ${(row.bytes / 1024).toFixed(1)} KB/response, server CPU ${(serverCpu * 100).toFixed(0)} % (${row.cpuPerRequest.toFixed(2)} ms/request), load ${row.load}`,
  );
  return row;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

type Captured = { sql: string; params: unknown[] };

/**
 * The list request's SQL: the app built in this process on the same database (the server stopped,
 * PGlite has one owner), Drizzle's logger on, one warm list request through app.inject; then each
 * statement run directly on the database with its parameters, N times.
 */
async function sqlOfList(target: Target, token: string, n: number) {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  let capturing: Captured[] | null = null;
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    logger: { logQuery: (sql: string, params: unknown[]) => capturing?.push({ sql, params }) },
  });
  // the read cache off: the request captured must run its statements
  const config = loadConfig({ env: 'production', authSecret: 'backroom-development-secret-change-me', logLevel: 'silent', dataDir: target.dataDir, databaseUrl: target.databaseUrl, seedDemo: false, readCache: false });
  const { app } = await buildApp(config, database);
  await app.ready();
  const inject = () => app.inject({ method: 'GET', url: REQUESTS[0].path, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
  for (let k = 0; k < 5; k += 1) await inject();
  capturing = [];
  const res = await inject();
  const statements = capturing as Captured[];
  capturing = null;
  if (res.statusCode !== 200) throw new Error(`list through app.inject: ${res.statusCode}`);
  await app.close();
  await database.close();

  // run them directly: a pg client (extended protocol, as the pool does) or the PGlite instance
  let run: (s: Captured) => Promise<unknown>;
  let close: () => Promise<void>;
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    run = (s) => client.query(s.sql, s.params as unknown[]);
    close = () => client.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create({ dataDir: path.join(target.dataDir, 'pglite'), extensions: { pg_trgm } });
    run = (s) => client.query(s.sql, s.params as unknown[]);
    close = () => client.close();
  }
  const serialize = (p: unknown) => (p instanceof Date ? p.toISOString() : p);
  for (const s of statements) s.params = s.params.map(serialize);
  for (let k = 0; k < 20; k += 1) for (const s of statements) await run(s);
  const totals: number[] = [];
  const per = statements.map(() => [] as number[]);
  for (let k = 0; k < n; k += 1) {
    let total = 0;
    for (const [j, s] of statements.entries()) {
      const started = performance.now();
      await run(s);
      const took = performance.now() - started;
      per[j].push(took);
      total += took;
    }
    totals.push(total);
  }
  await close();
  return { statements: statements.map((s, j) => ({ sql: s.sql, p50: stats(per[j]).p50 })), total: stats(totals) };
}


// The busy hour: varied URLs, as many people on different screens would ask them
// the busy hour's URLs: bench/busy-mix.ts (bench/first-load.ts loads pages under the same mix)

/** --stores: 99 more stores of STORE_ITEMS items each, the demo owner an Admin of each (the server stopped). */
async function generateStores(target: Target) {
  // the server's own checkout: its migrations, not this one's, are the database's
  const { openDatabase } = (await import(path.join(SERVER_ROOT, 'apps/server/src/db/client.ts'))) as typeof import('../apps/server/src/db/client.ts');
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const run = async (text: string, values?: unknown[]) => (await database.executeSql(text, values)).rows as Record<string, unknown>[];
  const started = performance.now();
  try {
    await run(`INSERT INTO stores (name, support_email, handle) SELECT 'Bench Store ' || g, 'bench' || g || '@bench.test', 'bench-' || g FROM generate_series(1, ${STORES - 1}) g`);
    await run(`INSERT INTO locations (store_id, name, is_marketplace) SELECT s.id, l.name, false FROM stores s CROSS JOIN (VALUES ('Downtown'), ('Warehouse')) l(name) WHERE s.handle LIKE 'bench-%'`);
    await run(`INSERT INTO products (store_id, title, brand, sku, category, gender, image)
      SELECT s.id, (array['Nike','Jordan','adidas','New Balance','ASICS'])[1 + g % 5] || ' ' || (array['Dunk Low','Air Max 90','Samba OG','550','Yeezy 350','Retro High'])[1 + g % 6] || ' ' || g,
        (array['Nike','Jordan','adidas','New Balance','ASICS'])[1 + g % 5], 'B-' || g, 'Sneakers', 'Unisex', '/demo-assets/air-max-90.svg'
      FROM stores s CROSS JOIN generate_series(1, 200) g WHERE s.handle LIKE 'bench-%'`);
    await run(`INSERT INTO consigners (store_id, first_name, last_name, email, is_active, accepted_tos, is_store_account)
      SELECT s.id, 'Consigner', 'No ' || g, 'consigner' || g || '@' || s.handle || '.bench.test', true, true, g = 1 FROM stores s CROSS JOIN generate_series(1, 50) g WHERE s.handle LIKE 'bench-%'`);
    await run(`INSERT INTO employees (store_id, first_name, last_name, email, role, is_active, fb_user_id)
      SELECT s.id, 'Bench', 'Owner', u.email, 'Admin', true, u.id FROM stores s, "user" u WHERE s.handle LIKE 'bench-%' AND u.email = 'owner@demo.backroom.test'`);
    const stores = await run(`SELECT id FROM stores WHERE handle LIKE 'bench-%'`);
    for (const store of stores)
      await run(`WITH p AS (SELECT array_agg(id ORDER BY sku) ids, array_agg(title ORDER BY sku) titles, array_agg(sku ORDER BY sku) skus FROM products WHERE store_id = $1),
                      c AS (SELECT array_agg(id ORDER BY email) ids FROM consigners WHERE store_id = $1)
        INSERT INTO inventory_items (store_id, code, product_id, consigner_id, sku, title, category, status, option1_value, price, payout, payout_fee, total, quantity, location, printed, created_at, updated_at, last_updated_by_name)
        SELECT $1, 'B' || lpad(to_hex(n * 2654435761 % 4294967296), 8, '0'), p.ids[1 + n % 200], c.ids[1 + (n * 7) % 50], p.skus[1 + n % 200], p.titles[1 + n % 200], 'Sneakers',
          (array['Active','Active','Active','Pending','Sold'])[1 + n % 5], (array['8','9','10','11'])[1 + n % 4], 5000 + (n % 400) * 100, 4000 + (n % 400) * 80, 1000, 4000 + (n % 400) * 80, 1,
          (array['Downtown','Warehouse'])[1 + n % 2], false, now() - n * interval '1 minute', now() - n * interval '1 minute', 'Bench'
        FROM generate_series(1, ${STORE_ITEMS}) n, p, c`, [store.id]);
    await run('ANALYZE');
    log(`  ${STORES - 1} stores of ${STORE_ITEMS} items generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** The machine's HTTP limit: a bare Fastify answering a 50-row page, in its own process, loaded the same way. */
async function machineLimit(port: number): Promise<number> {
  const code = `const f=require('fastify')();const rows=Array.from({length:50},(_, i)=>({id:String(i),code:'C'+i,title:'A product title '+i,price:100+i,status:'Active'}));f.get('/',async()=>({data:{rows,count:50}}));f.listen({port:${port},host:'127.0.0.1'});`;
  const child = spawn(process.execPath, ['-e', code], { cwd: path.join(repoRoot, 'apps/server'), stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (let k = 0; k < 100; k += 1) {
      if ((await get(port, '/').catch(() => ({ status: 0 }))).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: CONNECTIONS, duration: Math.min(DURATION, 10) });
    return result.requests.average;
  } finally {
    child.kill('SIGTERM');
  }
}

/** Latencies of one paced action (a request sent every 1/perSecond s, whatever the previous ones are doing). */
type Paced = { done: number; p50: number; p99: number; errors: number };

function paced(perSecond: number, send: (n: number) => Promise<{ status: number; body: string }> | null, ok: (status: number) => boolean) {
  const times: number[] = [];
  let errors = 0;
  let n = 0;
  const running: Promise<void>[] = [];
  const timer =
    perSecond > 0
      ? setInterval(() => {
          const started = performance.now();
          const sent = send((n += 1));
          if (!sent) return;
          running.push(
            sent.then(
              (res) => {
                if (ok(res.status)) times.push(performance.now() - started);
                else if ((errors += 1) <= 3) log(`    refused: ${res.status} ${res.body.slice(0, 200)}`);
              },
              () => void (errors += 1),
            ),
          );
        }, 1000 / perSecond)
      : null;
  // only while the readers run: autocannon may take longer than DURATION to collect its last answers
  const stop = setTimeout(() => timer && clearInterval(timer), DURATION * 1000);
  return async (): Promise<Paced> => {
    clearTimeout(stop);
    if (timer) clearInterval(timer);
    await Promise.all(running);
    const sorted = [...times].sort((a, b) => a - b);
    return { done: times.length, p50: sorted.length ? percentile(sorted, 50) : NaN, p99: sorted.length ? percentile(sorted, 99) : NaN, errors };
  };
}

type BusyRow = { db: string; processes: number; limit: number; rps: number; p99: number; groups: { edited: { rps: number; p99: number }; others: { rps: number; p99: number } } | null; errors: number; edits: Paced; sales: Paced; signIns: Paced; load: string; cpu: { server: number; postgres: number } };

/** CPU time (ms) of the machine's PostgreSQL processes so far (its backends serve only the bench here). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

// beside the mix, as the issue lists them: a counter sale saved (a fresh item each) and a sign-in, each --sales= and --sign-ins= a second
const SALES_PER_SECOND = Number(args.get('sales') ?? 1);
const SIGN_INS_PER_SECOND = Number(args.get('sign-ins') ?? 1);
// two of the demo's staff (seed/demo-data.ts): the sign-ins go round them
const SIGN_IN_EMAILS = ['owner@demo.backroom.test', 'stock@demo.backroom.test'];

async function busyHour(ports: number[], token: string, kind: string, limit: number, pids: number[]): Promise<BusyRow> {
  const port = ports[0];
  // the n-th write goes to the next process (with one process, always the same)
  const portOf = (n: number) => ports[n % ports.length];
  const headers: Record<string, string> = { host: 'localhost', authorization: `Bearer ${token}` };
  const items: { id: string; price: number | null; handle: string }[] = [];
  // items to sell at the counter, one each, none of those edited
  const forSale: string[] = [];
  // the edits in one store (the demo shop): with --stores, the other stores' readers should not feel them
  for (const handle of MIX_STORES.slice(0, 1)) {
    const list = JSON.parse((await get(port, '/api/inventories/paginatedInventories?pageSize=500&status=Active', { headers: { ...headers, 'x-store-handle': handle } })).body) as { data: { rows: { id: string; price: number | null }[] } };
    const priced = list.data.rows.filter((r) => r.price !== null);
    // the last ones sold (as many as the run sells, at most half), up to 50 of the others edited
    const selling = Math.min(Math.ceil(SALES_PER_SECOND * DURATION) + 2, Math.floor(priced.length / 2));
    forSale.push(...priced.slice(priced.length - selling).map((r) => r.id));
    for (const row of priced.slice(0, Math.min(50, priced.length - selling))) items.push({ ...row, handle });
  }
  log(`  ${items.length} items edited in turn, ${forSale.length} to sell`);
  // with --stores, each request goes to the next of its group's stores (x-store-handle, as a Host would)
  // what the read cache answered (x-read-cache), per kind of URL: the levers of docs/scaling.md in numbers
  const answered: Record<string, Record<string, number>> = { list: {}, search: {} };
  const requestsOver = (stores: string[]): autocannon.Request[] => {
    let k = 0;
    return [
      {
        setupRequest: (req, context) => {
          k += 1;
          const path = busyUrl(Math.floor(k / stores.length));
          (context as { kind?: string }).kind = path.startsWith('/api/products') ? 'search' : 'list';
          return { ...req, path, headers: { ...req.headers, 'x-store-handle': stores[k % stores.length] } };
        },
        onResponse: (_status, _body, context, headers) => {
          const how = (headers as Record<string, string | undefined>)['x-read-cache'] ?? 'read';
          const counts = answered[(context as { kind?: string }).kind ?? 'list'];
          counts[how] = (counts[how] ?? 0) + 1;
        },
      },
    ];
  };
  // the readers ask as a browser does: with Accept-Encoding (Chrome: gzip, deflate, br, zstd)
  const readers = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
  // With --stores the readers are two groups, each with its own latencies: the edited store's (its share
  // of the connections) and the other stores' (the rest), so "one store's writes do not slow the others'
  // reads" is the other stores' p99 with the edits against without them.
  // --edited-readers=N: that many of the connections on the edited store (default its share); 0 leaves the
  // edited store's own readers out, to tell its writes from its readers' reads of what they changed
  const editedShare = Math.max(1, Math.round(CONNECTIONS / MIX_STORES.length));
  const editedReaders = Number(args.get('edited-readers') ?? editedShare);
  const groups =
    MIX_STORES.length > 1
      ? [
          { name: 'edited', stores: MIX_STORES.slice(0, 1), connections: editedReaders },
          { name: 'others', stores: MIX_STORES.slice(1), connections: CONNECTIONS - editedShare },
        ].filter((group) => group.connections > 0)
      : [{ name: 'all', stores: MIX_STORES, connections: CONNECTIONS }];
  // the readers' connections split between the processes, one autocannon per process and group, all at once
  const readAll = async (duration: number) => {
    const runs = groups.flatMap((group) => {
      const requests = requestsOver(group.stores);
      return ports.map((p, n) => ({
        group: group.name,
        result: autocannon({ url: `http://127.0.0.1:${p}`, connections: Math.floor(group.connections / ports.length) + (n < group.connections % ports.length ? 1 : 0), duration, headers: readers, requests, timeout: 30 }),
      }));
    });
    const results = await Promise.all(runs.map((r) => r.result));
    const of = (group: string) => results.filter((_, n) => runs[n].group === group);
    const figuresOf = (group: string) => ({ rps: of(group).reduce((sum, r) => sum + r.requests.average, 0), p99: of(group).length ? Math.max(...of(group).map((r) => r.latency.p99)) : NaN });
    // req/s summed; the p99 the worst process's
    return {
      rps: results.reduce((sum, r) => sum + r.requests.average, 0),
      total: results.reduce((sum, r) => sum + r.requests.total, 0),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      groups: MIX_STORES.length > 1 ? { edited: figuresOf('edited'), others: figuresOf('others') } : null,
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    };
  };
  await readAll(2);
  const write = { ...headers, origin: 'http://localhost', 'content-type': 'application/json' };
  // the edits: one PUT of a price every 1/EDITS_PER_SECOND s
  const edits = paced(
    EDITS_PER_SECOND,
    (n) => {
      const item = items[n % items.length];
      return get(portOf(n), `/api/inventories/${item.id}`, { method: 'PUT', headers: { ...write, 'x-store-handle': item.handle }, body: JSON.stringify({ price: (item.price ?? 0) + (n % 7) }) });
    },
    (status) => status === 200,
  );
  // a counter sale of one item, paid cash, as the till sends it (a new sale key each)
  const sales = paced(
    SALES_PER_SECOND,
    (n) => {
      const id = forSale[n - 1];
      if (!id) return null;
      return get(portOf(n), '/api/sales', { method: 'POST', headers: { ...write, 'x-store-handle': MIX_STORES[0] }, body: JSON.stringify({ lines: [{ inventoryId: id }], paymentMethod: 'cash', saleKey: `bench-${kind}-${n}-${crypto.randomBytes(4).toString('hex')}` }) });
    },
    (status) => status === 201,
  );
  // a sign-in with e-mail and password, as the login page sends it (no bearer token)
  const signIns = paced(
    SIGN_INS_PER_SECOND,
    (n) =>
      get(portOf(n), '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ email: SIGN_IN_EMAILS[n % SIGN_IN_EMAILS.length], password: PASSWORD }),
      }),
    (status) => status === 200,
  );
  for (const counts of Object.values(answered)) for (const how of Object.keys(counts)) delete counts[how];
  // the CPU the server (and PostgreSQL) spend per request served: steadier than req/s on a machine whose
  // cores are shared with others (the limit measured here moves by half from one run to the next)
  const serversCpu = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = { server: serversCpu(), postgres: kind === 'postgres' ? postgresCpuMs() : 0 };
  const result = await readAll(DURATION);
  const share = (counts: Record<string, number>) => {
    const all = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
    return Object.entries(counts)
      .sort()
      .map(([how, n]) => `${how} ${((100 * n) / all).toFixed(0)} %`)
      .join(', ');
  };
  log(`  answered: list ${share(answered.list)}; search ${share(answered.search)}`);
  const served = Math.max(1, result.total);
  const cpu = { server: (serversCpu() - cpuBefore.server) / served, postgres: kind === 'postgres' ? (postgresCpuMs() - cpuBefore.postgres) / served : 0 };
  const row: BusyRow = {
    cpu,
    db: kind,
    processes: ports.length,
    limit,
    rps: result.rps,
    p99: result.p99,
    groups: result.groups,
    errors: result.errors,
    edits: await edits(),
    sales: await sales(),
    signIns: await signIns(),
    load: load(),
  };
  const show = (name: string, p: Paced) => `${p.done} ${name}, p50 ${p.p50.toFixed(0)} ms, p99 ${p.p99.toFixed(0)} ms, errors ${p.errors}`;
  log(
    `  busy hour: list and search ${row.rps.toFixed(0)} req/s (${(row.rps / limit).toFixed(3)} of the limit ${limit.toFixed(0)}), p99 ${row.p99} ms${row.groups ? ` (the edited store's readers ${row.groups.edited.rps.toFixed(0)} req/s, p99 ${row.groups.edited.p99} ms; the other stores' ${row.groups.others.rps.toFixed(0)} req/s, p99 ${row.groups.others.p99} ms)` : ''}, errors ${row.errors}; CPU per read (the edits, sales and sign-ins counted in) ${cpu.server.toFixed(2)} ms server${kind === 'postgres' ? ` + ${cpu.postgres.toFixed(2)} ms PostgreSQL` : ''}; ${show('edits', row.edits)}; ${show('counter sales', row.sales)}; ${show('sign-ins', row.signIns)}; load ${row.load}`,
  );
  return row;
}

type OneRow = { db: string; list: { p50: number; p95: number }; me: { p50: number; p95: number }; sql: { p50: number; p95: number }; statements: { sql: string; p50: number }[]; load: string };

async function main() {
  log(`api-load: ${BIG ? 'the 200,000-item store' : STORES > 1 ? `${STORES} stores (the mix over ${MIX_STORES.length})` : 'the demo shop'}, ${ONE ? `one connection, ${ONE} requests` : `${CONNECTIONS} connections, ${DURATION} s per request`}; load average ${load()}`);
  const rows: Row[] = [];
  const ones: OneRow[] = [];
  const busyRows: BusyRow[] = [];
  const limit = BUSY ? await machineLimit(Number(args.get('limit-port') ?? BASE_PORT + 50)) : 0;
  if (BUSY) log(`the machine's HTTP limit (bare Fastify, a 50-row page, ${CONNECTIONS} connections): ${limit.toFixed(0)} req/s`);
  for (const [n, kind] of dbs.entries()) {
    const port = BASE_PORT + n * 10;
    log(`\n${kind} (port ${port})`);
    const target = await prepare(kind);
    let server: ChildProcess | null = null;
    const others: ChildProcess[] = [];
    try {
      server = await startServer(target, port);
      if (BUSY && STORES > 1) {
        // the demo seeded by the first start; the other stores written with the server stopped (PGlite has one owner)
        await stopServer(server);
        await generateStores(target);
        server = await startServer(target, port);
      }
      const token = await signIn(port);
      if (ONE) {
        const list = stats(await timesAtOneConnection(port, token, REQUESTS[0].path, ONE, 20));
        const me = stats(await timesAtOneConnection(port, token, '/api/me', ONE, 20));
        await stopServer(server);
        server = null;
        const sql = await sqlOfList(target, token, ONE);
        const row = { db: kind, list, me, sql: sql.total, statements: sql.statements, load: load() };
        log(`  list p50 ${list.p50.toFixed(2)} ms (p95 ${list.p95.toFixed(2)}); its ${sql.statements.length} SQL statements run directly: p50 ${sql.total.p50.toFixed(2)} ms (p95 ${sql.total.p95.toFixed(2)}); /api/me p50 ${me.p50.toFixed(2)} ms`);
        for (const s of sql.statements) log(`    ${s.p50.toFixed(2)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
        ones.push(row);
      } else if (BUSY) {
        // more processes on PostgreSQL: started after the first, which seeded the demo
        const processes = kind === 'postgres' ? PROCESSES : 1;
        for (let n = 1; n < processes; n += 1) others.push(await startServer(target, port + n));
        busyRows.push(await busyHour([port, ...others.map((_, n) => port + n + 1)], token, kind, limit, [server.pid!, ...others.map((o) => o.pid!)]));
      } else {
        for (const r of requests) rows.push(await loadOne(port, token, r, server.pid!, kind));
      }
    } finally {
      for (const other of others) await stopServer(other);
      if (server) await stopServer(server);
      await target.cleanup();
    }
  }

  if (rows.length) {
    log(`\n| request | database | req/s | p50 ms | p99 ms | errors | KB/resp | server CPU | server CPU ms/request | load avg |`);
    log(`|---|---|---:|---:|---:|---:|---:|---:|---:|---|`);
    for (const r of requests)
      for (const row of rows.filter((x) => x.key === r.key))
        log(`| ${row.label} | ${row.db} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${(row.bytes / 1024).toFixed(1)} | ${(row.serverCpu * 100).toFixed(0)} % | ${row.cpuPerRequest.toFixed(2)} | ${row.load} |`);
  }
  if (busyRows.length) {
    const cell = (p: Paced) => `${p.p50.toFixed(0)} / ${p.p99.toFixed(0)}${p.errors ? ` (${p.errors} errors)` : ''}`;
    log(`\n| database | list and search req/s | of the limit | p99 ms | errors | CPU ms per read: server + PostgreSQL | edits (${EDITS_PER_SECOND}/s) p50 / p99 ms | counter sale (${SALES_PER_SECOND}/s) p50 / p99 ms | sign-in (${SIGN_INS_PER_SECOND}/s) p50 / p99 ms | load avg |`);
    log(`|---|---:|---:|---:|---:|---|---|---|---|---|`);
    for (const b of busyRows)
      log(`| ${b.db}${b.processes > 1 ? `, ${b.processes} processes` : ''} | ${b.rps.toFixed(0)} | ${(b.rps / b.limit).toFixed(3)} (limit ${b.limit.toFixed(0)}) | ${b.p99}${b.groups ? ` (edited store ${b.groups.edited.p99}, others ${b.groups.others.p99})` : ''} | ${b.errors} | ${b.cpu.server.toFixed(2)}${b.db === 'postgres' ? ` + ${b.cpu.postgres.toFixed(2)}` : ''} | ${cell(b.edits)} | ${cell(b.sales)} | ${cell(b.signIns)} | ${b.load} |`);
  }
  if (ones.length) {
    log(`\n| database | list p50 / p95 ms | its SQL run directly p50 / p95 ms | ratio (p50) | GET /api/me p50 / p95 ms | load avg |`);
    log(`|---|---|---|---:|---|---|`);
    for (const o of ones)
      log(
        `| ${o.db} | ${o.list.p50.toFixed(2)} / ${o.list.p95.toFixed(2)} | ${o.sql.p50.toFixed(2)} / ${o.sql.p95.toFixed(2)} (${o.statements.length} statements) | ${(o.list.p50 / o.sql.p50).toFixed(1)}x | ${o.me.p50.toFixed(2)} / ${o.me.p95.toFixed(2)} | ${o.load} |`,
      );
  }
}

await main();
