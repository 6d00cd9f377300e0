import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, type TActivityEmployees, type TActivityPage, type ZInventoryLogsQuery } from '@backroom/domain';
import type { z } from 'zod';
import { apiFetch } from '../../shared/api';

// GET /api/inventoryLogs (catalogue doc section 7) with keyset pages, and its Last Updated By list.

type LogsQuery = z.input<typeof ZInventoryLogsQuery>;
/** GET /api/inventoryLogs's filter; the screen always holds its search box and date range (paging is the hook's). */
type ActivityFilter = Required<Pick<LogsQuery, 'search' | 'after' | 'before'>> & Pick<LogsQuery, 'lastUpdatedBy'>;

const activityKeys = {
  all: ['activity'] as const,
  feed: (f: ActivityFilter) => ['activity', 'feed', f] as const,
  recent: (after: string) => ['activity', 'recent', after] as const,
  employees: ['activity', 'employees'] as const,
};

/** The feed, 100 entries a page, the next page after the last entry of the previous one. */
export function useActivityFeed(f: ActivityFilter) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<TActivityPage>('/api/inventoryLogs', {
        query: { search: f.search || undefined, lastUpdatedBy: f.lastUpdatedBy, after: f.after, before: f.before, take: ACTIVITY_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The dashboard's Recent Activity: the latest `take` entries since `after` (YYYY-MM-DD). */
export function useRecentActivity(after: string, take: number) {
  return useQuery({
    queryKey: activityKeys.recent(after),
    queryFn: ({ signal }) => apiFetch<TActivityPage>('/api/inventoryLogs', { query: { after, take }, signal }),
  });
}

/** GET /api/inventoryLogs/employees: the Last Updated By list. */
export function useLogEmployees() {
  return useQuery({
    queryKey: activityKeys.employees,
    queryFn: ({ signal }) => apiFetch<TActivityEmployees>('/api/inventoryLogs/employees', { signal }),
    staleTime: 60_000,
  });
}
