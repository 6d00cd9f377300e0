import { useState } from 'react';
import type { ProductTemplate } from '../../shared/lookups.api';
import { inSizeOrder, newRow, newRowKey, type DraftRow } from './rows';

/**
 * The Add Inventory modal's rows: a size picked adds its row (in size order), picked again removes
 * it; rows may be duplicated and removed. `invalidKey` marks the row that failed its checks until
 * it is edited.
 */
export function useDraftRows(template: ProductTemplate | null, defaultConsigner: string | null) {
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [invalidKey, setInvalidKey] = useState<string | null>(null);

  const toggleSize = (size: string) => {
    if (!template) return;
    setRows((current) => {
      if (current.some((r) => r.option1Value === size)) return current.filter((r) => r.option1Value !== size);
      const carried = current.length ? current[current.length - 1].consignerId : defaultConsigner;
      return inSizeOrder([...current, newRow(template, size, carried)]);
    });
  };
  const update = (key: string, patch: Partial<DraftRow>) => {
    if (key === invalidKey) setInvalidKey(null);
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const duplicate = (row: DraftRow) =>
    setRows((current) => {
      const at = current.findIndex((r) => r.key === row.key);
      const copy = { ...row, key: newRowKey() };
      return [...current.slice(0, at + 1), copy, ...current.slice(at + 1)];
    });
  const remove = (key: string) => setRows((current) => current.filter((r) => r.key !== key));
  const clear = () => setRows([]);

  return { rows, invalidKey, setInvalidKey, toggleSize, update, duplicate, remove, clear };
}

export type DraftRows = ReturnType<typeof useDraftRows>;
