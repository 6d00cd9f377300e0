// The consigner's account (docs/consigner-account.md): when a sale's money is payable (the hold),
// the minimum a payout run includes, and store credit with the store's bonus. Minor units; days are
// the store's calendar days, passed in.
import { addDays, daysBetween } from './consignment-terms.ts';

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
