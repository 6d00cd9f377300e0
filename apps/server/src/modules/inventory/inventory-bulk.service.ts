// Bulk inventory actions as background jobs: each item in its own transaction, so one refusal does
// not undo the others; progress and per-item refusals land on the job record (GET /api/jobs/{id}).
import { INVENTORY_MESSAGES, type ZQueuedJob } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound, toAppError } from '../../http/errors.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { resyncItemsJob } from '../../storefront/storefront-resync.service.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerNotifier } from '../notifications/index.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import {
  actionScope,
  assertMayPerform,
  performAction,
  performActionBatch,
  runAction,
  stampOf,
  type ActingUser,
  type ActionInput,
  type ActionResult,
  type ActionScope,
  type Operation,
} from './inventory-actions.service.ts';
import { checkLocation } from './inventory-lookups.ts';
import { inventoryRepository } from './inventory.repository.ts';

/**
 * Transfers and accepts of up to this many items run inline in one transaction (all or nothing);
 * more go to a background job. 50 items answer in well under a second on either database, and a
 * page of the lists holds 10 to 500 rows.
 */
export const INLINE_ACTION_LIMIT = 50;

export const BULK_JOB_KIND = 'inventory.bulkAction';
const RESYNC_JOB_KIND = 'storefront.resyncInventory';

type BulkPayload = { op: Operation; ids: string[]; input: ActionInput; by: ActingUser };
export type QueuedJob = z.input<typeof ZQueuedJob>;

/** Refuses a location that is not the store's before any item is touched (the per-item rules still apply). */
async function precheckLocation(scope: ActionScope, input: ActionInput) {
  if (input.location?.trim()) await checkLocation(scope.ctx.db, scope.lookups, { location: input.location, subLocation: input.subLocation, owner: { marketplaceLocation: true } });
}

export async function queueBulkAction(scope: ActionScope, op: Operation, ids: string[], input: ActionInput, message: string): Promise<QueuedJob> {
  assertMayPerform(op, scope.by);
  await precheckLocation(scope, input);
  const unique = [...new Set(ids)];
  const payload: BulkPayload = { op, ids: unique, input, by: scope.by };
  const { ctx, store } = scope;
  const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: BULK_JOB_KIND, payload, total: unique.length, createdBy: stampOf(scope.by) });
  await ctx.jobs.dispatch(job);
  return { jobId: job.id, message };
}

/** A list operation: inline up to INLINE_ACTION_LIMIT items, as a job beyond. */
export async function runOrQueueAction(scope: ActionScope, op: Operation, ids: string[], input: ActionInput): Promise<({ queued: false } & ActionResult) | ({ queued: true } & QueuedJob)> {
  if (new Set(ids).size > INLINE_ACTION_LIMIT) return { queued: true, ...(await queueBulkAction(scope, op, ids, input, INVENTORY_MESSAGES.updatingInventories)) };
  return { queued: false, ...(await runAction(scope, op, ids, input)) };
}

/**
 * Items per transaction in a bulk job. Each item is checked on its own and a refused item is left out
 * before anything is written, so a refusal never undoes the others; a chunk's allowed items are then
 * written together (one lock, grouped updates, one log insert), which keeps 500 items within the
 * 3 s budget (bench/README.md).
 */
export const BULK_CHUNK = 100;

/**
 * Works through a bulk job's items in order, a chunk at a time. A job picked up again after a restart
 * (pg-boss retries a job whose worker died) resumes after the items whose outcome it already
 * recorded (job.done + job.failed), so those are neither redone nor reported as refused. A chunk's
 * progress is written in the chunk's own transaction (one statement for the whole chunk), so the work
 * and its count commit together.
 */
export async function runBulkJob(ctx: AppContext, { job, itemDone, itemFailed, recordOutcomes }: JobContext) {
  const payload = job.payload as BulkPayload;
  const store: Tenant | null = await findTenant(ctx.db, job.storeId);
  if (!store) throw new Error('Store not found');
  // The job's e-mails: one per consigner for the whole job (its chunks build it), sent at its end.
  const notifier = consignerNotifier(ctx, store.id, store);
  const scope: ActionScope = { ...actionScope(ctx, store, payload.by), notices: { notifier, groupKey: `job:${job.id}` } };
  const resumeAt = Math.min(job.done + job.failed, payload.ids.length);
  let done = job.done;
  const fail = async (id: string, err: unknown) => {
    const appError = toAppError(err);
    if (!appError) ctx.log.error({ err, jobId: job.id, inventoryId: id }, 'bulk inventory action failed');
    await itemFailed(id, appError?.message ?? 'Something went wrong');
  };
  for (let i = resumeAt; i < payload.ids.length; i += BULK_CHUNK) {
    const chunk = payload.ids.slice(i, i + BULK_CHUNK);
    let result: Awaited<ReturnType<typeof performActionBatch>> | null = null;
    try {
      result = await ctx.db.transaction(async (tx) => {
        const batch = await performActionBatch(tx, scope, payload.op, chunk, payload.input, { onRefusal: 'collect' });
        await recordOutcomes({ done: batch.outcomes.length, failures: batch.refused }, tx);
        return batch;
      });
    } catch (err) {
      ctx.log.warn({ err, jobId: job.id }, 'bulk chunk failed; retrying its items one by one');
    }
    if (result) {
      done += result.outcomes.length;
      continue;
    }
    // Something other than a rule refusal went wrong: one transaction per item, so the rest still go through.
    for (const id of chunk) {
      try {
        await ctx.db.transaction((tx) => performAction(tx, scope, payload.op, id, payload.input));
        done += 1;
        await itemDone();
      } catch (err) {
        await fail(id, err);
      }
    }
  }
  await notifier.deliver(`job:${job.id}`);
  return { op: payload.op, done, failed: payload.ids.length - done };
}

/** POST /api/inventories/resyncSingleInventory: queued for the storefront sync. */
export async function queueResync(scope: ActionScope, id: string): Promise<QueuedJob> {
  const { ctx, store } = scope;
  const item = await inventoryRepository.findById(ctx.db, store.id, id);
  if (!item) throw notFound('Inventory not found');
  const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: RESYNC_JOB_KIND, payload: { ids: [id] }, total: 1, createdBy: stampOf(scope.by) });
  await ctx.jobs.dispatch(job);
  return { jobId: job.id, message: INVENTORY_MESSAGES.resyncingItem };
}

export function registerInventoryJobs(ctx: AppContext) {
  ctx.jobs.register(BULK_JOB_KIND, (jobCtx) => runBulkJob(ctx, jobCtx), { area: 'Inventory' });
  // Each item's product pushed to the shop inside the job; without a connection every item is reported
  // failed with STOREFRONT_NOT_CONNECTED, never done (docs/storefront-sync.md "Resyncs").
  ctx.jobs.register(RESYNC_JOB_KIND, async (jobCtx) => resyncItemsJob(ctx, jobCtx.job.storeId, jobCtx.job.payload.ids as string[], jobCtx), { area: 'Inventory' });
}
