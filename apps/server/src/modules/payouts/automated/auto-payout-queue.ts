// The payout job's queue (docs/payouts-automated.md "The job"): its kind and payload, and the retry of
// a Failed payout (POST /api/checkbook/retryAutoPayout), which queues a new first round.
import { AUTO_PAYOUT_MESSAGES, PEOPLE_MESSAGES, type TAutoPayoutRetry, type TRetryAutoPayoutBody } from '@backroom/domain';
import type { AppContext } from '../../../app-context.ts';
import type { EmployeeActor } from '../../../auth/actor.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { payoutsRepository } from '../payouts.repository.ts';
import type { Tenant } from '../../../tenancy/tenant.ts';
import { autoPayoutRepository } from './auto-payout.repository.ts';

/** The payout job's kind (background_jobs.kind): one round of sending a payout's cheques. */
export const AUTO_PAYOUT_JOB = 'payouts.autoPayout';

export type AutoPayoutJobPayload = {
  payoutId: string;
  /** 0 for the first round; a round that leaves cheques unanswered or in progress queues the next. */
  round: number;
  /** Only these consigners' cheques (a retry naming them); null: every automated cheque. */
  consignerIds: string[] | null;
};

export async function queueRound(ctx: AppContext, db: DbOrTx, storeId: string, payload: AutoPayoutJobPayload, total: number, by?: { id: string; name: string }) {
  return ctx.jobs.create(db, { storeId, kind: AUTO_PAYOUT_JOB, payload, total, createdBy: by });
}

/**
 * POST /api/checkbook/retryAutoPayout: a Failed payout goes back to Pending and its unpaid automated
 * cheques (of the named consigners, or all) are sent again by the payout job. Nobody is paid twice: a
 * cheque the provider took is looked up, not resent; one without an answer is resent under its own
 * key; only a cheque that definitely failed gets a new attempt (docs/payouts-automated.md).
 * Two retries at once: the payout row is locked and only a Failed payout moves, so one wins (409).
 */
export async function retryAutoPayout(ctx: AppContext, store: Tenant, actor: EmployeeActor, body: TRetryAutoPayoutBody): Promise<TAutoPayoutRetry> {
  const { job, chequeCount } = await ctx.db.transaction(async (tx) => {
    // the lock mark-paid and the payout job take: the payout, then its cheques
    const locked = await payoutsRepository.lockPayoutWithCheques(tx, store.id, body.payoutId);
    if (!locked) throw notFound(AUTO_PAYOUT_MESSAGES.notFound);
    const { payout } = locked;
    const cheques = await autoPayoutRepository.automatedCheques(tx, store.id, payout.id);
    if (cheques.length === 0) throw conflict(AUTO_PAYOUT_MESSAGES.notAutomated);
    if (payout.status !== 'Failed') throw conflict(AUTO_PAYOUT_MESSAGES.notFailed(payout.status));
    const named = body.consignersAndInventories;
    const known = new Set(cheques.map((c) => c.consignerId));
    if (named.some((id) => !known.has(id))) throw notFound(AUTO_PAYOUT_MESSAGES.notInPayout);
    const unpaid = cheques.filter((c) => c.status !== 'Paid' && (named.length === 0 || named.includes(c.consignerId)));
    if (unpaid.length === 0) throw conflict(AUTO_PAYOUT_MESSAGES.nothingToRetry);
    await autoPayoutRepository.moveStatus(tx, store.id, payout.id, ['Failed'], { status: 'Pending', failureReason: null });
    const queued = await queueRound(ctx, tx, store.id, { payoutId: payout.id, round: 0, consignerIds: named.length ? named : null }, unpaid.length, { id: actor.id, name: actor.name });
    return { job: queued, chequeCount: unpaid.length };
  });
  await ctx.jobs.dispatch(job);
  return { payoutId: body.payoutId, status: 'Pending', message: PEOPLE_MESSAGES.autoPayoutRetried, chequeCount, jobId: job.id };
}
