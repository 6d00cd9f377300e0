import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TOrder, TOrderFilterOptions, TOrderImportResult, TOrderItemList, ZOrdersFilter, ZOrdersResyncStarted } from '@backroom/domain';
import { ApiError, apiFetch, downloadCsv } from '../../shared/api';
import { inventoryListKeys } from '../inventory-lists/inventory-lists.api';

// Server shapes are the domain's (schemas/order.ts). Money in major units.

export type OrderItemRow = TOrderItemList['rows'][number];
export type Order = TOrder;
export type OrderLine = TOrder['lineItems'][number];
export type ImportResult = TOrderImportResult;

type OrdersFilterInput = z.input<typeof ZOrdersFilter>;
/**
 * The filters of /findOrders (the domain's ZOrdersFilter). The screen always holds its search box, the
 * order dates as ISO timestamps [from, to) (the list sends them joined, the export as the pair) and flagged as a boolean.
 */
export type OrdersFilter = Required<Pick<OrdersFilterInput, 'search'>> & Pick<OrdersFilterInput, 'consigner'> & { orderDateRange: [string, string] | undefined; flagged?: boolean };
/** GET /api/orders (ZOrdersQuery); the screen pages by number. */
type OrdersQuery = OrdersFilter & { pageSize: number; currentPage: number };

const orderKeys = {
  all: ['orders'] as const,
  list: (q: OrdersQuery) => ['orders', 'list', q] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  filterOptions: ['orders', 'filterOptions'] as const,
};

function filterQuery(f: OrdersFilter) {
  return {
    search: f.search.trim() || undefined,
    consigner: f.consigner,
    orderDateRange: f.orderDateRange ? f.orderDateRange.join(',') : undefined,
    flagged: f.flagged ? 'true' : undefined,
  };
}

/** GET /api/orders: one page of the order item table. */
export function useOrderItems(q: OrdersQuery) {
  return useQuery({
    queryKey: orderKeys.list(q),
    queryFn: ({ signal }) => apiFetch<TOrderItemList>('/api/orders', { query: { ...filterQuery(q), pageSize: q.pageSize, currentPage: q.currentPage }, signal }),
    // the page being left stays on screen (dimmed) until the next one arrives
    placeholderData: keepPreviousData,
  });
}

/** GET /api/orders/filterOptions: the consigner select and the order imports turned on. */
export function useOrderFilterOptions() {
  return useQuery({
    queryKey: orderKeys.filterOptions,
    queryFn: ({ signal }) => apiFetch<TOrderFilterOptions>('/api/orders/filterOptions', { signal }),
    staleTime: 60_000,
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => apiFetch<TOrder>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** GET /api/orders/resync/{id}: "Resync Line Items"; the answer is the order as it is now. */
export function useResyncOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TOrder>(`/api/orders/resync/${encodeURIComponent(id)}`),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.one(id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

/** POST /api/orders/linnworkOrders: imports the store's new Linnworks orders (the screen calls it on load when the import is on). */
export function useImportLinnworksOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TOrderImportResult>('/api/orders/linnworkOrders', { method: 'POST' }),
    onSuccess: (result) => {
      if (result.imported > 0) {
        void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
        void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
      }
    },
  });
}

/** POST /api/orders/resyncAll: "Resync All Orders", a background job (GET /api/jobs/{id}). */
export function useResyncAllOrders() {
  return useMutation({
    mutationFn: () => apiFetch<z.output<typeof ZOrdersResyncStarted>>('/api/orders/resyncAll', { method: 'POST' }),
  });
}

/** The order list and the item lists show what an import changed. */
export function useRefreshAfterImport() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
  };
}

/** POST /api/orders/export: the filtered order item table as ordersExport.csv. */
export async function downloadOrdersCsv(f: OrdersFilter): Promise<void> {
  const q = filterQuery(f);
  await downloadCsv('/api/orders/export', 'ordersExport.csv', {
    method: 'POST',
    body: { search: q.search, consigner: q.consigner, orderDateRange: f.orderDateRange, flagged: f.flagged || undefined },
  });
}
