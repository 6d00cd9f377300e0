// The consigner's requests at the end of a term (docs/consignment-terms.md "The consigner's requests"):
// their open requests (GET /api/termRequests), asking (POST /api/termRequests) and cancelling.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermRequestKind, TTermRequest, TTermRequestList, TTermRequestResult } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

const termRequestKeys = { open: ['termRequests', 'open'] as const };

/** The signed-in consigner's open requests by item: one call for the whole list, shared by its rows. */
export function useOpenTermRequests() {
  return useQuery({
    queryKey: termRequestKeys.open,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const list = await apiFetch<TTermRequestList>('/api/termRequests', { signal });
      return new Map<string, TTermRequest>(list.items.map((r) => [r.inventoryId, r]));
    },
  });
}

export function useSendTermRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { inventoryId: string; kind: TermRequestKind }) => apiFetch<TTermRequestResult>('/api/termRequests', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: termRequestKeys.open }),
  });
}

export function useCancelTermRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<TTermRequestResult>(`/api/termRequests/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: termRequestKeys.open }),
  });
}
