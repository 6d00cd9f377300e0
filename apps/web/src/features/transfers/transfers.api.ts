// Transfers (people doc section 2): pages of items from GET /api/inventories/paginatedInventories,
// POST /api/inventories/transfer and POST /api/inventories/acceptTransfer.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventoryStatus, LOCATION_OPTIONS, TActionResult, TInventoryList, TQueuedJob } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

export type LocationOption = (typeof LOCATION_OPTIONS)[number];

export interface TransferFilters {
  search?: string;
  status?: InventoryStatus;
  location?: string;
  option1Value?: string;
  category?: string;
  consigner?: string;
  currentPage: number;
  pageSize: number;
}

/** A page of items (no grouping here). */
export type InventoryPage = TInventoryList;

export const transferKeys = {
  page: (scope: string, filters: TransferFilters) => ['inventories', 'transfers', scope, filters] as const,
};

export function useInventoryPage(scope: string, filters: TransferFilters) {
  return useQuery({
    queryKey: transferKeys.page(scope, filters),
    queryFn: ({ signal }) =>
      apiFetch<InventoryPage>('/api/inventories/paginatedInventories', {
        query: { ...filters, sortOption: 'newestUpdated' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Up to 50 items run inline; more become a background job (202 with a job id). */
export type TransferAnswer = TActionResult | TQueuedJob;

/** What an action answered: its message, or the queued job's. */
export const answerText = (answer: TransferAnswer) => answer.message;

export interface TransferInput {
  inventories: string[];
  location: string;
  subLocation?: string | null;
  shouldOverrideLocationOption: boolean;
  locationOption?: LocationOption | null;
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferInput) => apiFetch<TransferAnswer>('/api/inventories/transfer', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inventories'] }),
  });
}

export function useAcceptTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; location: string; subLocation?: string | null }) =>
      apiFetch<TransferAnswer>('/api/inventories/acceptTransfer', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inventories'] }),
  });
}
