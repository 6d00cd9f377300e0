import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventoryStatus, TActionResult, TInventoryItem, TInventoryList, TInventoryProductGroup, TQueuedJob } from '@backroom/domain';
import { apiFetch, downloadCsv } from '../../shared/api';
import { useInventoryFilterOptions, type InventoryFilterOptions } from '../../shared/lookups.api';
import { filterParams, inventoryListKeys, inventoryPageQuery, PAGE_FRESH_MS, fetchInventoryPage, type InventoryPage, type InventoryQuery } from './inventory-page.api';

export { filterParams, inventoryListKeys, fetchInventoryPage, type InventoryPage, type InventoryQuery };

export type { Job } from '../../shared/jobs.api';
export { useJob } from '../../shared/jobs.api';

export type QueuedJob = TQueuedJob;
/** An operation's answer: its result when it ran inline, the queued job (202) otherwise. */
export type ActionAnswer = TActionResult | TQueuedJob;

export function isQueued(answer: ActionAnswer): answer is QueuedJob {
  return 'jobId' in answer && typeof answer.jobId === 'string';
}

// Server shapes: the domain's response schemas (ZInventoryItem, ZInventoryProductGroup,
// ZInventoryPage, ZActionResult, ZQueuedJob). Money is in major units.

export type ListItem = TInventoryItem;
export type ProductGroup = TInventoryProductGroup;

/** GET /api/inventories/filterOptions, shared with the other inventory screens (shared/lookups.api.ts). */
export type FilterOptions = InventoryFilterOptions;

/** Items an opened product group shows: the first ones of the flat list, filtered to that product. */
export const GROUP_ITEMS = 10;

/** An opened group's items: the list's filters and sort, that product only, the first GROUP_ITEMS. */
export function useGroupItems(q: InventoryQuery, productId: string) {
  return usePaginatedInventories({ ...q, grouped: false, productId: [productId], pageSize: GROUP_ITEMS, currentPage: 1 });
}

export function usePaginatedInventories(q: InventoryQuery, enabled = true) {
  return useQuery<InventoryPage>({
    queryKey: inventoryListKeys.page(q),
    enabled,
    staleTime: PAGE_FRESH_MS,
    placeholderData: (previous) => previous,
    // a page is replaced, never merged: skip the deep compare of up to 500 rows
    structuralSharing: false,
    queryFn: ({ signal }) => fetchInventoryPage(q, signal),
  });
}

/**
 * Starts loading a page before the list re-renders for it: the request runs while React draws the
 * new state (a change of page size remounts the table), instead of after.
 */
export function usePrefetchInventoryPage() {
  const queryClient = useQueryClient();
  return useCallback((q: InventoryQuery) => void queryClient.prefetchQuery(inventoryPageQuery(q)), [queryClient]);
}

export function useFilterOptions() {
  return useInventoryFilterOptions();
}

/** Every item of a product in a status (up to the server's 5000), for Accept All of the grouped view. */
export async function fetchProductItems(productId: string, status: InventoryStatus): Promise<ListItem[]> {
  const params = new URLSearchParams({ productId, status, takeProducts: 'false', takeConsigners: 'false' });
  const answer = await apiFetch<TInventoryList>(`/api/inventories?${params}`);
  return answer.rows;
}

/** Names of the action operations this screen calls (POST /api/inventories/{name}). */
export type ListOperation =
  | 'acceptInventory'
  | 'bulkAcceptInventory'
  | 'acceptRequestToSell'
  | 'bulkAcceptRequestToSell'
  | 'bulkDeclineRequestToSell'
  | 'declineInventory'
  | 'acceptInventoryPrice'
  | 'declineInventoryPrice'
  | 'acceptInventoryWithdrawal'
  | 'declineInventoryWithdrawal'
  | 'withdrawInventory'
  | 'requestInventoryWithdrawal'
  | 'deleteInventory'
  | 'storeBuyRequestedInventory'
  | 'acceptStoreRequest'
  | 'storeRequestPriceChange'
  // the consigner's own operations (the portal's list)
  | 'cancelDropoff'
  | 'requestPriceChange'
  | 'acceptStoreRequestPrice'
  | 'declineStoreRequestPrice';

export function runOperation(op: ListOperation, body: Record<string, unknown>): Promise<ActionAnswer> {
  return apiFetch<ActionAnswer>(`/api/inventories/${op}`, { method: 'POST', body });
}

/** An action on the list's items; the lists (and filter options) are fetched again once it answers. */
export function useInventoryOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ op, body }: { op: ListOperation; body: Record<string, unknown> }) => runOperation(op, body),
    onSuccess: (answer) => {
      if (!isQueued(answer)) void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

export type InventoryEdit = Partial<{
  consigner: string;
  price: number;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  location: string | null;
  subLocation: string | null;
  status: InventoryStatus;
  trackingCode: string | null;
}>;

export function updateInventory(id: string, body: InventoryEdit) {
  return apiFetch<ListItem>(`/api/inventories/${id}`, { method: 'PUT', body });
}

export function useUpdateInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InventoryEdit }) => updateInventory(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryListKeys.all }),
  });
}

/** GET /api/inventories/exportInventory, saved as inventoryExport.csv (catalogue doc section 7). */
export async function downloadInventoryExport(q: Omit<InventoryQuery, 'pageSize' | 'currentPage' | 'grouped'>): Promise<void> {
  await downloadCsv(`/api/inventories/exportInventory?${filterParams(q)}`, 'inventoryExport.csv');
}
