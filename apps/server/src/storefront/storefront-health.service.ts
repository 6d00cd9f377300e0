// The sync health screen (docs/storefront-sync.md "Sync health"): each item's sync state
// with the platform's error and the last successful sync, Repair, and the nightly drift check that
// compares Backroom with the shop (price, stock, presence) and marks items drifted with what differs.
import { toMajor, type SyncState, type TSyncList, type ZSyncListQuery } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { isStorefrontError } from './adapter.ts';
import { storefrontAdapterOf, storefrontConnectionOf } from './connection.ts';
import { FIRST_SYNC_JOB, RESYNC_ALL_JOB } from './storefront-resync.service.ts';
import { storefrontSyncRepository as repo } from './storefront-sync.repository.ts';

export const DRIFT_QUEUE = 'storefront-drift-check';
const DRIFT_PAGE = 100;

/** GET /api/storefront/sync */
export async function listSyncStates(ctx: AppContext, storeId: string, q: z.output<typeof ZSyncListQuery>): Promise<TSyncList> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 25;
  const [{ rows, count }, counts, connection, check, job] = await Promise.all([
    repo.list(ctx.db, storeId, { state: q.state, search: q.search, page, pageSize }),
    repo.countsByState(ctx.db, storeId),
    storefrontConnectionOf(ctx, storeId),
    repo.lastDriftCheck(ctx.db, storeId),
    repo.latestJob(ctx.db, storeId, [FIRST_SYNC_JOB, RESYNC_ALL_JOB]),
  ]);
  const by = (state: SyncState) => counts.find((c) => c.state === state)?.n ?? 0;
  return {
    rows: rows.map((r) => ({
      inventoryId: r.sync.inventoryId,
      code: r.code ?? '',
      title: r.title ?? '(deleted item)',
      productId: r.sync.productId,
      status: r.status ?? 'Deleted',
      location: r.location ?? null,
      price: toMajor(r.price ?? 0),
      state: r.sync.state,
      platformError: r.sync.error,
      drift: r.sync.drift,
      attempts: r.sync.attempts,
      lastSyncedAt: r.sync.lastSyncedAt?.toISOString() ?? null,
      updatedAt: r.sync.updatedAt.toISOString(),
      shopifyVariantId: r.sync.variantId,
    })),
    count,
    counts: { synced: by('synced'), pending: by('pending'), failed: by('failed'), drifted: by('drifted') },
    connected: connection !== null,
    lastDriftCheck: check ? { at: check.checkedAt.toISOString(), checked: check.checked, drifted: check.drifted, failure: check.error } : null,
    syncJob: job
      ? {
          id: job.id,
          kind: job.kind === FIRST_SYNC_JOB ? 'first-sync' : 'resync-all',
          status: job.status,
          total: job.total,
          done: job.done,
          failed: job.failed,
          createdAt: job.createdAt.toISOString(),
          finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null,
        }
      : null,
  };
}

/**
 * Compares every synced (or drifted) item of the store with the shop: the variant is there, with the
 * item's price and 1 in stock. A difference marks the item drifted with what differs; an item that
 * agrees again goes back to synced. Answers how many items were checked and how many drifted.
 */
export async function runDriftCheck(ctx: AppContext, storeId: string): Promise<{ checked: number; drifted: number; error: string | null }> {
  const adapter = await storefrontAdapterOf(ctx, storeId);
  const checkedAt = new Date();
  if (!adapter) return { checked: 0, drifted: 0, error: null };
  let checked = 0;
  let drifted = 0;
  let after: string | null = null;
  try {
    for (;;) {
      const page = await repo.syncedPage(ctx.db, storeId, after, DRIFT_PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1].productId;
      const productIds = page.map((p) => p.productId);
      const shopifyIds = await repo.productShopifyIds(ctx.db, storeId, productIds);
      const rows = await repo.rowsOfProducts(ctx.db, storeId, productIds);
      const gids = shopifyIds.map((p) => p.shopifyId).filter((id): id is string => Boolean(id));
      const inShop = await adapter.fetchProducts(gids);
      const variants = new Map(inShop.flatMap((p) => p.variants.map((v) => [v.id, { ...v, productStatus: p.status }] as const)));
      const results = rows.map((r) => {
        const differences: string[] = [];
        const v = r.sync.variantId ? variants.get(r.sync.variantId) : undefined;
        if (!v) differences.push('missing from Shopify');
        else {
          if (v.priceMinor !== r.price) differences.push(`price: ${toMajor(r.price).toFixed(2)} in Backroom, ${toMajor(v.priceMinor).toFixed(2)} in Shopify`);
          if (v.quantity !== null && v.quantity !== 1) differences.push(`stock: 1 in Backroom, ${v.quantity} in Shopify`);
          if (v.sku !== r.code) differences.push(`SKU: ${r.code} in Backroom, ${v.sku ?? 'none'} in Shopify`);
          if (v.productStatus !== 'active') differences.push(`product is ${v.productStatus} in Shopify`);
        }
        return { inventoryId: r.sync.inventoryId, seq: r.sync.changeSeq, drift: differences };
      });
      await repo.setDrift(ctx.db, storeId, results);
      checked += results.length;
      drifted += results.filter((r) => r.drift.length).length;
    }
    await repo.saveDriftCheck(ctx.db, storeId, { checkedAt, checked, drifted, error: null });
    return { checked, drifted, error: null };
  } catch (err) {
    if (!isStorefrontError(err)) throw err;
    await repo.saveDriftCheck(ctx.db, storeId, { checkedAt, checked, drifted, error: err.message });
    return { checked, drifted, error: err.message };
  }
}

/** The nightly job: every connected store's shop, one after the other. */
export async function runNightlyDriftCheck(ctx: AppContext, storeIds?: string[]) {
  for (const storeId of storeIds ?? (await repo.connectedStoreIds(ctx.db))) {
    try {
      await runDriftCheck(ctx, storeId);
    } catch (err) {
      ctx.log.error({ err, storeId }, 'storefront drift check failed');
    }
  }
}
