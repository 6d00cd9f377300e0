// The per-store versions the caches compare (db/store-versions.ts, migration 0043, docs/scaling.md
// "Several server processes"): which tables move them, once per transaction and store, at what cost.
import { sql as sqlTag } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { asStore, runInRequestScope } from '../src/db/row-security.ts';
import { GLOBAL_SCOPE, StoreVersions, storeVersionsOf } from '../src/db/store-versions.ts';
import { WriteWatch } from '../src/db/write-watch.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// the queues and the storefront's bookkeeping: no cached answer reads them
const UNWATCHED = ['outbox', 'background_jobs', 'storefront_webhooks', 'storefront_order_sync', 'storefront_item_sync', 'storefront_drift_checks', 'term_reminders'];

let t: TestApp;
let storeId: string;
beforeAll(async () => {
  t = await createTestApp();
  storeId = ((await t.ctx.database.executeSql("select id from stores where handle = 'demo'")).rows[0] as { id: string }).id;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const sql = (text: string, values: unknown[] = []) => t.ctx.database.executeSql(text, values);
const versionOf = async (id: string) => {
  const row = (await sql('select version::int as v, people_version::int as p from backroom_store_version where store_id = $1', [id])).rows[0] as { v: number; p: number } | undefined;
  return row ?? { v: 0, p: 0 };
};
const partsOf = async (id: string) => {
  const row = (
    await sql(
      'select version::int as v, people_version::int as p, catalogue_version::int as c, items_version::int as i, item_status_versions as st, other_version::int as o from backroom_store_version where store_id = $1',
      [id],
    )
  ).rows[0] as { v: number; p: number; c: number; i: number; st: Record<string, number> | string; o: number };
  return { ...row, st: (typeof row.st === 'string' ? JSON.parse(row.st) : row.st) as Record<string, number> };
};

describe('store versions', () => {
  it('has the trigger on every table with a store_id but the queues (a new table needs one)', async () => {
    const { rows } = await sql(
      `select c.table_name as t, exists (select 1 from pg_trigger g join pg_class k on k.oid = g.tgrelid where k.relname = c.table_name and g.tgname = 'backroom_store_version') as watched
       from information_schema.columns c join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema and tb.table_type = 'BASE TABLE'
       where c.table_schema = 'public' and c.column_name = 'store_id' and c.table_name <> 'backroom_store_version'`,
    );
    const unwatched = (rows as { t: string; watched: boolean }[]).filter((r) => !r.watched).map((r) => r.t);
    expect(unwatched.sort()).toEqual(UNWATCHED.filter((name) => (rows as { t: string }[]).some((r) => r.t === name)).sort());
  });

  it('moves a store once per transaction, whatever the rows changed; staff changes move its people version too', async () => {
    const before = await versionOf(storeId);
    await sql('update inventory_items set price = price where store_id = $1', [storeId]);
    const after = await versionOf(storeId);
    expect(after.v).toBe(before.v + 1);
    expect(after.p).toBe(before.p);
    await sql('update employees set first_name = first_name where store_id = $1', [storeId]);
    const people = await versionOf(storeId);
    expect(people).toEqual({ v: after.v + 1, p: after.p + 1 });
    // a user's change moves the users' row only
    const global = await versionOf(GLOBAL_SCOPE);
    await sql("update \"user\" set name = name where email like '%demo%'");
    expect((await versionOf(GLOBAL_SCOPE)).p).toBe(global.p + 1);
    expect(await versionOf(storeId)).toEqual(people);
  });

  it('moves each part of the store\'s row with its own tables, once per transaction (migration 0055)', async () => {
    const start = await partsOf(storeId);
    // an Active item's price: the items' part and that status only
    await sql("update inventory_items set price = price where store_id = $1 and status = 'Active'", [storeId]);
    const priced = await partsOf(storeId);
    expect(priced).toEqual({ ...start, v: start.v + 1, i: start.i + 1, st: { ...start.st, Active: (start.st.Active ?? 0) + 1 } });
    // one item from Pending to Active and back in one transaction: each status once, the items once
    const [pending] = (await sql("select id from inventory_items where store_id = $1 and status = 'Pending' limit 1", [storeId])).rows as { id: string }[];
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sqlTag`update inventory_items set status = 'Active' where id = ${pending.id}`);
      await tx.execute(sqlTag`update inventory_items set status = 'Pending' where id = ${pending.id}`);
    });
    const moved = await partsOf(storeId);
    expect(moved).toEqual({ ...priced, v: priced.v + 1, i: priced.i + 1, st: { ...priced.st, Active: priced.st.Active + 1, Pending: (priced.st.Pending ?? 0) + 1 } });
    // the item history and the report tables move `version` only
    await sql('update inventory_logs set store_id = store_id where store_id = $1', [storeId]);
    expect(await partsOf(storeId)).toEqual({ ...moved, v: moved.v + 1 });
    // products and GTINs: the catalogue; a location: the other tables; each once in one transaction
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sqlTag`update products set title = title where store_id = ${storeId}`);
      await tx.execute(sqlTag`update product_gtins set gtin = gtin where store_id = ${storeId}`);
      await tx.execute(sqlTag`update locations set name = name where store_id = ${storeId}`);
      await tx.execute(sqlTag`update products set title = title where store_id = ${storeId}`);
    });
    expect(await partsOf(storeId)).toEqual({ ...moved, v: moved.v + 2, c: moved.c + 1, o: moved.o + 1 });
  });

  it('reads the versions of a store and the users in one query, again on PGlite only once this process wrote', async () => {
    const versions = storeVersionsOf(t.ctx.database);
    const first = await versions.of(storeId);
    await sql('update inventory_items set price = price where id = (select id from inventory_items where store_id = $1 limit 1)', [storeId]);
    const second = await versions.of(storeId);
    expect(Number(second.store!.data)).toBe(Number(first.store!.data) + 1);
    expect(second.global).toEqual(first.global);
  });

  it.runIf(process.env.DATABASE_URL)('reads the versions in the scope of the store asking: no switch of its connection to the system and back (PostgreSQL)', async () => {
    const statements: string[] = [];
    // each client of the pool as it is handed out (their query is their own: db/write-watch.ts wraps it)
    const pool = t.ctx.database.pool as pg.Pool;
    const wrapped = new Map<{ query: (...args: unknown[]) => unknown }, (...args: unknown[]) => unknown>();
    const onAcquire = (client: { query: (...args: unknown[]) => unknown }) => {
      if (wrapped.has(client)) return;
      const query = client.query;
      wrapped.set(client, query);
      client.query = function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { text?: string };
        statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
        return query.apply(this, args);
      };
    };
    pool.on('acquire', onAcquire as never);
    try {
      // a request's reads: one of the store's, the versions, another one of the store's
      await asStore(storeId, async () => {
        await t.ctx.db.execute(sqlTag`select 1`);
        await storeVersionsOf(t.ctx.database).of(storeId);
        await t.ctx.db.execute(sqlTag`select 1`);
      });
    } finally {
      pool.off('acquire', onAcquire as never);
      for (const [client, query] of wrapped) client.query = query;
    }
    expect(statements.filter((text) => text.includes('from backroom_store_version'))).toHaveLength(1);
    // at most the first statement's switch to the store (each switch is a round trip of its own)
    expect(statements.filter((text) => text.includes("set_config('role'")).length).toBeLessThanOrEqual(1);
  });

  it('is not moved by signed-in reads (a session read is not a session change)', async () => {
    const token = await t.signIn('owner@demo.backroom.test');
    await t.request({ method: 'GET', url: '/api/me', token });
    const before = { store: await versionOf(storeId), global: await versionOf(GLOBAL_SCOPE) };
    for (const url of ['/api/me', '/api/inventories/paginatedInventories?pageSize=10', '/api/products?search=nike']) expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(200);
    expect({ store: await versionOf(storeId), global: await versionOf(GLOBAL_SCOPE) }).toEqual(before);
  });

  // What the trigger costs a single-item edit is measured by bench/store-version-trigger.ts, not here.
});

describe('store versions, read for many readers at once', () => {
  // a database whose readings the test answers one by one, with the version it has then
  const fakeDatabase = (kind: 'postgres' | 'pglite' = 'postgres') => {
    const readings: { scopes: string[]; answer: (version: number) => void }[] = [];
    const database = {
      kind,
      writes: new WriteWatch(),
      queryInScope: (_text: string, values: unknown[]) =>
        new Promise<{ rows: unknown[] }>((resolve) =>
          readings.push({
            scopes: values[0] as string[],
            answer: (v) => resolve({ rows: (values[0] as string[]).map((sid) => ({ s: sid, d: String(v), p: '0', c: '0', i: '0', st: '{}', o: '0' })) }),
          }),
        ),
    };
    return { versions: new StoreVersions(database), readings, writes: database.writes };
  };
  const tick = () => new Promise((r) => setImmediate(r));

  it('gives a read a reading sent after it asked, shared with the reads that asked while one was under way', async () => {
    const { versions, readings } = fakeDatabase();
    const first = asStore(storeId, () => versions.of(storeId));
    await tick();
    expect(readings).toHaveLength(1);
    // two more readers while the first reading is under way: they wait for the next one
    const second = asStore(storeId, () => versions.of(storeId));
    const third = asStore(storeId, () => versions.of(storeId));
    await tick();
    expect(readings).toHaveLength(1);
    // a change committed meanwhile (version 2) is in the reading they get, not the one under way (1)
    readings[0].answer(1);
    expect((await first).store?.data).toBe('1');
    await tick();
    expect(readings).toHaveLength(2);
    expect(readings[1].scopes.sort()).toEqual([storeId, GLOBAL_SCOPE].sort());
    readings[1].answer(2);
    expect((await second).store?.data).toBe('2');
    expect((await third).store?.data).toBe('2');
  });

  it("reads other stores' versions in the same next reading, and at once for a request that changes something", async () => {
    const { versions, readings } = fakeDatabase();
    const other = '11111111-1111-4111-8111-111111111111';
    const first = asStore(storeId, () => versions.of(storeId));
    await tick();
    const mine = asStore(storeId, () => versions.of(storeId));
    const theirs = asStore(other, () => versions.of(other));
    // a write's request (any method but GET, HEAD and OPTIONS) while the readers' reading is under way
    const write = new Promise((resolve) => runInRequestScope(() => void versions.of(storeId).then(resolve), true));
    await tick();
    expect(readings).toHaveLength(2);
    readings[1].answer(5);
    expect(((await write) as { store: { data: string } }).store.data).toBe('5');
    readings[0].answer(4);
    expect((await first).store?.data).toBe('4');
    await tick();
    expect(readings).toHaveLength(3);
    expect(readings[2].scopes.sort()).toEqual([storeId, other, GLOBAL_SCOPE].sort());
    readings[2].answer(6);
    expect((await mine).store?.data).toBe('6');
    expect((await theirs).store?.data).toBe('6');
  });

  it('PGlite: reads again only after a write of this process, one reading for the readers that ask meanwhile', async () => {
    const { versions, readings, writes } = fakeDatabase('pglite');
    const first = asStore(storeId, () => versions.of(storeId));
    await tick();
    readings[0].answer(1);
    expect((await first).store?.data).toBe('1');
    // nothing written since: the reading is used again without a query
    expect((await asStore(storeId, () => versions.of(storeId))).store?.data).toBe('1');
    expect(readings).toHaveLength(1);
    // a write began and ended; then 50 readers ask: the first one's reading, and one more for the 49
    writes.begin()();
    const many = Array.from({ length: 50 }, () => asStore(storeId, () => versions.of(storeId)));
    await tick();
    expect(readings).toHaveLength(2);
    readings[1].answer(2);
    await tick();
    expect(readings).toHaveLength(3);
    readings[2].answer(2);
    expect(new Set((await Promise.all(many)).map((found) => found.store?.data))).toEqual(new Set(['2']));
    expect((await asStore(storeId, () => versions.of(storeId))).store?.data).toBe('2');
    expect(readings).toHaveLength(3);
  });
});
