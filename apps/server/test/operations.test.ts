// Health, readiness, metrics, the request log and a graceful stop (docs/operations.md).
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';
import { shutDown } from '../src/ops/index.ts';
import { metricsAccess } from '../src/ops/metrics.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };
const lines: LogLine[] = [];
const logText: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      logText.push(line);
      lines.push(JSON.parse(line) as LogLine);
    }
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream });
}, 120_000);
afterAll(async () => t?.close());

describe('GET /healthz and /readyz', () => {
  it('answers 200 when the process runs, and 200 ready with every check ok', async () => {
    expect(json(await t.request({ method: 'GET', url: '/healthz' }))).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/readyz', host: 'no-such-store.example' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok', accepting: 'ok' }, missing: [] });
  });

  it('answers 503 naming the migration that is missing', async () => {
    // drizzle's own journal table, read raw: it is not part of the schema
    const { rows } = await t.ctx.database.executeSql('select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1', []);
    const row = rows[0] as { id: number; hash: string; created_at: string };
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await t.request({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(json(res)).toMatchObject({ status: 'unavailable', checks: { migrations: 'failing', database: 'ok' }, missing: ['Database migrations are not all applied.'] });
    } finally {
      await t.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`);
    }
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, and reports the backlogs', async () => {
    const token = await t.signIn(DEMO.owner);
    const [item] = await t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).limit(1);
    expect((await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token })).statusCode).toBe(200);
    await t.request({ method: 'GET', url: '/api/no-such-route' });
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/backroom_http_requests_total\{method="GET",route="\/api\/inventories\/:id",status="200"\} \d+/);
    expect(text).toMatch(/backroom_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/inventories\/:id",status="200"\}/);
    expect(text).toContain('route="(unmatched)",status="404"');
    // the URL's id never becomes a label
    expect(text).not.toContain(item.id);
    expect(text).toMatch(/backroom_outbox_messages\{state="unsent"\} \d+/);
    expect(text).toMatch(/backroom_storefront_sync_items\{state="pending"\} \d+/);
    expect(text).toMatch(/backroom_background_jobs\{status="failed"\} \d+/);
    expect(text).toContain('# TYPE backroom_job_queue_jobs gauge');
    expect(text).toContain('backroom_process_resident_memory_bytes');
  });

  it('asks for METRICS_TOKEN when one is set, and in production never answers without one', () => {
    const token = 'a-metrics-token-of-length';
    const secured = metricsAccess({ env: 'development', metricsToken: token });
    expect([secured(undefined), secured('Bearer wrong'), secured(`Bearer ${token}`)]).toEqual([false, false, true]);
    expect(metricsAccess({ env: 'production', metricsToken: undefined })(`Bearer ${token}`)).toBe(false);
    expect(metricsAccess({ env: 'production', metricsToken: token })(`Bearer ${token}`)).toBe(true);
    expect(metricsAccess({ env: 'development', metricsToken: undefined })(undefined)).toBe(true);
  });
});

describe('the log', () => {
  it('names the request, its store and its user on the completed line, and shows no secret of a run of API calls', async () => {
    const accessToken = 'shpat_0123456789abcdef0123456789abcdef';
    const webhookSecret = 'whsec-log-test-secret-7f3a9c';
    const accountNumber = '987654321098';
    const routingNumber = '021000021';
    const newPassword = 'log-test-new-password-42';

    const owner = await t.signIn(DEMO.owner);
    const [ava] = await t.ctx.db.select({ id: s.consigners.id }).from(s.consigners).where(eq(s.consigners.email, DEMO.ava));
    const bank = await t.request({
      method: 'PUT',
      url: `/api/consigners/${ava.id}`,
      token: owner,
      body: { payoutType: 'Bank', bankData: { routingType: 'abaNumber', accountName: 'Ava Log', accountNumber, routingNumber } },
      headers: { 'x-request-id': 'req-log-bank' },
    });
    expect(bank.statusCode).toBe(200);
    // a refused one too: an error answer must not echo the secret into the log either
    await t.request({ method: 'PUT', url: `/api/consigners/${ava.id}`, token: owner, body: { payoutType: 'Bank', bankData: { routingType: 'abaNumber', accountName: 'L', accountNumber } } });
    expect((await t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body: { shopDomain: 'log-test', accessToken, webhookSecret } })).statusCode).toBe(200);
    await t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body: { accessToken: `${accessToken} with spaces` } });

    await t.request({ method: 'POST', url: '/api/auth/request-password-reset', body: { email: DEMO.marco, redirectTo: '/reset-password' }, headers: { origin: 'http://localhost' } });
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, DEMO.marco)).orderBy(desc(s.outbox.createdAt)).limit(1);
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    const follow = await t.request({ method: 'GET', url: link.pathname + link.search });
    const resetToken = new URL(String(follow.headers.location), 'http://localhost').searchParams.get('token')!;
    expect(resetToken).toBeTruthy();
    const reset = await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { newPassword, token: resetToken }, headers: { origin: 'http://localhost', cookie: 'better-auth.session_token=cookie-secret-value' } });
    expect(reset.statusCode).toBe(200);
    const marco = await t.signIn(DEMO.marco, newPassword);
    await t.request({ method: 'GET', url: '/api/me', token: marco });

    const secrets = { owner, marco, accessToken, webhookSecret, accountNumber, routingNumber, newPassword, resetToken, linkToken: link.pathname.split('/').pop()!, cookie: 'cookie-secret-value' };
    const log = logText.join('\n');
    const leaked = Object.entries(secrets).filter(([, secret]) => log.includes(secret));
    expect(leaked.map(([name]) => name)).toEqual([]);

    const completed = lines.find((l) => l.reqId === 'req-log-bank' && l.msg === 'request completed');
    expect(completed).toMatchObject({ storeId: expect.any(String), userId: expect.any(String), actor: 'employee' });
    // every line of a request to a store names the store
    expect(lines.filter((l) => l.reqId === 'req-log-bank' && l.msg !== 'incoming request').every((l) => typeof l.storeId === 'string')).toBe(true);
  });

  it("redacts a secret field anything logs through the app's logger, at any depth (ops/log-redaction.ts)", async () => {
    t.app.log.child({ token: 'bound-secret-1' }).warn({ body: { password: 'body-secret-2' }, err: { config: { headers: { authorization: 'Bearer deep-secret-3' } } }, kept: 'visible-4' }, 'log redaction check');
    const line = lines.find((l) => l.msg === 'log redaction check');
    expect(line).toMatchObject({ token: '[Redacted]', body: { password: '[Redacted]' }, err: { config: { headers: { authorization: '[Redacted]' } } }, kept: 'visible-4' });
    expect(logText.join('\n')).not.toMatch(/(bound|body|deep)-secret/);
  });
});

describe('a graceful stop', () => {
  it('finishes the request and the job under way, refuses new work, then closes', async () => {
    const config = loadConfig({ env: 'test', logLevel: 'silent', dataDir: path.join(os.tmpdir(), `backroom-ops-${process.pid}`) });
    const database = await openDatabase({ dataDir: 'memory://' });
    const { app, ctx } = await buildApp(config, database);
    let releaseRequest = () => {};
    const requestHeld = new Promise<void>((resolve) => (releaseRequest = resolve));
    let requestEntered = () => {};
    const requestInHandler = new Promise<void>((resolve) => (requestEntered = resolve));
    app.get('/slow-for-test', async () => {
      requestEntered();
      await requestHeld;
      return { done: true };
    });
    let jobStarted = () => {};
    const jobRunning = new Promise<void>((resolve) => (jobStarted = resolve));
    let jobFinishedAt = 0;
    ctx.jobs.register('slow-for-test', async () => {
      jobStarted();
      await new Promise((r) => setTimeout(r, 700));
      jobFinishedAt = Date.now();
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;

    const [store] = await database.db.insert(s.stores).values({ name: 'Stop', handle: 'stop-test', supportEmail: 'stop@example.com' }).returning();
    const job = await ctx.jobs.create(database.db, { storeId: store.id, kind: 'slow-for-test', payload: {}, total: 1 });
    await ctx.jobs.dispatch(job);
    await jobRunning;
    const inFlight = fetch(`${base}/slow-for-test`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await requestInHandler;

    const stopped = shutDown(app, ctx, database);
    // not ready any more, and no new connection is taken
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    releaseRequest();
    const releasedAt = Date.now();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await stopped;
    const stoppedAt = Date.now();
    // well inside the 30 s limit: the in-flight request's kept-alive connection once held it for 70 s
    expect(stoppedAt - releasedAt).toBeLessThan(10_000);
    expect(ctx.jobs.started).toBe(false);
    // the job ran to its end before the queue and the database closed
    expect(jobFinishedAt).toBeGreaterThan(0);
    expect(jobFinishedAt).toBeLessThanOrEqual(stoppedAt);
  }, 120_000);
});
