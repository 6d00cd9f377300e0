// The consignment terms an item takes at acceptance (docs/consignment-terms.md): its consigner type's
// terms, locked on the item as its fees are, and the end date they set from the acceptance day.
import { consignmentEndOf, storeDayOf, toItemTerms, type ConsignmentTerms, type TItemTerms } from '@backroom/domain';
import { consignerTypeFor } from './inventory-fees.ts';
import type { ConsignerTypeRow, InventoryChanges, InventoryConsignerRow } from './inventory.repository.ts';

type TermsOwner = Pick<InventoryConsignerRow, 'accountType' | 'consignerTypeId' | 'isStoreAccount'>;
type TermsSubject = {
  category?: string | null;
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
  buyingId?: string | null;
  consignmentEndsAt?: string | null;
  price?: number;
};

/**
 * The columns acceptance sets: the type's terms, and the end when they have a period (an end staff
 * already set by hand stays). The store's own stock (a store account's, a bought item) is not on
 * consignment: no terms.
 */
export function termsAtAcceptance(types: ConsignerTypeRow[], owner: TermsOwner, item: TermsSubject, now: Date): InventoryChanges {
  if (owner.isStoreAccount || item.buyingId) return {};
  const matched = consignerTypeFor(types, owner, item);
  const terms = (matched && types.find((t) => t.id === matched.id)?.consignmentTerms) ?? null;
  if (!terms) return {};
  const endsOn = item.consignmentEndsAt ?? consignmentEndOf(storeDayOf(now), terms);
  // a schedule counts from the price at acceptance (docs/consignment-terms.md "Markdowns")
  const base = terms.markdownScheduleId && item.price !== undefined ? { markdownBasePrice: item.price } : {};
  return { consignmentTerms: terms, ...(endsOn ? { consignmentEndsAt: endsOn } : {}), ...base };
}

/** The terms locked on an item and where it stands on them today, for the item screen; null without terms. */
export function itemTermsOf(item: { consignmentTerms: ConsignmentTerms | null; consignmentEndsAt: string | null }, now: Date): TItemTerms | null {
  return item.consignmentTerms ? toItemTerms(item.consignmentTerms, item.consignmentEndsAt, storeDayOf(now)) : null;
}
