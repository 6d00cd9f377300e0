import { activityCursorOf } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { rangeEnd } from '../inventory-queries/index.ts';
import { idsIn, toInventoryLog } from './activity.mapper.ts';
import { activityRepository as repo, type InventoryLogRow, type LogScope } from './activity.repository.ts';
import type { ZInventoryLogsQuery } from '@backroom/domain';

const scopeOf = (store: Tenant, actor: Actor): LogScope => (actor.kind === 'consigner' ? { storeId: store.id, consignerId: actor.id } : { storeId: store.id });

async function toLogs(ctx: AppContext, storeId: string, rows: InventoryLogRow[]) {
  const [consigners, payouts] = await Promise.all([repo.consignerNames(ctx.db, storeId, idsIn(rows, 'consignerId')), repo.payoutNames(ctx.db, storeId, idsIn(rows, 'payoutId'))]);
  const names = new Map(consigners.map((c) => [c.id, `${c.firstName} ${c.lastName}`.trim()]));
  return rows.map((r) => toInventoryLog(r, names, new Map(payouts.map((p) => [p.id, p.name]))));
}

/**
 * GET /api/inventoryLogs/{id}: one item's history, newest first. Staff see it even after the item
 * was removed (its history stays); a consigner only for an item of their own.
 */
export async function getItemLogs(ctx: AppContext, store: Tenant, actor: Actor, inventoryId: string) {
  if (actor.kind === 'consigner') {
    const owner = await repo.itemOwner(ctx.db, store.id, inventoryId);
    if (!owner || owner.consignerId !== actor.id) throw notFound('Inventory not found');
  }
  const rows = await repo.find(ctx.db, scopeOf(store, actor), { inventoryId });
  return { inventoryLogs: await toLogs(ctx, store.id, rows) };
}

/**
 * GET /api/inventoryLogs: the Activity feed, newest first, `take` entries a page (default 100, catalogue
 * doc section 9). `after` and `before` bound updatedAt; a calendar date as `before` includes that day.
 */
export async function findActivity(ctx: AppContext, store: Tenant, actor: Actor, q: z.output<typeof ZInventoryLogsQuery>) {
  const rows = await repo.find(
    ctx.db,
    scopeOf(store, actor),
    { search: q.search, lastUpdatedBy: q.lastUpdatedBy, from: q.after?.at, to: q.before ? rangeEnd(q.before) : undefined, before: q.cursor },
    { limit: q.take + 1, offset: q.cursor ? 0 : (q.page - 1) * q.take },
  );
  const hasMore = rows.length > q.take;
  const pageRows = rows.slice(0, q.take);
  const last = pageRows.at(-1);
  const nextCursor = hasMore && last ? activityCursorOf({ updatedAt: last.cursorAt, id: last.id }) : null;
  return { inventoryLogs: await toLogs(ctx, store.id, pageRows), page: q.page, take: q.take, hasMore, nextCursor };
}

/** GET /api/inventoryLogs/employees: who may have changed items (the Last Updated By list), id and name. */
export async function listLogEmployees(ctx: AppContext, store: Tenant) {
  const rows = await repo.employees(ctx.db, store.id);
  return { employees: rows.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}`.trim() })) };
}
