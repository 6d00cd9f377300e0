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
export const LEDGER_KINDS = ['sale', 'fee', 'withdrawal_fee', 'payout', 'sale_undone', 'fee_undone', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
