// A scratch database for a bench: an on-disk PGlite in a temp directory, or a new database on the
// PostgreSQL server of DATABASE_URL; drop() removes either. Shared by the benches that build their own data.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The PostgreSQL server the benches use (its postgres database), and the big store's database on it. */
export const BENCH_PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BIG_STORE_PG_URL = Object.assign(new URL(BENCH_PG_URL), { pathname: '/backroom_bench_single' }).toString();

export async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: BENCH_PG_URL });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * The 200,000-item store (the demo shop plus generated items), built by bench/inventory-queries.ts
 * --single-store --generate-only when it is not there yet; kept for later runs. Returns its DATA_DIR
 * (PGlite) or, for PostgreSQL, the same directory with the database BIG_STORE_PG_URL.
 */
export async function ensureBigStore(kind: 'pglite' | 'postgres', log: (line: string) => void = console.log): Promise<string> {
  const dataDir = path.join(repoRoot, 'data/bench/inventory-queries-single');
  if (kind === 'pglite' && fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) return dataDir;
  if (kind === 'postgres' && (await adminQuery(`SELECT 1 FROM pg_database WHERE datname = 'backroom_bench_single'`)).rowCount) return dataDir;
  log(`building the 200,000-item store on ${kind} (bench/inventory-queries.ts --single-store --generate-only)...`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/inventory-queries.ts', '--single-store', '--generate-only', ...(kind === 'postgres' ? ['--db=postgres'] : [])], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: BENCH_PG_URL },
  });
  if (r.status !== 0) throw new Error('generating the big store failed');
  return dataDir;
}

export async function openBench(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-bench-'));
  if (kind === 'pglite') {
    return { database: await openDatabase({ dataDir }), dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `backroom_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    database: await openDatabase({ databaseUrl, dataDir }),
    dataDir,
    databaseUrl,
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A scratch database with the app built on it in production mode (no listener): the benches that call services or inject requests. */
export async function openBenchApp(kind: 'pglite' | 'postgres') {
  const bench = await openBench(kind);
  const config = loadConfig({ env: 'production', logLevel: 'silent', dataDir: bench.dataDir, databaseUrl: bench.databaseUrl, appUrl: 'http://localhost:3000' });
  const { app, ctx } = await buildApp(config, bench.database);
  await app.ready();
  // BENCH_KEEP=1 keeps the database (its URL or directory is printed), e.g. for EXPLAIN
  const close = async () => {
    await app.close();
    await bench.database.close();
    if (process.env.BENCH_KEEP) console.log(`kept ${bench.databaseUrl ?? bench.dataDir}`);
    else await bench.drop();
  };
  return { bench, app, ctx, close };
}

/**
 * The demo owner signed in through the API (app.inject), and a caller that times each of their
 * requests and throws on an answer of 300 or more.
 */
export async function ownerCaller(app: Awaited<ReturnType<typeof openBenchApp>>['app'], appUrl: string, password: string) {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { host: 'localhost', origin: appUrl, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'owner@demo.backroom.test', password }),
  });
  const token = signIn.headers['set-auth-token'] as string;
  return async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const started = performance.now();
    const res = await app.inject({ method, url, headers: { host: 'localhost', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, payload: body ? JSON.stringify(body) : undefined });
    const ms = performance.now() - started;
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, res };
  };
}

