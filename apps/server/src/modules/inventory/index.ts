// What other modules may use of the inventory module (docs/architecture.md, "Modules"): the item's
// API shape, its fees, the actions (scans), and the item rows a sale reads and writes.
import { inventoryRepository } from './inventory.repository.ts';

export { actingUser, actionScope, assertMayPerform, performAction, performActionBatch, type ActingUser } from './inventory-actions.service.ts';
export { generateInventoryCode } from './inventory-code.ts';
export { markDownInTx, reassignOwnerInTx } from './inventory.service.ts';
export { feesFor } from './inventory-fees.ts';
export { toInventoryItem, type InventoryItemResponse, type InventoryWithRelations } from './inventory.mapper.ts';
export type { InventoryChanges, InventoryRow } from './inventory.repository.ts';

/** The item rows a sale finds by code, locks, reads with their relations and marks sold or corrects. */
export const inventoryRecords = {
  findByCode: inventoryRepository.findByCode,
  findWithRelations: inventoryRepository.findWithRelations,
  lockById: inventoryRepository.lockById,
  lockByIds: inventoryRepository.lockByIds,
  update: inventoryRepository.update,
  updateMany: inventoryRepository.updateMany,
  consignersByIds: inventoryRepository.consignersByIds,
  consignerTypes: inventoryRepository.consignerTypes,
};
