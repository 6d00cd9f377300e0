import type { ZInventoryLog, ZModifiedField } from '@backroom/domain';
import type { z } from 'zod';
import type { InventoryLogRow } from './activity.repository.ts';

export type TModifiedField = z.input<typeof ZModifiedField>;

/**
 * An inventory log entry (catalogue doc section 3). A consignerId change also carries the consigners'
 * names (beforeLabel, afterLabel), since the activity card shows it as Owner with names; a payoutId
 * field the payout's name, since the card names the payout an entry happened in (the domain's
 * ACTIVITY_REFERENCE_FIELDS).
 */
export function toInventoryLog(row: InventoryLogRow, consignerNames: Map<string, string>, payoutNames: Map<string, string> = new Map()): z.input<typeof ZInventoryLog> {
  const name = (id: unknown) => (typeof id === 'string' ? (consignerNames.get(id) ?? null) : null);
  const payout = (id: unknown) => (typeof id === 'string' ? (payoutNames.get(id) ?? null) : null);
  return {
    id: row.id,
    updatedAt: row.updatedAt.toISOString(),
    lastUpdatedBy: { id: row.lastUpdatedById, name: row.lastUpdatedByName },
    inventoryId: row.inventoryId,
    inventory: { id: row.inventoryId, title: row.productTitle, product: { title: row.productTitle } },
    modifiedFields: row.modifiedFields.map(
      (f): TModifiedField =>
        f.variableChanged === 'consignerId'
          ? { ...f, beforeLabel: name(f.beforeValue), afterLabel: name(f.afterValue) }
          : f.variableChanged === 'payoutId'
            ? { ...f, beforeLabel: payout(f.beforeValue), afterLabel: payout(f.afterValue) }
            : f,
    ),
  };
}
export type TInventoryLog = z.input<typeof ZInventoryLog>;

/** The ids named by `field` changes (consignerId, payoutId), to look their names up in one query. */
export function idsIn(rows: InventoryLogRow[], field: 'consignerId' | 'payoutId'): string[] {
  const ids = new Set<string>();
  for (const row of rows)
    for (const f of row.modifiedFields)
      if (f.variableChanged === field)
        for (const v of [f.beforeValue, f.afterValue]) if (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)) ids.add(v);
  return [...ids];
}
