import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZConsignerTypeBody, ZConsignerTypeDeleted, ZConsignmentTermsBody } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { lookupKeys, type ConsignerType } from '../../shared/lookups.api';

export type { ConsignerType };
export { useConsignerTypes } from '../../shared/lookups.api';

/**
 * POST and PUT /api/consignerTypes body (people doc section 7): sellingFee a percent, minFee and
 * flatFee in the store currency (major units); the server's ZConsignerTypeInput words the refusals.
 */
type ConsignerTypeInput = z.input<typeof ZConsignerTypeBody>;

/** The fields of a saved type as a PUT sends them (the spec's client sends the whole row). */
export function toInput(t: ConsignerType): ConsignerTypeInput {
  return {
    accountType: t.accountType,
    sellingFee: t.sellingFee,
    minFee: t.minFee,
    flatFee: t.flatFee,
    isDefault: t.isDefault,
    category: t.category,
    option1Value: t.option1Value,
    option2Value: t.option2Value,
    option3Value: t.option3Value,
  };
}

export function useCreateConsignerType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsignerTypeInput) => apiFetch<ConsignerType>('/api/consignerTypes', { method: 'POST', body: input }),
    // a new default takes the flag from the old one: the whole list is read again
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupKeys.consignerTypes }),
  });
}

/**
 * PUT /api/consignerTypes/{id}. The table shows the new value at once (the row, and the default flag
 * moving off the old default); a refusal puts the list back as it was.
 */
export function useUpdateConsignerType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConsignerTypeInput }) =>
      apiFetch<ConsignerType>(`/api/consignerTypes/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onMutate: async ({ id, input }) => {
      await queryClient.cancelQueries({ queryKey: lookupKeys.consignerTypes });
      const before = queryClient.getQueryData<ConsignerType[]>(lookupKeys.consignerTypes);
      if (before) {
        queryClient.setQueryData<ConsignerType[]>(
          lookupKeys.consignerTypes,
          before.map((t) => {
            if (t.id === id) return { ...t, ...input, flatFee: input.flatFee ?? 0, sellingFee: input.sellingFee ?? t.sellingFee, minFee: input.minFee ?? t.minFee, isDefault: input.isDefault ?? t.isDefault } as ConsignerType;
            return input.isDefault ? { ...t, isDefault: false } : t;
          }),
        );
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(lookupKeys.consignerTypes, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupKeys.consignerTypes }),
  });
}

export function useDeleteConsignerType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<z.output<typeof ZConsignerTypeDeleted>>(`/api/consignerTypes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.consignerTypes }),
  });
}

/** PUT /api/consignerTypes/{id}/terms (docs/consignment-terms.md); the server's ZConsignmentTermsInput words the refusals. */
export function useUpdateConsignerTypeTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, terms }: { id: string; terms: z.input<typeof ZConsignmentTermsBody> }) =>
      apiFetch<ConsignerType>(`/api/consignerTypes/${encodeURIComponent(id)}/terms`, { method: 'PUT', body: terms }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.consignerTypes }),
  });
}
