// Order rules shared by the server and the web (people doc sections 2 "Orders" and 3 "Order"; docs/orders.md).

/**
 * The order in the shop's Shopify admin ("View in Shopify"): the store's shop (a myshopify domain,
 * or its bare handle) and the order's Shopify id (a number or an Admin API GID such as
 * gid://shopify/Order/450789469). Null when either is missing or the id is not a Shopify order id.
 */
export function shopifyOrderAdminUrl(shop: string | null | undefined, shopifyId: string | null | undefined): string | null {
  const handle = (shop ?? '').trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const id = /^(?:gid:\/\/shopify\/Order\/)?(\d{1,20})$/.exec((shopifyId ?? '').trim())?.[1];
  if (!handle || !id || !/^[a-z0-9][a-z0-9.-]*$/.test(handle)) return null;
  const domain = handle.includes('.') ? handle : `${handle}.myshopify.com`;
  return `https://${domain}/admin/orders/${id}`;
}

/** A customer's full name split as Shopify does (first name, the rest as last name). */
export function splitFullName(fullName: string | null | undefined): { first_name: string | null; last_name: string | null } {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return { first_name: null, last_name: null };
  return { first_name: words[0], last_name: words.slice(1).join(' ') || null };
}
