import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** A location of the store; ONLINE MARKETPLACE comes only for users who may use it. */
export interface StoreLocation {
  id: string;
  name: string;
  isMarketplace: boolean;
  label: string;
  value: string;
}

/** A shelf or bin of a location (catalogue doc section 3). */
export interface SubLocation {
  id: string;
  name: string;
  locationName: string;
}

// Keys under 'lookups' are shared with the reference data other screens read (shared/lookups.ts),
// so a new or renamed sub-location shows in every location picker and inventory filter.
export const locationKeys = {
  lookups: ['lookups'] as const,
  locations: ['lookups', 'locations'] as const,
  subLocationsOf: (location: string | undefined) => ['lookups', 'subLocations', location ?? 'all'] as const,
};

/** GET /api/locations, physical locations first. */
export function useLocations() {
  return useQuery({
    queryKey: locationKeys.locations,
    queryFn: ({ signal }) => apiFetch<StoreLocation[]>('/api/locations', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/subLocations, of one location or of all. */
export function useSubLocations(location?: string) {
  return useQuery({
    queryKey: locationKeys.subLocationsOf(location),
    queryFn: ({ signal }) => apiFetch<SubLocation[]>('/api/subLocations', { query: { location }, signal }),
    staleTime: 60_000,
  });
}

export function useCreateSubLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; locationName: string }) => apiFetch<SubLocation>('/api/subLocations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.lookups }),
  });
}

/** PUT /api/subLocations/{id}: items at the old name follow the rename on the server. */
export function useRenameSubLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<SubLocation>(`/api/subLocations/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.lookups }),
  });
}
