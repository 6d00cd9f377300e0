import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUploadedImage } from '@backroom/domain';
import type { z } from 'zod';
import type { ZDuplicateProduct, ZProduct, ZProductDetail, ZProductGtin, ZProductJobStarted, ZProductBody, ZProductMergeBody, ZProductMergeResult, ZSubmittedProduct, ZSubmittedProductBody, ZSubmittedProductCreated } from '@backroom/domain';
import { ApiError, apiFetch, storeHeaders } from '../../shared/api';

/** A GTIN row of a product (catalogue doc section 3). */
export type Gtin = z.output<typeof ZProductGtin>;
/** A product as GET /api/products answers it (money in major units). */
export type Product = z.output<typeof ZProduct>;
export type DuplicateProduct = z.output<typeof ZDuplicateProduct>;
/** GET /api/products/{id}: the product, other products with its SKU, and its listing count. */
export type ProductDetail = z.output<typeof ZProductDetail>;
/** A consigner's request for a product missing from the catalogue. */
export type SubmittedProduct = z.output<typeof ZSubmittedProduct>;
export type MergeResult = z.output<typeof ZProductMergeResult>;
type JobStarted = z.output<typeof ZProductJobStarted>;

/** POST and PUT /api/products body (a GTIN list absent on PUT keeps the product's GTINs; a list, even empty, replaces them). */
type ProductInput = z.input<typeof ZProductBody>;

/** POST /api/products/submittedProducts body: only the title is required. */
type SubmittedProductInput = z.input<typeof ZSubmittedProductBody>;

/** A background job as GET /api/jobs/{id} answers it (shared/jobs.api.ts). */
export type { Job } from '../../shared/jobs.api';

// Everything of the catalogue sits under 'catalogue': the add-inventory screens read the same
// product (['catalogue', 'product', id]) and invalidate 'catalogue' after adding items, which
// refreshes the listing count here too.
export const productKeys = {
  all: ['catalogue'] as const,
  search: (search: string) => ['catalogue', 'search', search] as const,
  detail: (id: string) => ['catalogue', 'product', id] as const,
  submitted: (search: string) => ['catalogue', 'submitted', search] as const,
  job: (id: string) => ['jobs', id] as const,
};

/** How many cards the search grid shows (divides by 2, 3, 4 and 6 columns). */
const SEARCH_PAGE_SIZE = 48;

export function searchProducts(search: string, signal?: AbortSignal, limit = SEARCH_PAGE_SIZE, page = 1) {
  return apiFetch<Product[]>('/api/products', { query: { search: search.trim(), limit, ...(page > 1 ? { page } : {}) }, signal });
}

/** The server's last page of the product search (GET /api/products refuses a later one). */
const SEARCH_MAX_PAGE = 200;

/**
 * The product grid: GET /api/products page by page (infinite scroll). A short page is the last one;
 * the previous search's pages stay on screen while the next search loads.
 */
export function useProductSearchPages(search: string) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: [...productKeys.search(term), 'pages'] as const,
    queryFn: ({ signal, pageParam }) => searchProducts(term, signal, SEARCH_PAGE_SIZE, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.length === SEARCH_PAGE_SIZE && lastPage < SEARCH_MAX_PAGE ? lastPage + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * GET /api/products?search=. The previous answer stays on screen while the next one loads, and
 * answers are cached for a minute, so typing back and forth feels instant.
 */
export function useProductSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: productKeys.search(term),
    queryFn: ({ signal }) => searchProducts(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function fetchProduct(id: string, signal?: AbortSignal) {
  return apiFetch<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal });
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchProduct(id!, signal),
    enabled: Boolean(id),
    staleTime: 30_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

/** Warms the product page while the pointer rests on a card. */
export function usePrefetchProduct() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.prefetchQuery({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => fetchProduct(id, signal), staleTime: 30_000 });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => apiFetch<Product>('/api/products', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      // items keep a copy of the product's title and SKU
      void queryClient.invalidateQueries({ queryKey: ['inventories'] });
    },
  });
}

export function useSubmittedProducts(search: string, enabled = true) {
  const term = search.trim();
  return useQuery({
    queryKey: productKeys.submitted(term),
    queryFn: ({ signal }) => apiFetch<SubmittedProduct[]>('/api/products/submittedProducts', { query: { search: term }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSubmitProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmittedProductInput) =>
      apiFetch<z.output<typeof ZSubmittedProductCreated>>('/api/products/submittedProducts', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['catalogue', 'submitted'] }),
  });
}

/** POST /api/products/merge: the server answers at once and merges in a background job. */
export function useMergeProducts() {
  return useMutation({
    mutationFn: (input: z.input<typeof ZProductMergeBody>) =>
      apiFetch<JobStarted>('/api/products/merge', { method: 'POST', body: input }),
  });
}

export function useResyncProduct() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<JobStarted>(`/api/products/resync/${encodeURIComponent(id)}`),
  });
}

/** Polls a background job until it completes or fails (shared/jobs.api.ts). */
export { useJob } from '../../shared/jobs.api';

/** The domain's ZUploadedImage. */
type UploadedImage = TUploadedImage;

/** POST /api/files/images (multipart field "file"): the server checks type and size. */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/files/images', {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', ...storeHeaders() },
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0);
  }
  const payload = (await response.json().catch(() => ({}))) as { data?: UploadedImage; error?: string };
  if (!response.ok || payload.error !== undefined || !payload.data) {
    throw new ApiError(payload.error || response.statusText || 'The image could not be uploaded', response.status);
  }
  return payload.data;
}
