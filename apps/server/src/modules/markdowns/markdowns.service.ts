// Markdown schedules and their daily run (docs/consignment-terms.md "Markdowns"): /markdowns's
// schedules, each change logged in its transaction; the preview of what the next run changes; and the
// job applying each due step as the item screen's staff price edit does (fees recomputed, the
// storefront's next sync), never below the item's floor and never twice on one day.
import {
  floorOf,
  MARKDOWN_MESSAGES,
  MARKDOWN_PREVIEW_ROWS,
  addDays,
  markdownAtStep,
  markdownBands,
  markdownLogText,
  markdownStepOf,
  scheduleCovers,
  storeDayOf,
  toMajor,
  ZMarkdownScheduleInput,
  type MarkdownStep,
  type TMarkdownPreview,
  type TMarkdownPreviewBody,
  type TMarkdownScheduleBody,
} from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerTypeRecords } from '../consignerTypes/index.ts';
import { inventoryRecords, markDownInTx, type ActingUser } from '../inventory/index.ts';
import { consignerNotifier, noticeItemOf } from '../notifications/index.ts';
import { findTemplate } from '../templates/index.ts';
import { toMarkdownSchedule } from './markdowns.mapper.ts';
import { markdownsRepository as repo, type MarkdownCandidate, type MarkdownScheduleRow } from './markdowns.repository.ts';

type ScheduleFields = { name: string; steps: MarkdownStep[]; categories: string[]; templateIds: string[] };

/** The body by the domain's schema (its messages), with the templates checked to be the store's. */
async function parseSchedule(ctx: AppContext, store: Tenant, body: TMarkdownScheduleBody): Promise<ScheduleFields> {
  const parsed = ZMarkdownScheduleInput.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const { name, steps, categories, templateIds } = parsed.data;
  const uniqueTemplates = [...new Set(templateIds)];
  for (const id of uniqueTemplates) if (!(await findTemplate(ctx.db, store.id, id))) throw badRequest('Choose templates of this store');
  const uniqueCategories = [...new Map(categories.map((c) => [c.toLowerCase(), c] as const)).values()];
  return { name, steps, categories: uniqueCategories, templateIds: uniqueTemplates };
}

const authorOf = (actor: Actor) => ({ byId: actor.id, byName: actor.name });

/** The fields a change made, for the schedule's log entry. */
function changesOf(before: ScheduleFields | null, after: ScheduleFields | null) {
  const keys = ['name', 'steps', 'categories', 'templateIds'] as const;
  return keys
    .map((field) => ({ field, before: before ? before[field] : null, after: after ? after[field] : null }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
}

const fieldsOf = (row: MarkdownScheduleRow): ScheduleFields => ({ name: row.name, steps: row.steps, categories: row.categories, templateIds: row.templateIds });

/** GET /api/markdownSchedules: by name, each with the consigner types whose terms choose it. */
export async function listMarkdownSchedules(ctx: AppContext, store: Tenant) {
  const [rows, usedBy] = await Promise.all([repo.list(ctx.db, store.id), consignerTypeRecords.namesBySchedule(ctx.db, store.id)]);
  return rows.map((r) => toMarkdownSchedule(r, usedBy.get(r.id) ?? []));
}

/** POST /api/markdownSchedules: the schedule and its log entry in one transaction. */
export async function createMarkdownSchedule(ctx: AppContext, store: Tenant, actor: Actor, body: TMarkdownScheduleBody) {
  const fields = await parseSchedule(ctx, store, body);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insert(tx, { storeId: store.id, ...fields });
    await repo.insertLog(tx, { storeId: store.id, scheduleId: row.id, scheduleName: row.name, action: 'created', changes: changesOf(null, fields), ...authorOf(actor) });
    return toMarkdownSchedule(row, []);
  });
}

/** PUT /api/markdownSchedules/{id}: the items that follow it take the new steps from the next run on. */
export async function updateMarkdownSchedule(ctx: AppContext, store: Tenant, actor: Actor, id: string, body: TMarkdownScheduleBody) {
  const fields = await parseSchedule(ctx, store, body);
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.lockById(tx, store.id, id);
    if (!saved) throw notFound(MARKDOWN_MESSAGES.notFound);
    const changes = changesOf(fieldsOf(saved), fields);
    const row = changes.length ? (await repo.update(tx, store.id, id, fields))! : saved;
    if (changes.length) await repo.insertLog(tx, { storeId: store.id, scheduleId: id, scheduleName: row.name, action: 'updated', changes, ...authorOf(actor) });
    return toMarkdownSchedule(row, await consignerTypeRecords.namesUsingSchedule(tx, store.id, id));
  });
}

/**
 * DELETE /api/markdownSchedules/{id}: refused (409) while a consigner type's terms choose it. Items
 * accepted under it keep its id in their locked terms and are marked down no more.
 */
export async function deleteMarkdownSchedule(ctx: AppContext, store: Tenant, actor: Actor, id: string): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.lockById(tx, store.id, id);
    if (!saved) throw notFound(MARKDOWN_MESSAGES.notFound);
    const usedBy = await consignerTypeRecords.namesUsingSchedule(tx, store.id, id);
    if (usedBy.length) throw conflict(MARKDOWN_MESSAGES.inUse(usedBy));
    await repo.remove(tx, store.id, id);
    await repo.insertLog(tx, { storeId: store.id, scheduleId: id, scheduleName: saved.name, action: 'deleted', changes: changesOf(fieldsOf(saved), null), ...authorOf(actor) });
    return { id };
  });
}

// ---- what a run changes ----------------------------------------------------------------------

type Due = { item: MarkdownCandidate; price: number; basePrice: number; step: MarkdownStep };
type Steps = Pick<ScheduleFields, 'steps' | 'categories' | 'templateIds'>;

/**
 * One run of one schedule on `today`: the step in force by acceptance day (markdownStepOf, found
 * once per day: a store's items were accepted on far fewer days than there are items), and what
 * the database may leave out without changing the answer (`reach`: the repository's scheduledActive and consignedActive).
 */
function runOf(store: Tenant, schedule: Steps, today: string) {
  const byDay = new Map<string, MarkdownStep | null>();
  const stepOn = (day: string) => {
    if (!byDay.has(day)) byDay.set(day, markdownStepOf(day, today, schedule.steps));
    return byDay.get(day)!;
  };
  const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    schedule,
    stepOn,
    // what the database may leave out: by each step's days of acceptance (the store's UTC day), the
    // items already at or below what it sets (held at the floor), and those too young for any step
    reach: {
      bands: markdownBands(today, schedule.steps).map((b) => ({ from: b.from ? midnight(b.from) : null, before: midnight(addDays(b.to, 1)), percentOff: b.step.percentOff })),
      storeFloor: store.markdownFloor,
    },
  };
}

/** What the run's schedule does to an item: its new price, or null (not covered, nothing due, at the floor). */
function dueOf(store: Tenant, item: MarkdownCandidate, run: ReturnType<typeof runOf>): Due | null {
  if (!item.acceptedOn || !scheduleCovers(run.schedule, item)) return null;
  // the price at acceptance; an item accepted before schedules existed counts from its price at its first markdown
  const basePrice = item.markdownBasePrice ?? item.price;
  const change = markdownAtStep({ basePrice, price: item.price, floor: floorOf(item.minimumPrice, store.markdownFloor) }, run.stepOn(storeDayOf(item.acceptedOn)));
  return change ? { item, price: change.price, basePrice, step: change.step } : null;
}

/**
 * POST /api/markdownSchedules/preview: the items the run of `today` would change with the schedule as
 * sent. Editing a saved schedule (`id`): the items whose locked terms name it. A new schedule names no
 * item yet (a type's terms choose it, and items accepted from then on carry it), so the preview shows
 * its reach on the Active consigned stock it covers, as if it applied to them.
 */
export async function previewMarkdowns(ctx: AppContext, store: Tenant, body: TMarkdownPreviewBody, now = new Date()): Promise<TMarkdownPreview> {
  const fields = await parseSchedule(ctx, store, body);
  const today = storeDayOf(now);
  if (body.id && !(await repo.findById(ctx.db, store.id, body.id))) throw notFound(MARKDOWN_MESSAGES.notFound);
  const run = runOf(store, fields, today);
  const candidates = body.id ? await repo.scheduledActive(ctx.db, store.id, body.id, run.reach) : await repo.consignedActive(ctx.db, store.id, run.reach);
  const due = candidates.map((c) => dueOf(store, c, run)).filter((d): d is Due => d !== null);
  return {
    day: today,
    basis: body.id ? 'schedule' : 'covered',
    items: due.slice(0, MARKDOWN_PREVIEW_ROWS).map((d) => ({ id: d.item.id, code: d.item.code, sku: d.item.sku, title: d.item.title, price: toMajor(d.item.price), newPrice: toMajor(d.price), step: d.step })),
    total: due.length,
    reduction: toMajor(due.reduce((sum, d) => sum + (d.item.price - d.price), 0)),
  };
}

// ---- the daily job -------------------------------------------------------------------------------

const JOB_CHUNK = 100;

/** Who the job's price changes are logged as: the store itself, no person. */
export const MARKDOWN_JOB_AUTHOR: ActingUser = { kind: 'employee', id: '', name: 'Automatic markdown', accessControls: null };

/**
 * Applies each due step to the store's Active items whose locked terms name a schedule that covers
 * them, in transactions of at most JOB_CHUNK items (row-locked, and figured again on the locked row,
 * so a price edited meanwhile is respected). A second run the same day finds nothing due (markdownOf).
 */
export async function applyDueMarkdowns(ctx: AppContext, store: Tenant, now = new Date()): Promise<{ changed: number }> {
  const today = storeDayOf(now);
  const schedules = new Map((await repo.list(ctx.db, store.id)).map((s) => [s.id, s] as const));
  const runs = new Map([...schedules.values()].map((s) => [s.id, runOf(store, s, today)] as const));
  // each schedule's items (an item whose schedule was deleted is marked down no more), by code
  const due: Due[] = [];
  for (const [id, run] of runs) {
    for (const item of await repo.scheduledActive(ctx.db, store.id, id, run.reach)) {
      const d = dueOf(store, item, run);
      if (d) due.push(d);
    }
  }
  // by consigner, then code: a consigner's items fill few chunks, so their one e-mail of the run is
  // written once or twice instead of again by every chunk (each rewrite carries all its lines so far)
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  due.sort((a, b) => order(a.item.consignerId, b.item.consignerId) || order(a.item.code, b.item.code));
  let changed = 0;
  // each consigner hears of their items' markdowns of the day in one e-mail, by their price-change
  // preference (docs/consignment-terms.md "Markdowns"): queued with each chunk, delivered at the end
  const notifier = consignerNotifier(ctx, store.id, store);
  const groupKey = `markdown:${today}`;
  for (let at = 0; at < due.length; at += JOB_CHUNK) {
    const chunk = due.slice(at, at + JOB_CHUNK);
    changed += await ctx.db.transaction(async (tx: DbOrTx) => {
      const locked = await inventoryRecords.lockByIds(tx, store.id, chunk.map((d) => d.item.id));
      const markdowns = [];
      for (const row of locked) {
        const run = runs.get(row.consignmentTerms?.markdownScheduleId ?? '');
        if (row.status !== 'Active' || !run) continue;
        const d = dueOf(store, { ...row, scheduleId: row.consignmentTerms!.markdownScheduleId! }, run);
        if (d) markdowns.push({ item: row, price: d.price, basePrice: d.basePrice, words: markdownLogText(d.step, row.price, d.price, store.currency) });
      }
      const done = await markDownInTx(tx, store, MARKDOWN_JOB_AUTHOR, markdowns);
      const was = new Map(markdowns.map((m) => [m.item.id, m.item.price] as const));
      await notifier.add(tx, 'markedDown', done.map((row) => ({ ...noticeItemOf(row), wasPrice: was.get(row.id) ?? null })), { groupKey });
      return done.length;
    });
  }
  if (changed) await notifier.deliver(groupKey);
  return { changed };
}

/** The job's daily round: every store with an Active item on a schedule; one store's failure does not stop the others. */
async function applyDueMarkdownsInAllStores(ctx: AppContext, now = new Date()): Promise<void> {
  for (const storeId of await repo.storesWithScheduledItems(ctx.db)) {
    const store = await findTenant(ctx.db, storeId);
    if (!store) continue;
    try {
      const done = await applyDueMarkdowns(ctx, store, now);
      ctx.log.info({ storeId, done }, 'markdowns applied');
    } catch (err) {
      ctx.log.warn({ err, storeId }, 'markdowns failed');
    }
  }
}

export const MARKDOWN_JOB = 'markdowns.applyDue';
/** Daily at 04:41 UTC, after the store's (UTC) day has turned and after the end-of-term round (04:23). */
export const MARKDOWN_JOB_CRON = '41 4 * * *';

export function registerMarkdownJob(ctx: AppContext) {
  // 'singleton': one round at a time across every server sharing the database
  ctx.jobs.addQueue(MARKDOWN_JOB, { policy: 'singleton', pollingIntervalSeconds: 30, handler: () => applyDueMarkdownsInAllStores(ctx) });
  ctx.jobs.schedule(MARKDOWN_JOB, MARKDOWN_JOB_CRON);
}

/** The dev-mode run of one store on a given day (the Playwright journey's clock; never registered in production). */
export const runMarkdownsOn = (ctx: AppContext, store: Tenant, day: string) => applyDueMarkdowns(ctx, store, new Date(`${day}T12:00:00Z`));

/** The schedules of these ids (the inventory lists' next markdown). */
export const schedulesByIds = (db: DbOrTx, storeId: string, ids: string[]) => repo.byIds(db, storeId, ids);

