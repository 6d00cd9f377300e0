// Fees of one item from the store's settings, its consigner and the consigner types (design.md "Fees").
import { calculateFees, matchConsignerType, type ConsignerType, type FeeResult } from '@backroom/domain';
import type { Tenant } from '../../tenancy/tenant.ts';
import type { ConsignerTypeRow, InventoryChanges, InventoryConsignerRow } from './inventory.repository.ts';

type FeeSubject = {
  price: number;
  quantity: number;
  category?: string | null;
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
  addOns?: { cleaning?: boolean; box?: boolean } | null;
  cost?: number | null;
};

type FeeOwner = Pick<InventoryConsignerRow, 'accountType' | 'consignerTypeId' | 'chargeTax' | 'isStoreAccount'>;

const toConsignerType = (t: ConsignerTypeRow): ConsignerType => ({ ...t, categories: t.categories ?? null });

/** A consigner pinned to a type (consignerTypeId) uses it; otherwise the best match of its accountType. */
export function consignerTypeFor(types: ConsignerTypeRow[], owner: Pick<FeeOwner, 'accountType' | 'consignerTypeId'>, item: Pick<FeeSubject, 'category' | 'option1Value' | 'option2Value' | 'option3Value'>): ConsignerType | null {
  const pinned = owner.consignerTypeId ? types.find((t) => t.id === owner.consignerTypeId) : undefined;
  if (pinned) return toConsignerType(pinned);
  return matchConsignerType(types.map(toConsignerType), owner.accountType, item);
}

/**
 * calculateFees with the store's payout fee and VAT rate; tax is charged when the consigner or the
 * store charges it. Outstanding withdrawal fees stay on the consigner's balance (they are settled at
 * payout), so an item's fees never carry them twice.
 */
export function feesFor(store: Pick<Tenant, 'payoutFee' | 'vatRate' | 'chargeTax'>, owner: FeeOwner, types: ConsignerTypeRow[], item: FeeSubject): FeeResult {
  return calculateFees({
    price: item.price,
    quantity: item.quantity,
    consignerType: consignerTypeFor(types, owner, item),
    storePayoutFeePercent: store.payoutFee,
    vatRatePercent: store.vatRate,
    chargeTax: owner.chargeTax || store.chargeTax,
    addOns: item.addOns ?? undefined,
    isStoreAccount: owner.isStoreAccount,
    cost: item.cost ?? null,
  });
}

/** The item columns a fee result sets; a store account's payout is its Cost. */
export function feeColumns(owner: FeeOwner, fees: FeeResult): InventoryChanges {
  return {
    payout: fees.payout,
    payoutFee: fees.payoutFee,
    total: fees.total,
    ...(owner.isStoreAccount ? { cost: fees.payout } : {}),
  };
}
