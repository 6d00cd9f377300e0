// The inventory item screen's calls (catalogue doc section 7): the item, its log entries, field
// edits and the action operations. The item shape is apps/server/src/modules/inventory/inventory.mapper.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventoryAction, InventoryStatus } from '@backroom/domain';
import { ApiError, apiFetch, storeHeaders } from '../../shared/api';
import type { OptionValue } from '../../shared/lookups';

export interface InventoryItem {
  id: string;
  code: string;
  productId: string;
  product: { id: string; title: string; sku: string; image: string | null };
  productTemplateId: string | null;
  productTemplate: {
    id: string;
    option1: string;
    option2: string | null;
    option3: string | null;
    category: string | null;
    option1Values: OptionValue[];
    option2Values: OptionValue[];
    option3Values: OptionValue[];
  } | null;
  category: string | null;
  sku: string;
  title: string;
  status: InventoryStatus;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  price: number;
  requestedPrice: number | null;
  payout: number;
  payoutFee: number;
  total: number;
  cost: number | null;
  withdrawalFee: number;
  quantity: number;
  location: string | null;
  subLocation: string | null;
  consignerId: string;
  consigner: { id: string; firstName: string; lastName: string; email: string; isActive: boolean; isStoreAccount: boolean } | null;
  notes: string | null;
  image: string | null;
  trackingCode: string | null;
  acceptedOn: string | null;
  soldOn: string | null;
  createdAt: string;
  updatedAt: string;
  daysActive: number | null;
  orderId: string | null;
  order: { id: string; name: string } | null;
  printed: boolean;
  isWithdrawnEarly: boolean;
  lastUpdatedBy: { id: string; name: string } | null;
  /** Only on GET /api/inventories/{id}: what the signed-in user may do with the item now. */
  availableActions?: InventoryAction[];
}

export interface ModifiedField {
  variableChanged: string;
  beforeValue: unknown;
  afterValue: unknown;
  beforeLabel?: string | null;
  afterLabel?: string | null;
}

export interface InventoryLog {
  id: string;
  updatedAt: string;
  lastUpdatedBy: { id: string | null; name: string | null };
  inventoryId: string;
  modifiedFields: ModifiedField[];
}

/** What an action operation answers when it ran inline. */
export interface ActionResult {
  message: string;
  inventory: InventoryItem | null;
  inventories: InventoryItem[];
  removedIds: string[];
}

export type InventoryUpdate = Partial<{
  consigner: string;
  status: InventoryStatus;
  price: number;
  payout: number;
  cost: number | null;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  location: string | null;
  subLocation: string | null;
  image: string | null;
  notes: string | null;
}>;

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
    queryFn: async ({ signal }) => (await apiFetch<{ inventoryLogs: InventoryLog[] }>(`/api/inventoryLogs/${id}`, { signal })).inventoryLogs,
  });
}

function useRefreshItem(id: string) {
  const queryClient = useQueryClient();
  return (item?: InventoryItem | null) => {
    if (item) queryClient.setQueryData<InventoryItem>(itemKeys.item(id), (old) => ({ ...item, availableActions: old?.availableActions }));
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

/** Uploads an image through the store's image hosting; answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/files/images', { method: 'POST', body: form, credentials: 'include', headers: storeHeaders() });
  const payload = (await response.json().catch(() => ({}))) as { data?: { url: string }; error?: string };
  if (!response.ok || !payload.data) throw new ApiError(payload.error || 'Upload failed', response.status);
  return payload.data.url;
}
