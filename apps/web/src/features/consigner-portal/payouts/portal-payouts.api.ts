import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsignerBuyingList, TConsignerPayoutList, TConsignerReport, TPayoutAccount, TPayoutRequest, TStoreCreditAccount } from '@backroom/domain';
import { apiFetch } from '../../../shared/api';

// The consigner's Payout page (/payouts): their payouts (their share only), the items the store bought
// from them and still owes (Ready to Pay), and the consigner report's three figures. Shapes are the
// domain's (schemas/payouts.ts, schemas/consigner.ts); money in major units.

export type PortalPayout = TConsignerPayoutList['rows'][number];
export type PortalBoughtItem = TConsignerBuyingList['rows'][number];

interface PortalMoneyQuery {
  /** YYYY-MM-DD, both or neither (no default: everything) */
  from?: string;
  to?: string;
  search: string;
  page: number;
  pageSize: number;
}

const portalMoneyKeys = {
  all: ['portal-money'] as const,
  paid: (id: string, q: PortalMoneyQuery) => ['portal-money', 'paid', id, q] as const,
  buying: (id: string, q: PortalMoneyQuery) => ['portal-money', 'buying', id, q] as const,
  report: (id: string, from?: string, to?: string) => ['portal-money', 'report', id, from ?? null, to ?? null] as const,
};

const listQuery = (q: PortalMoneyQuery) => ({ search: q.search.trim() || undefined, dateRangeStart: q.from, dateRangeEnd: q.to, page: q.page, pageSize: q.pageSize });

/** GET /api/payouts/consigner/{id}?shareStatus=Paid: the payouts whose share for them is paid, newest first. */
export function usePaidPayouts(consignerId: string, q: PortalMoneyQuery, enabled: boolean) {
  return useQuery({
    queryKey: portalMoneyKeys.paid(consignerId, q),
    queryFn: ({ signal }) =>
      apiFetch<TConsignerPayoutList>(`/api/payouts/consigner/${encodeURIComponent(consignerId)}`, { query: { ...listQuery(q), shareStatus: 'Paid' }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/payouts/consigner/{id}/buying: what the store bought from them and still owes (Ready to Pay). */
export function useBoughtItems(consignerId: string, q: PortalMoneyQuery, enabled: boolean) {
  return useQuery({
    queryKey: portalMoneyKeys.buying(consignerId, q),
    queryFn: ({ signal }) => apiFetch<TConsignerBuyingList>(`/api/payouts/consigner/${encodeURIComponent(consignerId)}/buying`, { query: listQuery(q), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/consigners/consignerReport for themselves, over the chosen sale dates (all time when none). */
export function usePortalReport(consignerId: string, from?: string, to?: string) {
  return useQuery({
    queryKey: portalMoneyKeys.report(consignerId, from, to),
    queryFn: ({ signal }) =>
      apiFetch<TConsignerReport>('/api/consigners/consignerReport', { query: { consigner: consignerId, dateRangeStart: from, dateRangeEnd: to }, signal }),
    placeholderData: keepPreviousData,
  });
}

const accountKey = (id: string) => ['portal-money', 'account', id] as const;

/** GET /api/payouts/consigner/{id}/account: what is payable now, what is held and until when, their request. */
export function usePayoutAccount(consignerId: string) {
  return useQuery({ queryKey: accountKey(consignerId), queryFn: ({ signal }) => apiFetch<TPayoutAccount>(`/api/payouts/consigner/${encodeURIComponent(consignerId)}/account`, { signal }) });
}

/** POST /api/payouts/requests (ask to be paid) and POST /api/payouts/requests/{id}/cancel. */
export function usePayoutRequestActions(consignerId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKey(consignerId) });
  const ask = useMutation({ mutationFn: () => apiFetch<TPayoutRequest>('/api/payouts/requests', { method: 'POST', body: { confirm: true } }), onSettled: refresh });
  const cancel = useMutation({ mutationFn: (id: string) => apiFetch<TPayoutRequest>(`/api/payouts/requests/${encodeURIComponent(id)}/cancel`, { method: 'POST' }), onSettled: refresh });
  return { ask, cancel };
}

/** GET /api/payouts/consigner/{id}/credit: the store credit balance and its newest movements. */
export function useStoreCredit(consignerId: string) {
  return useQuery({
    queryKey: ['portal-money', 'credit', consignerId] as const,
    queryFn: ({ signal }) => apiFetch<TStoreCreditAccount>(`/api/payouts/consigner/${encodeURIComponent(consignerId)}/credit`, { signal }),
  });
}
