// Labels (docs/labels.md): what printing needs from the server, and marking items printed.
import type { TLabelData } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

/** POST /api/labels: the store's label settings and the items, in the order given. */
export function fetchLabelData(ids: string[]): Promise<TLabelData> {
  return apiFetch<TLabelData>('/api/labels', { method: 'POST', body: { ids } });
}

/** The items' labels are printed: POST markPrinted (inline) or, for many, bulkPrintInventory (a background job). */
export async function markPrinted(ids: string[]): Promise<{ jobId: string | null }> {
  if (ids.length <= 500) {
    await apiFetch('/api/inventories/markPrinted', { method: 'POST', body: { ids } });
    return { jobId: null };
  }
  const job = await apiFetch<{ jobId: string }>('/api/inventories/bulkPrintInventory', { method: 'POST', body: { ids } });
  return { jobId: job.jobId };
}

/** Items a storefront store could not label are resynced (catalogue doc section 7). */
export async function resyncItems(ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => apiFetch('/api/inventories/resyncSingleInventory', { method: 'POST', body: { id } }).catch(() => undefined)));
}
