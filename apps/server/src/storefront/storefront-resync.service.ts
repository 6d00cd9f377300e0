// The resyncs (docs/storefront-sync.md "Resyncs"): a product ('Resyncing product in
// background'), single items ('Resyncing item...') and the whole store (POST /api/stores/resync) are
// pushed to the shop again inside their background job, so the job's per-item outcomes are what the
// shop answered. Without a connection they report each item failed with STOREFRONT_NOT_CONNECTED.
import { toMajor } from '@backroom/domain';
import type { AppContext } from '../app-context.ts';
import { unprocessable } from '../http/errors.ts';
import { isStorefrontError } from './adapter.ts';
import type { JobContext } from '../jobs/queue.ts';
import { storefrontAdapterOf, storefrontConnectionOf } from './connection.ts';
import { STOREFRONT_NOT_CONNECTED } from './storefront.ts';
import { bulkMinItemsOf, pushProductsInBulk } from './storefront-bulk-sync.service.ts';
import { storefrontSyncRepository as repo } from './storefront-sync.repository.ts';
import { pushProductNow, type PushOutcome } from './storefront-sync.service.ts';

type Outcomes = Pick<JobContext, 'recordOutcomes'>;

async function record(job: Outcomes, outcome: PushOutcome, only?: Set<string>) {
  const keep = (id: string) => !only || only.has(id);
  const done = [...outcome.synced, ...outcome.removed].filter(keep).length;
  const failures = outcome.failed.filter((f) => keep(f.id));
  await job.recordOutcomes({ done, failures });
  return { done, failed: failures.length, error: failures[0]?.error ?? null };
}

/** The product resync job: its items on sale pushed again (and the ones that left, taken out). */
export async function resyncProductJob(ctx: AppContext, storeId: string, productId: string, job: Outcomes & Pick<JobContext, 'setTotal'>) {
  if (!(await storefrontConnectionOf(ctx, storeId))) {
    await job.recordOutcomes({ done: 0, failures: [{ id: productId, error: STOREFRONT_NOT_CONNECTED }] });
    return { productId, synced: false, reason: STOREFRONT_NOT_CONNECTED };
  }
  const online = (await storefrontConnectionOf(ctx, storeId))!.locations.map((l) => l.location);
  const marked = await ctx.db.transaction(async (tx) => repo.markPending(tx, storeId, { onSaleAt: online, productId, claim: true }));
  await job.setTotal(Math.max(marked, 1));
  const outcome = await pushProductNow(ctx, storeId, productId);
  const { failed, error } = await record(job, outcome);
  return { productId, synced: failed === 0, reason: error };
}

/** The single item (or items) resync job: each item's product pushed again; the items' outcomes recorded. */
export async function resyncItemsJob(ctx: AppContext, storeId: string, ids: string[], job: Outcomes) {
  if (!(await storefrontConnectionOf(ctx, storeId))) {
    await job.recordOutcomes({ done: 0, failures: ids.map((id) => ({ id, error: STOREFRONT_NOT_CONNECTED })) });
    return { synced: 0, failed: ids.length, reason: STOREFRONT_NOT_CONNECTED };
  }
  const items = await repo.productsOfItems(ctx.db, storeId, ids);
  await ctx.db.transaction(async (tx) => repo.markPending(tx, storeId, { ids, claim: true }));
  let synced = 0;
  let failed = 0;
  let reason: string | null = null;
  const wanted = new Set(ids);
  for (const productId of new Set(items.map((i) => i.productId))) {
    const outcome = await pushProductNow(ctx, storeId, productId);
    const r = await record(job, outcome, wanted);
    // an item of the product that is not on sale online and has no sync row is neither: nothing to send
    const mine = items.filter((i) => i.productId === productId).map((i) => i.id);
    const silent = mine.filter((id) => !outcome.synced.includes(id) && !outcome.removed.includes(id) && !outcome.failed.some((f) => f.id === id));
    if (silent.length) await job.recordOutcomes({ done: silent.length, failures: [] });
    synced += r.done + silent.length;
    failed += r.failed;
    reason ??= r.error;
  }
  const unknown = ids.filter((id) => !items.some((i) => i.id === id));
  if (unknown.length) await job.recordOutcomes({ done: 0, failures: unknown.map((id) => ({ id, error: 'Inventory not found' })) });
  return { synced, failed: failed + unknown.length, reason };
}

/**
 * The store resync job (POST /api/stores/resync) and the first sync: every item on sale at an online
 * location pushed again, through one bulk import from bulkMinItemsOf items, else product by product.
 */
export async function resyncStoreJob(ctx: AppContext, storeId: string, totalItems: number, job: Outcomes & Pick<JobContext, 'setTotal'>) {
  const connection = await storefrontConnectionOf(ctx, storeId);
  if (!connection) return { items: totalItems, sent: 0, reason: STOREFRONT_NOT_CONNECTED };
  const online = connection.locations.map((l) => l.location);
  const marked = await ctx.db.transaction(async (tx) => repo.markPending(tx, storeId, { onSaleAt: online, claim: true }));
  await job.setTotal(marked);
  let sent = 0;
  let reason: string | null = null;
  const productIds = await repo.pendingProducts(ctx.db, storeId);
  // a few hundred items or more: one bulk import instead of a productSet per product (docs/storefront-sync.md "Bulk first sync")
  if (marked >= bulkMinItemsOf(ctx)) {
    const bulk = await pushProductsInBulk(ctx, storeId, productIds, async (outcomes) => {
      const r = await record(job, { productId: '', synced: outcomes.flatMap((o) => o.synced), removed: outcomes.flatMap((o) => o.removed), failed: outcomes.flatMap((o) => o.failed) });
      sent += r.done;
      reason ??= r.error;
    });
    if (bulk) return { items: marked, sent, reason, bulk: true };
  }
  for (const productId of productIds) {
    const outcome = await pushProductNow(ctx, storeId, productId);
    const r = await record(job, outcome);
    sent += r.done;
    reason ??= r.error;
  }
  return { items: marked, sent, reason, bulk: false };
}

/**
 * The first sync (docs/storefront-sync.md "First sync"): queued when a connection turns ready, moves
 * to another shop, or maps a location it did not map before, so the shop gets every item on sale
 * without anyone running Resync all. The same work as the store resync; the sync health screen shows
 * its progress.
 */
export const FIRST_SYNC_JOB = 'storefront.firstSync';
/** The store resync's job kind (modules/stores: POST /api/stores/resync). */
export const RESYNC_ALL_JOB = 'storefront.resyncAllInventory';

export function registerFirstSyncJob(ctx: AppContext) {
  ctx.jobs.register(FIRST_SYNC_JOB, (jobCtx) => resyncStoreJob(ctx, jobCtx.job.storeId, 0, jobCtx));
}

/** POST /api/products/shopifyProducts: the shop's products with their handle and variants, each variant with its Backroom item. */
export async function shopifyProducts(ctx: AppContext, storeId: string, ids: string[]) {
  const adapter = await storefrontAdapterOf(ctx, storeId);
  if (!adapter) throw unprocessable(STOREFRONT_NOT_CONNECTED);
  let products;
  try {
    products = await adapter.fetchProducts(ids);
  } catch (err) {
    if (isStorefrontError(err)) throw unprocessable(err.message);
    throw err;
  }
  const variantIds = products.flatMap((p) => p.variants.map((v) => v.id));
  const skus = products.flatMap((p) => p.variants.map((v) => v.sku).filter((s): s is string => Boolean(s)));
  const items = await repo.itemsByShopifyIdOrCode(ctx.db, storeId, variantIds, skus);
  return products.map((p) => ({
    id: p.id,
    handle: p.handle,
    title: p.title,
    status: p.status,
    url: p.url,
    updatedAt: p.updatedAt.toISOString(),
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      title: v.title,
      price: toMajor(v.priceMinor),
      compareAtPrice: v.compareAtPriceMinor === null ? null : toMajor(v.compareAtPriceMinor),
      options: v.options,
      quantity: v.quantity,
      inventoryId: (items.find((i) => i.shopifyId === v.id) ?? items.find((i) => v.sku && i.code === v.sku))?.id ?? null,
    })),
  }));
}
