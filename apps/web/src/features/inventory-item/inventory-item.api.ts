// The inventory item screen's calls (catalogue doc section 7): the item, its log entries, field
// edits and the action operations. The shapes are the domain's response schemas (ZInventoryItem, ZInventoryLog).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActionResult, TInventoryItem, TInventoryItemDetail, TInventoryLog, TItemLogs, TModifiedField, TUploadedImage, ZInventoryAdjustment, ZInventoryAdjustmentBody, ZUpdateInventory } from '@backroom/domain';
import type { z } from 'zod';
import { ApiError, apiFetch, storeHeaders } from '../../shared/api';

/**
 * An item as the server answers it. `availableActions` (what the signed-in user may do with it now)
 * comes only with GET /api/inventories/{id}; an action's answer keeps the ones already known.
 */
export type InventoryItem = TInventoryItem & Partial<Pick<TInventoryItemDetail, 'availableActions' | 'consignmentTerms'>>;
export type ModifiedField = TModifiedField;
export type InventoryLog = TInventoryLog;
/** What an action operation answers when it ran inline. */
export type ActionResult = TActionResult;

/** The PUT body: the domain's one list of editable fields (ZUpdateInventory), as the client sends it. */
export type InventoryUpdate = z.input<typeof ZUpdateInventory>;

export const itemKeys = {
  all: ['inventories'] as const,
  item: (id: string) => ['inventories', 'item', id] as const,
  logs: (id: string) => ['inventories', 'logs', id] as const,
};

export function useInventoryItem(id: string) {
  return useQuery({
    queryKey: itemKeys.item(id),
    queryFn: ({ signal }) => apiFetch<InventoryItem>(`/api/inventories/${id}`, { signal }),
    retry: false,
  });
}

/** The item's log entries, newest first (GET /api/inventoryLogs/{id}). */
export function useInventoryLogs(id: string) {
  return useQuery({
    queryKey: itemKeys.logs(id),
    queryFn: async ({ signal }) => (await apiFetch<TItemLogs>(`/api/inventoryLogs/${id}`, { signal })).inventoryLogs,
  });
}

function useRefreshItem(id: string) {
  const queryClient = useQueryClient();
  return (item?: InventoryItem | null) => {
    if (item) queryClient.setQueryData<InventoryItem>(itemKeys.item(id), (old) => ({ ...item, availableActions: old?.availableActions, consignmentTerms: old?.consignmentTerms }));
    // Lists and the timeline change with the item.
    return queryClient.invalidateQueries({ queryKey: itemKeys.all });
  };
}

export function useUpdateInventory(id: string) {
  const refresh = useRefreshItem(id);
  return useMutation({
    mutationFn: (changes: InventoryUpdate) => apiFetch<InventoryItem>(`/api/inventories/${id}`, { method: 'PUT', body: changes }),
    onSuccess: (item) => refresh(item),
  });
}

/** POST /api/inventories/{name} for this item. */
export function useItemAction(id: string) {
  const refresh = useRefreshItem(id);
  return useMutation({
    mutationFn: ({ name, body = {} }: { name: string; body?: Record<string, unknown> }) =>
      apiFetch<ActionResult>(`/api/inventories/${name}`, { method: 'POST', body: { id, ...body } }),
    onSuccess: (result) => {
      // A removed item must not be fetched again (it would answer 404 while the page says goodbye).
      if (result.removedIds.includes(id)) return;
      return refresh(result.inventory);
    },
  });
}

/** POST /api/inventories/{id}/adjustments: a sold or paid item's sale corrected (docs/sales.md "Corrections"). */
export function useCorrectSale(id: string) {
  const refresh = useRefreshItem(id);
  return useMutation({
    mutationFn: (body: z.input<typeof ZInventoryAdjustmentBody>) =>
      apiFetch<z.output<typeof ZInventoryAdjustment>>(`/api/inventories/${id}/adjustments`, { method: 'POST', body }),
    onSuccess: (result) => refresh(result.item),
  });
}

/** Uploads an image through the store's image hosting; answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/files/images', { method: 'POST', body: form, credentials: 'include', headers: storeHeaders() });
  const payload = (await response.json().catch(() => ({}))) as { data?: TUploadedImage; error?: string };
  if (!response.ok || !payload.data) throw new ApiError(payload.error || 'Upload failed', response.status);
  return payload.data.url;
}
