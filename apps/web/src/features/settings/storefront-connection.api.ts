// The store's Shopify connection (Settings' Shopify card): GET/PUT /api/storefront/connection and
// POST /api/storefront/connection/test. Secrets go up, never come back: only whether each is set.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStorefrontConnection, TStorefrontConnectionTestResult, TStorefrontConnectionUpdate, ZStorefrontConnectionTest } from '@backroom/domain';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api';

const storefrontConnectionKeys = { all: ['storefrontConnection'] as const };

export function useStorefrontConnection() {
  return useQuery({
    queryKey: storefrontConnectionKeys.all,
    queryFn: ({ signal }) => apiFetch<TStorefrontConnection>('/api/storefront/connection', { signal }),
  });
}

export function useSaveStorefrontConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStorefrontConnectionUpdate) => apiFetch<TStorefrontConnection>('/api/storefront/connection', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(storefrontConnectionKeys.all, saved),
  });
}

export function useTestStorefrontConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZStorefrontConnectionTest>) => apiFetch<TStorefrontConnectionTestResult>('/api/storefront/connection/test', { method: 'POST', body }),
    // a successful test of the saved shop stores its name and its locations' names
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: storefrontConnectionKeys.all });
    },
  });
}
