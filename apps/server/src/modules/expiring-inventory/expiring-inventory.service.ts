// The expiring list and its actions (docs/consignment-terms.md "Expiring inventory"): items whose
// consignment ends within N days or has ended; extend, renew (a renewal fee through the ledger),
// return to the consigner, donate, and convert to store stock (a term_converted ledger entry). Each
// action and its log entries commit in one transaction, and an action sent twice changes nothing the
// second time (the end date, the status or the owner is the item's state).
import {
  addDays,
  extensionOf,
  IN_STOCK_STATUSES,
  renewalOf,
  storeDayOf,
  termsOf,
  toMajor,
  type ZExpiringQuery,
  type ZTermExtendBody,
  type ZTermRenewBody,
  type ZTermEndBody,
  dueEndActionOf,
  END_OF_TERM_ACTION_LABELS,
  type EndOfTermAction,
  TERM_MESSAGES,
  termEndingOf,
  type TermEnding,
  type TermChange,
  type TTermActionResult,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { logEntry, modifiedFields, writeInventoryLogs } from '../../shared/inventory-log.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { findTenant } from '../../tenancy/resolve-store.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { actingUser, actionScope, inventoryRecords, performActionBatch, reassignOwnerInTx, type ActingUser, type InventoryRow } from '../inventory/index.ts';
import { consignerLedger } from '../ledger/index.ts';
import { toExpiringItem } from './expiring-inventory.mapper.ts';
import { expiringInventoryRepository as repo } from './expiring-inventory.repository.ts';
import { closeTermRequestsInTx } from './term-requests.service.ts';

const NOT_FOUND = 'Inventory not found';
const inStock = (status: string) => (IN_STOCK_STATUSES as readonly string[]).includes(status);

// The routes' schemas parse the query and bodies (refusals are 400 { error } there).
type ExpiringQuery = z.output<typeof ZExpiringQuery>;

/** GET /api/expiringInventory: ending within `withinDays` of today, or ended; the soonest end first. */
export async function listExpiringInventory(ctx: AppContext, store: Tenant, q: ExpiringQuery, now = new Date()) {
  const today = storeDayOf(now);
  const { rows, total } = await repo.page(ctx.db, store.id, { until: addDays(today, q.withinDays), search: q.search, requested: q.requested, offset: (q.page - 1) * q.limit, limit: q.limit });
  return { items: rows.map((r) => toExpiringItem(r, today, q.withinDays)), total, page: q.page, limit: q.limit, today };
}

/**
 * An id that is not an item of this store refuses the whole request (404) before anything changes, as
 * the other inventory actions do: the answer never lists another store's ids (docs/security.md).
 */
function refuseUnknown(ids: string[], found: Map<string, unknown>): void {
  if (ids.some((id) => !found.has(id))) throw notFound(NOT_FOUND);
}

type Decide = (item: InventoryRow, seenEndsOn: string) => TermChange;

/**
 * Moves the end of each item the sender saw with that end: the items locked in one transaction, each
 * change logged beside it, a renewal fee appended to the consigner's ledger (taken at the next payout).
 */
async function moveEnds(ctx: AppContext, store: Tenant, by: ActingUser, seen: { id: string; endsOn: string }[], decide: Decide, feeMemo: 'extension' | 'renewal') {
  const now = new Date();
  return ctx.db.transaction(async (tx: DbOrTx) => {
    const locked = new Map((await inventoryRecords.lockByIds(tx, store.id, [...new Set(seen.map((s) => s.id))])).map((r) => [r.id, r] as const));
    refuseUnknown(seen.map((s) => s.id), locked);
    const result: Omit<TTermActionResult, 'message'> = { changed: [], skipped: [] };
    const done = new Set<string>();
    for (const { id, endsOn } of seen) {
      const item = locked.get(id)!;
      if (done.has(id)) continue;
      done.add(id);
      if (!inStock(item.status)) {
        result.skipped.push({ id, reason: TERM_MESSAGES.notInStock });
        continue;
      }
      const change = decide(item, endsOn);
      if (change.kind === 'skip') {
        result.skipped.push({ id, reason: change.reason });
        continue;
      }
      const changes = { consignmentEndsAt: change.endsOn, lastUpdatedById: by.id, lastUpdatedByName: by.name };
      const fields = modifiedFields(item, changes);
      if (change.fee > 0) {
        await consignerLedger.append(tx, [{ storeId: store.id, consignerId: item.consignerId, kind: 'renewal_fee', amount: -change.fee, inventoryId: item.id, memo: feeMemo, createdById: by.id || null }]);
        fields.push({ variableChanged: 'renewalFee', beforeValue: null, afterValue: toMajor(change.fee) });
      }
      await inventoryRecords.update(tx, store.id, id, changes);
      await writeInventoryLogs(tx, [logEntry(item, by, fields, now)]);
      result.changed.push(id);
    }
    // the consigner's open request on a changed item is answered (docs/consignment-terms.md "The consigner's requests")
    await closeTermRequestsInTx(tx, result.changed.map((id) => locked.get(id)!), feeMemo === 'renewal' ? 'renewed' : 'extended', by, now);
    return result;
  });
}

const counted = (n: number, what: string) => `${n} ${n === 1 ? 'item' : 'items'} ${what}`;

/** POST /api/expiringInventory/extend: staff move the end by N days (never leaving it in the past); no fee. */
export async function extendTerms(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermExtendBody>): Promise<TTermActionResult> {
  const today = storeDayOf(new Date());
  const result = await moveEnds(ctx, store, actingUser(actor), b.items, (item, seen) => extensionOf({ endsOn: item.consignmentEndsAt }, seen, today, b.days), 'extension');
  return { message: counted(result.changed.length, `extended by ${b.days} days`), ...result };
}

/** POST /api/expiringInventory/renew: a new end by the item's locked terms, and its renewal fee charged. */
export async function renewTerms(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermRenewBody>): Promise<TTermActionResult> {
  const today = storeDayOf(new Date());
  const result = await moveEnds(ctx, store, actingUser(actor), b.items, (item, seen) => renewalOf({ endsOn: item.consignmentEndsAt, terms: termsOf(item.consignmentTerms) }, seen, today), 'renewal');
  return { message: counted(result.changed.length, 'renewed'), ...result };
}

type EndResult = Omit<TTermActionResult, 'message'>;

/**
 * Ends the term of each item `termEndingOf` lets `ending` end, in one transaction with the items
 * row-locked: an item of another store refuses the whole request (404) before anything changes, an
 * item already ended (no longer in stock, already the store's) is skipped with the reason, so a
 * request sent twice, or two at once, changes each item once. `apply` makes the change and its log
 * entries and answers the ids it changed; each gets a "term ended: <done>" log entry beside it.
 */
async function endTerms(
  ctx: AppContext,
  store: Tenant,
  by: ActingUser,
  ids: string[],
  ending: TermEnding,
  apply: (tx: DbOrTx, eligible: InventoryRow[]) => Promise<{ changed: InventoryRow[]; refused: TTermActionResult['skipped'] }>,
): Promise<EndResult> {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx: DbOrTx) => {
    const locked = new Map((await inventoryRecords.lockByIds(tx, store.id, unique)).map((r) => [r.id, r] as const));
    refuseUnknown(unique, locked);
    const owners = new Map((await inventoryRecords.consignersByIds(tx, store.id, [...new Set([...locked.values()].map((r) => r.consignerId))])).map((c) => [c.id, c] as const));
    const skipped: TTermActionResult['skipped'] = [];
    const eligible: InventoryRow[] = [];
    for (const id of unique) {
      const item = locked.get(id)!;
      const decided = termEndingOf({ status: item.status, endsOn: item.consignmentEndsAt, isStoreStock: owners.get(item.consignerId)?.isStoreAccount ?? false }, ending);
      if (decided.kind === 'skip') skipped.push({ id, reason: decided.reason });
      else eligible.push(item);
    }
    const { changed, refused } = eligible.length ? await apply(tx, eligible) : { changed: [], refused: [] };
    const now = new Date();
    const done = END_OF_TERM_ACTION_LABELS[ending].done;
    await writeInventoryLogs(
      tx,
      changed.map((item) => logEntry(item, by, [{ variableChanged: 'termEnded', beforeValue: null, afterValue: done }], now)),
    );
    await closeTermRequestsInTx(tx, changed, done, by, now);
    return { changed: changed.map((i) => i.id), skipped: [...skipped, ...refused] };
  });
}

/** The item leaves stock as withdrawn through the inventory module's withdraw action (its rules and log entry), marked not early: no fee. */
const withdrawn =
  (ctx: AppContext, store: Tenant, by: ActingUser) =>
  async (tx: DbOrTx, eligible: InventoryRow[]) => {
    const scope = actionScope(ctx, store, by);
    const ids = eligible.map((i) => i.id);
    const { outcomes, refused } = await performActionBatch(tx, scope, 'withdrawInventory', ids, { isWithdrawnEarly: false }, { onRefusal: 'collect' });
    return { changed: outcomes.filter((o) => o.changed && !o.removed).map((o) => o.item), refused: refused.map((r) => ({ id: r.id, reason: r.error })) };
  };

/** POST /api/expiringInventory/return: withdrawn, with "term ended: returned" in the log. */
export async function returnToConsigner(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermEndBody>): Promise<TTermActionResult> {
  const by = actingUser(actor);
  const result = await endTerms(ctx, store, by, b.ids, 'return', withdrawn(ctx, store, by));
  return { message: counted(result.changed.length, 'returned to the consigner'), ...result };
}

/**
 * POST /api/expiringInventory/donate: the item leaves stock as the status table's Withdrawn (there is
 * no Donated status: docs/consignment-terms.md "Expiring inventory"), with "term ended: donated" in the
 * log saying why. No fee and no ledger entry: the consigner is owed nothing for a donated item.
 */
export async function donateItems(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermEndBody>): Promise<TTermActionResult> {
  const by = actingUser(actor);
  const result = await endTerms(ctx, store, by, b.ids, 'donate', withdrawn(ctx, store, by));
  return { message: counted(result.changed.length, 'donated'), ...result };
}

/**
 * POST /api/expiringInventory/convert: the store account becomes the item's owner by the item
 * screen's owner rule (reassignOwnerInTx: its log entry), at cost 0 (the store paid nothing for it)
 * and with no end (store stock takes no terms); the consigner's claim ends with a `term_converted`
 * ledger entry of amount 0 in the same transaction. A store without a store account is refused (422).
 */
export async function convertToStoreStock(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermEndBody>): Promise<TTermActionResult> {
  const result = await endTerms(ctx, store, actingUser(actor), b.ids, 'convert', converted(store, actingUser(actor)));
  return { message: counted(result.changed.length, 'converted to store stock'), ...result };
}

const converted =
  (store: Tenant, by: ActingUser) =>
  async (tx: DbOrTx, eligible: InventoryRow[]) => {
    const storeAccountId = await repo.storeAccountId(tx, store.id);
    if (!storeAccountId) throw unprocessable(TERM_MESSAGES.noStoreAccount);
    const ids = eligible.map((i) => i.id);
    await reassignOwnerInTx(tx, store, by, ids, storeAccountId, { cost: 0, consignmentEndsAt: null });
    // the terms were the consigner's: store stock carries none (no early-withdrawal fee on the store)
    await inventoryRecords.updateMany(tx, store.id, ids, { consignmentTerms: null });
    await consignerLedger.append(
      tx,
      eligible.map((item) => ({ storeId: store.id, consignerId: item.consignerId, kind: 'term_converted' as const, amount: 0, inventoryId: item.id, memo: `Term ended: converted to store stock (${item.code})`, createdById: by.id || null })),
    );
    return { changed: eligible, refused: [] };
  };

// ---- the daily job (docs/consignment-terms.md "The daily job") ------------------------------

const JOB_CHUNK = 100;
const ids = (rows: InventoryRow[]) => rows.map((r) => r.id);
function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let at = 0; at < rows.length; at += JOB_CHUNK) yield rows.slice(at, at + JOB_CHUNK);
}

/** Who the job's changes are logged as: the store itself, no person. */
export const TERM_JOB_AUTHOR: ActingUser = { kind: 'employee', id: '', name: 'Automatic end of term', accessControls: null };

/**
 * Applies each due item's locked end-of-term action (`dueEndActionOf`: ended, and its grace days
 * over): return, donate, convert or renew, by the same paths as the buttons, logged as the job.
 * A second run the same day finds nothing due (the items are no longer in stock, or renewed).
 */
export async function applyDueEndings(ctx: AppContext, store: Tenant, now = new Date()): Promise<Record<EndOfTermAction, number>> {
  const today = storeDayOf(now);
  const by = TERM_JOB_AUTHOR;
  const due: Record<EndOfTermAction, InventoryRow[]> = { return: [], donate: [], convert: [], renew: [] };
  for (const item of await repo.endedBefore(ctx.db, store.id, today)) {
    const action = dueEndActionOf(item.consignmentEndsAt, today, termsOf(item.consignmentTerms));
    if (action) due[action].push(item);
  }
  const done: Record<EndOfTermAction, number> = { return: 0, donate: 0, convert: 0, renew: 0 };
  // in transactions of at most JOB_CHUNK items, as the buttons send; convert last, as a store without
  // a store account refuses it (422) and the round of that store stops there
  for (const rows of chunks(due.return)) done.return += (await endTerms(ctx, store, by, ids(rows), 'return', withdrawn(ctx, store, by))).changed.length;
  for (const rows of chunks(due.donate)) done.donate += (await endTerms(ctx, store, by, ids(rows), 'donate', withdrawn(ctx, store, by))).changed.length;
  for (const rows of chunks(due.renew)) {
    const seen = rows.map((r) => ({ id: r.id, endsOn: r.consignmentEndsAt! }));
    done.renew += (await moveEnds(ctx, store, by, seen, (item, s) => renewalOf({ endsOn: item.consignmentEndsAt, terms: termsOf(item.consignmentTerms) }, s, today), 'renewal')).changed.length;
  }
  for (const rows of chunks(due.convert)) done.convert += (await endTerms(ctx, store, by, ids(rows), 'convert', converted(store, by))).changed.length;
  return done;
}

/** The job's daily round: every store with an item whose term ended; one store's failure does not stop the others. */
async function applyDueEndingsInAllStores(ctx: AppContext, now = new Date()): Promise<void> {
  for (const storeId of await repo.storesWithEndedItems(ctx.db, storeDayOf(now))) {
    const store = await findTenant(ctx.db, storeId);
    if (!store) continue;
    try {
      const done = await applyDueEndings(ctx, store, now);
      ctx.log.info({ storeId, done }, 'end-of-term actions applied');
    } catch (err) {
      ctx.log.warn({ err, storeId }, 'end-of-term actions failed');
    }
  }
}

export const TERM_JOB = 'terms.applyDueEndings';
/** Daily at 04:23 UTC, after the store's (UTC) day has turned. */
export const TERM_JOB_CRON = '23 4 * * *';

export function registerTermEndJob(ctx: AppContext) {
  // 'singleton': one round at a time across every server sharing the database
  ctx.jobs.addQueue(TERM_JOB, { policy: 'singleton', pollingIntervalSeconds: 30, handler: () => applyDueEndingsInAllStores(ctx) });
  ctx.jobs.schedule(TERM_JOB, TERM_JOB_CRON);
}
