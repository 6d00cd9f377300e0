// The orders API (people doc sections 2 "Orders", 3 "Order", 7; docs/orders.md): the order
// item table, its export, an order, its resync, and the order sources' imports.
import type { Readable } from 'node:stream';
import {
  ORDER_MESSAGES,
  searchWords,
  type TOrderFilterOptions,
  type TOrderImportResult,
  type TOrdersFilter,
  type TOrdersQuery,
  type ZOrder,
  type ZOrderItemList,
  type ZOrdersResyncStarted,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import { csvDocument } from '../../http/csv.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { markOrderPaid } from '../sales/index.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { isStorefrontError } from '../../storefront/adapter.ts';
import { storefrontAdapterOf, storefrontConnectionOf } from '../../storefront/connection.ts';
import { applyStorefrontOrder, reconcileStorefrontOrders } from '../storefront-orders/index.ts';
import { fetchLinnworksOrder, importLinnworksOrders, linnworksCustomerOf, linnworksEnabled } from './orders-import.service.ts';
import { toOrder, toOrderItemRow } from './orders.mapper.ts';
import { ORDERS_EXPORT_HEADER, ordersRepository as repo, type OrderRow, type OrdersListFilter } from './orders.repository.ts';

export const ORDERS_RESYNC_JOB = 'orders.resyncAll';
const EXPORT_BATCH = 2000;

const listFilter = (f: TOrdersFilter): OrdersListFilter => ({ words: searchWords(f.search), consignerId: f.consigner, orderDate: f.orderDateRange, flagged: f.flagged });

/** GET /api/orders: a page of the order item table, newest order first, and the number of its rows. */
export async function listOrderItems(ctx: AppContext, store: Tenant, q: TOrdersQuery): Promise<z.input<typeof ZOrderItemList>> {
  const { rows, total } = await repo.list(ctx.db, store.id, listFilter(q), { limit: q.pageSize, offset: (q.currentPage - 1) * q.pageSize });
  return { rows: rows.map(toOrderItemRow), count: total };
}

/** POST /api/orders/export: ordersExport.csv, every row of the filtered table in its order. */
export function exportOrderItems(ctx: AppContext, store: Tenant, f: TOrdersFilter): Readable {
  return csvDocument(ORDERS_EXPORT_HEADER, repo.exportCsvBatches(ctx.db, store.id, listFilter(f), EXPORT_BATCH), (err) => ctx.log.error({ err }, 'orders export failed'));
}

/** GET /api/orders/filterOptions */
export async function orderFilterOptions(ctx: AppContext, store: Tenant): Promise<TOrderFilterOptions> {
  const [consigners, linnworks] = await Promise.all([repo.filterConsigners(ctx.db, store.id), linnworksEnabled(ctx, store.id)]);
  return {
    consigners: consigners.map((c) => ({ label: c.name || c.email, value: c.id })),
    importSources: linnworks ? ['linnworks'] : [],
  };
}

async function presentOrder(ctx: AppContext, store: Tenant, id: string): Promise<z.input<typeof ZOrder>> {
  const order = await repo.findById(ctx.db, store.id, id);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  // View in Shopify names the connected shop; a store without a connection may still have its shop set
  const shop = order.source === 'shopify' ? ((await storefrontConnectionOf(ctx, store.id))?.shopDomain ?? store.shop) : null;
  return toOrder(order, await repo.lines(ctx.db, store.id, id), shop);
}

/** GET /api/orders/{id}: the order, its customer and its lines with the items they sold. */
export async function getOrder(ctx: AppContext, store: Tenant, id: string) {
  return presentOrder(ctx, store, id);
}

/**
 * GET /api/orders/resync/{id} ("Resync Line Items"): reads the order again from where it came from.
 * A counter sale has no such source, and Shopify orders wait for the storefront adapter: both are
 * refused with 422 and a clear reason rather than answered as if resynced. A Linnworks order is read
 * again from Linnworks: its customer is brought up to date, and a pending order Linnworks now has
 * paid (or processed) is marked paid (its held items become Sold). Its lines stay as imported.
 */
export async function resyncOrder(ctx: AppContext, store: Tenant, actor: Actor, id: string) {
  const order = await repo.findById(ctx.db, store.id, id);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  if (order.source === 'counter' || !order.externalId) throw unprocessable(ORDER_MESSAGES.counterResync);
  if (order.source === 'shopify') {
    await resyncStorefrontOrder(ctx, store, order);
    return presentOrder(ctx, store, id);
  }
  const remote = await fetchLinnworksOrder(ctx, store.id, order.externalId);
  if (!remote) throw unprocessable(ORDER_MESSAGES.linnworksOrderGone(order.name));
  await repo.updateOrder(ctx.db, store.id, order.id, { customer: linnworksCustomerOf(remote) });
  const paid = remote.Processed || remote.GeneralInfo?.Status === 1;
  if (paid && order.status === 'open' && order.financialStatus === 'pending') await markOrderPaid(ctx, store, actorStamp(actor), order.id);
  return presentOrder(ctx, store, id);
}

/** POST /api/orders/linnworkOrders: imports the store's new Linnworks orders now. */
export async function importLinnworks(ctx: AppContext, store: Tenant): Promise<TOrderImportResult> {
  return importLinnworksOrders(ctx, store);
}

/**
 * A Shopify order read again from the connected shop through the storefront adapter and applied as its
 * webhook would be (paid, cancelled, lines refunded). 422 when no shop is connected, when the shop no
 * longer has the order, or when Shopify cannot be reached.
 */
async function resyncStorefrontOrder(ctx: AppContext, store: Tenant, order: OrderRow) {
  const adapter = await storefrontAdapterOf(ctx, store.id);
  if (!adapter) throw unprocessable(ORDER_MESSAGES.shopifyNotConnected);
  let remote: Awaited<ReturnType<typeof adapter.fetchOrder>>;
  try {
    remote = await adapter.fetchOrder(order.externalId!);
  } catch (err) {
    if (isStorefrontError(err)) throw unprocessable(ORDER_MESSAGES.shopifyUnreachable(err.message));
    throw err;
  }
  if (!remote) throw unprocessable(ORDER_MESSAGES.shopifyOrderGone(order.name));
  await applyStorefrontOrder(ctx, store, remote);
}

type OrderSourceKind = 'linnworks' | 'shopify';

/** The store's order sources that are turned on: the Linnworks import, the storefront's connection. */
async function enabledSources(ctx: AppContext, storeId: string): Promise<OrderSourceKind[]> {
  const [linnworks, storefront] = await Promise.all([linnworksEnabled(ctx, storeId), storefrontConnectionOf(ctx, storeId)]);
  return [...(linnworks ? (['linnworks'] as const) : []), ...(storefront ? (['shopify'] as const) : [])];
}

/**
 * POST /api/orders/resyncAll ("Resync All Orders"): runs every enabled order source's import as a
 * background job (an import may read many pages and record many orders); GET /api/jobs/{id} shows its
 * progress (one item per order to record) and result. 422 when the store has no order source on.
 */
export async function queueResyncAll(ctx: AppContext, store: Tenant, actor: Actor): Promise<z.input<typeof ZOrdersResyncStarted>> {
  const sources = await enabledSources(ctx, store.id);
  if (!sources.length) throw unprocessable(ORDER_MESSAGES.noOrderSources);
  const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: ORDERS_RESYNC_JOB, payload: { sources }, total: 0, createdBy: actorStamp(actor) });
  await ctx.jobs.dispatch(job);
  return { jobId: job.id, message: ORDER_MESSAGES.resyncQueued };
}

/** The Resync All job: each source's import in turn; a source that fails stops the job with its reason. */
async function runResyncAll(ctx: AppContext, { job, setTotal, itemDone, itemFailed }: JobContext) {
  const store = await findTenant(ctx.db, job.storeId);
  if (!store) throw new Error('The store of this job no longer exists');
  const results: TOrderImportResult[] = [];
  for (const source of await enabledSources(ctx, store.id)) {
    if (source === 'linnworks') {
      results.push(await importLinnworksOrders(ctx, store, { setTotal, orderDone: itemDone, orderFailed: itemFailed }));
    } else {
      // the storefront: the reconciliation's round now (orders changed since its checkpoint)
      const round = await reconcileStorefrontOrders(ctx, store, { setTotal, orderDone: itemDone, orderFailed: itemFailed });
      if (round) {
        const { flaggedLines, ...rest } = round;
        results.push({ source: 'shopify', ...rest, unmatchedLines: flaggedLines });
      }
    }
  }
  return { results };
}

export function registerOrderJobs(ctx: AppContext) {
  ctx.jobs.register(ORDERS_RESYNC_JOB, (jobCtx) => runResyncAll(ctx, jobCtx), { area: 'Orders' });
}
