// The counter sale (/sell; docs/sales.md): items found by code or search, sold through recordSale,
// a receipt to print or e-mail, and undo while nothing is paid out.
import {
  formatMoney,
  isInventoryStatus,
  isSellable,
  mailboxKey,
  plainTextName,
  PAYMENT_METHOD_LABELS,
  SALE_MESSAGES,
  sameBasket,
  searchWords,
  storeCreditCodeOf,
  toMajor,
  toMinor,
  type ZStoreCreditHolders,
  type ZCounterSaleBody,
  type ZInventoryItem,
  type ZSale,
  type ZSaleKeyConflict,
  type ZSaleMessage,
  type ZSaleReceiptResult,
  type ZSaleResult,
  type ZSaleSummaries,
  type ZSellableItem,
  type ZSellableItems,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { throttleOf } from '../../shared/throttle.ts';
import { conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { ZPaginatedInventoriesQuery } from '@backroom/domain';
import { findPaginatedInventories } from '../inventory-queries/index.ts';
import { toInventoryItem, inventoryRecords } from '../inventory/index.ts';
import { consignerLedger } from '../ledger/index.ts';
import { toSale, toSaleSummary } from './sales.mapper.ts';
import { salesRepository, type OrderRow, type SaleLines } from './sales.repository.ts';
import { recordSale, undoSale } from './sales.service.ts';

const SEARCH_LIMIT = 20;
const RECENT_LIMIT = 10;

type ItemView = z.input<typeof ZInventoryItem>;

function toSellable(item: ItemView): z.input<typeof ZSellableItem> {
  const c = item.consigner;
  return {
    id: item.id,
    code: item.code,
    title: item.title,
    sku: item.sku,
    status: item.status,
    option1Value: item.option1Value,
    option2Value: item.option2Value,
    option3Value: item.option3Value,
    price: item.price,
    quantity: item.quantity,
    image: item.image ?? item.product.image,
    location: item.location,
    subLocation: item.subLocation,
    consignerName: c ? `${c.firstName} ${c.lastName}`.trim() : null,
  };
}

/** An item by its code as printed on its label (typed in any case). */
async function itemByCode(ctx: AppContext, store: Tenant, code: string) {
  const wanted = code.trim();
  return (
    (await inventoryRecords.findByCode(ctx.db, store.id, wanted)) ??
    (wanted !== wanted.toUpperCase() ? await inventoryRecords.findByCode(ctx.db, store.id, wanted.toUpperCase()) : null)
  );
}

const noSuchCode = (code: string) => notFound(`No item with code ${code.trim()}`);

/** GET /api/sales/item: the item a scanned or typed code names, refused when it cannot be sold now. */
export async function findSellableItem(ctx: AppContext, store: Tenant, code: string): Promise<z.input<typeof ZSellableItem>> {
  const item = await itemByCode(ctx, store, code);
  if (!item) throw noSuchCode(code);
  if (!isInventoryStatus(item.status) || !isSellable(item.status, 'paid')) throw conflict(SALE_MESSAGES.notSellable(item.code, item.status as never));
  const [row] = await inventoryRecords.findWithRelations(ctx.db, store.id, [item.id]);
  return toSellable(toInventoryItem(row));
}

/** GET /api/sales/items: the Active items a search finds (the inventory list's search), the first 20. */
export async function searchSellableItems(ctx: AppContext, store: Tenant, actor: EmployeeActor, search: string): Promise<z.input<typeof ZSellableItems>> {
  const q = ZPaginatedInventoriesQuery.parse({ status: 'Active', search, pageSize: String(SEARCH_LIMIT), takeProducts: 'true', takeConsigners: 'true' });
  const page = await findPaginatedInventories(ctx, store, actor, q);
  const rows = (page.rows as ItemView[]).map(toSellable);
  return { rows, count: page.count };
}

async function saleView(ctx: AppContext, store: Tenant, order: OrderRow): Promise<z.input<typeof ZSale>> {
  const lines: SaleLines = await salesRepository.lineItemsWithItems(ctx.db, store.id, order.id);
  return toSale(order, lines, store);
}

/** GET /api/sales: the store's newest counter sales (Recent sales on /sell). */
export async function recentCounterSales(ctx: AppContext, store: Tenant): Promise<z.input<typeof ZSaleSummaries>> {
  const rows = await salesRepository.recentOrders(ctx.db, store.id, 'counter', RECENT_LIMIT);
  return { rows: rows.map((r) => toSaleSummary(r.order, r.itemCount)) };
}

/** GET /api/sales/{id}: a sale with its lines, for the receipt. */
export async function getSale(ctx: AppContext, store: Tenant, orderId: string): Promise<z.input<typeof ZSale>> {
  const order = await salesRepository.findById(ctx.db, store.id, orderId);
  if (!order) throw notFound(SALE_MESSAGES.orderNotFound);
  return saleView(ctx, store, order);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The receipt as an e-mail: plain text, and the same as a small HTML table. */
function receiptMail(store: Tenant, sale: z.input<typeof ZSale>) {
  const money = (major: number) => formatMoney(toMinor(major), store.currency);
  const date = new Date(sale.orderDate).toUTCString();
  const method = sale.paymentMethod ? PAYMENT_METHOD_LABELS[sale.paymentMethod] : '';
  const lines = sale.lines.filter((l) => l.active);
  // The store's name is plain text typed by its staff: no links made of it in anyone's mail program.
  const name = plainTextName(store.name);
  const text = [
    name,
    `Receipt ${sale.name} - ${date}`,
    '',
    ...lines.map((l) => `${l.title}${l.code ? ` (${l.code})` : ''}  ${money(l.price * l.quantity)}`),
    '',
    `Total  ${money(sale.total)}`,
    method ? `Paid by ${method.toLowerCase()}` : '',
    '',
    `Thank you for shopping with us. Questions: ${store.supportEmail}`,
  ].join('\n');
  const rows = lines
    .map((l) => `<tr><td>${escapeHtml(l.title)}${l.code ? ` <small>(${escapeHtml(l.code)})</small>` : ''}</td><td style="text-align:right">${escapeHtml(money(l.price * l.quantity))}</td></tr>`)
    .join('');
  const html = `<h2>${escapeHtml(name)}</h2><p>Receipt ${escapeHtml(sale.name)} - ${escapeHtml(date)}</p><table cellpadding="4">${rows}<tr><th style="text-align:left">Total</th><th style="text-align:right">${escapeHtml(money(sale.total))}</th></tr></table>${method ? `<p>Paid by ${escapeHtml(method.toLowerCase())}</p>` : ''}<p>Thank you for shopping with us. Questions: ${escapeHtml(store.supportEmail)}</p>`;
  return { subject: `Your receipt from ${name} (${sale.name})`, text, html };
}

/** Sends the receipt unless this address had its share lately (3 in 15 minutes, as the sign-in page's e-mails). */
async function mailReceipt(
  ctx: AppContext,
  store: Tenant,
  actor: EmployeeActor,
  sale: z.input<typeof ZSale>,
  email: string,
): Promise<{ sent: true } | { sent: false; refusal: string; retryAfter: number }> {
  // The mailbox counts within this store only: another store's receipts never block this one's.
  const throttled = await throttleOf(ctx).before('/sales/receipt', { recipient: `${store.id}|${mailboxKey(email)}`, sender: actor.id, store: store.id });
  if (throttled) return { sent: false, refusal: throttled.message, retryAfter: throttled.retryAfter };
  await ctx.mailer.send({ storeId: store.id, to: email, ...receiptMail(store, sale) });
  return { sent: true };
}

/**
 * POST /api/sales: a counter sale (paid at once: its items become Sold). Lines name items by id or
 * code; the sale key makes a double submit record one sale. The receipt goes to the customer's
 * e-mail when one is given (once, when the sale is recorded).
 */
export async function sellAtCounter(
  ctx: AppContext,
  store: Tenant,
  actor: EmployeeActor,
  body: z.output<typeof ZCounterSaleBody>,
): Promise<{ ok: z.input<typeof ZSaleResult> } | { keyReused: z.input<typeof ZSaleKeyConflict> }> {
  const ids: string[] = [];
  for (const line of body.lines) {
    if (line.inventoryId) {
      ids.push(line.inventoryId);
      continue;
    }
    const item = await itemByCode(ctx, store, line.code!);
    if (!item) throw noSuchCode(line.code!);
    ids.push(item.id);
  }
  const customer = { first_name: body.customerName ?? null, email: body.customerEmail ?? null };
  const { order, created } = await recordSale(
    ctx,
    store,
    { id: actor.id, name: actor.name },
    {
      source: 'counter',
      externalId: body.saleKey ?? null,
      financialStatus: 'paid',
      paymentMethod: body.paymentMethod,
      customer,
      lines: ids.map((inventoryId) => ({ inventoryId })),
      storeCredit: body.paymentMethod === 'store_credit' && body.creditConsignerId ? { consignerId: body.creditConsignerId } : null,
    },
  );
  const sale = await saleView(ctx, store, order);
  // whose credit paid the recorded sale (a replay must name the same consigner)
  const spent = created ? null : (await consignerLedger.entriesOfOrder(ctx.db, store.id, order.id)).find((e) => e.kind === 'store_credit_spent');
  const recordedCredit = created ? (body.creditConsignerId ?? null) : (spent?.consignerId ?? null);
  // A repeated key answers the first sale only when it is the same sale (a retry after a lost answer);
  // a basket edited since is not sold, and the cashier must be told (docs/sales.md "Idempotency").
  if (
    !created &&
    !sameBasket(
      { inventoryIds: sale.lines.map((l) => l.inventoryId), paymentMethod: order.paymentMethod ?? null, creditConsignerId: recordedCredit },
      { inventoryIds: ids, paymentMethod: body.paymentMethod, creditConsignerId: body.creditConsignerId ?? null },
    )
  ) {
    return { keyReused: { error: SALE_MESSAGES.keyReused(order.name), code: 'SALE_KEY_REUSED', sale } };
  }
  const mailed = created && body.customerEmail ? await mailReceipt(ctx, store, actor, sale, body.customerEmail) : null;
  const receipt = mailed ? (mailed.sent ? ('sent' as const) : ('limited' as const)) : null;
  return { ok: { message: created ? SALE_MESSAGES.saleRecorded(order.name) : SALE_MESSAGES.alreadyRecorded(order.name), created, receipt, sale } };
}

/**
 * GET /api/sales/creditAccounts: consigners whose store credit may pay a sale, found by every word of
 * a name or e-mail, or by the store credit code on their account (docs/consigner-account.md).
 */
export async function searchCreditHolders(ctx: AppContext, store: Tenant, search: string): Promise<z.input<typeof ZStoreCreditHolders>> {
  const text = search.trim();
  const rows = await consignerLedger.searchCreditHolders(ctx.db, store.id, searchWords(text), text);
  return {
    rows: rows.map((r) => ({ consignerId: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, code: storeCreditCodeOf(r.id), balance: toMajor(Number(r.balance)) })),
  };
}

/** POST /api/sales/{id}/receipt: the receipt e-mailed to an address (429 past the limit). */
export async function emailReceipt(ctx: AppContext, store: Tenant, actor: EmployeeActor, orderId: string, email: string): Promise<z.input<typeof ZSaleReceiptResult>> {
  const sale = await getSale(ctx, store, orderId);
  const mailed = await mailReceipt(ctx, store, actor, sale, email);
  if (!mailed.sent) throw tooManyRequests(mailed.refusal, mailed.retryAfter);
  return { message: SALE_MESSAGES.receiptSent(email) };
}

/** POST /api/sales/{id}/undo: the sale undone, its items back on sale. */
export async function undoCounterSale(ctx: AppContext, store: Tenant, actor: EmployeeActor, orderId: string): Promise<z.input<typeof ZSaleMessage>> {
  const { order } = await undoSale(ctx, store, { id: actor.id, name: actor.name }, orderId);
  return { message: SALE_MESSAGES.undone(order.name), sale: await saleView(ctx, store, order) };
}
