// Payout rules shared by the server and the web (spec people doc sections 4, 5 and 9). Money in minor units.
// The cheque limit and count (CHEQUE_LIMIT_MINOR, chequeCount) live in constants.ts, the zero-payout
// warning (isZeroPayoutWarning) in fees.ts.
import { CHEQUE_LIMIT_MINOR, chequeCount } from './constants.ts';

/**
 * A consigner's total split into cheques: as many as 2,000s in it, rounded up, each at most 2,000;
 * the last one carries the rest. The amounts always sum to the total. A total of 0 gives no cheque.
 */
export function splitIntoCheques(totalMinor: number, limitMinor = CHEQUE_LIMIT_MINOR): number[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError('a payout total is a non-negative integer of minor units');
  const count = limitMinor === CHEQUE_LIMIT_MINOR ? chequeCount(totalMinor) : Math.ceil(totalMinor / limitMinor);
  return Array.from({ length: count }, (_, i) => (i < count - 1 ? limitMinor : totalMinor - limitMinor * (count - 1)));
}

/** The payout statuses (people doc section 4), 'Buying' shown as Ready to Pay in the consigner portal. */
export const PAYOUT_STATUSES = ['Pending', 'Failed', 'Buying', 'Paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The primary action of /payouts/{id} by status (people doc section 4). */
export type PayoutAction = 'retryAutoPayout' | 'pay' | 'markPaid' | 'autoInProgress' | 'none';
export function payoutActionOf(status: PayoutStatus, automated: boolean): PayoutAction {
  if (status === 'Paid') return 'none';
  if (status === 'Failed') return 'retryAutoPayout';
  if (status === 'Buying') return 'pay';
  if (status === 'Pending' && automated) return 'autoInProgress';
  return 'markPaid';
}

/** What each kind of ledger entry means; amounts are signed from the consigner's side. */
// sale_adjustment / fee_adjustment: a correction of a sold item's price or fees (docs/sales.md
// "Corrections"); payout_deduction: what a payout took from (or added to) its items for the fees a
// consigner owed (docs/payouts.md "Net payable"); renewal_fee: a consignment renewed (negative);
// term_converted: amount 0, the consigner's claim on an item ended by its conversion to store stock
// (docs/consignment-terms.md "Expiring inventory").
export const LEDGER_KINDS = ['sale', 'fee', 'withdrawal_fee', 'payout', 'sale_undone', 'fee_undone', 'refund', 'sale_adjustment', 'fee_adjustment', 'payout_deduction', 'renewal_fee', 'term_converted', 'store_credit', 'store_credit_bonus', 'store_credit_spent', 'store_credit_returned'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/**
 * The kinds of a consigner's store credit account (docs/consigner-account.md "Store credit"): credit
 * taken from a payout, the store's bonus on it (the store's cost), spends at the counter and spends
 * given back by an undone sale. Their sum is the credit balance; every other kind is the money the
 * store owes (the balance a payout pays), and no sum of that balance counts these.
 */
export const STORE_CREDIT_KINDS = ['store_credit', 'store_credit_bonus', 'store_credit_spent', 'store_credit_returned'] as const satisfies readonly LedgerKind[];
export function isStoreCreditKind(kind: string): boolean {
  return (STORE_CREDIT_KINDS as readonly string[]).includes(kind);
}

// ---- payouts API (docs/payouts.md) ------------------------------------------------------

/** Staff labels of the payout statuses (GET /api/payouts/filterOptions). */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { Pending: 'Pending', Failed: 'Failed', Buying: 'Buying', Paid: 'Paid' };
/** The consigner portal shows Buying as Ready to Pay (people doc section 2, Payout page). */
export const CONSIGNER_PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { ...PAYOUT_STATUS_LABELS, Buying: 'Ready to Pay' };

/** How a consigner's share of a payout is paid: by hand (mark as paid) or through a provider. */
export const PAYOUT_PROVIDERS = ['manual', 'checkbook', 'paypal'] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];
/** A payout's provider: its shares' one provider, or 'mixed' when its shares go through two providers. */
export const PAYOUT_PROVIDER_SUMMARIES = [...PAYOUT_PROVIDERS, 'mixed'] as const;
export type PayoutProviderSummary = (typeof PAYOUT_PROVIDER_SUMMARIES)[number];

/**
 * A cheque's status: Pending (to pay), Sent (handed to the provider, not yet confirmed), Paid, or
 * Failed (the provider refused it; failureReason says why).
 */
export const CHEQUE_STATUSES = ['Pending', 'Sent', 'Paid', 'Failed'] as const;
export type ChequeStatus = (typeof CHEQUE_STATUSES)[number];

/**
 * The provider of a consigner's share, decided when the payout is made: 'checkbook' for a consigner
 * paid by bank, 'paypal' for one paid by PayPal, when the store has automated payout on and that
 * provider's integration enabled; otherwise 'manual'. A share holding an item the store bought for
 * cash is paid by hand.
 */
export function shareProviderOf(
  payoutType: string | null | undefined,
  store: { automatedPayout: boolean; enabledProviders: readonly string[] },
  opts: { boughtForCash?: boolean } = {},
): PayoutProvider {
  if (!store.automatedPayout || opts.boughtForCash) return 'manual';
  const type = (payoutType ?? '').trim().toLowerCase();
  const provider: PayoutProvider | null = type === 'bank' ? 'checkbook' : type === 'paypal' ? 'paypal' : null;
  return provider && store.enabledProviders.includes(provider) ? provider : 'manual';
}

/** A payout's provider from its shares': 'manual' when none is automated, 'mixed' for two providers. */
export function payoutProviderOf(shareProviders: readonly PayoutProvider[]): PayoutProviderSummary {
  const automated = [...new Set(shareProviders.filter((p) => p !== 'manual'))];
  if (automated.length === 0) return 'manual';
  return automated.length === 1 ? automated[0] : 'mixed';
}

/**
 * The status of one consigner's share: Paid when every cheque is paid and no item waits (a share of
 * nothing owed has no cheque); Failed when a cheque failed; else Pending.
 */
export function shareStatusOf(chequeStatuses: readonly string[], hasUnpaidItems: boolean): 'Pending' | 'Failed' | 'Paid' {
  if (chequeStatuses.includes('Failed')) return 'Failed';
  if (chequeStatuses.every((s) => s === 'Paid') && !hasUnpaidItems) return 'Paid';
  return 'Pending';
}

const PAYOUT_NAME = /^PO-(\d{1,9})$/;
/** The first payout of a store is PO-1001 (the demo's), the next PO-1002, and so on. */
export const FIRST_PAYOUT_NUMBER = 1001;
/** The name after the highest numbered one of the store (names not of the PO-n form are skipped). */
export function nextPayoutName(highestNumber: number | null | undefined): string {
  const n = highestNumber && highestNumber >= FIRST_PAYOUT_NUMBER ? highestNumber + 1 : FIRST_PAYOUT_NUMBER;
  return `PO-${n}`;
}
/** The number of a payout name ('PO-1002' -> 1002), null for another form. */
export function payoutNumberOf(name: string): number | null {
  const m = PAYOUT_NAME.exec(name);
  return m ? Number(m[1]) : null;
}
