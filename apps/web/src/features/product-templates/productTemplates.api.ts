import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZProductTemplate, ZProductTemplateBody, ZProductTemplateDeleted, ZTemplateOptionValue } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { lookupKeys, lookupQueries } from '../../shared/lookups.api';

/** An option value; a size may carry a price (major units). */
export type OptionValue = z.output<typeof ZTemplateOptionValue>;
/** A product template: the option set of a product (catalogue doc section 3). */
export type ProductTemplate = z.output<typeof ZProductTemplate>;

/**
 * POST and PUT /api/productTemplates body. Values go as the comma-separated text the dialog holds
 * ('8, 9:120, 10'); the server (the domain's ZProductTemplateInput) splits, trims and prices them.
 */
export type ProductTemplateInput = z.input<typeof ZProductTemplateBody>;

// GET /api/productTemplates is the shared lookup (every signed-in user reads the templates); a change
// here refreshes every form that offers them through lookupKeys.all.
export const useProductTemplates = () => useQuery(lookupQueries.templates());

export function useCreateProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductTemplateInput) => apiFetch<ProductTemplate>('/api/productTemplates', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

export function useUpdateProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductTemplateInput }) =>
      apiFetch<ProductTemplate>(`/api/productTemplates/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

export function useDeleteProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<z.output<typeof ZProductTemplateDeleted>>(`/api/productTemplates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

/** The values as the dialog edits them: '8, 9:120, 10' (a price after a colon). */
export function optionValuesText(values: readonly OptionValue[]): string {
  return values.map((v) => (v.price === undefined || v.price === null ? v.value : `${v.value}:${v.price}`)).join(', ');
}
