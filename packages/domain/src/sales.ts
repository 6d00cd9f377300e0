// Selling (docs/sales.md): the rules every sale source shares (the counter at /sell, the
// storefront, the order import). Money in minor units.
import { MAX_AMOUNT_MINOR, MAX_TOTAL_MINOR } from './constants.ts';
import { formatAmountLimit } from './money.ts';
import type { LedgerKind } from './payouts.ts';
import { isSellableNow } from './sellable.ts';
import { isAllowedFrom, statusLabel, type InventoryStatus } from './statuses.ts';

export const SALE_SOURCES = ['counter', 'shopify', 'linnworks'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];
// store_credit: the whole sale paid from one consigner's store credit (docs/consigner-account.md "Store credit")
export const PAYMENT_METHODS = ['cash', 'card', 'other', 'store_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = { cash: 'Cash', card: 'Card', other: 'Other', store_credit: 'Store credit' } as const satisfies Record<PaymentMethod, string>;

/** Counter sales are named S-1001, S-1002, ... per store. */
export const COUNTER_ORDER_PREFIX = 'S-';
export const FIRST_COUNTER_ORDER_NUMBER = 1001;

/** The next counter order name after the store's highest counter number (0 when none yet). */
export function nextCounterOrderName(lastNumber: number): string {
  return `${COUNTER_ORDER_PREFIX}${Math.max(lastNumber + 1, FIRST_COUNTER_ORDER_NUMBER)}`;
}

/**
 * A name for an imported order whose own name another order of the store already has: the name with
 * the first free suffix -2, -3, ... (names are unique per store; the source's id stays in externalId).
 */
export function freeOrderName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) if (!taken.has(`${name}-${n}`)) return `${name}-${n}`;
}

/** User-facing texts of selling (wording ours: the spec has no counter sale). */
export const SALE_MESSAGES = {
  noLines: 'Add at least one item to the sale',
  duplicateLine: 'The same item is twice in the sale',
  lineWithoutItem: 'A line without an item needs a title and a price',
  itemNotFound: 'Inventory not found',
  orderNotFound: 'Order not found',
  notSellable: (code: string, status: InventoryStatus) => `${code} cannot be sold: it is ${statusLabel(status)}`,
  alreadyInOpenSale: (code: string) => `${code} is already in another open sale`,
  saleRecorded: (name: string) => `Sale ${name} recorded`,
  alreadyRecorded: (name: string) => `Sale ${name} was already recorded`,
  keyReused: (name: string) =>
    `Sale ${name} was already recorded under this sale key with other items or another payment method: this basket was NOT sold. Check ${name} below, then complete the sale again as a new sale.`,
  alreadyUndone: (name: string) => `Sale ${name} is already undone`,
  notPending: (name: string) => `Sale ${name} is not awaiting payment`,
  paidOut: (code: string) => `Cannot undo this sale: ${code} is already paid out to its consigner`,
  undone: (name: string) => `Sale ${name} undone; its items are back on sale`,
  markedPaid: (name: string) => `Sale ${name} marked as paid`,
  receiptSent: (email: string) => `Receipt sent to ${email}`,
  badLinePrice: `A line's price must be a whole number of cents from 0 to ${formatAmountLimit(MAX_AMOUNT_MINOR)}`,
  totalTooLarge: `A sale's total must be at most ${formatAmountLimit(MAX_TOTAL_MINOR)}: split it into several sales`,
} as const;

/**
 * Whether a repeated sale key names the same sale (docs/sales.md "Idempotency"): the same items (in
 * any order) and the same payment method. A key replayed with another basket is a 409, never the
 * first sale's 200: the cashier must learn the second basket was not sold.
 */
export function sameBasket(
  recorded: { inventoryIds: readonly (string | null)[]; paymentMethod: PaymentMethod | null; creditConsignerId?: string | null },
  asked: { inventoryIds: readonly string[]; paymentMethod: PaymentMethod | null; creditConsignerId?: string | null },
): boolean {
  const a = [...recorded.inventoryIds].filter((id): id is string => id !== null).sort();
  const b = [...asked.inventoryIds].sort();
  // paid with store credit: the same consigner's credit too
  const sameCredit = (recorded.creditConsignerId ?? null) === (asked.creditConsignerId ?? null);
  return recorded.paymentMethod === asked.paymentMethod && sameCredit && a.length === b.length && a.every((id, i) => id === b[i]);
}

/** Whether a line price (minor units) is one the columns hold. */
export function isLinePrice(price: number): boolean {
  return Number.isSafeInteger(price) && price >= 0 && price <= MAX_AMOUNT_MINOR;
}

/** Whether a sale's total (minor units) fits the order's total column. */
export function saleTotalFits(totalMinor: number): boolean {
  return totalMinor <= MAX_TOTAL_MINOR;
}

/** The status a sold item takes: paid orders sell it (Sold), pending ones hold it (PendingSale). */
export function saleStatusOf(financialStatus: 'paid' | 'pending'): 'Sold' | 'PendingSale' {
  return financialStatus === 'paid' ? 'Sold' : 'PendingSale';
}

/** Whether an item in this status may join a sale of this kind (the transition table's rows). */
export function isSellable(status: InventoryStatus, financialStatus: 'paid' | 'pending'): boolean {
  // A sale takes items sellable now (sellable.ts, the storefront's list too); an item already held by a
  // pending order is paid through that order (markOrderPaid), not sold again.
  return isSellableNow(status) && isAllowedFrom(financialStatus === 'paid' ? 'markSold' : 'markPendingSale', status);
}

export type LedgerAmount = { kind: LedgerKind; amount: number };

/**
 * The ledger entries of an item becoming Sold: its proceeds before fees (price x quantity) and the
 * fees (total - price x quantity, total being payout x quantity, fixed at intake). Zero amounts are
 * not written; the two always add up to the item's total.
 */
export function saleLedgerAmounts(item: { price: number; quantity: number; total: number }): LedgerAmount[] {
  const sale = item.price * item.quantity;
  const fee = item.total - sale;
  return [
    { kind: 'sale' as const, amount: sale },
    { kind: 'fee' as const, amount: fee },
  ].filter((e) => e.amount !== 0);
}

// an undone sale paid with store credit gives the credit back
const REVERSAL: Partial<Record<LedgerKind, LedgerKind>> = { sale: 'sale_undone', fee: 'fee_undone', store_credit_spent: 'store_credit_returned' };
const ADJUSTED: Partial<Record<LedgerKind, LedgerKind>> = { sale_adjustment: 'sale', fee_adjustment: 'fee' };

/**
 * The reversing entries of an undone sale: each sale or fee entry written for it, negated, less what
 * an earlier reversal already took back. Entries of other kinds are left alone.
 */
export function undoLedgerAmounts<T extends LedgerAmount & { inventoryId: string | null }>(entries: readonly T[]): (LedgerAmount & { inventoryId: string | null })[] {
  const open = new Map<string, number>();
  const key = (kind: LedgerKind, inventoryId: string | null) => `${kind}|${inventoryId ?? ''}`;
  for (const e of entries) {
    const reversed = Object.entries(REVERSAL).find(([, to]) => to === e.kind)?.[0] as LedgerKind | undefined;
    // a correction of the sale is part of what an undo takes back
    const base = REVERSAL[e.kind] ? e.kind : (ADJUSTED[e.kind] ?? reversed);
    if (!base) continue;
    open.set(key(base, e.inventoryId), (open.get(key(base, e.inventoryId)) ?? 0) + e.amount);
  }
  const out: (LedgerAmount & { inventoryId: string | null })[] = [];
  for (const [k, amount] of open) {
    if (amount === 0) continue;
    const [kind, inventoryId] = k.split('|') as [LedgerKind, string];
    out.push({ kind: REVERSAL[kind]!, amount: -amount, inventoryId: inventoryId || null });
  }
  return out;
}

/** Whether an item of a sale still allows the sale to be undone: not paid out yet. */
export function blocksUndo(item: { status: InventoryStatus; inPayout: boolean }): boolean {
  return item.inPayout || item.status === 'Paid';
}
