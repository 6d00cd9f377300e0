// Store credit (docs/consigner-account.md "Store credit"): the consigner's credit balance and its
// movements, as the portal's card and staff read them. A payout taken as credit is made by
// payouts.service.ts (settleStoreCredit); a spend by the counter sale (modules/sales).
import { isStoreCreditPayout, STORE_CREDIT_HISTORY_LIMIT, STORE_CREDIT_KIND_LABELS, storeCreditCodeOf, toMajor, type ZStoreCreditAccount } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerLedger } from '../ledger/index.ts';
import { payoutsRepository as repo } from './payouts.repository.ts';
import { assertConsignerOf } from './payouts.service.ts';

type CreditKind = keyof typeof STORE_CREDIT_KIND_LABELS;

/** GET /api/payouts/consigner/{id}/credit: the credit balance and the newest movements (a consigner: their own). */
export async function getStoreCreditAccount(ctx: AppContext, store: Tenant, actor: Actor, consignerId: string): Promise<z.input<typeof ZStoreCreditAccount>> {
  await assertConsignerOf(ctx, store, actor, consignerId);
  const [balance, history, payoutType] = await Promise.all([
    consignerLedger.creditBalanceOf(ctx.db, store.id, consignerId),
    consignerLedger.creditMovementsOf(ctx.db, store.id, consignerId, STORE_CREDIT_HISTORY_LIMIT),
    repo.consignerPayoutType(ctx.db, store.id, consignerId),
  ]);
  return {
    consignerId,
    code: storeCreditCodeOf(consignerId),
    balance: toMajor(balance),
    bonusPercent: store.storeCreditBonus,
    paidAsCredit: isStoreCreditPayout(payoutType),
    movements: history.rows.map((e) => ({
      id: e.id,
      kind: e.kind as CreditKind,
      label: STORE_CREDIT_KIND_LABELS[e.kind as CreditKind],
      amount: toMajor(e.amount),
      memo: e.memo,
      payoutId: e.payoutId,
      orderId: e.orderId,
      createdAt: e.createdAt.toISOString(),
    })),
    movementCount: history.count,
  };
}
