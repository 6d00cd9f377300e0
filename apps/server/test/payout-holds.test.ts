// The payout hold and the minimum payout (docs/consigner-account.md "Holds and the payout minimum"):
// the store settings, the hold's boundaries on Ready to Pay and on a payout, the minimum leaving a
// consigner out of a run, a sale undone inside the hold reversed with no payout touched, and the hold
// counted from shipping for online orders (the storefront's fulfilment webhooks, signed by the shop
// connected to the fake Shopify). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateLong, formatMoney, storeDayOf } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Readiness = {
  holdDays: number;
  holdFrom: 'sale' | 'shipping';
  minimum: number;
  today: string;
  requested: number;
  consigners: { consignerId: string; name: string; payable: number; held: number; heldUntil: { payableOn: string; amount: number }[]; belowMinimum: boolean; reason: string | null }[];
};

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Orders only
let stock: string; // Inventory only
let ava: string;
let other: Awaited<ReturnType<typeof otherStore>>;
let fake: ShopifyFake;
const today = storeDayOf(new Date());
const SECRET = 'whsec-backroom-holds-0123456789';

beforeAll(async () => {
  fake = await startShopifyFake();
  t = await createTestApp({ config: { shopifyAdminOrigin: fake.url } });
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  clerk = await staff(t, refs.store.id, 'holds-clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
  // the demo store's storefront, for the online orders of the shipping hold
  const connected = await t.request({
    method: 'PUT',
    url: '/api/storefront/connection',
    token: owner,
    body: { shopDomain: fake.shopDomain, accessToken: fake.accessToken, webhookSecret: SECRET, locations: [{ location: 'Downtown', shopifyLocationId: fake.locations[0].id }], enabled: true },
  });
  expect(connected.statusCode, connected.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = (url: string, token?: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown) => t.request({ method: 'POST', url, token, body });
const put = (url: string, token: string, body: unknown) => t.request({ method: 'PUT', url, token, body });
const pay = (ids: string[], token = clerk) => post('/api/payouts/pay', token, { inventoriesToPay: ids, consignersAndInventories: [] });
const readiness = async (token = clerk) => json<{ data: Readiness }>(await get('/api/payouts/readiness', token)).data;
const rowOf = async (consignerId: string) => (await readiness()).consigners.find((c) => c.consignerId === consignerId);
const money = (minor: number) => formatMoney(minor, 'USD');

async function setPayoutRules(holdDays: number, minimum: number) {
  const res = await put(`/api/stores/${refs.store.id}`, owner, { payoutHoldDays: holdDays, payoutMinimum: minimum });
  expect(res.statusCode, res.body).toBe(200);
}

let serial = 0;
async function consigner() {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({ storeId: refs.store.id, firstName: `Held${serial}`, lastName: 'Payee', email: `held${serial}@holds.test`, isActive: true, acceptedTOS: true, payoutType: 'Bank', bankData: { accountName: 'Held', accountNumber: '0001', bank: 'Demo Bank' } })
    .returning();
  return row;
}

/** An item sold `daysAgo` store days ago (its sale entries dated at noon UTC that day), owing `total` minor units. */
async function soldDaysAgo(consignerId: string, total: number, daysAgo: number) {
  const price = total + 1000;
  const at = new Date(`${addDays(today, -daysAgo)}T12:00:00Z`);
  const item = await makeItem(t, refs, { status: 'Sold', consignerId, price, payout: total, payoutFee: 1000, total, soldOn: at, ledger: false });
  await t.ctx.db.insert(s.ledgerEntries).values([
    { storeId: refs.store.id, consignerId, kind: 'sale', amount: price, inventoryId: item.id, createdAt: at },
    { storeId: refs.store.id, consignerId, kind: 'fee', amount: total - price, inventoryId: item.id, createdAt: at },
  ]);
  return item;
}

describe('the hold and minimum settings', () => {
  it('are 0 by default, saved in major units and read back', async () => {
    const before = json<{ data: { payoutHoldDays: number; payoutMinimum: number } }>(await get(`/api/stores/${refs.store.id}`, owner)).data;
    expect(before.payoutHoldDays).toBe(0);
    expect(before.payoutMinimum).toBe(0);
    await setPayoutRules(14, 25.5);
    const after = json<{ data: { payoutHoldDays: number; payoutMinimum: number } }>(await get(`/api/stores/${refs.store.id}`, owner)).data;
    expect(after).toMatchObject({ payoutHoldDays: 14, payoutMinimum: 25.5 });
    const [row] = await t.ctx.db.select({ d: s.stores.payoutHoldDays, m: s.stores.payoutMinimum }).from(s.stores).where(eq(s.stores.id, refs.store.id));
    expect(row).toEqual({ d: 14, m: 2550 });
    await setPayoutRules(0, 0);
  });

  it('refuses a hold outside 0 to 365 whole days and a negative minimum (400, nothing saved)', async () => {
    for (const body of [{ payoutHoldDays: -1 }, { payoutHoldDays: 366 }, { payoutHoldDays: 1.5 }, { payoutHoldDays: 'ten' }, { payoutMinimum: -5 }, { payoutMinimum: 'lots' }, { payoutMinimum: 1e15 }]) {
      const res = await put(`/api/stores/${refs.store.id}`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ error: string }>(res).error).toBeTruthy();
    }
    const [row] = await t.ctx.db.select({ d: s.stores.payoutHoldDays, m: s.stores.payoutMinimum }).from(s.stores).where(eq(s.stores.id, refs.store.id));
    expect(row).toEqual({ d: 0, m: 0 });
  });
});

describe('the payout hold', () => {
  it('makes a sale payable on the day its hold ends, not the day before (Ready to Pay, readiness, pay)', async () => {
    await setPayoutRules(7, 0);
    const c = await consigner();
    const ripe = await soldDaysAgo(c.id, 1000, 7);
    const lastHeld = await soldDaysAgo(c.id, 2000, 6);
    const fresh = await soldDaysAgo(c.id, 4000, 0);

    const row = await rowOf(c.id);
    expect(row).toMatchObject({ payable: 10, held: 60, belowMinimum: false });
    expect(row!.heldUntil).toEqual([
      { payableOn: addDays(today, 1), amount: 20 },
      { payableOn: addDays(today, 7), amount: 40 },
    ]);

    const list = json<{ data: { rows: { id: string }[]; count: number; total: number } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${c.id}`, clerk)).data;
    expect(list.rows.map((r) => r.id)).toEqual([ripe.id]);
    expect(list.total).toBe(10);

    for (const held of [lastHeld, fresh]) {
      const refused = await pay([ripe.id, held.id]);
      expect(refused.statusCode).toBe(409);
      const until = held.id === lastHeld.id ? addDays(today, 1) : addDays(today, 7);
      expect(json<{ error: string }>(refused).error).toBe(`Item ${held.code} is on hold until ${formatDateLong(until)}`);
      const preview = await post('/api/payouts/preview', clerk, { inventoriesToPay: [held.id] });
      expect(preview.statusCode).toBe(409);
    }
    // nothing half-made by the refusals
    expect(await t.ctx.db.select().from(s.payoutItems).where(eq(s.payoutItems.consignerId, c.id))).toHaveLength(0);

    const made = await pay([ripe.id]);
    expect(made.statusCode, made.body).toBe(201);
    expect(json<{ data: { total: number } }>(made).data.total).toBe(10);

    // a hold of 0 is the behaviour before holds: everything sold is payable today
    await setPayoutRules(0, 0);
    expect(await rowOf(c.id)).toMatchObject({ payable: 60, held: 0, heldUntil: [] });
    const rest = json<{ data: { rows: { id: string }[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${c.id}`, clerk)).data;
    expect(rest.rows.map((r) => r.id).sort()).toEqual([lastHeld.id, fresh.id].sort());
    expect((await pay([lastHeld.id, fresh.id])).statusCode).toBe(201);
  });

  it('reverses a sale undone inside the hold without touching a payout', async () => {
    await setPayoutRules(10, 0);
    const c = await consigner();
    const item = await makeItem(t, refs, { status: 'Active', consignerId: c.id, price: 5000, payout: 4000, payoutFee: 1000, total: 4000 });
    const sold = await post('/api/sales', owner, { lines: [{ inventoryId: item.id }], paymentMethod: 'cash' });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = json<{ data: { sale: { id: string } } }>(sold).data.sale.id;

    expect(await rowOf(c.id)).toMatchObject({ payable: 0, held: 40, heldUntil: [{ payableOn: addDays(today, 10), amount: 40 }] });
    expect((await pay([item.id])).statusCode).toBe(409);

    const undone = await post(`/api/sales/${saleId}/undo`, owner);
    expect(undone.statusCode, undone.body).toBe(200);
    const [after] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
    expect(after.status).toBe('Active');
    expect(after.payoutId).toBeNull();
    expect(await t.ctx.db.select().from(s.payoutItems).where(eq(s.payoutItems.inventoryId, item.id))).toHaveLength(0);
    const [{ balance }] = await t.ctx.db
      .select({ balance: sql<number>`coalesce(sum(${s.ledgerEntries.amount}), 0)::int` })
      .from(s.ledgerEntries)
      .where(and(eq(s.ledgerEntries.storeId, refs.store.id), eq(s.ledgerEntries.consignerId, c.id)));
    expect(balance).toBe(0);
    expect(await rowOf(c.id)).toBeUndefined();
    await setPayoutRules(0, 0);
  });
});

describe('the minimum payout', () => {
  it('leaves a consigner below the minimum out of a run (422 naming them) and Ready to Pay says why', async () => {
    await setPayoutRules(0, 50);
    const low = await consigner();
    const high = await consigner();
    const lowItem = await soldDaysAgo(low.id, 3000, 2);
    const highItem = await soldDaysAgo(high.id, 6000, 2);

    const r = await readiness();
    expect(r.minimum).toBe(50);
    expect(r.consigners.find((c) => c.consignerId === low.id)).toMatchObject({ payable: 30, belowMinimum: true, reason: `Below the minimum payout of ${money(5000)}` });
    expect(r.consigners.find((c) => c.consignerId === high.id)).toMatchObject({ payable: 60, belowMinimum: false, reason: null });

    const refused = await pay([lowItem.id, highItem.id]);
    expect(refused.statusCode).toBe(422);
    expect(json<{ error: string }>(refused).error).toBe(`${low.firstName} ${low.lastName} is below the minimum payout of ${money(5000)} (${money(3000)} ready to pay)`);
    expect((await pay([highItem.id])).statusCode).toBe(201);

    // fees owed count: 55.00 sold less 10.00 owed is 45.00, below 50.00
    const owing = await consigner();
    const owingItem = await soldDaysAgo(owing.id, 5500, 1);
    await t.ctx.db.insert(s.ledgerEntries).values({ storeId: refs.store.id, consignerId: owing.id, kind: 'withdrawal_fee', amount: -1000 });
    expect((await pay([owingItem.id])).statusCode).toBe(422);
    expect((await rowOf(owing.id))?.payable).toBe(45);

    // exactly the minimum is paid
    await setPayoutRules(0, 45);
    expect((await pay([owingItem.id])).statusCode).toBe(201);
    await setPayoutRules(0, 0);
  });
});

describe('who sees Ready to Pay’s consigners', () => {
  it('answers 401 signed out, 403 without Orders and to a consigner, and only this store’s consigners', async () => {
    expect((await get('/api/payouts/readiness')).statusCode).toBe(401);
    expect((await get('/api/payouts/readiness', stock)).statusCode).toBe(403);
    expect((await get('/api/payouts/readiness', ava)).statusCode).toBe(403);
    const theirs = json<{ data: Readiness }>(await get('/api/payouts/readiness', other.token, other.host)).data;
    const ours = new Set((await readiness()).consigners.map((c) => c.consignerId));
    expect(theirs.consigners.some((c) => ours.has(c.consignerId))).toBe(false);
  });
});

// ---- the hold counted from shipping (online orders) -----------------------------------------------

type Json = Record<string, unknown>;
let shopifySeq = 8_100_000_000;

async function setHoldFrom(from: unknown, token = owner) {
  return put(`/api/stores/${refs.store.id}`, token, { payoutHoldFrom: from });
}

async function deliver(topic: string, payload: Json, opts: { webhookId?: string; shop?: string } = {}) {
  const raw = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': opts.shop ?? fake.shopDomain,
      'x-shopify-webhook-id': opts.webhookId ?? randomUUID(),
      'x-shopify-api-version': '2026-01',
      'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(raw).digest('base64'),
    },
    payload: raw,
  });
}
const outcomeOf = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { outcome: string; orderId: string | null } }>(res as never).data.outcome;
};

type Online = { orderId: number; items: Awaited<ReturnType<typeof makeItem>>[] };
const lineGid = (o: Online, i: number) => `gid://shopify/LineItem/${o.orderId * 10 + i}`;

/** A paid storefront order of these items, as Shopify's order webhooks carry it (the whole order). */
function orderPayload(o: Online, extra: Json = {}): Json {
  return {
    id: o.orderId,
    admin_graphql_api_id: `gid://shopify/Order/${o.orderId}`,
    name: `#${o.orderId}`,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    financial_status: 'paid',
    currency: 'USD',
    test: false,
    line_items: o.items.map((item, i) => ({
      id: o.orderId * 10 + i,
      admin_graphql_api_id: lineGid(o, i),
      variant_id: Number(item.shopifyId!.split('/').pop()),
      sku: item.code,
      title: item.title,
      quantity: 1,
      current_quantity: 1,
      price: (item.price / 100).toFixed(2),
    })),
    fulfillment_status: null,
    fulfillments: [],
    ...extra,
  };
}
const fulfillmentPayload = (o: Online, lines: number[], status = 'success'): Json => ({
  id: ++shopifySeq,
  admin_graphql_api_id: `gid://shopify/Fulfillment/${shopifySeq}`,
  order_id: o.orderId,
  status,
  created_at: new Date().toISOString(),
  line_items: lines.map((i) => ({ id: o.orderId * 10 + i, admin_graphql_api_id: lineGid(o, i) })),
});

/** Items of `consignerId` sold in one paid storefront order (orders/paid), their sale dated `daysAgo` store days back. */
async function soldOnline(consignerId: string, totals: number[], daysAgo: number): Promise<Online> {
  const items = [];
  for (const total of totals) {
    items.push(await makeItem(t, refs, { consignerId, price: total + 1000, payout: total, payoutFee: 1000, total, shopifyId: `gid://shopify/ProductVariant/${++shopifySeq}` }));
  }
  const o = { orderId: ++shopifySeq, items };
  expect(outcomeOf(await deliver('orders/paid', orderPayload(o)))).toBe('recorded');
  await dateSaleBack(items.map((i) => i.id), daysAgo);
  return o;
}
async function dateSaleBack(itemIds: string[], daysAgo: number) {
  const at = new Date(`${addDays(today, -daysAgo)}T12:00:00Z`);
  // the ledger is append-only: the test steps around its trigger inside one transaction, as the money model's time machine does
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update`);
    for (const id of itemIds) await tx.update(s.ledgerEntries).set({ createdAt: at }).where(and(eq(s.ledgerEntries.storeId, refs.store.id), eq(s.ledgerEntries.inventoryId, id)));
    await tx.execute(sql`set constraints all immediate`);
    await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update`);
  });
}
const orderRow = async (o: Online) =>
  (await t.ctx.db.select().from(s.orders).where(and(eq(s.orders.storeId, refs.store.id), eq(s.orders.externalId, `gid://shopify/Order/${o.orderId}`))))[0];
const readyIds = async (consignerId: string) =>
  json<{ data: { rows: { id: string }[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${consignerId}`, clerk)).data.rows.map((r) => r.id).sort();
const shippedLogs = async (itemId: string) =>
  (await t.ctx.db.select().from(s.inventoryLogs).where(and(eq(s.inventoryLogs.storeId, refs.store.id), eq(s.inventoryLogs.inventoryId, itemId)))).filter((l) =>
    l.modifiedFields.some((f) => f.variableChanged === 'shippedOn'),
  );

describe('the hold counted from shipping', () => {
  it('is the sale by default; saved as shipping; anything else 400 with its message; staff without Settings 403', async () => {
    const before = json<{ data: { payoutHoldFrom: string } }>(await get(`/api/stores/${refs.store.id}`, owner)).data;
    expect(before.payoutHoldFrom).toBe('sale');
    for (const bad of ['delivery', 'SHIPPING', 7, true]) {
      const res = await setHoldFrom(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json<{ error: string }>(res).error).toContain("Payout hold counts from 'sale' or 'shipping'");
    }
    for (const token of [clerk, stock, ava]) expect((await setHoldFrom('shipping', token)).statusCode).toBe(403);
    const [unchanged] = await t.ctx.db.select({ from: s.stores.payoutHoldFrom }).from(s.stores).where(eq(s.stores.id, refs.store.id));
    expect(unchanged.from).toBe('sale');
    expect((await setHoldFrom('shipping')).statusCode).toBe(200);
    expect(json<{ data: { payoutHoldFrom: string } }>(await get(`/api/stores/${refs.store.id}`, owner)).data.payoutHoldFrom).toBe('shipping');
    // a body without it keeps it
    await setPayoutRules(0, 0);
    expect(json<{ data: { payoutHoldFrom: string } }>(await get(`/api/stores/${refs.store.id}`, owner)).data.payoutHoldFrom).toBe('shipping');
    expect((await setHoldFrom('sale')).statusCode).toBe(200);
  });

  it('holds an unshipped online sale with no date, makes it payable days after shipping (not after the sale), counter sales unaffected', async () => {
    await setPayoutRules(5, 0);
    expect((await setHoldFrom('shipping')).statusCode).toBe(200);
    const c = await consigner();
    // sold online 10 days ago, not shipped; a counter sale of the same day
    const online = await soldOnline(c.id, [3000], 10);
    const [onlineItem] = online.items;
    const counter = await soldDaysAgo(c.id, 1000, 10);

    const r = await readiness();
    expect(r.holdFrom).toBe('shipping');
    expect(r.consigners.find((x) => x.consignerId === c.id)).toMatchObject({ payable: 10, held: 30, heldUntil: [{ payableOn: null, amount: 30 }] });
    expect(await readyIds(c.id)).toEqual([counter.id]);
    const refused = await pay([onlineItem.id]);
    expect(refused.statusCode).toBe(409);
    expect(json<{ error: string }>(refused).error).toBe(`Item ${onlineItem.code} is on hold until its online order ships`);
    const account = json<{ data: { held: number; heldUntil: { payableOn: string | null }[]; holdFrom: string } }>(await get(`/api/payouts/consigner/${c.id}/account`, clerk)).data;
    expect(account).toMatchObject({ held: 30, holdFrom: 'shipping', heldUntil: [{ payableOn: null, amount: 30 }] });

    // counted from the sale, the same online sale is payable (sold 10 days ago, a hold of 5)
    expect((await setHoldFrom('sale')).statusCode).toBe(200);
    expect(await readyIds(c.id)).toEqual([counter.id, onlineItem.id].sort());
    expect((await setHoldFrom('shipping')).statusCode).toBe(200);

    // it ships today: payable 5 days from today, not from the sale
    expect(outcomeOf(await deliver('fulfillments/create', fulfillmentPayload(online, [0])))).toBe('shipped');
    expect((await orderRow(online)).shippedAt).not.toBeNull();
    expect(await rowOf(c.id)).toMatchObject({ payable: 10, held: 30, heldUntil: [{ payableOn: addDays(today, 5), amount: 30 }] });
    expect(json<{ error: string }>(await pay([onlineItem.id])).error).toBe(`Item ${onlineItem.code} is on hold until ${formatDateLong(addDays(today, 5))}`);
    expect(await shippedLogs(onlineItem.id)).toHaveLength(1);

    // shipped 4 days ago: held one more day; 5 days ago: payable, and paid
    const shippedAt = async (daysAgo: number) =>
      t.ctx.db.update(s.orders).set({ shippedAt: new Date(`${addDays(today, -daysAgo)}T12:00:00Z`) }).where(eq(s.orders.id, (await orderRow(online)).id));
    await shippedAt(4);
    expect(await rowOf(c.id)).toMatchObject({ payable: 10, heldUntil: [{ payableOn: addDays(today, 1), amount: 30 }] });
    expect(await readyIds(c.id)).toEqual([counter.id]);
    await shippedAt(5);
    expect(await rowOf(c.id)).toMatchObject({ payable: 40, held: 0, heldUntil: [] });
    expect(await readyIds(c.id)).toEqual([counter.id, onlineItem.id].sort());
    const made = await pay([counter.id, onlineItem.id]);
    expect(made.statusCode, made.body).toBe(201);
    expect(json<{ data: { total: number } }>(made).data.total).toBe(40);
    await setPayoutRules(0, 0);
    expect((await setHoldFrom('sale')).statusCode).toBe(200);
  });

  it('records the shipping once: the same webhook twice, another delivery of it, a partial shipment, another shop', async () => {
    await setPayoutRules(3, 0);
    expect((await setHoldFrom('shipping')).statusCode).toBe(200);
    const c = await consigner();
    const o = await soldOnline(c.id, [2000, 2500], 1);

    // a shipment of one of its two items: the order has not shipped
    expect(outcomeOf(await deliver('fulfillments/create', fulfillmentPayload(o, [0])))).toBe('unchanged');
    // a pending shipment is not shipped either
    expect(outcomeOf(await deliver('fulfillments/create', fulfillmentPayload(o, [0, 1], 'pending')))).toBe('unchanged');
    // another shop's delivery: refused before anything is read
    const foreign = await deliver('fulfillments/create', fulfillmentPayload(o, [0, 1]), { shop: 'someone-else.myshopify.com' });
    expect(foreign.statusCode).toBe(401);
    expect((await orderRow(o)).shippedAt).toBeNull();
    expect(await rowOf(c.id)).toMatchObject({ held: 45, heldUntil: [{ payableOn: null, amount: 45 }] });

    // the order says fulfilled (orders/fulfilled carries the whole order): shipped at its last shipment
    const shippedAt = `${addDays(today, -1)}T09:30:00.000Z`;
    const fulfilled = orderPayload(o, { fulfillment_status: 'fulfilled', fulfillments: [{ created_at: `${addDays(today, -2)}T08:00:00Z`, status: 'success' }, { created_at: shippedAt, status: 'success' }] });
    const webhookId = randomUUID();
    expect(outcomeOf(await deliver('orders/fulfilled', fulfilled, { webhookId }))).toBe('shipped');
    expect(outcomeOf(await deliver('orders/fulfilled', fulfilled, { webhookId }))).toBe('duplicate');
    // the same state again under another id (orders/updated), and a later shipment: the day stays
    expect(outcomeOf(await deliver('orders/updated', fulfilled))).toBe('unchanged');
    expect(outcomeOf(await deliver('fulfillments/update', fulfillmentPayload(o, [0, 1])))).toBe('unchanged');
    expect((await orderRow(o)).shippedAt?.toISOString()).toBe(shippedAt);
    for (const item of o.items) expect(await shippedLogs(item.id)).toHaveLength(1);
    expect(await rowOf(c.id)).toMatchObject({ payable: 0, held: 45, heldUntil: [{ payableOn: addDays(today, 2), amount: 45 }] });

    // two deliveries of one shipment at once: one marks it
    const again = await soldOnline(c.id, [1500], 0);
    const one = fulfillmentPayload(again, [0]);
    const both = await Promise.all([deliver('fulfillments/create', one), deliver('fulfillments/create', one)]);
    expect(both.map(outcomeOf).sort()).toEqual(['shipped', 'unchanged']);
    expect(await shippedLogs(again.items[0].id)).toHaveLength(1);
    await setPayoutRules(0, 0);
    expect((await setHoldFrom('sale')).statusCode).toBe(200);
  });
});
