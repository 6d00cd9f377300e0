// The consigner portal's Products screen (docs/consigner-portal.md): the review panel's check (POST
// /api/inventories/check) agrees with the items POST /api/inventories makes; a consigner lists only
// for themselves; the product search pages.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, makeItem, type DemoRefs } from './inventory-fixtures.ts';
import { createSecondStore } from './catalogue-fixtures.ts';

type Check = { status: string; preapproved: boolean; lowestPrice: number | null; range: { low: number; high: number } | null; payout: number; total: number };
type Item = { id: string; status: string; preapprovalStatus: string | null; consignerId: string; payout: number; total: number };
type Product = { id: string; title: string };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;
let marco: string;
let ordersOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  ordersOnly = await employeeWith(t, refs, 'orders-only-products@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

// A variant of its own whose lowest Active price is 100.00: the demo store pre-approves 80.00 to 130.00.
const variant = { option1Value: 'P9', option2Value: 'Used', option3Value: 'No Box' };
const row = (over: Record<string, unknown> = {}) => ({ productId: refs.sneaker.id, ...variant, price: 110, quantity: 1, consigner: refs.consigner.ava.id, ...over });
const check = (token: string, rows: unknown[]) => t.request({ method: 'POST', url: '/api/inventories/check', token, body: { inventoryFormArray: rows } });
const add = (token: string, rows: unknown[]) => t.request({ method: 'POST', url: '/api/inventories', token, body: { inventoryFormArray: rows } });
const itemsOf = async (consignerId: string) =>
  t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, refs.store.id), eq(s.inventoryItems.consignerId, consignerId)));

describe('POST /api/inventories/check (the review panel)', () => {
  beforeAll(async () => {
    await makeItem(t, refs, { ...variant, price: 10000, who: 'marco' });
  });

  it('promises Pending for a pre-approved price and Requested for the rest, and the create keeps that promise', async () => {
    const rows = [row({ price: 110, quantity: 2 }), row({ price: 200 }), row({ option1Value: 'P10', price: 110 })];
    const before = (await itemsOf(refs.consigner.ava.id)).length;
    const res = await check(ava, rows);
    expect(res.statusCode).toBe(200);
    const promised = json<{ data: Check[] }>(res).data;
    expect(promised.map((c) => [c.status, c.preapproved])).toEqual([
      ['Pending', true],
      ['Requested', false],
      // no Active listing of that size: nothing to pre-approve against
      ['Requested', false],
    ]);
    expect(promised[0]).toMatchObject({ lowestPrice: 100, range: { low: 80, high: 130 } });
    expect(promised[2]).toMatchObject({ lowestPrice: null, range: null });
    // nothing was written by the check
    expect((await itemsOf(refs.consigner.ava.id)).length).toBe(before);

    const created = await add(ava, rows);
    expect(created.statusCode).toBe(201);
    const items = json<{ data: Item[] }>(created).data;
    expect(items.map((i) => i.status)).toEqual(promised.map((c) => c.status));
    expect(items.map((i) => i.preapprovalStatus)).toEqual(['preapproved', 'notPreapproved', 'notPreapproved']);
    // the payouts the bar summed are the items' own
    expect(items.map((i) => [i.payout, i.total])).toEqual(promised.map((c) => [c.payout, c.total]));
    expect(promised[0].total).toBe(promised[0].payout * 2);
  });

  it('refuses what the create refuses, with the same message', async () => {
    const empty = await check(ava, []);
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error).toBe('No item has been added for review');
    const noPrice = await check(ava, [row({ price: 0 })]);
    const noPriceAdd = await add(ava, [row({ price: 0 })]);
    expect(noPrice.statusCode).toBe(400);
    expect(json(noPrice).error).toBe(json(noPriceAdd).error);
    expect(json(noPrice).error).toBeTruthy();
  });

  it('answers staff with Active (staff add straight to the floor) and needs Inventory access', async () => {
    const res = await check(owner, [row({ location: 'Downtown' })]);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Check[] }>(res).data[0]).toMatchObject({ status: 'Active', preapproved: false });
    expect((await check(ordersOnly, [row()])).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/inventories/check', body: { inventoryFormArray: [row()] } })).statusCode).toBe(401);
  });

  it("does not see another store's product", async () => {
    const other = await createSecondStore(t, 'portalproducts');
    const res = await t.request({ method: 'POST', url: '/api/inventories/check', token: other.token, host: other.host, body: { inventoryFormArray: [row()] } });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(/product/i);
  });
});

describe('a consigner lists only for themselves', () => {
  it("makes Ava's item when she names Marco as the consigner, and Marco gets nothing", async () => {
    const marcoBefore = (await itemsOf(refs.consigner.marco.id)).length;
    const checked = await check(ava, [row({ consigner: refs.consigner.marco.id })]);
    expect(checked.statusCode).toBe(200);
    const res = await add(ava, [row({ consigner: refs.consigner.marco.id })]);
    expect(res.statusCode).toBe(201);
    const [item] = json<{ data: Item[] }>(res).data;
    expect(item.consignerId).toBe(refs.consigner.ava.id);
    expect((await itemsOf(refs.consigner.marco.id)).length).toBe(marcoBefore);
    // and Marco cannot read it
    expect((await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token: marco })).statusCode).toBe(404);
  });
});

describe('GET /api/products paging', () => {
  const word = 'pagingzebra';
  let made: Product[];
  beforeAll(async () => {
    // seven products one minute apart, newest last
    const base = Date.parse('2026-11-01T10:00:00Z');
    made = await t.ctx.db
      .insert(s.products)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          storeId: refs.store.id,
          title: `${word} runner ${i}`,
          brand: 'Paging',
          sku: `PZ-${i}`,
          category: 'Sneakers',
          gender: 'Unisex',
          productTemplateId: refs.sneakers.id,
          createdAt: new Date(base + i * 60_000),
          updatedAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: s.products.id, title: s.products.title });
  });
  const search = (query: string, token = ava) => t.request({ method: 'GET', url: `/api/products?${query}`, token });
  const titles = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    return json<{ data: Product[] }>(res).data.map((p) => p.title);
  };

  it('pages a search newest first, without overlap, a short page last', async () => {
    const pages = [await titles(`search=${word}&limit=3&page=1`), await titles(`search=${word}&limit=3&page=2`), await titles(`search=${word}&limit=3&page=3`)];
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual([...made].reverse().map((p) => p.title));
    expect(await titles(`search=${word}&limit=3&page=4`)).toEqual([]);
  });

  it('pages the newest products with no search, page 1 as before', async () => {
    const first = await titles('limit=4');
    expect(await titles('limit=4&page=1')).toEqual(first);
    const second = await titles('limit=4&page=2');
    expect(second).toHaveLength(4);
    expect(second.filter((x) => first.includes(x))).toEqual([]);
    // the eight newest, in order, are the two pages together
    expect([...first, ...second]).toEqual(await titles('limit=8'));
  });

  it('refuses bad page numbers and page sizes with 400', async () => {
    for (const q of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=201', 'limit=0', 'limit=201', 'limit=many']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).error, q).toMatch(/page/i);
    }
    expect((await search('page=200')).statusCode).toBe(200);
    expect((await search('limit=200')).statusCode).toBe(200);
  });
});
