// The first page of a list screen, asked for by app/boot.ts while the screen's code is still on its way
// (bench/first-load.ts): the list then finds it in the query cache, or on its way, when it first renders,
// instead of asking once its code has loaded and run. The same query (and so the same cache entry) as
// the list's own: the state read from the address as useListState reads it.
import type { QueryClient } from '@tanstack/react-query';
import { LIST_VIEWS, type ListViewKey } from '@backroom/domain';
import { listConfigOf, parseListState, portalListConfig, toInventoryQuery, type ListConfig } from './list-state';
import { inventoryPageQuery } from './inventory-page.api';

function prefetch(queryClient: QueryClient, config: ListConfig, search: string): void {
  void queryClient.prefetchQuery(inventoryPageQuery(toInventoryQuery(parseListState(new URLSearchParams(search), config), config)));
}

/** A staff list page (/findInventory, /incomingInventory, ...): its first page. Other paths: nothing. */
export function prefetchStaffListAt(queryClient: QueryClient, pathname: string, search: string): void {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 1 || !Object.hasOwn(LIST_VIEWS, segments[0])) return;
  prefetch(queryClient, listConfigOf(segments[0] as ListViewKey), search);
}

/**
 * The consigner portal's /inventory: the signed-in consigner's first page. The Tracking column and a
 * store account's actions (portalListConfig's options) change the columns, not the query.
 */
export function prefetchPortalListAt(queryClient: QueryClient, pathname: string, search: string, consignerId: string): void {
  if (pathname.replace(/\/+$/, '') !== '/inventory') return;
  prefetch(queryClient, portalListConfig(consignerId, { showTracking: false, isStoreAccount: false }), search);
}
