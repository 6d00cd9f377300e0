// Which columns of an inventory list a person shows, remembered per user and per list in this
// browser (localStorage), so each member of staff keeps their own table.
import { useCallback, useMemo, useState } from 'react';
import { INVENTORY_COLUMN_FIELDS, type InventoryColumnField } from '@backroom/domain';

/** The list's own columns, then the item fields the domain's list offers as columns (inventory-fields.ts). */
export type ColumnKey = 'sku' | 'size' | 'status' | 'price' | 'payout' | 'location' | 'days' | 'consigner' | 'order' | 'tracking' | InventoryColumnField;

/** The columns a person may hide (the product cell and the row actions always stay). */
export const CHOOSABLE_COLUMNS: readonly ColumnKey[] = ['sku', 'size', 'status', 'price', 'payout', 'location', 'days', 'consigner', 'order', 'tracking', ...INVENTORY_COLUMN_FIELDS];

/**
 * The spec's list columns (catalogue doc section 2: image, name, SKU, Location, Size, Status, Days
 * Active, Price, Tracking, Edit) show by default; payout, consigner and order are ours and start
 * hidden so the default table fits a 1440 px screen without sideways scrolling (a list may choose
 * its own, ListConfig.defaultHidden); so do the item fields offered as columns.
 */
export const DEFAULT_HIDDEN: readonly ColumnKey[] = ['payout', 'consigner', 'order', ...INVENTORY_COLUMN_FIELDS];

/** A list's hidden columns before the person chooses: its own choice (or ours), and always the item fields offered as columns. */
export function hiddenByDefault(listDefaults?: readonly ColumnKey[]): ColumnKey[] {
  return listDefaults ? [...new Set([...listDefaults, ...INVENTORY_COLUMN_FIELDS])] : [...DEFAULT_HIDDEN];
}

function columnStorageKey(userId: string, listKey: string): string {
  return `backroom.columns.${userId}.${listKey}`;
}

function read(key: string | null, defaults: readonly ColumnKey[]): ColumnKey[] {
  if (!key) return [...defaults];
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return [...defaults];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...defaults];
    return parsed.filter((k): k is ColumnKey => CHOOSABLE_COLUMNS.includes(k as ColumnKey));
  } catch {
    return [...defaults];
  }
}

/** The hidden columns of one list for one user, and a setter that remembers them. */
export function useHiddenColumns(
  userId: string | null,
  listKey: string,
  listDefaults?: readonly ColumnKey[],
): [ReadonlySet<ColumnKey>, (hidden: ColumnKey[]) => void] {
  const defaults = hiddenByDefault(listDefaults);
  const key = userId ? columnStorageKey(userId, listKey) : null;
  const [state, setState] = useState<{ key: string | null; hidden: ColumnKey[] }>(() => ({ key, hidden: read(key, defaults) }));
  // the user becomes known after the first render, or another list is shown: read its choice
  const hidden = state.key === key ? state.hidden : read(key, defaults);
  if (state.key !== key) setState({ key, hidden });
  const set = useCallback(
    (next: ColumnKey[]) => {
      setState({ key, hidden: next });
      if (key) {
        try {
          window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // storage full or blocked: the choice holds for this page only
        }
      }
    },
    [key],
  );
  const hiddenSet = useMemo(() => new Set(hidden), [hidden]);
  return [hiddenSet, set];
}
