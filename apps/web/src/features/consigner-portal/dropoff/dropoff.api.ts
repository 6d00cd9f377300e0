import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActionResult, TInventoryItem, TInventoryList, TInventoryPage } from '@backroom/domain';
import { apiFetch } from '../../../shared/api';

// Requested Inventory (/dropoff, /dropoffPending): the consigner's own items of one status. The server
// scopes every inventory read to the signed-in consigner, so the list never names a consigner.

export type DropoffStatus = 'Requested' | 'Pending';
export type DropoffItem = TInventoryItem;

interface DropoffQuery {
  status: DropoffStatus;
  location?: string;
  search?: string;
}

const dropoffKeys = {
  all: ['dropoff'] as const,
  page: (q: DropoffQuery, page: number, pageSize: number) => ['dropoff', 'page', q, page, pageSize] as const,
};

function params(q: DropoffQuery): URLSearchParams {
  const p = new URLSearchParams({ status: q.status, sortOption: 'newestCreated', takeConsigners: 'false' });
  if (q.location) p.set('location', q.location);
  if (q.search?.trim()) p.set('search', q.search.trim());
  return p;
}

/** A page of items: the list is never grouped, so every row is an item (the page's rows are items or product groups). */
export type DropoffPage = { rows: DropoffItem[]; count: number };
const itemsOf = (page: TInventoryPage): DropoffPage => ({ rows: page.rows.filter((r): r is DropoffItem => 'code' in r), count: page.count });

/** One page of the list (GET /api/inventories/paginatedInventories, page sizes 10 to 500). */
export function useDropoffItems(q: DropoffQuery, page: number, pageSize: number) {
  return useQuery<TInventoryPage, Error, DropoffPage>({
    queryKey: dropoffKeys.page(q, page, pageSize),
    placeholderData: (previous) => previous,
    queryFn: ({ signal }) => {
      const p = params(q);
      p.set('pageSize', String(pageSize));
      p.set('currentPage', String(page));
      return apiFetch<TInventoryPage>(`/api/inventories/paginatedInventories?${p}`, { signal });
    },
    select: itemsOf,
  });
}

/** Every item of the list as filtered (GET /api/inventories, up to the server's 5000): the manifest when nothing is checked. */
export async function fetchAllDropoffItems(q: DropoffQuery): Promise<DropoffItem[]> {
  const answer = await apiFetch<TInventoryList>(`/api/inventories?${params(q)}`);
  return answer.rows;
}

/** POST /api/inventories/cancelDropoff: all the ids or none; the lists are fetched again after. */
export function useCancelDropoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiFetch<TActionResult>('/api/inventories/cancelDropoff', { method: 'POST', body: { ids } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dropoffKeys.all });
      // the consigner's other inventory lists show these items too
      void queryClient.invalidateQueries({ queryKey: ['inventories'] });
    },
  });
}
