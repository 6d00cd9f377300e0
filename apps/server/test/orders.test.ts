// The orders API (docs/payouts.md): the order item table (search, consigner, order dates, pages), its
// export, an order, its resync, the order sources; roles and stores.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickRange } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { recordSale, undoSale } from '../src/modules/sales/sales.service.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Row = {
  id: string;
  title: string;
  sku: string | null;
  price: number;
  active: boolean;
  order: { id: string; name: string; orderDate: string; source: string; status: string; financialStatus: string };
  item: { id: string; code: string; title: string; sku: string; option1Value: string | null; price: number; payout: number; status: string } | null;
  consigner: { id: string; name: string } | null;
};
type List = { rows: Row[]; count: number };
type Order = {
  id: string;
  name: string;
  source: string;
  status: string;
  customer: { first_name: string | null; email: string | null; phone: string | null };
  shopifyAdminUrl: string | null;
  resyncable: boolean;
  lineItems: { id: string; title: string; inventoryId: string | null; item: { id: string; code: string; consigner: { name: string } | null } | null }[];
};

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Employee with Orders only
let stock: string; // Employee without Orders
let ava: string; // a consigner
let other: Awaited<ReturnType<typeof otherStore>>;
let seeded: number;
const by = { id: null, name: 'Orders test' };

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  ava = await t.signIn(DEMO.ava);
  clerk = await staff(t, refs.store.id, 'orders-clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
  seeded = (await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.storeId, refs.store.id))).length;
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const list = async (query: string, token = owner) => {
  const res = await get(`/api/orders${query ? `?${query}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: List }>(res).data;
};

/** A sale recorded through recordSale, as every source does. */
async function sell(opts: { name?: string; source?: 'counter' | 'shopify' | 'linnworks'; externalId?: string; customer?: s.Customer; orderDate?: Date; who?: 'ava' | 'marco' | 'lena' | 'store'; item?: Partial<typeof s.inventoryItems.$inferInsert> } = {}) {
  const item = await makeItem(t, refs, { who: opts.who ?? 'marco', ...opts.item });
  // a counter sale takes the store's next S- name: a named order comes from an import
  const source = opts.source ?? (opts.name ? 'linnworks' : 'counter');
  const { order } = await recordSale(t.ctx, refs.store, by, {
    source,
    externalId: opts.externalId ?? (source === 'counter' ? undefined : crypto.randomUUID()),
    name: opts.name,
    financialStatus: 'paid',
    customer: opts.customer,
    orderDate: opts.orderDate,
    lines: [{ inventoryId: item.id }],
  });
  return { order, item };
}

describe('GET /api/orders (the order item table)', () => {
  it('answers the seeded orders’ lines, newest order first, with order, item and consigner', async () => {
    const { rows, count } = await list('pageSize=50');
    expect(count).toBe(seeded);
    expect(rows).toHaveLength(seeded);
    const dates = rows.map((r) => r.order.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const sold = rows.find((r) => r.item?.status === 'Sold')!;
    expect(sold.order).toMatchObject({ name: expect.stringMatching(/^S-\d+$/), source: 'counter', status: 'open' });
    expect(sold.item).toMatchObject({ code: expect.any(String), title: sold.title, price: sold.price });
    expect(typeof sold.item!.payout).toBe('number');
    expect(sold.consigner?.name).toMatch(/\w+ \w+/);
    // the seeded lines are found by their items' codes (written before the items, refreshed after)
    expect((await list(`search=${sold.item!.code}`)).rows.map((r) => r.id)).toEqual([sold.id]);
  });

  it('searches each word in the order name, customer, and the item title, SKU and code', async () => {
    const { order, item } = await sell({ name: '#ZED-77', customer: { first_name: 'Quentin', email: 'quentin.blake@example.test', phone: '+44 7700 900123' } });
    const names = async (q: string) => (await list(`search=${encodeURIComponent(q)}&pageSize=50`)).rows.map((r) => r.order.name);
    expect(await names('zed-77')).toEqual([order.name]);
    expect(await names('QUENTIN')).toEqual([order.name]);
    expect(await names('blake@example')).toEqual([order.name]);
    expect(await names('7700 900123')).toEqual([order.name]);
    expect(await names(item.code.toLowerCase())).toEqual([order.name]);
    expect(await names(`quentin ${item.code}`)).toEqual([order.name]);
    expect(await names('quentin nobody')).toEqual([]);
    const jordans = await list(`search=${encodeURIComponent('jordan chicago')}&pageSize=50`);
    expect(jordans.count).toBeGreaterThan(0);
    for (const r of jordans.rows) expect(`${r.title} ${r.item?.title}`.toLowerCase()).toContain('chicago');
    // % and _ are literal
    expect((await list('search=%25')).count).toBe(0);
    expect((await list('search=_')).count).toBe(0);
  });

  it('filters by consigner: only that consigner’s items', async () => {
    const lena = await list(`consigner=${refs.consigner.lena.id}&pageSize=50`);
    expect(lena.count).toBeGreaterThan(0);
    expect(lena.rows.every((r) => r.consigner?.id === refs.consigner.lena.id)).toBe(true);
    const all = await list('pageSize=100');
    expect(lena.count).toBe(all.rows.filter((r) => r.consigner?.id === refs.consigner.lena.id).length);
  });

  it('filters by order date, a quick range ending tomorrow', async () => {
    const now = new Date();
    const { order: fresh } = await sell({ orderDate: new Date(now.getTime() - 2 * 3600_000) });
    // the last minute of a UTC day 40 days ago, to show a date-only bound takes its whole day
    const fortyDaysAgo = new Date(now.getTime() - 40 * 86_400_000);
    const lastMinute = Date.UTC(fortyDaysAgo.getUTCFullYear(), fortyDaysAgo.getUTCMonth(), fortyDaysAgo.getUTCDate(), 23, 59, 30);
    const { order: old } = await sell({ orderDate: new Date(lastMinute) });
    const range = (key: '24' | '1W' | '3M') => {
      const r = quickRange(key, now);
      return `orderDateRange=${encodeURIComponent(`${(r.start ?? new Date(0)).toISOString()},${r.end.toISOString()}`)}&pageSize=100`;
    };
    const day = (await list(range('24'))).rows.map((r) => r.order.id);
    expect(day).toContain(fresh.id);
    expect(day).not.toContain(old.id);
    expect((await list(range('3M'))).rows.map((r) => r.order.id)).toEqual(expect.arrayContaining([fresh.id, old.id]));
    // date-only bounds include the whole last day, and only that day (the demo's own orders may fall
    // on it too: their dates are fixed, this one moves with the calendar)
    const date = old.orderDate.toISOString().slice(0, 10);
    const onTheDay = (await list(`orderDateRange=${date}&orderDateRange=${date}&pageSize=100`)).rows;
    expect(onTheDay.map((r) => r.order.id)).toContain(old.id);
    expect(onTheDay.map((r) => r.order.orderDate.slice(0, 10))).toEqual(onTheDay.map(() => date));
  });

  it('pages the same from either end (later pages are read backwards)', async () => {
    const all = (await list('pageSize=100')).rows.map((r) => r.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 10); page++) paged.push(...(await list(`pageSize=10&currentPage=${page}`)).rows.map((r) => r.id));
    expect(paged).toEqual(all);
    expect(await list('pageSize=10&currentPage=999')).toEqual({ rows: [], count: all.length });
    // the unfiltered total is the store's count kept by the database: the same as counting the lines
    expect(all.length).toBe((await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.storeId, refs.store.id))).length);
  });

  it('shows an undone order’s lines, tagged undone and inactive, with the item back on sale', async () => {
    const { order, item } = await sell({ name: '#UNDO-1' });
    await undoSale(t.ctx, refs.store, by, order.id);
    const [row] = (await list('search=undo-1')).rows;
    expect(row).toMatchObject({ active: false, order: { status: 'undone' }, item: { id: item.id, status: 'Active' } });
  });

  it('keeps a line without an item (an imported line no item matched)', async () => {
    const item = await makeItem(t, refs);
    await recordSale(t.ctx, refs.store, by, {
      source: 'linnworks',
      externalId: 'lw-unmatched-1',
      name: 'LW-UNMATCHED',
      financialStatus: 'paid',
      lines: [{ inventoryId: item.id }, { inventoryId: null, title: 'Gift card', sku: 'GIFT-50', price: 5000 }],
    });
    const rows = (await list('search=lw-unmatched')).rows;
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.item === null)).toMatchObject({ title: 'Gift card', sku: 'GIFT-50', price: 50, consigner: null });
    expect((await list('search=gift-50')).rows.map((r) => r.title)).toEqual(['Gift card']);
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
  });

  it('refuses bad input with 400', async () => {
    for (const q of ['pageSize=7', 'pageSize=abc', 'currentPage=0', 'consigner=not-a-uuid', 'orderDateRange=2026-01-01', 'orderDateRange=nope,2026-01-01', 'orderDateRange=2026-02-01,2026-01-01', `search=${'x'.repeat(201)}`]) {
      const res = await get(`/api/orders?${q}`, owner);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).error).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/orders/filterOptions', () => {
  it('lists the consigners without store accounts, and no import source', async () => {
    const res = await get('/api/orders/filterOptions', clerk);
    expect(res.statusCode).toBe(200);
    const data = json<{ data: { consigners: { label: string; value: string }[]; importSources: string[] } }>(res).data;
    expect(data.consigners.map((c) => c.value)).toContain(refs.consigner.ava.id);
    expect(data.consigners.map((c) => c.value)).not.toContain(refs.consigner.store.id);
    expect(data.importSources).toEqual([]);
  });
});

describe('GET /api/orders/{id}', () => {
  it('answers the order with its customer and lines linking to their items', async () => {
    const { order, item } = await sell({ name: '#DETAIL-1', customer: { first_name: 'Ada', email: 'ada@example.test', phone: '+1 555 0100' }, who: 'ava' });
    const res = await get(`/api/orders/${order.id}`, clerk);
    expect(res.statusCode).toBe(200);
    const data = json<{ data: Order }>(res).data;
    expect(data).toMatchObject({ id: order.id, name: '#DETAIL-1', source: 'linnworks', status: 'open', shopifyAdminUrl: null, resyncable: true });
    expect(data.customer).toMatchObject({ first_name: 'Ada', email: 'ada@example.test', phone: '+1 555 0100' });
    expect(data.lineItems).toEqual([expect.objectContaining({ inventoryId: item.id, item: expect.objectContaining({ id: item.id, code: item.code, consigner: expect.objectContaining({ name: 'Ava Thompson' }) }) })]);
  });

  it('links a Shopify order to the shop’s admin, and only a Shopify order', async () => {
    await t.ctx.db.update(s.stores).set({ shop: 'demo-backroom.myshopify.com' }).where(eq(s.stores.id, refs.store.id));
    const { order } = await sell({ source: 'shopify', externalId: '820982911946154508', name: '#SHOP-1' });
    const data = json<{ data: Order }>(await get(`/api/orders/${order.id}`, owner)).data;
    expect(data).toMatchObject({ source: 'shopify', shopifyAdminUrl: 'https://admin.shopify.com/store/demo-backroom/orders/820982911946154508', resyncable: true });
    const counter = (await list('pageSize=100')).rows.find((r) => r.order.source === 'counter')!;
    expect(json<{ data: Order }>(await get(`/api/orders/${counter.order.id}`, owner)).data.shopifyAdminUrl).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await get('/api/orders/7b0e5d3e-6a0a-4c3f-9d0e-1a2b3c4d5e6f', owner)).statusCode).toBe(404);
    expect((await get('/api/orders/not-an-id', owner)).statusCode).toBe(400);
  });
});

describe('GET /api/orders/resync/{id}', () => {
  it('answers a counter sale honestly: 422, nothing to resync from', async () => {
    const { order } = await sell();
    const res = await get(`/api/orders/resync/${order.id}`, owner);
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('This order was recorded at the counter: it has no storefront or import source to resync it from.');
  });

  it('answers a Shopify order with 422 until a storefront is connected', async () => {
    const { order } = await sell({ source: 'shopify', externalId: '5550001' });
    const res = await get(`/api/orders/resync/${order.id}`, owner);
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toMatch(/no Shopify storefront is connected/);
  });
});

describe('POST /api/orders/export', () => {
  it('writes ordersExport.csv of the filtered rows, formulas neutralised', async () => {
    const { order, item } = await sell({ name: '#CSV-1', customer: { first_name: '=HYPERLINK("http://x","y")', email: 'csv@example.test' } });
    const res = await post('/api/orders/export', clerk, { search: 'csv-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ordersExport.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Order,Order date,Source,Order status,Payment,Customer,Customer email,Customer phone,Item code,Title,SKU,Option 1,Option 2,Option 3,Line price,Quantity,Item price,Payout,Item status,Consigner,Consigner id,Line active,Needs attention');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.name},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines[1]).toContain(`,${item.code},`);
    expect(lines[1]).toContain(',100.00,1,100.00,77.00,Sold,Marco Rossi,');
    const all = await post('/api/orders/export', owner, {});
    expect(all.body.trim().split('\n')).toHaveLength((await list('pageSize=10')).count + 1);
    const ranged = await post('/api/orders/export', owner, { orderDateRange: ['2000-01-01', '2000-01-02'] });
    expect(ranged.body.trim().split('\n')).toHaveLength(1);
    expect((await post('/api/orders/export', owner, { consigner: 'x' })).statusCode).toBe(400);
  });
});

describe('order sources', () => {
  it('refuses a Linnworks import and Resync All with 422 when no source is set up', async () => {
    const lw = await post('/api/orders/linnworkOrders', owner);
    expect(lw.statusCode).toBe(422);
    expect(json(lw).error).toMatch(/Linnworks order import is not set up/);
    const all = await post('/api/orders/resyncAll', owner);
    expect(all.statusCode).toBe(422);
    expect(json(all).error).toBe('No order source is turned on for this store: orders are recorded at the counter only.');
  });
});

describe('access', () => {
  it('refuses staff without Orders and consigners with 403', async () => {
    const { order } = await sell();
    for (const token of [stock, ava]) {
      expect((await get('/api/orders', token)).statusCode).toBe(403);
      expect((await get('/api/orders/filterOptions', token)).statusCode).toBe(403);
      expect((await get(`/api/orders/${order.id}`, token)).statusCode).toBe(403);
      expect((await get(`/api/orders/resync/${order.id}`, token)).statusCode).toBe(403);
      expect((await post('/api/orders/export', token, {})).statusCode).toBe(403);
      expect((await post('/api/orders/linnworkOrders', token)).statusCode).toBe(403);
      expect((await post('/api/orders/resyncAll', token)).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('never shows another store’s orders: 404 for their ids, their lists and exports stay theirs', async () => {
    const { order } = await sell({ name: '#MINE-1' });
    expect((await get(`/api/orders/${order.id}`, other.token, other.host)).statusCode).toBe(404);
    expect((await get(`/api/orders/resync/${order.id}`, other.token, other.host)).statusCode).toBe(404);
    expect(await (async () => json<{ data: List }>(await get('/api/orders', other.token, other.host)).data)()).toEqual({ rows: [], count: 0 });
    const csv = await post('/api/orders/export', other.token, {}, other.host);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
    const options = json<{ data: { consigners: unknown[] } }>(await get('/api/orders/filterOptions', other.token, other.host)).data;
    expect(options.consigners).toEqual([]);
    // our token at their host is refused
    expect((await get('/api/orders', owner, other.host)).statusCode).toBe(403);
  });
});
