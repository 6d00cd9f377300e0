import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventoryStatus, TActionResult, TInventoryItem, TInventoryList, TInventoryProductGroup, TQueuedJob, ZActionBodies, ZUpdateInventory } from '@backroom/domain';
import type { z } from 'zod';
import { apiFetch, downloadCsv } from '../../shared/api';
import { useInventoryFilterOptions, type InventoryFilterOptions } from '../../shared/lookups.api';
import { filterParams, inventoryListKeys, inventoryPageQuery, PAGE_FRESH_MS, fetchInventoryPage, type InventoryPage, type InventoryQuery } from './inventory-page.api';

export { filterParams, inventoryListKeys, fetchInventoryPage, type InventoryPage, type InventoryQuery };

export type { Job } from '../../shared/jobs.api';
export { useJob } from '../../shared/jobs.api';

export type QueuedJob = TQueuedJob;
/** An operation's answer: its result when it ran inline, the queued job (202) otherwise. */
type ActionAnswer = TActionResult | TQueuedJob;

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

type Bodies = typeof ZActionBodies;

/** The action operations this screen calls (POST /api/inventories/{name}) and their bodies, as the server's ZActionBodies. */
interface ListOperationBodies {
  acceptInventory: z.input<Bodies['acceptInventory']>;
  bulkAcceptInventory: z.input<Bodies['bulkAccept']>;
  acceptRequestToSell: z.input<Bodies['acceptRequestToSell']>;
  bulkAcceptRequestToSell: z.input<Bodies['bulkAccept']>;
  bulkDeclineRequestToSell: z.input<Bodies['ids']>;
  declineInventory: z.input<Bodies['items']>;
  acceptInventoryPrice: z.input<Bodies['item']>;
  declineInventoryPrice: z.input<Bodies['item']>;
  acceptInventoryWithdrawal: z.input<Bodies['item']>;
  declineInventoryWithdrawal: z.input<Bodies['item']>;
  withdrawInventory: z.input<Bodies['withdraw']>;
  requestInventoryWithdrawal: z.input<Bodies['item']>;
  deleteInventory: z.input<Bodies['item']>;
  storeBuyRequestedInventory: z.input<Bodies['items']>;
  acceptStoreRequest: z.input<Bodies['acceptStoreRequest']>;
  storeRequestPriceChange: z.input<Bodies['priceRequest']>;
  // the consigner's own operations (the portal's list)
  cancelDropoff: z.input<Bodies['cancelDropoff']>;
  requestPriceChange: z.input<Bodies['priceRequest']>;
  acceptStoreRequestPrice: z.input<Bodies['item']>;
  declineStoreRequestPrice: z.input<Bodies['item']>;
}
export type ListOperation = keyof ListOperationBodies;
/** A body one of the operations takes (the screen picks the operation at run time, the server checks the pair). */
export type ListOperationBody = ListOperationBodies[ListOperation];

function runOperation(op: ListOperation, body: ListOperationBody): Promise<ActionAnswer> {
  return apiFetch<ActionAnswer>(`/api/inventories/${op}`, { method: 'POST', body });
}

/** An action on the list's items; the lists (and filter options) are fetched again once it answers. */
export function useInventoryOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ op, body }: { op: ListOperation; body: ListOperationBody }) => runOperation(op, body),
    onSuccess: (answer) => {
      if (!isQueued(answer)) void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

/** PUT /api/inventories/{id}: the same body as the item screen's (the domain's ZUpdateInventory). */
export type InventoryEdit = z.input<typeof ZUpdateInventory>;

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
