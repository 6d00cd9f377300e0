import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_MESSAGES, planLabels, storefrontHandleOf, type TLabelData } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let stock: string;
let ava: string;
let ordersOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [stock, ava] = await Promise.all([t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  ordersOnly = await employeeWith(t, refs, 'labels-orders@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

const labels = (token: string | undefined, body: unknown, host?: string) => t.request({ method: 'POST', url: '/api/labels', token, body, host });

describe('POST /api/labels', () => {
  it("answers the store's label settings and the items in the order asked, with consigner and GTIN", async () => {
    await t.ctx.db.update(s.stores).set({ labelSize: { width: 60, height: 30 }, labelLayout: 101, customBarcode: 'GTIN' }).where(eq(s.stores.id, refs.store.id));
    await t.ctx.db.insert(s.productGtins).values({ storeId: refs.store.id, productId: refs.sneaker.id, size: '11', gtin: '0001112223334' });
    const a = await makeItem(t, refs, { option1Value: '11', subLocation: 'Shelf A' });
    const b = await makeItem(t, refs, { who: 'marco', option1Value: '12' });
    const res = await labels(stock, { ids: [b.id, a.id] });
    expect(res.statusCode).toBe(200);
    const data = json<{ data: TLabelData }>(res).data;
    expect(data.settings).toMatchObject({ id: refs.store.id, labelSize: { width: 60, height: 30 }, labelLayout: 101, customBarcode: 'GTIN', hasStorefront: false, currency: refs.store.currency });
    expect(data.settings.linkOrigin).toMatch(/^https?:\/\//);
    expect(data.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(data.items[1]).toMatchObject({ code: a.code, size: '11', gtin: '0001112223334', subLocation: 'Shelf A', price: 10000, payoutFee: 2300, consignerName: `${refs.consigner.ava.firstName} ${refs.consigner.ava.lastName}` });
    expect(data.items[0]).toMatchObject({ gtin: null, consignerId: refs.consigner.marco.id });
    // a store without a storefront labels every item
    expect(planLabels({ ...data.settings }, data.items).skipped).toEqual([]);
  });

  it('says a store has a storefront once its shopify integration is on with credentials, and then skips items without a storefront id', async () => {
    const current = async () => json<{ data: { hasStorefront: boolean; linkOrigin: string } }>(await t.request({ method: 'GET', url: '/open/stores/current' })).data;
    expect((await current()).hasStorefront).toBe(false);
    await t.ctx.db.insert(s.storeIntegrations).values({ storeId: refs.store.id, kind: 'shopify', enabled: true, secret: 'ciphertext' });
    await t.ctx.db.update(s.stores).set({ shop: 'demo-shop.myshopify.com' }).where(eq(s.stores.id, refs.store.id));
    try {
      expect(await current()).toMatchObject({ hasStorefront: true, linkOrigin: expect.stringMatching(/^https?:\/\//) });
      const item = await makeItem(t, refs);
      const data = json<{ data: TLabelData }>(await labels(stock, { ids: [item.id] })).data;
      expect(data.settings.hasStorefront).toBe(true);
      expect(planLabels(data.settings, data.items).messages).toEqual([LABEL_MESSAGES.resyncedWithoutShopifyId]);

      // once its product is in the shop, the label points at the product under the handle every push sends
      await t.ctx.db.update(s.inventoryItems).set({ shopifyId: 'gid://shopify/ProductVariant/4242' }).where(eq(s.inventoryItems.id, item.id));
      const [product] = await t.ctx.db.select().from(s.products).where(eq(s.products.id, item.productId));
      const pushed = json<{ data: TLabelData }>(await labels(stock, { ids: [item.id] })).data;
      expect(pushed.items[0]!.storefrontHandle).toBe(storefrontHandleOf({ id: product!.id, title: product!.title }));
      expect(planLabels(pushed.settings, pushed.items).skipped).toEqual([]);
      expect(planLabels(pushed.settings, pushed.items).printable[0]!.targets.storefront).toBe(`https://demo-shop.myshopify.com/products/${pushed.items[0]!.storefrontHandle}?variant=4242`);
    } finally {
      await t.ctx.db.delete(s.storeIntegrations).where(eq(s.storeIntegrations.storeId, refs.store.id));
      await t.ctx.db.update(s.stores).set({ shop: null }).where(eq(s.stores.id, refs.store.id));
    }
  });

  it('refuses bad input', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['not-a-uuid'] }, { ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) }, { ids: 'x' }]) {
      const res = await labels(stock, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
  });

  it('refuses consigners, staff without Inventory and anyone signed out', async () => {
    const item = await makeItem(t, refs);
    expect((await labels(undefined, { ids: [item.id] })).statusCode).toBe(401);
    expect((await labels(ava, { ids: [item.id] })).statusCode).toBe(403);
    expect((await labels(ordersOnly, { ids: [item.id] })).statusCode).toBe(403);
  });

  it("answers 404 for another store's item, and for an unknown id", async () => {
    const other = await secondStore(t);
    const item = await makeItem(t, refs);
    const res = await labels(other.token, { ids: [item.id] }, other.host);
    expect(res.statusCode).toBe(404);
    expect((await labels(stock, { ids: [item.id, crypto.randomUUID()] })).statusCode).toBe(404);
  });
});

describe('label settings in the store settings', () => {
  it('saves the label layout (32, 101 or none) and refuses others', async () => {
    const owner = await t.signIn(DEMO.owner);
    const put = (body: unknown) => t.request({ method: 'PUT', url: `/api/stores/${refs.store.id}`, token: owner, body });
    const ok = await put({ labelLayout: 32, labelSize: { width: 40, height: 20 } });
    expect(ok.statusCode).toBe(200);
    expect(json<{ data: { labelLayout: number | null; labelSize: unknown } }>(ok).data).toMatchObject({ labelLayout: 32, labelSize: { width: 40, height: 20 } });
    expect((await put({ labelLayout: 7 })).statusCode).toBe(400);
    expect((await put({ labelSize: { width: 5000, height: 20 } })).statusCode).toBe(400);
    const cleared = await put({ labelLayout: null });
    expect(json<{ data: { labelLayout: number | null } }>(cleared).data.labelLayout).toBeNull();
  });
});
