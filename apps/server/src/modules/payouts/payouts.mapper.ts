import {
  CONSIGNER_PAYOUT_STATUS_LABELS,
  maskBankSnapshot,
  payoutActionOf,
  shareStatusOf,
  toMajor,
  type ChequeStatus,
  type PayoutProvider,
  type PayoutStatus,
  type ZCheque,
  type ZConsignerBuyingItem,
  type ZConsignerPayout,
  type ZPayout,
  type ZPayoutBankDetails,
  type ZPayoutItem,
  type ZPayoutShare,
} from '@backroom/domain';
import type { z } from 'zod';
import type { ChequeRow, PayoutItemRow, PayoutRow, ShareRow, payoutsRepository } from './payouts.repository.ts';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export function toCheque(ch: ChequeRow): z.input<typeof ZCheque> {
  return {
    id: ch.id,
    consignerId: ch.consignerId,
    payoutId: ch.payoutId,
    amount: toMajor(ch.amount),
    status: ch.status as ChequeStatus,
    sequence: ch.sequence,
    provider: ch.provider,
    externalId: ch.externalId,
    failureReason: ch.failureReason,
    createdAt: ch.createdAt.toISOString(),
  };
}

/** Bank details as given to someone who may see them, else with account number and IBAN masked. */
function toBankDetails(share: Pick<ShareRow, 'payoutType' | 'bankData'>, full: boolean): z.input<typeof ZPayoutBankDetails> {
  const b = share.bankData ?? {};
  if (!full) return { ...maskBankSnapshot(share.payoutType, b)!, payoutType: share.payoutType, masked: true };
  return {
    payoutType: share.payoutType,
    routingType: b.routingType ?? null,
    accountName: b.accountName ?? null,
    accountNumber: b.accountNumber ?? null,
    routingNumber: b.routingNumber ?? null,
    swiftCode: b.swiftCode ?? null,
    ibanNumber: b.ibanNumber ?? null,
    bank: b.bank ?? null,
    bankType: b.bankType ?? null,
    branchCode: b.branchCode ?? null,
    email: b.email ?? null,
    masked: false,
  };
}

/** A share's provider: its cheques' (all of one share's cheques share it); 'manual' for a share of nothing owed. */
export const shareProvider = (shareCheques: ChequeRow[]): PayoutProvider => shareCheques[0]?.provider ?? 'manual';

export function toShare(share: ShareRow, shareCheques: ChequeRow[], fullBank: boolean): z.input<typeof ZPayoutShare> {
  const provider = shareProvider(shareCheques);
  return {
    consignerId: share.consignerId,
    name: fullName(share),
    email: share.email,
    payoutType: share.payoutType,
    bankDetails: toBankDetails(share, fullBank),
    provider,
    automated: provider !== 'manual',
    status: shareStatusOf(
      shareCheques.map((ch) => ch.status),
      share.unpaidItems > 0,
    ),
    total: toMajor(share.total),
    gross: toMajor(share.gross),
    carried: toMajor(share.carried),
    itemCount: share.itemCount,
    cheques: shareCheques.map(toCheque),
  };
}

export function toPayout(p: PayoutRow, shares: z.input<typeof ZPayoutShare>[]): z.input<typeof ZPayout> {
  const automated = p.provider !== 'manual';
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    total: toMajor(p.total),
    itemCount: p.itemCount,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    provider: p.provider,
    automated,
    action: payoutActionOf(p.status, automated),
    failureReason: p.failureReason,
    createdByName: p.createdByName,
    consignerCount: shares.length,
    consigners: shares,
  };
}

export function toPayoutItem(r: PayoutItemRow): z.input<typeof ZPayoutItem> {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    sku: r.sku,
    category: r.category,
    option1Value: r.option1Value,
    option2Value: r.option2Value,
    option3Value: r.option3Value,
    image: r.image,
    status: r.status as z.input<typeof ZPayoutItem>['status'],
    price: toMajor(r.price),
    quantity: r.quantity,
    payout: toMajor(r.payout),
    total: toMajor(r.amount),
    consignerId: r.consignerId,
    consignerName: fullName(r),
    soldOn: r.soldOn?.toISOString() ?? null,
    orderId: r.orderId,
    orderName: r.orderName,
    bought: r.buyingId !== null || r.paymentType !== null,
    paymentType: r.paymentType,
  };
}

export function toConsignerPayout(p: PayoutRow, share: ShareRow, shareCheques: ChequeRow[], items: PayoutItemRow[]): z.input<typeof ZConsignerPayout> {
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    statusLabel: CONSIGNER_PAYOUT_STATUS_LABELS[p.status as PayoutStatus],
    shareStatus: shareStatusOf(
      shareCheques.map((ch) => ch.status),
      share.unpaidItems > 0,
    ),
    total: toMajor(share.total),
    gross: toMajor(share.gross),
    carried: toMajor(share.carried),
    itemCount: share.itemCount,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    cheques: shareCheques.map(toCheque),
    inventories: items.map(toPayoutItem),
  };
}

type BoughtRow = Awaited<ReturnType<typeof payoutsRepository.owedBoughtItems>>['rows'][number];

/** An item the store bought from the consigner and still owes them (the portal's Ready to Pay tab). */
export function toConsignerBuyingItem(r: BoughtRow): z.input<typeof ZConsignerBuyingItem> {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    sku: r.sku,
    option1Value: r.option1Value,
    option2Value: r.option2Value,
    option3Value: r.option3Value,
    image: r.image,
    status: r.status as z.input<typeof ZConsignerBuyingItem>['status'],
    quantity: r.quantity,
    total: toMajor(r.amount),
    paymentType: r.paymentType,
    acceptedOn: r.acceptedOn?.toISOString() ?? null,
    payoutId: r.payoutId,
    payoutName: r.payoutName,
  };
}
