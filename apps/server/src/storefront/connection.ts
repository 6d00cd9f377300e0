// A store's storefront connection (docs/storefront-sync.md "Connection"): the Shopify shop,
// its Admin API access token and webhook signing secret (encrypted at rest in store_integrations, kind
// 'shopify', never returned), the Backroom locations that sell online with the Shopify location each one
// stocks, and the publications a new product goes to. Jobs, routes and the webhook endpoint take the
// connection and the adapter from here; a store without one keeps working and its storefront work
// reports STOREFRONT_NOT_CONNECTED.
import type { AppContext } from '../app-context.ts';
import type { DbOrTx } from '../db/client.ts';
import { integrationRecords, type IntegrationRow, decryptSecret } from '../integrations/index.ts';
import type { StorefrontAdapter } from './adapter.ts';
import { createShopifyAdapter } from './shopify/shopify-adapter.ts';
import { shopifyAdminDomain } from './shopify/shopify-values.ts';

export const SHOPIFY_KIND = 'shopify' as const;

/** A Backroom location that sells online and the Shopify location its items are stocked at. */
export type StorefrontLocationMapping = { location: string; shopifyLocationId: string; shopifyLocationName: string | null };

/** What store_integrations.settings holds for kind 'shopify' (nothing secret). */
export type ShopifySettings = {
  shopDomain?: string | null;
  shopName?: string | null;
  locations?: StorefrontLocationMapping[];
  publicationIds?: string[];
};

/** What store_integrations.secret holds, encrypted, for kind 'shopify'. */
export type ShopifySecrets = { accessToken?: string; webhookSecret?: string };

export type StorefrontConnection = {
  storeId: string;
  platform: 'shopify';
  /** 'my-shop.myshopify.com' */
  shopDomain: string;
  /** The app's API secret key: Shopify signs webhooks with it (X-Shopify-Hmac-Sha256). */
  webhookSecret: string;
  /** Backroom locations that sell online, each with its Shopify location. */
  locations: StorefrontLocationMapping[];
  publicationIds: string[];
};

export const shopifySettingsOf = (row: IntegrationRow | null): ShopifySettings => (row?.settings ?? {}) as ShopifySettings;
export const shopifySecretsOf = (ctx: AppContext, row: IntegrationRow | null): ShopifySecrets => decryptSecret<ShopifySecrets>(ctx.config.authSecret, row?.secret) ?? {};

/** The connection of a row: turned on, with the shop, both secrets readable and at least one location. */
export function connectionOfRow(ctx: AppContext, storeId: string, row: IntegrationRow | null): (StorefrontConnection & { accessToken: string }) | null {
  if (!row?.enabled) return null;
  const settings = shopifySettingsOf(row);
  const secrets = shopifySecretsOf(ctx, row);
  const locations = settings.locations ?? [];
  if (!settings.shopDomain || !secrets.accessToken || !secrets.webhookSecret || locations.length === 0) return null;
  return {
    storeId,
    platform: 'shopify',
    shopDomain: settings.shopDomain,
    webhookSecret: secrets.webhookSecret,
    locations,
    publicationIds: settings.publicationIds ?? [],
    accessToken: secrets.accessToken,
  };
}

/** The store's storefront connection, or null when it has none (or it is turned off or incomplete). */
export async function storefrontConnectionOf(ctx: AppContext, storeId: string, db: DbOrTx = ctx.db): Promise<StorefrontConnection | null> {
  const row = await integrationRecords.find(db, storeId, SHOPIFY_KIND);
  const connection = connectionOfRow(ctx, storeId, row);
  if (!connection) return null;
  const { accessToken: _token, ...rest } = connection;
  return rest;
}

/**
 * Whether the store is still connected to this shop (on, and the same shop), the connection row held
 * until the transaction ends: a push that finished after the store turned the connection off, moved
 * to another shop or was redacted by Shopify writes nothing back. Turning it on again starts a first
 * sync, whose productSet finds the shop's product by its handle, so nothing is created twice.
 */
export async function stillConnectedTo(ctx: AppContext, tx: DbOrTx, storeId: string, shopDomain: string): Promise<boolean> {
  const row = await integrationRecords.findHeld(tx, storeId, SHOPIFY_KIND);
  return connectionOfRow(ctx, storeId, row)?.shopDomain === shopDomain;
}

/**
 * The fetch the Shopify client uses: Shopify itself, or outside production the origin of
 * SHOPIFY_ADMIN_ORIGIN (the fake shop of the tests and the e2e suite), path and query kept.
 */
export function shopifyFetchOf(ctx: AppContext): ((url: string, init?: RequestInit) => Promise<Response>) | undefined {
  const origin = ctx.config.env === 'production' ? null : ctx.config.shopifyAdminOrigin;
  if (!origin) return undefined;
  return (url, init) => {
    const target = new URL(url);
    return fetch(`${origin}${target.pathname}${target.search}`, init);
  };
}

/** A Shopify adapter for credentials (Test connection before saving them uses one of its own). */
export function shopifyAdapterFor(ctx: AppContext, input: { shopDomain: string; accessToken: string; publicationIds?: string[]; maxAttempts?: number; timeoutMs?: number }) {
  return createShopifyAdapter({
    shopDomain: shopifyAdminDomain(input.shopDomain),
    accessToken: input.accessToken,
    publicationIds: input.publicationIds ?? [],
    fetch: shopifyFetchOf(ctx),
    ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
    ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}),
    onEvent: (event) => {
      if (event.type === 'retry') ctx.log.warn({ shop: input.shopDomain, ...event }, 'shopify call retried');
      else if (event.type === 'unsupported-version' || event.type === 'deprecation') ctx.log.warn({ shop: input.shopDomain, ...event }, 'shopify api version');
    },
  });
}

type CachedAdapter = { key: string; adapter: StorefrontAdapter };
const adapters = new WeakMap<AppContext, Map<string, CachedAdapter>>();

/** Drops a store's adapter (its credentials changed); the next storefrontAdapterOf builds a new one. */
export function dropStorefrontAdapter(ctx: AppContext, storeId: string): void {
  adapters.get(ctx)?.delete(storeId);
}

/**
 * The store's adapter, one per store per process: it keeps the shop's cost bucket, so every job of
 * this process paces against the same picture of Shopify's rate limit. Rebuilt when the credentials,
 * shop or publications change (here or in another process: the row's update time is part of the key).
 */
export async function storefrontAdapterOf(ctx: AppContext, storeId: string, db: DbOrTx = ctx.db): Promise<StorefrontAdapter | null> {
  const row = await integrationRecords.find(db, storeId, SHOPIFY_KIND);
  const connection = connectionOfRow(ctx, storeId, row);
  let byStore = adapters.get(ctx);
  if (!byStore) {
    byStore = new Map();
    adapters.set(ctx, byStore);
  }
  if (!connection) {
    byStore.delete(storeId);
    return null;
  }
  const key = `${row!.updatedAt.getTime()}|${connection.shopDomain}|${connection.publicationIds.join(',')}|${row!.secret}`;
  const cached = byStore.get(storeId);
  if (cached?.key === key) return cached.adapter;
  const adapter = shopifyAdapterFor(ctx, connection);
  byStore.set(storeId, { key, adapter });
  return adapter;
}
