// The consigner's requests to renew or to pick up an item at the end of its term (docs/consignment-terms.md
// "The consigner's requests"): a consigner sends or cancels one on their own item; staff see it on the
// expiring list and act with its buttons, which close it. Each change and its log entry commit together.
import {
  TERM_REQUEST_LABELS,
  TERM_REQUEST_MESSAGES,
  termRequestClosedText,
  termRequestOf,
  type ZTermRequestBody,
  type ZTermRequestsQuery,
  type TTermRequest,
  type TTermRequestResult,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor, ConsignerActor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { logEntry, writeInventoryLogs } from '../../shared/inventory-log.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { inventoryRecords, type ActingUser, type InventoryRow } from '../inventory/index.ts';
import { termRequestRepository as repo, type TermRequestRow } from './term-requests.repository.ts';

const NOT_FOUND = 'Inventory not found';

export function toTermRequest(row: TermRequestRow): TTermRequest {
  return {
    id: row.id,
    inventoryId: row.inventoryId,
    consignerId: row.consignerId,
    kind: row.kind,
    status: row.status,
    endsOn: row.endsOn,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    resolution: row.resolution,
  };
}

/** GET /api/termRequests: a consigner's own open requests; staff (Inventory access) the store's. */
export async function listTermRequests(ctx: AppContext, store: Tenant, actor: Actor, q: z.output<typeof ZTermRequestsQuery>) {
  const rows = await repo.listOpen(ctx.db, store.id, { consignerId: actor.kind === 'consigner' ? actor.id : undefined, inventoryId: q.inventoryId, limit: q.limit });
  return { items: rows.map(toTermRequest) };
}

/** The consigner's own item, row-locked; anyone else's (or another store's) is not found, as the other portal actions answer. */
async function lockOwnItem(tx: DbOrTx, store: Tenant, actor: ConsignerActor, inventoryId: string): Promise<InventoryRow> {
  const [item] = await inventoryRecords.lockByIds(tx, store.id, [inventoryId]);
  if (!item || item.consignerId !== actor.id) throw notFound(NOT_FOUND);
  return item;
}

/**
 * POST /api/termRequests: the consigner asks to renew or to pick up an item in stock with an end. The
 * item's row lock makes two sends take turns, so a request sent twice is one (the second answers the
 * first); a request of the other kind while one is open is refused (409) until it is cancelled.
 */
export async function sendTermRequest(ctx: AppContext, store: Tenant, actor: ConsignerActor, b: z.output<typeof ZTermRequestBody>): Promise<TTermRequestResult> {
  return ctx.db.transaction(async (tx: DbOrTx) => {
    const item = await lockOwnItem(tx, store, actor, b.inventoryId);
    const open = await repo.openFor(tx, store.id, item.id);
    const decided = termRequestOf({ status: item.status, endsOn: item.consignmentEndsAt }, open, b.kind);
    if (decided.kind === 'refuse') throw conflict(decided.reason);
    const message = TERM_REQUEST_LABELS[b.kind].asked;
    if (decided.kind === 'same') return { message, request: toTermRequest(open!) };
    const created = await repo.create(tx, { storeId: store.id, inventoryId: item.id, consignerId: actor.id, kind: b.kind, endsOn: item.consignmentEndsAt });
    await writeInventoryLogs(tx, [logEntry(item, actor, [{ variableChanged: 'termRequest', beforeValue: null, afterValue: TERM_REQUEST_LABELS[b.kind].log }], created.createdAt)]);
    return { message, request: toTermRequest(created) };
  });
}

/**
 * POST /api/termRequests/{id}/cancel: the consigner withdraws their own open request. Cancelled
 * already: answered as it is (a cancel sent twice); closed by staff acting on the item: 409.
 */
export async function cancelTermRequest(ctx: AppContext, store: Tenant, actor: ConsignerActor, id: string): Promise<TTermRequestResult> {
  return ctx.db.transaction(async (tx: DbOrTx) => {
    // the item first, then the request: the order staff actions lock them in (no deadlock between the two)
    const seen = await repo.findById(tx, store.id, id);
    if (!seen || seen.consignerId !== actor.id) throw notFound(TERM_REQUEST_MESSAGES.notFound);
    const item = await lockOwnItem(tx, store, actor, seen.inventoryId);
    const found = (await repo.lockById(tx, store.id, id))!;
    if (found.status === 'cancelled') return { message: TERM_REQUEST_MESSAGES.cancelled, request: toTermRequest(found) };
    if (found.status !== 'open') throw conflict(TERM_REQUEST_MESSAGES.notOpen);
    const now = new Date();
    const cancelled = await repo.cancel(tx, store.id, id, now);
    await writeInventoryLogs(tx, [logEntry(item, actor, [{ variableChanged: 'termRequest', beforeValue: TERM_REQUEST_LABELS[found.kind].log, afterValue: 'cancelled' }], now)]);
    return { message: TERM_REQUEST_MESSAGES.cancelled, request: toTermRequest(cancelled) };
  });
}

/**
 * Staff acted on the items (renew, extend, return, donate, convert, or the daily job): their open
 * requests close with what was done, each with a log entry, in the action's own transaction.
 */
export async function closeTermRequestsInTx(tx: DbOrTx, items: Pick<InventoryRow, 'id' | 'storeId' | 'title'>[], done: string, by: ActingUser, at = new Date()): Promise<void> {
  if (!items.length) return;
  const storeId = items[0].storeId;
  const closed = await repo.closeOpen(tx, storeId, items.map((x) => x.id), { resolution: done, byId: by.id || null, byName: by.name, at });
  if (!closed.length) return;
  const byId = new Map(items.map((x) => [x.id, x] as const));
  await writeInventoryLogs(
    tx,
    closed.map((c) => logEntry(byId.get(c.inventoryId)!, by, [{ variableChanged: 'termRequest', beforeValue: TERM_REQUEST_LABELS[c.kind].log, afterValue: termRequestClosedText(done) }], at)),
  );
}
