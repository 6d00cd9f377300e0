import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReadAdmission } from '../src/http/read-admission.ts';
import { ConnectionLanes } from '../src/db/pg-lanes.ts';
import { LaneQueue, MAX_WRITES_IN_A_ROW } from '../src/db/pglite-queue.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

// Writes first (docs/scaling.md "PGlite: writes first" and "PostgreSQL: connections writes first"):
// PGlite's one connection behind two lanes (src/db/pglite-queue.ts), the PostgreSQL pool's connections
// handed out the same way (src/db/pg-lanes.ts): a request that changes something is not queued behind
// the readers' statements.

describe('LaneQueue', () => {
  const deferred = () => {
    let release!: () => void;
    const promise = new Promise<void>((r) => (release = r));
    return { promise, release };
  };

  it('runs one call at a time, waiting writes before waiting reads', async () => {
    const queue = new LaneQueue();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const gate = deferred();
    const job = (name: string, wait?: Promise<void>) => async () => {
      running += 1;
      most = Math.max(most, running);
      await wait;
      await new Promise((r) => setTimeout(r, 1));
      order.push(name);
      running -= 1;
      return name;
    };
    const first = queue.run('read', job('r0', gate.promise));
    const rest = [queue.run('read', job('r1')), queue.run('read', job('r2')), queue.run('write', job('w1')), queue.run('write', job('w2'))];
    expect(queue.depth).toEqual({ write: 2, read: 2 });
    gate.release();
    expect(await Promise.all([first, ...rest])).toEqual(['r0', 'r1', 'r2', 'w1', 'w2']);
    // r0 was running; the writes queued after r1 and r2 still went before them
    expect(order).toEqual(['r0', 'w1', 'w2', 'r1', 'r2']);
    expect(most).toBe(1);
  });

  it('lets a read through after a run of writes, and passes errors to their caller only', async () => {
    const queue = new LaneQueue();
    const order: string[] = [];
    const gate = deferred();
    const first = queue.run('write', () => gate.promise.then(() => void order.push('w0')));
    const read = queue.run('read', async () => void order.push('r'));
    const writes = Array.from({ length: MAX_WRITES_IN_A_ROW + 2 }, (_, k) => queue.run('write', async () => void order.push(`w${k + 1}`)));
    const failing = queue.run('write', async () => {
      throw new Error('refused');
    });
    gate.release();
    await expect(failing).rejects.toThrow('refused');
    await Promise.all([first, read, ...writes]);
    // w0 and MAX_WRITES_IN_A_ROW - 1 more, then the waiting read
    expect(order.indexOf('r')).toBe(MAX_WRITES_IN_A_ROW);
    expect(order).toHaveLength(MAX_WRITES_IN_A_ROW + 4);
  });
});

describe('ConnectionLanes', () => {
  const flush = () => new Promise((r) => setImmediate(r));

  it('hands out at most its size at once, to waiting writes before waiting reads, each place given back once', async () => {
    const lanes = new ConnectionLanes(2);
    const order: string[] = [];
    const holders = new Map<string, () => void>();
    const ask = (name: string, lane: 'read' | 'write') =>
      void lanes.acquire(lane).then((giveBack) => {
        order.push(name);
        holders.set(name, giveBack);
      });
    ask('r0', 'read');
    ask('r1', 'read');
    ask('r2', 'read');
    ask('w0', 'write');
    await flush();
    expect(order).toEqual(['r0', 'r1']);
    expect(lanes.depth).toEqual({ write: 1, read: 1 });
    holders.get('r0')!();
    holders.get('r0')!(); // a second give-back of the same place frees nothing more
    await flush();
    // the write asked after r2 and still went first
    expect(order).toEqual(['r0', 'r1', 'w0']);
    holders.get('w0')!();
    await flush();
    expect(order).toEqual(['r0', 'r1', 'w0', 'r2']);
  });

  it('lets a read through after a run of writes while reads wait', async () => {
    const lanes = new ConnectionLanes(1);
    const order: string[] = [];
    const first = await lanes.acquire('write');
    const granted = [lanes.acquire('read').then((giveBack) => (order.push('r'), giveBack))];
    for (let k = 1; k <= MAX_WRITES_IN_A_ROW + 2; k += 1) granted.push(lanes.acquire('write').then((giveBack) => (order.push(`w${k}`), giveBack)));
    first();
    // each holder gives its place back as soon as it has it
    for (const promise of granted) void promise.then((giveBack) => giveBack());
    await Promise.all(granted);
    // the first write and MAX_WRITES_IN_A_ROW - 1 more, then the waiting read
    expect(order.indexOf('r')).toBe(MAX_WRITES_IN_A_ROW - 1);
    expect(order).toHaveLength(MAX_WRITES_IN_A_ROW + 3);
  });
});

describe('an edit while a long queue of reads waits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  /**
   * On PGlite the edit's statements share its one connection with the reads; on PostgreSQL each statement
   * the edit runs outside its transaction (the session, the store, the checks: some dozens) waits for one
   * of the pool's busy connections, so about as many reads finish while it does, however long the queue:
   * the queue is made long enough there that those stay a small part of it. Its reads sleep rather than
   * count: ten connections counting took the CPUs of a small machine from the edit's own JavaScript, and
   * the test measured the CPU, not the order of the queue (111 of 200 done once in CI).
   */
  function readsFor(app: TestApp): { count: number; sql: string } {
    return app.ctx.database.kind === 'postgres' ? { count: 1000, sql: 'select pg_sleep(0.04)' } : { count: 200, sql: 'select count(*) from generate_series(1, 100000) g' };
  }

  /** How many of the queued reads had finished when a price change through the API was answered. */
  async function readsBeforeTheEdit(app: TestApp): Promise<{ done: number; status: number; total: number; count: number }> {
    const owner = await app.signIn(DEMO.owner);
    const list = json<{ data: { rows: { id: string; price: number | null }[] } }>(await app.request({ method: 'GET', url: '/api/inventories/paginatedInventories?pageSize=20&status=Active', token: owner }));
    const item = list.data.rows.find((row) => row.price !== null)!;
    let done = 0;
    // each read a fixed piece of some milliseconds: while the edit's request is between its statements
    // (its hooks, the session's crypto), a read or two finishes, not dozens
    const { count, sql } = readsFor(app);
    const reads = Array.from({ length: count }, () => app.ctx.database.executeSql(sql).then(() => void (done += 1)));
    const edit = await app.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: (item.price ?? 0) + 1 } });
    const doneAtEdit = done;
    await Promise.all(reads);
    return { done: doneAtEdit, status: edit.statusCode, total: done, count };
  }

  it('answers the edit before most of the queued reads, and every read still finishes', async () => {
    const { done, status, total, count } = await readsBeforeTheEdit(t);
    expect(status).toBe(200);
    expect(total).toBe(count);
    // PGlite: a few on a quiet machine; PostgreSQL: about one per statement the edit runs outside its
    // transaction; without the lanes all of them (the next test). Fewer than a quarter: a loaded machine
    // (CI) stretches the edit's own waits between its statements, not the order of the queue
    expect(done).toBeLessThan(count / 4);
  }, 120_000);

  it('is queued behind them first come, first served with WRITES_FIRST=off (what the test would see without the lanes)', async () => {
    process.env.WRITES_FIRST = 'off';
    let fifo: TestApp | undefined;
    try {
      fifo = await createTestApp();
    } finally {
      delete process.env.WRITES_FIRST;
    }
    try {
      const { done, status, count } = await readsBeforeTheEdit(fifo);
      expect(status).toBe(200);
      expect(done).toBeGreaterThanOrEqual(count * 0.95);
    } finally {
      await fifo.close();
    }
  }, 600_000);
});

describe('API reads admitted a few at a time (http/read-admission.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { readsInFlight: 2 } });
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every waiting read, never holds a change behind them, and loses no place', async () => {
    const owner = await t.signIn(DEMO.owner);
    const list = json<{ data: { rows: { id: string; price: number | null }[] } }>(await t.request({ method: 'GET', url: '/api/inventories/paginatedInventories?pageSize=20&status=Active', token: owner }));
    const item = list.data.rows.find((row) => row.price !== null)!;
    let done = 0;
    const reads = Array.from({ length: 40 }, (_, k) =>
      t.request({ method: 'GET', url: `/api/inventories/paginatedInventories?pageSize=50&page=${(k % 4) + 1}&sortBy=price`, token: owner }).then((res) => {
        done += 1;
        return res.statusCode;
      }),
    );
    const edit = await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: (item.price ?? 0) + 1 } });
    const doneAtEdit = done;
    expect(edit.statusCode).toBe(200);
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 40 }, () => 200));
    // the change did not wait for the 40 reads, two at a time
    expect(doneAtEdit).toBeLessThan(40);
    // every place came back: 2 more reads at once are answered
    const again = await Promise.all([1, 2, 3].map(() => t.request({ method: 'GET', url: '/api/me', token: owner })));
    expect(again.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  }, 120_000);
});

describe('a read place and an answer the client does not read (http/read-admission.ts)', () => {
  it('goes back when the answer starts, so an endless stream holds no place', async () => {
    const app = Fastify();
    registerReadAdmission(app, 1);
    const streams: PassThrough[] = [];
    // an export the client never finishes reading: the stream never ends
    app.get('/api/export', (_request, reply) => {
      const body = new PassThrough();
      body.write('sku,price\n');
      streams.push(body);
      return reply.type('text/csv').send(body);
    });
    app.get('/api/me', () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const held = await Promise.all([1, 2, 3].map(() => fetch(`${base}/api/export`)));
      expect(held.map((res) => res.status)).toEqual([200, 200, 200]);
      // with one place, a read after three unread exports is still answered
      const me = await Promise.race([
        fetch(`${base}/api/me`).then((res) => res.status),
        new Promise((r) => setTimeout(() => r('held'), 3_000)),
      ]);
      expect(me).toBe(200);
    } finally {
      for (const stream of streams) stream.end();
      await app.close();
    }
  }, 30_000);
});
