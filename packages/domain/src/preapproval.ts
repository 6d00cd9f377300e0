// Pre-approval and price checks at listing time (catalogue doc section 5). Amounts in minor units.
import { INVENTORY_MESSAGES } from './messages.ts';

export type PriceRange = { low: number; high: number };

export type PreapprovalSettings = { autoPreapproval: boolean; minApproval: number; maxApproval: number };

/**
 * The 'Preapproval Range' around the lowest current price: [lowest - minApproval, lowest + maxApproval],
 * the low end kept at 0 or above. Null when auto pre-approval is off or there is no lowest price.
 */
export function preapprovalRange(lowestPrice: number | null, store: PreapprovalSettings): PriceRange | null {
  if (!store.autoPreapproval || lowestPrice === null) return null;
  return {
    low: Math.max(lowestPrice - store.minApproval, 0),
    high: lowestPrice + store.maxApproval,
  };
}

/** A price inside the range (ends included) is pre-approved; without a range nothing is. */
export function isPreapproved(price: number, range: PriceRange | null): boolean {
  return range !== null && price >= range.low && price <= range.high;
}

/**
 * The price alert: when warnAmount is set and the lowest variant price minus warnAmount is
 * positive, a price above that threshold warns.
 */
export function priceAlert(price: number, lowestVariantPrice: number | null, warnAmount: number): boolean {
  if (!warnAmount || lowestVariantPrice === null) return false;
  const threshold = lowestVariantPrice - warnAmount;
  return threshold > 0 && price > threshold;
}

/** For a store request with a price range, the price must lie in it (ends included). */
export function checkStoreRequestPrice(price: number, range: PriceRange | null): string | null {
  if (range === null) return null;
  return price >= range.low && price <= range.high ? null : INVENTORY_MESSAGES.priceOutOfRange;
}
