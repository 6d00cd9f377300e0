import { INVENTORY_CSV_FIELDS, labelOfField, INVENTORY_STATUSES, SORT_OPTIONS, sortSizes, toMajor, type SortOption } from '@backroom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Item = {
  id: string;
  code: string;
  title: string;
  sku: string;
  status: string;
  productId: string;
  consignerId: string;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  category: string | null;
  location: string | null;
  subLocation: string | null;
  printed: boolean;
  price: number;
  payout: number;
  quantity: number;
  createdAt: string;
  updatedAt: string;
  acceptedOn: string | null;
  product: { id: string; title: string; sku: string; image: string | null };
  consigner: { id: string; email: string; isStoreAccount: boolean } | null;
  order: { id: string; name: string } | null;
  productTemplate: { id: string } | null;
};
type Page = { rows: Item[]; count: number };

let t: TestApp;
let demo: typeof s.stores.$inferSelect;
let tokens: { owner: string; stock: string; ava: string; marco: string; clerk: string; ownerB: string };
let consignerIds: { ava: string; marco: string; lena: string; store: string };
let storeB: { id: string };
let dbItems: (typeof s.inventoryItems.$inferSelect)[];

const get = (url: string, token?: string, host?: string) => t.request({ method: 'GET', url, token, host });
const page = async (query: string, token = tokens.owner) => {
  const res = await get(`/api/inventories/paginatedInventories?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Page }>(res).data;
};
const all = (query = '', token = tokens.owner) => page(`pageSize=500&${query}`, token);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const demoIds = (pred: (i: (typeof dbItems)[number]) => boolean) => dbItems.filter(pred).map((i) => i.id).sort();

async function newIdentity(email: string, password: string, name: string) {
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email, password, name } });
  const userId = json<{ user: { id: string } }>(signup).user.id;
  await t.ctx.db.update(s.user).set({ emailVerified: true }).where(eq(s.user.id, userId));
  return userId;
}

beforeAll(async () => {
  t = await createTestApp();
  [demo] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  const consigners = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, demo.id));
  const byEmail = (e: string) => consigners.find((c) => c.email === e)!.id;
  consignerIds = { ava: byEmail(DEMO.ava), marco: byEmail(DEMO.marco), lena: byEmail('lena@demo.backroom.test'), store: byEmail(DEMO.storeAccount) };

  // An employee with Products but not Inventory.
  const clerkUser = await newIdentity('clerk@demo.backroom.test', 'clerk-password', 'Cleo Clerk');
  await t.ctx.db.insert(s.employees).values({ storeId: demo.id, firstName: 'Cleo', lastName: 'Clerk', email: 'clerk@demo.backroom.test', accessControls: ['Products'], fbUserId: clerkUser });

  // A second store with its own admin, product, consigner and items.
  const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Second Shop', email: 'boss@second.test', handle: 'second' } });
  storeB = json<{ data: { store: { id: string } } }>(res).data.store;
  await t.ctx.db.update(s.stores).set({ domain: 'second.test' }).where(eq(s.stores.id, storeB.id));
  const [ownerB] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, storeB.id));
  const bossUser = await newIdentity('boss@second.test', 'second-password', 'Boss');
  await t.ctx.db.update(s.employees).set({ fbUserId: bossUser, inviteToken: null }).where(eq(s.employees.id, ownerB.id));
  const [productB] = await t.ctx.db
    .insert(s.products)
    .values({ storeId: storeB.id, title: 'Zebra Secret Sneaker', brand: 'Zebra', sku: 'ZEB-001', category: 'Sneakers', gender: 'Unisex' })
    .returning();
  const [consignerB] = await t.ctx.db
    .insert(s.consigners)
    .values({ storeId: storeB.id, firstName: 'Bea', lastName: 'Other', email: 'bea@second.test', isActive: true, acceptedTOS: true })
    .returning();
  await t.ctx.db.insert(s.inventoryItems).values(
    Array.from({ length: 3 }, (_, n) => ({
      storeId: storeB.id,
      code: `ZEBRA00${n}`,
      productId: productB.id,
      consignerId: consignerB.id,
      title: productB.title,
      sku: productB.sku,
      status: 'Active',
      option1Value: '10',
      price: 10000 + n,
      location: 'Main Store',
    })),
  );

  tokens = {
    owner: await t.signIn(DEMO.owner),
    stock: await t.signIn(DEMO.stock),
    ava: await t.signIn(DEMO.ava),
    marco: await t.signIn(DEMO.marco),
    clerk: await t.signIn('clerk@demo.backroom.test', 'clerk-password'),
    ownerB: await t.signIn('boss@second.test', 'second-password', 'second.test'),
  };
  dbItems = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, demo.id));
});
afterAll(async () => t.close());

describe('GET /api/inventories/paginatedInventories', () => {
  it('answers the first page of every item, newest update first, shaped like an inventory item', async () => {
    const { rows, count } = await page('');
    expect(count).toBe(dbItems.length);
    expect(rows).toHaveLength(10);
    const newest = [...dbItems].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1)).slice(0, 10);
    expect(rows.map((r) => r.id)).toEqual(newest.map((i) => i.id));
    const sold = (await all('status=Sold')).rows[0];
    expect(sold).toMatchObject({ product: { id: sold.productId }, consigner: { id: sold.consignerId }, order: { id: expect.any(String), name: expect.stringMatching(/^S-\d+$/) } });
    expect(sold.productTemplate).toMatchObject({ id: expect.any(String) });
    const raw = dbItems.find((i) => i.id === sold.id)!;
    expect(sold.price).toBe(toMajor(raw.price));
  });

  it.each([
    ['status=Active', (i: Item0) => i.status === 'Active'],
    ['status=Active&status=Pending', (i: Item0) => i.status === 'Active' || i.status === 'Pending'],
    ['status=Sold,Paid', (i: Item0) => i.status === 'Sold' || i.status === 'Paid'],
    ['status=Active&printed=false', (i: Item0) => i.status === 'Active' && !i.printed],
    ['printed=true', (i: Item0) => i.printed],
    ['option2Value=Used', (i: Item0) => i.option2Value === 'Used'],
    ['option3Value=No%20Box', (i: Item0) => i.option3Value === 'No Box'],
    ['category=Apparel', (i: Item0) => i.category === 'Apparel'],
    ['location=Downtown', (i: Item0) => i.location === 'Downtown'],
    ['location=Downtown&subLocation=Shelf%20A', (i: Item0) => i.location === 'Downtown' && i.subLocation === 'Shelf A'],
    ['location=Warehouse&location=Uptown', (i: Item0) => i.location === 'Warehouse' || i.location === 'Uptown'],
  ])('filters by %s', async (query, pred) => {
    const { rows, count } = await all(query);
    const expected = demoIds(pred);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(expected);
    expect(count).toBe(expected.length);
  });

  it('filters by option1Value, consigner and productId', async () => {
    const size = dbItems.find((i) => i.option1Value)!.option1Value!;
    expect(ids((await all(`option1Value=${encodeURIComponent(size)}`)).rows)).toEqual(demoIds((i) => i.option1Value === size));
    expect(ids((await all(`consigner=${consignerIds.marco}`)).rows)).toEqual(demoIds((i) => i.consignerId === consignerIds.marco));
    const productId = dbItems[0].productId;
    expect(ids((await all(`productId=${productId}`)).rows)).toEqual(demoIds((i) => i.productId === productId));
    const combined = await all(`status=Active&consigner=${consignerIds.ava}&location=Downtown`);
    expect(ids(combined.rows)).toEqual(demoIds((i) => i.status === 'Active' && i.consignerId === consignerIds.ava && i.location === 'Downtown'));
  });

  it('searches title, SKU and code, case-insensitively, every word', async () => {
    expect(ids((await all('search=jordan')).rows)).toEqual(demoIds((i) => i.title.toLowerCase().includes('jordan')));
    expect(ids((await all('search=dz5485')).rows)).toEqual(demoIds((i) => i.sku === 'DZ5485-612'));
    const item = dbItems[5];
    expect(ids((await all(`search=${item.code.toLowerCase()}`)).rows)).toEqual([item.id]);
    expect(ids((await all('search=air%20chicago')).rows)).toEqual(demoIds((i) => i.title.includes('Chicago')));
    expect((await all('search=%25')).count).toBe(0);
    expect((await all('search=no-such-thing-anywhere')).rows).toEqual([]);
  });

  it('filters by order date range (inclusive calendar days)', async () => {
    const orders = await t.ctx.db.select().from(s.orders).where(eq(s.orders.storeId, demo.id));
    const dates = orders.map((o) => o.orderDate.toISOString().slice(0, 10)).sort();
    const from = dates[0];
    const to = dates[Math.floor(dates.length / 2)];
    const inRange = new Set(orders.filter((o) => o.orderDate.toISOString().slice(0, 10) >= from && o.orderDate.toISOString().slice(0, 10) <= to).map((o) => o.id));
    const expected = demoIds((i) => i.orderId !== null && inRange.has(i.orderId));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids((await all(`orderDateRange=${from}&orderDateRange=${to}`)).rows)).toEqual(expected);
    expect(ids((await all(`orderDateRange=${from},${to}`)).rows)).toEqual(expected);
    expect((await get(`/api/inventories/paginatedInventories?orderDateRange=${from}`, tokens.owner)).statusCode).toBe(400);
  });

  describe('sort options', () => {
    const time = (v: string | null) => (v ? new Date(v).getTime() : Infinity);
    const tie = (a: Item, b: Item) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    // items without a size after every size; high-to-low is exactly the reverse of low-to-high
    const sizeOrder = (list: (string | null)[], dir: 'asc' | 'desc') => {
      const asc = [...sortSizes(list.filter((v): v is string => !!v)), ...list.filter((v) => !v)];
      return dir === 'asc' ? asc : asc.reverse();
    };
    const comparators: Record<Exclude<SortOption, 'sizeLowToHigh' | 'sizeHighToLow'>, (a: Item, b: Item) => number> = {
      oldestCreated: (a, b) => time(a.createdAt) - time(b.createdAt) || tie(a, b),
      newestCreated: (a, b) => time(b.createdAt) - time(a.createdAt) || tie(b, a),
      oldestUpdated: (a, b) => time(a.updatedAt) - time(b.updatedAt) || tie(a, b),
      newestUpdated: (a, b) => time(b.updatedAt) - time(a.updatedAt) || tie(b, a),
      lowestPrice: (a, b) => a.price - b.price || tie(a, b),
      highestPrice: (a, b) => b.price - a.price || tie(b, a),
      lowestPayout: (a, b) => a.payout - b.payout || tie(a, b),
      highestPayout: (a, b) => b.payout - a.payout || tie(b, a),
      inventoryPriority: (a, b) => a.price - b.price || time(a.acceptedOn) - time(b.acceptedOn) || time(a.createdAt) - time(b.createdAt) || tie(a, b),
    };

    it.each(Object.keys(comparators) as (keyof typeof comparators)[])('orders by %s', async (option) => {
      const { rows } = await all(`sortOption=${option}`);
      expect(rows.map((r) => r.id)).toEqual([...rows].sort(comparators[option]).map((r) => r.id));
      expect(rows).toHaveLength(dbItems.length);
    });

    it('orders sizes numerically, then XXS..XXL, then other text, items without size after every size', async () => {
      // Extra sizes the demo lacks: half sizes, text sizes, an empty one.
      const product = dbItems[0];
      const extra = ['10.5', '9', 'XXL', 'xs', 'US 10', 'US 9', 'One Size', null, '4'];
      await t.ctx.db.insert(s.inventoryItems).values(
        extra.map((size, n) => ({ storeId: demo.id, code: `SIZE${n}AAA`, productId: product.productId, consignerId: product.consignerId, title: 'Size Probe', sku: 'SIZE-PROBE', status: 'Declined', option1Value: size })),
      );
      try {
        for (const [option, dir] of [
          ['sizeLowToHigh', 'asc'],
          ['sizeHighToLow', 'desc'],
        ] as const) {
          const { rows } = await all(`sortOption=${option}&search=size-probe`);
          expect(rows.map((r) => r.option1Value)).toEqual(sizeOrder(extra, dir));
          // equal sizes ('xs', 'XS') keep the id order, so compare sizes, not spellings
          const every = (await all(`sortOption=${option}`)).rows.map((r) => r.option1Value?.toUpperCase() ?? null);
          expect(every).toEqual(sizeOrder(every, dir));
        }
      } finally {
        await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.sku, 'SIZE-PROBE'));
      }
    });

    it("puts the store's own stock first in inventoryPriority when the store prioritises it", async () => {
      await t.ctx.db.update(s.stores).set({ prioritizeStore: true }).where(eq(s.stores.id, demo.id));
      try {
        const { rows } = await all('sortOption=inventoryPriority&status=Active');
        const firstOther = rows.findIndex((r) => !r.consigner!.isStoreAccount);
        expect(firstOther).toBeGreaterThan(0);
        expect(rows.slice(firstOther).every((r) => !r.consigner!.isStoreAccount)).toBe(true);
        const stores = rows.slice(0, firstOther);
        expect(stores.map((r) => r.price)).toEqual([...stores.map((r) => r.price)].sort((a, b) => a - b));
      } finally {
        await t.ctx.db.update(s.stores).set({ prioritizeStore: false }).where(eq(s.stores.id, demo.id));
      }
    });

    it('knows all eleven options and refuses others', async () => {
      expect(SORT_OPTIONS).toHaveLength(11);
      const res = await get('/api/inventories/paginatedInventories?sortOption=cheapest', tokens.owner);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('pagination', () => {
    it('pages through the sort with a stable count', async () => {
      const first = await page('pageSize=10&currentPage=1');
      const second = await page('pageSize=10&currentPage=2');
      const twenty = await page('pageSize=20&currentPage=1');
      expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(twenty.rows.map((r) => r.id));
      expect(first.count).toBe(dbItems.length);
      expect(second.count).toBe(dbItems.length);
      const lastPage = Math.ceil(dbItems.length / 10);
      expect((await page(`currentPage=${lastPage}`)).rows).toHaveLength(dbItems.length - (lastPage - 1) * 10);
      expect((await page(`currentPage=${lastPage + 1}`)).rows).toEqual([]);
      expect((await page('pageSize=37')).rows).toHaveLength(37);
    });

    it.each(['pageSize=9', 'pageSize=501', 'pageSize=abc', 'pageSize=10.5', 'currentPage=0', 'currentPage=-1', 'status=Bogus', 'consigner=not-a-uuid', 'printed=maybe'])(
      'refuses %s with 400',
      async (query) => {
        const res = await get(`/api/inventories/paginatedInventories?${query}`, tokens.owner);
        expect(res.statusCode).toBe(400);
        expect(json(res).error).toEqual(expect.any(String));
      },
    );

    it('accepts the page size bounds 10 and 500', async () => {
      expect((await page('pageSize=10')).rows).toHaveLength(10);
      expect((await page('pageSize=500')).rows).toHaveLength(dbItems.length);
    });
  });

  it('counts exactly up to the limit and estimates above it (countIsEstimate)', async () => {
    const { inventoryQueriesRepository: repo } = await import('../src/modules/inventory-queries/inventory-queries.repository.ts');
    const active = dbItems.filter((i) => i.status === 'Active').length;
    expect(await repo.countUpTo(t.ctx.db, { storeId: demo.id }, { statuses: ['Active'] }, active)).toEqual({ count: active, estimated: false });
    const estimate = await repo.countUpTo(t.ctx.db, { storeId: demo.id }, { statuses: ['Active'] }, 5);
    expect(estimate.estimated).toBe(true);
    expect(estimate.count).toBeGreaterThanOrEqual(6);
    const res = json<{ data: Page & { countIsEstimate: boolean } }>(await get('/api/inventories/paginatedInventories', tokens.owner)).data;
    expect(res.countIsEstimate).toBe(false);
    // a page that is not full gives the count itself, on any page
    const lastPage = Math.ceil(dbItems.length / 10);
    expect((await page(`currentPage=${lastPage}`)).count).toBe(dbItems.length);
    expect((await page(`currentPage=${lastPage + 3}`)).count).toBe(dbItems.length);
    expect((await page('search=nothing-matches-this')).count).toBe(0);
  });

  it('reads a searched page and its count in one go with the same answer as the two queries (PGlite path)', async () => {
    const { inventoryQueriesRepository: repo } = await import('../src/modules/inventory-queries/inventory-queries.repository.ts');
    const { sortSpec } = await import('../src/modules/inventory-queries/inventory-queries.sql.ts');
    const scope = { storeId: demo.id };
    const filter = { search: 'e' };
    const matches = await repo.countUpTo(t.ctx.db, scope, filter, 10_000);
    expect(matches.count).toBeGreaterThan(20);
    for (const option of SORT_OPTIONS) {
      for (const prioritizeStore of option === 'inventoryPriority' ? [false, true] : [false]) {
        const sort = sortSpec(option, { prioritizeStore });
        for (const offset of [0, 10]) {
          const combined = await repo.findSearchedPageAndCount(t.ctx.db, scope, filter, sort, { limit: 10, offset }, 10_001);
          const separate = await repo.findPage(t.ctx.db, scope, filter, sort, { limit: 10, offset });
          expect(combined!.rows.map((r) => r.item.id), `${option} from ${offset}`).toEqual(separate.map((r) => r.item.id));
          expect(combined!.count).toBe(matches.count);
        }
      }
    }
    const newest = sortSpec('newestUpdated', { prioritizeStore: false });
    // past the last page there is no row to carry the count, and at the cap it is not counted this way
    expect(await repo.findSearchedPageAndCount(t.ctx.db, scope, filter, newest, { limit: 10, offset: 10_000 }, 10_001)).toBeNull();
    expect(await repo.findSearchedPageAndCount(t.ctx.db, scope, filter, newest, { limit: 10, offset: 0 }, 5)).toBeNull();
    // and through the API, on either database
    const expected = dbItems.filter((i) => `${i.title} ${i.sku} ${i.code}`.toLowerCase().includes('e')).length;
    expect((await page('search=E&currentPage=2')).count).toBe(expected);
    expect((await page('search=E&currentPage=999')).count).toBe(expected);
  });

  it('leaves out the joined product and consigner when takeProducts / takeConsigners are false', async () => {
    const { rows } = await page('takeProducts=false&takeConsigners=false');
    expect(rows[0].consigner).toBeNull();
    expect(rows[0].product).toEqual({ id: rows[0].productId, title: rows[0].title, sku: rows[0].sku, image: expect.anything() });
    const full = await page('takeProducts=true&takeConsigners=true');
    expect(full.rows[0].consigner).not.toBeNull();
  });

  it('groups by product: a page of products with unit counts and their first items', async () => {
    const res = await get('/api/inventories/paginatedInventories?groupBy=product&status=Active&pageSize=500', tokens.owner);
    const { rows, count } = json<{ data: { rows: { productId: string; product: { id: string; title: string }; units: number; count: number; items: Item[] }[]; count: number } }>(res).data;
    const active = dbItems.filter((i) => i.status === 'Active');
    const products = new Set(active.map((i) => i.productId));
    expect(count).toBe(products.size);
    expect(rows).toHaveLength(products.size);
    for (const g of rows) {
      const mine = active.filter((i) => i.productId === g.productId);
      expect(g.count).toBe(mine.length);
      expect(g.units).toBe(mine.reduce((n, i) => n + i.quantity, 0));
      expect(g.product.id).toBe(g.productId);
      expect(g.items.length).toBe(Math.min(10, mine.length));
      expect(g.items.every((i) => i.productId === g.productId && i.status === 'Active')).toBe(true);
    }
    // newest-updated product first
    const newest = (g: (typeof rows)[number]) => Math.max(...active.filter((i) => i.productId === g.productId).map((i) => i.updatedAt.getTime()));
    expect(rows.map(newest)).toEqual([...rows.map(newest)].sort((a, b) => b - a));
    const small = json<{ data: { rows: unknown[]; count: number } }>(await get('/api/inventories/paginatedInventories?groupBy=product&status=Active&pageSize=10&currentPage=2', tokens.owner)).data;
    expect(small.count).toBe(products.size);
    expect(small.rows).toHaveLength(Math.max(0, Math.min(10, products.size - 10)));
    // A page past the last group still tells how many groups there are; a filter with none says 0.
    const past = json<{ data: { rows: unknown[]; count: number } }>(await get('/api/inventories/paginatedInventories?groupBy=product&status=Active&pageSize=10&currentPage=999', tokens.owner)).data;
    expect(past).toEqual({ ...past, rows: [], count: products.size });
    const none = json<{ data: { rows: unknown[]; count: number } }>(await get('/api/inventories/paginatedInventories?groupBy=product&status=Active&search=zzzznothing', tokens.owner)).data;
    expect(none).toEqual({ ...none, rows: [], count: 0 });
  });
});

type Item0 = (typeof dbItems)[number];

describe('who sees what', () => {
  it('shows a consigner only their own items, whatever consigner they ask for', async () => {
    const own = demoIds((i) => i.consignerId === consignerIds.ava);
    expect(ids((await all('', tokens.ava)).rows)).toEqual(own);
    const asking = await all(`consigner=${consignerIds.marco}`, tokens.ava);
    expect(asking.rows).toEqual([]);
    expect((await all('search=jordan', tokens.ava)).rows.every((r) => r.consignerId === consignerIds.ava)).toBe(true);
    const list = json<{ data: Page }>(await get('/api/inventories', tokens.ava)).data;
    expect(ids(list.rows)).toEqual(own);
  });

  it('refuses staff without Inventory, and answers 401 when signed out', async () => {
    for (const url of ['/api/inventories', '/api/inventories/paginatedInventories', '/api/inventories/filterOptions', '/api/inventories/exportInventory']) {
      expect((await get(url, tokens.clerk)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, tokens.stock)).statusCode, url).toBe(200);
    }
    expect((await get('/api/inventories/ordersPayoutInventories', tokens.stock)).statusCode).toBe(403);
    expect((await get('/api/inventories/getdasboardInventory', tokens.stock)).statusCode).toBe(403);
    expect((await get('/api/inventories/getStoreProducts', tokens.stock)).statusCode).toBe(403);
    expect((await get('/api/inventories/getStoreProducts', tokens.clerk)).statusCode).toBe(200);
  });

  it("never shows another store's items, options or export", async () => {
    expect((await all('search=zebra')).rows).toEqual([]);
    expect((await all('')).rows.every((r) => dbItems.some((i) => i.id === r.id))).toBe(true);
    const csv = (await get('/api/inventories/exportInventory', tokens.owner)).body;
    expect(csv).not.toContain('Zebra');
    const b = json<{ data: Page }>(await get('/api/inventories/paginatedInventories', tokens.ownerB, 'second.test')).data;
    expect(b.count).toBe(3);
    expect(b.rows.every((r) => r.title === 'Zebra Secret Sneaker')).toBe(true);
    const optionsB = json<{ data: { consigners: { value: { email: string } }[]; locations: { name: string }[] } }>(await get('/api/inventories/filterOptions', tokens.ownerB, 'second.test')).data;
    // Bea and the store account a store sign-up makes (docs/first-hour.md)
    expect(optionsB.consigners.map((c) => c.value.email).sort()).toEqual(['bea@second.test', expect.stringMatching(/^stock\+.*@store-account\.invalid$/)]);
    expect(optionsB.locations.map((l) => l.name).sort()).toEqual(['Main Store', 'ONLINE MARKETPLACE']);
    // a demo token on store B is refused outright
    expect((await get('/api/inventories/paginatedInventories', tokens.owner, 'second.test')).statusCode).toBe(403);
    // store B's product id as a filter finds nothing in the demo store
    const [productB] = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, storeB.id));
    expect((await all(`productId=${productB.id}`)).count).toBe(0);
  });
});

describe('GET /api/inventories', () => {
  it('answers every matching item with the same filters and the count', async () => {
    const { rows, count } = json<{ data: Page }>(await get('/api/inventories?status=Active&status=InTransit&location=Downtown', tokens.owner)).data;
    const expected = demoIds((i) => (i.status === 'Active' || i.status === 'InTransit') && i.location === 'Downtown');
    expect(ids(rows)).toEqual(expected);
    expect(count).toBe(expected.length);
  });
});

describe('GET /api/inventories/filterOptions', () => {
  type Options = {
    statuses: string[];
    locations: { label: string; value: string; id: string; name: string }[];
    subLocations: { name: string; locationName: string }[];
    option1Values: string[];
    option2Values: string[];
    option3Values: string[];
    categories: string[];
    optionNames: { option1: string; option2: string; option3: string };
    consigners: { label: string; value: { id: string; email: string; isStoreAccount: boolean } }[];
    sortOption: { label: string; value: string }[];
  };

  it("names the options as the store's templates do ('Box', not 'Option 3'), for staff and consigners", async () => {
    const o = json<{ data: Options }>(await get('/api/inventories/filterOptions', tokens.owner)).data;
    expect(o.optionNames).toEqual({ option1: 'Size', option2: 'Condition', option3: 'Box' });
    const ava = json<{ data: Options }>(await get('/api/inventories/filterOptions', tokens.ava)).data;
    expect(ava.optionNames).toEqual({ option1: 'Size', option2: 'Condition', option3: 'Box' });
  });

  it('gives staff every status, location, sub-location, consigner and the values in use', async () => {
    const o = json<{ data: Options }>(await get('/api/inventories/filterOptions', tokens.owner)).data;
    expect(o.statuses).toEqual([...INVENTORY_STATUSES]);
    expect(o.locations.map((l) => l.name).sort()).toEqual(['Downtown', 'ONLINE MARKETPLACE', 'Uptown', 'Warehouse']);
    expect(o.locations[0]).toEqual({ label: o.locations[0].name, value: o.locations[0].name, id: expect.any(String), name: o.locations[0].name });
    expect(o.subLocations).toContainEqual(expect.objectContaining({ name: 'Shelf A', locationName: 'Downtown' }));
    expect(o.subLocations).toHaveLength(5);
    // option values are those the store's templates define (no scan of the items)
    const templates = await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.storeId, demo.id));
    expect(o.option1Values).toEqual(sortSizes([...new Set(templates.flatMap((x) => x.option1Values.map((v) => v.value)))]));
    expect(o.option2Values).toEqual(['New', 'Used']);
    expect(o.option3Values).toEqual(['Damaged Box', 'Good Box', 'No Box']);
    for (const item of dbItems) expect(o.option1Values).toContain(item.option1Value);
    expect(o.categories).toEqual(['Apparel', 'Sneakers']);
    expect(o.consigners).toHaveLength(5);
    expect(o.consigners).toContainEqual({ label: 'Backroom Stock', value: { id: consignerIds.store, email: DEMO.storeAccount, isStoreAccount: true } });
    expect(o.sortOption.map((x) => x.value)).toEqual([...SORT_OPTIONS]);
  });

  it("gives a consigner only what concerns them: their statuses and values, themselves, the marketplace only when it is theirs", async () => {
    const ava = json<{ data: Options }>(await get('/api/inventories/filterOptions', tokens.ava)).data;
    const mine = dbItems.filter((i) => i.consignerId === consignerIds.ava);
    expect(ava.statuses.sort()).toEqual([...new Set(mine.map((i) => i.status))].sort());
    expect(ava.consigners).toEqual([{ label: 'Ava Thompson', value: { id: consignerIds.ava, email: DEMO.ava, isStoreAccount: false } }]);
    expect(ava.locations.map((l) => l.name)).not.toContain('ONLINE MARKETPLACE');
    expect(ava.option1Values.sort()).toEqual([...new Set(mine.map((i) => i.option1Value!))].sort());
    for (const sub of ava.subLocations) expect(mine.some((i) => i.location === sub.locationName && i.subLocation === sub.name)).toBe(true);
    const marco = json<{ data: Options }>(await get('/api/inventories/filterOptions', tokens.marco)).data;
    expect(marco.locations.map((l) => l.name)).toContain('ONLINE MARKETPLACE');
  });
});

describe('GET /api/inventories/exportInventory', () => {
  const parse = (csv: string) => csv.trim().split('\n').map((line) => line.split(','));

  it('streams inventoryExport.csv with a header and one line per matching item', async () => {
    const res = await get('/api/inventories/exportInventory?status=Active&sortOption=lowestPrice', tokens.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventoryExport.csv"');
    const lines = res.body.trim().split('\n');
    // the export's own columns, with the fields the domain's list marks for export before the two times
    const listed = INVENTORY_CSV_FIELDS.map((f) => `${labelOfField(f)},`).join('');
    expect(lines[0]).toBe(
      `Id,Code,Title,SKU,Status,Category,Option 1,Option 2,Option 3,Price,Payout,Payout Fee,Total,Cost,Quantity,Location,Sub-location,Consigner,Consigner Email,Printed,Accepted On,Sold On,Order,Order Date,Tracking Code,Notes,${listed}Created At,Updated At`,
    );
    const active = dbItems.filter((i) => i.status === 'Active').sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : 1));
    expect(lines).toHaveLength(active.length + 1);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(active.map((i) => i.id));
    const first = active[0];
    expect(lines[1]).toContain(`,${(first.price / 100).toFixed(2)},`);
    expect(lines[1]).toContain(first.code);
  });

  it("quotes commas and quotes in text, and exports a consigner's own items only", async () => {
    const [productB] = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, storeB.id));
    const [consignerB] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, storeB.id));
    await t.ctx.db
      .insert(s.inventoryItems)
      .values({ storeId: storeB.id, code: 'QUOTE001', productId: productB.id, consignerId: consignerB.id, title: 'Comma, "Quoted" Item', sku: 'Q-1', status: 'Active', price: 1234 });
    const csv = (await get('/api/inventories/exportInventory?search=quote001', tokens.ownerB, 'second.test')).body;
    expect(csv).toContain(',QUOTE001,"Comma, ""Quoted"" Item",Q-1,Active,,,,,12.34,');
    await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.code, 'QUOTE001'));
    const own = parse((await get('/api/inventories/exportInventory', tokens.ava)).body).slice(1);
    expect(own.map((r) => r[0]).sort()).toEqual(demoIds((i) => i.consignerId === consignerIds.ava));
  });

  it('reads large exports in keyset batches: every row once, in order, across equal sort keys', async () => {
    // 4,500 items in store B with one timestamp and a handful of prices and sizes: ties everywhere.
    const [productB] = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, storeB.id));
    const [consignerB] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, storeB.id));
    const at = new Date('2026-01-01T00:00:00Z');
    const sizes = ['9', '10', '10.5', 'M', 'XL', null];
    await t.ctx.db.insert(s.inventoryItems).values(
      Array.from({ length: 4500 }, (_, n) => ({
        storeId: storeB.id,
        code: `BULK${String(n).padStart(5, '0')}`,
        productId: productB.id,
        consignerId: consignerB.id,
        title: 'Bulk Item',
        sku: 'BULK',
        status: 'Active',
        price: (n % 7) * 100,
        option1Value: sizes[n % sizes.length],
        createdAt: at,
        updatedAt: at,
      })),
    );
    for (const sort of ['newestUpdated', 'lowestPrice', 'sizeHighToLow', 'inventoryPriority'] as const) {
      const res = await get(`/api/inventories/exportInventory?search=bulk&sortOption=${sort}`, tokens.ownerB, 'second.test');
      const rows = parse(res.body).slice(1);
      expect(rows, sort).toHaveLength(4500);
      expect(new Set(rows.map((r) => r[0])).size, sort).toBe(4500);
      const listed = json<{ data: Page }>(await get(`/api/inventories?search=bulk&sortOption=${sort}`, tokens.ownerB, 'second.test')).data;
      expect(rows.map((r) => r[0]), sort).toEqual(listed.rows.map((r) => r.id));
    }
    await t.ctx.db.delete(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, storeB.id), eq(s.inventoryItems.sku, 'BULK')));
  });
});

describe('lookups of other screens', () => {
  it('getStoreProducts: products by search with their stock per size at a location', async () => {
    const res = await get('/api/inventories/getStoreProducts?search=jordan&location=Downtown', tokens.owner);
    const data = json<{ data: { products: { id: string; title: string; stock: number; forRequest: { size: string; inventory: number }[] }[]; inventories: { productId: string; qty: number }[]; count: number } }>(res).data;
    expect(data.products.map((p) => p.title).sort()).toEqual(['Air Jordan 1 Retro High OG Chicago', 'Air Jordan 4 Retro Military Black']);
    expect(data.count).toBe(2);
    for (const p of data.products) {
      const onHand = dbItems.filter((i) => i.productId === p.id && i.status === 'Active' && i.location === 'Downtown');
      expect(p.stock).toBe(onHand.reduce((n, i) => n + i.quantity, 0));
      expect(p.forRequest.length).toBeGreaterThan(10);
      expect(p.forRequest.reduce((n, f) => n + f.inventory, 0)).toBe(p.stock);
    }
    const consigner = json<{ data: { products: unknown[] } }>(await get('/api/inventories/getStoreProducts', tokens.ava)).data;
    expect(consigner.products.length).toBeGreaterThan(20);
  });

  it('a size price of the template leaves in major units, in getStoreProducts and on an item', async () => {
    const item = dbItems.find((i) => i.productTemplateId && i.status === 'Active' && i.location === 'Downtown')!;
    const [template] = await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.id, item.productTemplateId!));
    const size = template.option1Values[0].value;
    const priced = template.option1Values.map((v, i) => (i === 0 ? { ...v, price: 15050 } : v));
    await t.ctx.db.update(s.productTemplates).set({ option1Values: priced }).where(eq(s.productTemplates.id, template.id));
    try {
      type Products = { data: { products: { id: string; forRequest: { size: string; price: number | null }[] }[] } };
      const products = json<Products>(await get(`/api/inventories/getStoreProducts?search=${encodeURIComponent(item.sku)}&location=Downtown`, tokens.owner)).data.products;
      expect(products.find((p) => p.id === item.productId)!.forRequest.find((f) => f.size === size)!.price).toBe(150.5);
      type Detail = { data: { productTemplate: { option1Values: { value: string; price?: number | null }[] } } };
      const detail = json<Detail>(await get(`/api/inventories/${item.id}`, tokens.owner)).data;
      expect(detail.productTemplate.option1Values.find((v) => v.value === size)!.price).toBe(150.5);
    } finally {
      await t.ctx.db.update(s.productTemplates).set({ option1Values: template.option1Values }).where(eq(s.productTemplates.id, template.id));
    }
  });

  it('consignerRequestedItems: store-request answers by sale type, consigner and search, grouped by product', async () => {
    type Res = { data: { products: { id: string; inventories: Item[] }[]; count: number } };
    const everything = json<Res>(await get('/api/inventories/consignerRequestedItems?sale=all', tokens.owner)).data;
    const flat = (r: Res['data']) => r.products.flatMap((p) => p.inventories);
    expect(ids(flat(everything))).toEqual(demoIds((i) => i.status === 'Consignment' || i.status === 'Buying'));
    expect(everything.count).toBe(flat(everything).length);
    const buying = json<Res>(await get('/api/inventories/consignerRequestedItems?sale=Buying', tokens.owner)).data;
    expect(ids(flat(buying))).toEqual(demoIds((i) => i.status === 'Buying'));
    const lena = json<Res>(await get(`/api/inventories/consignerRequestedItems?consigner=${consignerIds.lena}&location=all`, tokens.owner)).data;
    expect(ids(flat(lena))).toEqual(demoIds((i) => (i.status === 'Consignment' || i.status === 'Buying') && i.consignerId === consignerIds.lena));
    for (const p of everything.products) expect(p.inventories.every((i) => i.productId === p.id)).toBe(true);
    const ava = json<Res>(await get(`/api/inventories/consignerRequestedItems?consigner=${consignerIds.lena}`, tokens.ava)).data;
    expect(flat(ava).every((i) => i.consignerId === consignerIds.ava)).toBe(true);
    expect((await get('/api/inventories/consignerRequestedItems?sale=Gift', tokens.owner)).statusCode).toBe(400);
  });

  it("lowestPriceInventories: per SKU and variant the lowest price on hand, the consigner's own left out", async () => {
    const active = dbItems.filter((i) => i.status === 'Active');
    const sku = active[0].sku;
    const res = await t.request({ method: 'POST', url: '/api/inventories/lowestPriceInventories', token: tokens.owner, body: { consigner: consignerIds.ava, productSkus: [sku] } });
    const { inventories } = json<{ data: { inventories: { sku: string; option1Value: string; option2Value: string; option3Value: string | null; price: number; qty: number }[] } }>(res).data;
    const others = active.filter((i) => i.sku === sku && i.consignerId !== consignerIds.ava);
    expect(inventories.reduce((n, v) => n + v.qty, 0)).toBe(others.length);
    for (const v of inventories) {
      const same = others.filter((i) => i.option1Value === v.option1Value && i.option2Value === v.option2Value && i.option3Value === v.option3Value);
      expect(v.price).toBe(toMajor(Math.min(...same.map((i) => i.price))));
    }
    const empty = await t.request({ method: 'POST', url: '/api/inventories/lowestPriceInventories', token: tokens.owner, body: { productSkus: [] } });
    expect(json<{ data: { inventories: unknown[] } }>(empty).data.inventories).toEqual([]);
  });

  it('getLowestPriceForVariant: the lowest price and units of one variant, with the caller key', async () => {
    const item = dbItems.find((i) => i.status === 'Active' && i.location)!;
    const same = dbItems.filter((i) => i.status === 'Active' && i.productId === item.productId && i.option1Value === item.option1Value && i.location === item.location);
    const res = await t.request({
      method: 'POST',
      url: '/api/inventories/getLowestPriceForVariant',
      token: tokens.ava,
      body: { productId: item.productId, option1Value: item.option1Value, location: item.location, key: 'row-3' },
    });
    expect(json(res).data).toEqual({ key: 'row-3', qty: same.length, price: toMajor(Math.min(...same.map((i) => i.price))) });
    const none = await t.request({ method: 'POST', url: '/api/inventories/getLowestPriceForVariant', token: tokens.owner, body: { productId: item.productId, option1Value: 'no-size' } });
    expect(json(none).data).toEqual({ key: null, qty: 0, price: null });
    expect((await t.request({ method: 'POST', url: '/api/inventories/getLowestPriceForVariant', token: tokens.owner, body: {} })).statusCode).toBe(400);
  });

  it('ordersPayoutInventories: sold items in no payout and accepted bought items; not paid ones, not store accounts', async () => {
    type Res = { data: { rows: Item[]; count: number; total: number } };
    const product = dbItems[0];
    const [bought] = await t.ctx.db
      .insert(s.inventoryItems)
      .values({ storeId: demo.id, code: 'BOUGHT01', productId: product.productId, consignerId: consignerIds.lena, title: 'Bought Probe', sku: 'BOUGHT', status: 'Active', price: 5000, total: 5000, buyingId: crypto.randomUUID(), paymentType: 'cash', acceptedOn: new Date(), location: 'Downtown' })
      .returning();
    const [storeSold] = await t.ctx.db
      .insert(s.inventoryItems)
      .values({ storeId: demo.id, code: 'STORESLD', productId: product.productId, consignerId: consignerIds.store, title: 'Store Sold', sku: 'STORESOLD', status: 'Sold', price: 5000 })
      .returning();
    try {
      const data = json<Res>(await get('/api/inventories/ordersPayoutInventories', tokens.owner)).data;
      const sold = demoIds((i) => i.status === 'Sold' && i.payoutId === null && i.consignerId !== consignerIds.store);
      expect(ids(data.rows)).toEqual([...sold, bought.id].sort());
      expect(data.rows.map((r) => r.id)).not.toContain(storeSold.id);
      expect(data.count).toBe(sold.length + 1);
      const totals = dbItems.filter((i) => sold.includes(i.id)).reduce((n, i) => n + i.total, 0) + 5000;
      expect(data.total).toBe(toMajor(totals));
      const marco = json<Res>(await get('/api/inventories/ordersPayoutInventories', tokens.marco)).data;
      expect(ids(marco.rows)).toEqual(demoIds((i) => i.status === 'Sold' && i.consignerId === consignerIds.marco));
      const byConsigner = json<Res>(await get(`/api/inventories/ordersPayoutInventories?consigner=${consignerIds.lena}&search=probe`, tokens.owner)).data;
      expect(ids(byConsigner.rows)).toEqual([bought.id]);
      const orders = await t.ctx.db.select().from(s.orders).where(eq(s.orders.storeId, demo.id));
      const future = json<Res>(await get('/api/inventories/ordersPayoutInventories?orderDateRange=2099-01-01&orderDateRange=2099-02-01', tokens.owner)).data;
      expect(future.rows).toEqual([]);
      expect(orders.length).toBeGreaterThan(0);
    } finally {
      await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.id, bought.id));
      await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.id, storeSold.id));
    }
  });

  it('getdasboardInventory: counts and values by status, and what was added, accepted and sold in the range', async () => {
    type Summary = { count: number; units: number; value: number; payout: number };
    type Res = { data: { byStatus: (Summary & { status: string })[]; totals: Summary; added: Summary; sold: Summary & { byStatus: { status: string; count: number }[] }; accepted: Summary; dateRangeStart: string; dateRangeEnd: string } };
    const data = json<Res>(await get('/api/inventories/getdasboardInventory?dateRangeStart=2000-01-01&dateRangeEnd=2099-12-31', tokens.owner)).data;
    for (const status of new Set(dbItems.map((i) => i.status))) {
      const mine = dbItems.filter((i) => i.status === status);
      expect(data.byStatus.find((b) => b.status === status)).toMatchObject({ count: mine.length, value: toMajor(mine.reduce((n, i) => n + i.price * i.quantity, 0)) });
    }
    expect(data.totals.count).toBe(dbItems.length);
    expect(data.added.count).toBe(dbItems.length);
    expect(data.sold.count).toBe(dbItems.filter((i) => i.soldOn).length);
    expect(data.accepted.count).toBe(dbItems.filter((i) => i.acceptedOn).length);
    const empty = json<Res>(await get('/api/inventories/getdasboardInventory?dateRangeStart=2099-01-01&dateRangeEnd=2099-01-31', tokens.owner)).data;
    expect(empty.sold.count).toBe(0);
    expect(empty.totals.count).toBe(dbItems.length);
    expect(empty.dateRangeEnd).toBe('2099-02-01T00:00:00.000Z');
    const ava = json<Res>(await get('/api/inventories/getdasboardInventory', tokens.ava)).data;
    expect(ava.totals.count).toBe(dbItems.filter((i) => i.consignerId === consignerIds.ava).length);
    expect((await get('/api/inventories/getdasboardInventory?dateRangeStart=yesterday', tokens.owner)).statusCode).toBe(400);
  });
});
