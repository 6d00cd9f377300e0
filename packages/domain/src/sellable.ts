// "Sellable now" (design.md "Money"): the one definition of an item the shop will sell at this moment.
// Every sale path (the counter, a Shopify order, a Linnworks import: recordSale), the storefront push
// (what is listed in the shop, and the database trigger that marks a change for the push) and the
// labels' link to the shop read it, so the shop never lists what a sale would refuse.
import type { InventoryStatus } from './statuses.ts';

/**
 * Only Active: an item with a price or withdrawal request waiting (RequestPriceChange,
 * RequestWithdrawal, WithdrawalDeclined until it is Active again) is on the shelf but not for sale,
 * as the sale path always refused it; PendingSale is paid through its own order.
 */
export const SELLABLE_NOW_STATUSES = ['Active'] as const satisfies readonly InventoryStatus[];

export function isSellableNow(status: string): boolean {
  return (SELLABLE_NOW_STATUSES as readonly string[]).includes(status);
}
