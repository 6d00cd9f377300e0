// The storefront adapter (Shopify) comes with a later issue. Until then every job that would send
// something to a storefront reports each item failed with this reason, never done.
export const STOREFRONT_NOT_CONNECTED = 'No storefront is connected to this store yet, so nothing was sent to a storefront.';
