import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TConsigner,
  TConsignerDeleted,
  TConsignerList,
  TConsignerReport,
  TConsignerType,
  TConsignerUpdateResult,
  TPayoutRecalculation,
  ZAddConsignerFields,
  ZConsignerMessage,
  ZConsignersQuery,
  ZConsignerUpdate,
  ZEmailStatementsBody,
  ZEmailStatementsStarted,
} from '@backroom/domain';
import { ApiError, apiFetch, downloadCsv } from '../../shared/api';
import { inventoryListKeys } from '../inventory-lists/inventory-lists.api';

// Server shapes are the domain's (schemas/consigner.ts, schemas/consigner-type.ts). Money in major units.

export type ConsignerRow = TConsignerList['rows'][number];
export type Consigner = TConsigner;
export type ConsignerType = TConsignerType;
export type Recalculation = TPayoutRecalculation;
/** PUT /api/consigners/{id} body. */
export type ConsignerChange = z.input<typeof ZConsignerUpdate>;
/** POST /api/consigners/createFromAdmin body. */
export type NewConsigner = z.input<typeof ZAddConsignerFields>;

/** GET /api/consigners (the domain's ZConsignersQuery); the screen always holds its search box and pages by number. */
type ConsignersQuery = Required<Pick<z.input<typeof ZConsignersQuery>, 'search'>> & { page: number; pageSize: number };

export const consignerKeys = {
  all: ['consigners'] as const,
  list: (q: ConsignersQuery) => ['consigners', 'list', q] as const,
  one: (id: string) => ['consigners', 'one', id] as const,
  report: (id: string) => ['consigners', 'report', id] as const,
  recalculation: (id: string, accountType: string | null) => ['consigners', 'recalculation', id, accountType] as const,
};

/** GET /api/consigners: one page of the store's consigners, paginated and searched on the server. */
export function useConsigners(q: ConsignersQuery) {
  return useQuery({
    queryKey: consignerKeys.list(q),
    queryFn: ({ signal }) =>
      apiFetch<TConsignerList>('/api/consigners', { query: { search: q.search.trim(), page: q.page, pageSize: q.pageSize }, signal }),
    // the page being left stays on screen (dimmed) until the next one arrives
    placeholderData: keepPreviousData,
  });
}

export function useConsigner(id: string) {
  return useQuery({
    queryKey: consignerKeys.one(id),
    queryFn: ({ signal }) => apiFetch<TConsigner>(`/api/consigners/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** GET /api/consigners/consignerReport for one consigner, all time: Total Sales, Total Payout, Pending Payout. */
export function useConsignerReport(id: string) {
  return useQuery({
    queryKey: consignerKeys.report(id),
    queryFn: ({ signal }) => apiFetch<TConsignerReport>('/api/consigners/consignerReport', { query: { consigner: id }, signal }),
  });
}


/** What moving the consigner's unsold items to another account type would do to their payouts (nothing changes yet). */
export function usePayoutRecalculation(id: string, accountType: string | null, enabled: boolean) {
  return useQuery({
    queryKey: consignerKeys.recalculation(id, accountType),
    queryFn: ({ signal }) =>
      apiFetch<TPayoutRecalculation>(`/api/consigners/${encodeURIComponent(id)}/payoutRecalculation`, {
        query: { accountType: accountType ?? undefined },
        signal,
      }),
    enabled: enabled && accountType !== null,
    // always the figures of now: an item may have sold since the dialog was last opened
    staleTime: 0,
    gcTime: 0,
  });
}

export function useUpdateConsigner(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ConsignerChange) =>
      apiFetch<TConsignerUpdateResult>(`/api/consigners/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    onSuccess: (result, change) => {
      queryClient.setQueryData(consignerKeys.one(id), result.consigner);
      void queryClient.invalidateQueries({ queryKey: consignerKeys.all });
      // recalculated payouts show in the consigner's inventory list
      if (change.isRecalculateInventoryPayout) void queryClient.invalidateQueries({ queryKey: inventoryListKeys.all });
    },
  });
}

/** The list's Enabled and Marketplace access toggles: PUT one flag of one row. */
export function useToggleConsigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: Pick<ConsignerChange, 'isActive' | 'marketplaceLocation'> }) =>
      apiFetch<TConsignerUpdateResult>(`/api/consigners/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    onSuccess: (result) => {
      queryClient.setQueryData(consignerKeys.one(result.consigner.id), result.consigner);
      void queryClient.invalidateQueries({ queryKey: ['consigners', 'list'] });
    },
  });
}

export function useCreateConsigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewConsigner) => apiFetch<TConsigner>('/api/consigners/createFromAdmin', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consignerKeys.all }),
  });
}

/** POST /api/consigners/deleteConsigner/{id}. The list reloads 1 s later (spec 9), by the caller. */
export function useDeleteConsigner() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<TConsignerDeleted>(`/api/consigners/deleteConsigner/${encodeURIComponent(id)}`, { method: 'POST' }),
  });
}

export function useReloadConsigners() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['consigners', 'list'] });
}

/** Sends the consigner a password reset e-mail. */
export function useSendPasswordReset(id: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<z.output<typeof ZConsignerMessage>>(`/api/consigners/${encodeURIComponent(id)}/sendPasswordReset`, { method: 'POST' }),
  });
}

/** E-mails every consigner their statement of a month: a background job, its progress at GET /api/jobs/{id}. */
export function useEmailStatements() {
  return useMutation({
    mutationFn: (body: z.input<typeof ZEmailStatementsBody>) =>
      apiFetch<z.output<typeof ZEmailStatementsStarted>>('/api/consigners/emailStatements', { method: 'POST', body }),
  });
}

/** GET /api/consigners/export: every consigner matching the search as consigners.csv. */
export async function downloadConsignersCsv(search: string): Promise<void> {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  await downloadCsv(`/api/consigners/export${params.size ? `?${params}` : ''}`, 'consigners.csv');
}
