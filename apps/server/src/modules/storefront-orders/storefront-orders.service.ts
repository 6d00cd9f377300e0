// Orders from the storefront into Backroom (the incoming half; docs/storefront-orders.md).
// Shopify's webhooks (orders/create, paid, cancelled, fulfilled, updated; refunds/create; fulfillments/create, update), the polling
// reconciliation and the resync of one order all end in the same code path: the storefront's order as
// it is now, applied to Backroom's order of the same id through the sales module (recordSale,
// markOrderPaid, and the lines taken back on a cancellation or refund).
//
// Convergence: every order webhook carries the whole order, so the order is applied as a state, not as
// an event, and the state only moves forward: not recorded -> recorded, pending -> paid, open ->
// cancelled, a line active -> taken back. Deliveries in any order (paid before create, cancelled
// before create), repeated or at once (the store's sales lock serialises them) end in the same place.
import {
  isInventoryStatus,
  isLinePrice,
  isPaidFinancialStatus,
  isSellable,
  MAX_AMOUNT_MINOR,
  STOREFRONT_ORDER_MESSAGES as MSG,
  TEXT_LIMITS,
  type LineFlag,
  type TStorefrontCustomerData,
} from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Customer, StorefrontRefundedLine } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { StorefrontFulfillment, StorefrontOrder, StorefrontRefund } from '../../storefront/adapter.ts';
import { storefrontAdapterOf, storefrontConnectionOf } from '../../storefront/connection.ts';
import { parseShopifyWebhook, readShopifyWebhookHeaders, SHOPIFY_WEBHOOK_TOPICS, ShopifyWebhookError, verifyShopifyWebhook } from '../../storefront/shopify/webhooks.ts';
import { isPrivacyTopic } from '../../storefront/shopify/privacy-webhooks.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerNotifier } from '../notifications/index.ts';
import { markOrderPaidIn, markOrderShippedIn, recordSaleIn, undoSaleLinesIn, type OrderRow, type SaleAuthor, type SaleLineInput, type SaleNotices, salesRecords } from '../sales/index.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import { storefrontOrdersRepository as repo } from './storefront-orders.repository.ts';
import { receivePrivacyWebhook, type PrivacyOutcome } from './storefront-privacy.service.ts';

/** Who the storefront's changes are stamped with (items' logs, the order's createdByName, undoneByName). */
const SHOPIFY_AUTHOR: SaleAuthor = { id: null, name: 'Shopify' };

type AppliedOutcome = 'recorded' | 'paid' | 'cancelled' | 'refunded' | 'shipped' | 'unchanged' | 'ignored-test' | 'refund-held';
type Applied = { outcome: AppliedOutcome; orderId: string | null; created: boolean; flagged: number };

const unchanged = (order: OrderRow): Applied => ({ outcome: 'unchanged', orderId: order.id, created: false, flagged: 0 });

const clip = (text: string | null | undefined, max: number) => {
  const t = text?.trim();
  return t ? t.slice(0, max) : null;
};

function customerOf(order: StorefrontOrder): Customer {
  return {
    first_name: clip(order.customer.firstName, TEXT_LIMITS.name),
    last_name: clip(order.customer.lastName, TEXT_LIMITS.name),
    email: clip(order.customer.email, TEXT_LIMITS.email),
    phone: clip(order.customer.phone, TEXT_LIMITS.phone),
  };
}

/** What the customer paid for a unit, within a line price's bounds. */
const linePriceOf = (minor: number) => (isLinePrice(minor) ? minor : Math.min(MAX_AMOUNT_MINOR, Math.max(0, Math.round(minor) || 0)));

/**
 * A storefront order not recorded yet: its lines matched to the store's items (the variant id first,
 * inventory.shopify_id; else the SKU, which is the item's code). An item that is not on sale now (sold,
 * held by another order, withdrawn, ...), a variant that is no item, or an item on an earlier line
 * makes a flagged line without an item: it moves nothing, so another item is never marked sold. A
 * cancelled order is recorded undone with every line taken back; lines refunded already (current
 * quantity 0, or a refund delivered before the order) are recorded taken back.
 */
async function recordStorefrontOrderIn(tx: DbOrTx, store: Tenant, remote: StorefrontOrder, notices: SaleNotices): Promise<Applied> {
  const held = new Set((await repo.heldRefundLines(tx, store.id, remote.id)).filter((l) => l.quantity > 0).map((l) => l.lineItemId));
  const cancelled = remote.cancelledAt !== null;
  const takenBack = (line: StorefrontOrder['lines'][number]) => cancelled || line.currentQuantity === 0 || held.has(line.id);
  const wanted = remote.lines.filter((l) => !takenBack(l));
  const variantIds = [...new Set(wanted.flatMap((l) => (l.variantId ? [l.variantId] : [])))];
  const codes = [...new Set(wanted.flatMap((l) => (l.sku?.trim() ? [l.sku.trim()] : [])))];
  const items = await repo.lockItemsFor(tx, store.id, variantIds, codes);
  const byVariant = new Map(items.flatMap((i) => (i.shopifyId ? [[i.shopifyId, i] as const] : [])));
  const byCode = new Map(items.map((i) => [i.code, i]));
  const financialStatus = isPaidFinancialStatus(remote.financialStatus) ? 'paid' : 'pending';
  const used = new Set<string>();
  let flagged = 0;
  const flag = (code: LineFlag, message: string) => {
    flagged++;
    return { code, message };
  };

  const lines: SaleLineInput[] = remote.lines.map((line) => {
    const base = {
      price: linePriceOf(line.unitPriceMinor),
      sku: clip(line.sku, TEXT_LIMITS.name) ?? undefined,
      quantity: Math.max(1, line.quantity),
      externalLineId: line.id,
    };
    const title = clip([line.title, line.variantTitle].filter(Boolean).join(' - '), TEXT_LIMITS.name) ?? clip(line.sku, TEXT_LIMITS.name) ?? 'Item';
    if (takenBack(line)) return { ...base, title, inventoryId: null, active: false };
    const item = (line.variantId ? byVariant.get(line.variantId) : undefined) ?? (line.sku?.trim() ? byCode.get(line.sku.trim()) : undefined);
    if (!item) return { ...base, title, inventoryId: null, flag: flag('unknown_variant', MSG.unknownVariant(clip(line.sku, 60))) };
    if (used.has(item.id)) return { ...base, title, inventoryId: null, flag: flag('duplicate_line', MSG.duplicateLine(item.code)) };
    if (!isInventoryStatus(item.status) || !isSellable(item.status, financialStatus)) {
      return { ...base, title, inventoryId: null, flag: flag('unavailable', MSG.unavailable(item.code, item.status)) };
    }
    used.add(item.id);
    return { ...base, inventoryId: item.id };
  });

  const { order } = await recordSaleIn(
    tx,
    store,
    SHOPIFY_AUTHOR,
    {
      source: 'shopify',
      externalId: remote.id,
      name: clip(remote.name, 60) ?? `#${remote.legacyId}`,
      financialStatus,
      customer: customerOf(remote),
      orderDate: remote.processedAt ?? remote.createdAt,
      lines,
    },
    notices,
  );
  if (cancelled || lines.every((l) => l.active === false)) {
    const updated = await salesRecords.updateOrder(tx, store.id, order.id, {
      status: 'undone',
      undoneAt: new Date(),
      undoneByName: SHOPIFY_AUTHOR.name,
      cancelledAt: remote.cancelledAt,
    });
    return { outcome: cancelled ? 'cancelled' : 'refunded', orderId: updated.id, created: true, flagged };
  }
  // an order that comes in shipped already (a late webhook, the reconciliation)
  if (remote.shippedAt) await markShippedIn(tx, store, order, remote.shippedAt);
  return { outcome: 'recorded', orderId: order.id, created: true, flagged };
}

/**
 * The order shipped (docs/storefront-orders.md "Shipping"): `shipped_at` set once, never moved (the
 * same state or shipment delivered again changes nothing), with an entry in each of its items' activity
 * in the same transaction. An undone order is not marked: none of its items is sold by it.
 */
async function markShippedIn(tx: DbOrTx, store: Tenant, order: OrderRow, at: Date): Promise<boolean> {
  if (order.shippedAt || order.status === 'undone') return false;
  await markOrderShippedIn(tx, store.id, order.id, SHOPIFY_AUTHOR, at);
  return true;
}

/**
 * Takes lines of a recorded order back (a cancellation: all of them; a refund: those refunded): their
 * items go back on sale with the reversing ledger entries, unless an item was paid out to its
 * consigner already: that line stays and is flagged for staff.
 */
async function takeBackLinesIn(tx: DbOrTx, order: OrderRow, store: Tenant, shopifyLineIds: readonly string[] | 'all', flag: 'cancelled_after_payout' | 'refunded_after_payout') {
  let ids: string[] | 'all' = 'all';
  if (shopifyLineIds !== 'all') {
    const wanted = new Set(shopifyLineIds);
    ids = (await salesRecords.lineItems(tx, store.id, order.id)).filter((l) => l.active && l.shopifyId && wanted.has(l.shopifyId)).map((l) => l.id);
    if (!ids.length) return { order, undone: 0, flagged: 0 };
  }
  const result = await undoSaleLinesIn(tx, store, SHOPIFY_AUTHOR, order.id, ids);
  const newFlags = result.paidOut.filter((p) => p.line.flag === null);
  await salesRecords.flagLines(
    tx,
    store.id,
    newFlags.map((p) => ({ lineId: p.line.id, flag, message: flag === 'cancelled_after_payout' ? MSG.cancelledAfterPayout(p.code) : MSG.refundedAfterPayout(p.code) })),
  );
  return { order: result.order, undone: result.undone.length, flagged: newFlags.length };
}

/** A recorded order brought to the storefront's state: paid, cancelled, lines refunded (never back). */
async function updateStorefrontOrderIn(tx: DbOrTx, store: Tenant, order: OrderRow, remote: StorefrontOrder, notices: SaleNotices): Promise<Applied> {
  // undone by staff or by an earlier cancellation: nothing moves it again
  if (order.status === 'undone') return unchanged(order);
  if (remote.cancelledAt) {
    if (order.cancelledAt) return unchanged(order);
    const taken = await takeBackLinesIn(tx, order, store, 'all', 'cancelled_after_payout');
    await salesRecords.updateOrder(tx, store.id, order.id, { cancelledAt: remote.cancelledAt });
    return { outcome: 'cancelled', orderId: order.id, created: false, flagged: taken.flagged };
  }
  let outcome: AppliedOutcome = 'unchanged';
  if (isPaidFinancialStatus(remote.financialStatus) && order.financialStatus === 'pending') {
    await markOrderPaidIn(tx, store, SHOPIFY_AUTHOR, order.id, notices);
    outcome = 'paid';
  }
  const refunded = remote.lines.filter((l) => l.currentQuantity === 0).map((l) => l.id);
  let flagged = 0;
  if (refunded.length) {
    const taken = await takeBackLinesIn(tx, order, store, refunded, 'refunded_after_payout');
    if (taken.undone || taken.flagged) outcome = 'refunded';
    flagged = taken.flagged;
  }
  if (remote.shippedAt) {
    // read again after a refund: it may have undone the whole order
    const current = refunded.length ? ((await salesRecords.findByExternalId(tx, store.id, 'shopify', remote.id)) ?? order) : order;
    if ((await markShippedIn(tx, store, current, remote.shippedAt)) && outcome === 'unchanged') outcome = 'shipped';
  }
  return { outcome, orderId: order.id, created: false, flagged };
}

/**
 * The one code path of every storefront order (webhook, reconciliation, resync), inside the caller's
 * transaction. Test orders (Shopify's bogus gateway) are never sales: left out.
 */
async function applyStorefrontOrderIn(tx: DbOrTx, store: Tenant, remote: StorefrontOrder, notices: SaleNotices): Promise<Applied> {
  if (remote.test) return { outcome: 'ignored-test', orderId: null, created: false, flagged: 0 };
  await salesRecords.lockStoreSales(tx, store.id);
  const existing = await salesRecords.findByExternalId(tx, store.id, 'shopify', remote.id);
  return existing ? updateStorefrontOrderIn(tx, store, existing, remote, notices) : recordStorefrontOrderIn(tx, store, remote, notices);
}

/** refunds/create: the refunded lines taken back; kept for later when the order is not recorded yet. */
async function applyRefundIn(tx: DbOrTx, store: Tenant, refund: StorefrontRefund): Promise<Applied & { held: StorefrontRefundedLine[] | null }> {
  await salesRecords.lockStoreSales(tx, store.id);
  const order = await salesRecords.findByExternalId(tx, store.id, 'shopify', refund.orderId);
  const lines = refund.lines.filter((l) => l.quantity > 0).map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity }));
  if (!order) return { outcome: 'refund-held', orderId: null, created: false, flagged: 0, held: lines };
  if (order.status === 'undone') return { ...unchanged(order), held: null };
  const taken = await takeBackLinesIn(
    tx,
    order,
    store,
    lines.map((l) => l.lineItemId),
    'refunded_after_payout',
  );
  return { outcome: taken.undone || taken.flagged ? 'refunded' : 'unchanged', orderId: order.id, created: false, flagged: taken.flagged, held: null };
}

/**
 * fulfillments/create and /update: a shipment. The order has shipped when a successful shipment holds
 * every line of it that still sells an item (a partial one leaves it unshipped: orders/fulfilled, or
 * the reconciliation reading the order as fulfilled, marks it when the rest ships). A shipment of an
 * order not recorded yet changes nothing: the order's own state, when it comes, says it is fulfilled.
 */
async function applyFulfillmentIn(tx: DbOrTx, store: Tenant, fulfillment: StorefrontFulfillment): Promise<Applied> {
  await salesRecords.lockStoreSales(tx, store.id);
  const order = await salesRecords.findByExternalId(tx, store.id, 'shopify', fulfillment.orderId);
  if (!order) return { outcome: 'unchanged', orderId: null, created: false, flagged: 0 };
  if (fulfillment.status?.toLowerCase() !== 'success') return unchanged(order);
  const shipped = new Set(fulfillment.lineIds);
  const selling = (await salesRecords.lineItems(tx, store.id, order.id)).filter((l) => l.active && l.inventoryId !== null);
  if (selling.length === 0 || !selling.every((l) => l.shopifyId && shipped.has(l.shopifyId))) return unchanged(order);
  const marked = await markShippedIn(tx, store, order, fulfillment.createdAt ?? new Date());
  return marked ? { outcome: 'shipped', orderId: order.id, created: false, flagged: 0 } : unchanged(order);
}

/** A storefront order applied in a transaction of its own (reconciliation, resync); notices sent after it. */
export async function applyStorefrontOrder(ctx: AppContext, store: Tenant, remote: StorefrontOrder): Promise<Applied> {
  const notices: SaleNotices = { notifier: consignerNotifier(ctx, store.id, store) };
  const applied = await ctx.db.transaction((tx) => applyStorefrontOrderIn(tx, store, remote, notices));
  await notices.notifier.deliver();
  return applied;
}

type WebhookResult = { outcome: AppliedOutcome | 'duplicate' | 'ignored-topic' | PrivacyOutcome; orderId: string | null; customerData?: TStorefrontCustomerData; ordersRedacted?: number };

const isHandledTopic = (topic: string) => (SHOPIFY_WEBHOOK_TOPICS as readonly string[]).includes(topic);

/**
 * POST /api/webhooks/shopify: a delivery from the store's shop. The store must have a connection
 * (404), the signature must be the HMAC of the raw body under its webhook secret and the shop its own
 * (401; nothing is read or changed before both hold). The delivery's id is written in the transaction
 * of its effect, so a repeated delivery changes nothing twice.
 */
export async function receiveShopifyWebhook(ctx: AppContext, store: Tenant, headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<WebhookResult> {
  // the privacy topics answer even for a connection turned off (storefront-privacy.service.ts)
  const topic = readShopifyWebhookHeaders(headers).topic;
  if (topic && isPrivacyTopic(topic)) return receivePrivacyWebhook(ctx, store, topic, headers, rawBody);
  const connection = await storefrontConnectionOf(ctx, store.id);
  if (!connection) throw notFound(MSG.notConnected);
  const h = readShopifyWebhookHeaders(headers);
  if (!verifyShopifyWebhook(rawBody, h.hmac, connection.webhookSecret)) throw new AppError('UNAUTHORIZED', MSG.badSignature);
  if (!h.shopDomain || h.shopDomain.toLowerCase() !== connection.shopDomain.toLowerCase()) throw new AppError('UNAUTHORIZED', MSG.otherShop);
  if (!h.webhookId || h.webhookId.length > TEXT_LIMITS.code) throw badRequest(MSG.noWebhookId);
  if (!h.topic) throw badRequest(MSG.noTopic);
  // a topic the shop sends that Backroom does not handle: received, nothing to do (a 4xx would make Shopify retry)
  if (!isHandledTopic(h.topic)) return { outcome: 'ignored-topic', orderId: null };
  let webhook: ReturnType<typeof parseShopifyWebhook>;
  try {
    webhook = parseShopifyWebhook(h.topic, rawBody);
  } catch (err) {
    if (err instanceof ShopifyWebhookError) throw badRequest(err.message);
    throw err;
  }
  const webhookId = h.webhookId;
  const notices: SaleNotices = { notifier: consignerNotifier(ctx, store.id, store) };
  const result = await ctx.db.transaction(async (tx): Promise<WebhookResult> => {
    // every delivery of the store waits here for the one before: the check below cannot race
    await salesRecords.lockStoreSales(tx, store.id);
    if (await repo.webhookSeen(tx, store.id, webhookId)) return { outcome: 'duplicate', orderId: null };
    if (webhook.topic === 'refunds/create') {
      const applied = await applyRefundIn(tx, store, webhook.refund);
      await repo.insertWebhook(tx, { storeId: store.id, webhookId, topic: webhook.topic, orderExternalId: webhook.refund.orderId, refundedLines: applied.held, outcome: applied.outcome });
      return { outcome: applied.outcome, orderId: applied.orderId };
    }
    if ('fulfillment' in webhook) {
      const applied = await applyFulfillmentIn(tx, store, webhook.fulfillment);
      await repo.insertWebhook(tx, { storeId: store.id, webhookId, topic: webhook.topic, orderExternalId: webhook.fulfillment.orderId, outcome: applied.outcome });
      return { outcome: applied.outcome, orderId: applied.orderId };
    }
    const applied = await applyStorefrontOrderIn(tx, store, webhook.order, notices);
    await repo.insertWebhook(tx, { storeId: store.id, webhookId, topic: webhook.topic, orderExternalId: webhook.order.id, outcome: applied.outcome });
    return { outcome: applied.outcome, orderId: applied.orderId };
  });
  await notices.notifier.deliver();
  return result;
}

// ---- reconciliation ------------------------------------------------------------------------------

/** How far back a round reads again before its checkpoint (an order Shopify indexes late is not missed). */
const RECONCILE_OVERLAP_MS = 10 * 60_000;
/** Where a store's first round starts. */
const RECONCILE_FIRST_WINDOW_MS = 24 * 3600_000;
/** Pages one round reads at most (the next round goes on from the checkpoint). */
const RECONCILE_MAX_PAGES = 50;

type ReconcileResult = {
  fetched: number;
  imported: number;
  alreadyImported: number;
  skipped: number;
  failed: { externalId: string; name: string; error: string }[];
  flaggedLines: number;
  orders: { id: string; name: string }[];
  syncedUntil: string | null;
};

type ReconcileHooks = { setTotal?: (n: number) => Promise<void>; orderDone?: () => Promise<void>; orderFailed?: (id: string, error: string) => Promise<void> };

/**
 * One round of the polling reconciliation for a store (docs/storefront-orders.md "Reconciliation"):
 * the storefront's orders changed since the checkpoint (less an overlap), oldest change first, each
 * applied as a webhook would be. The checkpoint moves to the round's start once every order was
 * applied; an order that failed holds it at that order's change, so the next round reads it again.
 * Null when the store has no storefront connection.
 */
export async function reconcileStorefrontOrders(ctx: AppContext, store: Tenant, hooks: ReconcileHooks = {}): Promise<ReconcileResult | null> {
  const adapter = await storefrontAdapterOf(ctx, store.id);
  if (!adapter) return null;
  const startedAt = new Date();
  const checkpoint = await repo.checkpoint(ctx.db, store.id);
  const since = new Date((checkpoint?.syncedUntil?.getTime() ?? startedAt.getTime() - RECONCILE_FIRST_WINDOW_MS + RECONCILE_OVERLAP_MS) - RECONCILE_OVERLAP_MS);
  const result: ReconcileResult = { fetched: 0, imported: 0, alreadyImported: 0, skipped: 0, failed: [], flaggedLines: 0, orders: [], syncedUntil: null };
  let holdAt: Date | null = null;
  let lastSeen = since;
  let after: string | null = null;
  let complete = false;
  try {
    for (let page = 0; page < RECONCILE_MAX_PAGES; page++) {
      const { orders, nextCursor } = await adapter.listOrdersSince(since, { after });
      result.fetched += orders.length;
      await hooks.setTotal?.(result.fetched);
      for (const remote of orders) {
        const changedAt = remote.updatedAt ?? remote.createdAt;
        if (changedAt > lastSeen) lastSeen = changedAt;
        try {
          const applied = await applyStorefrontOrder(ctx, store, remote);
          if (applied.outcome === 'ignored-test') result.skipped++;
          else if (applied.created) {
            result.imported++;
            if (applied.orderId) result.orders.push({ id: applied.orderId, name: remote.name });
          } else result.alreadyImported++;
          result.flaggedLines += applied.flagged;
          await hooks.orderDone?.();
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          ctx.log.warn({ err, storeId: store.id, order: remote.id }, 'storefront order not applied');
          result.failed.push({ externalId: remote.id, name: remote.name, error });
          await hooks.orderFailed?.(remote.name, error);
          if (!holdAt || changedAt < holdAt) holdAt = changedAt;
        }
      }
      if (!nextCursor) {
        complete = true;
        break;
      }
      after = nextCursor;
    }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await repo.saveCheckpoint(ctx.db, store.id, { syncedUntil: null, lastRunAt: startedAt, lastError: error });
    throw err;
  }
  // a round cut short by the page limit goes on from the last change it read, next time
  const until: Date = holdAt ?? (complete ? startedAt : lastSeen);
  await repo.saveCheckpoint(ctx.db, store.id, { syncedUntil: until, lastRunAt: startedAt, lastError: result.failed.length ? `${result.failed.length} order(s) not applied` : null });
  result.syncedUntil = until.toISOString();
  return result;
}

/** The reconciliation's schedule: every 5 minutes, each connected store in turn. */
const RECONCILE_JOB = 'storefront.reconcileOrders';
const RECONCILE_CRON = '*/5 * * * *';

/** One scheduled round: every store with a storefront connection; one store's failure does not stop the others. */
async function reconcileAllStores(ctx: AppContext): Promise<void> {
  for (const storeId of await repo.connectedStoreIds(ctx.db)) {
    const store = await findTenant(ctx.db, storeId);
    if (!store) continue;
    try {
      await reconcileStorefrontOrders(ctx, store);
    } catch (err) {
      ctx.log.warn({ err, storeId }, 'storefront order reconciliation failed');
    }
  }
}

export function registerStorefrontOrderJobs(ctx: AppContext) {
  // 'singleton': one round at a time across every server sharing the database
  ctx.jobs.addQueue(RECONCILE_JOB, { policy: 'singleton', pollingIntervalSeconds: 5, handler: () => reconcileAllStores(ctx) });
  ctx.jobs.schedule(RECONCILE_JOB, RECONCILE_CRON);
}
