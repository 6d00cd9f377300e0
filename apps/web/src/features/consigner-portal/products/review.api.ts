// Calls of the consigner's review list (catalogue doc section 2, the review bar): the server's check of
// rows (POST /api/inventories/check: status, pre-approval, payout, from the create's own preparation)
// and the one create of every reviewed row (POST /api/inventories, all or none).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TIntakeCheckRow } from '@backroom/domain';
import { apiFetch } from '../../../shared/api';
import { useRefetchAfterAdd, type CreatedInventory, type InventoryFormRow } from '../../add-inventory/add-inventory.api';

export type IntakeCheck = TIntakeCheckRow;

export function checkRows(rows: InventoryFormRow[], signal?: AbortSignal): Promise<IntakeCheck[]> {
  return apiFetch<IntakeCheck[]>('/api/inventories/check', { method: 'POST', body: { inventoryFormArray: rows }, signal });
}

/**
 * The review panel's pre-approval checks: every row of the list checked again when the panel opens
 * (a lowest price may have moved since the row was added), and after a row is removed.
 */
export function useReviewCheck(rows: InventoryFormRow[], enabled: boolean) {
  return useQuery({
    queryKey: ['consigner-review', 'check', rows] as const,
    queryFn: ({ signal }) => checkRows(rows, signal),
    enabled: enabled && rows.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Submit: every reviewed row in one POST /api/inventories. */
export function useSubmitReview() {
  const refetchAfterAdd = useRefetchAfterAdd();
  return useMutation({
    mutationFn: (rows: InventoryFormRow[]) => apiFetch<CreatedInventory[]>('/api/inventories', { method: 'POST', body: { inventoryFormArray: rows } }),
    onSuccess: () => refetchAfterAdd(),
  });
}
