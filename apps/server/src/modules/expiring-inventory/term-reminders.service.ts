// The reminder before a consignment ends (docs/consignment-terms.md "Reminders"): a daily job e-mails
// each consigner the items of theirs ending within the store's reminder days (`termReminderDays`, a
// week unless the store chose), once per item per end, by their notification preference
// (onConsignmentEnding), through the notification e-mails.
import { addDays, storeDayOf, TERM_REMINDER_DAYS_MAX } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerNotifier, noticeItemOf } from '../notifications/index.ts';
import { termRequestRepository as repo } from './term-requests.repository.ts';

const CHUNK = 500;

/**
 * Sends the store's reminders due on the day of `now`. Each chunk marks its items reminded for their
 * end and queues the e-mails in one transaction (both commit or neither); the chunks of one run make
 * one e-mail per consigner (a group key), delivered at the end. A second run the same day finds every
 * item reminded; a renewed item has a new end, so its next reminder comes before that end.
 */
export async function sendEndingReminders(ctx: AppContext, store: Tenant, now = new Date()): Promise<{ reminded: number }> {
  const today = storeDayOf(now);
  if (store.termReminderDays <= 0) return { reminded: 0 };
  const until = addDays(today, store.termReminderDays);
  const notifier = consignerNotifier(ctx, store.id, store);
  const groupKey = `termEnding:${today}`;
  let reminded = 0;
  for (;;) {
    const due = await repo.remindersDue(ctx.db, store.id, today, until, CHUNK);
    if (!due.length) break;
    await ctx.db.transaction(async (tx: DbOrTx) => {
      // another server's run may have marked some first: only what this one marked is e-mailed
      const claimed = new Set(await repo.claimReminders(tx, store.id, due.map((d) => ({ inventoryId: d.id, endsOn: d.consignmentEndsAt! })), now));
      const items = due.filter((d) => claimed.has(d.id)).map((d) => ({ ...noticeItemOf(d), endsOn: d.consignmentEndsAt }));
      // a consigner with the preference (or all e-mails) off is marked too: the reminder of this end is spent
      await notifier.add(tx, 'termEnding', items, { groupKey });
      reminded += items.length;
    });
    if (due.length < CHUNK) break;
  }
  await notifier.deliver(groupKey);
  return { reminded };
}

/**
 * The job's daily round: every store with an item ending within the longest reminder window a store
 * may choose (each store then keeps to its own days); one store's failure does not stop the others.
 */
async function sendEndingRemindersInAllStores(ctx: AppContext, now = new Date()): Promise<void> {
  const today = storeDayOf(now);
  for (const storeId of await repo.storesWithEndsBetween(ctx.db, today, addDays(today, TERM_REMINDER_DAYS_MAX))) {
    const store = await findTenant(ctx.db, storeId);
    if (!store) continue;
    try {
      const done = await sendEndingReminders(ctx, store, now);
      ctx.log.info({ storeId, ...done }, 'consignment ending reminders sent');
    } catch (err) {
      ctx.log.warn({ err, storeId }, 'consignment ending reminders failed');
    }
  }
}

export const REMINDER_JOB = 'terms.sendEndingReminders';
/** Daily at 05:07 UTC: after the end-of-term job (04:23), so an item it renewed is reminded of its new end. */
export const REMINDER_JOB_CRON = '7 5 * * *';

export function registerReminderJob(ctx: AppContext) {
  // 'singleton': one round at a time across every server sharing the database
  ctx.jobs.addQueue(REMINDER_JOB, { policy: 'singleton', pollingIntervalSeconds: 30, handler: () => sendEndingRemindersInAllStores(ctx) });
  ctx.jobs.schedule(REMINDER_JOB, REMINDER_JOB_CRON);
}
