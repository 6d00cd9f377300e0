import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TConsignerDetailReport, TDashboard } from '@backroom/domain';
import { apiFetch, downloadCsv } from '../../shared/api';
import type { DayRange } from '../../shared/ui/DateRangeField';

const dashboardKeys = {
  all: ['dashboard'] as const,
  range: (r: DayRange) => ['dashboard', r] as const,
};

/** GET /api/dashboard over whole days (the end day included). */
export function useDashboard(range: DayRange) {
  return useQuery({
    queryKey: dashboardKeys.range(range),
    queryFn: ({ signal }) => apiFetch<TDashboard>('/api/dashboard', { query: { dateRangeStart: range.from, dateRangeEnd: range.to }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/dashboard/export: the shop report of the range as CSV. */
export function downloadShopReport(range: DayRange) {
  return downloadCsv(`/api/dashboard/export?dateRangeStart=${range.from}&dateRangeEnd=${range.to}`, `shop-report-${range.from}-${range.to}.csv`);
}

/** GET /api/dashboard/consignerReport for one consigner over whole days. */
export function useConsignerDetailReport(consigner: string | undefined, range: DayRange) {
  return useQuery({
    queryKey: ['dashboard', 'consigner', consigner, range] as const,
    queryFn: ({ signal }) => apiFetch<TConsignerDetailReport>('/api/dashboard/consignerReport', { query: { consigner, dateRangeStart: range.from, dateRangeEnd: range.to }, signal }),
    enabled: Boolean(consigner),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/dashboard/consignerReport/export: the consigner report as CSV. */
export function downloadConsignerReport(consigner: string, range: DayRange) {
  return downloadCsv(`/api/dashboard/consignerReport/export?consigner=${consigner}&dateRangeStart=${range.from}&dateRangeEnd=${range.to}`, `consigner-report-${range.from}-${range.to}.csv`);
}
