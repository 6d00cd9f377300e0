import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSaleKeyConflict, type TCounterSaleBody, type TStoreCreditHolder, type TStoreCreditHolders, TSale, TSaleMessage, TSaleResult, TSaleSummaries, TSellableItem, TSellableItems, ZSaleReceiptBody, ZSaleReceiptResult } from '@backroom/domain';
import type { z } from 'zod';
import { ApiError, apiFetch } from '../../shared/api';
import { inventoryListKeys } from '../inventory-lists/inventory-lists.api';

// Server shapes are the domain's (schemas/sales.ts). Money in major units.

export type SellableItem = TSellableItem;
export type Sale = TSale;
export type CreditHolder = TStoreCreditHolder;

const saleKeys = {
  all: ['sales'] as const,
  recent: ['sales', 'recent'] as const,
  one: (id: string) => ['sales', 'one', id] as const,
  search: (text: string) => ['sales', 'search', text] as const,
};

/** GET /api/sales/item: the item a scanned or typed code names (an ApiError says why it cannot be sold). */
export function findSellableItem(code: string, signal?: AbortSignal): Promise<SellableItem> {
  return apiFetch<TSellableItem>('/api/sales/item', { query: { code: code.trim() }, signal });
}

/** GET /api/sales/items: Active items matching a search; off below two characters. */
export function useSellableSearch(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: saleKeys.search(search),
    queryFn: ({ signal }) => apiFetch<TSellableItems>('/api/sales/items', { query: { search }, signal }),
    enabled: search.length >= 2,
    staleTime: 10_000,
  });
}

/** GET /api/sales/creditAccounts: consigners whose store credit may pay, by name, e-mail or code; off below two characters. */
export function useCreditHolders(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: ['sales', 'credit', search] as const,
    queryFn: ({ signal }) => apiFetch<TStoreCreditHolders>('/api/sales/creditAccounts', { query: { search }, signal }),
    enabled: search.length >= 2,
    staleTime: 5_000,
  });
}

/** GET /api/sales: the newest counter sales. */
export function useRecentSales() {
  return useQuery({
    queryKey: saleKeys.recent,
    queryFn: ({ signal }) => apiFetch<TSaleSummaries>('/api/sales', { signal }),
  });
}

/** GET /api/sales/{id}: a sale and its lines, for the receipt. */
export function useSale(id: string | null) {
  return useQuery({
    queryKey: saleKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiFetch<TSale>(`/api/sales/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** POST /api/sales: the counter sale (a sale key per sale makes a double submit record it once). */
export function useCompleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCounterSaleBody) => apiFetch<TSaleResult>('/api/sales', { method: 'POST', body }),
    onSuccess: (result) => {
      queryClient.setQueryData(saleKeys.one(result.sale.id), result.sale);
      void queryClient.invalidateQueries({ queryKey: saleKeys.recent });
      // sold items leave the searches and the inventory lists
      void queryClient.invalidateQueries({ queryKey: ['sales', 'search'] });
      void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

/**
 * The sale already recorded under a sale key that came back with another basket or payment method
 * (409 SALE_KEY_REUSED, docs/sales.md "Idempotency"), or null for any other error.
 */
export function saleOfReusedKey(error: unknown): Sale | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'SALE_KEY_REUSED') return null;
  const parsed = ZSaleKeyConflict.safeParse(error.payload);
  return parsed.success ? parsed.data.sale : null;
}

/** POST /api/sales/{id}/undo: the items go back on sale. */
export function useUndoSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<TSaleMessage>(`/api/sales/${encodeURIComponent(id)}/undo`, { method: 'POST' }),
    onSuccess: (result) => {
      queryClient.setQueryData(saleKeys.one(result.sale.id), result.sale);
      void queryClient.invalidateQueries({ queryKey: saleKeys.recent });
      void queryClient.invalidateQueries({ queryKey: ['sales', 'search'] });
      void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

/** POST /api/sales/{id}/receipt: the receipt e-mailed to an address. */
export function useEmailReceipt() {
  return useMutation({
    mutationFn: ({ id, email }: { id: string } & z.input<typeof ZSaleReceiptBody>) =>
      apiFetch<z.output<typeof ZSaleReceiptResult>>(`/api/sales/${encodeURIComponent(id)}/receipt`, { method: 'POST', body: { email } }),
  });
}
