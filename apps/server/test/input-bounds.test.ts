// docs/security.md, "Bad input never makes a 500": amounts past what the columns hold, NUL and lone
// surrogates in any text, over-long text and over-large bodies answer 4xx { error }, nothing written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava)]);
});
afterAll(async () => t.close());

const row = (over: Record<string, unknown> = {}) => ({
  productId: refs.sneaker.id,
  option1Value: '10',
  option2Value: 'New',
  option3Value: 'Good Box',
  price: 100,
  quantity: 1,
  consigner: refs.consigner.ava.id,
  location: 'Downtown',
  subLocation: 'Shelf A',
  ...over,
});
const countOf = async (table: typeof s.inventoryItems | typeof s.subLocations | typeof s.productTemplates | typeof s.products) =>
  (await t.ctx.db.select({ id: table.id }).from(table)).length;

/** A 4xx with a message in the envelope, never a 5xx. */
function expectRefused(res: Awaited<ReturnType<TestApp['request']>>, status = 400) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const error = json(res).error;
  expect(typeof error).toBe('string');
  expect(error!.length).toBeGreaterThan(0);
  return error!;
}

describe('amounts and quantities past what the columns hold', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['price 30,000,000', { price: 30_000_000 }, /price.*at most 10,000,000/i],
    ['price 1,000,000 x quantity 50', { price: 1_000_000, quantity: 50 }, /total.*at most/i],
    ['price 1e12', { price: 1e12 }, /price.*at most/i],
    ['quantity 3e9', { quantity: 3e9 }, /quantity.*at most/i],
    ['a negative quantity', { quantity: -1 }, /quantity/i],
    ['cost 30,000,000', { cost: 30_000_000 }, /cost.*at most/i],
  ];
  it.each(cases)('refuses %s on create, writing nothing', async (_name, over, message) => {
    const before = await countOf(s.inventoryItems);
    const res = await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row(over)] } });
    expect(expectRefused(res)).toMatch(message);
    expect(await countOf(s.inventoryItems)).toBe(before);
  });

  it.each(cases)('refuses %s on the fee quote with the same message as the create', async (_name, over, message) => {
    const quote = await t.request({ method: 'POST', url: '/api/inventories/fees', token: owner, body: { consigner: refs.consigner.ava.id, quantity: 1, ...over, price: over.price ?? 100 } });
    const create = await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row(over)] } });
    expect(expectRefused(quote)).toMatch(message);
    expect(json(quote).error).toBe(json(create).error);
  });

  it('refuses a consigner listing priced past the limit', async () => {
    const before = await countOf(s.inventoryItems);
    const res = await t.request({ method: 'POST', url: '/api/inventories', token: ava, body: { inventoryFormArray: [row({ price: 30_000_000, consigner: undefined, location: undefined, subLocation: undefined })] } });
    expectRefused(res);
    expect(await countOf(s.inventoryItems)).toBe(before);
  });

  it('refuses requestPriceChange 30,000,000 and leaves the item as it was', async () => {
    const item = await makeItem(t, refs, { status: 'Active', location: 'Downtown' });
    const res = await t.request({ method: 'POST', url: '/api/inventories/requestPriceChange', token: ava, body: { id: item.id, requestedPrice: 30_000_000 } });
    expect(expectRefused(res)).toMatch(/at most/i);
    const after = await itemRow(t, item.id);
    expect(after).toMatchObject({ status: 'Active', requestedPrice: null });
    expect(await logsOf(t, item.id)).toHaveLength(0);
  });

  it('refuses amounts with more decimals than money takes (2) with why, rounding none of them', async () => {
    const before = await countOf(s.inventoryItems);
    const create = await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row({ price: 0.004 })] } });
    expect([create.statusCode, json(create).error]).toEqual([400, 'Price can have at most 2 decimals.']);
    expect(await countOf(s.inventoryItems)).toBe(before);
    const item = await makeItem(t, refs, { status: 'Active', location: 'Downtown' });
    const asked = await t.request({ method: 'POST', url: '/api/inventories/requestPriceChange', token: ava, body: { id: item.id, requestedPrice: 120.455 } });
    expect([asked.statusCode, json(asked).error]).toEqual([400, 'Price can have at most 2 decimals.']);
    const edit = await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: '99.999' } });
    expect(edit.statusCode).toBe(400);
    expect(json(edit).error).toMatch(/can have at most 2 decimals\.$/);
    expect(await itemRow(t, item.id)).toMatchObject({ price: item.price, requestedPrice: null });
  });

  it('refuses an edit whose price, payout or fee is past the limit', async () => {
    const item = await makeItem(t, refs, { status: 'Active', location: 'Downtown' });
    for (const body of [{ price: 30_000_000 }, { payout: 1e12 }, { payoutFee: 3e9 }, { cost: '99999999999' }]) {
      expectRefused(await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body }));
    }
    expect((await itemRow(t, item.id))!.price).toBe(item.price);
  });

  it('refuses an early withdrawal fee past the limit', async () => {
    const item = await makeItem(t, refs, { status: 'Active', location: 'Downtown' });
    const res = await t.request({ method: 'POST', url: '/api/inventories/withdrawInventory', token: owner, body: { id: item.id, isWithdrawnEarly: true, withdrawalFee: 30_000_000 } });
    expectRefused(res);
    expect((await itemRow(t, item.id))!.status).toBe('Active');
  });

  it('refuses a page number past what an offset can hold', async () => {
    expectRefused(await t.request({ method: 'GET', url: '/api/inventories/paginatedInventories?currentPage=1e300', token: owner }));
    expectRefused(await t.request({ method: 'GET', url: '/api/inventoryLogs?page=99999999999999999999', token: owner }));
  });

  it('refuses a template weight and a size price past the limit', async () => {
    const before = await countOf(s.productTemplates);
    const base = { title: 'Big', category: 'Big', brand: 'Any', option1: 'Size', option1Values: '8' };
    expectRefused(await t.request({ method: 'POST', url: '/api/productTemplates', token: owner, body: { ...base, weight: 3e9 } }));
    expectRefused(await t.request({ method: 'POST', url: '/api/productTemplates', token: owner, body: { ...base, option1Values: [{ value: '8', price: 30_000_000 }] } }));
    expect(await countOf(s.productTemplates)).toBe(before);
  });
});

describe('NUL characters and lone surrogates in any text', () => {
  const bad = ['a\u0000b', 'a\ud800b', '\udc00'];

  it.each(bad)('refuses %j in a sub-location name, writing nothing', async (value) => {
    const before = await countOf(s.subLocations);
    const res = await t.request({ method: 'POST', url: '/api/subLocations', token: owner, body: { locationName: 'Downtown', name: value } });
    expect(expectRefused(res)).toMatch(/not allowed/i);
    expect(await countOf(s.subLocations)).toBe(before);
  });

  it.each(bad)('refuses %j in notes, option values and image URLs of a new item', async (value) => {
    const before = await countOf(s.inventoryItems);
    for (const over of [{ notes: value }, { option1Value: value }, { image: value }]) {
      expectRefused(await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row(over)] } }));
    }
    expect(await countOf(s.inventoryItems)).toBe(before);
  });

  it.each(bad)('refuses %j in a template option value and a product image URL', async (value) => {
    const templates = await countOf(s.productTemplates);
    const products = await countOf(s.products);
    expectRefused(await t.request({ method: 'POST', url: '/api/productTemplates', token: owner, body: { title: 'T', category: 'C', brand: 'B', option1: 'Size', option1Values: ['8', value] } }));
    expectRefused(
      await t.request({
        method: 'POST',
        url: '/api/products',
        token: owner,
        body: { title: 'P', sku: 'NUL-1', brand: 'B', category: 'Sneakers', gender: 'Men', productTemplateId: refs.sneakers.id, imageList: [`https://img.test/${value}.jpg`] },
      }),
    );
    expect(await countOf(s.productTemplates)).toBe(templates);
    expect(await countOf(s.products)).toBe(products);
  });

  it.each(bad)('refuses %j as a scan code and in an edit', async (value) => {
    expectRefused(await t.request({ method: 'POST', url: '/api/inventories/scan', token: owner, body: { code: value } }));
    const item = await makeItem(t, refs, { status: 'Active', location: 'Downtown' });
    expectRefused(await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { notes: value } }));
    expect((await itemRow(t, item.id))!.notes).toBeNull();
  });

  it('refuses NUL and lone surrogates in a query string and a path', async () => {
    for (const url of [
      '/api/products?search=a%00b',
      '/api/products?search=%ED%A0%80',
      '/api/inventories?search=%00',
      '/api/subLocations?location=%00',
      '/api/inventories/code/AB%00C',
      '/api/inventories/code/%ED%A0%80',
      '/open/stores/handle/de%00mo',
      '/open/stores/%00',
    ]) {
      const res = await t.request({ method: 'GET', url, token: owner });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof json(res).error, url).toBe('string');
    }
  });

  it('refuses NUL in sign-up fields before they reach better-auth', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', body: { name: 'Nul\u0000Name', email: 'nul@demo.backroom.test', password: 'a-long-password-1' }, headers: { origin: 'http://localhost' } });
    expect(expectRefused(res)).toMatch(/not allowed/i);
  });
});

describe('over-long text', () => {
  const MB = 'x'.repeat(1024 * 1024);

  it('refuses a 1 MB sub-location name, writing nothing', async () => {
    const before = await countOf(s.subLocations);
    const res = await t.request({ method: 'POST', url: '/api/subLocations', token: owner, body: { locationName: 'Downtown', name: MB } });
    expect(expectRefused(res)).toMatch(/at most 200 characters/i);
    expect(await countOf(s.subLocations)).toBe(before);
  });

  it('refuses a 1 MB option value on a template and on an item', async () => {
    const templates = await countOf(s.productTemplates);
    const items = await countOf(s.inventoryItems);
    expect(
      expectRefused(await t.request({ method: 'POST', url: '/api/productTemplates', token: owner, body: { title: 'T', category: 'C', brand: 'B', option1: 'Size', option1Values: [MB] } })),
    ).toMatch(/at most/i);
    expect(
      expectRefused(await t.request({ method: 'POST', url: '/api/productTemplates', token: owner, body: { title: 'T', category: 'C', brand: 'B', option1: 'Size', option1Values: MB } })),
    ).toMatch(/at most/i);
    expect(expectRefused(await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row({ option1Value: MB })] } }))).toMatch(/at most/i);
    expect(await countOf(s.productTemplates)).toBe(templates);
    expect(await countOf(s.inventoryItems)).toBe(items);
  });

  it('refuses notes over 2000 characters and accepts 2000', async () => {
    const item = await makeItem(t, refs, { status: 'Active', location: 'Downtown' });
    expect(expectRefused(await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { notes: 'n'.repeat(2001) } }))).toMatch(/at most 2000/);
    const ok = await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { notes: 'n'.repeat(2000) } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a search over 200 characters', async () => {
    expectRefused(await t.request({ method: 'GET', url: `/api/inventories/paginatedInventories?search=${'s'.repeat(201)}`, token: owner }));
  });

  it('answers a body over the size limit with 413 { error }', async () => {
    const res = await t.request({ method: 'POST', url: '/api/subLocations', token: owner, body: { locationName: 'Downtown', name: 'x'.repeat(6 * 1024 * 1024) } });
    expectRefused(res, 413);
  });

  it('answers malformed JSON with 400 { error }', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/subLocations', headers: { host: 'localhost', authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, payload: '{"name": ' });
    expectRefused(res, 400);
  });

  it('keeps the new item and the edit working at the limits', async () => {
    const res = await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row({ price: 10_000_000, quantity: 1, notes: 'n'.repeat(2000) })] } });
    expect(res.statusCode, res.body).toBe(201);
    const [item] = json<{ data: { id: string }[] }>(res).data;
    const [stored] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
    expect(stored.price).toBe(1_000_000_000);
  });
});
