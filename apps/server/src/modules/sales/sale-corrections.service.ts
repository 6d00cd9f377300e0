// Corrections of a sold item's money (design.md "Money"; docs/sales.md "Corrections"). A sold or paid
// item's price, payout, fees and consigner are locked against edits; staff correct them here, as
// ledger entries that say who, why and how much, in the transaction that changes the item and its
// sale's line. A correction is the sales module's: it moves a sale, whose line this module owns.
import { hasArea, toMajor, type TInventoryAdjustmentBody, type ZInventoryAdjustment } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerLedger, type NewLedgerEntry } from '../ledger/index.ts';
import { salesRepository } from './sales.repository.ts';
import { logEntry, modifiedFields, writeInventoryLogs } from '../../shared/inventory-log.ts';
import { feesFor, inventoryRecords as inventoryRepository, toInventoryItem, type InventoryChanges } from '../inventory/index.ts';

const ADJUSTMENT_MESSAGES = {
  area: 'You need Orders access to correct a sale',
  notSold: (code: string, status: string) => `Item ${code} is ${status}: only a sold or paid item is corrected by an adjustment (edit it, or undo its sale)`,
  bought: (code: string) => `Item ${code} was bought by the store: its seller was paid the agreed price, there is no sale of theirs to correct`,
  inPayout: (code: string) => `Item ${code} is in a payout not yet paid: correct it once that payout is paid`,
  needsReversal: (code: string) =>
    `Item ${code} is already paid to its consigner: a correction must go with a reversing entry (send reversal: true); the next payout settles the difference`,
  payoutAbovePrice: 'The payout cannot be more than the price',
  nothing: 'Nothing to correct: the price and payout are as they are',
  recorded: (code: string) => `Correction of ${code} recorded`,
} as const;

/**
 * POST /api/inventories/{id}/adjustments: a Sold item's (or, with `reversal`, a Paid item's) price
 * and payout corrected. The ledger gets the differences (sale_adjustment: price x quantity;
 * fee_adjustment: the fees) with the reason and author, the item its new figures and a log entry.
 * A new price without a payout recomputes the fees as an edit would (the item's consigner type).
 */
export async function adjustInventory(ctx: AppContext, store: Tenant, actor: Actor, id: string, body: TInventoryAdjustmentBody): Promise<z.input<typeof ZInventoryAdjustment>> {
  if (actor.kind !== 'employee') throw forbidden(ADJUSTMENT_MESSAGES.area);
  if (!hasArea(actor.accessControls, 'Orders')) throw forbidden(ADJUSTMENT_MESSAGES.area);
  const written = await ctx.db.transaction(async (tx) => {
    const item = await inventoryRepository.lockById(tx, store.id, id);
    if (!item) throw notFound('Inventory not found');
    if (item.status !== 'Sold' && item.status !== 'Paid') throw conflict(ADJUSTMENT_MESSAGES.notSold(item.code, item.status));
    if (item.buyingId !== null || item.paymentType !== null) throw conflict(ADJUSTMENT_MESSAGES.bought(item.code));
    if (item.status === 'Sold' && item.payoutId) throw conflict(ADJUSTMENT_MESSAGES.inPayout(item.code));
    if (item.status === 'Paid' && body.reversal !== true) throw conflict(ADJUSTMENT_MESSAGES.needsReversal(item.code));

    const price = body.price ?? item.price;
    let payout = body.payout ?? item.payout;
    const [owner] = await inventoryRepository.consignersByIds(tx, store.id, [item.consignerId]);
    if (body.payout === undefined && price !== item.price) {
      const types = await inventoryRepository.consignerTypes(tx, store.id);
      payout = feesFor(store, owner, types, { ...item, price }).payout;
    }
    if (payout > price) throw unprocessable(ADJUSTMENT_MESSAGES.payoutAbovePrice);
    const changes: InventoryChanges = { price, payout, payoutFee: price - payout, total: payout * item.quantity };
    const saleDelta = (price - item.price) * item.quantity;
    const feeDelta = changes.total! - price * item.quantity - (item.total - item.price * item.quantity);
    if (saleDelta === 0 && feeDelta === 0) throw badRequest(ADJUSTMENT_MESSAGES.nothing);

    const base = { storeId: store.id, consignerId: item.consignerId, inventoryId: item.id, orderId: item.orderId, memo: body.reason, createdById: actor.id };
    const entries: NewLedgerEntry[] = [
      { ...base, kind: 'sale_adjustment' as const, amount: saleDelta },
      { ...base, kind: 'fee_adjustment' as const, amount: feeDelta },
    ].filter((e) => e.amount !== 0);
    await consignerLedger.append(tx, entries);
    const stamp = { id: actor.id, name: actor.name };
    await inventoryRepository.update(tx, store.id, item.id, { ...changes, lastUpdatedById: stamp.id, lastUpdatedByName: stamp.name });
    // the sale's line says the corrected sale too (a store account's item keeps its cost x quantity)
    if (item.orderId) await salesRepository.correctSaleLine(tx, store.id, item.id, item.orderId, { price, cost: owner?.isStoreAccount ? undefined : changes.total! });
    await writeInventoryLogs(tx, [
      logEntry(item, stamp, [...modifiedFields(item, changes), { variableChanged: 'adjustment', beforeValue: null, afterValue: body.reason }]),
    ]);
    return { item, entries: await consignerLedger.adjustmentsOf(tx, store.id, item.id) };
  });
  const [row] = await inventoryRepository.findWithRelations(ctx.db, store.id, [id]);
  return {
    message: ADJUSTMENT_MESSAGES.recorded(written.item.code),
    item: toInventoryItem(row),
    entries: written.entries.map((e) => ({ id: e.id, kind: e.kind, amount: toMajor(e.amount), memo: e.memo, createdByName: e.createdByName, createdAt: e.createdAt.toISOString() })),
  };
}
