// The storefront connection and sync (docs/storefront-sync.md): a store connects its Shopify
// shop in Settings (shop domain, Admin API access token, webhook signing secret: encrypted, never
// returned), chooses which of its locations sell online and the Shopify location each one stocks, and
// follows every item's sync state on the sync health screen.
import { z } from 'zod';
import { boundedText, FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter, pageNumber } from './common.ts';
import { MAX_CREDENTIAL_LENGTH } from './integrations.ts';
import { isSellableNow, SELLABLE_NOW_STATUSES } from '../sellable.ts';

export const STOREFRONT_MESSAGES = {
  onlyAdmin: "Only an Admin can see or change the store's Shopify connection",
  shopDomain: 'Enter the shop as my-shop or my-shop.myshopify.com',
  accessToken: 'The Admin API access token must be printable characters without spaces',
  webhookSecret: 'The webhook signing secret must be printable characters without spaces',
  missing: (labels: string[]) => `Enter the ${labels.join(' and ')} before turning the Shopify connection on`,
  unknownLocation: (name: string) => `${name} is not a location of this store`,
  duplicateLocation: (name: string) => `${name} is listed twice`,
  shopifyLocation: 'A Shopify location id looks like gid://shopify/Location/123',
  noLocation: 'Choose at least one location that sells online before turning the Shopify connection on',
  saved: 'Shopify connection saved',
  notConnected: 'This store has no Shopify connection: enter the shop, the Admin API access token and the webhook signing secret first',
  // docs/storefront-sync.md "One shop, one store": the other store is not named (another tenant)
  shopTaken: (domain: string) => `${domain} is already connected to another store of this installation: a Shopify shop can be connected to one store only. Disconnect it there first (clear its shop), then connect it here.`,
  repairQueued: (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'} queued to be sent again`,
} as const;

const handleSlug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200) || 'product';

/**
 * A product's handle in the storefront: the title's slug and the start of Backroom's id, so a first
 * push never takes over a product of the shop's own. Every push sends it, so it is also the address
 * labels point at (/products/{handle}).
 */
export const storefrontHandleOf = (product: { id: string; title: string }) => `${handleSlug(product.title)}-${product.id.replace(/-/g, '').slice(0, 8)}`;

/** A shop's myshopify address, or its bare handle ('my-shop' -> 'my-shop.myshopify.com'). */
export const SHOP_DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{0,59}(\.myshopify\.com)?$/;

/** The shop's myshopify domain from what staff typed (https:// and a trailing slash allowed), or null. */
export function normalizeShopDomain(input: string): string | null {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/(admin\/?)?$/, '');
  if (!SHOP_DOMAIN_PATTERN.test(text)) return null;
  return text.endsWith('.myshopify.com') ? text : `${text}.myshopify.com`;
}

const secretText = (message: string) =>
  z
    .string()
    .max(MAX_CREDENTIAL_LENGTH + 200, { error: message })
    .refine((v) => !hasForbiddenCharacter(v), { error: FORBIDDEN_CHARACTER_MESSAGE })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: message }).max(MAX_CREDENTIAL_LENGTH, { error: message }).regex(/^[\x21-\x7e]+$/, { error: message }));

export const ZShopifyLocationId = z.string().max(100).regex(/^gid:\/\/shopify\/Location\/\d{1,20}$/, { error: STOREFRONT_MESSAGES.shopifyLocation });

/** One Backroom location that sells online, and the Shopify location its items are stocked at. */
export const ZStorefrontLocation = z.strictObject({
  location: boundedText('name', 'Location').pipe(z.string().min(1, { error: 'Location is required' })),
  shopifyLocationId: ZShopifyLocationId,
});
export type TStorefrontLocation = z.infer<typeof ZStorefrontLocation>;

/** PUT /api/storefront/connection: fields left out keep their value; a secret given replaces it, null removes it. */
export const ZStorefrontConnectionUpdate = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  shopDomain: z
    .string()
    .max(200, { error: STOREFRONT_MESSAGES.shopDomain })
    .refine((v) => !hasForbiddenCharacter(v), { error: FORBIDDEN_CHARACTER_MESSAGE })
    .refine((v) => normalizeShopDomain(v) !== null, { error: STOREFRONT_MESSAGES.shopDomain })
    .transform((v) => normalizeShopDomain(v) as string)
    .optional(),
  accessToken: z.union([secretText(STOREFRONT_MESSAGES.accessToken), z.null()]).optional(),
  webhookSecret: z.union([secretText(STOREFRONT_MESSAGES.webhookSecret), z.null()]).optional(),
  locations: z.array(ZStorefrontLocation).max(100, { error: 'At most 100 locations' }).optional(),
  publicationIds: z
    .array(z.string().max(100).regex(/^gid:\/\/shopify\/Publication\/\d{1,20}$/, { error: 'A Shopify publication id looks like gid://shopify/Publication/123' }))
    .max(20)
    .optional(),
});
export type TStorefrontConnectionUpdate = z.input<typeof ZStorefrontConnectionUpdate>;

/** POST /api/storefront/connection/test: the saved credentials, or these (before saving them). */
export const ZStorefrontConnectionTest = z.strictObject({
  shopDomain: ZStorefrontConnectionUpdate.shape.shopDomain,
  accessToken: secretText(STOREFRONT_MESSAGES.accessToken).optional(),
});

/** A secret's state: whether it is set and, for a long one, its last four characters (as ZIntegration's credentials). */
const ZSecretState = z.object({ field: z.enum(['accessToken', 'webhookSecret']), label: z.string(), isSet: z.boolean(), lastFour: z.string().nullable() });

export const ZStorefrontConnection = z.object({
  platform: z.literal('shopify'),
  enabled: z.boolean(),
  shopDomain: z.string().nullable(),
  /** The shop's name as the last successful Test connection read it. */
  shopName: z.string().nullable(),
  /** The Admin API access token and the webhook signing secret: never their values. */
  credentials: z.array(ZSecretState),
  /** Backroom locations that sell online, each with its Shopify location. */
  locations: z.array(z.object({ location: z.string(), shopifyLocationId: z.string(), shopifyLocationName: z.string().nullable() })),
  publicationIds: z.array(z.string()),
  /** Turned on with the shop, both secrets and at least one location: items are pushed. */
  ready: z.boolean(),
  updatedAt: z.string().nullable(),
  /** PUT only: the first sync this save started (connected, another shop, or a location newly mapped); GET /api/jobs/{id} follows it. */
  firstSyncJobId: z.string().nullable().optional(),
});
export type TStorefrontConnection = z.infer<typeof ZStorefrontConnection>;

export const ZStorefrontShop = z.object({
  name: z.string(),
  domain: z.string(),
  currency: z.string(),
  locations: z.array(z.object({ id: z.string(), name: z.string(), isActive: z.boolean(), fulfillsOnlineOrders: z.boolean() })),
  publications: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type TStorefrontShop = z.infer<typeof ZStorefrontShop>;

/** Test connection's answer: the shop, or Shopify's reason. */
export const ZStorefrontConnectionTestResult = z.object({ ok: z.boolean(), reason: z.string().nullable(), shopDetails: ZStorefrontShop.nullable() });
export type TStorefrontConnectionTestResult = z.infer<typeof ZStorefrontConnectionTestResult>;

// ---------------------------------------------------------------------------------------------
// Sync states (the sync health screen)

export const SYNC_STATES = ['synced', 'pending', 'failed', 'drifted'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/**
 * Statuses of an item that is on sale in the shop when it is at a location that sells online: the
 * domain's one "sellable now" (sellable.ts), so the shop lists exactly what a sale accepts. An item
 * that leaves them (a price or withdrawal request) is withdrawn from the shop by the same sync.
 */
export const ON_SALE_STATUSES = SELLABLE_NOW_STATUSES;

export function isOnSaleOnline(item: { status: string; location: string | null }, onlineLocations: readonly string[]): boolean {
  return isSellableNow(item.status) && item.location !== null && onlineLocations.includes(item.location);
}

export const ZSyncListQuery = z.object({
  state: z.enum(SYNC_STATES, { error: `State must be one of ${SYNC_STATES.join(', ')}` }).optional(),
  search: boundedText('search', 'Search').optional(),
  page: pageNumber('page').optional(),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1).max(500, { error: 'pageSize must be at most 500' }).optional(),
});

export const ZSyncRow = z.object({
  inventoryId: z.string(),
  code: z.string(),
  title: z.string(),
  productId: z.string(),
  status: z.string(),
  location: z.string().nullable(),
  price: z.number(),
  state: z.enum(SYNC_STATES),
  /** The platform's words for the last failure (a failed item). */
  platformError: z.string().nullable(),
  /** What differs from the shop, for a drifted item. */
  drift: z.array(z.string()),
  attempts: z.number().int(),
  lastSyncedAt: z.string().nullable(),
  updatedAt: z.string(),
  shopifyVariantId: z.string().nullable(),
});
export type TSyncRow = z.infer<typeof ZSyncRow>;

export const ZSyncList = z.object({
  rows: z.array(ZSyncRow),
  count: z.number().int(),
  counts: z.object({ synced: z.number().int(), pending: z.number().int(), failed: z.number().int(), drifted: z.number().int() }),
  connected: z.boolean(),
  lastDriftCheck: z.object({ at: z.string(), checked: z.number().int(), drifted: z.number().int(), failure: z.string().nullable() }).nullable(),
  /** The store's latest whole-shop push (the first sync a connection starts, or Resync all): its progress. */
  syncJob: z
    .object({
      id: z.string(),
      kind: z.enum(['first-sync', 'resync-all']),
      status: z.enum(['queued', 'running', 'completed', 'failed']),
      total: z.number().int(),
      done: z.number().int(),
      failed: z.number().int(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
});
export type TSyncList = z.infer<typeof ZSyncList>;

export const ZSyncRepair = z.strictObject({
  /** Items to send again; absent: every failed (and drifted) item. */
  ids: z.array(z.uuid({ error: 'Each id must be an inventory id' })).min(1).max(500).optional(),
});
export const ZSyncRepairResult = z.object({ queued: z.number().int(), message: z.string() });
export const ZDriftCheckResult = z.object({ queued: z.boolean(), message: z.string() });

// ---------------------------------------------------------------------------------------------
// POST /api/products/shopifyProducts (catalogue doc section 7): storefront products with handle and variants

export const ZShopifyProductsQuery = z.strictObject({
  shopifyProductIds: z
    .array(z.string().max(100).regex(/^(gid:\/\/shopify\/Product\/)?\d{1,20}$/, { error: 'A Shopify product id is a number or gid://shopify/Product/N' }))
    .min(1, { error: 'Give at least one Shopify product id' })
    .max(100, { error: 'At most 100 Shopify product ids' }),
});

export const ZShopifyProduct = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  status: z.string(),
  url: z.string().nullable(),
  updatedAt: z.string(),
  variants: z.array(
    z.object({
      id: z.string(),
      sku: z.string().nullable(),
      title: z.string(),
      price: z.number(),
      compareAtPrice: z.number().nullable(),
      options: z.array(z.object({ name: z.string(), value: z.string() })),
      quantity: z.number().nullable(),
      /** The Backroom item of this variant (by its shopifyId, else its code = SKU), when there is one. */
      inventoryId: z.string().nullable(),
    }),
  ),
});
export type TShopifyProduct = z.infer<typeof ZShopifyProduct>;
