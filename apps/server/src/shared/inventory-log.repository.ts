import { insertJsonRows } from '../db/bulk-insert.ts';
import type { DbOrTx } from '../db/client.ts';
import { inventoryLogs } from '../db/schema/index.ts';

export type NewInventoryLog = typeof inventoryLogs.$inferInsert;

/** The activity log's rows, written only through shared/inventory-log.ts. */
export const inventoryLogRepository = {
  /** As one JSON parameter (db/bulk-insert.ts): a bulk action's or a payout's thousands of entries in one short statement. */
  insertLogs: async (tx: DbOrTx, values: NewInventoryLog[]) => {
    await insertJsonRows(tx, inventoryLogs, values);
  },
};
