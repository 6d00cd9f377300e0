// Selling (issue 11; docs/sales.md): the rules every sale source shares (the counter at /sell, the
// storefront, the order import). Money in minor units.
import type { LedgerKind } from './payouts.ts';
import { isAllowedFrom, statusLabel, type InventoryStatus } from './statuses.ts';

export const SALE_SOURCES = ['counter', 'shopify', 'linnworks'] as const;
export type SaleSource = (typeof SALE_SOURCES)[number];
export const PAYMENT_METHODS = ['cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS = { cash: 'Cash', card: 'Card', other: 'Other' } as const satisfies Record<PaymentMethod, string>;

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
  itemNotFound: 'Inventory not found',
  orderNotFound: 'Order not found',
  notSellable: (code: string, status: InventoryStatus) => `${code} cannot be sold: it is ${statusLabel(status)}`,
  alreadyInOpenSale: (code: string) => `${code} is already in another open sale`,
  saleRecorded: (name: string) => `Sale ${name} recorded`,
  alreadyRecorded: (name: string) => `Sale ${name} was already recorded`,
  alreadyUndone: (name: string) => `Sale ${name} is already undone`,
  notPending: (name: string) => `Sale ${name} is not awaiting payment`,
  paidOut: (code: string) => `Cannot undo this sale: ${code} is already paid out to its consigner`,
  undone: (name: string) => `Sale ${name} undone; its items are back on sale`,
  markedPaid: (name: string) => `Sale ${name} marked as paid`,
  receiptSent: (email: string) => `Receipt sent to ${email}`,
} as const;

/** The status a sold item takes: paid orders sell it (Sold), pending ones hold it (PendingSale). */
export function saleStatusOf(financialStatus: 'paid' | 'pending'): 'Sold' | 'PendingSale' {
  return financialStatus === 'paid' ? 'Sold' : 'PendingSale';
}

/** Whether an item in this status may join a sale of this kind (the transition table's rows). */
export function isSellable(status: InventoryStatus, financialStatus: 'paid' | 'pending'): boolean {
  // A sale takes items that are on sale now; an item already held by a pending order is paid through
  // that order (markOrderPaid), not sold again.
  return status === 'Active' && isAllowedFrom(financialStatus === 'paid' ? 'markSold' : 'markPendingSale', status);
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

const REVERSAL: Partial<Record<LedgerKind, LedgerKind>> = { sale: 'sale_undone', fee: 'fee_undone' };

/**
 * The reversing entries of an undone sale: each sale or fee entry written for it, negated, less what
 * an earlier reversal already took back. Entries of other kinds are left alone.
 */
export function undoLedgerAmounts<T extends LedgerAmount & { inventoryId: string | null }>(entries: readonly T[]): (LedgerAmount & { inventoryId: string | null })[] {
  const open = new Map<string, number>();
  const key = (kind: LedgerKind, inventoryId: string | null) => `${kind}|${inventoryId ?? ''}`;
  for (const e of entries) {
    const reversed = Object.entries(REVERSAL).find(([, to]) => to === e.kind)?.[0] as LedgerKind | undefined;
    const base = REVERSAL[e.kind] ? e.kind : reversed;
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
