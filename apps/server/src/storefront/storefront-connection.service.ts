// Settings' Shopify card (docs/storefront-sync.md "Connection"): GET, PUT and Test of a
// store's Shopify connection. Admins only. Secrets go in, never come out (whether each is set and the
// last four characters of a long one).
import { credentialHint, STOREFRONT_MESSAGES, type TStorefrontConnection, type ZStorefrontConnectionTest, type ZStorefrontConnectionUpdate } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { actorStamp, type EmployeeActor } from '../auth/actor.ts';
import { badRequest, conflict, forbidden, unprocessable } from '../http/errors.ts';
import { integrationRecords, type IntegrationRow, encryptSecret } from '../integrations/index.ts';
import { locationRecords } from '../modules/locations/index.ts';
import type { Tenant } from '../tenancy/tenant.ts';
import { isStorefrontError } from './adapter.ts';
import { FIRST_SYNC_JOB } from './storefront-resync.service.ts';
import { storefrontShopsRepository } from './storefront-shops.repository.ts';
import { connectionOfRow, dropStorefrontAdapter, SHOPIFY_KIND, shopifyAdapterFor, shopifySecretsOf, shopifySettingsOf, type ShopifySecrets, type ShopifySettings } from './connection.ts';

function requireAdmin(actor: EmployeeActor) {
  if (actor.role !== 'Admin') throw forbidden(STOREFRONT_MESSAGES.onlyAdmin);
}

function toConnection(ctx: AppContext, storeId: string, row: IntegrationRow | null): TStorefrontConnection {
  const settings = shopifySettingsOf(row);
  const secrets = shopifySecretsOf(ctx, row);
  return {
    platform: 'shopify',
    enabled: row?.enabled ?? false,
    shopDomain: settings.shopDomain ?? null,
    shopName: settings.shopName ?? null,
    credentials: [
      { field: 'accessToken', label: 'Admin API access token', isSet: Boolean(secrets.accessToken), lastFour: credentialHint(secrets.accessToken) },
      { field: 'webhookSecret', label: 'Webhook signing secret', isSet: Boolean(secrets.webhookSecret), lastFour: credentialHint(secrets.webhookSecret) },
    ],
    locations: (settings.locations ?? []).map((l) => ({ location: l.location, shopifyLocationId: l.shopifyLocationId, shopifyLocationName: l.shopifyLocationName ?? null })),
    publicationIds: settings.publicationIds ?? [],
    ready: connectionOfRow(ctx, storeId, row) !== null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** GET /api/storefront/connection */
export async function getStorefrontConnection(ctx: AppContext, store: Tenant, actor: EmployeeActor): Promise<TStorefrontConnection> {
  requireAdmin(actor);
  return toConnection(ctx, store.id, await integrationRecords.find(ctx.db, store.id, SHOPIFY_KIND));
}

/** PUT /api/storefront/connection: fields left out keep their value. */
export async function updateStorefrontConnection(
  ctx: AppContext,
  store: Tenant,
  actor: EmployeeActor,
  body: z.output<typeof ZStorefrontConnectionUpdate>,
): Promise<TStorefrontConnection> {
  requireAdmin(actor);
  const storeLocations = body.locations ? await locationRecords.list(ctx.db, store.id) : [];
  if (body.locations) {
    const seen = new Set<string>();
    for (const l of body.locations) {
      if (!storeLocations.some((s) => s.name === l.location)) throw badRequest(STOREFRONT_MESSAGES.unknownLocation(l.location));
      if (seen.has(l.location)) throw badRequest(STOREFRONT_MESSAGES.duplicateLocation(l.location));
      seen.add(l.location);
    }
  }
  let startFirstSync = false;
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await integrationRecords.lockForChange(tx, store.id, SHOPIFY_KIND);
    const wasReady = connectionOfRow(ctx, store.id, row);
    const before = shopifySettingsOf(row);
    const secrets: ShopifySecrets = { ...shopifySecretsOf(ctx, row) };
    for (const name of ['accessToken', 'webhookSecret'] as const) {
      const value = body[name];
      if (value === null) delete secrets[name];
      else if (value !== undefined) secrets[name] = value;
    }
    const shopChanged = body.shopDomain !== undefined && body.shopDomain !== before.shopDomain;
    const settings: ShopifySettings = {
      ...before,
      ...(body.shopDomain !== undefined ? { shopDomain: body.shopDomain } : {}),
      // another shop: the name read by the last test, its locations and publications are not this one's
      ...(shopChanged ? { shopName: null, locations: [], publicationIds: [] } : {}),
      ...(body.locations
        ? {
            locations: body.locations.map((l) => ({
              location: l.location,
              shopifyLocationId: l.shopifyLocationId,
              shopifyLocationName: (before.locations ?? []).find((b) => b.shopifyLocationId === l.shopifyLocationId)?.shopifyLocationName ?? null,
            })),
          }
        : {}),
      ...(body.publicationIds ? { publicationIds: body.publicationIds } : {}),
    };
    // One shop, one store (docs/storefront-sync.md): the normalised myshopify domain is claimed here
    if (settings.shopDomain) {
      if (!(await storefrontShopsRepository.claim(tx, store.id, settings.shopDomain))) throw conflict(STOREFRONT_MESSAGES.shopTaken(settings.shopDomain));
    } else {
      await storefrontShopsRepository.release(tx, store.id);
    }
    const enabled = body.enabled ?? row.enabled;
    if (enabled) {
      const missing = [!settings.shopDomain && 'shop', !secrets.accessToken && 'Admin API access token', !secrets.webhookSecret && 'webhook signing secret'].filter(Boolean) as string[];
      if (missing.length) throw unprocessable(STOREFRONT_MESSAGES.missing(missing));
      if (!settings.locations?.length) throw unprocessable(STOREFRONT_MESSAGES.noLocation);
    }
    const written = await integrationRecords.upsert(tx, store.id, SHOPIFY_KIND, {
      enabled,
      settings: settings as Record<string, unknown>,
      secret: Object.keys(secrets).length ? encryptSecret(ctx.config.authSecret, secrets) : null,
    });
    // docs/storefront-sync.md "First sync": connected now, another shop, or a location newly mapped
    const isReady = connectionOfRow(ctx, store.id, written);
    const mapped = (c: typeof isReady) => new Set((c?.locations ?? []).map((l) => `${l.location}|${l.shopifyLocationId}`));
    const mappedBefore = mapped(wasReady);
    startFirstSync = isReady !== null && (wasReady === null || wasReady.shopDomain !== isReady.shopDomain || [...mapped(isReady)].some((m) => !mappedBefore.has(m)));
    return written;
  });
  dropStorefrontAdapter(ctx, store.id);
  let firstSyncJobId: string | null = null;
  if (startFirstSync) {
    const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: FIRST_SYNC_JOB, payload: {}, total: 0, createdBy: actorStamp(actor) });
    await ctx.jobs.dispatch(job);
    firstSyncJobId = job.id;
  }
  return { ...toConnection(ctx, store.id, saved), firstSyncJobId };
}

/**
 * POST /api/storefront/connection/test: asks Shopify for the shop behind the credentials given (or the
 * saved ones). A success keeps the shop's name and its locations' names for the card.
 */
export async function testStorefrontConnection(ctx: AppContext, store: Tenant, actor: EmployeeActor, body: z.output<typeof ZStorefrontConnectionTest>) {
  requireAdmin(actor);
  const row = await integrationRecords.find(ctx.db, store.id, SHOPIFY_KIND);
  const settings = shopifySettingsOf(row);
  const shopDomain = body.shopDomain ?? settings.shopDomain ?? null;
  const accessToken = body.accessToken ?? shopifySecretsOf(ctx, row).accessToken ?? null;
  if (!shopDomain || !accessToken) throw unprocessable(STOREFRONT_MESSAGES.notConnected);
  try {
    const shop = await shopifyAdapterFor(ctx, { shopDomain, accessToken, maxAttempts: 2, timeoutMs: 15_000 }).checkConnection();
    // Only when the saved shop was tested: its name and its locations' names are shown on the card.
    if (row && shopDomain === settings.shopDomain && (!body.accessToken || body.accessToken === shopifySecretsOf(ctx, row).accessToken)) {
      await ctx.db.transaction(async (tx) => {
        const locked = await integrationRecords.lockForChange(tx, store.id, SHOPIFY_KIND);
        const current = shopifySettingsOf(locked);
        const next: ShopifySettings = {
          ...current,
          shopName: shop.name,
          locations: (current.locations ?? []).map((l) => ({ ...l, shopifyLocationName: shop.locations.find((s) => s.id === l.shopifyLocationId)?.name ?? l.shopifyLocationName ?? null })),
        };
        await integrationRecords.upsert(tx, store.id, SHOPIFY_KIND, { settings: next as Record<string, unknown> });
      });
    }
    return { ok: true, reason: null, shopDetails: shop };
  } catch (err) {
    if (isStorefrontError(err)) return { ok: false, reason: err.message, shopDetails: null };
    throw err;
  }
}
