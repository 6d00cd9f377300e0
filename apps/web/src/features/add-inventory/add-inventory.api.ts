// Calls of the Add Inventory modal and wizard (catalogue doc sections 2, 5 and 7): the product, its
// lowest prices per size, fee quotes, the pre-approval status and POST /api/inventories.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api';

export interface CatalogueProduct {
  id: string;
  title: string;
  brand: string | null;
  sku: string;
  category: string | null;
  image: string | null;
  productTemplateId: string | null;
  listingCount?: number;
}

export interface VariantPrice {
  option1Value: string | null;
  price: number | null;
  quantity: number;
}

/** POST /api/inventories/fees: money in major units. */
export interface FeeQuote {
  payout: number;
  payoutFee: number;
  total: number;
  transcation: number;
  selling: number;
  vat: number;
  negativeBalance: number;
  breakdown: { label: string; amount: number }[];
  consignerType: string | null;
  isStoreAccount: boolean;
  zeroPayoutWarning: boolean;
  outstandingWithdrawalFees: number;
}

/** GET /api/inventories/preapprovalStatus */
export interface PreapprovalStatus {
  label: string;
  range: { low: number; high: number } | null;
  lowestPrice: number | null;
  preapproved: boolean;
  priceAlert: boolean;
  warnText: string | null;
}

/** One row of inventoryFormArray (price in major units). */
export interface InventoryFormRow {
  productId: string;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  price: number;
  quantity: number;
  consigner?: string | null;
  category?: string | null;
  location?: string | null;
  subLocation?: string | null;
}

/** The part of a created item the add screens use. */
export interface CreatedInventory {
  id: string;
  code: string;
  status: string;
  productId: string;
  option1Value: string | null;
}

export const addInventoryKeys = {
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

export interface FeeQuoteInput {
  productId: string;
  price: number;
  quantity: number;
  consigner: string;
  category?: string | null;
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
}

export function fetchFeeQuote(input: FeeQuoteInput, signal: AbortSignal): Promise<FeeQuote> {
  return apiFetch<FeeQuote>('/api/inventories/fees', { method: 'POST', body: input, signal });
}

export function fetchPreapprovalStatus(
  input: { productId: string; price: number; option1Value?: string | null; option2Value?: string | null; option3Value?: string | null },
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
export const REFETCH_DELAY_MS = 500;

export function useRefetchAfterAdd() {
  const queryClient = useQueryClient();
  // Lists, product pages and counts all show the new items: everything but who is signed in and the store.
  const keep = new Set(['me', 'session', 'store']);
  return () =>
    window.setTimeout(() => {
      void queryClient.invalidateQueries({ predicate: (query) => !keep.has(String(query.queryKey[0])) });
    }, REFETCH_DELAY_MS);
}
