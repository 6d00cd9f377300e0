import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createSecondStore, signInDemo, type SecondStore, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type Template = {
  id: string;
  title: string;
  option1: string;
  option2: string | null;
  option3: string | null;
  option1Values: { value: string; price?: number }[];
  option2Values: { value: string }[];
  option3Values: { value: string }[];
  weight: number | null;
};

let t: TestApp;
let tokens: Tokens;
let second: SecondStore;

const valid = { title: 'Watches', category: 'Watches', brand: 'Various', option1: 'Size', option1Values: ' 38mm , 40mm:120.5,, 42mm ' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemo(t);
  second = await createSecondStore(t);
});
afterAll(async () => t.close());

const post = (body: unknown, token = tokens.owner) => t.request({ method: 'POST', url: '/api/productTemplates', token, body });

describe('GET /api/productTemplates', () => {
  it('lists the store templates with values as { value, price } lists, to any signed-in user', async () => {
    for (const token of [tokens.owner, tokens.stock, tokens.ava]) {
      const res = await t.request({ method: 'GET', url: '/api/productTemplates', token });
      expect(res.statusCode).toBe(200);
      const list = json<{ data: Template[] }>(res).data;
      expect(list.map((x) => x.title)).toEqual(['Apparel', 'Sneakers']);
      const sneakers = list.find((x) => x.title === 'Sneakers')!;
      expect(sneakers).toMatchObject({ option1: 'Size', option2: 'Condition', option3: 'Box' });
      expect(sneakers.option2Values).toEqual([{ value: 'New' }, { value: 'Used' }]);
    }
  });

  it('refuses a request without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/productTemplates' })).statusCode).toBe(401);
  });

  it('reads one by id, and not one of another store', async () => {
    const [own] = json<{ data: Template[] }>(await t.request({ method: 'GET', url: '/api/productTemplates', token: tokens.owner })).data;
    const res = await t.request({ method: 'GET', url: `/api/productTemplates/${own.id}`, token: tokens.ava });
    expect(json<{ data: Template }>(res).data.id).toBe(own.id);
    const other = await t.request({ method: 'GET', url: `/api/productTemplates/${own.id}`, token: second.token, host: second.host });
    expect(other.statusCode).toBe(404);
    expect(json(other)).toEqual({ error: 'Product template not found' });
  });
});

describe('POST /api/productTemplates', () => {
  it('creates a template: values comma separated, trimmed, a size price in major units', async () => {
    const res = await post({ ...valid, weight: 250, option2: 'Condition', option2Values: 'New,  Used ' });
    expect(res.statusCode).toBe(201);
    const created = json<{ data: Template }>(res).data;
    expect(created.option1Values).toEqual([{ value: '38mm' }, { value: '40mm', price: 120.5 }, { value: '42mm' }]);
    expect(created.option2Values).toEqual([{ value: 'New' }, { value: 'Used' }]);
    expect(created.weight).toBe(250);
    const [row] = await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.id, created.id));
    // money is minor units in the database
    expect(row.option1Values[1]).toEqual({ value: '40mm', price: 12050 });
  });

  it('takes a list of values with prices in major units', async () => {
    const res = await post({ ...valid, title: 'Caps', option1Values: ['S', { value: 'M', price: 19.99 }] });
    expect(json<{ data: Template }>(res).data.option1Values).toEqual([{ value: 'S' }, { value: 'M', price: 19.99 }]);
  });

  it.each([
    ['title', 'Title required'],
    ['category', 'Category required'],
    ['brand', 'Brand required'],
    ['option1', 'Option 1 required'],
    ['option1Values', 'Option 1 values required'],
  ])('refuses a missing %s with "%s"', async (field, message) => {
    const res = await post({ ...valid, [field]: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message });
  });

  it('words a null field like a missing one', async () => {
    expect(json(await post({ ...valid, brand: null }))).toEqual({ error: 'Brand required' });
  });

  it('asks for the option 2 and option 3 titles when they have values', async () => {
    const two = await post({ ...valid, option2Values: 'New, Used' });
    expect(json(two)).toEqual({ error: 'Option 2 has values, please enter title for option 2.' });
    const three = await post({ ...valid, option3: ' ', option3Values: ['Box'] });
    expect(json(three)).toEqual({ error: 'Option 3 has values, please enter title for option 3.' });
  });

  it('needs Settings access', async () => {
    for (const token of [tokens.stock, tokens.ava]) {
      const res = await post(valid, token);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('PUT /api/productTemplates/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = json<{ data: Template }>(await post({ ...valid, title: 'Belts', option2: 'Condition', option2Values: 'New' })).data.id;
  });

  it('edits the values and keeps the option names when the body leaves them out', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/productTemplates/${id}`,
      token: tokens.owner,
      body: { title: 'Belts', category: 'Belts', brand: 'Any', option1Values: '80, 90, 100', option2Values: 'New, Used' },
    });
    expect(res.statusCode).toBe(200);
    const updated = json<{ data: Template }>(res).data;
    expect(updated).toMatchObject({ category: 'Belts', option1: 'Size', option2: 'Condition' });
    expect(updated.option1Values.map((v) => v.value)).toEqual(['80', '90', '100']);
  });

  it('refuses to rename or add an option once saved', async () => {
    const body = { title: 'Belts', category: 'Belts', brand: 'Any', option1Values: '80' };
    const renamed = await t.request({ method: 'PUT', url: `/api/productTemplates/${id}`, token: tokens.owner, body: { ...body, option1: 'Length' } });
    expect(renamed.statusCode).toBe(422);
    expect(json(renamed)).toEqual({ error: 'Option names cannot be changed once the template is saved.' });
    const added = await t.request({ method: 'PUT', url: `/api/productTemplates/${id}`, token: tokens.owner, body: { ...body, option3: 'Box', option3Values: 'Yes' } });
    expect(added.statusCode).toBe(422);
  });

  it('applies the same field rules as create', async () => {
    const res = await t.request({ method: 'PUT', url: `/api/productTemplates/${id}`, token: tokens.owner, body: { title: '', category: 'Belts', brand: 'Any', option1Values: '80' } });
    expect(json(res)).toEqual({ error: 'Title required' });
  });

  it('needs Settings, and cannot reach another store', async () => {
    const body = { title: 'X', category: 'X', brand: 'X', option1Values: '1' };
    expect((await t.request({ method: 'PUT', url: `/api/productTemplates/${id}`, token: tokens.stock, body })).statusCode).toBe(403);
    const other = await t.request({ method: 'PUT', url: `/api/productTemplates/${id}`, token: second.token, host: second.host, body });
    expect(other.statusCode).toBe(404);
  });
});

describe('DELETE /api/productTemplates/{id}', () => {
  it('refuses while products or inventory use the template', async () => {
    const sneakers = (await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.title, 'Sneakers')))[0];
    const res = await t.request({ method: 'DELETE', url: `/api/productTemplates/${sneakers.id}`, token: tokens.owner });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ error: 'This template is in use and cannot be deleted.' });
  });

  it('refuses when only inventory (no product) uses it', async () => {
    const tpl = json<{ data: Template }>(await post({ ...valid, title: 'Used by one item' })).data;
    const [item] = await t.ctx.db.select().from(s.inventoryItems).limit(1);
    await t.ctx.db.update(s.inventoryItems).set({ productTemplateId: tpl.id }).where(eq(s.inventoryItems.id, item.id));
    const res = await t.request({ method: 'DELETE', url: `/api/productTemplates/${tpl.id}`, token: tokens.owner });
    expect(json(res)).toEqual({ error: 'This template is in use and cannot be deleted.' });
    await t.ctx.db.update(s.inventoryItems).set({ productTemplateId: item.productTemplateId }).where(eq(s.inventoryItems.id, item.id));
  });

  it('deletes an unused template', async () => {
    const tpl = json<{ data: Template }>(await post({ ...valid, title: 'Short lived' })).data;
    expect((await t.request({ method: 'DELETE', url: `/api/productTemplates/${tpl.id}`, token: tokens.stock })).statusCode).toBe(403);
    const res = await t.request({ method: 'DELETE', url: `/api/productTemplates/${tpl.id}`, token: tokens.owner });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/productTemplates/${tpl.id}`, token: tokens.owner })).statusCode).toBe(404);
  });

  it('deletes a template a submitted product points at, keeping the submission without it', async () => {
    const tpl = json<{ data: Template }>(await post({ ...valid, title: 'Suggested once' })).data;
    const [row] = await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.id, tpl.id));
    const [submitted] = await t.ctx.db
      .insert(s.submittedProducts)
      .values({ storeId: row.storeId, title: 'Casio F-91W', productTemplateId: tpl.id })
      .returning();
    const res = await t.request({ method: 'DELETE', url: `/api/productTemplates/${tpl.id}`, token: tokens.owner });
    expect(res.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(s.submittedProducts).where(eq(s.submittedProducts.id, submitted.id));
    expect(after).toMatchObject({ title: 'Casio F-91W', productTemplateId: null });
  });

  it("refuses the store's only template, and another store's template", async () => {
    const only = json<{ data: Template }>(
      await t.request({ method: 'POST', url: '/api/productTemplates', token: second.token, host: second.host, body: valid }),
    ).data;
    const res = await t.request({ method: 'DELETE', url: `/api/productTemplates/${only.id}`, token: second.token, host: second.host });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ error: 'This is the only product template of the store and cannot be deleted.' });
    const cross = await t.request({ method: 'DELETE', url: `/api/productTemplates/${only.id}`, token: tokens.owner });
    expect(cross.statusCode).toBe(404);
  });
});
