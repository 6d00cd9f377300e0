// Order rules shared by the server and the web (people doc sections 2 "Orders" and 3 "Order"; docs/orders.md).

/**
 * The order in the shop's Shopify admin ("View in Shopify"):
 * https://admin.shopify.com/store/{handle}/orders/{number}, from the shop (its myshopify domain, or the
 * bare handle) and the order's Shopify id (a number or an Admin API GID such as
 * gid://shopify/Order/450789469). Null when either is missing or the id is not a Shopify order id.
 */
export function shopifyOrderAdminUrl(shop: string | null | undefined, shopifyId: string | null | undefined): string | null {
  const host = (shop ?? '').trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const id = /^(?:gid:\/\/shopify\/Order\/)?(\d{1,20})$/.exec((shopifyId ?? '').trim())?.[1];
  // the admin names a shop by its handle: the myshopify domain's first label
  const handle = host.endsWith('.myshopify.com') ? host.slice(0, -'.myshopify.com'.length) : host.includes('.') ? null : host;
  if (!handle || !id || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(handle)) return null;
  return `https://admin.shopify.com/store/${handle}/orders/${id}`;
}

/**
 * Why a line of an order needs staff (docs/storefront-orders.md "Flagged lines"). A flagged line of a
 * new order moved no item; one flagged later (cancelled or refunded after payout) keeps its item.
 */
export const LINE_FLAGS = ['unavailable', 'unknown_variant', 'duplicate_line', 'cancelled_after_payout', 'refunded_after_payout'] as const;
export type LineFlag = (typeof LINE_FLAGS)[number];

export const LINE_FLAG_LABELS = {
  unavailable: 'Item not available',
  unknown_variant: 'Unknown item',
  duplicate_line: 'Item ordered twice',
  cancelled_after_payout: 'Cancelled after payout',
  refunded_after_payout: 'Refunded after payout',
} as const satisfies Record<LineFlag, string>;

/** A customer's full name split as Shopify does (first name, the rest as last name). */
export function splitFullName(fullName: string | null | undefined): { first_name: string | null; last_name: string | null } {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return { first_name: null, last_name: null };
  return { first_name: words[0], last_name: words.slice(1).join(' ') || null };
}

/** Shopify's financial statuses of an order its customer has paid for (refunds after payment included). */
export function isPaidFinancialStatus(status: string): boolean {
  return status === 'paid' || status === 'partially_refunded' || status === 'refunded';
}

// The storefront's incoming orders (docs/storefront-orders.md).
export const STOREFRONT_ORDER_MESSAGES = {
  notConnected: 'No Shopify storefront is connected to this store.',
  badSignature: 'The webhook signature is not valid.',
  otherShop: 'This webhook comes from another shop than the one connected to this store.',
  noWebhookId: 'The webhook has no X-Shopify-Webhook-Id header.',
  noTopic: 'The webhook has no X-Shopify-Topic header.',
  // the flags of a line (LINE_FLAGS): what the order screen says
  unavailable: (code: string, status: string) => `${code} was not available when this order came in (it is ${status}): it was not sold by this order. Refund the customer or settle it with them.`,
  unknownVariant: (sku: string | null) =>
    `No item of this store is listed as this product${sku ? ` (SKU ${sku})` : ''}: nothing was marked sold. Check what the customer bought.`,
  duplicateLine: (code: string) => `${code} is on an earlier line of this order: one item is sold once.`,
  cancelledAfterPayout: (code: string) => `Cancelled in Shopify after ${code} was paid out to its consigner: it stays sold. Settle it with the consigner.`,
  refundedAfterPayout: (code: string) => `Refunded in Shopify after ${code} was paid out to its consigner: it stays sold. Settle it with the consigner.`,
} as const;
