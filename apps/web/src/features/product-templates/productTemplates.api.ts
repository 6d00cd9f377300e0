import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

/** An option value; a size may carry a price (major units). */
export interface OptionValue {
  value: string;
  price?: number;
}

/** A product template: the option set of a product (catalogue doc section 3). */
export interface ProductTemplate {
  id: string;
  title: string;
  brand: string;
  category: string;
  gender: string | null;
  /** grams */
  weight: number | null;
  option1: string;
  option2: string | null;
  option3: string | null;
  option1Values: OptionValue[];
  option2Values: OptionValue[];
  option3Values: OptionValue[];
  createdAt: string;
  updatedAt: string;
}

/**
 * POST and PUT /api/productTemplates body. Values go as the comma-separated text the dialog holds
 * ('8, 9:120, 10'); the server (the domain's ZProductTemplateInput) splits, trims and prices them.
 */
export interface ProductTemplateInput {
  title: string;
  brand: string;
  category: string;
  gender?: string | null;
  weight?: number | null;
  option1?: string;
  option2?: string | null;
  option3?: string | null;
  option1Values: string;
  option2Values?: string | null;
  option3Values?: string | null;
}

// Keys under 'lookups' are shared with the reference data other screens read (shared/lookups.ts):
// the same list is cached once, and a change here refreshes every form that offers templates.
export const templateKeys = {
  all: ['lookups'] as const,
  list: ['lookups', 'productTemplates'] as const,
};

/** GET /api/productTemplates: every signed-in user reads them (product and inventory forms). */
export function useProductTemplates() {
  return useQuery({
    queryKey: templateKeys.list,
    queryFn: ({ signal }) => apiFetch<ProductTemplate[]>('/api/productTemplates', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductTemplateInput) => apiFetch<ProductTemplate>('/api/productTemplates', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useUpdateProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductTemplateInput }) =>
      apiFetch<ProductTemplate>(`/api/productTemplates/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteProductTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string }>(`/api/productTemplates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** The values as the dialog edits them: '8, 9:120, 10' (a price after a colon). */
export function optionValuesText(values: readonly OptionValue[]): string {
  return values.map((v) => (v.price === undefined || v.price === null ? v.value : `${v.value}:${v.price}`)).join(', ');
}
