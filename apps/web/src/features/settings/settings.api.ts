// Store settings (/settings) and usage (/billing): GET/PUT /api/stores/{id}, POST /api/stores/resync,
// GET /api/stores/usage. Types come from the domain's schemas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStoreHosts, TStoreHostsVerifyBody, TStoreResyncResult, TStoreSettings, TStoreSettingsPatch, TStoreUsage } from '@backroom/domain';
import type { z } from 'zod';
import type { ZStoreResyncStarted } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { useJob } from '../../shared/jobs.api';
import { storeKeys } from '../store/store.api';

export type StoreSettings = TStoreSettings;
type StoreUsage = TStoreUsage;
type StoreResyncResult = TStoreResyncResult;

const settingsKeys = {
  all: ['storeSettings'] as const,
  store: (id: string) => ['storeSettings', id] as const,
  usage: ['storeSettings', 'usage'] as const,
  hosts: (id: string) => ['storeSettings', id, 'hosts'] as const,
};

export function useStoreSettings(id: string | undefined) {
  return useQuery({
    queryKey: settingsKeys.store(id ?? ''),
    queryFn: ({ signal }) => apiFetch<StoreSettings>(`/api/stores/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

/** PUT /api/stores/{id}: the saved store comes back; the public store (logo, name, wording) is read again. */
export function useSaveStoreSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStoreSettingsPatch) => apiFetch<StoreSettings>(`/api/stores/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.store(id), saved);
      // a changed host starts again unproven
      void queryClient.invalidateQueries({ queryKey: settingsKeys.hosts(id) });
      return queryClient.invalidateQueries({ queryKey: storeKeys.all });
    },
  });
}

/** POST /api/stores/resync: answers the job to follow. */
export function useResyncStore() {
  return useMutation({
    mutationFn: () => apiFetch<z.output<typeof ZStoreResyncStarted>>('/api/stores/resync', { method: 'POST' }),
  });
}

export const useResyncJob = (jobId: string | null) => useJob<StoreResyncResult>(jobId);

export function useStoreUsage() {
  return useQuery({
    queryKey: settingsKeys.usage,
    queryFn: ({ signal }) => apiFetch<StoreUsage>('/api/stores/usage', { signal }),
  });
}

export { uploadImage } from '../products/products.api';

/** GET /api/stores/{id}/hosts: each host's proof (Admins only). */
export function useStoreHosts(id: string) {
  return useQuery({
    queryKey: settingsKeys.hosts(id),
    queryFn: ({ signal }) => apiFetch<TStoreHosts>(`/api/stores/${encodeURIComponent(id)}/hosts`, { signal }),
  });
}

/** POST /api/stores/{id}/hosts/verify: a failed check comes back as the host's state, not as an error. */
export function useVerifyStoreHosts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<TStoreHostsVerifyBody>) => apiFetch<TStoreHosts>(`/api/stores/${encodeURIComponent(id)}/hosts/verify`, { method: 'POST', body }),
    onSuccess: (hosts) => {
      queryClient.setQueryData(settingsKeys.hosts(id), hosts);
      // the public store's link origin follows the proof
      return queryClient.invalidateQueries({ queryKey: storeKeys.all });
    },
  });
}
