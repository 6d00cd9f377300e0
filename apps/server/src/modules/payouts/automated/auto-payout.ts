// The seam between making a payout (modules/payouts) and sending it through payout providers
// (docs/payouts-automated.md). modules/payouts calls startAutoPayout once the payout's transaction has
// committed, when some share is paid through a provider. It only queues the payout job
// (auto-payout-job.ts), which does the sending; a Failed payout is retried by auto-payout-queue.ts.
import type { AppContext } from '../../../app-context.ts';
import { queueRound } from './auto-payout-queue.ts';
import { autoPayoutRepository } from './auto-payout.repository.ts';

/** Queues the sending of a payout's automated cheques (the first round of the payout job). */
export async function startAutoPayout(ctx: AppContext, storeId: string, payoutId: string): Promise<void> {
  const cheques = await autoPayoutRepository.automatedCheques(ctx.db, storeId, payoutId);
  const unpaid = cheques.filter((c) => c.status !== 'Paid');
  if (unpaid.length === 0) return;
  const job = await queueRound(ctx, ctx.db, storeId, { payoutId, round: 0, consignerIds: null }, unpaid.length);
  await ctx.jobs.dispatch(job);
}

