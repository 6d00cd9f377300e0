import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STARTER_TEMPLATES, type TStoreSetup } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { lookupKeys } from '../../shared/lookups.api';
import type { ProductTemplate } from '../product-templates/productTemplates.api';

const setupKeys = { setup: ['storeSetup'] as const };
type StarterKey = (typeof STARTER_TEMPLATES)[number]['key'];

/** GET /api/stores/setup: the guide's steps, done from the store's data; asked again on every visit. */
export const useStoreSetup = (enabled: boolean) =>
  useQuery({ queryKey: setupKeys.setup, queryFn: ({ signal }) => apiFetch<TStoreSetup>('/api/stores/setup', { signal }), enabled, staleTime: 0 });

/** PUT /api/stores/setup: hide the guide (or bring it back). */
export function useDismissSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => apiFetch<TStoreSetup>('/api/stores/setup', { method: 'PUT', body: { dismissed } }),
    onSuccess: (setup) => queryClient.setQueryData(setupKeys.setup, setup),
  });
}

/** One click: the demo's template copied into the store through POST /api/productTemplates. */
export function useCopyStarterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: StarterKey) => {
      const { key: _key, ...template } = STARTER_TEMPLATES.find((t) => t.key === key)!;
      return apiFetch<ProductTemplate>('/api/productTemplates', { method: 'POST', body: template });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: lookupKeys.all });
      await queryClient.invalidateQueries({ queryKey: setupKeys.setup });
    },
  });
}
