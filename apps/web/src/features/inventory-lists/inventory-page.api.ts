// One page of an inventory list: its query, key and request. Apart from inventory-lists.api.ts so that
// app/boot.ts can ask for a list screen's first page while the screen's code is still loading
// (first-page.ts) without bringing the lists' actions into the app's entry.
import { queryOptions } from '@tanstack/react-query';
import type { InventoryStatus, SortOption, TInventoryPage } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { jobKeys } from '../../shared/jobs.api';

/** The filter state of a list as the server reads it (catalogue doc section 3). */
export interface InventoryQuery {
  status: InventoryStatus[];
  printed?: boolean;
  option1Value: string[];
  option2Value: string[];
  option3Value: string[];
  category: string[];
  location: string[];
  subLocation: string[];
  consigner: string[];
  productId: string[];
  search: string;
  sortOption: SortOption;
  pageSize: number;
  currentPage: number;
  grouped: boolean;
}

/** Filter fields as a query string; repeated keys for lists (the server reads ?status=A&status=B). */
export function filterParams(q: Omit<InventoryQuery, 'pageSize' | 'currentPage' | 'grouped'>): URLSearchParams {
  const params = new URLSearchParams();
  const many = ['status', 'option1Value', 'option2Value', 'option3Value', 'category', 'location', 'subLocation', 'consigner', 'productId'] as const;
  for (const key of many) for (const v of q[key]) params.append(key, v);
  if (q.printed !== undefined) params.set('printed', String(q.printed));
  if (q.search.trim()) params.set('search', q.search.trim());
  params.set('sortOption', q.sortOption);
  return params;
}

export const inventoryListKeys = {
  all: ['inventories'] as const,
  page: (q: InventoryQuery) => ['inventories', 'page', q] as const,
  job: jobKeys.job,
};

/** countIsEstimate: above 10,000 matching items the server gives the planner's estimate. */
export type InventoryPage = TInventoryPage;

export function fetchInventoryPage(q: InventoryQuery, signal?: AbortSignal): Promise<InventoryPage> {
  const params = filterParams(q);
  params.set('pageSize', String(q.pageSize));
  params.set('currentPage', String(q.currentPage));
  // the groups come without their items: an opened group reads its own (useGroupItems)
  if (q.grouped) params.set('groupBy', 'product');
  if (q.grouped) params.set('groupItems', '0');
  return apiFetch<InventoryPage>(`/api/inventories/paginatedInventories?${params}`, { signal });
}

/**
 * How long a page just fetched (or prefetched at boot or before a re-render) counts as fresh: the list
 * mounting right after the prefetch, or mounting twice, then reuses it instead of asking again. An
 * action still reloads it at once (invalidateQueries ignores this).
 */
export const PAGE_FRESH_MS = 3_000;

/** A page as prefetched (boot, the list before it re-renders for a new state). */
export const inventoryPageQuery = (q: InventoryQuery) =>
  queryOptions({ queryKey: inventoryListKeys.page(q), staleTime: PAGE_FRESH_MS, queryFn: ({ signal }) => fetchInventoryPage(q, signal) });
