import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { statementKind, WriteWatch } from '../src/db/write-watch.ts';
import { readCacheStats } from '../src/http/read-cache.ts';
import { otherStore } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

// The read cache of the busiest reads (http/read-cache.ts): a repeated read is served as it
// was sent, and any write of this process, through the API or straight through its database client,
// is seen by the next read.
type Page = { data: { rows: { id: string; price: number | null; consignerId: string }[]; count: number } };

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ config: { cacheTtlMs: 60_000 } });
  owner = await t.signIn(DEMO.owner);
}, 600_000);
afterAll(async () => {
  await t.close();
});

const list = (token: string, url = '/api/inventories/paginatedInventories?pageSize=50&status=Active') => t.request({ method: 'GET', url, token });

describe('statementKind', () => {
  it.each([
    ['select 1', 'read'],
    ['  SELECT * FROM inventories FOR UPDATE', 'read'],
    ['with x as (select 1) select * from x', 'read'],
    ['with moved as (update inventories set price = 1 returning id) select * from moved', 'write'],
    ['insert into outbox values (1)', 'write'],
    ['update inventories set price = 2', 'write'],
    ['delete from inventories', 'write'],
    ["select nextval('inventory_code_seq')", 'write'],
    ['begin', 'begin'],
    ['BEGIN ISOLATION LEVEL SERIALIZABLE', 'begin'],
    ['commit', 'end'],
    ['rollback', 'end'],
    ['rollback to savepoint sp1', 'write'],
    ['savepoint sp1', 'write'],
    ['BEGIN; UPDATE pgboss.job SET state = $1; COMMIT;', 'ignored'],
  ])('%s is a %s', (text, kind) => {
    expect(statementKind(text)).toBe(kind);
  });

  it('a write bumps the version as it starts and as it ends, and is open in between', () => {
    const watch = new WriteWatch();
    const before = watch.version;
    const end = watch.begin();
    expect(watch.quiet).toBe(false);
    expect(watch.version).toBe(before + 1);
    end();
    end(); // twice is once
    expect(watch.quiet).toBe(true);
    expect(watch.version).toBe(before + 2);
  });
});

describe('read cache', () => {
  it('serves a repeated list page as it was sent', async () => {
    const first = await list(owner);
    expect(first.statusCode).toBe(200);
    const again = await list(owner);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-read-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends a kept page compressed to a client that accepts it, the same JSON once decompressed', async () => {
    const url = '/api/inventories/paginatedInventories?pageSize=50&status=Active&sortOption=highestPrice';
    const plain = await list(owner, url);
    const br = await t.request({ method: 'GET', url, token: owner, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.request({ method: 'GET', url, token: owner, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const none = await list(owner, url);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('shows a price changed through the API on the next read', async () => {
    const first = json<Page>(await list(owner));
    await list(owner); // kept
    const item = first.data.rows[0];
    const price = (item.price ?? 0) + 7;
    const put = await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price } });
    expect(put.statusCode, put.body).toBe(200);
    const after = await list(owner);
    expect(after.headers['x-read-cache']).toBeUndefined();
    expect(json<Page>(after).data.rows.find((r) => r.id === item.id)?.price).toBe(price);
  });

  it('shows a change written straight through the database client on the next read', async () => {
    const first = json<Page>(await list(owner));
    await list(owner);
    const item = first.data.rows[1];
    await t.ctx.db.update(s.inventoryItems).set({ price: 4321 }).where(eq(s.inventoryItems.id, item.id));
    expect(json<Page>(await list(owner)).data.rows.find((r) => r.id === item.id)?.price).toBe(43.21);
  });

  it('serves a kept page while a write of this process that changes nothing is under way', async () => {
    const url = '/api/inventories/paginatedInventories?pageSize=20&status=Active';
    const end = t.ctx.database.writes.begin();
    try {
      await list(owner, url);
      expect((await list(owner, url)).headers['x-read-cache']).toBe('hit');
    } finally {
      end();
    }
    expect((await list(owner, url)).headers['x-read-cache']).toBe('hit');
  });

  it("keeps a write in one store from emptying another store's answers, and empties its own", async () => {
    const other = await otherStore(t, 'cache-other.test');
    const otherList = (url = '/api/inventories/paginatedInventories?pageSize=50') => t.request({ method: 'GET', url, token: other.token, host: other.host });
    const otherSearch = () => t.request({ method: 'GET', url: '/api/products?search=shoe', token: other.token, host: other.host });
    const mine = '/api/inventories/paginatedInventories?pageSize=50&status=Active&sortOption=lowestPrice';
    for (const read of [otherList, otherSearch, () => list(owner, mine)]) {
      expect((await read()).statusCode).toBe(200);
      expect((await read()).headers['x-read-cache']).toBe('hit');
    }
    const item = json<Page>(await list(owner, mine)).data.rows[0];
    const before = readCacheStats(t.ctx);
    expect(before.entriesByStore[other.store.id]).toBeGreaterThanOrEqual(2);
    // a price change in the demo store
    expect((await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: (item.price ?? 0) + 3 } })).statusCode).toBe(200);
    // the other store's answers are served as kept: hits, no miss
    expect((await otherList()).headers['x-read-cache']).toBe('hit');
    expect((await otherSearch()).headers['x-read-cache']).toBe('hit');
    const between = readCacheStats(t.ctx);
    expect(between.hits - before.hits).toBe(2);
    expect(between.misses - before.misses).toBe(0);
    // the demo store's own is read afresh
    const after = await list(owner, mine);
    expect(after.headers['x-read-cache']).toBeUndefined();
    expect(json<Page>(after).data.rows.find((r) => r.id === item.id)?.price).toBe((item.price ?? 0) + 3);
    expect(readCacheStats(t.ctx).misses - between.misses).toBe(1);
    // and a write in the other store leaves the demo store's answer
    expect((await list(owner, mine)).headers['x-read-cache']).toBe('hit');
    await t.ctx.db.update(s.stores).set({ name: 'Other Shop Renamed' }).where(eq(s.stores.id, other.store.id));
    // its page is made again (the same rows: sent as kept, tests/kept-rows.test.ts), not served from before
    expect((await otherList()).headers['x-read-cache']).not.toBe('hit');
    expect((await list(owner, mine)).headers['x-read-cache']).toBe('hit');
  });

  it("never gives a consigner staff's page, nor another consigner's", async () => {
    const url = '/api/inventories/paginatedInventories?pageSize=50';
    const staffPage = json<Page>(await list(owner, url));
    await list(owner, url);
    const consigners = new Set(staffPage.data.rows.map((r) => r.consignerId));
    expect(consigners.size).toBeGreaterThan(1);
    for (const email of [DEMO.ava, DEMO.marco]) {
      const token = await t.signIn(email);
      const res = await list(token, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-read-cache']).toBeUndefined();
      const own = new Set(json<Page>(res).data.rows.map((r) => r.consignerId));
      expect(own.size).toBeLessThanOrEqual(1);
      expect(json<Page>(res).data.count).toBeLessThan(staffPage.data.count);
    }
  });

  it('checks access before the cache: a refused caller never gets a kept page', async () => {
    const url = '/api/inventories/paginatedInventories?pageSize=50';
    await list(owner, url);
    expect((await list(owner, url)).headers['x-read-cache']).toBe('hit');
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: owner, host: 'no-such-shop.test' })).statusCode).toBe(404);
    // an employee of this store without the Inventory area
    const [employee] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, DEMO.stock));
    await t.ctx.db.update(s.employees).set({ accessControls: ['Products'] }).where(eq(s.employees.id, employee.id));
    try {
      const stock = await t.signIn(DEMO.stock);
      expect((await list(stock, url)).statusCode).toBe(403);
    } finally {
      await t.ctx.db.update(s.employees).set({ accessControls: employee.accessControls }).where(eq(s.employees.id, employee.id));
    }
  });

  it('finds a product created a moment ago in the product search', async () => {
    const url = '/api/products?search=readcache';
    expect(json<{ data: unknown[] }>(await t.request({ method: 'GET', url, token: owner })).data).toHaveLength(0);
    expect((await t.request({ method: 'GET', url, token: owner })).headers['x-read-cache']).toBe('hit');
    const [template] = await t.ctx.db.select().from(s.productTemplates).limit(1);
    const created = await t.request({ method: 'POST', url: '/api/products', token: owner, body: { title: 'Readcache Runner', sku: 'RC-0001', brand: 'Readcache', category: 'Sneakers', gender: 'Unisex', imageList: ['/uploads/a.webp'], productTemplateId: template.id } });
    expect(created.statusCode, created.body).toBe(201);
    expect(json<{ data: { title: string }[] }>(await t.request({ method: 'GET', url, token: owner })).data.map((p) => p.title)).toEqual(['Readcache Runner']);
  });

  it("keeps the product search's answers through an item's price change, and drops them when a product changes", async () => {
    const search = () => t.request({ method: 'GET', url: '/api/products?search=nike', token: owner });
    const first = await search();
    expect(first.statusCode).toBe(200);
    expect((await search()).headers['x-read-cache']).toBe('hit');
    const item = json<Page>(await list(owner)).data.rows.find((r) => r.price !== null)!;
    expect((await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: (item.price ?? 0) + 7 } })).statusCode).toBe(200);
    // the list shows the new price; the search, which reads no item, is served as kept
    expect((await list(owner)).headers['x-read-cache']).toBeUndefined();
    const kept = await search();
    expect(kept.headers['x-read-cache']).toBe('hit');
    expect(kept.body).toBe(first.body);
    // a product's change, through the database client (as another process would), is seen at once
    const product = json<{ data: { id: string; title: string }[] }>(first).data[0];
    await t.ctx.db.update(s.products).set({ title: `${product.title} Renamed` }).where(eq(s.products.id, product.id));
    const fresh = await search();
    expect(fresh.headers['x-read-cache']).toBeUndefined();
    expect(json<{ data: { id: string; title: string }[] }>(fresh).data.find((p) => p.id === product.id)?.title).toBe(`${product.title} Renamed`);
  });

  it('keeps the pages of other statuses through an Active item\'s price change, and drops them when an item changes status', async () => {
    const page = (status: string) => list(owner, `/api/inventories/paginatedInventories?pageSize=50&status=${status}`);
    const pendingFirst = await page('Pending');
    expect(json<Page>(pendingFirst).data.rows.length).toBeGreaterThan(0);
    await page('Active');
    for (const status of ['Pending', 'Active']) expect((await page(status)).headers['x-read-cache']).toBe('hit');
    const item = json<Page>(await page('Active')).data.rows.find((r) => r.price !== null)!;
    expect((await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: (item.price ?? 0) + 5 } })).statusCode).toBe(200);
    // the Active page shows the new price; the Pending page, which holds no Active item, is kept
    const active = await page('Active');
    expect(active.headers['x-read-cache']).toBeUndefined();
    expect(json<Page>(active).data.rows.find((r) => r.id === item.id)?.price).toBe((item.price ?? 0) + 5);
    const kept = await page('Pending');
    expect(kept.headers['x-read-cache']).toBe('hit');
    expect(kept.body).toBe(pendingFirst.body);
    // an item leaving Pending (written straight to the database, as another process would) empties it
    const pending = json<Page>(pendingFirst).data.rows[0];
    await t.ctx.db.update(s.inventoryItems).set({ status: 'Withdrawn' }).where(eq(s.inventoryItems.id, pending.id));
    const fresh = await page('Pending');
    expect(fresh.headers['x-read-cache']).toBeUndefined();
    expect(json<Page>(fresh).data.rows.map((r) => r.id)).not.toContain(pending.id);
    // a consigner's name (a part every list page reads) empties the Active page too
    await page('Active');
    expect((await page('Active')).headers['x-read-cache']).toBe('hit');
    await t.ctx.db.update(s.consigners).set({ firstName: 'Renamed' }).where(eq(s.consigners.id, item.consignerId));
    expect((await page('Active')).headers['x-read-cache']).toBeUndefined();
  });
});
