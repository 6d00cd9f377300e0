import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZPublicStore, ZStoreSignupQuery, ZStoreSignupResult } from '@backroom/domain';
import { ApiError, apiFetch } from '../../shared/api';
import { getStoreHandle } from '../../shared/storage';

/** The public store shape of GET /open/stores/current (docs/api-foundation.md). */
export type PublicStore = z.output<typeof ZPublicStore>;

export const storeKeys = {
  current: (handle: string | null) => ['store', 'current', handle] as const,
  all: ['store'] as const,
};

/** The store this request resolves to; `null` when the server has none (404). */
export function useStore() {
  return useQuery(storeQuery());
}

/** The query of the current store, shared by useStore and the start-up prefetch (app/boot.ts). */
export function storeQuery() {
  const handle = getStoreHandle();
  return queryOptions({
    queryKey: storeKeys.current(handle),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<PublicStore>('/open/stores/current', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60 * 1000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** The store once StoreGate has loaded it (StoreGate renders nothing else before). */
export function useCurrentStore(): PublicStore | null {
  return useStore().data ?? null;
}

export function findStoreByHandle(handle: string) {
  return apiFetch<PublicStore>(`/open/stores/handle/${encodeURIComponent(handle)}`);
}

/** POST /open/stores body (the domain's ZStoreSignupQuery). */
type StoreSignupInput = z.input<typeof ZStoreSignupQuery>;

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreSignupInput) => apiFetch<z.output<typeof ZStoreSignupResult>>('/open/stores', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
