// Selling (docs/sales.md): recordSale is the one entry of every sale source (the counter at
// /sell, the storefront adapter, the order import). A sale, its line items, its items' moves and log
// entries and its ledger entries commit in one transaction, or none of them does.
import {
  blocksUndo,
  canSpendCredit,
  formatMoney,
  STORE_CREDIT_MESSAGES,
  freeOrderName,
  isInventoryStatus,
  isLinePrice,
  isSellable,
  nextCounterOrderName,
  SALE_MESSAGES,
  saleLedgerAmounts,
  saleStatusOf,
  saleTotalFits,
  undoLedgerAmounts,
  type InventoryStatus,
  type LineFlag,
  type PaymentMethod,
  type SaleSource,
} from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Customer } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { logEntry, modifiedFields, writeInventoryLogs, type LogAuthor } from '../../shared/inventory-log.ts';
import { inventoryRecords, type InventoryChanges, type InventoryRow } from '../inventory/index.ts';
import { consignerLedger, type NewLedgerEntry } from '../ledger/index.ts';
import { consignerNotifier, noticeItemOf, type Notifier } from '../notifications/index.ts';
import { pgConstraintName, pgErrorCode, pgErrorDetail, UNIQUE_VIOLATION } from '../../shared/pg-errors.ts';
import { salesRepository, type LineItemRow, type OrderRow } from './sales.repository.ts';

export type { LineItemRow, OrderRow };

export type SaleLineInput = {
  /**
   * The item sold; null for a line of an imported order that matches no item of the store (kept as
   * a line without an item: it moves nothing and writes no ledger entry; docs/orders.md).
   */
  inventoryId: string | null;
  /** Minor units; the item's price when absent (required for a line without an item). */
  price?: number;
  title?: string;
  sku?: string;
  /** Units of a line without an item (an item's line takes the item's quantity). */
  quantity?: number;
  externalLineId?: string | null;
  /**
   * A line staff must look at (a storefront order's line whose item was not available): kept without an
   * item, it moves nothing (docs/storefront-orders.md "Flagged lines").
   */
  flag?: { code: LineFlag; message: string } | null;
  /** false: recorded as already taken back (a storefront line refunded before the order was recorded). */
  active?: boolean;
};

export type SaleInput = {
  source: SaleSource;
  /** The source's order id: the same (source, externalId) again returns the existing order, created: false. */
  externalId?: string | null;
  /** The order's name; counter sales (and any source without one) get the store's next 'S-1001', 'S-1002', ... */
  name?: string | null;
  /** paid -> items Sold (soldOn set); pending -> PendingSale until markOrderPaid. */
  financialStatus: 'paid' | 'pending';
  paymentMethod?: PaymentMethod | null;
  customer?: Customer;
  orderDate?: Date;
  lines: SaleLineInput[];
  /** paid with store credit (paymentMethod store_credit): the consigner whose credit pays the whole total */
  storeCredit?: { consignerId: string } | null;
};

/** Who records the sale: staff at the counter, or a source's import ({ id: null, name: 'Linnworks import' }). */
export type SaleAuthor = { id: string | null; name: string };

const author = (by: SaleAuthor): LogAuthor => ({ id: by.id ?? '', name: by.name });

/**
 * The ledger entries of items becoming Sold in an order. An item the store bought from its consigner
 * (buyingId or paymentType set) is the store's own when resold: its seller was credited once by the
 * payout that bought it (docs/payouts.md), so its resale writes nothing to their ledger.
 */
function soldEntries(storeId: string, orderId: string, items: InventoryRow[], by: SaleAuthor): NewLedgerEntry[] {
  const consigned = items.filter((item) => item.buyingId === null && item.paymentType === null);
  return consigned.flatMap((item) =>
    saleLedgerAmounts(item).map((e) => ({ storeId, consignerId: item.consignerId, kind: e.kind, amount: e.amount, inventoryId: item.id, orderId, createdById: by.id })),
  );
}

/**
 * Where a sale's e-mails go: a source recording many sales in one run (an import) passes its own
 * notifier and group key, so each consigner gets one e-mail for the run, and delivers at its end.
 */
export type SaleNotices = { notifier: Notifier; groupKey?: string };

/** The 'sold' e-mails of items that became Sold (a consigner's own items; not the store's bought ones). */
async function notifySold(tx: DbOrTx, notices: SaleNotices, sold: InventoryRow[]): Promise<void> {
  const consigned = sold.filter((item) => item.status === 'Sold' && item.buyingId === null && item.paymentType === null);
  await notices.notifier.add(tx, 'sold', consigned.map(noticeItemOf), { groupKey: notices.groupKey });
}

/** Moves locked items to a status with their log entries; returns the updated rows. */
async function moveItems(tx: DbOrTx, storeId: string, items: InventoryRow[], changes: InventoryChanges, by: SaleAuthor, now: Date): Promise<InventoryRow[]> {
  if (!items.length) return [];
  const stamp = author(by);
  const rows = await inventoryRecords.updateMany(
    tx,
    storeId,
    items.map((i) => i.id),
    { ...changes, lastUpdatedById: by.id, lastUpdatedByName: by.name },
  );
  await writeInventoryLogs(
    tx,
    items.map((item) => logEntry(item, stamp, modifiedFields(item, changes), now)),
  );
  return rows;
}

/**
 * The order shipped (a storefront's fulfilment): its `shipped_at` set, and each item it still sells
 * gets a 'Shipped on' entry in its activity, in the caller's transaction (docs/storefront-orders.md
 * "Shipping"). The items themselves do not change: a payout hold may count from this day.
 */
export async function markOrderShippedIn(tx: DbOrTx, storeId: string, orderId: string, by: SaleAuthor, at: Date): Promise<void> {
  await salesRepository.updateOrder(tx, storeId, orderId, { shippedAt: at });
  const lines = (await salesRepository.lineItems(tx, storeId, orderId)).filter((l) => l.active && l.inventoryId !== null);
  const field = { variableChanged: 'shippedOn', beforeValue: null, afterValue: at.toISOString() };
  await writeInventoryLogs(
    tx,
    lines.map((l) => logEntry({ id: l.inventoryId!, storeId, title: l.title }, author(by), [field], new Date())),
  );
}

/** A unique violation of "an item in at most one open order" read as the 409 it is. */
function openSaleConflict(err: unknown, items: InventoryRow[]): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION && pgConstraintName(err) === 'line_items_open_inventory_uq') {
    // the detail names the key: (store_id, inventory_id)=(..., <the item>)
    const detail = pgErrorDetail(err) ?? '';
    const item = items.find((i) => detail.includes(i.id)) ?? (items.length === 1 ? items[0] : null);
    throw conflict(SALE_MESSAGES.alreadyInOpenSale(item?.code ?? 'An item'));
  }
  throw err;
}

function checkLines(lines: SaleLineInput[]): void {
  if (!lines.length) throw badRequest(SALE_MESSAGES.noLines);
  const ids = lines.flatMap((l) => (l.inventoryId ? [l.inventoryId] : []));
  if (new Set(ids).size !== ids.length) throw badRequest(SALE_MESSAGES.duplicateLine);
  if (lines.some((l) => !l.inventoryId && (l.price === undefined || !l.title))) throw badRequest(SALE_MESSAGES.lineWithoutItem);
  if (lines.some((l) => l.price !== undefined && !isLinePrice(l.price))) throw badRequest(SALE_MESSAGES.badLinePrice);
}

/**
 * Records a sale from any source in one transaction: checks each item is sellable (the transition
 * table: Active -> Sold for a paid order, Active -> PendingSale for a pending one), writes the order
 * and its line items, moves the items (orderId, soldOn) with their log entries, and appends the
 * ledger entries of the items sold. The store's sales run one at a time (an advisory lock), so the
 * order names follow each other and a sale sent twice (same source and externalId) is recorded once:
 * the second call answers the first order with created: false. An item already in an open order is
 * refused with 409, also when two sales of it arrive at once.
 */
export async function recordSale(
  ctx: AppContext,
  store: Tenant,
  by: SaleAuthor,
  input: SaleInput,
  opts: { notices?: SaleNotices } = {},
): Promise<{ order: OrderRow; created: boolean }> {
  checkLines(input.lines);
  const notices = opts.notices ?? { notifier: consignerNotifier(ctx, store.id, store) };
  const locked: InventoryRow[] = [];
  let result: { order: OrderRow; created: boolean };
  try {
    result = await ctx.db.transaction(async (tx) => recordSaleIn(tx, store, by, input, notices, locked));
  } catch (err) {
    return openSaleConflict(err, locked);
  }
  if (!opts.notices) await notices.notifier.deliver();
  return result;
}

/**
 * recordSale inside the caller's transaction (the storefront's webhook writes its delivery's id in the
 * same one): the caller delivers the notices after the commit. `locked` receives the items locked.
 */
export async function recordSaleIn(tx: DbOrTx, store: Tenant, by: SaleAuthor, input: SaleInput, notices: SaleNotices, locked: InventoryRow[] = []): Promise<{ order: OrderRow; created: boolean }> {
  checkLines(input.lines);
  const now = new Date();
  await salesRepository.lockStoreSales(tx, store.id);
  if (input.externalId) {
    const existing = await salesRepository.findByExternalId(tx, store.id, input.source, input.externalId);
    if (existing) return { order: existing, created: false };
  }
  locked.push(
    ...(await inventoryRecords.lockByIds(
      tx,
      store.id,
      input.lines.flatMap((l) => (l.inventoryId ? [l.inventoryId] : [])),
    )),
  );
  const byId = new Map(locked.map((i) => [i.id, i]));
  const lineItemsOf = input.lines.map((line) => {
    if (!line.inventoryId) return null;
    const item = byId.get(line.inventoryId);
    if (!item) throw notFound(SALE_MESSAGES.itemNotFound);
    const status = item.status as InventoryStatus;
    if (!isInventoryStatus(status) || !isSellable(status, input.financialStatus)) throw conflict(SALE_MESSAGES.notSellable(item.code, status));
    return item;
  });
  const items = lineItemsOf.filter((i): i is InventoryRow => i !== null);

  const name = await orderName(tx, store.id, input);
  const lines = input.lines.map((line, i) => {
    const item = lineItemsOf[i];
    return { line, item, price: line.price ?? item?.price ?? 0, quantity: item?.quantity ?? line.quantity ?? 1 };
  });
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (!saleTotalFits(total)) throw unprocessable(SALE_MESSAGES.totalTooLarge);
  if (input.storeCredit) await checkCreditTender(tx, store, input.storeCredit.consignerId, total);
  const order = await salesRepository.insertOrder(tx, {
    storeId: store.id,
    name,
    source: input.source,
    externalId: input.externalId ?? null,
    shopifyId: input.source === 'shopify' ? (input.externalId ?? null) : null,
    customer: input.customer ?? {},
    financialStatus: input.financialStatus,
    status: 'open',
    paymentMethod: input.paymentMethod ?? null,
    total,
    orderDate: input.orderDate ?? now,
    createdById: by.id,
    createdByName: by.name,
  });
  await salesRepository.insertLineItems(
    tx,
    lines.map(({ line, item, price, quantity }) => ({
      storeId: store.id,
      orderId: order.id,
      inventoryId: item?.id ?? null,
      title: (line.title ?? item?.title) || item?.code || '',
      sku: line.sku ?? item?.sku ?? null,
      price,
      quantity,
      shopifyId: line.externalLineId ?? null,
      active: line.active ?? true,
      flag: line.flag?.code ?? null,
      flagMessage: line.flag?.message ?? null,
    })),
  );
  if (input.storeCredit) {
    // the spend, in the sale's transaction with the holder's row locked (checkCreditTender)
    await consignerLedger.append(tx, [
      { storeId: store.id, consignerId: input.storeCredit.consignerId, kind: 'store_credit_spent', amount: -total, orderId: order.id, memo: STORE_CREDIT_MESSAGES.spentMemo(order.name), createdById: by.id },
    ]);
  }
  const to = saleStatusOf(input.financialStatus);
  // an imported order sold its items when it was placed; a counter sale now
  const sold = await moveItems(tx, store.id, items, { status: to, orderId: order.id, soldOn: to === 'Sold' ? order.orderDate : null }, by, now);
  if (to === 'Sold') {
    await consignerLedger.append(tx, soldEntries(store.id, order.id, sold, by));
    await notifySold(tx, notices, sold);
  }
  return { order, created: true };
}

/**
 * A sale paid with store credit (docs/consigner-account.md "Store credit"): the holder's row is locked
 * in the sale's transaction before their credit balance is read, so two spends of one balance at once
 * run one after the other and the second sees what the first spent; never beyond the balance (422).
 * Another store's consigner, or the store's own account, is 404.
 */
async function checkCreditTender(tx: DbOrTx, store: Tenant, consignerId: string, total: number): Promise<void> {
  const holder = await consignerLedger.lockCreditHolder(tx, store.id, consignerId);
  if (!holder || holder.isStoreAccount) throw notFound(STORE_CREDIT_MESSAGES.consignerNotFound);
  if (total <= 0) throw unprocessable(STORE_CREDIT_MESSAGES.nothingToPay);
  const balance = await consignerLedger.creditBalanceOf(tx, store.id, consignerId);
  if (!canSpendCredit(balance, total)) {
    const name = `${holder.firstName} ${holder.lastName}`.trim();
    throw unprocessable(STORE_CREDIT_MESSAGES.notEnough(name, formatMoney(balance, store.currency), formatMoney(total, store.currency)));
  }
}

/** The order's name: the source's own (made unique in the store), else the next counter name. */
async function orderName(tx: DbOrTx, storeId: string, input: SaleInput): Promise<string> {
  const given = input.source === 'counter' ? null : input.name?.trim();
  if (!given) return nextCounterOrderName(await salesRepository.lastCounterNumber(tx, storeId));
  const candidates = [given, ...Array.from({ length: 20 }, (_, i) => `${given}-${i + 2}`)];
  const taken = new Set(await salesRepository.takenNames(tx, storeId, candidates));
  return freeOrderName(given, taken);
}

/** The open order and its items still held by it (row-locked), for the changes below. */
async function lockOrderWithItems(tx: DbOrTx, storeId: string, orderId: string) {
  const order = await salesRepository.lockById(tx, storeId, orderId);
  if (!order) throw notFound(SALE_MESSAGES.orderNotFound);
  const lines = await salesRepository.lineItems(tx, storeId, orderId);
  const ids = lines.filter((l) => l.active && l.inventoryId).map((l) => l.inventoryId!);
  const items = await inventoryRecords.lockByIds(tx, storeId, ids);
  return { order, lines, items };
}

/**
 * A pending order paid: its items held as PendingSale become Sold (soldOn now) with their log and
 * ledger entries. Paying an order already paid changes nothing (changed: false).
 */
export async function markOrderPaid(ctx: AppContext, store: Tenant, by: SaleAuthor, orderId: string): Promise<{ order: OrderRow; changed: boolean }> {
  const notices: SaleNotices = { notifier: consignerNotifier(ctx, store.id, store) };
  const result = await ctx.db.transaction(async (tx) => markOrderPaidIn(tx, store, by, orderId, notices));
  await notices.notifier.deliver();
  return result;
}

/** markOrderPaid inside the caller's transaction; the caller delivers the notices after the commit. */
export async function markOrderPaidIn(tx: DbOrTx, store: Tenant, by: SaleAuthor, orderId: string, notices: SaleNotices): Promise<{ order: OrderRow; changed: boolean }> {
  const { order, items } = await lockOrderWithItems(tx, store.id, orderId);
  if (order.status !== 'open') throw conflict(SALE_MESSAGES.alreadyUndone(order.name));
  if (order.financialStatus === 'paid') return { order, changed: false };
  if (order.financialStatus !== 'pending') throw conflict(SALE_MESSAGES.notPending(order.name));
  const now = new Date();
  const held = items.filter((i) => i.status === 'PendingSale' && i.orderId === order.id);
  const sold = await moveItems(tx, store.id, held, { status: 'Sold', soldOn: now }, by, now);
  await consignerLedger.append(tx, soldEntries(store.id, order.id, sold, by));
  await notifySold(tx, notices, sold);
  const updated = await salesRepository.updateOrder(tx, store.id, order.id, { financialStatus: 'paid' });
  return { order: updated, changed: true };
}

/**
 * Undoes a sale while none of its items is paid out: the order turns 'undone', its line items
 * inactive, its items still held by it go back to Active (orderId and soldOn cleared) with log
 * entries, and the ledger gets the reversing entries of what the sale wrote. Refused (409) once an
 * item is in a payout or Paid, and for an order already undone.
 */
export async function undoSale(ctx: AppContext, store: Tenant, by: SaleAuthor, orderId: string): Promise<{ order: OrderRow }> {
  return ctx.db.transaction(async (tx) => {
    const { order, items } = await lockOrderWithItems(tx, store.id, orderId);
    if (order.status === 'undone') throw conflict(SALE_MESSAGES.alreadyUndone(order.name));
    const inPayouts = await salesRepository.itemsInPayouts(
      tx,
      store.id,
      items.map((i) => i.id),
    );
    const blocking = items.find((i) => isInventoryStatus(i.status) && blocksUndo({ status: i.status, inPayout: inPayouts.has(i.id) }));
    if (blocking) throw conflict(SALE_MESSAGES.paidOut(blocking.code));
    const now = new Date();
    const held = items.filter((i) => (i.status === 'Sold' || i.status === 'PendingSale') && i.orderId === order.id);
    await moveItems(tx, store.id, held, { status: 'Active', orderId: null, soldOn: null }, by, now);
    const consignerOf = new Map(items.map((i) => [i.id, i.consignerId]));
    const written = await consignerLedger.entriesOfOrder(tx, store.id, order.id);
    for (const e of written) consignerOf.set(e.inventoryId ?? '', e.consignerId);
    await consignerLedger.append(
      tx,
      undoLedgerAmounts(written).map((e) => ({
        storeId: store.id,
        consignerId: consignerOf.get(e.inventoryId ?? '')!,
        kind: e.kind,
        amount: e.amount,
        inventoryId: e.inventoryId,
        orderId: order.id,
        createdById: by.id,
      })),
    );
    await salesRepository.deactivateLineItems(tx, store.id, order.id);
    const updated = await salesRepository.updateOrder(tx, store.id, order.id, { status: 'undone', undoneAt: now, undoneByName: by.name });
    return { order: updated };
  });
}

/**
 * Takes some lines of a sale back (a storefront's cancellation or refund of those lines;
 * docs/storefront-orders.md): for each active line, its item (still held by the order) goes back to
 * Active with a log entry and the ledger gets the reversing entries of that item's sale, and the line
 * turns inactive. A line whose item is in a payout or Paid is left as it is and answered in `paidOut`
 * (the caller flags it). When no active line is left, the order turns 'undone'.
 */
export async function undoSaleLinesIn(
  tx: DbOrTx,
  store: Tenant,
  by: SaleAuthor,
  orderId: string,
  lineIds: readonly string[] | 'all',
): Promise<{ order: OrderRow; undone: LineItemRow[]; paidOut: { line: LineItemRow; code: string }[] }> {
  const { order, lines, items } = await lockOrderWithItems(tx, store.id, orderId);
  const wanted = lines.filter((l) => l.active && (lineIds === 'all' || lineIds.includes(l.id)));
  const itemOf = new Map(items.map((i) => [i.id, i]));
  const inPayouts = await salesRepository.itemsInPayouts(
    tx,
    store.id,
    wanted.flatMap((l) => (l.inventoryId ? [l.inventoryId] : [])),
  );
  const paidOut: { line: LineItemRow; code: string }[] = [];
  const undone: LineItemRow[] = [];
  const back: InventoryRow[] = [];
  for (const line of wanted) {
    const item = line.inventoryId ? itemOf.get(line.inventoryId) : undefined;
    if (item && isInventoryStatus(item.status) && blocksUndo({ status: item.status, inPayout: inPayouts.has(item.id) })) {
      paidOut.push({ line, code: item.code });
      continue;
    }
    undone.push(line);
    if (item && (item.status === 'Sold' || item.status === 'PendingSale') && item.orderId === order.id) back.push(item);
  }
  const now = new Date();
  await moveItems(tx, store.id, back, { status: 'Active', orderId: null, soldOn: null }, by, now);
  const backIds = new Set(back.map((i) => i.id));
  const written = (await consignerLedger.entriesOfOrder(tx, store.id, order.id)).filter((e) => e.inventoryId && backIds.has(e.inventoryId));
  const consignerOf = new Map(written.map((e) => [e.inventoryId ?? '', e.consignerId]));
  await consignerLedger.append(
    tx,
    undoLedgerAmounts(written).map((e) => ({
      storeId: store.id,
      consignerId: consignerOf.get(e.inventoryId ?? '')!,
      kind: e.kind,
      amount: e.amount,
      inventoryId: e.inventoryId,
      orderId: order.id,
      createdById: by.id,
    })),
  );
  await salesRepository.deactivateLines(
    tx,
    store.id,
    undone.map((l) => l.id),
  );
  const stillActive = lines.filter((l) => l.active && !undone.includes(l));
  const updated =
    stillActive.length === 0 && order.status === 'open' ? await salesRepository.updateOrder(tx, store.id, order.id, { status: 'undone', undoneAt: now, undoneByName: by.name }) : order;
  return { order: updated, undone, paidOut };
}
