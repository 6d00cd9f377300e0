import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPayoutPreview,
  TPayoutReadiness,
  PayoutStatus,
  TAutoPayoutRetry,
  TInventoryItem,
  TOrdersPayoutInventories,
  TPayout,
  TPayoutCreated,
  TPayoutDetail,
  TPayoutFilterOptions,
  TPayoutList,
  TPayoutPaidResult,
  TPayoutPayBody,
  TPayoutShare,
  ZPayoutsQuery,
} from '@backroom/domain';
import type { z } from 'zod';
import { ApiError, apiFetch, downloadCsv } from '../../shared/api';
import { inventoryListKeys } from '../inventory-lists/inventory-lists.api';

// Server shapes are the domain's: schemas/inventory-queries.ts (ready to pay) and schemas/payouts.ts.
// Money in major units.

export type ReadyItem = TInventoryItem;
export type Payout = TPayout;
export type PayoutShare = TPayoutShare;
export type PayoutDetail = TPayoutDetail;

interface ReadyToPayQuery {
  search: string;
  consigner?: string;
  /** Order date range, YYYY-MM-DD, both or neither. */
  from?: string;
  to?: string;
}

type PayoutsQueryInput = z.input<typeof ZPayoutsQuery>;
/** GET /api/payouts (the domain's ZPayoutsQuery); the screen always holds its search box, one status or none, and pages by number. */
type PayoutsQuery = Required<Pick<PayoutsQueryInput, 'search'>> & Pick<PayoutsQueryInput, 'consigner'> & { status?: PayoutStatus; page: number; pageSize: number };

/** How often a payout being sent by its provider is looked at again. */
const AUTO_PAYOUT_POLL_MS = 5000;

const payoutKeys = {
  all: ['payouts'] as const,
  ready: (q: ReadyToPayQuery) => ['payouts', 'ready', q] as const,
  list: (q: PayoutsQuery) => ['payouts', 'list', q] as const,
  filterOptions: ['payouts', 'filterOptions'] as const,
  one: (id: string) => ['payouts', 'one', id] as const,
};

/** GET /api/inventories/ordersPayoutInventories: the sold, unpaid items (and bought ones), their count and total. */
export function useReadyToPay(q: ReadyToPayQuery) {
  return useQuery({
    queryKey: payoutKeys.ready(q),
    queryFn: ({ signal }) =>
      apiFetch<TOrdersPayoutInventories>('/api/inventories/ordersPayoutInventories', {
        query: {
          search: q.search.trim() || undefined,
          consigner: q.consigner,
          // the server takes the range as one comma-separated value
          orderDateRange: q.from && q.to ? `${q.from},${q.to}` : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** After a payout changes, its lists, its items and what is ready to pay are refetched. */
function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
  };
}

/** POST /api/payouts/pay: a payout of the chosen items; the server groups them per consigner. */
export function useCreatePayout() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (body: TPayoutPayBody) => apiFetch<TPayoutCreated>('/api/payouts/pay', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/**
 * POST /api/payouts/preview: what paying the chosen items would send each consigner, the fees they
 * owe taken (docs/payouts.md "Net payable"); read while the confirmation is open.
 */
export function usePayoutPreview(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: ['payouts', 'preview', [...ids].sort().join(',')],
    queryFn: ({ signal }) => apiFetch<TPayoutPreview>('/api/payouts/preview', { method: 'POST', body: { inventoriesToPay: [...ids] }, signal }),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
  });
}

/** GET /api/payouts: one page, newest first, with each payout's shares per consigner. */
export function usePayouts(q: PayoutsQuery) {
  return useQuery({
    queryKey: payoutKeys.list(q),
    queryFn: ({ signal }) =>
      apiFetch<TPayoutList>('/api/payouts', {
        query: { search: q.search.trim() || undefined, status: q.status, consigner: q.consigner, page: q.page, pageSize: q.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/payouts/filterOptions: the statuses (value, label) and the consigners with a payout. */
export function usePayoutFilterOptions() {
  return useQuery({
    queryKey: payoutKeys.filterOptions,
    queryFn: ({ signal }) => apiFetch<TPayoutFilterOptions>('/api/payouts/filterOptions', { signal }),
    staleTime: 60 * 1000,
  });
}

/** GET /api/payouts/{id}: the payout with its shares per consigner and their items. */
export function usePayout(id: string) {
  return useQuery({
    queryKey: payoutKeys.one(id),
    queryFn: ({ signal }) => apiFetch<TPayoutDetail>(`/api/payouts/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    // While the payout provider sends it, the screen looks again now and then, so it turns Paid or
    // Failed without a reload (the spec's "check back later").
    refetchInterval: (query) => (query.state.data?.payout.action === 'autoInProgress' ? AUTO_PAYOUT_POLL_MS : false),
  });
}

/**
 * POST /api/payouts/paid/{id}: marks the shares of the given consigners paid (every share still to
 * pay by hand when none is given); for a Buying payout this is Pay.
 */
export function useMarkPayoutPaid(id: string) {
  const refresh = useRefreshPayouts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consignerIds: string[] = []) =>
      apiFetch<TPayoutPaidResult>(`/api/payouts/paid/${encodeURIComponent(id)}`, { method: 'POST', body: { consignersInventoryToBeMarkedAsPaid: consignerIds } }),
    onSuccess: (result) => {
      queryClient.setQueryData<TPayoutDetail>(payoutKeys.one(id), (old) =>
        old ? { ...old, payout: { ...old.payout, ...result.payout, consigners: old.payout.consigners } } : old,
      );
      refresh();
    },
  });
}

/** POST /api/checkbook/retryAutoPayout: sends the failed shares of the payout again (never paying twice). */
export function useRetryAutoPayout(id: string) {
  const refresh = useRefreshPayouts();
  return useMutation({
    // no consigners named: every unpaid automated cheque of the payout is sent again
    mutationFn: () => apiFetch<TAutoPayoutRetry>('/api/checkbook/retryAutoPayout', { method: 'POST', body: { payoutId: id } }),
    onSuccess: refresh,
  });
}

/** POST /api/payouts/export: the payout's items as payouts.csv (the server's name). */
export function downloadPayoutCsv(payoutId: string): Promise<void> {
  return downloadCsv('/api/payouts/export', 'payouts.csv', { method: 'POST', body: { payoutId } });
}

/** GET /api/payouts/readiness: Ready to Pay's consigners from the ledger: payable, held (and until when), the minimum, requests. */
export function usePayoutReadiness() {
  return useQuery({ queryKey: [...payoutKeys.all, 'readiness'], queryFn: ({ signal }) => apiFetch<TPayoutReadiness>('/api/payouts/readiness', { signal }) });
}

/** POST /api/payouts/requests/{id}/pay: a consigner's request paid in one action (the same payout path as Payout Items). */
export function usePayRequest() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (id: string) => apiFetch<TPayoutCreated>(`/api/payouts/requests/${encodeURIComponent(id)}/pay`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
