// Shopify's mandatory privacy (compliance) webhooks (docs/storefront-orders.md "Privacy webhooks"):
// customers/data_request, customers/redact and shop/redact, signed like every webhook. Their payloads
// read into Backroom's terms: the shop, the customer (Shopify id, e-mail, phone) and the orders named.
// Ids of 16 digits or more are kept exact (as strings), as order webhooks' are.
import { z } from 'zod';
import { parseJsonKeepingIds, ShopifyWebhookError } from './webhooks.ts';

export const SHOPIFY_PRIVACY_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
export type ShopifyPrivacyTopic = (typeof SHOPIFY_PRIVACY_TOPICS)[number];
export const isPrivacyTopic = (topic: string): topic is ShopifyPrivacyTopic => (SHOPIFY_PRIVACY_TOPICS as readonly string[]).includes(topic);

/** A customer as the privacy webhooks name one. */
export type PrivacyCustomer = { id: string | null; email: string | null; phone: string | null };

export type ShopifyPrivacyWebhook =
  | { topic: 'customers/data_request'; shopDomain: string; customer: PrivacyCustomer; orderIds: string[]; dataRequestId: string | null }
  | { topic: 'customers/redact'; shopDomain: string; customer: PrivacyCustomer; orderIds: string[] }
  | { topic: 'shop/redact'; shopDomain: string };

const id = z.union([z.string().max(40), z.number().int().nonnegative()]).transform((v) => String(v));
const text = z.string().max(320).nullish();
const ZCustomer = z.object({ id: id.nullish(), email: text, phone: text }).nullish();
const ZOrders = z.array(id).max(10_000).nullish();
const ZPayload = z.object({
  shop_domain: z.string().min(1).max(255),
  customer: ZCustomer,
  orders_requested: ZOrders,
  orders_to_redact: ZOrders,
  data_request: z.object({ id: id.nullish() }).nullish(),
});

const customerOf = (c: z.output<typeof ZCustomer>): PrivacyCustomer => ({
  id: c?.id ?? null,
  email: c?.email?.trim().toLowerCase() || null,
  phone: c?.phone?.trim() || null,
});
const gidOf = (orderId: string) => (orderId.startsWith('gid://') ? orderId : `gid://shopify/Order/${orderId}`);

/** A verified privacy delivery's payload. Throws ShopifyWebhookError when it is not what Shopify sends. */
export function parsePrivacyWebhook(topic: ShopifyPrivacyTopic, rawBody: Buffer | string): ShopifyPrivacyWebhook {
  let json: unknown;
  try {
    json = parseJsonKeepingIds(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new ShopifyWebhookError('invalid-json', `The ${topic} webhook's body is not JSON`);
  }
  const parsed = ZPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ShopifyWebhookError('invalid-payload', `The ${topic} webhook's payload is not what Shopify sends: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const p = parsed.data;
  const shopDomain = p.shop_domain.trim().toLowerCase();
  if (topic === 'shop/redact') return { topic, shopDomain };
  if (!p.customer) throw new ShopifyWebhookError('invalid-payload', `The ${topic} webhook's payload is not what Shopify sends: customer: Required`);
  const customer = customerOf(p.customer);
  if (topic === 'customers/redact') return { topic, shopDomain, customer, orderIds: (p.orders_to_redact ?? []).map(gidOf) };
  return { topic, shopDomain, customer, orderIds: (p.orders_requested ?? []).map(gidOf), dataRequestId: p.data_request?.id ?? null };
}
