// The store's integrations (Settings card on /settings): GET /api/stores/integrations and
// PUT /api/stores/integrations/{kind}. Credentials go up, never come back: only whether each is set.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntegrationKind, TIntegration, TIntegrationUpdate, TStoreIntegrations } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

const integrationKeys = { all: ['storeIntegrations'] as const };

export function useStoreIntegrations(enabled = true) {
  return useQuery({
    queryKey: integrationKeys.all,
    queryFn: ({ signal }) => apiFetch<TStoreIntegrations>('/api/stores/integrations', { signal }),
    enabled,
  });
}

/** Saves one integration's change; the answer replaces it in the list. */
export function useSaveIntegration(kind: IntegrationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TIntegrationUpdate) => apiFetch<TIntegration>(`/api/stores/integrations/${kind}`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TStoreIntegrations>(integrationKeys.all, (list) => list && { ...list, integrations: list.integrations.map((i) => (i.kind === saved.kind ? saved : i)) });
    },
  });
}
