import { INVENTORY_MESSAGES, MAX_EXPECTED_ITEMS, STOCK_TAKE_EXPECTED_STATUSES, type TCreateScanBody, type ZScanExpected, type ZScanCreated, type ZScanDetail, type ZScanItem, type ZScanLookup, type ZScan } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { actingUser, actionScope, assertMayPerform, performAction, performActionBatch, reassignOwnerInTx } from '../inventory/index.ts';
import { consignerNotifier } from '../notifications/index.ts';
import { attachGtin } from '../products/index.ts';
import { locationRecords } from '../locations/index.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toScan, toScanItem } from './scans.mapper.ts';
import { scansRepository } from './scans.repository.ts';

// Stock-takes (/scanItems; catalogue doc sections 2, 5 and 7, docs/scanning.md).

/** The Logs tab lists the newest stock-takes first; older ones are not shown. */
const SCAN_LOG_LIMIT = 200;

/** GET /api/scans/item: an item by its scanned code, any status and location; null when no item has it. */
export async function lookupScanItem(ctx: AppContext, store: Tenant, code: string): Promise<z.input<typeof ZScanLookup>> {
  const row = await scansRepository.itemByCode(ctx.db, store.id, code.trim());
  return { item: row ? toScanItem(row) : null };
}

/**
 * GET /api/scans/expected: the items a location should hold, up to MAX_EXPECTED_ITEMS. The screen
 * fetches them at START and finds most scanned codes among them without a round trip; `complete`
 * false means the rest are looked up code by code.
 */
export async function expectedAt(ctx: AppContext, store: Tenant, location: string): Promise<z.input<typeof ZScanExpected>> {
  const rows = await scansRepository.itemsAt(ctx.db, store.id, location.trim(), STOCK_TAKE_EXPECTED_STATUSES, MAX_EXPECTED_ITEMS + 1);
  return { items: rows.slice(0, MAX_EXPECTED_ITEMS).map(toScanItem), complete: rows.length <= MAX_EXPECTED_ITEMS };
}

/** GET /api/scans: the store's stock-takes, newest first. */
export async function listScans(ctx: AppContext, store: Tenant): Promise<z.input<typeof ZScan>[]> {
  return (await scansRepository.list(ctx.db, store.id, SCAN_LOG_LIMIT)).map(toScan);
}

async function itemsOf(ctx: AppContext, store: Tenant, ids: readonly string[]): Promise<z.input<typeof ZScanItem>[]> {
  return (await scansRepository.items(ctx.db, store.id, ids)).map(toScanItem);
}

/** GET /api/scans/{id}: the scan, the items expected at its location then, and the items scanned (as they are now). */
export async function getScan(ctx: AppContext, store: Tenant, id: string): Promise<z.input<typeof ZScanDetail>> {
  const scan = await scansRepository.byId(ctx.db, store.id, id);
  if (!scan) throw notFound('Scan not found');
  const [inventories, scannedInventories] = await Promise.all([itemsOf(ctx, store, scan.inventoryIds), itemsOf(ctx, store, scan.scannedInventoryIds)]);
  return { scan: toScan(scan), inventories, scannedInventories };
}

/**
 * POST /api/scans (Run): records what was scanned at a location and what the store expected there
 * (its on-shelf items at that moment). Every scanned id must be one of this store's items.
 */
export async function createScan(ctx: AppContext, store: Tenant, actor: EmployeeActor, body: TCreateScanBody & { location: string; inventories: string[] }): Promise<z.input<typeof ZScanCreated>> {
  const location = body.location.trim();
  if (!(await locationRecords.findByName(ctx.db, store.id, location))) throw badRequest(`There is no location named ${location}`);
  const scanned = [...new Set(body.inventories)];
  const known = new Set(await scansRepository.existingIds(ctx.db, store.id, scanned));
  if (scanned.some((id) => !known.has(id))) throw notFound('Inventory not found');
  const expected = await scansRepository.idsAt(ctx.db, store.id, location, STOCK_TAKE_EXPECTED_STATUSES);
  const scan = await scansRepository.insert(ctx.db, {
    storeId: store.id,
    status: body.status ?? 'new',
    location,
    inventoryIds: expected,
    scannedInventoryIds: scanned,
    createdById: actor.id,
    createdByName: actor.name,
  });
  return { scan: toScan(scan), inventories: await itemsOf(ctx, store, expected) };
}

/**
 * POST /api/scans/{id}/move: an item found at the counted location but recorded elsewhere is moved
 * there in one tap, through the transfer operations (transfer, then accept the transfer at the
 * location), both with their log entries in one transaction. Needs what transfer needs (Orders).
 */
export async function moveToScanLocation(ctx: AppContext, store: Tenant, actor: EmployeeActor, scanId: string, inventoryId: string): Promise<z.input<typeof ZScanItem>> {
  const scan = await scansRepository.byId(ctx.db, store.id, scanId);
  if (!scan) throw notFound('Scan not found');
  if (!scan.location) throw unprocessable('This stock-take has no location');
  if (!scan.scannedInventoryIds.includes(inventoryId)) throw notFound('Inventory not found');
  const by = actingUser(actor);
  assertMayPerform('transfer', by);
  assertMayPerform('acceptTransfer', by);
  const scope = actionScope(ctx, store, by);
  const location = scan.location;
  await ctx.db.transaction(async (tx) => {
    await performAction(tx, scope, 'transfer', inventoryId, { location });
    await performAction(tx, scope, 'acceptTransfer', inventoryId, { location });
  });
  const [row] = await scansRepository.items(ctx.db, store.id, [inventoryId]);
  if (!row) throw notFound('Inventory not found');
  return toScanItem(row);
}

/**
 * POST /api/scans/intake (scan intake's Save): the scanned drop-offs are accepted at the chosen location
 * in one transaction, each with its log entries. A Requested item is first accepted as a drop-off
 * (acceptRequestToSell) and then taken in; a Pending item is taken in. Any refusal undoes them all.
 * Every item must be the chosen consigner's, or be named in `reassign` (staff confirmed on the screen):
 * it is then reassigned to that consigner first, in the same transaction (docs/scanning.md, "Another
 * consigner's item").
 */
export async function acceptScannedItems(
  ctx: AppContext,
  store: Tenant,
  actor: EmployeeActor,
  body: { location: string; subLocation?: string | null; ids: string[]; consigner: string; reassign?: string[] },
): Promise<{ message: string; accepted: number }> {
  const ids = [...new Set(body.ids)];
  const by = actingUser(actor);
  assertMayPerform('acceptRequestToSell', by);
  assertMayPerform('acceptInventory', by);
  const confirmed = new Set(body.reassign ?? []);
  const notifier = consignerNotifier(ctx, store.id, store);
  const scope = { ...actionScope(ctx, store, by), notices: { notifier } };
  const input = { location: body.location, subLocation: body.subLocation ?? null };
  await ctx.db.transaction(async (tx) => {
    const rows = await scansRepository.items(tx, store.id, ids);
    if (rows.length !== ids.length) throw notFound('Inventory not found');
    const chosen = await scansRepository.consigner(tx, store.id, body.consigner);
    if (!chosen) throw badRequest(INVENTORY_MESSAGES.selectConsigner);
    const others = rows.filter((r) => r.consignerId !== chosen.id);
    const unconfirmed = others.find((r) => !confirmed.has(r.id));
    if (unconfirmed) throw conflict(INVENTORY_MESSAGES.otherConsignerRefused(unconfirmed.code, toScanItem(unconfirmed).consignerName || 'another consigner', nameOf(chosen)));
    await reassignOwnerInTx(tx, store, by, others.map((r) => r.id), chosen.id);
    const requested = rows.filter((r) => r.status === 'Requested').map((r) => r.id);
    if (requested.length) await performActionBatch(tx, scope, 'acceptRequestToSell', requested, input, { onRefusal: 'throw' });
    await performActionBatch(tx, scope, 'acceptInventory', ids, input, { onRefusal: 'throw' });
  });
  await notifier.deliver();
  return { message: ids.length > 1 ? 'Inventories accepted' : 'Inventory accepted', accepted: ids.length };
}

const nameOf = (c: { firstName: string | null; lastName: string | null }) => [c.firstName, c.lastName].filter(Boolean).join(' ') || 'the chosen consigner';

/** POST /api/scans/intake/attach: an unknown scanned code becomes a GTIN of a product and size. */
export async function attachScannedCode(ctx: AppContext, store: Tenant, body: { product: string; size: string; code: string }) {
  const product = await attachGtin(ctx, store, body.product, body.size, body.code);
  return { id: product.id, title: product.title, sku: product.sku, image: product.image };
}
