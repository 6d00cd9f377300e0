// Shopify's mandatory privacy webhooks (docs/storefront-orders.md "Privacy webhooks"): every app must
// answer customers/data_request, customers/redact and shop/redact. They come to the same endpoint as
// the order webhooks, signed with the same secret (401 otherwise), idempotent by X-Shopify-Webhook-Id
// (storefront_webhooks), and each leaves an entry in the activity feed, in the transaction of its effect.
//
// Backroom keeps of a shop's customer only what its orders hold: the customer's name, e-mail and phone
// on each Shopify order, and the order's lines. A turned-off connection still answers them (the shop
// may have uninstalled the app: shop/redact comes 48 hours after), as long as its secret is kept.
import { STOREFRONT_ORDER_MESSAGES as MSG, TEXT_LIMITS, toMajor, type TStorefrontCustomerData } from '@backroom/domain';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { integrationRecords, encryptSecret } from '../../integrations/index.ts';
import { dropStorefrontAdapter, SHOPIFY_KIND, shopifySecretsOf, shopifySettingsOf } from '../../storefront/connection.ts';
import { parsePrivacyWebhook, type ShopifyPrivacyTopic, type ShopifyPrivacyWebhook } from '../../storefront/shopify/privacy-webhooks.ts';
import { readShopifyWebhookHeaders, ShopifyWebhookError, verifyShopifyWebhook } from '../../storefront/shopify/webhooks.ts';
import { releaseShop } from '../../storefront/index.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { salesRecords } from '../sales/index.ts';
import { storefrontOrdersRepository } from './storefront-orders.repository.ts';
import { storefrontPrivacyRepository as repo } from './storefront-privacy.repository.ts';

export type PrivacyOutcome = 'data-request' | 'customer-redacted' | 'shop-redacted' | 'duplicate';
type PrivacyResult = { outcome: PrivacyOutcome; orderId: null; customerData?: TStorefrontCustomerData; ordersRedacted?: number };

/** What settings keep of a shop once shop/redact removed its connection: its domain, so a repeated delivery is still recognised. */
type RedactedSettings = { redactedShopDomain?: string; redactedAt?: string };

/** The activity feed's title and field of a privacy webhook. */
const ACTIVITY_TITLE = 'Shopify privacy request';
const ordersText = (n: number, names: string[] = []) => {
  if (!n) return 'no order';
  const listed = names.length ? ` (${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''})` : '';
  return `${n} order${n === 1 ? '' : 's'}${listed}`;
};
const describe = (topic: ShopifyPrivacyTopic, n: number, names: string[] = []) => {
  if (topic === 'customers/data_request') return `Customer data requested: ${ordersText(n, names)} of this customer reported`;
  if (topic === 'customers/redact') return `Customer redacted: name, e-mail and phone removed from ${ordersText(n, names)}`;
  return `Shop redacted: the Shopify connection and every Shopify id removed, customer details removed from ${ordersText(n)}`;
};

/** A customer named by e-mail, phone or id, for the feed: never the e-mail or phone itself. */
const customerRef = (w: ShopifyPrivacyWebhook) => (w.topic === 'shop/redact' ? w.shopDomain : `customer ${w.customer.id ?? 'unknown'}`);

/** POST /api/webhooks/shopify with a privacy topic (the order webhooks' route hands it here). */
export async function receivePrivacyWebhook(
  ctx: AppContext,
  store: Tenant,
  topic: ShopifyPrivacyTopic,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<PrivacyResult> {
  const row = await integrationRecords.find(ctx.db, store.id, SHOPIFY_KIND);
  const settings = shopifySettingsOf(row) as ReturnType<typeof shopifySettingsOf> & RedactedSettings;
  const secret = shopifySecretsOf(ctx, row).webhookSecret;
  const shop = settings.shopDomain ?? settings.redactedShopDomain ?? null;
  if (!row || !secret || !shop) throw notFound(MSG.notConnected);
  const h = readShopifyWebhookHeaders(headers);
  if (!verifyShopifyWebhook(rawBody, h.hmac, secret)) throw new AppError('UNAUTHORIZED', MSG.badSignature);
  if (!h.shopDomain || h.shopDomain.toLowerCase() !== shop.toLowerCase()) throw new AppError('UNAUTHORIZED', MSG.otherShop);
  // Shopify names each delivery; without the header the body's hash keys it (the same body is the same request)
  const webhookId = h.webhookId ?? `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  if (webhookId.length > TEXT_LIMITS.code) throw badRequest(MSG.noWebhookId);
  let webhook: ShopifyPrivacyWebhook;
  try {
    webhook = parsePrivacyWebhook(topic, rawBody);
  } catch (err) {
    if (err instanceof ShopifyWebhookError) throw badRequest(err.message);
    throw err;
  }
  if (webhook.shopDomain !== shop.toLowerCase()) throw new AppError('UNAUTHORIZED', MSG.otherShop);

  const result = await ctx.db.transaction(async (tx): Promise<PrivacyResult> => {
    // one delivery of the store at a time, as the order webhooks (and the sales they make) are
    await salesRecords.lockStoreSales(tx, store.id);
    const seen = await storefrontOrdersRepository.webhookSeen(tx, store.id, webhookId);
    if (webhook.topic === 'customers/data_request') {
      // reading twice is harmless: a repeated request answers the data again, and is logged once
      const customerData = await customerDataOf(tx, store.id, webhook);
      if (!seen) {
        await storefrontOrdersRepository.insertWebhook(tx, { storeId: store.id, webhookId, topic, orderExternalId: null, outcome: 'data-request' });
        await repo.logEvent(tx, store.id, ACTIVITY_TITLE, { variableChanged: topic, beforeValue: customerRef(webhook), afterValue: describe(topic, customerData.orders.length, customerData.orders.map((o) => o.name)) });
      }
      return { outcome: seen ? 'duplicate' : 'data-request', orderId: null, customerData };
    }
    if (seen) return { outcome: 'duplicate', orderId: null };
    if (webhook.topic === 'customers/redact') {
      const found = await repo.customerOrders(tx, store.id, webhook.orderIds, webhook.customer.email, webhook.customer.phone);
      await repo.eraseCustomer(
        tx,
        store.id,
        found.map((o) => o.id),
      );
      await storefrontOrdersRepository.insertWebhook(tx, { storeId: store.id, webhookId, topic, orderExternalId: null, outcome: 'customer-redacted' });
      await repo.logEvent(tx, store.id, ACTIVITY_TITLE, { variableChanged: topic, beforeValue: customerRef(webhook), afterValue: describe(topic, found.length, found.map((o) => o.name)) });
      return { outcome: 'customer-redacted', orderId: null, ordersRedacted: found.length };
    }
    // shop/redact: the connection goes first (off, no shop, no token), so nothing pushes to the shop again;
    // only the signing secret and the shop's domain stay, to recognise a repeated delivery
    const redacted: RedactedSettings = { redactedShopDomain: shop.toLowerCase(), redactedAt: new Date().toISOString() };
    await integrationRecords.lockForChange(tx, store.id, SHOPIFY_KIND);
    await integrationRecords.upsert(tx, store.id, SHOPIFY_KIND, { enabled: false, settings: redacted, secret: encryptSecret(ctx.config.authSecret, { webhookSecret: secret }) });
    await releaseShop(tx, store.id);
    const erased = await repo.eraseShop(tx, store.id, webhookId);
    await storefrontOrdersRepository.insertWebhook(tx, { storeId: store.id, webhookId, topic, orderExternalId: null, outcome: 'shop-redacted' });
    await repo.logEvent(tx, store.id, ACTIVITY_TITLE, { variableChanged: topic, beforeValue: customerRef(webhook), afterValue: describe(topic, erased.orders) });
    return { outcome: 'shop-redacted', orderId: null, ordersRedacted: erased.orders };
  });
  if (webhook.topic === 'shop/redact' && result.outcome === 'shop-redacted') dropStorefrontAdapter(ctx, store.id);
  return result;
}

async function customerDataOf(tx: Parameters<typeof repo.customerOrders>[0], storeId: string, webhook: Extract<ShopifyPrivacyWebhook, { topic: 'customers/data_request' }>): Promise<TStorefrontCustomerData> {
  const found = await repo.customerOrders(tx, storeId, webhook.orderIds, webhook.customer.email, webhook.customer.phone);
  const lines = await repo.linesOf(
    tx,
    storeId,
    found.map((o) => o.id),
  );
  return {
    customer: { shopifyId: webhook.customer.id, email: webhook.customer.email, phone: webhook.customer.phone },
    orders: found.map((o) => ({
      name: o.name,
      shopifyOrderId: o.externalId,
      orderDate: o.orderDate.toISOString(),
      financialStatus: o.financialStatus,
      status: o.status,
      customer: { firstName: o.customer.first_name ?? null, lastName: o.customer.last_name ?? null, email: o.customer.email ?? null, phone: o.customer.phone ?? null },
      lines: lines.filter((l) => l.orderId === o.id).map((l) => ({ title: l.title, sku: l.sku, quantity: l.quantity, price: toMajor(l.price), active: l.active })),
    })),
  };
}
