// The consigner's account (docs/consigner-account.md): when a sale's money is payable (the hold),
// the minimum a payout run includes, and store credit with the store's bonus. Minor units; days are
// the store's calendar days, passed in.
import { addDays, daysBetween } from './consignment-terms.ts';
import { formatDateLong } from './format.ts';
import { formatMoney } from './money.ts';

/**
 * The day a sold item's money becomes payable: the hold's days after the sale, or after its shipping
 * for an online order when the store counts from shipping (not shipped yet: not payable, null).
 */
export function payableOn(sale: { soldOn: string; shippedOn: string | null; online: boolean }, hold: { days: number; fromShipping: boolean }): string | null {
  if (hold.days === 0) return sale.soldOn;
  if (hold.fromShipping && sale.online) return sale.shippedOn ? addDays(sale.shippedOn, hold.days) : null;
  return addDays(sale.soldOn, hold.days);
}

export function isHeld(payable: string | null, today: string): boolean {
  return payable === null || daysBetween(today, payable) > 0;
}

/** Whether a consigner's balance is enough for a payout run (a minimum of 0 includes every positive balance). */
export function meetsPayoutMinimum(balance: number, minimum: number): boolean {
  return balance > 0 && balance >= minimum;
}

/** The bonus a payout taken as store credit earns (rounded down to the cent: the store never gives more than it says). */
export function storeCreditBonusOf(amount: number, bonusPercent: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('a credit amount is a non-negative integer of minor units');
  if (!(bonusPercent >= 0 && bonusPercent <= 100)) throw new RangeError('a bonus is 0 to 100 percent');
  return Math.floor((amount * Math.round(bonusPercent * 100)) / 10_000);
}

/** What a spend of store credit may take: never beyond the balance, never negative. */
export function creditSpendOf(balance: number, wanted: number): { spent: number; left: number } {
  const spent = Math.max(0, Math.min(balance, wanted));
  return { spent, left: balance - spent };
}

/** The highest bonus a store may give on store credit (percent of the credit). */
export const STORE_CREDIT_BONUS_MAX = 100;

/**
 * The credit ledger amounts of a payout share taken as store credit: the share's amount (what the
 * payout moved from the balance) and the store's bonus on it, the store's cost (a bonus of 0 writes
 * no bonus entry). Minor units.
 */
export function storeCreditEntriesOf(amount: number, bonusPercent: number): { kind: 'store_credit' | 'store_credit_bonus'; amount: number }[] {
  const bonus = storeCreditBonusOf(amount, bonusPercent);
  return [
    { kind: 'store_credit' as const, amount },
    { kind: 'store_credit_bonus' as const, amount: bonus },
  ].filter((e) => e.amount > 0);
}

/** Whether a sale of `total` may be paid from a credit balance: all of it, never beyond the balance. */
export function canSpendCredit(balance: number, total: number): boolean {
  return total > 0 && creditSpendOf(balance, total).spent === total;
}

/**
 * The code on a consigner's account that staff may type at the counter to find their store credit
 * (shown on the portal's Store credit card): the first 8 hex digits of their id, upper case.
 */
export function storeCreditCodeOf(consignerId: string): string {
  return consignerId.replace(/-/g, '').slice(0, 8).toUpperCase();
}
/** A typed text that may be a store credit code (8 hex digits). */
export const STORE_CREDIT_CODE = /^[0-9a-f]{8}$/i;

export const STORE_CREDIT_MESSAGES = {
  bonus: `Store credit bonus must be a whole percentage from 0 to ${STORE_CREDIT_BONUS_MAX}`,
  consignerNeeded: 'Choose the consigner whose store credit pays this sale',
  onlyWithCredit: 'A consigner is only named when the sale is paid with store credit',
  consignerNotFound: 'Consigner not found',
  notEnough: (name: string, balance: string, total: string) => `${name} has ${balance} of store credit: this sale is ${total}, so it cannot be paid with store credit`,
  nothingToPay: 'A sale of nothing cannot be paid with store credit',
  searchNeeded: 'Type a name, e-mail or store credit code',
  payoutMemo: (payout: string) => `Payout ${payout} taken as store credit`,
  bonusMemo: (percent: number, payout: string) => `Store bonus of ${percent}% on payout ${payout}`,
  spentMemo: (sale: string) => `Spent on sale ${sale}`,
  returnedMemo: (sale: string) => `Sale ${sale} undone: credit given back`,
} as const;

/** What a credit movement is called in the portal's history. */
export const STORE_CREDIT_KIND_LABELS = {
  store_credit: 'Payout taken as credit',
  store_credit_bonus: 'Store bonus',
  store_credit_spent: 'Spent in store',
  store_credit_returned: 'Sale undone: credit back',
} as const;

// ---- the payout hold, the minimum and payouts on request (docs/consigner-account.md) ----------

/** The longest hold a store may set (a year): every input is bounded. */
export const PAYOUT_HOLD_DAYS_MAX = 365;

/**
 * What the hold counts from for an online (storefront) order: its sale, or its shipping (the
 * storefront's fulfilment). Counter sales and imported orders always count from the sale.
 */
export const PAYOUT_HOLD_FROM = ['sale', 'shipping'] as const;
export type PayoutHoldFrom = (typeof PAYOUT_HOLD_FROM)[number];
export const PAYOUT_HOLD_FROM_LABELS: Record<PayoutHoldFrom, string> = { sale: 'The sale', shipping: 'Shipping (online orders)' };
export const PAYOUT_HOLD_FROM_MESSAGE = "Payout hold counts from 'sale' or 'shipping'";
/**
 * The order sources whose shipping Backroom reads (the storefront's fulfilments): the online orders a
 * hold counted from shipping applies to. Imported orders (Linnworks) come in processed, so they count
 * from the sale, as counter sales do.
 */
export const SHIPPED_ORDER_SOURCES = ['shopify'] as const;
export const isShippedOrderSource = (source: string | null | undefined) => (SHIPPED_ORDER_SOURCES as readonly string[]).includes(source ?? '');

/** The store's hold as the rules read it (days, and whether online orders count from shipping). */
export type PayoutHold = { days: number; fromShipping: boolean };
export const payoutHoldOf = (store: { payoutHoldDays: number; payoutHoldFrom: PayoutHoldFrom }): PayoutHold => ({ days: store.payoutHoldDays, fromShipping: store.payoutHoldFrom === 'shipping' });

/**
 * The last sale day whose money is payable today under a hold of `days`: a sale on or before it is
 * payable, a later one is held (payableOn = sale + days <= today). The SQL that leaves held sales out
 * of Ready to Pay and of a payout compares the sale's day with this.
 */
export function holdCutoffOf(today: string, days: number): string {
  return addDays(today, -days);
}

/**
 * An unpaid sold item's money, as the ledger holds it: its proceeds (minor units), its sale day, and
 * for an online order whether it is one and the day it shipped (null: not shipped yet).
 */
export type UnpaidProceeds = { amount: number; soldOn: string; online?: boolean; shippedOn?: string | null };
/** Held money by the day it becomes payable; null: an online order not shipped yet (no date until it ships). */
export type HeldAmount = { payableOn: string | null; amount: number };
export type PayableSplit = { payable: number; held: number; heldUntil: HeldAmount[] };

/**
 * A consigner's unpaid proceeds split by the hold: what is payable today and what is held, the held
 * money grouped by the day it becomes payable (earliest first). `carry` is the rest of their balance
 * (fees owed, corrections: docs/payouts.md "Net payable"), which is never held; the payable amount is
 * what a payout of all their payable items would send, never below zero.
 */
export function splitByHold(items: readonly UnpaidProceeds[], carry: number, hold: PayoutHold, today: string): PayableSplit {
  let gross = 0;
  const held = new Map<string | null, number>();
  for (const it of items) {
    const on = payableOn({ soldOn: it.soldOn, shippedOn: it.shippedOn ?? null, online: it.online ?? false }, hold);
    if (isHeld(on, today)) held.set(on, (held.get(on) ?? 0) + it.amount);
    else gross += it.amount;
  }
  // dated first (earliest first), then the money awaiting shipping, which has no date yet
  const heldUntil = [...held]
    .map(([payableOn, amount]) => ({ payableOn, amount }))
    .filter((h) => h.amount !== 0)
    .sort((a, b) => (a.payableOn === null ? 1 : b.payableOn === null ? -1 : a.payableOn.localeCompare(b.payableOn)));
  const payable = gross <= 0 ? 0 : Math.max(0, gross + (carry < 0 ? Math.max(carry, -gross) : carry));
  return { payable, held: heldUntil.reduce((a, h) => a + h.amount, 0), heldUntil };
}

export const PAYOUT_REQUEST_STATUSES = ['Open', 'Paying', 'Paid', 'Cancelled'] as const;
export type PayoutRequestStatus = (typeof PAYOUT_REQUEST_STATUSES)[number];

/** The words of the hold, the minimum and requests (the server's refusals and the screens' reasons). */
export const PAYOUT_ACCOUNT_MESSAGES = {
  nothingPayable: 'Nothing is ready to pay yet',
  heldUntil: (day: string) => `Your sales are on hold until ${formatDateLong(day)}: ask then`,
  heldUntilShipped: 'Your sales are on hold until their orders ship: ask then',
  belowMinimum: (minimum: string, payable: string) => `The store pays out from ${minimum}: ${payable} is ready to pay`,
  staffBelowMinimum: (minimum: string) => `Below the minimum payout of ${minimum}`,
  consignerBelowMinimum: (name: string, minimum: string, payable: string) => `${name} is below the minimum payout of ${minimum} (${payable} ready to pay)`,
  itemHeld: (code: string, day: string) => `Item ${code} is on hold until ${formatDateLong(day)}`,
  itemAwaitingShipping: (code: string) => `Item ${code} is on hold until its online order ships`,
  awaitingShipping: 'Awaiting shipping',
  requestNotFound: 'Payout request not found',
  requestNotOpen: (status: string) => `This request is ${status.toLowerCase()}: it cannot be changed`,
  requestInPayout: 'This request is already being paid',
  confirm: 'Confirm the payout request',
  requested: 'Payout requested',
  cancelled: 'Payout request cancelled',
} as const;

/**
 * Whether a consigner may ask to be paid now, and why not: something payable (not held), at least the
 * store's minimum, and no request open already. `currency` only words the reason.
 */
export function requestRefusalOf(split: PayableSplit, minimum: number, currency: string): string | null {
  if (split.payable <= 0) {
    if (!split.heldUntil.length) return PAYOUT_ACCOUNT_MESSAGES.nothingPayable;
    const first = split.heldUntil[0].payableOn;
    return first === null ? PAYOUT_ACCOUNT_MESSAGES.heldUntilShipped : PAYOUT_ACCOUNT_MESSAGES.heldUntil(first);
  }
  if (!meetsPayoutMinimum(split.payable, minimum)) return PAYOUT_ACCOUNT_MESSAGES.belowMinimum(formatMoney(minimum, currency), formatMoney(split.payable, currency));
  return null;
}
