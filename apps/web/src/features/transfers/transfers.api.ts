// Transfers (people doc section 2): pages of items from GET /api/inventories/paginatedInventories,
// POST /api/inventories/transfer and POST /api/inventories/acceptTransfer.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventoryStatus, LOCATION_OPTIONS, TActionResult, TInventoryList, TQueuedJob, ZActionBodies } from '@backroom/domain';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api';

export type LocationOption = (typeof LOCATION_OPTIONS)[number];

interface TransferFilters {
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

const transferKeys = {
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
type TransferAnswer = TActionResult | TQueuedJob;

/** What an action answered: its message, or the queued job's. */
export const answerText = (answer: TransferAnswer) => answer.message;

/** POST /api/inventories/transfer body (the domain's ZActionBodies.transfer). */
type TransferInput = z.input<typeof ZActionBodies.transfer>;
/** POST /api/inventories/acceptTransfer body (the domain's ZActionBodies.acceptTransfer). */
type AcceptTransferInput = z.input<typeof ZActionBodies.acceptTransfer>;

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
    mutationFn: (input: AcceptTransferInput) =>
      apiFetch<TransferAnswer>('/api/inventories/acceptTransfer', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inventories'] }),
  });
}
