import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TActionResult, TInventoryItem, TPublicCatalogue, TStoreRequests, ZActionBodies, ZConsignerRequestedItems, ZConsignerRequestedItemsQuery, ZInventoryRow, ZPriceRange, ZSendStoreRequestEmail, ZSendStoreRequestEmailResult, ZSetStoreRequestRange, ZStoreRequestsQuery } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

// Store requests (docs/store-requests.md): Request Items (/request), Store Request (/storeRequest)
// and the public catalogue (/catalogue/{handle}).

export type OfferedItem = TInventoryItem;
type OfferGroups = z.output<typeof ZConsignerRequestedItems>;
export type SaleFilter = 'all' | 'Buying' | 'Consignment';

const storeRequestKeys = {
  all: ['storeRequests'] as const,
  requests: (q: RequestsQuery) => ['storeRequests', 'requested', q] as const,
  product: (productId: string, location: string | null) => ['storeRequests', 'product', productId, location] as const,
  offers: (q: OffersQuery) => ['storeRequests', 'offers', q] as const,
  catalogue: (handle: string, q: RequestsQuery) => ['storeRequests', 'catalogue', handle, q] as const,
};

/** GET /api/storeRequests's list query; the screen always pages, by number (the server coerces the text). */
type RequestsQuery = Pick<z.input<typeof ZStoreRequestsQuery>, 'location' | 'search'> & { page: number; pageSize: number };

const requestsParams = (q: RequestsQuery) => ({ location: q.location || undefined, search: q.search?.trim() || undefined, page: String(q.page), pageSize: String(q.pageSize) });

/** GET /api/storeRequests: the products with no units on hand at a location (the first when none is given). */
export function useStoreRequests(q: RequestsQuery, enabled = true) {
  return useQuery({
    queryKey: storeRequestKeys.requests(q),
    queryFn: ({ signal }) => apiFetch<TStoreRequests>('/api/storeRequests', { query: requestsParams(q), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * GET /api/storeRequests?productId: one product's requests, at `location` or (null) at every location,
 * each entry with its location and range (the Add Inventory modal's card).
 */
export function useProductStoreRequests(productId: string, location: string | null, enabled = true) {
  return useQuery({
    queryKey: storeRequestKeys.product(productId, location),
    queryFn: ({ signal }) => apiFetch<TStoreRequests>('/api/storeRequests', { query: { productId, location: location ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** GET /open/catalogue/{handle}: the public page's list (no sign-in). */
export function usePublicCatalogue(handle: string, q: RequestsQuery) {
  return useQuery({
    queryKey: storeRequestKeys.catalogue(handle, q),
    queryFn: ({ signal }) => apiFetch<TPublicCatalogue>(`/open/catalogue/${encodeURIComponent(handle)}`, { query: requestsParams(q), signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** PUT /api/storeRequests/priceRange: set (or, with null, remove) a request's range. */
export function useSetPriceRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZSetStoreRequestRange>) =>
      apiFetch<{ productId: string; location: string; priceRange: z.output<typeof ZPriceRange> | null }>('/api/storeRequests/priceRange', { method: 'PUT', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storeRequestKeys.all }),
  });
}

/** POST /api/consigners/sendStoreRequestedItemsEmail: the catalogue link to the store's consigners. */
export function useSendStoreRequestEmail() {
  return useMutation({
    mutationFn: (location: z.input<typeof ZSendStoreRequestEmail>['location']) => apiFetch<z.output<typeof ZSendStoreRequestEmailResult>>('/api/consigners/sendStoreRequestedItemsEmail', { method: 'POST', body: { location } }),
  });
}

/** GET /api/inventories/consignerRequestedItems (the domain's ZConsignerRequestedItemsQuery); the screen always picks a sale type. */
type OffersQuery = Pick<z.input<typeof ZConsignerRequestedItemsQuery>, 'location' | 'search'> & { sale: SaleFilter };

/** GET /api/inventories/consignerRequestedItems: the offers answering store requests, by product (a consigner's own only). */
export function useOffers(q: OffersQuery) {
  return useQuery({
    queryKey: storeRequestKeys.offers(q),
    queryFn: ({ signal }) =>
      apiFetch<OfferGroups>('/api/inventories/consignerRequestedItems', { query: { location: q.location || undefined, search: q.search?.trim() || undefined, sale: q.sale }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A consigner's offer: one inventoryFormArray row with its sale type (the domain's ZInventoryRow). */
type OfferInput = Omit<z.input<typeof ZInventoryRow>, 'quantity'>;

/** A consigner answers a store request (POST /api/inventories with a sale type): the server checks the range. */
export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: OfferInput) => apiFetch<TInventoryItem[]>('/api/inventories', { method: 'POST', body: { inventoryFormArray: [{ ...row, quantity: 1 }] } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: storeRequestKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['inventories'] });
    },
  });
}

type OfferAction = 'acceptStoreRequest' | 'storeBuyRequestedInventory' | 'cancelDropoff';
/** Their bodies (the server's ZActionBodies): accept with a price, buy the items, cancel the drop-off. */
type OfferActionBody = z.input<(typeof ZActionBodies)['acceptStoreRequest']> | z.input<(typeof ZActionBodies)['items']> | z.input<(typeof ZActionBodies)['cancelDropoff']>;

/** Staff accept a consignment offer, buy an offered item, or either side cancels an offer. */
export function useOfferAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: OfferAction; body: OfferActionBody }) => apiFetch<TActionResult>(`/api/inventories/${action}`, { method: 'POST', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: storeRequestKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['inventories'] });
    },
  });
}
