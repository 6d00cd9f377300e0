// A month's statements e-mailed to the store's consigners (docs/consigner-account.md "E-mailing a
// month's statements"): staff with Consigners access start a background job; it writes one e-mail per
// consigner who wants payout e-mails and has something in the month, in transactions of at most 100
// consigners that also record the job's progress (a restart does not send twice what committed).
import {
  composeStatementEmail,
  monthBounds,
  STATEMENT_EMAIL_MESSAGES,
  statementOf,
  statementWorthSending,
  wantsNotice,
  type StatementEntry,
  type TEmailStatementsBody,
  type TEmailStatementsResult,
  type ZEmailStatementsStarted,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type EmployeeActor } from '../../auth/actor.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerLedger } from '../ledger/index.ts';
import { storeRecipients } from '../notifications/index.ts';
import { consignersRepository as repo } from './consigners.repository.ts';

export const STATEMENT_EMAIL_JOB = 'statements.emailMonth';
const BATCH = 100;

/** The instant a store day starts (the store's days are UTC days: storeDayOf, as the statements read them). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * POST /api/consigners/emailStatements: queues the month's e-mails. While one job of the store for the
 * same month is queued or running, a second send answers that job (two clicks, or two staff, e-mail once).
 */
export async function emailMonthStatements(ctx: AppContext, store: Tenant, actor: EmployeeActor, body: TEmailStatementsBody): Promise<z.input<typeof ZEmailStatementsStarted>> {
  const { job, alreadyRunning } = await ctx.db.transaction(async (tx) => {
    // one start at a time per store and month, so two at once cannot both find none under way
    await repo.lockStatementEmails(tx, store.id, body.month);
    const running = (await ctx.jobs.unfinished(tx, store.id, STATEMENT_EMAIL_JOB)).find((j) => j.payload.month === body.month);
    if (running) return { job: running, alreadyRunning: true };
    return { job: await ctx.jobs.create(tx, { storeId: store.id, kind: STATEMENT_EMAIL_JOB, payload: { month: body.month }, total: 0, createdBy: actorStamp(actor) }), alreadyRunning: false };
  });
  if (!alreadyRunning) await ctx.jobs.dispatch(job);
  return { jobId: job.id, month: body.month, message: alreadyRunning ? STATEMENT_EMAIL_MESSAGES.alreadyRunning : STATEMENT_EMAIL_MESSAGES.queued, alreadyRunning };
}

/** The job: every consigner of the store, 100 at a time; progress counts each consigner looked at. */
async function runEmailMonth(ctx: AppContext, { job, setTotal, recordOutcomes }: JobContext): Promise<TEmailStatementsResult> {
  const store = await findTenant(ctx.db, job.storeId);
  if (!store) throw new Error('The store of this job no longer exists');
  const month = String(job.payload.month);
  const { from, to } = monthBounds(month);
  const until = new Date(startOfDay(to).getTime() + 86_400_000);
  // From configuration (the store's proven domain or APP_URL), never from a request's Host.
  const link = `${storeLinkOrigin(ctx.config, store)}/statements?month=${month}`;
  const people = await storeRecipients(ctx.db, store.id);
  await setTotal(people.length);
  const result: TEmailStatementsResult = { month, sent: 0, nothingToSend: 0, emailsOff: 0 };
  // a resumed job (the server stopped mid-way) starts after the consigners it already counted
  for (let start = job.done + job.failed; start < people.length; start += BATCH) {
    const batch = people.slice(start, start + BATCH);
    const wanting = batch.filter((p) => wantsNotice(p, 'payout'));
    result.emailsOff += batch.length - wanting.length;
    const sums = await consignerLedger.periodSumsOf(ctx.db, store.id, wanting.map((p) => p.id), startOfDay(from), until);
    const ids = await ctx.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (const person of wanting) {
        const mine = sums.filter((r) => r.consignerId === person.id);
        // the domain's statementOf over the sums: the opening as one entry before the month, each kind's total inside it
        const entries: StatementEntry[] = [
          { kind: 'opening', amount: mine.reduce((sum, r) => sum + Number(r.before), 0), day: '0000-00-00' },
          ...mine.map((r) => ({ kind: r.kind, amount: Number(r.inside), day: from })),
        ];
        const s = statementOf(entries, from, to);
        const figures = { opening: s.opening, sales: s.movements.sales, fees: s.movements.fees, payouts: s.movements.payouts, adjustments: s.movements.other, closing: s.closing };
        if (!statementWorthSending(figures, mine.reduce((n, r) => n + r.count, 0))) {
          result.nothingToSend += 1;
          continue;
        }
        const mail = composeStatementEmail({ storeName: store.name, currency: store.currency, firstName: person.firstName, month, figures, link });
        queued.push((await ctx.mailer.enqueue(tx, { storeId: store.id, to: person.email!.trim(), ...mail })).id);
      }
      await recordOutcomes({ done: batch.length, failures: [] }, tx);
      return queued;
    });
    result.sent += ids.length;
    try {
      await ctx.mailer.deliverIds(ids);
    } catch (err) {
      // the e-mails are in the outbox: a delivery problem is logged, not the job's
      ctx.log.error({ err, jobId: job.id }, 'statement e-mail delivery failed');
    }
  }
  return result;
}

export function registerStatementEmailJob(ctx: AppContext) {
  ctx.jobs.register(STATEMENT_EMAIL_JOB, (jobCtx) => runEmailMonth(ctx, jobCtx), { area: 'Consigners' });
}
