// Which columns of an inventory list a person shows, remembered per user and per list in this
// browser (localStorage), so each member of staff keeps their own table.
import { useCallback, useMemo, useState } from 'react';

export type ColumnKey = 'sku' | 'size' | 'status' | 'price' | 'location' | 'days' | 'consigner' | 'order' | 'tracking';

/** The columns a person may hide (the product cell and the row actions always stay). */
export const CHOOSABLE_COLUMNS: readonly ColumnKey[] = ['sku', 'size', 'status', 'price', 'location', 'days', 'consigner', 'order', 'tracking'];

/**
 * The spec's list columns (catalogue doc section 2: image, name, SKU, Location, Size, Status, Days
 * Active, Price, Tracking, Edit) show by default; consigner and order are ours and start hidden so
 * the default table fits a 1440 px screen without sideways scrolling.
 */
export const DEFAULT_HIDDEN: readonly ColumnKey[] = ['consigner', 'order'];

export function columnStorageKey(userId: string, listKey: string): string {
  return `backroom.columns.${userId}.${listKey}`;
}

function read(key: string | null): ColumnKey[] {
  if (!key) return [...DEFAULT_HIDDEN];
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return [...DEFAULT_HIDDEN];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...DEFAULT_HIDDEN];
    return parsed.filter((k): k is ColumnKey => CHOOSABLE_COLUMNS.includes(k as ColumnKey));
  } catch {
    return [...DEFAULT_HIDDEN];
  }
}

/** The hidden columns of one list for one user, and a setter that remembers them. */
export function useHiddenColumns(userId: string | null, listKey: string): [ReadonlySet<ColumnKey>, (hidden: ColumnKey[]) => void] {
  const key = userId ? columnStorageKey(userId, listKey) : null;
  const [state, setState] = useState<{ key: string | null; hidden: ColumnKey[] }>(() => ({ key, hidden: read(key) }));
  // the user becomes known after the first render, or another list is shown: read its choice
  const hidden = state.key === key ? state.hidden : read(key);
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
