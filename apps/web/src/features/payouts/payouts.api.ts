import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInventoryItem, TOrdersPayoutInventories } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

// Server shapes are the domain's: schemas/inventory-queries.ts (ready to pay) and schemas/payouts.ts.
// Money in major units.

export type ReadyItem = TInventoryItem;

export interface ReadyToPayQuery {
  search: string;
  consigner?: string;
  /** Order date range, YYYY-MM-DD, both or neither. */
  from?: string;
  to?: string;
}

export const payoutKeys = {
  all: ['payouts'] as const,
  ready: (q: ReadyToPayQuery) => ['payouts', 'ready', q] as const,
};

/** GET /api/inventories/ordersPayoutInventories: the sold, unpaid items (and bought ones), their count and total. */
export function useReadyToPay(q: ReadyToPayQuery) {
  return useQuery({
    queryKey: payoutKeys.ready(q),
    queryFn: ({ signal }) =>
      apiFetch<TOrdersPayoutInventories>('/api/inventories/ordersPayoutInventories', {
        query: {
          search: q.search.trim() || undefined,
          consigner: q.consigner,
          // the server takes the range as one comma-separated value
          orderDateRange: q.from && q.to ? `${q.from},${q.to}` : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiFetch<{ id: string }>('/api/payouts/pay', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
