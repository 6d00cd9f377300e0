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
 * The price alert (catalogue doc section 5: "when warnAmount is non-zero and the entered price exceeds
 * lowest variant price minus warnAmount (only when that is positive)"). Read as: the entered price,
 * less warnAmount, still exceeds the lowest listing of the variant, i.e. the price is more than
 * warnAmount above the lowest listing. A price equal to the lowest listing, or within warnAmount of
 * it, never warns (the alert showed at a price equal to the lowest listing). See
 * docs/inventory-item-screens.md.
 */
export function priceAlert(price: number, lowestVariantPrice: number | null, warnAmount: number): boolean {
  if (!warnAmount || warnAmount < 0 || lowestVariantPrice === null) return false;
  const lessWarn = price - warnAmount;
  return lessWarn > 0 && lessWarn > lowestVariantPrice;
}

/** For a store request with a price range, the price must lie in it (ends included). */
export function checkStoreRequestPrice(price: number, range: PriceRange | null): string | null {
  if (range === null) return null;
  return price >= range.low && price <= range.high ? null : INVENTORY_MESSAGES.priceOutOfRange;
}
