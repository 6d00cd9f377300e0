// The expiring list and its actions (docs/consignment-terms.md "Expiring inventory"): items whose
// consignment ends within N days or has ended; extend, renew (a renewal fee through the ledger) and
// return to the consigner. Each action and its log entries commit in one transaction, and an action
// sent twice changes nothing the second time (the end date or the status is the item's state).
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
  type ZTermReturnBody,
  type TermChange,
  type TTermActionResult,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { logEntry, modifiedFields, writeInventoryLogs } from '../../shared/inventory-log.ts';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { actingUser, actionScope, inventoryRecords, performActionBatch, type InventoryRow } from '../inventory/index.ts';
import { consignerLedger } from '../ledger/index.ts';
import { toExpiringItem } from './expiring-inventory.mapper.ts';
import { expiringInventoryRepository as repo } from './expiring-inventory.repository.ts';

const NOT_FOUND = 'Inventory not found';
const NOT_IN_STOCK = 'Not in stock any more';
const inStock = (status: string) => (IN_STOCK_STATUSES as readonly string[]).includes(status);

// The routes' schemas parse the query and bodies (refusals are 400 { error } there).
type ExpiringQuery = z.output<typeof ZExpiringQuery>;

/** GET /api/expiringInventory: ending within `withinDays` of today, or ended; the soonest end first. */
export async function listExpiringInventory(ctx: AppContext, store: Tenant, q: ExpiringQuery, now = new Date()) {
  const today = storeDayOf(now);
  const { rows, total } = await repo.page(ctx.db, store.id, { until: addDays(today, q.withinDays), search: q.search, offset: (q.page - 1) * q.limit, limit: q.limit });
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
async function moveEnds(ctx: AppContext, store: Tenant, actor: Actor, seen: { id: string; endsOn: string }[], decide: Decide, feeMemo: string) {
  const by = actingUser(actor);
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
        result.skipped.push({ id, reason: NOT_IN_STOCK });
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
        await consignerLedger.append(tx, [{ storeId: store.id, consignerId: item.consignerId, kind: 'renewal_fee', amount: -change.fee, inventoryId: item.id, memo: feeMemo, createdById: by.id }]);
        fields.push({ variableChanged: 'renewalFee', beforeValue: null, afterValue: toMajor(change.fee) });
      }
      await inventoryRecords.update(tx, store.id, id, changes);
      await writeInventoryLogs(tx, [logEntry(item, by, fields, now)]);
      result.changed.push(id);
    }
    return result;
  });
}

const counted = (n: number, what: string) => `${n} ${n === 1 ? 'item' : 'items'} ${what}`;

/** POST /api/expiringInventory/extend: staff move the end by N days (never leaving it in the past); no fee. */
export async function extendTerms(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermExtendBody>): Promise<TTermActionResult> {
  const today = storeDayOf(new Date());
  const result = await moveEnds(ctx, store, actor, b.items, (item, seen) => extensionOf({ endsOn: item.consignmentEndsAt }, seen, today, b.days), 'extension');
  return { message: counted(result.changed.length, `extended by ${b.days} days`), ...result };
}

/** POST /api/expiringInventory/renew: a new end by the item's locked terms, and its renewal fee charged. */
export async function renewTerms(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermRenewBody>): Promise<TTermActionResult> {
  const today = storeDayOf(new Date());
  const result = await moveEnds(ctx, store, actor, b.items, (item, seen) => renewalOf({ endsOn: item.consignmentEndsAt, terms: termsOf(item.consignmentTerms) }, seen, today), 'renewal');
  return { message: counted(result.changed.length, 'renewed'), ...result };
}

/**
 * POST /api/expiringInventory/return: the items leave stock as withdrawn through the inventory
 * module's withdraw action (its rules and log entry), with a second entry saying why: "term ended:
 * returned". No early-withdrawal fee. An item already withdrawn is skipped, so a second send does nothing.
 */
export async function returnToConsigner(ctx: AppContext, store: Tenant, actor: Actor, b: z.output<typeof ZTermReturnBody>): Promise<TTermActionResult> {
  const scope = actionScope(ctx, store, actingUser(actor));
  const by = actingUser(actor);
  const ids = [...new Set(b.ids)];
  const result = await ctx.db.transaction(async (tx: DbOrTx) => {
    const locked = new Map((await inventoryRecords.lockByIds(tx, store.id, ids)).map((r) => [r.id, r] as const));
    refuseUnknown(ids, locked);
    const skipped: TTermActionResult['skipped'] = [];
    const eligible: string[] = [];
    for (const id of ids) {
      const item = locked.get(id)!;
      if (!inStock(item.status)) skipped.push({ id, reason: NOT_IN_STOCK });
      else if (item.consignmentEndsAt === null) skipped.push({ id, reason: 'This item has no consignment end' });
      else eligible.push(id);
    }
    const { outcomes, refused } = await performActionBatch(tx, scope, 'withdrawInventory', eligible, { isWithdrawnEarly: false }, { onRefusal: 'collect' });
    const changed = outcomes.filter((o) => o.changed && !o.removed).map((o) => o.item);
    const now = new Date();
    await writeInventoryLogs(
      tx,
      changed.map((item) => logEntry(item, by, [{ variableChanged: 'termEnded', beforeValue: null, afterValue: 'returned' }], now)),
    );
    return { changed: changed.map((i) => i.id), skipped: [...skipped, ...refused.map((r) => ({ id: r.id, reason: r.error }))] };
  });
  return { message: counted(result.changed.length, 'returned to the consigner'), ...result };
}
