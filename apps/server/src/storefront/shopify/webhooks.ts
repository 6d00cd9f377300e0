// Shopify's webhooks in (docs/storefront-sync.md "Webhooks"): the signature check over the raw
// body, the headers that name a delivery, and the payloads of orders/create, orders/paid,
// orders/cancelled, orders/fulfilled, orders/updated, refunds/create and fulfillments/create read into
// Backroom's own types (adapter.ts), the same types the adapter's fetchOrder answers, so a webhook and
// a resync feed recordSale alike.
//
// Payloads are read loosely, as Shopify's own examples are: every field the sale needs is checked,
// everything else may be absent or null, and fields we do not read pass unread.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { StorefrontFulfillment, StorefrontOrder, StorefrontOrderLine, StorefrontRefund } from '../adapter.ts';
import { dateOf, financialStatusOf, fromShopifyMoney, legacyIdOf, shippedAtOf, toGid } from './shopify-values.ts';

// orders/fulfilled and orders/updated carry the whole order as the others do (its fulfilment status
// among it); fulfillments/create and fulfillments/update one shipment (docs/storefront-orders.md "Shipping")
export const SHOPIFY_WEBHOOK_TOPICS = ['orders/create', 'orders/paid', 'orders/cancelled', 'orders/fulfilled', 'orders/updated', 'refunds/create', 'fulfillments/create', 'fulfillments/update'] as const;
export type ShopifyWebhookTopic = (typeof SHOPIFY_WEBHOOK_TOPICS)[number];
export type ShopifyFulfillmentTopic = 'fulfillments/create' | 'fulfillments/update';
export type ShopifyOrderTopic = Exclude<ShopifyWebhookTopic, 'refunds/create' | ShopifyFulfillmentTopic>;
const isFulfillmentTopic = (topic: string): topic is ShopifyFulfillmentTopic => topic === 'fulfillments/create' || topic === 'fulfillments/update';

export type ShopifyWebhook =
  | { topic: ShopifyOrderTopic; order: StorefrontOrder }
  | { topic: 'refunds/create'; refund: StorefrontRefund }
  | { topic: ShopifyFulfillmentTopic; fulfillment: StorefrontFulfillment };

export type ShopifyWebhookErrorReason = 'unsupported-topic' | 'invalid-json' | 'invalid-payload';

export class ShopifyWebhookError extends Error {
  readonly reason: ShopifyWebhookErrorReason;
  constructor(reason: ShopifyWebhookErrorReason, message: string) {
    super(message);
    this.name = 'ShopifyWebhookError';
    this.reason = reason;
  }
}

// ---- signature -----------------------------------------------------------------------------------

/**
 * Whether X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of the raw body under one of the secrets
 * (several during a secret's rotation). The body must be the bytes as received: JSON parsed and
 * written again is not the same text. Compared in constant time.
 */
export function verifyShopifyWebhook(rawBody: Buffer | string, hmacHeader: string | string[] | null | undefined, secrets: string | readonly string[]): boolean {
  const given = Array.isArray(hmacHeader) ? hmacHeader[0] : hmacHeader;
  if (typeof given !== 'string' || given.length === 0) return false;
  const givenBytes = Buffer.from(given, 'utf8');
  let valid = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    if (!secret) continue;
    const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('base64'), 'utf8');
    // every secret is tried, whatever the first gave: the time taken says nothing about which matched
    if (expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes)) valid = true;
  }
  return valid;
}

export type ShopifyWebhookHeaders = {
  topic: string | null;
  hmac: string | null;
  shopDomain: string | null;
  /** The same for every retry of one delivery: what makes handling a webhook idempotent. */
  webhookId: string | null;
  /** The event behind the delivery (several subscriptions may share it). */
  eventId: string | null;
  apiVersion: string | null;
  triggeredAt: Date | null;
};

/** The X-Shopify-* headers of a delivery (Node lower-cases header names). */
export function readShopifyWebhookHeaders(headers: Record<string, string | string[] | undefined>): ShopifyWebhookHeaders {
  const get = (name: string) => {
    const value = headers[name] ?? headers[name.toLowerCase()];
    const first = Array.isArray(value) ? value[0] : value;
    return first?.trim() ? first.trim() : null;
  };
  return {
    topic: get('x-shopify-topic'),
    hmac: get('x-shopify-hmac-sha256'),
    shopDomain: get('x-shopify-shop-domain'),
    webhookId: get('x-shopify-webhook-id'),
    eventId: get('x-shopify-event-id'),
    apiVersion: get('x-shopify-api-version'),
    triggeredAt: dateOf(get('x-shopify-triggered-at')),
  };
}

// ---- payloads ------------------------------------------------------------------------------------

/**
 * JSON.parse, keeping integers too long for a JavaScript number exact: Shopify's ids run to 18 digits
 * in its examples, and a number would round them (820982911946154508 -> 820982911946154500). Every
 * integer of 16 digits or more outside a string is read as a string.
 */
export function parseJsonKeepingIds(text: string): unknown {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j])) j++;
      const token = text.slice(i, j);
      if (/^-?\d{16,}$/.test(token)) {
        out += `${text.slice(last, i)}"${token}"`;
        last = j;
      }
      i = j - 1;
    }
  }
  return JSON.parse(out + text.slice(last));
}

const ZId = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform(String);
const ZAmount = z.union([z.string(), z.number()]).nullish();
const ZMoneySet = z.looseObject({ shop_money: z.looseObject({ amount: ZAmount }).nullish() }).nullish();
const text = z.string().nullish();
const gidOf = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d{1,20}$`)).nullish();

const ZLineItem = z.looseObject({
  id: ZId,
  admin_graphql_api_id: gidOf('LineItem'),
  variant_id: ZId.nullish(),
  sku: text,
  title: text,
  name: text,
  variant_title: text,
  quantity: z.number().int().nonnegative(),
  current_quantity: z.number().int().nonnegative().nullish(),
  price: ZAmount,
  price_set: ZMoneySet,
  discount_allocations: z.array(z.looseObject({ amount: ZAmount, amount_set: ZMoneySet })).nullish(),
});

const ZOrderPayload = z.looseObject({
  id: ZId,
  admin_graphql_api_id: gidOf('Order'),
  name: text,
  order_number: z.number().nullish(),
  created_at: z.string(),
  processed_at: text,
  updated_at: text,
  cancelled_at: text,
  cancel_reason: text,
  financial_status: text,
  currency: text,
  total_price: ZAmount,
  total_price_set: ZMoneySet,
  email: text,
  contact_email: text,
  phone: text,
  test: z.boolean().nullish(),
  source_name: text,
  customer: z.looseObject({ first_name: text, last_name: text, email: text, phone: text }).nullish(),
  line_items: z.array(ZLineItem),
  // null, 'partial', 'fulfilled', 'restocked'; the shipments with their times
  fulfillment_status: text,
  fulfillments: z.array(z.looseObject({ created_at: text, status: text })).nullish(),
});

const ZFulfillmentPayload = z.looseObject({
  id: ZId,
  admin_graphql_api_id: gidOf('Fulfillment'),
  order_id: ZId,
  status: text,
  created_at: text,
  updated_at: text,
  line_items: z.array(z.looseObject({ id: ZId, admin_graphql_api_id: gidOf('LineItem') })),
});

const ZRefundPayload = z.looseObject({
  id: ZId,
  admin_graphql_api_id: gidOf('Refund'),
  order_id: ZId,
  created_at: text,
  processed_at: text,
  refund_line_items: z.array(
    z.looseObject({
      line_item_id: ZId,
      quantity: z.number().int().nonnegative(),
      restock_type: text,
      line_item: z.looseObject({ admin_graphql_api_id: gidOf('LineItem') }).nullish(),
    }),
  ),
});

const amountOf = (set: z.output<typeof ZMoneySet>, plain: z.output<typeof ZAmount>) => fromShopifyMoney(set?.shop_money?.amount ?? plain ?? 0);

function lineOf(line: z.output<typeof ZLineItem>): StorefrontOrderLine {
  const original = amountOf(line.price_set, line.price);
  // what the customer paid: the unit price less every discount allocated to the line, per unit
  const discount = (line.discount_allocations ?? []).reduce((sum, d) => sum + amountOf(d.amount_set, d.amount), 0);
  const unit = line.quantity > 0 ? original - Math.round(discount / line.quantity) : original;
  return {
    id: line.admin_graphql_api_id ?? toGid('LineItem', line.id),
    variantId: line.variant_id ? toGid('ProductVariant', line.variant_id) : null,
    sku: line.sku || null,
    title: line.title ?? line.name ?? '',
    variantTitle: line.variant_title || null,
    quantity: line.quantity,
    currentQuantity: line.current_quantity ?? line.quantity,
    originalUnitPriceMinor: original,
    unitPriceMinor: unit,
  };
}

function orderOf(payload: z.output<typeof ZOrderPayload>): StorefrontOrder {
  const id = payload.admin_graphql_api_id ?? toGid('Order', payload.id);
  const createdAt = dateOf(payload.created_at);
  if (!createdAt) throw new ShopifyWebhookError('invalid-payload', `The order's created_at is not a time: '${payload.created_at.slice(0, 40)}'`);
  return {
    id,
    legacyId: legacyIdOf(id),
    name: payload.name ?? (payload.order_number ? `#${payload.order_number}` : `#${payload.id}`),
    createdAt,
    processedAt: dateOf(payload.processed_at),
    updatedAt: dateOf(payload.updated_at),
    cancelledAt: dateOf(payload.cancelled_at),
    cancelReason: payload.cancel_reason ?? null,
    financialStatus: financialStatusOf(payload.financial_status),
    currency: payload.currency ?? '',
    totalMinor: amountOf(payload.total_price_set, payload.total_price),
    customer: {
      firstName: payload.customer?.first_name ?? null,
      lastName: payload.customer?.last_name ?? null,
      email: payload.email ?? payload.contact_email ?? payload.customer?.email ?? null,
      phone: payload.phone ?? payload.customer?.phone ?? null,
    },
    test: payload.test ?? false,
    sourceName: payload.source_name ?? null,
    lines: payload.line_items.map(lineOf),
    shippedAt: shippedAtOf(
      payload.fulfillment_status,
      (payload.fulfillments ?? []).map((f) => ({ createdAt: dateOf(f.created_at), status: f.status ?? null })),
      dateOf(payload.updated_at) ?? createdAt,
    ),
  };
}

function fulfillmentOf(payload: z.output<typeof ZFulfillmentPayload>): StorefrontFulfillment {
  return {
    id: payload.admin_graphql_api_id ?? toGid('Fulfillment', payload.id),
    orderId: toGid('Order', payload.order_id),
    createdAt: dateOf(payload.created_at ?? payload.updated_at),
    status: payload.status ?? null,
    lineIds: payload.line_items.map((l) => l.admin_graphql_api_id ?? toGid('LineItem', l.id)),
  };
}

function refundOf(payload: z.output<typeof ZRefundPayload>): StorefrontRefund {
  return {
    id: payload.admin_graphql_api_id ?? toGid('Refund', payload.id),
    orderId: toGid('Order', payload.order_id),
    createdAt: dateOf(payload.created_at ?? payload.processed_at),
    lines: payload.refund_line_items.map((l) => ({
      lineItemId: l.line_item?.admin_graphql_api_id ?? toGid('LineItem', l.line_item_id),
      quantity: l.quantity,
      restockType: l.restock_type ?? null,
    })),
  };
}

const isTopic = (topic: string): topic is ShopifyWebhookTopic => (SHOPIFY_WEBHOOK_TOPICS as readonly string[]).includes(topic);

/** A verified delivery's payload as Backroom's order or refund. Throws ShopifyWebhookError. */
export function parseShopifyWebhook(topic: string, rawBody: Buffer | string): ShopifyWebhook {
  if (!isTopic(topic)) throw new ShopifyWebhookError('unsupported-topic', `Backroom does not handle the webhook topic '${topic.slice(0, 60)}'`);
  let json: unknown;
  try {
    json = parseJsonKeepingIds(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new ShopifyWebhookError('invalid-json', `The ${topic} webhook's body is not JSON`);
  }
  const shape = topic === 'refunds/create' ? ZRefundPayload : isFulfillmentTopic(topic) ? ZFulfillmentPayload : ZOrderPayload;
  const parsed = shape.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ShopifyWebhookError('invalid-payload', `The ${topic} webhook's payload is not what Shopify sends: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  if (topic === 'refunds/create') return { topic, refund: refundOf(parsed.data as z.output<typeof ZRefundPayload>) };
  if (isFulfillmentTopic(topic)) return { topic, fulfillment: fulfillmentOf(parsed.data as z.output<typeof ZFulfillmentPayload>) };
  return { topic, order: orderOf(parsed.data as z.output<typeof ZOrderPayload>) };
}
