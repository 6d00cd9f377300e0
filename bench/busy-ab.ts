// Two servers under the busy hour's mix in turn (bench/busy-mix.ts), to measure one change against the
// code before it on a machine whose speed moves from minute to minute (bench/README.md "A page put together
// from kept rows"): server A and server B (two checkouts, each on its own database) are started side by
// side, then loaded in short bursts, A then B then B then A..., so both meet the same moments of the
// machine; each round's B/A ratio is printed and their median is the figure.
//
//   npx tsx bench/busy-ab.ts --a=/tmp/base [--b=.] [--db=pglite|postgres] [--rounds=8] [--burst=4] [--connections=50] [--edits=10]
//                            [--a-env=K=V,K=V] [--b-env=K=V] [--one=200]
//
// --a / --b: checkouts (a worktree or `git archive` with node_modules linked); B defaults to this one.
// --a-env / --b-env: settings of that server only (one checkout, two settings: --b-env=LOG_LEVEL=warn).
// --one=N: instead of the mix, the uncached list page of 50 at one connection (both servers READ_CACHE=false),
// N requests a burst; each round's A/B ratio of the p50s is printed (above 1: B is faster).
// PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a scratch database per server.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { adminQuery } from './bench-db.ts';
import { request, startBusyMix, timesAtOneConnection, type BusyFigures } from './busy-mix.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, '').split('=');
    return [k, v.length ? v.join('=') : 'true'] as const;
  }),
);
const KIND = (args.get('db') ?? 'pglite') as 'pglite' | 'postgres';
const ROUNDS = Number(args.get('rounds') ?? 8);
const BURST_S = Number(args.get('burst') ?? 4);
const CONNECTIONS = Number(args.get('connections') ?? 50);
const EDITS = Number(args.get('edits') ?? 10);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONE = Number(args.get('one') ?? 0);
const roots = { A: path.resolve(args.get('a') ?? repoRoot), B: path.resolve(args.get('b') ?? repoRoot) };
const envOf = (name: 'a' | 'b') => Object.fromEntries((args.get(`${name}-env`) ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const settings = { A: envOf('a'), B: envOf('b') };

type Server = { name: 'A' | 'B'; port: number; child: ChildProcess; token: string; cleanup: () => Promise<void> };

async function start(name: 'A' | 'B', port: number): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backroom-ab-${name}-`));
  let databaseUrl: string | undefined;
  let dbName = '';
  if (KIND === 'postgres') {
    dbName = `backroom_ab_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
  }
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true', DATA_DIR: dataDir, AUTH_SIGNIN_PER_MINUTE: '100000' };
  delete env.NODE_ENV;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (ONE) env.READ_CACHE = 'false';
  Object.assign(env, settings[name]);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: roots[name], env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const started = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited with ${child.exitCode}`);
    if ((await request(port, '/open/stores/current').catch(() => ({ status: 0 }))).status === 200) break;
    if (Date.now() - started > 300_000) throw new Error(`server ${name} did not start in 5 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const signedIn = await request(port, '/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.backroom.test', password: DEMO_PASSWORD }),
  });
  const token = signedIn.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error(`sign-in on ${name} failed: ${signedIn.status}`);
  const cleanup = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  console.log(`server ${name}: ${roots[name]} (${KIND}, port ${port}, pid ${child.pid})`);
  return { name, port, child, token, cleanup };
}

async function burst(server: Server, seconds: number): Promise<BusyFigures> {
  const mix = await startBusyMix(server.port, server.token, { connections: CONNECTIONS, editsPerSecond: EDITS });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return mix.stop();
}

/** ROUNDS rounds of `run` on each server in turn (A then B, then B then A ...), both meeting the same moments of the machine. */
async function inTurn<T>(a: Server, b: Server, run: (server: Server) => Promise<T>, show: (got: Record<'A' | 'B', T>) => string): Promise<Record<'A' | 'B', T>[]> {
  const rounds: Record<'A' | 'B', T>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const got: Partial<Record<'A' | 'B', T>> = {};
    for (const server of round % 2 ? [a, b] : [b, a]) got[server.name] = await run(server);
    rounds.push(got as Record<'A' | 'B', T>);
    console.log(`round ${round}: ${show(got as Record<'A' | 'B', T>)}`);
  }
  return rounds;
}

/** The uncached list page at one connection (bench/api-load.ts --one): the p50 of ONE requests. */
const LIST_PAGE = '/api/inventories/paginatedInventories?pageSize=50';
const onePage = async (server: Server, n: number) => median(await timesAtOneConnection(server.port, server.token, LIST_PAGE, n));

async function oneRounds(a: Server, b: Server) {
  await onePage(a, 100);
  await onePage(b, 100);
  const rounds = await inTurn(a, b, (server) => onePage(server, ONE), (got) => `A p50 ${got.A.toFixed(2)} ms, B p50 ${got.B.toFixed(2)} ms, A/B ${(got.A / got.B).toFixed(2)}`);
  const ratios = rounds.map((r) => r.A / r.B);
  console.log(`\nthe uncached list at one connection, ${ROUNDS} rounds of ${ONE}: A median p50 ${median(rounds.map((r) => r.A)).toFixed(2)} ms, B ${median(rounds.map((r) => r.B)).toFixed(2)} ms`);
  console.log(`A/B per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`);
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The busy hour's mix in bursts on each server in turn. */
async function mixRounds(a: Server, b: Server) {
  // warm both (the JIT, the kept answers) before anything is counted
  await burst(a, 2);
  await burst(b, 2);
  const rounds = await inTurn(
    a,
    b,
    (server) => burst(server, BURST_S),
    (got) => `A ${got.A.rps.toFixed(0)} req/s (edits p99 ${got.A.editP99.toFixed(0)} ms), B ${got.B.rps.toFixed(0)} req/s (edits p99 ${got.B.editP99.toFixed(0)} ms), B/A ${(got.B.rps / got.A.rps).toFixed(2)}`,
  );
  const ratios = rounds.map((r) => r.B.rps / r.A.rps);
  const sum = (xs: BusyFigures[]) => ({ rps: median(xs.map((x) => x.rps)), p99: median(xs.map((x) => x.p99)), editP99: median(xs.map((x) => x.editP99)), errors: xs.reduce((n, x) => n + x.errors + x.editErrors, 0) });
  const [sa, sb] = [sum(rounds.map((r) => r.A)), sum(rounds.map((r) => r.B))];
  console.log(`\n| ${KIND}, ${ROUNDS} rounds of ${BURST_S} s | median req/s | median p99 ms | median edits p99 ms | errors |`);
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| A (${path.basename(roots.A)}) | ${sa.rps.toFixed(0)} | ${sa.p99.toFixed(0)} | ${sa.editP99.toFixed(0)} | ${sa.errors} |`);
  console.log(`| B (${path.basename(roots.B)}) | ${sb.rps.toFixed(0)} | ${sb.p99.toFixed(0)} | ${sb.editP99.toFixed(0)} | ${sb.errors} |`);
  console.log(`B/A per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`);
}

const a = await start('A', 3416);
const b = await start('B', 3426);
try {
  await (ONE ? oneRounds(a, b) : mixRounds(a, b));
} finally {
  await a.cleanup();
  await b.cleanup();
}
