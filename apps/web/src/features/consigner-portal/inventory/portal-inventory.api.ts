// The consigner portal's /inventory calls: the consigner report of the chosen dates (the summary
// cards) and whether one of their items at ONLINE MARKETPLACE is Sold (the Tracking column). The
// list itself and its actions are the inventory lists' (features/inventory-lists).
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ONLINE_MARKETPLACE, type TConsignerReport, type TInventoryPage } from '@backroom/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiFetch } from '../../../shared/api';
import { usePrefetchInventoryPage } from '../../inventory-lists/inventory-lists.api';
import { parseListState, toInventoryQuery, type ListConfig } from '../../inventory-lists/list-state';

import type { DateRange } from './date-range';

/**
 * The page asks for these as it first renders (usePrefetchPortalInventory); without a fresh time the
 * cards mounting a moment later would ask again. The Tracking count is asked again after every action
 * on the list (its key is under 'inventories'); the report changes only with sales and payouts.
 */
const FRESH_MS = 30_000;

const portalInventoryKeys = {
  report: (range: DateRange) => ['consigners', 'report', 'own', range] as const,
  // under 'inventories', so every action on the list (which invalidates them) asks again
  marketplaceSold: ['inventories', 'portal', 'marketplaceSold'] as const,
};

/**
 * GET /api/consigners/consignerReport for the signed-in consigner (the server answers their own figures
 * only) with the range as calendar dates: the server takes the end date's whole day, so a range
 * ending today counts today's sales (the spec's "end date moved to the next day when it is today").
 */
const ownReportQuery = (range: DateRange) =>
  queryOptions({
    queryKey: portalInventoryKeys.report(range),
    staleTime: FRESH_MS,
    queryFn: ({ signal }) => apiFetch<TConsignerReport>('/api/consigners/consignerReport', { query: { dateRangeStart: range.from, dateRangeEnd: range.to }, signal }),
  });

export function useOwnReport(range: DateRange) {
  return useQuery({ ...ownReportQuery(range), placeholderData: keepPreviousData });
}

/** Whether one of the consigner's items at ONLINE MARKETPLACE is Sold: one count, no rows drawn. */
const marketplaceSoldQuery = () =>
  queryOptions({
    queryKey: portalInventoryKeys.marketplaceSold,
    staleTime: FRESH_MS,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ status: 'Sold', location: ONLINE_MARKETPLACE, pageSize: '10', takeProducts: 'false', takeConsigners: 'false' });
      const page = await apiFetch<TInventoryPage>(`/api/inventories/paginatedInventories?${query}`, { signal });
      return page.count > 0;
    },
  });

/** `enabled` false on a phone: the cards show ADD TRACKING on the item itself, no column to decide. */
export function useHasMarketplaceSold(enabled: boolean) {
  return useQuery({ ...marketplaceSoldQuery(), enabled });
}

/**
 * Starts the page's requests as it first renders: the list's first page (the same query, and so the
 * same cache entry, the list asks for when it renders below the header), the summary and, on a
 * desktop, the Tracking count; rather than each once the part above it has been drawn.
 */
export function usePrefetchPortalInventory(range: DateRange, config: ListConfig, withTracking: boolean): void {
  const queryClient = useQueryClient();
  const prefetchList = usePrefetchInventoryPage();
  const [params] = useSearchParams();
  useState(() => {
    prefetchList(toInventoryQuery(parseListState(params, config), config));
    void queryClient.prefetchQuery(ownReportQuery(range));
    if (withTracking) void queryClient.prefetchQuery(marketplaceSoldQuery());
    return null;
  });
}
