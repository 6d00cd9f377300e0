// The bulk path of the first sync and of Resync all (docs/storefront-sync.md "Bulk first sync"): at or
// above STOREFRONT_BULK_MIN_ITEMS items, every product goes to the shop in one bulk import (the
// adapter's pushProducts: Shopify's bulk mutation, not charged per product) instead of one productSet
// each paced by the cost bucket. Each product is read, sent and written back as pushProductNow does:
// the same input (productInputOf), the same ids written back under the same stillConnectedTo check,
// the same per-item states; a product Shopify refused marks its items failed with Shopify's words.
import type { AppContext } from '../app-context.ts';
import { isStorefrontError } from './adapter.ts';
import { storefrontAdapterOf, storefrontConnectionOf } from './connection.ts';
import { STOREFRONT_NOT_CONNECTED } from './storefront.ts';
import type { SeenItem } from './storefront-sync.repository.ts';
import { failAll, keepPushed, moveStock, preparePushes, productInputOf, pushedItemsOf, pushProductNow, type PreparedPush, type PushOutcome } from './storefront-sync.service.ts';

/**
 * From how many items a first sync or Resync all goes through a bulk import (config
 * storefrontBulkMinItems, STOREFRONT_BULK_MIN_ITEMS, 250 by default). Below it the per-product push
 * is about as quick (a bulk import has a fixed cost of a staged upload and a few polls, seconds) and
 * shows progress product by product; above it the cost bucket makes the per-product path slow (about
 * 25 products of 10 items a minute on the Standard plan).
 */
export const bulkMinItemsOf = (ctx: AppContext) => ctx.config.storefrontBulkMinItems;

/** Products written back per transaction (a transaction per product would be thousands of them). */
const WRITE_BACK_PRODUCTS = 100;

export type BulkPushReport = { outcomes: PushOutcome[] };

/**
 * Pushes these products through the storefront's bulk import. `onOutcomes` hears the products'
 * outcomes as they are written back, a hundred at a time (the job's progress). Answers null when the
 * store has no connection or its storefront has no bulk import: the caller pushes product by product.
 */
export async function pushProductsInBulk(ctx: AppContext, storeId: string, productIds: string[], onOutcomes: (outcomes: PushOutcome[]) => Promise<void>): Promise<BulkPushReport | null> {
  const connection = await storefrontConnectionOf(ctx, storeId);
  const adapter = connection ? await storefrontAdapterOf(ctx, storeId) : null;
  if (!connection || !adapter?.pushProducts) return null;
  const outcomes: PushOutcome[] = [];
  let unreported: PushOutcome[] = [];
  const report = async (outcome: PushOutcome) => {
    outcomes.push(outcome);
    unreported.push(outcome);
  };
  const flush = async () => {
    if (unreported.length) await onOutcomes(unreported);
    unreported = [];
  };
  const failed = async (prepared: PreparedPush, error: string) => {
    const seen: SeenItem[] = [...prepared.seenOnSale, ...prepared.leaving];
    await failAll(ctx, storeId, seen, error);
    await report({ productId: prepared.productId, synced: [], removed: [], failed: seen.map((s) => ({ id: s.inventoryId, error })) });
  };

  const toSend: PreparedPush[] = [];
  for (const prepared of await preparePushes(ctx, storeId, productIds, connection)) {
    // a product with nothing left on sale is unpublished, as a single push does
    if (prepared.items.length === 0) await report(await pushProductNow(ctx, storeId, prepared.productId));
    else toSend.push(prepared);
  }
  await flush();
  if (toSend.length === 0) return { outcomes };

  let results;
  try {
    results = await adapter.pushProducts(
      toSend.map((p) => productInputOf(p.found!, p.items, p.rows, connection)),
      { onProgress: (done, total) => ctx.log.debug({ storeId, done, total }, 'storefront bulk push progress') },
    );
  } catch (err) {
    if (!isStorefrontError(err)) throw err;
    ctx.log.warn({ storeId, products: toSend.length, kind: err.kind, status: err.status, error: err.message }, 'storefront bulk push failed');
    for (const prepared of toSend) await failed(prepared, err.message);
    await flush();
    return { outcomes };
  }

  const locationOf = new Map(connection.locations.map((l) => [l.location, l.shopifyLocationId]));
  const at = new Date();
  let connected = true;
  for (let start = 0; start < toSend.length; start += WRITE_BACK_PRODUCTS) {
    const kept: Parameters<typeof keepPushed>[3] = [];
    for (let i = start; i < Math.min(toSend.length, start + WRITE_BACK_PRODUCTS); i++) {
      const prepared = toSend[i];
      const result = results[i];
      if (!result.ok) {
        // deleted in the shop: pushed on its own, which makes it again (pushProductNow); any other refusal fails its items
        if (prepared.found?.product.shopifyId && /Product does not exist/i.test(result.error)) await report(await pushProductNow(ctx, storeId, prepared.productId));
        else await failed(prepared, result.error);
        continue;
      }
      try {
        await moveStock(adapter, prepared.items, prepared.rows, locationOf, result.product.variants, prepared.productId);
      } catch (err) {
        if (!isStorefrontError(err)) throw err;
        await failed(prepared, err.message);
        continue;
      }
      kept.push({ prepared, pushed: result.product, done: pushedItemsOf(prepared, result.product, connection) });
    }
    if (kept.length === 0) {
      await flush();
      continue;
    }
    // disconnected while the bulk import ran: nothing of it is written back
    connected = connected && (await keepPushed(ctx, storeId, connection.shopDomain, kept, at));
    for (const { prepared, done } of kept) {
      if (!connected) await failed(prepared, STOREFRONT_NOT_CONNECTED);
      else await report({ productId: prepared.productId, synced: done.map((d) => d.inventoryId), removed: prepared.leaving.map((l) => l.inventoryId), failed: [] });
    }
    await flush();
  }
  return { outcomes };
}
