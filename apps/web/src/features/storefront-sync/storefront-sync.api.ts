// The sync health screen (/storefrontSync): GET /api/storefront/sync, POST /api/storefront/sync/repair
// and POST /api/storefront/sync/driftCheck.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSyncList, ZSyncListQuery } from '@backroom/domain';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api';

/** GET /api/storefront/sync's query; the screen always pages, by number (the server coerces the text). */
type SyncListQuery = Omit<z.input<typeof ZSyncListQuery>, 'page' | 'pageSize'> & { page: number; pageSize: number };

const storefrontSyncKeys = {
  all: ['storefrontSync'] as const,
  list: (q: SyncListQuery) => ['storefrontSync', q] as const,
};

export function useSyncList(q: SyncListQuery) {
  return useQuery({
    queryKey: storefrontSyncKeys.list(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
      if (q.state) params.set('state', q.state);
      if (q.search) params.set('search', q.search);
      return apiFetch<TSyncList>(`/api/storefront/sync?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    // while pushes (or a first sync / resync all) are under way, the states change by themselves
    refetchInterval: (query) => {
      const data = query.state.data;
      const job = data?.syncJob?.status;
      return (data?.counts.pending ?? 0) > 0 || job === 'queued' || job === 'running' ? 2000 : false;
    },
  });
}

export function useRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => apiFetch<{ queued: number; message: string }>('/api/storefront/sync/repair', { method: 'POST', body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storefrontSyncKeys.all }),
  });
}

export function useDriftCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ queued: boolean; message: string }>('/api/storefront/sync/driftCheck', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storefrontSyncKeys.all }),
  });
}
