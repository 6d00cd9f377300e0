import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConsignerUpdateResult } from '@backroom/domain';
import { apiFetch } from '../../../shared/api';
import { authKeys } from '../../auth/auth.api';
import { consignerKeys, useConsigner, type ConsignerChange } from '../../consigners/consigners.api';

// The consigner's own record on /settings: GET and PUT /api/consigners/{id} (a consigner: themself only;
// docs/people.md "A consigner may not change ...").

/** The signed-in consigner's record (bank details included: it is their own). */
export const useOwnConsigner = useConsigner;

/** PUT /api/consigners/{id} of themself; the signed-in user (name in the header, bank data) is read again. */
export function useSaveOwnDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ConsignerChange) => apiFetch<TConsignerUpdateResult>(`/api/consigners/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    onSuccess: (result) => {
      queryClient.setQueryData(consignerKeys.one(id), result.consigner);
      void queryClient.invalidateQueries({ queryKey: authKeys.meAll });
    },
  });
}
