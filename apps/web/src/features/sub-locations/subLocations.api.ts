import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZLocation, ZSubLocation, ZSubLocationBody, ZSubLocationRenameBody } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { lookupKeys } from '../../shared/lookups.api';

/** A location of the store; ONLINE MARKETPLACE comes only for users who may use it. */
export type StoreLocation = z.output<typeof ZLocation>;
/** A shelf or bin of a location (catalogue doc section 3). */
export type SubLocation = z.output<typeof ZSubLocation>;

// The lookups (locations, sub-locations) are the shared ones; a change here refreshes every
// location picker and inventory filter through lookupKeys.all.
export { useLocations, useSubLocations } from '../../shared/lookups.api';

export function useCreateSubLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZSubLocationBody>) => apiFetch<SubLocation>('/api/subLocations', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

/** PUT /api/subLocations/{id}: items at the old name follow the rename on the server. */
export function useRenameSubLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string } & z.input<typeof ZSubLocationRenameBody>) =>
      apiFetch<SubLocation>(`/api/subLocations/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}
