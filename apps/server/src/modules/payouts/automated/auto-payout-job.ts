// The payout job (docs/payouts-automated.md "The job"): one round sends a payout's automated cheques
// that are not paid yet, each through its provider, and settles the consigners whose cheques are all
// paid (items Sold -> Paid, log entries, ledger 'payout' entries: settlePayoutShares of
// modules/payouts, in one transaction). Cheques without an answer, or still in progress at the
// provider, are taken up by the next round after a back-off (config autoPayoutBackoffSeconds); after
// the last, or when a cheque definitely failed and nothing is left in flight, the payout is Failed
// with the providers' reasons.
import {
  AUTO_PAYOUT_MESSAGES,
  chequeLabel,
  INTEGRATIONS,
  payoutFailureReason,
  sendKeyOf,
  withinIdempotencyWindow,
} from '@backroom/domain';
import type { AppContext } from '../../../app-context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { ChequeSentRequest } from '../../../db/schema/index.ts';
import type { JobContext } from '../../../jobs/queue.ts';
import type { LogAuthor } from '../../../shared/inventory-log.ts';
import { payoutsRepository } from '../payouts.repository.ts';
import { consignerNotifier } from '../../notifications/index.ts';
import { settleConfirmedShares } from '../payouts.service.ts';
import { findTenant } from '../../../tenancy/resolve-store.ts';
import { AUTO_PAYOUT_JOB, type AutoPayoutJobPayload } from './auto-payout-queue.ts';
import { autoPayoutRepository as repo, type AutoChequeRow } from './auto-payout.repository.ts';
import type { ProviderName, ProviderResult } from './provider.ts';
import { openProvider, type OpenedProvider } from './providers.ts';

/** Who settles what a provider paid, in the items' logs and the ledger. */
const AUTO_PAYOUT_AUTHOR: LogAuthor = { id: 'auto-payout', name: 'Automated payout' };

type StoreInfo = { name: string; currency: string; automatedPayout: boolean };
type Tally = { done: number; failures: { id: string; error: string }[] };

const nameOf = (c: Pick<AutoChequeRow, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

/**
 * A change of a cheque's send state under the payout's lock (payout, then its cheques: the lock
 * mark-paid and the retry take, payoutsRepository.lockPayoutWithCheques). A send attempt is claimed
 * or resumed only while the payout is being sent (Pending): one marked paid by hand meanwhile is not
 * sent. Answers null when the change was not made for that reason.
 */
async function underPayoutLock<T>(ctx: AppContext, c: Pick<AutoChequeRow, 'storeId' | 'payoutId'>, change: (tx: DbOrTx) => Promise<T>, opts: { toSend?: boolean } = {}): Promise<T | null> {
  return ctx.db.transaction(async (tx) => {
    const locked = await payoutsRepository.lockPayoutWithCheques(tx, c.storeId, c.payoutId);
    if (!locked || (opts.toSend && locked.payout.status !== 'Pending')) return null;
    return change(tx);
  });
}

/** The request of a new attempt from the consigner's current details, or why there is none. */
function requestOf(c: AutoChequeRow, store: StoreInfo, payoutName: string, ofCount: number): ChequeSentRequest | { reason: string } {
  const email = c.provider === 'paypal' ? c.bankData?.email?.trim() : c.email?.trim();
  if (!email) return { reason: c.provider === 'paypal' ? AUTO_PAYOUT_MESSAGES.noPaypalEmail : AUTO_PAYOUT_MESSAGES.noEmail };
  const which = ofCount > 1 ? ` (cheque ${c.sequence} of ${ofCount})` : '';
  return {
    recipient: { name: nameOf(c) || email, email },
    amountMinor: c.amount,
    currency: store.currency,
    description: `${store.name} payout ${payoutName}${which}`,
    storeName: store.name,
  };
}

/** Writes what the provider answered for a cheque it was sent (or asked about). */
async function record(ctx: AppContext, c: AutoChequeRow, result: ProviderResult, tally: Tally) {
  switch (result.outcome) {
    case 'paid':
    case 'pending':
      await underPayoutLock(ctx, c, (tx) => repo.recordTaken(tx, c.storeId, c.id, { paid: result.outcome === 'paid', externalId: result.externalId }));
      if (result.outcome === 'paid') tally.done += 1;
      return;
    case 'failed':
      await underPayoutLock(ctx, c, (tx) => repo.recordFailed(tx, c.storeId, c.id, { reason: result.reason, externalId: result.externalId }));
      tally.failures.push({ id: c.id, error: result.reason });
      return;
    case 'unknown':
      await underPayoutLock(ctx, c, (tx) => repo.recordNoAnswer(tx, c.storeId, c.id, result.reason));
      return;
  }
}

/** One cheque's turn: look up one the provider has, resend an unanswered attempt, or make a new one. */
async function handleCheque(ctx: AppContext, c: AutoChequeRow, open: () => Promise<OpenedProvider>, store: StoreInfo, payoutName: string, ofCount: number, tally: Tally) {
  const unanswered = (c.status === 'Sent' || c.status === 'Failed') && c.externalId === null && c.sentAt !== null;
  const taken = c.status === 'Sent' && c.externalId !== null;
  const fresh = c.status === 'Pending' || (c.status === 'Failed' && c.sentAt === null);
  if (!unanswered && !taken && !fresh) return;

  const opened = store.automatedPayout ? await open() : { reason: AUTO_PAYOUT_MESSAGES.automatedPayoutOff };
  if (!opened.provider) {
    // Nothing is sent. A cheque never sent (or that definitely failed) fails with the reason; an
    // unanswered one keeps its key (a later retry may resend it); one the provider has stays in flight.
    if (fresh) await underPayoutLock(ctx, c, (tx) => repo.recordFailed(tx, c.storeId, c.id, { reason: opened.reason, externalId: c.externalId }));
    else if (unanswered) await underPayoutLock(ctx, c, (tx) => repo.giveUpUnanswered(tx, c.storeId, c.id, opened.reason));
    else await underPayoutLock(ctx, c, (tx) => repo.recordNoAnswer(tx, c.storeId, c.id, opened.reason));
    tally.failures.push({ id: c.id, error: opened.reason });
    return;
  }
  const provider = opened.provider;

  if (taken) {
    await record(ctx, c, await provider.status(c.externalId!, c.id), tally);
    return;
  }

  if (unanswered) {
    // The earlier attempt may have paid: only its own key and request may go again, and only while the
    // provider still recognises the key. After that nobody here can tell; staff check the provider.
    if (!withinIdempotencyWindow(c.sentAt!, provider.idempotencyWindowMs)) {
      const reason = AUTO_PAYOUT_MESSAGES.unknownExpired(provider.label, c.sentAt!.toISOString());
      await underPayoutLock(ctx, c, (tx) => repo.giveUpUnanswered(tx, c.storeId, c.id, reason));
      tally.failures.push({ id: c.id, error: reason });
      return;
    }
    const request = c.sentRequest ?? requestOf(c, store, payoutName, ofCount);
    if ('reason' in request) {
      await underPayoutLock(ctx, c, (tx) => repo.giveUpUnanswered(tx, c.storeId, c.id, request.reason));
      tally.failures.push({ id: c.id, error: request.reason });
      return;
    }
    if (!(await underPayoutLock(ctx, c, (tx) => repo.resumeAttempt(tx, c.storeId, c.id), { toSend: true }))) return; // marked paid by hand meanwhile
    await record(ctx, c, await provider.send({ ...request, chequeId: c.id, key: sendKeyOf(c.id, c.attempts) }), tally);
    return;
  }

  // A new attempt: what it sends is recorded with its key before it is sent (a crash after the send
  // leaves an unanswered attempt, resent above under the same key).
  const request = requestOf(c, store, payoutName, ofCount);
  if ('reason' in request) {
    await underPayoutLock(ctx, c, (tx) => repo.recordFailed(tx, c.storeId, c.id, { reason: request.reason, externalId: c.externalId }));
    tally.failures.push({ id: c.id, error: request.reason });
    return;
  }
  const claimed = await underPayoutLock(ctx, c, (tx) => repo.claimNewAttempt(tx, c.storeId, c.id, request, new Date()), { toSend: true });
  if (!claimed) return; // another run has it, or the share was marked paid by hand meanwhile
  await record(ctx, c, await provider.send({ ...request, chequeId: c.id, key: sendKeyOf(c.id, claimed.attempts) }), tally);
}

/**
 * Settles the consigners whose automated cheques are now all paid, with the payouts module's
 * settleConfirmedShares (payout row locked, a share settled once, the payout closed when nothing is
 * left to pay): items Sold -> Paid with their log entries and ledger 'payout' entries, in one transaction.
 */
async function settlePaidShares(ctx: AppContext, storeId: string, payoutId: string, cheques: AutoChequeRow[]) {
  const byConsigner = new Map<string, AutoChequeRow[]>();
  for (const c of cheques) byConsigner.set(c.consignerId, [...(byConsigner.get(c.consignerId) ?? []), c]);
  const paid = [...byConsigner].filter(([, own]) => own.every((c) => c.status === 'Paid')).map(([id]) => id);
  if (paid.length === 0) return;
  const notifier = consignerNotifier(ctx, storeId);
  await ctx.db.transaction((tx) => settleConfirmedShares(tx, storeId, payoutId, paid, AUTO_PAYOUT_AUTHOR, notifier));
  await notifier.deliver();
}

/** One round of the payout job. */
export async function runAutoPayoutRound(ctx: AppContext, jobCtx: JobContext) {
  const payload = jobCtx.job.payload as AutoPayoutJobPayload;
  const storeId = jobCtx.job.storeId;
  const backoff = ctx.config.autoPayoutBackoffSeconds;
  const payout = await payoutsRepository.find(ctx.db, storeId, payload.payoutId);
  // Only a payout in progress is sent (a Failed one waits for its retry, a Paid one is done).
  if (!payout || payout.status !== 'Pending') return { round: payload.round, skipped: payout?.status ?? 'not found' };
  const storeRow = await findTenant(ctx.db, storeId);
  if (!storeRow) return { round: payload.round, skipped: 'store not found' };
  const store: StoreInfo = { name: storeRow.name, currency: storeRow.currency, automatedPayout: storeRow.automatedPayout };

  const all = await repo.automatedCheques(ctx.db, storeId, payout.id);
  const countOf = new Map<string, number>();
  for (const c of all) countOf.set(c.consignerId, (countOf.get(c.consignerId) ?? 0) + 1);
  const inScope = (c: AutoChequeRow) => !payload.consignerIds || payload.consignerIds.includes(c.consignerId);

  const opened = new Map<ProviderName, Promise<OpenedProvider>>();
  const open = (name: ProviderName) => () => {
    if (!opened.has(name)) opened.set(name, openProvider(ctx, storeId, name));
    return opened.get(name)!;
  };
  const tally: Tally = { done: 0, failures: [] };
  for (const c of all.filter((c) => inScope(c) && c.status !== 'Paid')) {
    await handleCheque(ctx, c, open(c.provider as ProviderName), store, payout.name, countOf.get(c.consignerId) ?? 1, tally);
  }
  await jobCtx.recordOutcomes(tally);
  const after = await repo.automatedCheques(ctx.db, storeId, payout.id);
  await settlePaidShares(ctx, storeId, payout.id, after);

  // What is left: cheques in flight (unanswered, or at the provider in progress) and definite failures.
  const label = (c: AutoChequeRow) => chequeLabel(nameOf(c), c.sequence, countOf.get(c.consignerId) ?? 1);
  const inFlight = after.filter((c) => c.status === 'Sent' && inScope(c));
  if (inFlight.length > 0 && payload.round < backoff.length) {
    const next = await ctx.jobs.create(ctx.db, { storeId, kind: AUTO_PAYOUT_JOB, payload: { ...payload, round: payload.round + 1 }, total: inFlight.length });
    await ctx.jobs.dispatch(next, { startAfterSeconds: backoff[payload.round] });
    return { round: payload.round, paid: tally.done, failed: tally.failures.length, inFlight: inFlight.length, nextJobId: next.id };
  }
  // The last round: an unanswered cheque is given up (Failed, its key kept for a retry inside the
  // provider's window); one the provider is still processing stays Sent and a retry looks it up.
  for (const c of inFlight.filter((c) => c.externalId === null)) {
    await underPayoutLock(ctx, c, (tx) => repo.giveUpUnanswered(tx, storeId, c.id, c.failureReason ?? 'No answer from the payout provider'));
  }
  const final = inFlight.length > 0 ? await repo.automatedCheques(ctx.db, storeId, payout.id) : after;
  const problems = final
    .filter((c) => c.status === 'Failed' || c.status === 'Sent')
    .map((c) => ({
      label: label(c),
      // a cheque still Sent is at the provider: in progress, or its last look-up failed (why, then)
      reason: c.status === 'Sent' ? (c.failureReason ?? AUTO_PAYOUT_MESSAGES.stillProcessing(INTEGRATIONS[c.provider as ProviderName].label)) : (c.failureReason ?? 'Failed'),
    }));
  if (problems.length > 0) {
    await repo.moveStatus(ctx.db, storeId, payout.id, ['Pending'], { status: 'Failed', failureReason: payoutFailureReason(problems, final.length) });
  }
  return { round: payload.round, paid: tally.done, failed: problems.length };
}

/** Registers the payout job's handler (app.ts, with the other modules' jobs). */
export function registerAutoPayoutJobs(ctx: AppContext) {
  ctx.jobs.register(AUTO_PAYOUT_JOB, async (jobCtx) => {
    try {
      return await runAutoPayoutRound(ctx, jobCtx);
    } catch (err) {
      // A round that broke off (the database, a bug) is not the end of the payout: the next round takes
      // up where the cheques' states say; after the last, the payout is Failed with why, for a retry.
      const payload = jobCtx.job.payload as AutoPayoutJobPayload;
      const storeId = jobCtx.job.storeId;
      const backoff = ctx.config.autoPayoutBackoffSeconds;
      ctx.log.error({ err, payoutId: payload.payoutId, round: payload.round }, 'automated payout round failed');
      if (payload.round < backoff.length) {
        const next = await ctx.jobs.create(ctx.db, { storeId, kind: AUTO_PAYOUT_JOB, payload: { ...payload, round: payload.round + 1 }, total: jobCtx.job.total });
        await ctx.jobs.dispatch(next, { startAfterSeconds: backoff[payload.round] });
      } else {
        const message = err instanceof Error ? err.message : String(err);
        await repo.moveStatus(ctx.db, storeId, payload.payoutId, ['Pending'], { status: 'Failed', failureReason: `The automated payout stopped: ${message}`.slice(0, 2000) });
      }
      throw err;
    }
  });
}
