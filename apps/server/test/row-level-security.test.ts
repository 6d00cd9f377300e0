// Stores kept apart by the database itself (docs/security.md "Row-level security"): with a
// repository's store condition switched off on purpose, another store's rows still cannot be read or
// changed through the API, because every request runs as the role the policies restrict.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { asStore, asSystem, forgetStoreConditionForTest, keepScope, scopeKey } from '../src/db/row-security.ts';
import { inventoryRepository } from '../src/modules/inventory/inventory.repository.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

const OTHER_HOST = 'other-shop.test';
let t: TestApp;
let demoStoreId: string;
let otherStoreId: string;
let otherToken: string;
let demoItem: typeof s.inventoryItems.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  demoStoreId = demo.id;
  // another store with an Admin of its own, on its own domain
  const created = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Other Shop', email: 'boss@other-shop.test', handle: 'other-shop' } });
  expect(created.statusCode).toBe(201);
  otherStoreId = json<{ data: { store: { id: string } } }>(created).data.store.id;
  await t.ctx.db.update(s.stores).set({ domain: OTHER_HOST }).where(eq(s.stores.id, otherStoreId));
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, otherStoreId));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: OTHER_HOST, headers: { origin: `http://${OTHER_HOST}` }, body: { email: 'boss@other-shop.test', password: 'other-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  const accepted = await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } });
  expect(accepted.statusCode).toBe(200);
  otherToken = await t.signIn('boss@other-shop.test', 'other-password', OTHER_HOST);
  [demoItem] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, demoStoreId)).limit(1);
});

afterEach(() => forgetStoreConditionForTest(false));
afterAll(async () => t?.close());

describe('row-level security', () => {
  it('is on for every table with a store_id but the per-store version row, with the store policy', async () => {
    const { rows } = await t.ctx.database.executeSql(
      `select c.relname as name, c.relrowsecurity as on, exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'store_isolation') as policy
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'store_id' and not a.attisdropped
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
      [],
    );
    const tables = rows as { name: string; on: boolean; policy: boolean }[];
    expect(tables.length).toBeGreaterThan(30);
    const unprotected = tables.filter((r) => r.name !== 'backroom_store_version' && !(r.on && r.policy)).map((r) => r.name);
    expect(unprotected).toEqual([]);
  });

  it('a repository that forgot its store condition still finds nothing of another store', async () => {
    forgetStoreConditionForTest(true);
    // the switch works: on the owner's path (no policy), the condition-less lookup finds the demo's item
    const leaked = await asSystem(() => inventoryRepository.findById(t.ctx.db, otherStoreId, demoItem.id));
    expect(leaked?.id).toBe(demoItem.id);
    // as a request of the other store would run, the database returns nothing of the demo store
    const scoped = await asStore(otherStoreId, () => inventoryRepository.findById(t.ctx.db, otherStoreId, demoItem.id));
    expect(scoped).toBeNull();

    // through the API: the other store's Admin can neither read nor change the demo's item
    const read = await t.request({ method: 'GET', url: `/api/inventories/${demoItem.id}`, host: OTHER_HOST, token: otherToken });
    expect(read.statusCode).toBe(404);
    const edit = await t.request({ method: 'PUT', url: `/api/inventories/${demoItem.id}`, host: OTHER_HOST, token: otherToken, body: { price: 1 } });
    expect(edit.statusCode).toBe(404);
    const [after] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, demoItem.id));
    expect(after.price).toBe(demoItem.price);
    expect(after.updatedAt).toEqual(demoItem.updatedAt);

    // the demo store's own staff still reach it with the condition off
    const ownToken = await t.signIn(DEMO.owner);
    const own = await t.request({ method: 'GET', url: `/api/inventories/${demoItem.id}`, token: ownToken });
    expect(own.statusCode).toBe(200);
  });

  it("a statement that writes another store's row is refused by the policy", async () => {
    await expect(
      asStore(otherStoreId, () => t.ctx.db.update(s.inventoryItems).set({ notes: 'moved' }).where(eq(s.inventoryItems.id, demoItem.id)).returning()),
    ).resolves.toEqual([]);
    const refused = await asStore(otherStoreId, () =>
      t.ctx.db.insert(s.locations).values({ storeId: demoStoreId, name: 'Planted by another store' }).returning(),
    ).then(
      () => null,
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    expect(refused).toMatch(/row-level security/);
    const planted = await t.ctx.db.select().from(s.locations).where(eq(s.locations.name, 'Planted by another store'));
    expect(planted).toEqual([]);
  });

  it('a stream pulled from outside the request keeps its store (the CSV exports)', async () => {
    async function* keys() {
      yield scopeKey();
      yield scopeKey();
    }
    const kept = await asStore(otherStoreId, async () => keepScope(keys()));
    const bare = await asStore(otherStoreId, async () => keys());
    const seen: string[] = [];
    for await (const key of kept) seen.push(key);
    const seenBare: string[] = [];
    for await (const key of bare) seenBare.push(key);
    expect(seen).toEqual([`store:${otherStoreId}`, `store:${otherStoreId}`]);
    // without it, a generator's steps run where they are pulled: here, outside any scope
    expect(seenBare).toEqual(['system', 'system']);
  });

  it('a request before its store is known sees no store, and work outside requests runs as the owner', async () => {
    const none = await t.request({ method: 'GET', url: '/api/inventories', host: 'no-such-shop.test' });
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    const all = await t.ctx.db.select({ storeId: s.employees.storeId }).from(s.employees);
    expect(new Set(all.map((r) => r.storeId))).toEqual(new Set([demoStoreId, otherStoreId]));
  });
});
