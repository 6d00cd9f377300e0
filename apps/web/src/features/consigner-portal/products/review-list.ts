// The consigner's review list (catalogue doc section 2): rows added through the Add Inventory modal,
// waiting for Review Items and Submit. Kept in sessionStorage per store and user, so a reload (or a
// look at another screen) keeps it, and another consigner on the same browser never sees it.
import { useCallback, useState } from 'react';
import type { InventoryFormRow } from '../../add-inventory/add-inventory.api';

export interface ReviewEntry {
  key: string;
  product: { id: string; title: string; sku: string; image: string | null };
  row: InventoryFormRow;
  /** From the server's check when the row was added: payout of one piece, and payout x quantity. */
  payout: number;
  total: number;
}

const STORAGE_PREFIX = 'backroom.review';
const reviewStorageKey = (storeId: string, userId: string) => `${STORAGE_PREFIX}.${storeId}.${userId}`;

function isEntry(value: unknown): value is ReviewEntry {
  const v = value as ReviewEntry | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.key === 'string' &&
    typeof v.product?.id === 'string' &&
    typeof v.row?.productId === 'string' &&
    typeof v.row.price === 'number' &&
    typeof v.row.quantity === 'number' &&
    typeof v.payout === 'number' &&
    typeof v.total === 'number'
  );
}

function read(key: string): ReviewEntry[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function write(key: string, entries: ReviewEntry[]) {
  try {
    if (entries.length) sessionStorage.setItem(key, JSON.stringify(entries));
    else sessionStorage.removeItem(key);
  } catch {
    // storage full or off: the list still works until the page is left
  }
}

let sequence = 0;
const newKey = () => `review-${Date.now().toString(36)}-${(sequence += 1)}`;

/** Sum of payout x quantity of the rows: the bar's Values. */
export const reviewValue = (entries: readonly ReviewEntry[]) => Math.round(entries.reduce((sum, e) => sum + e.total, 0) * 100) / 100;
/** Pieces in the list (a row of quantity 2 is two items). */
export const reviewCount = (entries: readonly ReviewEntry[]) => entries.reduce((sum, e) => sum + e.row.quantity, 0);

export function useReviewList(storeId: string, userId: string) {
  const key = reviewStorageKey(storeId, userId);
  const [state, setState] = useState(() => ({ key, entries: read(key) }));
  // another user or store signed in on this page reads their own list
  const entries = state.key === key ? state.entries : read(key);

  const update = useCallback(
    (change: (current: ReviewEntry[]) => ReviewEntry[]) =>
      setState((s) => {
        const next = change(s.key === key ? s.entries : read(key));
        write(key, next);
        return { key, entries: next };
      }),
    [key],
  );
  const add = useCallback(
    (added: Omit<ReviewEntry, 'key'>[]) => update((current) => [...current, ...added.map((e) => ({ ...e, key: newKey() }))]),
    [update],
  );
  const remove = useCallback((entryKey: string) => update((current) => current.filter((e) => e.key !== entryKey)), [update]);
  const clear = useCallback(() => update(() => []), [update]);
  return { entries, add, remove, clear };
}
