// Scanning (catalogue doc sections 2, 4, 7): the stock-take's /api/scans and scan intake's lookups.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TScan, TScanDetail, TScanItem, TInventoryItem, ZCreateScanBody, ZScanIntakeBody, ZScanCreated, ZScanResult, ZScanIntakeResult, ZScanAttachResult, TFeeQuote, ZInventoryScanBody, ZScanAttachBody, ZFeesQuery } from '@backroom/domain';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api';
import type { Product, ProductDetail } from '../products/products.api';
import { inventoryListKeys } from '../inventory-lists/inventory-page.api';

export type ScanItem = TScanItem;
export type Scan = TScan;
type ScanDetail = TScanDetail;
export type ScanResult = z.output<typeof ZScanResult>;
export type IntakeItem = TInventoryItem;

const scanKeys = {
  all: ['scans'] as const,
  list: ['scans', 'list'] as const,
  one: (id: string) => ['scans', 'one', id] as const,
};

/** GET /api/scans/item: the item a scanned code names (any status, any location), or null. */
export async function lookupStockTakeCode(code: string): Promise<ScanItem | null> {
  return (await apiFetch<{ item: ScanItem | null }>('/api/scans/item', { query: { code } })).item;
}

/** GET /api/scans/expected: the location's on-shelf items, by code (most scans resolve without a call). */
export function useExpectedAt(location: string) {
  return useQuery({
    queryKey: ['scans', 'expected', location],
    queryFn: async ({ signal }) => {
      const { items, complete } = await apiFetch<{ items: ScanItem[]; complete: boolean }>('/api/scans/expected', { query: { location }, signal });
      return { byCode: new Map(items.map((i) => [i.code.toUpperCase(), i] as const)), complete };
    },
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/scans: the Logs tab. */
export function useScans(enabled = true) {
  return useQuery({ queryKey: scanKeys.list, queryFn: ({ signal }) => apiFetch<Scan[]>('/api/scans', { signal }), enabled });
}

/** GET /api/scans/{id}: a stock-take's expected and scanned items. */
export function useScan(id: string | null) {
  return useQuery({ queryKey: scanKeys.one(id ?? ''), queryFn: ({ signal }) => apiFetch<ScanDetail>(`/api/scans/${encodeURIComponent(id ?? '')}`, { signal }), enabled: !!id });
}

/** POST /api/scans: Run. */
export function useRunStockTake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZCreateScanBody>) => apiFetch<z.output<typeof ZScanCreated>>('/api/scans', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scanKeys.list }),
  });
}

/** POST /api/scans/{id}/move: the one-tap transfer of a misplaced item to the counted location. */
export function useMoveToCountedLocation(scanId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inventory: string) => apiFetch<ScanItem>(`/api/scans/${encodeURIComponent(scanId ?? '')}/move`, { method: 'POST', body: { inventory } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scanKeys.one(scanId ?? '') });
      void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

/** POST /api/inventories/scan: what a scanned code is at intake (item, GTIN or SKU, and the matching drop-offs). */
export function scanIntakeCode(body: z.input<typeof ZInventoryScanBody>): Promise<ScanResult> {
  return apiFetch<ScanResult>('/api/inventories/scan', { method: 'POST', body });
}

/** POST /api/scans/intake: Save. */
export function useSaveIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZScanIntakeBody>) => apiFetch<z.output<typeof ZScanIntakeResult>>('/api/scans/intake', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all }),
  });
}

/** POST /api/scans/intake/attach: the attach dialog. */
export function attachCode(body: z.input<typeof ZScanAttachBody>) {
  return apiFetch<z.output<typeof ZScanAttachResult>>('/api/scans/intake/attach', { method: 'POST', body });
}

/** POST /api/inventories: the new-item dialog adds the item at the chosen location. */
export function createScannedItem(row: { productId: string; consigner: string; option1Value: string | null; option2Value: string | null; option3Value: string | null; price: number; quantity: number; location: string }) {
  return apiFetch<IntakeItem[]>('/api/inventories', { method: 'POST', body: { inventoryFormArray: [row] } });
}

/** POST /api/inventories/fees (the domain's ZFeesQuery): the payout of a new item (the dialog waits for it); it always quotes a product, consigner, price and quantity, as numbers. */
export function quoteFees(body: Pick<z.input<typeof ZFeesQuery>, 'option1Value' | 'option2Value' | 'option3Value'> & { productId: string; price: number; quantity: number; consigner: string }, signal?: AbortSignal) {
  return apiFetch<TFeeQuote>('/api/inventories/fees', { method: 'POST', body, signal });
}

/** A product as the product search answers it (the schema's own type, not a copy). */
export type ProductHit = Product;

/** GET /api/products?search=: the attach dialog's product search. */
export function searchProducts(search: string, signal?: AbortSignal) {
  return apiFetch<ProductHit[]>('/api/products', { query: { search }, signal });
}

/** GET /api/products/{id}: the scanned product's template (the new-item dialog's options). */
export function useProductDetail(id: string | null) {
  return useQuery({ queryKey: ['products', 'one', id ?? ''], queryFn: ({ signal }) => apiFetch<ProductDetail>(`/api/products/${encodeURIComponent(id ?? '')}`, { signal }), enabled: !!id });
}
