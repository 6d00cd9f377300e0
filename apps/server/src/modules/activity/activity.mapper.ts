import type { ZInventoryLog, ZModifiedField } from '@backroom/domain';
import type { z } from 'zod';
import type { InventoryLogRow } from './activity.repository.ts';

export type TModifiedField = z.input<typeof ZModifiedField>;

/**
 * An inventory log entry (catalogue doc section 3). A consignerId change also carries the consigners'
 * names (beforeLabel, afterLabel), since the activity card shows it as Owner with names.
 */
export function toInventoryLog(row: InventoryLogRow, consignerNames: Map<string, string>): z.input<typeof ZInventoryLog> {
  const name = (id: unknown) => (typeof id === 'string' ? (consignerNames.get(id) ?? null) : null);
  return {
    id: row.id,
    updatedAt: row.updatedAt.toISOString(),
    lastUpdatedBy: { id: row.lastUpdatedById, name: row.lastUpdatedByName },
    inventoryId: row.inventoryId,
    inventory: { id: row.inventoryId, title: row.productTitle, product: { title: row.productTitle } },
    modifiedFields: row.modifiedFields.map(
      (f): TModifiedField =>
        f.variableChanged === 'consignerId' ? { ...f, beforeLabel: name(f.beforeValue), afterLabel: name(f.afterValue) } : f,
    ),
  };
}
export type TInventoryLog = z.input<typeof ZInventoryLog>;

/** The consigner ids named by consignerId changes, to look their names up in one query. */
export function consignerIdsIn(rows: InventoryLogRow[]): string[] {
  const ids = new Set<string>();
  for (const row of rows)
    for (const f of row.modifiedFields)
      if (f.variableChanged === 'consignerId')
        for (const v of [f.beforeValue, f.afterValue]) if (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)) ids.add(v);
  return [...ids];
}
