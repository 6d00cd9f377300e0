// Store requests end to end (docs/store-requests.md): Request Items, the range staff set on a
// request, a consigner's answer checked against it, the e-mail to consigners and the public catalogue.
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Requests = { location: string | null; locations: string[]; products: { id: string; title: string; sizes: string[]; priceRange: { low: number; high: number } | null }[]; count: number };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let noProducts: string;
let other: Awaited<ReturnType<typeof secondStore>>;
let wanted: typeof s.products.$inferSelect;
let stocked: typeof s.products.$inferSelect;

/** A product of the demo store's Sneakers template, written directly. */
async function product(title: string) {
  const [p] = await t.ctx.db
    .insert(s.products)
    .values({ id: crypto.randomUUID(), storeId: refs.store.id, title, brand: 'Acme', sku: `SR-${crypto.randomUUID().slice(0, 8)}`, category: 'Sneakers', gender: 'Unisex', productTemplateId: refs.sneakers.id })
    .returning();
  return p;
}

const list = (token: string | undefined, query = '', host?: string) => t.request({ method: 'GET', url: `/api/storeRequests${query}`, token, host });
const setRange = (token: string, body: unknown, host?: string) => t.request({ method: 'PUT', url: '/api/storeRequests/priceRange', token, body, host });
const offer = (token: string, row: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/inventories',
    token,
    body: { inventoryFormArray: [{ productId: wanted.id, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', quantity: 1, location: 'Downtown', ...row }] },
  });

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  noProducts = await employeeWith(t, refs, 'inventory-only@demo.backroom.test', ['Inventory']);
  other = await secondStore(t);
  wanted = await product('Zz Wanted Runner');
  stocked = await product('Zz Stocked Runner');
  await makeItem(t, refs, { productId: stocked.id, sku: stocked.sku, title: stocked.title, status: 'Active', location: 'Downtown' });
});
afterAll(async () => t.close());

describe('GET /api/storeRequests (Request Items)', () => {
  it('lists the products with no units on hand at the first location by default, with their sizes', async () => {
    const res = await list(owner, '?search=zz%20runner');
    expect(res.statusCode).toBe(200);
    const data = json<{ data: Requests }>(res).data;
    expect(data.location).toBe('Downtown');
    expect(data.locations).toEqual(['Downtown', 'Uptown', 'Warehouse']);
    expect(data.products.map((p) => p.title)).toEqual(['Zz Wanted Runner']);
    expect(data.count).toBe(1);
    expect(data.products[0].sizes.length).toBeGreaterThan(0);
    // at another location the stocked product is requested too
    const uptown = json<{ data: Requests }>(await list(owner, '?search=zz%20runner&location=Uptown')).data;
    expect(uptown.products.map((p) => p.title)).toEqual(['Zz Stocked Runner', 'Zz Wanted Runner']);
  });

  it('is open to consigners and staff with Products; others are refused', async () => {
    expect((await list(ava, '?search=zz')).statusCode).toBe(200);
    expect((await list(stock)).statusCode).toBe(403);
    expect((await list(noProducts)).statusCode).toBe(403);
    expect((await list(undefined)).statusCode).toBe(401);
    // a user of another store on this store's host
    expect((await list(other.token)).statusCode).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    expect(json(await list(owner, '?location=Nowhere')).error).toBe('Please select a location');
    expect((await list(owner, '?pageSize=0')).statusCode).toBe(400);
    expect((await list(owner, '?page=0')).statusCode).toBe(400);
    expect((await list(owner, `?search=${'x'.repeat(5000)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/storeRequests?productId (one product, the Add Inventory card)', () => {
  type One = { location: string | null; products: { id: string; location: string; sizes: string[]; priceRange: { low: number; high: number } | null }[]; count: number };
  it('answers the locations the product is requested at (every one without a location), each with its own range', async () => {
    const p = await product('Zz Single Trainer');
    await makeItem(t, refs, { productId: p.id, sku: p.sku, title: p.title, status: 'Active', location: 'Uptown' });
    expect((await setRange(owner, { productId: p.id, location: 'Warehouse', priceRange: { low: 50, high: 70 } })).statusCode).toBe(200);
    const all = json<{ data: One }>(await list(owner, `?productId=${p.id}`)).data;
    expect(all.location).toBeNull();
    // stocked at Uptown: requested at the other two, by name
    expect(all.products.map((r) => [r.id, r.location, r.priceRange])).toEqual([
      [p.id, 'Downtown', null],
      [p.id, 'Warehouse', { low: 50, high: 70 }],
    ]);
    expect(all.count).toBe(2);
    expect(all.products[0].sizes.length).toBeGreaterThan(0);
    const warehouse = json<{ data: One }>(await list(ava, `?productId=${p.id}&location=Warehouse`)).data;
    expect([warehouse.location, warehouse.products.map((r) => r.location)]).toEqual(['Warehouse', ['Warehouse']]);
    expect(json<{ data: One }>(await list(owner, `?productId=${p.id}&location=Uptown`)).data.products).toEqual([]);
  });

  it("refuses bad input (400), and another store's product answers nothing", async () => {
    expect(json(await list(owner, '?productId=not-a-uuid')).error).toBe('Product not found');
    expect((await list(owner, `?productId=${wanted.id}&location=Nowhere`)).statusCode).toBe(400);
    expect((await list(owner, `?productId=${'a'.repeat(5000)}`)).statusCode).toBe(400);
    // an unknown product, and this store's product asked for by the second store on its own host
    expect(json<{ data: One }>(await list(owner, `?productId=${crypto.randomUUID()}`)).data.products).toEqual([]);
    const theirs = await list(other.token, `?productId=${wanted.id}`, other.host);
    expect(theirs.statusCode).toBe(200);
    expect(json<{ data: One }>(theirs).data.products).toEqual([]);
    expect((await list(stock, `?productId=${wanted.id}`)).statusCode).toBe(403);
  });
});

describe('PUT /api/storeRequests/priceRange', () => {
  it('staff set a range on the request; it shows on Request Items at that location only', async () => {
    const res = await setRange(owner, { productId: wanted.id, location: 'Downtown', priceRange: { low: 80, high: 120 } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ productId: wanted.id, location: 'Downtown', priceRange: { low: 80, high: 120 } });
    const downtown = json<{ data: Requests }>(await list(owner, '?search=wanted')).data.products[0];
    expect(downtown.priceRange).toEqual({ low: 80, high: 120 });
    const uptown = json<{ data: Requests }>(await list(owner, '?search=wanted&location=Uptown')).data.products[0];
    expect(uptown.priceRange).toBeNull();
  });

  it('refuses a low above the high, an unknown location, another store, consigners and staff without Products', async () => {
    expect(json(await setRange(owner, { productId: wanted.id, location: 'Downtown', priceRange: { low: 130, high: 120 } })).error).toBe('The lowest price cannot be above the highest price');
    expect((await setRange(owner, { productId: wanted.id, location: 'Downtown', priceRange: { low: -1, high: 120 } })).statusCode).toBe(400);
    expect(json(await setRange(owner, { productId: wanted.id, location: 'Nowhere', priceRange: { low: 1, high: 2 } })).error).toBe('Please select a location');
    expect((await setRange(owner, { productId: 'nope', location: 'Downtown', priceRange: null })).statusCode).toBe(400);
    expect((await setRange(owner, { productId: crypto.randomUUID(), location: 'Downtown', priceRange: null })).statusCode).toBe(404);
    expect((await setRange(ava, { productId: wanted.id, location: 'Downtown', priceRange: { low: 1, high: 2 } })).statusCode).toBe(403);
    expect((await setRange(stock, { productId: wanted.id, location: 'Downtown', priceRange: { low: 1, high: 2 } })).statusCode).toBe(403);
    expect((await setRange(other.token, { productId: wanted.id, location: 'Downtown', priceRange: { low: 1, high: 2 } })).statusCode).toBe(403);
    // the second store's admin on their own host: this store's product is not theirs (404), and they have no Downtown
    const theirs = await setRange(other.token, { productId: wanted.id, location: 'Downtown', priceRange: { low: 1, high: 2 } }, other.host);
    expect([400, 404]).toContain(theirs.statusCode);
    // nothing changed
    expect(json<{ data: Requests }>(await list(owner, '?search=wanted')).data.products[0].priceRange).toEqual({ low: 80, high: 120 });
  });
});

describe("a consigner's answer to a store request", () => {
  it('is accepted within the range, and the item carries the range', async () => {
    const res = await offer(ava, { price: 100, saleType: 'Consignment' });
    expect(res.statusCode).toBe(201);
    const [item] = json<{ data: { id: string; status: string; storeRequestPriceRange: unknown }[] }>(res).data;
    expect(item).toMatchObject({ status: 'Consignment', storeRequestPriceRange: { low: 80, high: 120 } });
    // staff accept it at a price still within the range; outside it is refused
    const outside = await t.request({ method: 'POST', url: '/api/inventories/acceptStoreRequest', token: owner, body: { id: item.id, price: 150 } });
    expect(json(outside).error).toBe('Price is not within the requested price range.');
    const accepted = await t.request({ method: 'POST', url: '/api/inventories/acceptStoreRequest', token: owner, body: { id: item.id, price: 110 } });
    expect(accepted.statusCode).toBe(200);
    expect(JSON.stringify(json(accepted))).toContain('Inventory accepted successfully');
  });

  it("is refused outside the range: 'Price is not within the requested price range.'", async () => {
    for (const price of [79.99, 120.01]) {
      const res = await offer(ava, { price, saleType: 'Buying' });
      expect(res.statusCode).toBe(422);
      expect(json(res).error).toBe('Price is not within the requested price range.');
    }
  });

  it('ignores a range the client sends', async () => {
    const res = await offer(ava, { price: 300, saleType: 'Buying', storeRequestPriceRange: { low: 0, high: 100000 } });
    expect(json(res).error).toBe('Price is not within the requested price range.');
    const ok = await offer(ava, { price: 90, saleType: 'Buying', storeRequestPriceRange: { low: 1, high: 2 } });
    expect(json<{ data: { storeRequestPriceRange: unknown }[] }>(ok).data[0].storeRequestPriceRange).toEqual({ low: 80, high: 120 });
  });

  it('takes the range of the location answered: none at Uptown, so any price', async () => {
    const res = await offer(ava, { price: 300, saleType: 'Consignment', location: 'Uptown', subLocation: null });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { storeRequestPriceRange: unknown }[] }>(res).data[0].storeRequestPriceRange).toBeNull();
  });

  it('needs a location (the request is the product at a location)', async () => {
    const res = await offer(ava, { price: 100, saleType: 'Consignment', location: null });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('Please select a location');
  });

  it('a removed range no longer limits the price', async () => {
    expect((await setRange(owner, { productId: wanted.id, location: 'Downtown', priceRange: null })).statusCode).toBe(200);
    const res = await offer(ava, { price: 300, saleType: 'Consignment' });
    expect(res.statusCode).toBe(201);
    await setRange(owner, { productId: wanted.id, location: 'Downtown', priceRange: { low: 80, high: 120 } });
  });
});

describe('POST /api/consigners/sendStoreRequestedItemsEmail', () => {
  const send = (token: string, body: unknown = {}, host?: string) => t.request({ method: 'POST', url: '/api/consigners/sendStoreRequestedItemsEmail', token, body, host });

  it('e-mails the catalogue link once to each consigner who wants e-mails', async () => {
    await t.ctx.db.update(s.consigners).set({ emailNotifications: false }).where(eq(s.consigners.id, refs.consigner.ava.id));
    const res = await send(owner, { location: 'Downtown' });
    expect(res.statusCode).toBe(200);
    const { sent, link } = json<{ data: { sent: number; link: string } }>(res).data;
    expect(link).toMatch(/^http:\/\/[^/]+\/catalogue\/demo\?location=Downtown$/);
    const people = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, refs.store.id));
    const expected = people.filter((c) => c.isActive && !c.isStoreAccount && c.emailNotifications && !c.deletedAt && c.email).map((c) => c.email).sort();
    const mails = await t.ctx.db.select().from(s.outbox).where(and(eq(s.outbox.storeId, refs.store.id), inArray(s.outbox.to, people.map((c) => c.email))));
    const mine = mails.filter((m) => m.text.includes(link));
    expect(sent).toBe(expected.length);
    expect(mine.map((m) => m.to).sort()).toEqual(expected);
    expect(mine.map((m) => m.to)).not.toContain(DEMO.ava);
    expect(mine.map((m) => m.to)).not.toContain(DEMO.storeAccount);
    expect(mine.map((m) => m.to)).not.toContain(DEMO.inactive);
    expect(mine[0].subject).toContain('is looking for items at Downtown');
    await t.ctx.db.update(s.consigners).set({ emailNotifications: true }).where(eq(s.consigners.id, refs.consigner.ava.id));
  });

  it('refuses consigners, staff without Products, other stores and unknown locations', async () => {
    expect((await send(ava)).statusCode).toBe(403);
    expect((await send(noProducts)).statusCode).toBe(403);
    expect((await send(other.token)).statusCode).toBe(403);
    expect(json(await send(owner, { location: 'Nowhere' })).error).toBe('Please select a location');
    expect((await send(owner, { location: 42 })).statusCode).toBe(400);
  });

  it('is limited to 3 sends per store in 15 minutes (429), and the limit is per store', async () => {
    expect((await send(owner)).statusCode).toBe(200);
    expect((await send(owner)).statusCode).toBe(200);
    const refused = await send(owner);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toMatch(/^Too many store request e-mails were sent\. Try again in/);
    expect((await send(other.token, {}, other.host)).statusCode).toBe(200);
  });
});

describe('GET /open/catalogue/{handle} (public)', () => {
  it('needs no sign-in and shows nothing private', async () => {
    const res = await t.request({ method: 'GET', url: '/open/catalogue/demo?search=zz%20runner' });
    expect(res.statusCode).toBe(200);
    const data = json<{ data: Record<string, unknown> & Requests }>(res).data;
    expect(Object.keys(data).sort()).toEqual(['count', 'location', 'locations', 'products', 'store']);
    expect(Object.keys(data.store as object).sort()).toEqual(['currency', 'handle', 'isBuyingStore', 'logo', 'name']);
    expect(Object.keys(data.products[0]).sort()).toEqual(['brand', 'category', 'id', 'image', 'location', 'priceRange', 'productTemplateId', 'sizes', 'sku', 'title']);
    expect(data.products.map((p) => p.title)).toEqual(['Zz Wanted Runner']);
    expect(data.products[0].priceRange).toEqual({ low: 80, high: 120 });
    const all = (await t.request({ method: 'GET', url: '/open/catalogue/demo?location=Uptown&pageSize=100' })).body;
    for (const secret of ['Thompson', 'ava@demo', 'payout', 'cost', 'consigner', 'bank']) expect(all.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it("answers another store's catalogue by its handle, 404 for an unknown one, 400 for bad input", async () => {
    const theirs = json<{ data: Requests & { store: { handle: string } } }>(await t.request({ method: 'GET', url: '/open/catalogue/second' })).data;
    expect(theirs.store.handle).toBe('second');
    expect(theirs.products.map((p) => p.id)).not.toContain(wanted.id);
    expect((await t.request({ method: 'GET', url: '/open/catalogue/no-such-shop' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/open/catalogue/demo?location=Nowhere' })).statusCode).toBe(400);
    // a handle longer than a path parameter may be (100) is refused before the route
    expect((await t.request({ method: 'GET', url: `/open/catalogue/${'x'.repeat(250)}` })).statusCode).toBe(414);
  });
});
