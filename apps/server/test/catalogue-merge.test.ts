import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createSecondStore, demoStore, signInDemo, type SecondStore, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, json, waitForJob, type TestApp } from './helpers.ts';

let t: TestApp;
let tokens: Tokens;
let second: SecondStore;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemo(t);
  second = await createSecondStore(t);
});
afterAll(async () => t.close());

/** Two demo products that both have inventory; the first also has GTINs. */
async function pickProducts() {
  const store = await demoStore(t);
  const products = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, store.id));
  const items = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, store.id));
  const gtins = await t.ctx.db.select().from(s.productGtins).where(eq(s.productGtins.storeId, store.id));
  const withItems = products.filter((p) => items.some((i) => i.productId === p.id));
  const from = withItems.find((p) => gtins.some((g) => g.productId === p.id)) ?? withItems[0];
  const to = withItems.find((p) => p.id !== from.id)!;
  return { from, to };
}

const merge = (body: unknown, token = tokens.owner, host?: string) => t.request({ method: 'POST', url: '/api/products/merge', token, body, host });

describe('POST /api/products/merge', () => {
  it('moves every item, GTIN and log of the source into the target and deletes the source, in the background', async () => {
    const { from, to } = await pickProducts();
    // the source needs a GTIN for the check below
    await t.ctx.db.insert(s.productGtins).values({ storeId: from.storeId, productId: from.id, size: '12', gtin: 'MERGE-GTIN-1' });
    const fromItems = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.productId, from.id));
    const toItemsBefore = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.productId, to.id));
    const fromGtins = await t.ctx.db.select().from(s.productGtins).where(eq(s.productGtins.productId, from.id));
    const fromLogs = await t.ctx.db.select().from(s.inventoryLogs).where(inArray(s.inventoryLogs.inventoryId, fromItems.map((i) => i.id)));
    expect(fromItems.length).toBeGreaterThan(0);
    expect(fromLogs.length).toBeGreaterThan(0);

    const res = await merge({ fromProductId: from.id, toProductId: to.id });
    expect(res.statusCode).toBe(202);
    const answer = json<{ data: { message: string; jobId: string } }>(res).data;
    expect(answer.message).toBe('Merging product in background');

    const job = await waitForJob(t, tokens.owner, answer.jobId);
    expect(job).toMatchObject({
      status: 'completed',
      done: 1,
      result: { fromProductId: from.id, toProductId: to.id, movedInventory: fromItems.length, movedGtins: fromGtins.length, movedLogs: fromLogs.length },
    });

    expect(await t.ctx.db.select().from(s.products).where(eq(s.products.id, from.id))).toEqual([]);
    const toItems = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.productId, to.id));
    expect(toItems.length).toBe(toItemsBefore.length + fromItems.length);
    for (const item of toItems.filter((i) => fromItems.some((f) => f.id === i.id))) {
      expect(item).toMatchObject({ title: to.title, sku: to.sku, lastUpdatedByName: 'Olivia Bennett' });
    }
    const toGtins = await t.ctx.db.select().from(s.productGtins).where(eq(s.productGtins.productId, to.id));
    expect(toGtins.map((g) => g.gtin)).toEqual(expect.arrayContaining(fromGtins.map((g) => g.gtin)));
    const logsAfter = await t.ctx.db.select().from(s.inventoryLogs).where(inArray(s.inventoryLogs.inventoryId, fromItems.map((i) => i.id)));
    // the old entries now read the target's title, and each item gained one entry for the move
    expect(logsAfter.length).toBe(fromLogs.length + fromItems.length);
    expect(logsAfter.every((l) => l.productTitle === to.title)).toBe(true);
    const moveLogs = logsAfter.filter((l) => l.modifiedFields.some((f) => f.variableChanged === 'productId'));
    expect(moveLogs).toHaveLength(fromItems.length);
    expect(moveLogs[0].modifiedFields[0]).toEqual({ variableChanged: 'productId', beforeValue: from.id, afterValue: to.id });

    const detail = await t.request({ method: 'GET', url: `/api/products/${from.id}`, token: tokens.owner });
    expect(detail.statusCode).toBe(404);
  });

  it('fails the job and changes nothing when a product disappears before it runs', async () => {
    const store = await demoStore(t);
    const [a, b] = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, store.id)).limit(2);
    const job = await t.ctx.jobs.create(t.ctx.db, { storeId: store.id, kind: 'products.merge', payload: { fromProductId: a.id, toProductId: '00000000-0000-4000-8000-000000000000' }, total: 1 });
    await t.ctx.jobs.dispatch(job);
    const done = await waitForJob(t, tokens.owner, job.id);
    expect(done.status).toBe('failed');
    expect(await t.ctx.db.select().from(s.products).where(eq(s.products.id, a.id))).toHaveLength(1);
    expect(b).toBeTruthy();
  });

  it('refuses the same product twice, unknown ids, another store, and users without Products', async () => {
    const { from, to } = await pickProducts();
    const same = await merge({ fromProductId: from.id, toProductId: from.id });
    expect(same.statusCode).toBe(400);
    expect(json(same)).toEqual({ error: 'Choose two different products to merge' });
    const cross = await merge({ fromProductId: from.id, toProductId: to.id }, second.token, second.host);
    expect(cross.statusCode).toBe(404);
    expect(json(cross)).toEqual({ error: 'Product not found' });
    expect((await merge({ fromProductId: from.id, toProductId: to.id }, tokens.stock)).statusCode).toBe(403);
    expect((await merge({ fromProductId: from.id, toProductId: to.id }, tokens.ava)).statusCode).toBe(403);
    expect((await merge({ fromProductId: 'x', toProductId: to.id })).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(s.products).where(and(eq(s.products.id, from.id)))).toHaveLength(1);
  });
});

describe('GET /api/products/resync/{id}', () => {
  it('queues a resync that reports the storefront is not connected, without pretending', async () => {
    const { to } = await pickProducts();
    const res = await t.request({ method: 'GET', url: `/api/products/resync/${to.id}`, token: tokens.owner });
    expect(res.statusCode).toBe(202);
    const answer = json<{ data: { message: string; jobId: string } }>(res).data;
    expect(answer.message).toBe('Resyncing product in background');
    const job = await waitForJob(t, tokens.owner, answer.jobId);
    expect(job).toMatchObject({ status: 'completed', done: 0, failed: 1, result: { productId: to.id, synced: false } });
    expect(job.errors[0].error).toMatch(/No storefront is connected/);
  });

  it('refuses another store and users without Products', async () => {
    const { to } = await pickProducts();
    expect((await t.request({ method: 'GET', url: `/api/products/resync/${to.id}`, token: second.token, host: second.host })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/products/resync/${to.id}`, token: tokens.stock })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/products/resync/${to.id}`, token: tokens.ava })).statusCode).toBe(403);
  });
});
