// Two server processes on one PostgreSQL, each on its own port with nothing in front (docs/scaling.md
// "Several server processes"): a session, a job, the rate limits and the data are the database's.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { createTestDatabase, DEMO } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PORTS = [Number(process.env.TWO_PROCESS_PORT ?? 3260), Number(process.env.TWO_PROCESS_PORT ?? 3260) + 5];

type Server = { port: number; child: ChildProcess; output: string[] };

function startServer(port: number, databaseUrl: string, seed: boolean): Server {
  // node itself with tsx's loader (not the tsx command, a second process between the signal and the server)
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(os.tmpdir(), `backroom-two-${process.pid}-${port}`),
      SEED_DEMO: String(seed),
      LOG_LEVEL: process.env.TWO_PROCESS_LOG_LEVEL ?? 'warn',
      // far longer than the test: a write seen on the other process is not the TTL's doing
      CACHE_TTL_MS: '600000',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(String(d)));
  child.stderr?.on('data', (d: Buffer) => output.push(String(d)));
  return { port, child, output };
}

async function waitReady(server: Server, timeoutMs = 240_000) {
  const started = Date.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server on ${server.port} exited: ${server.output.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error(`server on ${server.port} not ready: ${server.output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const call = (server: Server, method: string, url: string, opts: { token?: string; body?: unknown } = {}) =>
  fetch(`http://localhost:${server.port}${url}`, {
    method,
    headers: {
      origin: `http://localhost:${server.port}`,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });

async function signIn(server: Server, email: string, password = DEMO_PASSWORD) {
  const res = await call(server, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  return { status: res.status, token: res.headers.get('set-auth-token') };
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL (needs DATABASE_URL: skipped on PGlite, one process only)', () => {
  let a: Server;
  let b: Server;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = startServer(PORTS[0], database.databaseUrl!, true);
    await waitReady(a);
    b = startServer(PORTS[1], database.databaseUrl!, false);
    await waitReady(b);
    sql = new pg.Client({ connectionString: database.databaseUrl });
    await sql.connect();
  }, 600_000);

  afterAll(async () => {
    await sql?.end();
    for (const server of [a, b]) if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.dropDatabase();
  });

  it('takes a sign-in made on one process on the other', async () => {
    const { status, token } = await signIn(a, DEMO.owner);
    expect(status).toBe(200);
    const me = await call(b, 'GET', '/api/me', { token: token! });
    expect(me.status).toBe(200);
  });

  it('shows a write made on one process on the next read of the other, cache or not', async () => {
    const { token } = await signIn(a, DEMO.owner);
    const page = '/api/inventories/paginatedInventories?status=Active';
    const first = await call(b, 'GET', page, { token: token! });
    const items = ((await first.json()) as { data: { rows: { id: string; price: number }[] } }).data.rows;
    expect((await call(b, 'GET', page, { token: token! })).headers.get('x-read-cache')).toBe('hit');
    const item = items[0];
    const newPrice = item.price + 7;
    expect((await call(a, 'PUT', `/api/inventories/${item.id}`, { token: token!, body: { price: newPrice } })).status).toBe(200);
    const after = await call(b, 'GET', page, { token: token! });
    expect(after.headers.get('x-read-cache')).toBeNull();
    const seen = ((await after.json()) as { data: { rows: { id: string; price: number }[] } }).data.rows.find((i) => i.id === item.id);
    expect(seen?.price).toBe(newPrice);
  });

  it('refuses on the other process, at its next request, a user disabled on one', async () => {
    const owner = (await signIn(a, DEMO.owner)).token!;
    const url = '/api/inventories/paginatedInventories?pageSize=10';
    const { rows } = await sql.query<{ id: string }>('select id from employees where email = $1', [DEMO.stock]);
    try {
      // disabled straight in the database (psql, or a process that does not sign them out): their
      // actor, kept on b, is refused on b's next request
      let token = (await signIn(b, DEMO.stock)).token!;
      expect((await call(b, 'GET', url, { token })).status).toBe(200);
      expect((await call(b, 'GET', url, { token })).status).toBe(200);
      await sql.query('update employees set is_active = false where id = $1', [rows[0].id]);
      const refused = await call(b, 'GET', url, { token });
      const body = (await refused.json()) as { code: string };
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(body.code).toBe('DISABLED');
      await sql.query('update employees set is_active = true where id = $1', [rows[0].id]);
      expect((await call(b, 'GET', url, { token })).status).toBe(200);
      // disabled on a through the API, which also ends their sessions (docs/security.md): the
      // session kept on b is refused on b's next request
      token = (await signIn(b, DEMO.stock)).token!;
      expect((await call(b, 'GET', url, { token })).status).toBe(200);
      expect((await call(b, 'GET', url, { token })).status).toBe(200);
      const disabled = await call(a, 'PUT', `/api/employees/${rows[0].id}`, { token: owner, body: { isActive: false } });
      expect(disabled.status, await disabled.text()).toBe(200);
      expect((await call(b, 'GET', url, { token })).status).toBe(401);
    } finally {
      await sql.query('update employees set is_active = true where id = $1', [rows[0].id]);
    }
  });

  it('measures how long after a write on one process the other serves the change (staleness)', async () => {
    const { token } = await signIn(a, DEMO.owner);
    const page = '/api/inventories/paginatedInventories?status=Active&pageSize=20';
    const rowsOf = async (res: Response) => ((await res.json()) as { data: { rows: { id: string; price: number }[] } }).data.rows;
    const item = (await rowsOf(await call(b, 'GET', page, { token: token! })))[0];
    const samples: number[] = [];
    const lags: number[] = [];
    for (let round = 1; round <= 5; round += 1) {
      expect((await call(b, 'GET', page, { token: token! })).headers.get('x-read-cache')).toBe('hit');
      const price = item.price + round * 10;
      // b is read over and over, one read at a time, while a writes and until a read of b that started
      // after a's answer has returned; each read notes when it started and what it saw
      let answeredAt = Number.POSITIVE_INFINITY;
      const written = call(a, 'PUT', `/api/inventories/${item.id}`, { token: token!, body: { price } }).then((r) => ((answeredAt = performance.now()), r.status));
      const reads: { startedAt: number; endedAt: number; fresh: boolean }[] = [];
      for (;;) {
        const startedAt = performance.now();
        const rows = await rowsOf(await call(b, 'GET', page, { token: token! }));
        reads.push({ startedAt, endedAt: performance.now(), fresh: rows.find((r) => r.id === item.id)?.price === price });
        if (startedAt > answeredAt) break;
      }
      expect(await written).toBe(200);
      // staleness: how long after a's answer a read of b could still start and get the old price
      const lastStale = Math.max(Number.NEGATIVE_INFINITY, ...reads.filter((r) => !r.fresh).map((r) => r.startedAt));
      samples.push(Math.max(0, lastStale - answeredAt));
      expect(reads.filter((r) => r.startedAt > answeredAt).every((r) => r.fresh)).toBe(true);
      // and how long from a's answer until b had served the new price
      const firstFresh = reads.find((r) => r.fresh);
      lags.push(Math.max(0, (firstFresh?.endedAt ?? 0) - answeredAt));
    }
    console.log(`two-process staleness, 5 rounds (ms after the writer's answer that a read of the other process still got the old price): ${samples.map((s) => s.toFixed(1)).join(', ')}; ms from the writer's answer to the other process's answer with the new price: ${lags.map((s) => s.toFixed(1)).join(', ')}`);
    expect(Math.max(...samples)).toBe(0);
  });

  it('shares the sign-in throttle: failures on both processes add up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await signIn(i % 2 ? b : a, DEMO.stock, 'wrong-password')).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // the sixth, on either process, is refused (5 failures per account, docs/security.md)
    expect((await signIn(b, DEMO.stock, 'wrong-password')).status).toBe(429);
    expect((await signIn(a, DEMO.stock)).status).toBe(429);
  });

  it('runs a job started on one process exactly once, whichever process takes it', async () => {
    const { token } = await signIn(a, DEMO.owner);
    const { rows } = await sql.query<{ id: string }>("select id from inventory_items where status = 'Active' order by code limit 4");
    const ids = rows.map((r) => r.id);
    await sql.query("update inventory_items set status = 'Pending' where id = any($1)", [ids]);
    const logsOf = async () => (await sql.query<{ n: number }>('select count(*)::int as n from inventory_logs where inventory_id = any($1)', [ids])).rows[0].n;
    const logsBefore = await logsOf();
    const started = await call(a, 'POST', '/api/inventories/bulkAcceptInventory', { token: token!, body: { ids, location: 'Downtown' } });
    expect(started.status).toBe(202);
    const { jobId } = ((await started.json()) as { data: { jobId: string } }).data;
    let job: { status: string; done: number; failed: number } | undefined;
    for (let i = 0; i < 240; i += 1) {
      job = ((await (await call(b, 'GET', `/api/jobs/${jobId}`, { token: token! })).json()) as { data: typeof job }).data;
      if (job?.status === 'completed' || job?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job).toMatchObject({ status: 'completed', done: 4, failed: 0 });
    // one log entry per item: a second run would have found them Active and failed them
    expect((await logsOf()) - logsBefore).toBe(4);
    const runs = await sql.query<{ n: number }>("select count(*)::int as n from (select data from pgboss.job union all select data from pgboss.archive) j where j.data->>'jobId' = $1", [jobId]);
    expect(runs.rows[0].n).toBe(1);
  }, 120_000);

  it('stops each process on SIGTERM with exit code 0', async () => {
    const exits = [a, b].map((server) => new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code))));
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    const codes = await Promise.all(exits);
    // a failed stop says why: the end of what each process logged
    expect(codes, [a, b].map((server) => `${server.port}: ${server.output.join('').slice(-3000)}`).join('\n')).toEqual([0, 0]);
  }, 60_000);
});
