// The activity-log writer every inventory change goes through (design.md: "Every change to an
// inventory item writes an inventory log entry (who, when, field, before, after) in the same
// transaction").
import { toMajor } from '@backroom/domain';
import type { DbOrTx } from '../db/client.ts';
import type { inventoryItems, ModifiedField } from '../db/schema/index.ts';
import { inventoryLogRepository, type NewInventoryLog } from './inventory-log.repository.ts';

type InventoryRow = typeof inventoryItems.$inferSelect;
type InventoryChanges = Partial<Omit<typeof inventoryItems.$inferInsert, 'id' | 'storeId' | 'createdAt'>>;

export type LogAuthor = { id: string; name: string };

// Log values are what the API shows (money in major units, dates as ISO text), so the activity feed
// can print them as they are.
const MONEY_FIELDS = new Set<string>([
  'price',
  'requestedPrice',
  'storeRequestPriceLow',
  'storeRequestPriceHigh',
  'payout',
  'payoutFee',
  'total',
  'cost',
  'discount',
  'lowestPrice',
  'withdrawalFee',
  'minimumPrice',
]);
// Bookkeeping columns: who and when are the log entry itself.
// The terms locked at acceptance are the type's as they stood (docs/consignment-terms.md): the end
// they set is logged, not the whole set.
// The price a markdown schedule counts from is bookkeeping of the markdown entry (its own line says the step).
const UNLOGGED = new Set<string>(['id', 'storeId', 'createdAt', 'updatedAt', 'lastUpdatedById', 'lastUpdatedByName', 'consignmentTerms', 'markdownBasePrice']);

function logValue(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return toMajor(value);
  return value;
}

const same = (a: unknown, b: unknown) => (typeof a === 'object' || typeof b === 'object' ? JSON.stringify(a) === JSON.stringify(b) : a === b);

/** One entry per field whose value `changes` actually changes, in the order of `changes`. */
export function modifiedFields(before: InventoryRow, changes: InventoryChanges): ModifiedField[] {
  const fields: ModifiedField[] = [];
  for (const [field, next] of Object.entries(changes)) {
    if (next === undefined || UNLOGGED.has(field)) continue;
    const beforeValue = logValue(field, before[field as keyof InventoryRow]);
    const afterValue = logValue(field, next);
    if (!same(beforeValue, afterValue)) fields.push({ variableChanged: field, beforeValue, afterValue });
  }
  return fields;
}

export const createdOnField = (at: Date): ModifiedField => ({ variableChanged: 'createdOn', beforeValue: null, afterValue: at.toISOString() });

/** A removed item keeps its history: the entry says when and from which status it went. */
export const removedFields = (item: InventoryRow, at: Date): ModifiedField[] => [
  { variableChanged: 'deletedOn', beforeValue: null, afterValue: at.toISOString() },
  { variableChanged: 'status', beforeValue: item.status, afterValue: null },
];

export function logEntry(item: Pick<InventoryRow, 'id' | 'storeId' | 'title'>, by: LogAuthor, fields: ModifiedField[], at = new Date()): NewInventoryLog {
  return {
    storeId: item.storeId,
    inventoryId: item.id,
    productTitle: item.title,
    lastUpdatedById: by.id,
    lastUpdatedByName: by.name,
    modifiedFields: fields,
    updatedAt: at,
  };
}

/** Writes the entries that record something (an entry without fields is no change). */
export async function writeInventoryLogs(tx: DbOrTx, entries: NewInventoryLog[]): Promise<void> {
  await inventoryLogRepository.insertLogs(
    tx,
    entries.filter((e) => e.modifiedFields.length > 0),
  );
}
