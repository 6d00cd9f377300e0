import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLocationUpdate } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { lookupKeys, type StoreLocation } from '../../shared/lookups.api';

export type { StoreLocation };

// Under lookupKeys.all: a change here refreshes every location picker, filter and label at once.
const allLocationsKey = [...lookupKeys.all, 'locations', 'with-archived'] as const;

/** GET /api/locations?archived=include (Settings): every location, the archived ones too. */
export const useAllLocations = () =>
  useQuery(queryOptions({ queryKey: allLocationsKey, queryFn: ({ signal }) => apiFetch<StoreLocation[]>('/api/locations', { query: { archived: 'include' }, signal }) }));

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<StoreLocation>('/api/locations', { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

/** PUT /api/locations/{id}: rename (the items follow on the server), archive or bring back. */
export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: TLocationUpdate & { id: string }) => apiFetch<StoreLocation>(`/api/locations/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    // items, inventory lists and the item page show the location by name
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
