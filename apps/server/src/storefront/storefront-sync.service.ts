// Products and stock out to the storefront (docs/storefront-sync.md "Out").
//
// A change that matters to the shop marks the item pending in its own transaction (the trigger of
// migration 0023). The dispatcher, in every server process, queues one push job per product for what
// is pending (pg-boss queue 'storefront-push', policy 'short' with the product as singleton key: one
// job waits per product, however many changes arrive). The push sends the product with every item it
// has on sale as a variant (stock 1 at the item's Shopify location, its price and option values);
// items no longer on sale leave it, and a product with none left is unpublished. The adapter paces
// calls by Shopify's cost bucket and retries throttling, 429 and 5xx; a refusal or a last failure
// marks the items failed with Shopify's words.
import { isOnSaleOnline, STOREFRONT_MESSAGES, storefrontHandleOf, type SyncState } from '@backroom/domain';
import type { AppContext } from '../app-context.ts';
import type { DbOrTx } from '../db/client.ts';
import { isStorefrontError, type PushedProduct, type StorefrontAdapter, type StorefrontProductInput, type StorefrontVariantInput } from './adapter.ts';
import { stillConnectedTo, storefrontAdapterOf, storefrontConnectionOf, type StorefrontConnection } from './connection.ts';
import { STOREFRONT_NOT_CONNECTED } from './storefront.ts';
import { storefrontSyncRepository as repo, type PushedItem, type SeenItem, type SyncRow } from './storefront-sync.repository.ts';

export const PUSH_QUEUE = 'storefront-push';

/** What one push did, per item: for the resync jobs' per-item outcomes. */
export type PushOutcome = { productId: string; synced: string[]; removed: string[]; failed: { id: string; error: string }[] };

/** The product's handle (packages/domain storefrontHandleOf). */
const handleOf = storefrontHandleOf;

type ItemRow = Awaited<ReturnType<typeof repo.onSaleItems>>[number];
type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.product>>>;

/**
 * The product as the shop shows it. Option names are the template's; a variant's values are the item's
 * (an empty one reads 'None'). Every item is its own variant and Shopify refuses two variants with the
 * same values, so a second identical item carries its code in its last value ('10 · #A1B2').
 */
export function productInputOf(found: ProductRow, items: ItemRow[], rows: Map<string, SyncRow>, connection: StorefrontConnection): StorefrontProductInput {
  const { product, template } = found;
  const templateOptions = [template?.option1, template?.option2, template?.option3].map((o) => o?.trim() ?? '');
  const used = templateOptions.map((name, i) => ({ name, i })).filter((o) => o.name);
  const options = used.length ? used.map((o) => o.name) : ['Item'];
  const locationOf = new Map(connection.locations.map((l) => [l.location, l.shopifyLocationId]));
  const seen = new Set<string>();
  const variants: StorefrontVariantInput[] = items.map((item) => {
    const raw = [item.option1Value, item.option2Value, item.option3Value];
    const values = used.length ? used.map((o) => raw[o.i]?.trim() || 'None') : [item.code];
    let key = values.join('\u0000');
    if (seen.has(key)) {
      values[values.length - 1] = `${values[values.length - 1]} · #${item.code}`;
      key = values.join('\u0000');
    }
    seen.add(key);
    const locationId = locationOf.get(item.location ?? '');
    return {
      ref: item.id,
      id: rows.get(item.id)?.variantId ?? null,
      sku: item.code,
      priceMinor: item.price,
      optionValues: values,
      taxable: item.taxable,
      initialStock: locationId ? [{ locationId, quantity: 1 }] : [],
    };
  });
  return {
    id: product.shopifyId ?? null,
    handle: handleOf(product),
    title: product.title,
    vendor: product.brand,
    productType: product.category,
    tags: ['backroom'],
    options,
    variants,
    status: 'active',
  };
}

export async function failAll(ctx: AppContext, storeId: string, seen: SeenItem[], error: string, db: DbOrTx = ctx.db) {
  await repo.markFailed(db, storeId, seen, error);
}

/** A product read for a push: its items on sale now, their sync rows, and the rows of items that left. */
export type PreparedPush = {
  productId: string;
  found: ProductRow | null;
  items: ItemRow[];
  rows: Map<string, SyncRow>;
  seenOnSale: SeenItem[];
  leaving: SeenItem[];
};

/** Products read per round of preparePushes (three queries a round). */
const PREPARE_BATCH = 500;

/**
 * Reads products as they are now for a push (every on-sale item gets a sync row if it has none), a
 * few queries for many products: a bulk first sync prepares thousands.
 */
export async function preparePushes(ctx: AppContext, storeId: string, productIds: string[], connection: StorefrontConnection): Promise<PreparedPush[]> {
  const online = connection.locations.map((l) => l.location);
  const out: PreparedPush[] = [];
  for (let n = 0; n < productIds.length; n += PREPARE_BATCH) {
    const ids = productIds.slice(n, n + PREPARE_BATCH);
    const [found, onSale, rowList] = await Promise.all([
      repo.productsWithTemplates(ctx.db, storeId, ids),
      repo.onSaleItemsOfProducts(ctx.db, storeId, ids, online),
      repo.syncRowsOfProducts(ctx.db, storeId, ids),
    ]);
    const itemsOf = groupBy(onSale.filter((i) => isOnSaleOnline(i, online)), (i) => i.productId);
    const rowsOf = groupBy(rowList, (r) => r.productId);
    // every item on sale has a row (one put on sale before the connection was on gets one now)
    const rowIds = new Set(rowList.map((r) => r.inventoryId));
    const missing = [...itemsOf.values()].flat().filter((i) => !rowIds.has(i.id));
    if (missing.length) {
      // only while still connected to the shop read above: a push under way when the store turned the
      // connection off or Shopify redacted the shop writes no row back after it (stillConnectedTo)
      await ctx.db.transaction(async (tx) => {
        if (await stillConnectedTo(ctx, tx, storeId, connection.shopDomain)) await repo.ensureRows(tx, storeId, missing.map((i) => ({ inventoryId: i.id, productId: i.productId })));
      });
      for (const r of await repo.rowsOfItems(ctx.db, storeId, missing.map((i) => i.id))) rowsOf.set(r.productId, [...(rowsOf.get(r.productId) ?? []), r]);
    }
    for (const productId of ids) {
      const product = found.find((f) => f.product.id === productId) ?? null;
      const items = product ? (itemsOf.get(productId) ?? []) : [];
      const rows = new Map((rowsOf.get(productId) ?? []).map((r) => [r.inventoryId, r]));
      const onSaleIds = new Set(items.map((i) => i.id));
      out.push({
        productId,
        found: product,
        items,
        rows,
        seenOnSale: items.map((i) => ({ inventoryId: i.id, seq: rows.get(i.id)?.changeSeq ?? 1 })),
        leaving: [...rows.values()].filter((r) => !onSaleIds.has(r.inventoryId)).map((r) => ({ inventoryId: r.inventoryId, seq: r.changeSeq })),
      });
    }
  }
  return out;
}

/** Reads one product as it is now for a push. */
export async function preparePush(ctx: AppContext, storeId: string, productId: string, connection: StorefrontConnection): Promise<PreparedPush> {
  return (await preparePushes(ctx, storeId, [productId], connection))[0];
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** What the push left in the shop, per item, for keepPushed. */
export function pushedItemsOf(prepared: PreparedPush, pushed: PushedProduct, connection: StorefrontConnection): PushedItem[] {
  const locationOf = new Map(connection.locations.map((l) => [l.location, l.shopifyLocationId]));
  const byRef = new Map(pushed.variants.map((v) => [v.ref, v]));
  return prepared.seenOnSale.map((s) => {
    const v = byRef.get(s.inventoryId)!;
    const item = prepared.items.find((i) => i.id === s.inventoryId)!;
    return { inventoryId: s.inventoryId, seq: s.seq, variantId: v.id, inventoryItemId: v.inventoryItemId, locationId: locationOf.get(item.location ?? '') ?? null };
  });
}

/**
 * Writes back what pushes left in the shop, in one transaction: the products' and items' Shopify ids,
 * the rows synced (those whose change the push saw) and the rows of items that left. Nothing when the
 * store was disconnected (or redacted by Shopify) meanwhile: the shop's ids are not ours to keep.
 */
export async function keepPushed(ctx: AppContext, storeId: string, shopDomain: string, pushes: { prepared: PreparedPush; pushed: PushedProduct; done: PushedItem[] }[], at: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!(await stillConnectedTo(ctx, tx, storeId, shopDomain))) return false;
    const changed = pushes.filter((p) => p.prepared.found!.product.shopifyId !== p.pushed.id);
    await repo.setProductShopifyIds(tx, storeId, changed.map((p) => ({ productId: p.prepared.productId, shopifyId: p.pushed.id })));
    const done = pushes.flatMap((p) => p.done);
    await repo.setItemShopifyIds(tx, storeId, done.map((d) => ({ inventoryId: d.inventoryId, variantId: d.variantId })));
    await repo.markPushed(tx, storeId, done, at);
    await repo.markRemoved(tx, storeId, pushes.flatMap((p) => p.prepared.leaving));
    return true;
  });
}

/**
 * Pushes one product as it is now: every on-sale item a variant, the rest out. Marks the items' sync
 * states; answers what happened to each item. Never throws for the storefront's refusals (they are
 * the items' state); throws only when the database does.
 */
export async function pushProductNow(ctx: AppContext, storeId: string, productId: string, again = false): Promise<PushOutcome> {
  const outcome: PushOutcome = { productId, synced: [], removed: [], failed: [] };
  const connection = await storefrontConnectionOf(ctx, storeId);
  const adapter = connection ? await storefrontAdapterOf(ctx, storeId) : null;
  if (!connection || !adapter) {
    const rowsBefore = await repo.rowsOfProduct(ctx.db, storeId, productId);
    const seen = rowsBefore.map((r) => ({ inventoryId: r.inventoryId, seq: r.changeSeq }));
    await failAll(ctx, storeId, seen, STOREFRONT_NOT_CONNECTED);
    outcome.failed = seen.map((s) => ({ id: s.inventoryId, error: STOREFRONT_NOT_CONNECTED }));
    return outcome;
  }
  const prepared = await preparePush(ctx, storeId, productId, connection);
  const { found, items, rows, seenOnSale, leaving } = prepared;
  const at = new Date();

  try {
    if (items.length === 0) {
      // nothing left on sale: the product goes off sale (it keeps its id, handle and orders)
      if (found?.product.shopifyId && leaving.some((l) => rows.get(l.inventoryId)?.variantId)) {
        // deleted in the shop already: off sale is what was asked, and its ids are forgotten
        const gone = await adapter.unpublish(found.product.shopifyId).then(
          () => false,
          (err: unknown) => (isProductGone(err) ? true : Promise.reject(err)),
        );
        if (gone) await ctx.db.transaction(async (tx) => repo.forgetShopProduct(tx, storeId, productId));
      }
      await ctx.db.transaction(async (tx) => repo.markRemoved(tx, storeId, leaving));
      outcome.removed = leaving.map((l) => l.inventoryId);
      return outcome;
    }
    const input = productInputOf(found!, items, rows, connection);
    const pushed = await adapter.pushProduct(input);
    const locationOf = new Map(connection.locations.map((l) => [l.location, l.shopifyLocationId]));
    // an item that moved between online locations while on sale: its unit moves with it
    await moveStock(adapter, items, rows, locationOf, pushed.variants, productId);
    const done = pushedItemsOf(prepared, pushed, connection);
    if (!(await keepPushed(ctx, storeId, connection.shopDomain, [{ prepared, pushed, done }], at))) {
      const seen = [...seenOnSale, ...leaving];
      await failAll(ctx, storeId, seen, STOREFRONT_NOT_CONNECTED);
      outcome.failed = seen.map((s) => ({ id: s.inventoryId, error: STOREFRONT_NOT_CONNECTED }));
      return outcome;
    }
    outcome.synced = done.map((d) => d.inventoryId);
    outcome.removed = leaving.map((l) => l.inventoryId);
    return outcome;
  } catch (err) {
    if (!isStorefrontError(err)) throw err;
    // Someone deleted the product in the shop: it is made again (once), its items as new variants,
    // rather than every later push failing on an id that is gone.
    if (!again && found?.product.shopifyId && isProductGone(err)) {
      ctx.log.info({ storeId, productId, shopifyId: found.product.shopifyId }, 'storefront product deleted in the shop: pushing it again as a new product');
      await ctx.db.transaction(async (tx) => repo.forgetShopProduct(tx, storeId, productId));
      return pushProductNow(ctx, storeId, productId, true);
    }
    const seen = [...seenOnSale, ...leaving];
    await failAll(ctx, storeId, seen, err.message);
    ctx.log.warn({ storeId, productId, kind: err.kind, status: err.status, attempts: err.attempts, error: err.message }, 'storefront push failed');
    outcome.failed = seen.map((s) => ({ id: s.inventoryId, error: err.message }));
    return outcome;
  }
}

/** Shopify's answer for an id of a product that no longer exists (deleted in the shop's admin). */
function isProductGone(err: unknown): boolean {
  return isStorefrontError(err) && err.kind === 'refused' && (err.code === 'PRODUCT_DOES_NOT_EXIST' || err.userErrors.some((e) => /^Product does not exist/i.test(e.message)));
}

/** An item that moved between online locations while on sale: its unit moves with it (0 at the old, 1 at the new). */
export async function moveStock(
  adapter: StorefrontAdapter,
  items: ItemRow[],
  rows: Map<string, SyncRow>,
  locationOf: Map<string, string>,
  pushed: { ref: string; inventoryItemId: string }[],
  productId: string,
) {
  const levels = [];
  for (const item of items) {
    const row = rows.get(item.id);
    const to = locationOf.get(item.location ?? '');
    if (!row?.variantId || !row.locationId || !to || row.locationId === to) continue;
    const inventoryItemId = pushed.find((p) => p.ref === item.id)?.inventoryItemId;
    if (!inventoryItemId) continue;
    levels.push({ inventoryItemId, locationId: row.locationId, quantity: 0 }, { inventoryItemId, locationId: to, quantity: 1 });
  }
  if (levels.length) await adapter.setStock(levels, { key: `move:${productId}:${levels.map((l) => `${l.inventoryItemId}@${l.locationId}=${l.quantity}`).join(',')}`, reason: 'movement_updated' });
}

// ---------------------------------------------------------------------------------------------
// The dispatcher and the push queue

const DISPATCH_BATCH = 2000;

/** Queues a push job for each product with a pending change no job was queued for. Answers how many products. */
export async function dispatchPendingPushes(ctx: AppContext, opts: { stale?: boolean } = {}): Promise<number> {
  if (!(await repo.anyUnqueued(ctx.db, opts.stale ?? false))) return 0;
  let queued = 0;
  for (;;) {
    const products = await repo.claimUnqueued(ctx.db, DISPATCH_BATCH);
    if (products.length === 0) break;
    for (const p of products) {
      await ctx.jobs.send(PUSH_QUEUE, p, { singletonKey: `${p.storeId}:${p.productId}`, retryLimit: 2, retryDelaySeconds: 30 });
      queued += 1;
    }
    if (products.length < DISPATCH_BATCH / 10) break;
  }
  return queued;
}

/** Marks items pending and claimed (this caller pushes them), for the resync jobs. */
export async function markForResync(ctx: AppContext, storeId: string, scope: { ids?: string[]; productId?: string; all?: boolean }) {
  const connection = await storefrontConnectionOf(ctx, storeId);
  if (!connection) return null;
  const online = connection.locations.map((l) => l.location);
  return ctx.db.transaction(async (tx) => {
    if (scope.ids) return repo.markPending(tx, storeId, { ids: scope.ids });
    return repo.markPending(tx, storeId, { onSaleAt: online, ...(scope.productId ? { productId: scope.productId } : {}) });
  });
}

/** Repair (the sync health screen): the items, or every failed and drifted one, pushed again. */
export async function repairItems(ctx: AppContext, storeId: string, ids: string[] | undefined) {
  const n = await ctx.db.transaction(async (tx) => repo.markPending(tx, storeId, ids ? { ids } : { failed: true }));
  await dispatchPendingPushes(ctx);
  return { queued: n, message: STOREFRONT_MESSAGES.repairQueued(n) };
}

export type SyncCounts = Record<SyncState, number>;

/**
 * Registers the push queue and starts the dispatcher (every second; changes queued long ago and still
 * pending, e.g. after a crash, are queued again every minute). Called once per app, before the queue starts.
 */
export function startStorefrontSync(ctx: AppContext, hooks: { onReady: (fn: () => Promise<void>) => void; onClose: (fn: () => Promise<void>) => void }) {
  ctx.jobs.addQueue<{ storeId: string; productId: string }>(PUSH_QUEUE, {
    policy: 'short',
    // a few products at once: the adapter's cost bucket paces them against the shop's limit
    batchSize: 4,
    handler: async (jobs) => {
      await Promise.all(jobs.map((j) => pushProductNow(ctx, j.data.storeId, j.data.productId)));
    },
  });
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let ticks = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      ticks += 1;
      await dispatchPendingPushes(ctx, { stale: ticks % 60 === 0 });
    } catch (err) {
      ctx.log.error({ err }, 'storefront dispatcher failed');
    } finally {
      running = false;
    }
  };
  hooks.onReady(async () => {
    timer = setInterval(() => void tick(), ctx.config.env === 'test' ? 250 : 1000);
    timer.unref();
  });
  hooks.onClose(async () => {
    if (timer) clearInterval(timer);
    timer = null;
    while (running) await new Promise((r) => setTimeout(r, 20));
  });
}
