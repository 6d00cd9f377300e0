import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { SEARCH_RECENT_WINDOW } from '../src/modules/products/products.repository.ts';
import { createSecondStore, demoStore, demoTemplates, signInDemo, type SecondStore, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type Product = {
  id: string;
  title: string;
  sku: string;
  brand: string;
  image: string | null;
  imageList: string[];
  stockXId: string | null;
  shopifyId: string | null;
  year: number | null;
  price: number | null;
  productTemplateId: string;
  GTIN: { size: string; gtin: string }[];
};
type ProductDetail = Product & { duplicateProducts: { id: string; sku: string; title: string }[]; listingCount: number };

let t: TestApp;
let tokens: Tokens;
let second: SecondStore;
let sneakersId: string;
let secondTemplateId: string;

const base = () => ({
  title: 'Nike Air Max 95 Neon',
  sku: 'CT1689-001',
  brand: 'Nike',
  category: 'Sneakers',
  gender: 'Men',
  productTemplateId: sneakersId,
  imageList: ['/uploads/a.webp', '/uploads/b.webp'],
});

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemo(t);
  second = await createSecondStore(t);
  sneakersId = (await demoTemplates(t)).find((x) => x.title === 'Sneakers')!.id;
  const tpl = await t.request({
    method: 'POST',
    url: '/api/productTemplates',
    token: second.token,
    host: second.host,
    body: { title: 'Shoes', category: 'Shoes', brand: 'Any', option1: 'Size', option1Values: '9, 10' },
  });
  secondTemplateId = json<{ data: { id: string } }>(tpl).data.id;
});
afterAll(async () => t.close());

const search = async (q: string, token = tokens.owner, host?: string) => {
  const res = await t.request({ method: 'GET', url: `/api/products?search=${encodeURIComponent(q)}`, token, host });
  expect(res.statusCode).toBe(200);
  return json<{ data: Product[] }>(res).data;
};
const create = (body: unknown, token = tokens.owner, host?: string) => t.request({ method: 'POST', url: '/api/products', token, body, host });

describe('GET /api/products (search)', () => {
  it('finds products by a word of the title, the SKU or the brand, case-insensitively', async () => {
    expect((await search('panda')).map((p) => p.sku)).toEqual(['DD1391-100']);
    expect((await search('dd1391-100')).map((p) => p.title)).toEqual(['Nike Dunk Low Retro Panda']);
    const stussy = await search('STUSSY');
    expect(stussy.map((p) => p.brand)).toEqual(['Stussy', 'Stussy']);
  });

  it('needs every word to match, in any field', async () => {
    expect((await search('jordan chicago')).map((p) => p.sku)).toEqual(['DZ5485-612']);
    expect((await search('nike HQ4540'))).toEqual([]);
  });

  it('lists the newest products without a search, with money in major units and GTINs', async () => {
    const all = await search('');
    expect(all.length).toBe(30);
    const airMax = all.find((p) => p.sku === 'CT1685-100')!;
    expect(airMax.price).toBe(160);
    expect(airMax.GTIN.map((g) => g.size)).toEqual(['9', '10', '11']);
  });

  it('reads % and _ as plain characters', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('limits the page size', async () => {
    const res = await t.request({ method: 'GET', url: '/api/products?limit=5', token: tokens.owner });
    expect(json<{ data: Product[] }>(res).data).toHaveLength(5);
  });

  it('lets consigners search, not staff without Products', async () => {
    expect((await search('panda', tokens.ava)).length).toBe(1);
    const res = await t.request({ method: 'GET', url: '/api/products?search=panda', token: tokens.stock });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: 'You need Products access for this' });
  });

  it('finds old products past the newest-products window, and pages the newest first', async () => {
    // more products than the first search step reads (SEARCH_RECENT_WINDOW), all newer than the demo ones
    const store = await demoStore(t);
    await t.ctx.database.executeSql(
      `INSERT INTO products (store_id, title, brand, sku, category, gender, image_list, product_template_id, updated_at)
       SELECT $1::uuid, 'Filler ' || i, 'Bulk', 'FILL-' || i, 'Sneakers', 'Unisex', '[]'::jsonb, $2::uuid, now() - make_interval(secs => i)
       FROM generate_series(1, ${SEARCH_RECENT_WINDOW + 100}) AS g(i)`,
      [store.id, sneakersId],
    );
    expect((await search('chicago')).map((p) => p.sku)).toEqual(['DZ5485-612']);
    const fillers = await search('filler');
    expect(fillers).toHaveLength(50);
    expect(fillers.slice(0, 3).map((p) => p.title)).toEqual(['Filler 1', 'Filler 2', 'Filler 3']);
    await t.ctx.database.executeSql(`DELETE FROM products WHERE sku LIKE 'FILL-%'`);
  });

  it("never shows another store's products", async () => {
    expect(await search('nike', second.token, second.host)).toEqual([]);
  });
});

describe('POST /api/products', () => {
  it('creates a product with GTINs, an optional Catalog Id and Shopify Id, and a price in major units', async () => {
    const res = await create({ ...base(), stockXId: 'air-max-95-neon', year: 2020, price: 199.99, GTIN: [{ size: '10', gtin: '0195237001' }, { size: '9', gtin: '0195237000' }] });
    expect(res.statusCode).toBe(201);
    const p = json<{ data: Product }>(res).data;
    expect(p).toMatchObject({ title: 'Nike Air Max 95 Neon', image: '/uploads/a.webp', stockXId: 'air-max-95-neon', shopifyId: null, year: 2020, price: 199.99 });
    expect(p.GTIN).toEqual([{ size: '9', gtin: '0195237000' }, { size: '10', gtin: '0195237001' }]);
    const [row] = await t.ctx.db.select().from(s.products).where(eq(s.products.id, p.id));
    expect(row.price).toBe(19999);
    expect((await search('neon')).map((x) => x.id)).toEqual([p.id]);
  });

  it.each([
    ['title', 'Title is required.'],
    ['sku', 'SKU is required.'],
    ['brand', 'Brand is required.'],
    ['category', 'Category is required.'],
    ['gender', 'Gender is required.'],
    ['productTemplateId', 'Product template is required.'],
  ])('refuses a missing %s with "%s"', async (field, message) => {
    const res = await create({ ...base(), [field]: ' ' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message });
  });

  it('words a null required field the same way', async () => {
    expect(json(await create({ ...base(), gender: null }))).toEqual({ error: 'Gender is required.' });
  });

  it('needs at least one image', async () => {
    for (const imageList of [[], undefined]) {
      const res = await create({ ...base(), imageList });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'You must upload at least one image' });
    }
  });

  it('refuses a GTIN listed twice, and one used by another product of the store (409)', async () => {
    const twice = await create({ ...base(), GTIN: [{ size: '9', gtin: '111' }, { size: '10', gtin: '111' }] });
    expect(twice.statusCode).toBe(400);
    expect(json(twice)).toEqual({ error: 'GTIN 111 is listed more than once' });
    const taken = await create({ ...base(), GTIN: [{ size: '9', gtin: '019000000100' }] });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toEqual({ error: 'GTIN 019000000100 is already used by Nike Air Max 90 Infrared (CT1685-100)' });
    const gtin = await create({ ...base(), GTIN: [{ size: '', gtin: '222' }] });
    expect(json(gtin)).toEqual({ error: 'Size is required.' });
  });

  it('lets another store use the same GTIN', async () => {
    const res = await create({ ...base(), productTemplateId: secondTemplateId, GTIN: [{ size: '9', gtin: '019000000100' }] }, second.token, second.host);
    expect(res.statusCode).toBe(201);
  });

  it("refuses another store's template and a bad year or price", async () => {
    const res = await create({ ...base(), productTemplateId: secondTemplateId });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'Product template not found' });
    expect(json(await create({ ...base(), year: 'last year' }))).toEqual({ error: 'Year must be a whole number' });
    expect(json(await create({ ...base(), price: 'ten' }))).toEqual({ error: 'Please enter a valid amount' });
    expect(json(await create({ ...base(), price: -1 }))).toEqual({ error: 'Price must be 0 or more' });
  });

  it('needs Products access', async () => {
    expect((await create(base(), tokens.stock)).statusCode).toBe(403);
    const consigner = await create(base(), tokens.ava);
    expect(consigner.statusCode).toBe(403);
    expect(json(consigner)).toEqual({ error: 'Only store staff can do this' });
  });
});

describe('GET /api/products/{id}', () => {
  it('answers the product, its duplicates by SKU (any case) and its listing count', async () => {
    const [panda] = await search('DD1391-100');
    const dup = json<{ data: Product }>(await create({ ...base(), title: 'Dunk Panda (copy)', sku: 'dd1391-100 ' })).data;
    const res = await t.request({ method: 'GET', url: `/api/products/${panda.id}`, token: tokens.owner });
    expect(res.statusCode).toBe(200);
    const detail = json<{ data: ProductDetail }>(res).data;
    expect(detail.duplicateProducts.map((d) => d.id)).toEqual([dup.id]);
    const items = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.productId, panda.id));
    expect(detail.listingCount).toBe(items.length);
    const back = json<{ data: ProductDetail }>(await t.request({ method: 'GET', url: `/api/products/${dup.id}`, token: tokens.owner })).data;
    expect(back.duplicateProducts.map((d) => d.id)).toEqual([panda.id]);
  });

  it('counts only their own listings for a consigner', async () => {
    const [ava] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.email, 'ava@demo.backroom.test'));
    const [item] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.consignerId, ava.id)).limit(1);
    const own = await t.ctx.db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.productId, item.productId), eq(s.inventoryItems.consignerId, ava.id)));
    const res = await t.request({ method: 'GET', url: `/api/products/${item.productId}`, token: tokens.ava });
    expect(json<{ data: ProductDetail }>(res).data.listingCount).toBe(own.length);
  });

  it('lets Inventory staff read a product (the add-inventory wizard), and refuses staff with neither area, an unknown id and another store', async () => {
    const [panda] = await search('DD1391-100');
    expect((await t.request({ method: 'GET', url: `/api/products/${panda.id}`, token: tokens.stock })).statusCode).toBe(200);
    await t.ctx.db.update(s.employees).set({ accessControls: ['Orders'] }).where(eq(s.employees.email, 'stock@demo.backroom.test'));
    try {
      const refused = await t.request({ method: 'GET', url: `/api/products/${panda.id}`, token: tokens.stock });
      expect(refused.statusCode).toBe(403);
      expect(json(refused).error).toBe('You need Products or Inventory access for this');
    } finally {
      await t.ctx.db.update(s.employees).set({ accessControls: ['Inventory'] }).where(eq(s.employees.email, 'stock@demo.backroom.test'));
    }
    const other = await t.request({ method: 'GET', url: `/api/products/${panda.id}`, token: second.token, host: second.host });
    expect(other.statusCode).toBe(404);
    expect(json(other)).toEqual({ error: 'Product not found' });
    expect((await t.request({ method: 'GET', url: '/api/products/not-an-id', token: tokens.owner })).statusCode).toBe(400);
  });
});

describe('PUT /api/products/{id}', () => {
  let product: Product;
  beforeAll(async () => {
    product = json<{ data: Product }>(await create({ ...base(), title: 'Editable', sku: 'EDIT-1', GTIN: [{ size: '9', gtin: 'E-9' }] })).data;
  });
  const put = (body: unknown, token = tokens.owner, host?: string, id = product.id) => t.request({ method: 'PUT', url: `/api/products/${id}`, token, body, host });

  it('saves the fields and keeps the GTINs when the body has none', async () => {
    const res = await put({ ...base(), title: 'Edited', sku: 'EDIT-1', shopifyId: '987' });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Product }>(res).data).toMatchObject({ title: 'Edited', shopifyId: '987', GTIN: [{ size: '9', gtin: 'E-9' }] });
  });

  it('replaces the GTIN list when one is sent, and clears it with an empty list', async () => {
    const replaced = await put({ ...base(), sku: 'EDIT-1', GTIN: [{ size: '10', gtin: 'E-10' }, { size: '9', gtin: 'E-9' }] });
    expect(json<{ data: Product }>(replaced).data.GTIN).toEqual([{ size: '9', gtin: 'E-9' }, { size: '10', gtin: 'E-10' }]);
    const cleared = await put({ ...base(), sku: 'EDIT-1', GTIN: [] });
    expect(json<{ data: Product }>(cleared).data.GTIN).toEqual([]);
  });

  it("refuses another product's GTIN with 409 and leaves the product unchanged", async () => {
    const res = await put({ ...base(), title: 'Should not save', GTIN: [{ size: '9', gtin: '019000000100' }] });
    expect(res.statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(s.products).where(eq(s.products.id, product.id));
    expect(row.title).not.toBe('Should not save');
  });

  it("keeps the items' copies of title and SKU in step", async () => {
    const [anyItem] = await t.ctx.db.select().from(s.inventoryItems).limit(1);
    const [product] = await t.ctx.db.select().from(s.products).where(eq(s.products.id, anyItem.productId));
    const res = await put({ ...base(), title: `${product.title} (renamed)`, sku: `${product.sku}-R` }, tokens.owner, undefined, product.id);
    expect(res.statusCode).toBe(200);
    const items = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.productId, product.id));
    for (const item of items) expect(item).toMatchObject({ title: `${product.title} (renamed)`, sku: `${product.sku}-R` });
  });

  it('applies the create rules, needs Products, and cannot reach another store', async () => {
    expect(json(await put({ ...base(), imageList: [] }))).toEqual({ error: 'You must upload at least one image' });
    expect((await put(base(), tokens.stock)).statusCode).toBe(403);
    expect((await put(base(), tokens.ava)).statusCode).toBe(403);
    expect((await put({ ...base(), productTemplateId: secondTemplateId }, second.token, second.host)).statusCode).toBe(404);
  });
});

describe('submitted products', () => {
  const submit = (body: unknown, token: string, host?: string) => t.request({ method: 'POST', url: '/api/products/submittedProducts', token, body, host });
  const list = async (token: string, query = '', host?: string) =>
    json<{ data: { id: string; title: string; consignerId: string | null; status: string }[] }>(
      await t.request({ method: 'GET', url: `/api/products/submittedProducts${query}`, token, host }),
    ).data;

  it('takes a consigner submission and answers the spec message', async () => {
    const res = await submit({ title: ' Salomon XT-6 ', brand: 'Salomon', sku: 'L41086600', productTemplateId: sneakersId, imageList: ['/uploads/x.webp'] }, tokens.ava);
    expect(res.statusCode).toBe(201);
    const body = json<{ data: { message: string; submittedProduct: { title: string; image: string; status: string } } }>(res).data;
    expect(body.message).toBe('Your product has been submited!');
    expect(body.submittedProduct).toMatchObject({ title: 'Salomon XT-6', image: '/uploads/x.webp', status: 'submitted' });
    expect((await submit({ title: 'Asics Kayano 14' }, tokens.marco)).statusCode).toBe(201);
    expect((await submit({ title: 'Staff idea' }, tokens.owner)).statusCode).toBe(201);
  });

  it('needs a title, a template of the store, and Products for staff', async () => {
    expect(json(await submit({ title: '' }, tokens.ava))).toEqual({ error: 'Title is required.' });
    expect(json(await submit({ title: 'x', productTemplateId: secondTemplateId }, tokens.ava))).toEqual({ error: 'Product template not found' });
    expect((await submit({ title: 'x' }, tokens.stock)).statusCode).toBe(403);
  });

  it('shows staff every submission and a consigner their own, searchable', async () => {
    expect((await list(tokens.owner)).map((x) => x.title).sort()).toEqual(['Asics Kayano 14', 'Salomon XT-6', 'Staff idea']);
    expect((await list(tokens.ava)).map((x) => x.title)).toEqual(['Salomon XT-6']);
    expect((await list(tokens.owner, '?search=l41086')).map((x) => x.title)).toEqual(['Salomon XT-6']);
    expect((await list(tokens.owner, '?search=salomon%20xt')).map((x) => x.title)).toEqual(['Salomon XT-6']);
    expect(await list(second.token, '', second.host)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/products/submittedProducts', token: tokens.stock })).statusCode).toBe(403);
  });

  it('leaves the list once staff create a product from it', async () => {
    const [salomon] = await list(tokens.owner, '?search=salomon');
    const res = await create({ ...base(), title: 'Salomon XT-6', sku: 'L41086600', brand: 'Salomon', submittedProductId: salomon.id });
    expect(res.statusCode).toBe(201);
    expect((await list(tokens.owner)).map((x) => x.title)).not.toContain('Salomon XT-6');
    expect((await list(tokens.owner, '?status=created')).map((x) => x.title)).toEqual(['Salomon XT-6']);
    const [other] = await list(tokens.owner, '?search=kayano');
    const cross = await create({ ...base(), productTemplateId: secondTemplateId, submittedProductId: other.id }, second.token, second.host);
    expect(cross.statusCode).toBe(404);
    expect(json(cross)).toEqual({ error: 'Submitted product not found' });
  });
});

describe('GET /api/products/lowestVariantPrices/{id}', () => {
  it('answers the lowest Active price and units per size, in size order', async () => {
    const store = await demoStore(t);
    const [product] = await t.ctx.db.select().from(s.products).where(and(eq(s.products.storeId, store.id), eq(s.products.sku, 'CT1685-100')));
    const base = { storeId: store.id, productId: product.id, productTemplateId: sneakersId, consignerId: (await t.ctx.db.select().from(s.consigners).limit(1))[0].id, sku: product.sku, title: product.title };
    await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.productId, product.id));
    await t.ctx.db.insert(s.inventoryItems).values([
      { ...base, code: 'LOW00001', status: 'Active', option1Value: '10', price: 15000 },
      { ...base, code: 'LOW00002', status: 'Active', option1Value: '10', price: 12050, quantity: 2 },
      { ...base, code: 'LOW00003', status: 'Active', option1Value: '9.5', price: 20000 },
      { ...base, code: 'LOW00004', status: 'Sold', option1Value: '9.5', price: 100 },
      { ...base, code: 'LOW00005', status: 'Pending', option1Value: '4', price: 100 },
    ]);
    for (const token of [tokens.owner, tokens.stock, tokens.ava]) {
      const res = await t.request({ method: 'GET', url: `/api/products/lowestVariantPrices/${product.id}`, token });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toEqual([
        { option1Value: '9.5', price: 200, quantity: 1 },
        { option1Value: '10', price: 120.5, quantity: 3 },
      ]);
    }
    const other = await t.request({ method: 'GET', url: `/api/products/lowestVariantPrices/${product.id}`, token: second.token, host: second.host });
    expect(other.statusCode).toBe(404);
    expect(json(other)).toEqual({ error: 'Product not found' });
  });

  it('refuses staff with neither Products nor Inventory, and a request without a session', async () => {
    const [panda] = await search('DD1391-100');
    await t.ctx.db.update(s.employees).set({ accessControls: ['Orders'] }).where(eq(s.employees.email, 'stock@demo.backroom.test'));
    try {
      const refused = await t.request({ method: 'GET', url: `/api/products/lowestVariantPrices/${panda.id}`, token: tokens.stock });
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toEqual({ error: 'You need Products or Inventory access for this' });
    } finally {
      await t.ctx.db.update(s.employees).set({ accessControls: ['Inventory'] }).where(eq(s.employees.email, 'stock@demo.backroom.test'));
    }
    expect((await t.request({ method: 'GET', url: `/api/products/lowestVariantPrices/${panda.id}` })).statusCode).toBe(401);
  });
});
