// The first sync and Resync all through Shopify's bulk import (docs/storefront-sync.md "Bulk first
// sync"): from 250 items on sale online (config storefrontBulkMinItems) the products go to the fake shop
// as one staged JSONL of productSet lines run by bulkOperationRunMutation, and the result file's lines
// come back into the sync state as a single push's answer does; below it, product by product.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { generateInventoryCode } from '../src/modules/inventory/inventory-code.ts';
import { STOREFRONT_NOT_CONNECTED } from '../src/storefront/storefront.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let fake: ShopifyFake;
let refs: DemoRefs;
let owner: string;

const mapped = () => [
  { location: 'Downtown', shopifyLocationId: fake.locations[0].id },
  { location: 'Uptown', shopifyLocationId: fake.locations[1].id },
];

beforeAll(async () => {
  fake = await startShopifyFake();
  t = await createTestApp({ config: { shopifyAdminOrigin: fake.url } });
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
}, 90_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Job = Awaited<ReturnType<typeof waitForJob>>;
const connection = (body: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body });
const firstSyncOf = (res: Awaited<ReturnType<typeof connection>>) => json<{ data: { firstSyncJobId: string | null } }>(res).data.firstSyncJobId;
const fieldsCalled = () => fake.calls.filter((c) => c.outcome === 'ok').flatMap((c) => c.fields);
const count = (list: string[], field: string) => list.filter((f) => f === field).length;

/** Products of `perProduct` Active items each at a location, written directly (as an import would). */
async function stock(products: number, perProduct: number, location: string, tag: string) {
  const made = await t.ctx.db
    .insert(s.products)
    .values(Array.from({ length: products }, (_, i) => ({ storeId: refs.store.id, title: `${tag} Sneaker ${i + 1}`, brand: 'Nike', sku: `${tag}-${i + 1}`, category: 'Sneakers', gender: 'Men', productTemplateId: refs.sneakers.id })))
    .returning();
  const items = made.flatMap((p, n) =>
    Array.from({ length: perProduct }, (_, i) => ({
      storeId: refs.store.id,
      code: generateInventoryCode(),
      productId: p.id,
      productTemplateId: refs.sneakers.id,
      consignerId: refs.consigner.ava.id,
      sku: p.sku,
      title: p.title,
      category: 'Sneakers',
      status: 'Active',
      location,
      option1Value: String(4 + i * 0.5),
      option2Value: 'New',
      price: 10000 + n * 100 + i,
      payout: 7700,
      payoutFee: 2300,
      total: 7700,
      quantity: 1,
      acceptedOn: new Date('2026-10-01T10:00:00Z'),
    })),
  );
  const rows = await t.ctx.db.insert(s.inventoryItems).values(items).returning();
  return { products: made, items: rows };
}

const syncRows = (ids: string[]) => t.ctx.db.select().from(s.storefrontItemSync).where(and(eq(s.storefrontItemSync.storeId, refs.store.id), inArray(s.storefrontItemSync.inventoryId, ids)));
const items = (ids: string[]) => t.ctx.db.select().from(s.inventoryItems).where(inArray(s.inventoryItems.id, ids));

async function resyncAll(): Promise<Job> {
  const res = await t.request({ method: 'POST', url: '/api/stores/resync', token: owner, body: {} });
  expect(res.statusCode).toBe(202);
  return waitForJob(t, owner, json<{ data: { jobId: string } }>(res).data.jobId, 120_000);
}

let uptown: Awaited<ReturnType<typeof stock>>;

describe('under the threshold', () => {
  it('connecting pushes the few items on sale product by product, without a bulk import', async () => {
    const res = await connection({
      shopDomain: fake.shopDomain,
      accessToken: fake.accessToken,
      webhookSecret: 'whsec-test-secret-0123456789',
      locations: mapped().slice(0, 1),
      publicationIds: [fake.publications[0].id],
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    const job = await waitForJob(t, owner, firstSyncOf(res)!, 60_000);
    const result = job.result as { items: number; sent: number; bulk: boolean };
    expect(job.status).toBe('completed');
    expect(result.items).toBeGreaterThan(0);
    expect(result.items).toBeLessThan(t.ctx.config.storefrontBulkMinItems);
    expect(result).toMatchObject({ sent: result.items, bulk: false });
    const called = fieldsCalled();
    expect(count(called, 'productSet')).toBeGreaterThan(0);
    expect(count(called, 'bulkOperationRunMutation')).toBe(0);
    expect(fake.bulk.operations.size).toBe(0);
  }, 90_000);
});

describe('over the threshold', () => {
  it('mapping a location with 300 items on sale starts a first sync that pushes them in one bulk import, ids written back', async () => {
    uptown = await stock(30, 10, 'Uptown', 'Bulk');
    fake.calls.length = 0;
    const res = await connection({ locations: mapped() });
    const jobId = firstSyncOf(res);
    expect(jobId).toBeTruthy();
    const job = await waitForJob(t, owner, jobId!, 120_000);
    const result = job.result as { items: number; sent: number; reason: string | null; bulk: boolean };
    expect(job).toMatchObject({ status: 'completed', failed: 0 });
    expect(result).toMatchObject({ bulk: true, reason: null, sent: result.items });
    expect(result.items).toBeGreaterThanOrEqual(300);

    // staged upload, one bulk productSet and one bulk publish; no productSet call of its own
    const called = fieldsCalled();
    expect(count(called, 'stagedUploadsCreate')).toBe(2);
    expect(count(called, 'bulkOperationRunMutation')).toBe(2);
    expect(count(called, 'productSet')).toBe(0);
    expect(count(called, 'publishablePublish')).toBe(0);
    const [push, publish] = [...fake.bulk.operations.values()];
    // every product on sale is a line (the demo's too); the new ones are published (the demo's at Uptown too)
    expect(push.status).toBe('COMPLETED');
    expect(push.objectCount).toBeGreaterThanOrEqual(30);
    expect(push.query).toContain('productSet(');
    expect(publish.status).toBe('COMPLETED');
    expect(publish.objectCount).toBeGreaterThanOrEqual(30);
    expect(publish.query).toContain('publishablePublish(');

    const pushed = await items(uptown.items.map((i) => i.id));
    const rows = await syncRows(uptown.items.map((i) => i.id));
    expect(rows).toHaveLength(300);
    for (const item of pushed) {
      const row = rows.find((r) => r.inventoryId === item.id)!;
      expect(row).toMatchObject({ state: 'synced', error: null, variantId: item.shopifyId, locationId: fake.locations[1].id });
      const inShop = fake.variantBySku(item.code)!;
      expect(inShop.variant.id).toBe(item.shopifyId);
      expect(inShop.item.id).toBe(row.inventoryItemId);
      // stock as the per-product push leaves it: 1 at the item's mapped location
      expect(fake.available(inShop.item.id, fake.locations[1].id)).toBe(1);
      expect(inShop.product.publicationIds.has(fake.publications[0].id)).toBe(true);
    }
    const products = await t.ctx.db.select().from(s.products).where(inArray(s.products.id, uptown.products.map((p) => p.id)));
    expect(products.every((p) => p.shopifyId && fake.products.has(p.shopifyId))).toBe(true);

    // its progress on the sync health screen, as the per-product first sync shows it
    const health = json<{ data: { syncJob: Record<string, unknown> } }>(await t.request({ method: 'GET', url: '/api/storefront/sync', token: owner })).data;
    expect(health.syncJob).toMatchObject({ id: jobId, kind: 'first-sync', status: 'completed', total: result.items, done: result.items, failed: 0 });
  }, 150_000);

  it('Resync all over the threshold goes bulk too, updating the products it created instead of creating twins', async () => {
    const before = fake.products.size;
    fake.calls.length = 0;
    const job = await resyncAll();
    expect(job).toMatchObject({ status: 'completed', failed: 0 });
    expect(job.result).toMatchObject({ bulk: true, reason: null });
    expect(count(fieldsCalled(), 'productSet')).toBe(0);
    expect(fake.products.size).toBe(before);
    // nothing new to publish: one bulk operation
    expect(count(fieldsCalled(), 'bulkOperationRunMutation')).toBe(1);
  }, 150_000);

  it('products deleted in the shop are made again, each on its own after the bulk import; the others are synced by it', async () => {
    // two products Backroom knows by an id Shopify does not have (deleted in the shop's admin): productSet answers
    // PRODUCT_DOES_NOT_EXIST for their lines, and each is then pushed alone as a new product
    const gone = uptown.products.slice(0, 2);
    for (const [i, p] of gone.entries()) await t.ctx.db.update(s.products).set({ shopifyId: `gid://shopify/Product/${990000 + i}` }).where(eq(s.products.id, p.id));
    const job = await resyncAll();
    expect(job).toMatchObject({ status: 'completed', failed: 0 });
    expect(job.result).toMatchObject({ bulk: true });
    const rows = await syncRows(uptown.items.map((i) => i.id));
    for (const row of rows) expect(row.state).toBe('synced');
    for (const p of gone) {
      const row = (await t.ctx.db.select().from(s.products).where(eq(s.products.id, p.id)))[0];
      expect(row.shopifyId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
      expect(row.shopifyId).not.toMatch(/\/99000[01]$/);
      expect(fake.products.get(row.shopifyId!)?.variantIds.length).toBe(uptown.items.filter((i) => i.productId === p.id).length);
    }
  }, 240_000);

  it('a disconnect while the bulk operation runs writes none of its ids back', async () => {
    // items put on sale while the connection is off have no sync row: only the first sync on reconnecting pushes them
    expect((await connection({ enabled: false })).statusCode).toBe(200);
    const late = await stock(1, 5, 'Uptown', 'Late');
    fake.bulk.hold();
    const operationsBefore = fake.bulk.operations.size;
    let jobId: string | null = null;
    try {
      jobId = firstSyncOf(await connection({ enabled: true }));
      expect(jobId).toBeTruthy();
      // the bulk operation is created and held there (CREATED) while the store disconnects
      for (const started = Date.now(); fake.bulk.operations.size === operationsBefore; ) {
        if (Date.now() - started > 60_000) throw new Error('no bulk operation was started');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await connection({ enabled: false })).statusCode).toBe(200);
    } finally {
      fake.bulk.release();
    }
    const job = await waitForJob(t, owner, jobId!, 120_000);
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({ bulk: true, reason: STOREFRONT_NOT_CONNECTED, sent: 0 });
    // Shopify has the late product now, Backroom keeps none of its ids
    expect(fake.variantBySku(late.items[0].code)).not.toBeNull();
    expect((await items(late.items.map((i) => i.id))).map((i) => i.shopifyId)).toEqual(late.items.map(() => null));
    const product = await t.ctx.db.select().from(s.products).where(and(eq(s.products.id, late.products[0].id), isNull(s.products.shopifyId)));
    expect(product).toHaveLength(1);
    const rows = await syncRows(late.items.map((i) => i.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.state === 'failed' && r.error === STOREFRONT_NOT_CONNECTED && r.variantId === null)).toBe(true);
  }, 240_000);
});
