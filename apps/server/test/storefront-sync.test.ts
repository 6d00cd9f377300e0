// Products and stock out to Shopify (docs/storefront-sync.md "Out"): a change that matters to
// the shop marks the item pending in its own transaction, the dispatcher queues one push per product,
// the push reaches the fake Admin API (built from Shopify's real schema) as the right mutation, and the
// item's sync state says what happened.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ON_SALE_STATUSES } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { recordSale } from '../src/modules/sales/sales.service.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { demoRefs, itemRow, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let fake: ShopifyFake;
let refs: DemoRefs;
let owner: string;
let firstSyncJobId: string;

beforeAll(async () => {
  fake = await startShopifyFake();
  t = await createTestApp({ config: { shopifyAdminOrigin: fake.url } });
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  const res = await t.request({
    method: 'PUT',
    url: '/api/storefront/connection',
    token: owner,
    body: {
      shopDomain: fake.shopDomain,
      accessToken: fake.accessToken,
      webhookSecret: 'whsec-test-secret-0123456789',
      locations: [
        { location: 'Downtown', shopifyLocationId: fake.locations[0].id },
        { location: 'ONLINE MARKETPLACE', shopifyLocationId: fake.locations[1].id },
      ],
      publicationIds: [fake.publications[0].id],
      enabled: true,
    },
  });
  expect(res.statusCode).toBe(200);
  // connecting started the first sync (docs/storefront-sync.md "First sync"): the tests below start after it
  firstSyncJobId = json<{ data: { firstSyncJobId: string } }>(res).data.firstSyncJobId;
  await waitForJob(t, owner, firstSyncJobId, 60_000);
}, 90_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.calls.length = 0;
});

let otherShop: Awaited<ReturnType<typeof otherStore>> | null = null;
const theOther = async () => (otherShop ??= await otherStore(t));

const act = (name: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/inventories/${name}`, token: owner, body });

async function syncRow(id: string) {
  return (await t.ctx.db.select().from(s.storefrontItemSync).where(and(eq(s.storefrontItemSync.storeId, refs.store.id), eq(s.storefrontItemSync.inventoryId, id))))[0] ?? null;
}

/** Waits until the item's change has been pushed (synced or failed), or its row is gone (it left the shop). */
async function settled(id: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const row = await syncRow(id);
    if (!row || row.state !== 'pending') return row;
    if (Date.now() - started > timeoutMs) throw new Error(`item ${id} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Until no push job waits or runs: an item's row can be synced by one product push while the push
 * its own change queued is still to run (one job waits per product), so a test that counts the next
 * change's calls starts once the queue is idle.
 */
async function pushesIdle(timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const { rows } = await t.ctx.database.executeSql("select count(*)::int as n from pgboss.job where name = 'storefront-push' and state in ('created', 'retry', 'active')", []);
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`push jobs still queued after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mutations = () => fake.calls.filter((c) => c.outcome === 'ok').flatMap((c) => c.fields.filter((f) => ['productSet', 'productUpdate', 'publishablePublish', 'inventorySetQuantities', 'inventoryActivate'].includes(f)));

/** A product of its own per test, so pushes of one test do not mix with another's. */
async function freshProduct(title: string) {
  const [p] = await t.ctx.db
    .insert(s.products)
    .values({ storeId: refs.store.id, title, brand: 'Nike', sku: `SKU-${title.replace(/\W/g, '')}`, category: 'Sneakers', gender: 'Men', productTemplateId: refs.sneakers.id })
    .returning();
  return p;
}

describe('the first sync', () => {
  it('connecting pushed every item on sale online at once, with its progress on the sync health screen', async () => {
    const job = await waitForJob(t, owner, firstSyncJobId);
    const result = job.result as { items: number; sent: number; reason: string | null };
    expect(job.status).toBe('completed');
    expect(result.items).toBeGreaterThan(0);
    expect(result).toMatchObject({ sent: result.items, reason: null });
    const onSale = await t.ctx.db
      .select({ id: s.inventoryItems.id, shopifyId: s.inventoryItems.shopifyId })
      .from(s.inventoryItems)
      .where(and(eq(s.inventoryItems.storeId, refs.store.id), inArray(s.inventoryItems.location, ['Downtown', 'ONLINE MARKETPLACE']), inArray(s.inventoryItems.status, [...ON_SALE_STATUSES])));
    expect(onSale.length).toBe(result.items);
    expect(onSale.every((i) => i.shopifyId?.startsWith('gid://shopify/ProductVariant/'))).toBe(true);
    const health = json<{ data: { syncJob: Record<string, unknown> | null; counts: { pending: number } } }>(await t.request({ method: 'GET', url: '/api/storefront/sync', token: owner })).data;
    expect(health.syncJob).toMatchObject({ id: firstSyncJobId, kind: 'first-sync', status: 'completed', total: result.items, done: result.items, failed: 0 });
  });

  it('mapping a location the connection did not map starts another; a save that maps nothing new does not', async () => {
    const uptown = await makeItem(t, refs, { location: 'Uptown' });
    expect(await syncRow(uptown.id)).toBeNull();
    const same = await t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body: { publicationIds: [fake.publications[0].id] } });
    expect(json<{ data: { firstSyncJobId: string | null } }>(same).data.firstSyncJobId).toBeNull();
    const locations = [
      { location: 'Downtown', shopifyLocationId: fake.locations[0].id },
      { location: 'ONLINE MARKETPLACE', shopifyLocationId: fake.locations[1].id },
      { location: 'Uptown', shopifyLocationId: fake.locations[1].id },
    ];
    const res = await t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body: { locations } });
    const jobId = json<{ data: { firstSyncJobId: string | null } }>(res).data.firstSyncJobId;
    expect(jobId).toBeTruthy();
    expect((await waitForJob(t, owner, jobId!, 60_000)).status).toBe('completed');
    const row = await syncRow(uptown.id);
    expect(row?.state).toBe('synced');
    expect(fake.available(row!.inventoryItemId!, fake.locations[1].id)).toBe(1);
    // Uptown off again: the other tests see the connection of the start
    await t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body: { locations: locations.slice(0, 2) } });
    await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.id, uptown.id));
    expect(await settled(uptown.id)).toBeNull();
  });
});

describe('the sync trigger', () => {
  it('treats the same statuses as on sale as the domain does', async () => {
    const result = await t.ctx.db.execute<{ src: string }>(
      // the trigger function's source names each on-sale status
      (await import('drizzle-orm')).sql`select prosrc as src from pg_proc where proname = 'storefront_mark_pending'`,
    );
    const src = (result as unknown as { rows: { src: string }[] }).rows[0].src;
    for (const status of ON_SALE_STATUSES) expect(src).toContain(`'${status}'`);
    expect(src.match(/IN \(([^)]*)\)/)![1].split(',').length).toBe(ON_SALE_STATUSES.length);
  });

  it('leaves items off the online locations alone', async () => {
    const item = await makeItem(t, refs, { location: 'Uptown' });
    expect(await syncRow(item.id)).toBeNull();
  });
});

describe('pushes', () => {
  it('accept to an online location: productSet with the item as a variant (price, options, stock 1), published; ids stored', async () => {
    const product = await freshProduct('Air Max 90 Accepted');
    const item = await makeItem(t, refs, { productId: product.id, status: 'Pending', location: null, price: 12550, option1Value: '9', option2Value: 'New', option3Value: null });
    expect((await act('acceptInventory', { id: item.id, location: 'Downtown' })).statusCode).toBe(200);
    const row = await settled(item.id);
    expect(row).toMatchObject({ state: 'synced', error: null, attempts: 0 });
    expect(row!.lastSyncedAt).toBeInstanceOf(Date);
    expect(mutations()).toEqual(['productSet', 'publishablePublish']);
    const inShop = fake.variantBySku(item.code)!;
    expect(inShop.product.title).toBe('Air Max 90 Accepted');
    expect(inShop.variant.price).toBe('125.5');
    expect(fake.available(inShop.item.id, fake.locations[0].id)).toBe(1);
    expect((await itemRow(t, item.id))!.shopifyId).toBe(inShop.variant.id);
    expect(row!.variantId).toBe(inShop.variant.id);
    const [saved] = await t.ctx.db.select().from(s.products).where(eq(s.products.id, product.id));
    expect(saved.shopifyId).toBe(inShop.product.id);
    expect(inShop.product.handle).toMatch(/^air-max-90-accepted-[0-9a-f]{8}$/);
  });

  it('price change: productSet with the new price', async () => {
    const product = await freshProduct('Dunk Low Price');
    const item = await makeItem(t, refs, { productId: product.id });
    await settled(item.id);
    await t.ctx.db.update(s.inventoryItems).set({ status: 'RequestPriceChange', requestedPrice: 8800 }).where(eq(s.inventoryItems.id, item.id));
    await settled(item.id);
    fake.calls.length = 0;
    expect((await act('acceptInventoryPrice', { id: item.id })).statusCode).toBe(200);
    expect(await settled(item.id)).toMatchObject({ state: 'synced' });
    expect(mutations()).toEqual(['productSet']);
    expect(fake.variantBySku(item.code)!.variant.price).toBe('88.0');
  });

  it('transfer off the online locations: the variant leaves its product; the last one unpublishes it', async () => {
    const product = await freshProduct('Samba Transfer');
    const a = await makeItem(t, refs, { productId: product.id, option1Value: '8' });
    const b = await makeItem(t, refs, { productId: product.id, option1Value: '9' });
    await settled(a.id);
    await settled(b.id);
    const productGid = fake.variantBySku(a.code)!.product.id;
    fake.calls.length = 0;
    const res = await act('transfer', { inventories: [a.id], location: 'Uptown' });
    expect([200, 202]).toContain(res.statusCode);
    expect(await settled(a.id)).toBeNull();
    expect(mutations()).toContain('productSet');
    expect(fake.variantBySku(a.code)).toBeNull();
    expect(fake.variantBySku(b.code)).not.toBeNull();
    fake.calls.length = 0;
    await act('transfer', { inventories: [b.id], location: 'Uptown' });
    expect(await settled(b.id)).toBeNull();
    expect(mutations()).toEqual(['productUpdate']);
    expect(fake.products.get(productGid)!.status).toBe('DRAFT');
    // accepted at an online location again: back on sale, with a new variant
    expect((await act('acceptTransfer', { ids: [b.id], location: 'Downtown' })).statusCode).toBe(200);
    expect(await settled(b.id)).toMatchObject({ state: 'synced' });
    expect(fake.products.get(productGid)!.status).toBe('ACTIVE');
    const back = fake.variantBySku(b.code)!;
    expect(fake.available(back.item.id, fake.locations[0].id)).toBe(1);
  });

  it('withdrawal: the variant leaves the shop', async () => {
    const product = await freshProduct('Gazelle Withdraw');
    const keep = await makeItem(t, refs, { productId: product.id, option1Value: '7' });
    const item = await makeItem(t, refs, { productId: product.id, option1Value: '8' });
    await settled(keep.id);
    await settled(item.id);
    fake.calls.length = 0;
    expect((await act('withdrawInventory', { id: item.id })).statusCode).toBe(200);
    expect(await settled(item.id)).toBeNull();
    expect(mutations()).toEqual(['productSet']);
    expect(fake.variantBySku(item.code)).toBeNull();
    expect(fake.variantBySku(keep.code)).not.toBeNull();
  });

  it('a price or withdrawal request: the item is not sellable now, so the same sync takes it off the shop; back to Active puts it back', async () => {
    const product = await freshProduct('Samba Requests');
    const keep = await makeItem(t, refs, { productId: product.id, option1Value: '7' });
    const priced = await makeItem(t, refs, { productId: product.id, option1Value: '8' });
    const leaving = await makeItem(t, refs, { productId: product.id, option1Value: '9' });
    for (const i of [keep, priced, leaving]) await settled(i.id);
    expect(fake.variantBySku(priced.code)).not.toBeNull();
    expect((await act('requestPriceChange', { id: priced.id, requestedPrice: 99 })).statusCode).toBe(200);
    expect((await act('requestInventoryWithdrawal', { id: leaving.id })).statusCode).toBe(200);
    expect(await settled(priced.id)).toBeNull();
    expect(await settled(leaving.id)).toBeNull();
    // what a sale would refuse is not listed: a Shopify order cannot be placed for it
    expect(fake.variantBySku(priced.code)).toBeNull();
    expect(fake.variantBySku(leaving.code)).toBeNull();
    expect(fake.variantBySku(keep.code)).not.toBeNull();
    const refused = await t.request({ method: 'GET', url: `/api/sales/item?code=${priced.code}`, token: owner });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toMatch(new RegExp(`^${priced.code} cannot be sold: it is `));
    // the request declined: Active again, on sale again
    expect((await act('declineInventoryPrice', { id: priced.id })).statusCode).toBe(200);
    await settled(priced.id);
    expect(fake.variantBySku(priced.code)).not.toBeNull();
  });

  it('sale: the sold item leaves the shop (never sold twice)', async () => {
    const product = await freshProduct('Forum Sale');
    const keep = await makeItem(t, refs, { productId: product.id, option1Value: '10' });
    const item = await makeItem(t, refs, { productId: product.id, option1Value: '11' });
    await settled(keep.id);
    await settled(item.id);
    await pushesIdle();
    fake.calls.length = 0;
    await recordSale(t.ctx, refs.store, { id: null, name: 'Counter' }, { source: 'counter', financialStatus: 'paid', paymentMethod: 'cash', lines: [{ inventoryId: item.id }] });
    expect(await settled(item.id)).toBeNull();
    expect(mutations()).toEqual(['productSet']);
    expect(fake.variantBySku(item.code)).toBeNull();
  });

  it('deletion: the variant leaves the shop', async () => {
    const product = await freshProduct('Stan Smith Delete');
    const keep = await makeItem(t, refs, { productId: product.id, option1Value: '10' });
    const item = await makeItem(t, refs, { productId: product.id, option1Value: '11' });
    await settled(keep.id);
    await settled(item.id);
    await t.ctx.db.delete(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
    expect(await settled(item.id)).toBeNull();
    expect(fake.variantBySku(item.code)).toBeNull();
  });

  it("a product's own change (title, brand, category) pushes its items again: the shop shows the new title", async () => {
    const product = await freshProduct('Samba Before Rename');
    const item = await makeItem(t, refs, { productId: product.id });
    await settled(item.id);
    fake.calls.length = 0;
    // the trigger of migration 0029 sees every path that changes the product, as 0023 does for items
    await t.ctx.db.update(s.products).set({ title: 'Samba After Rename', brand: 'adidas Originals' }).where(eq(s.products.id, product.id));
    expect(await settled(item.id)).toMatchObject({ state: 'synced' });
    expect(mutations()).toEqual(['productSet']);
    const inShop = fake.variantBySku(item.code)!;
    expect(inShop.product.title).toBe('Samba After Rename');
    expect(inShop.product.handle).toMatch(/^samba-after-rename-[0-9a-f]{8}$/);
    // a product whose items are not in the shop changes nothing there
    const other = await freshProduct('Never Online');
    await t.ctx.db.update(s.products).set({ title: 'Still Never Online' }).where(eq(s.products.id, other.id));
    expect(await t.ctx.db.select().from(s.storefrontItemSync).where(eq(s.storefrontItemSync.productId, other.id))).toEqual([]);
  });

  it('two identical items are two variants: the second carries its code', async () => {
    const product = await freshProduct('Twin Pair');
    const a = await makeItem(t, refs, { productId: product.id });
    const b = await makeItem(t, refs, { productId: product.id });
    expect(await settled(a.id)).toMatchObject({ state: 'synced' });
    expect(await settled(b.id)).toMatchObject({ state: 'synced' });
    const va = fake.variantBySku(a.code)!.variant;
    const vb = fake.variantBySku(b.code)!.variant;
    expect(JSON.stringify(va)).not.toEqual(JSON.stringify(vb));
    expect(JSON.stringify(vb)).toContain(`#${b.code}`);
  });
});

describe('throttling and failures', () => {
  it('a 429 and a THROTTLED reply are retried, and the push goes through', async () => {
    const product = await freshProduct('Throttled Push');
    fake.failNext(1, 429, { retryAfterSeconds: 1 });
    const item = await makeItem(t, refs, { productId: product.id });
    expect(await settled(item.id)).toMatchObject({ state: 'synced' });
    // an empty bucket that refills slowly: the next push meets THROTTLED, waits as the reply says and goes through
    // (a push of one item asks about 20 points: at 5 a second the bucket is still short if the push
    // arrives within about 4 s, and the wait the reply asks for is at most as long)
    fake.setBucket({ maximumAvailable: 2000, restoreRate: 5, currentlyAvailable: 0 });
    fake.calls.length = 0;
    const second = await makeItem(t, refs, { productId: product.id, option1Value: '12' });
    expect(await settled(second.id)).toMatchObject({ state: 'synced' });
    expect(fake.calls.some((c) => c.outcome === 'throttled')).toBe(true);
    fake.setBucket({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it("a refusal marks the product's items failed with Shopify's words; Repair pushes them again", async () => {
    const product = await freshProduct('Refused Push');
    const good = fake.locations[0].id;
    await t.ctx.db.execute((await import('drizzle-orm')).sql`
      update store_integrations set settings = jsonb_set(settings, '{locations,0,shopifyLocationId}', '"gid://shopify/Location/999"') where kind = 'shopify'`);
    const item = await makeItem(t, refs, { productId: product.id });
    const row = await settled(item.id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.error).toContain('The specified location could not be found.');
    await t.ctx.db.execute((await import('drizzle-orm')).sql`
      update store_integrations set settings = jsonb_set(settings, '{locations,0,shopifyLocationId}', ${JSON.stringify(good)}::jsonb) where kind = 'shopify'`);
    const repaired = await t.request({ method: 'POST', url: '/api/storefront/sync/repair', token: owner, body: { ids: [item.id] } });
    expect(json<{ data: { queued: number } }>(repaired).data.queued).toBe(1);
    expect(await settled(item.id)).toMatchObject({ state: 'synced', attempts: 0, error: null });
  });
});

describe('a product deleted in the shop', () => {
  it("is made again on the item's next push, the item a new variant of it, instead of failing on the gone id", async () => {
    const product = await freshProduct('Deleted In Shop');
    const item = await makeItem(t, refs, { productId: product.id });
    expect(await settled(item.id)).toMatchObject({ state: 'synced' });
    const shopId = async () => (await t.ctx.db.select({ id: s.products.shopifyId }).from(s.products).where(eq(s.products.id, product.id)))[0].id;
    const gone = (await shopId())!;
    fake.deleteProduct(gone);
    await pushesIdle();

    const res = await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: owner, body: { price: 123 } });
    expect(res.statusCode).toBe(200);
    expect(await settled(item.id)).toMatchObject({ state: 'synced', error: null });
    const again = await shopId();
    expect(again).toBeTruthy();
    expect(again).not.toBe(gone);
    const inShop = fake.variantBySku(item.code)!;
    expect(inShop.product.id).toBe(again);
    expect(inShop.variant.price).toBe('123.0');
    expect((await itemRow(t, item.id)).shopifyId).toBe(inShop.variant.id);
  });

  it('leaving the shop when its product was deleted there: the item is off, nothing fails', async () => {
    const product = await freshProduct('Deleted Then Withdrawn');
    const item = await makeItem(t, refs, { productId: product.id });
    expect(await settled(item.id)).toMatchObject({ state: 'synced' });
    const [p] = await t.ctx.db.select({ id: s.products.shopifyId }).from(s.products).where(eq(s.products.id, product.id));
    fake.deleteProduct(p.id!);
    await pushesIdle();
    expect((await act('withdrawInventory', { id: item.id })).statusCode).toBe(200);
    expect(await settled(item.id)).toBeNull();
    const [after] = await t.ctx.db.select({ id: s.products.shopifyId }).from(s.products).where(eq(s.products.id, product.id));
    expect(after.id).toBeNull();
  });
});

describe('resyncs and shopifyProducts', () => {
  it("product resync: 'Resyncing product in background', then its items pushed again inside the job", async () => {
    const product = await freshProduct('Resync Product');
    const a = await makeItem(t, refs, { productId: product.id, option1Value: '8' });
    const b = await makeItem(t, refs, { productId: product.id, option1Value: '9' });
    await settled(a.id);
    await settled(b.id);
    fake.calls.length = 0;
    const res = await t.request({ method: 'GET', url: `/api/products/resync/${product.id}`, token: owner });
    expect(res.statusCode).toBe(202);
    const started = json<{ data: { message: string; jobId: string } }>(res).data;
    expect(started.message).toBe('Resyncing product in background');
    const job = await waitForJob(t, owner, started.jobId);
    expect(job).toMatchObject({ status: 'completed', done: 2, failed: 0, result: { productId: product.id, synced: true, reason: null } });
    expect(mutations()).toEqual(['productSet']);
    expect((await syncRow(a.id))!.state).toBe('synced');
  });

  it("single item resync: 'Resyncing item...', the item's product pushed again", async () => {
    const product = await freshProduct('Resync Item');
    const item = await makeItem(t, refs, { productId: product.id });
    await settled(item.id);
    fake.calls.length = 0;
    const res = await t.request({ method: 'POST', url: '/api/inventories/resyncSingleInventory', token: owner, body: { id: item.id } });
    expect(res.statusCode).toBe(202);
    const started = json<{ data: { message: string; jobId: string } }>(res).data;
    expect(started.message).toBe('Resyncing item...');
    expect(await waitForJob(t, owner, started.jobId)).toMatchObject({ status: 'completed', done: 1, failed: 0, result: { synced: 1, failed: 0 } });
    expect(mutations()).toEqual(['productSet']);
  });

  it('store resync: every item on sale online pushed again, product by product', async () => {
    const res = await t.request({ method: 'POST', url: '/api/stores/resync', token: owner });
    expect(res.statusCode).toBe(202);
    const job = await waitForJob(t, owner, json<{ data: { jobId: string } }>(res).data.jobId, 60_000);
    const result = job.result as { items: number; sent: number; reason: string | null };
    expect(job.status).toBe('completed');
    expect(result.items).toBeGreaterThan(5);
    expect(result).toMatchObject({ sent: result.items, reason: null });
    const pending = await t.ctx.db.select().from(s.storefrontItemSync).where(and(eq(s.storefrontItemSync.storeId, refs.store.id), eq(s.storefrontItemSync.state, 'pending')));
    expect(pending).toHaveLength(0);
  });

  it('POST /api/products/shopifyProducts: the shop’s products with handle and variants, each with its item', async () => {
    const product = await freshProduct('Fetched Product');
    const item = await makeItem(t, refs, { productId: product.id, price: 9900 });
    await settled(item.id);
    const gid = fake.variantBySku(item.code)!.product.id;
    const res = await t.request({ method: 'POST', url: '/api/products/shopifyProducts', token: owner, body: { shopifyProductIds: [gid, gid.split('/').pop(), '999999'] } });
    expect(res.statusCode).toBe(200);
    const [found, ...rest] = json<{ data: { id: string; handle: string; variants: { sku: string; price: number; quantity: number; inventoryId: string }[] }[] }>(res).data;
    expect(rest).toEqual([]);
    expect(found.id).toBe(gid);
    expect(found.handle).toMatch(/^fetched-product-/);
    expect(found.variants).toEqual([expect.objectContaining({ sku: item.code, price: 99, quantity: 1, inventoryId: item.id })]);
  });

  it('POST /api/products/shopifyProducts refuses bad input, staff without Products, and a store without a connection', async () => {
    expect((await t.request({ method: 'POST', url: '/api/products/shopifyProducts', token: owner, body: { shopifyProductIds: [] } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/products/shopifyProducts', token: owner, body: { shopifyProductIds: ['drop table'] } })).statusCode).toBe(400);
    const clerk = await staff(t, refs.store.id, 'orders-clerk@demo.backroom.test', { areas: ['Orders'] });
    expect((await t.request({ method: 'POST', url: '/api/products/shopifyProducts', token: clerk, body: { shopifyProductIds: ['1'] } })).statusCode).toBe(403);
    const other = await theOther();
    const res = await t.request({ method: 'POST', url: '/api/products/shopifyProducts', token: other.token, host: other.host, body: { shopifyProductIds: ['1'] } });
    expect(res.statusCode).toBe(422);
    expect(json<{ error: string }>(res).error).toBe('No storefront is connected to this store yet, so nothing was sent to a storefront.');
    // the other store's resyncs report the same, item by item
    const [theirs] = await t.ctx.db.insert(s.products).values({ storeId: other.store.id, title: 'Theirs', brand: 'B', sku: 'T-1', category: 'C', gender: 'Men' }).returning();
    const started = json<{ data: { jobId: string } }>(await t.request({ method: 'GET', url: `/api/products/resync/${theirs.id}`, token: other.token, host: other.host })).data;
    let job: unknown = null;
    for (let i = 0; i < 100; i++) {
      job = json<{ data: { status: string } }>(await t.request({ method: 'GET', url: `/api/jobs/${started.jobId}`, token: other.token, host: other.host })).data;
      if ((job as { status: string }).status === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job).toMatchObject({ status: 'completed', done: 0, failed: 1, result: { synced: false, reason: 'No storefront is connected to this store yet, so nothing was sent to a storefront.' } });
  });
});

describe('the sync health screen API', () => {
  type List = { rows: { inventoryId: string; state: string; platformError: string | null; drift: string[]; lastSyncedAt: string | null; code: string }[]; count: number; counts: Record<string, number>; connected: boolean; lastDriftCheck: { checked: number; drifted: number } | null };
  const list = async (query = '', token = owner, host?: string) => t.request({ method: 'GET', url: `/api/storefront/sync${query}`, token, host });

  it('lists items with their state, filtered and paginated on the server', async () => {
    const product = await freshProduct('Listed Product');
    const items = [];
    for (const size of ['6', '7', '8', '9', '10', '11']) items.push(await makeItem(t, refs, { productId: product.id, option1Value: size }));
    for (const item of items) await settled(item.id);
    const all = json<{ data: List }>(await list('?pageSize=5')).data;
    expect(all.connected).toBe(true);
    expect(all.rows).toHaveLength(5);
    expect(all.count).toBeGreaterThan(5);
    expect(all.counts.synced).toBeGreaterThan(0);
    const synced = json<{ data: List }>(await list('?state=synced&pageSize=500')).data;
    expect(synced.rows.every((r) => r.state === 'synced' && r.lastSyncedAt)).toBe(true);
    const one = synced.rows[0];
    const found = json<{ data: List }>(await list(`?search=${one.code}`)).data;
    expect(found.rows.map((r) => r.inventoryId)).toEqual([one.inventoryId]);
    expect((await list('?state=broken')).statusCode).toBe(400);
    expect((await list('?pageSize=9999')).statusCode).toBe(400);
  });

  it('is for staff with Products, and each store sees only its own', async () => {
    const clerk = await staff(t, refs.store.id, 'orders-only@demo.backroom.test', { areas: ['Orders'] });
    expect((await list('', clerk)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/storefront/sync/repair', token: clerk, body: {} })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/storefront/sync' })).statusCode).toBe(401);
    const other = await theOther();
    const theirs = json<{ data: List }>(await list('', other.token, other.host)).data;
    expect(theirs).toMatchObject({ rows: [], count: 0, connected: false });
    const mine = json<{ data: List }>(await list('?pageSize=1')).data.rows[0];
    const repaired = json<{ data: { queued: number } }>(await t.request({ method: 'POST', url: '/api/storefront/sync/repair', token: other.token, host: other.host, body: { ids: [mine.inventoryId] } })).data;
    expect(repaired.queued).toBe(0);
    expect((await t.request({ method: 'POST', url: '/api/storefront/sync/repair', token: owner, body: { ids: ['not-a-uuid'] } })).statusCode).toBe(400);
  });

  it('the drift check marks an item whose price differs in the shop drifted, and Repair all sets it right', async () => {
    const product = await freshProduct('Drifting Product');
    const item = await makeItem(t, refs, { productId: product.id, price: 20000 });
    await settled(item.id);
    fake.variantBySku(item.code)!.variant.price = '150.0';
    const res = await t.request({ method: 'POST', url: '/api/storefront/sync/driftCheck', token: owner, body: {} });
    expect(res.statusCode).toBe(200);
    const row = await syncRow(item.id);
    expect(row).toMatchObject({ state: 'drifted', drift: ['price: 200.00 in Backroom, 150.00 in Shopify'] });
    const data = json<{ data: List }>(await list('?state=drifted')).data;
    expect(data.rows.map((r) => r.inventoryId)).toContain(item.id);
    expect(data.lastDriftCheck!.drifted).toBeGreaterThanOrEqual(1);
    const repaired = json<{ data: { queued: number; message: string } }>(await t.request({ method: 'POST', url: '/api/storefront/sync/repair', token: owner, body: {} })).data;
    expect(repaired.queued).toBeGreaterThanOrEqual(1);
    expect(await settled(item.id)).toMatchObject({ state: 'synced', drift: [] });
    expect(fake.variantBySku(item.code)!.variant.price).toBe('200.0');
  });
});
