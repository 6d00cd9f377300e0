// Calls of the Add Inventory modal and wizard (catalogue doc sections 2, 5 and 7): the product, its
// lowest prices per size, fee quotes, the pre-approval status and POST /api/inventories.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFeeQuote, TInventoryItem, TPreapprovalStatus, UpdatedInventory } from '@backroom/domain';
import type { z } from 'zod';
import type { ZFeesQuery, ZInventoryRow, ZPreapprovalQuery, ZProductDetail, ZVariantPrice } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

/** GET /api/products/{id}, the same answer (and cache entry) as the product page's. */
type CatalogueProduct = z.output<typeof ZProductDetail>;
/** GET /api/products/lowestVariantPrices/{id}: the lowest Active price of each size. */
type VariantPrice = z.output<typeof ZVariantPrice>;

/** POST /api/inventories/fees: money in major units. */
export type FeeQuote = TFeeQuote;

/** GET /api/inventories/preapprovalStatus */
export type PreapprovalStatus = TPreapprovalStatus;

/** One row of inventoryFormArray (price in major units): the domain's ZInventoryRow, whose price and quantity the screens always fill in. */
export type InventoryFormRow = z.input<typeof ZInventoryRow> & { price: number; quantity: number };

/** An item POST /api/inventories created. */
export type CreatedInventory = TInventoryItem;

const addInventoryKeys = {
  product: (id: string) => ['catalogue', 'product', id] as const,
  lowestPrices: (id: string) => ['catalogue', 'lowestVariantPrices', id] as const,
};

export function useCatalogueProduct(id: string | null | undefined) {
  return useQuery({
    queryKey: addInventoryKeys.product(id ?? ''),
    queryFn: ({ signal }) => apiFetch<CatalogueProduct>(`/api/products/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useLowestVariantPrices(id: string | null | undefined) {
  return useQuery({
    queryKey: addInventoryKeys.lowestPrices(id ?? ''),
    queryFn: ({ signal }) => apiFetch<VariantPrice[]>(`/api/products/lowestVariantPrices/${id}`, { signal }),
    enabled: Boolean(id),
    // Only a hint beside the sizes: a failure leaves it out (spec 8, lowest-price failures are silent).
    retry: false,
  });
}

/**
 * POST /api/inventories/fees (the domain's ZFeesQuery); `id`, an existing item, counts its add-ons and cost
 * (bulk edit). The screens always quote a chosen product, consigner, price and quantity, as numbers.
 */
type FeeQuoteInput = Pick<z.input<typeof ZFeesQuery>, 'id' | 'category' | 'option1Value' | 'option2Value' | 'option3Value'> & {
  productId: string;
  price: number;
  quantity: number;
  consigner: string;
};

export function fetchFeeQuote(input: FeeQuoteInput, signal: AbortSignal): Promise<FeeQuote> {
  return apiFetch<FeeQuote>('/api/inventories/fees', { method: 'POST', body: input, signal });
}

export function fetchPreapprovalStatus(
  // the domain's ZPreapprovalQuery; the screen holds the price as a number
  input: Omit<z.input<typeof ZPreapprovalQuery>, 'price'> & { price: number },
  signal: AbortSignal,
): Promise<PreapprovalStatus> {
  return apiFetch<PreapprovalStatus>('/api/inventories/preapprovalStatus', {
    query: {
      productId: input.productId,
      price: input.price,
      option1Value: input.option1Value,
      option2Value: input.option2Value,
      option3Value: input.option3Value,
    },
    signal,
  });
}

/** POST /api/inventories: every row becomes an item, all or none. */
export function useCreateInventories() {
  return useMutation({
    mutationFn: (rows: InventoryFormRow[]) =>
      apiFetch<CreatedInventory[]>('/api/inventories', { method: 'POST', body: { inventoryFormArray: rows } }),
  });
}

/** After a listing is created the screens re-fetch after 500 ms (catalogue doc section 7). */
const REFETCH_DELAY_MS = 500;

export function useRefetchAfterAdd() {
  const queryClient = useQueryClient();
  // Lists, product pages and counts all show the new items: everything but who is signed in and the store.
  const keep = new Set(['me', 'session', 'store']);
  return () =>
    window.setTimeout(() => {
      void queryClient.invalidateQueries({ predicate: (query) => !keep.has(String(query.queryKey[0])) });
    }, REFETCH_DELAY_MS);
}

/** PUT /api/inventories: the wizard places every item it made at one location, all or none. */
export function usePlaceInventories() {
  return useMutation({
    mutationFn: ({ ids, location, subLocation }: { ids: string[]; location: string; subLocation: string | null }) =>
      apiFetch<UpdatedInventory[]>('/api/inventories', { method: 'PUT', body: { inventories: ids.map((id) => ({ id, location, subLocation })) } }),
  });
}
