// What a payout of the chosen ready items will be, before it is made (Ready to Pay's confirmation,
// people doc sections 2 and 4: "chosen ready items grouped per consigner", one cheque per 2,000 of a
// consigner's total). The server makes the payout from the same items; this is what the screen shows
// first. Money in minor units.
import { chequeCount } from './constants.ts';
import { isZeroPayoutWarning } from './fees.ts';

export type PreviewItem = {
  id: string;
  consignerId: string;
  /** What the consigner is owed for the item (payout x quantity), in minor units. */
  totalMinor: number;
};

export type ConsignerShare = {
  consignerId: string;
  itemIds: string[];
  totalMinor: number;
  cheques: number;
};

export type PayoutPreview = {
  consigners: ConsignerShare[];
  itemCount: number;
  totalMinor: number;
};

/**
 * The chosen items grouped per consigner, each with their total and number of cheques, in the order
 * consigners first appear among the items. The totals sum to the payout's total.
 */
export function previewPayout(items: readonly PreviewItem[]): PayoutPreview {
  const byConsigner = new Map<string, ConsignerShare>();
  let totalMinor = 0;
  for (const item of items) {
    let share = byConsigner.get(item.consignerId);
    if (!share) {
      share = { consignerId: item.consignerId, itemIds: [], totalMinor: 0, cheques: 0 };
      byConsigner.set(item.consignerId, share);
    }
    share.itemIds.push(item.id);
    share.totalMinor += item.totalMinor;
    totalMinor += item.totalMinor;
  }
  const consigners = [...byConsigner.values()].map((share) => ({ ...share, cheques: chequeCount(share.totalMinor) }));
  return { consigners, itemCount: items.length, totalMinor };
}

/**
 * The zero-payout warning of one sold item (people doc section 5: "shown when selling fee >0 and
 * payout <1"). An item carries the fee it was charged rather than its consigner type's percentage:
 * any fee charged means a selling fee applied.
 */
export function itemHasZeroPayoutWarning(item: { payoutFeeMinor: number; payoutMinor: number }): boolean {
  return isZeroPayoutWarning(item.payoutFeeMinor > 0 ? 1 : 0, item.payoutMinor);
}
