// /expiringInventory (docs/consignment-terms.md "Expiring inventory"): the page of items whose term ends
// soon or ended (GET /api/expiringInventory) and its actions (POST /api/expiringInventory/{action}).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermEnding, TermRequestKind, TExpiringItem, TExpiringPage, TTermActionResult, TTermEndBody, TTermExtendBody, TTermRenewBody } from '@backroom/domain';
import { apiFetch } from '../../shared/api';

/** `requested`: only items whose consigner asked (docs/consignment-terms.md "The consigner's requests"). */
export type ExpiringFilters = { withinDays: number; search?: string; requested?: 'any' | TermRequestKind; page: number; limit: number };
export type { TExpiringItem as ExpiringItem };

const expiringKeys = {
  all: ['expiringInventory'] as const,
  page: (f: ExpiringFilters) => ['expiringInventory', f] as const,
};

export function useExpiringPage(filters: ExpiringFilters) {
  return useQuery({
    queryKey: expiringKeys.page(filters),
    queryFn: ({ signal }) => apiFetch<TExpiringPage>('/api/expiringInventory', { query: { ...filters, search: filters.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

type Action =
  | { action: 'extend'; body: TTermExtendBody }
  | { action: 'renew'; body: TTermRenewBody }
  | { action: TermEnding; body: TTermEndBody };

/** One of the actions; the list and the items' lists are read again after it (ends and statuses moved). */
export function useTermAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: Action) => apiFetch<TTermActionResult>(`/api/expiringInventory/${action}`, { method: 'POST', body }),
    onSettled: async () => {
      // an action closes the consigner's open request on the item: their list of requests moves too
      await Promise.all([queryClient.invalidateQueries({ queryKey: expiringKeys.all }), queryClient.invalidateQueries({ queryKey: ['inventories'] }), queryClient.invalidateQueries({ queryKey: ['termRequests'] })]);
    },
  });
}

/** What the sender saw of each selected item: its id and end (an action applies only while that is the end). */
export const seenOf = (rows: readonly TExpiringItem[]) => rows.map((r) => ({ id: r.id, endsOn: r.consignmentEndsAt }));
