import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_ANCHOR, DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { seedDemo } from '../src/seed/seed.ts';

export const DEMO_HOST = 'localhost';
export { DEMO_PASSWORD };

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
  /** Signs in through better-auth and returns the bearer token. */
  signIn: (email: string, password?: string, host?: string) => Promise<string>;
  request: (opts: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token?: string; body?: unknown; host?: string; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;
};

/**
 * With DATABASE_URL, a new database on that server (and how to drop it), a copy of `template` when
 * given (test/global-setup.ts) or else empty; without, nothing (the caller uses in-memory PGlite).
 */
export async function createTestDatabase(template?: string): Promise<{ databaseUrl: string | undefined; dropDatabase: () => Promise<void> }> {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `backroom_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  return { databaseUrl, dropDatabase };
}

/**
 * The template's dump (46 MB) read once per worker: a worker keeps its modules from file to file
 * (vitest.config.ts, isolate: false), and PGlite only reads the Blob, so every file can load it.
 */
const templateDumps = new Map<string, Blob>();
function templateDump(file: string): Blob {
  let dump = templateDumps.get(file);
  if (!dump) templateDumps.set(file, (dump = new Blob([fs.readFileSync(file)])));
  return dump;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default; with DATABASE_URL, a new database
 * created on that server for this test file and dropped afterwards. Both start as a copy of the
 * migrated (and seeded) database test/global-setup.ts built once for the run.
 */
export async function createTestApp(
  opts: { seed?: boolean; logStream?: NodeJS.WritableStream; config?: Partial<AppConfig>; /** only some migrations (test/schema-citus) */ migrationsFolder?: string } = {},
): Promise<TestApp> {
  const seed = opts.seed !== false;
  // a database made by only some migrations is built the long way
  const templates = opts.migrationsFolder ? undefined : inject('databaseTemplates');
  const template = templates && (seed ? templates.seeded : templates.migrated);
  const { databaseUrl, dropDatabase } = await createTestDatabase(template);
  const config = loadConfig({ env: 'test', logLevel: opts.logStream ? 'info' : 'silent', dataDir: path.join(os.tmpdir(), `backroom-test-${process.pid}`), databaseUrl, ...opts.config });
  const loadDataDir = template && !databaseUrl ? templateDump(template) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? config.dataDir : 'memory://', migrationsFolder: opts.migrationsFolder, loadDataDir });
  const { app, ctx } = await buildApp(config, database, { logStream: opts.logStream });
  await app.ready();
  // the demo at its fixed dates (DEMO_ANCHOR), so the tests' figures do not move with the calendar;
  // a no-op on the seeded template
  if (seed) await seedDemo(ctx, { anchor: DEMO_ANCHOR });

  const request: TestApp['request'] = async ({ method, url, token, body, host, headers }) =>
    app.inject({
      method,
      url,
      headers: {
        host: host ?? DEMO_HOST,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  const signIn: TestApp['signIn'] = async (email, password = DEMO_PASSWORD, host = DEMO_HOST) => {
    const res = await request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email, password }, host, headers: { origin: `http://${host}` } });
    const token = res.headers['set-auth-token'];
    if (res.statusCode !== 200 || typeof token !== 'string') throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
    return token;
  };

  return {
    app,
    ctx,
    request,
    signIn,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export const json = <T = { data?: unknown; error?: string; code?: string }>(res: LightMyRequestResponse): T => res.json() as T;

export const DEMO = {
  owner: 'owner@demo.backroom.test',
  stock: 'stock@demo.backroom.test',
  ava: 'ava@demo.backroom.test',
  marco: 'marco@demo.backroom.test',
  storeAccount: 'store@demo.backroom.test',
  inactive: 'inactive@demo.backroom.test',
} as const;

/** Polls GET /api/jobs/{id} until the background job finishes. */
export async function waitForJob(app: TestApp, token: string, id: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const job = json<{ data: { status: string; done: number; failed: number; errors: { id: string; error: string }[]; result: unknown } }>(
      await app.request({ method: 'GET', url: `/api/jobs/${id}`, token }),
    ).data;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
