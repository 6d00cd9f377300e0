// A consigner's statements (docs/consigner-account.md "Statements"), read by the staff consigner screen
// and the consigner portal alike: GET /api/consigners/{id}/statements, its CSV and its PDF. Read-only; the shape
// is the domain's ZStatement (money in major units).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TStatement } from '@backroom/domain';
import { apiFetch, downloadCsv, downloadFile } from './api';

export type Statement = TStatement;
export type StatementEntry = TStatement['entries'][number];

export const statementKeys = {
  all: ['statements'] as const,
  one: (consignerId: string, period: string) => ['statements', consignerId, period] as const,
};

/** A period is a month 'YYYY-MM' or a year 'YYYY' (the year-end summary). */
const periodQuery = (period: string): Record<string, string> => (period.length === 4 ? { year: period } : { month: period });

/** The statement of one month ('YYYY-MM') or year ('YYYY') of a consigner (a consigner: their own). */
export function useStatement(consignerId: string, period: string) {
  return useQuery({
    queryKey: statementKeys.one(consignerId, period),
    queryFn: ({ signal }) => apiFetch<Statement>(`/api/consigners/${encodeURIComponent(consignerId)}/statements`, { query: periodQuery(period), signal }),
    placeholderData: keepPreviousData,
    enabled: consignerId !== '',
  });
}

/** Downloads statement-YYYY-MM.csv or statement-YYYY.csv (the server writes it, formula cells neutralised). */
export async function downloadStatementCsv(consignerId: string, period: string): Promise<void> {
  const query = new URLSearchParams(periodQuery(period));
  await downloadCsv(`/api/consigners/${encodeURIComponent(consignerId)}/statements/export?${query}`, `statement-${period}.csv`);
}

/** Downloads statement-YYYY-MM.pdf or statement-YYYY.pdf (the server draws it from the same statement). */
export async function downloadStatementPdf(consignerId: string, period: string): Promise<void> {
  const query = new URLSearchParams(periodQuery(period));
  await downloadFile(`/api/consigners/${encodeURIComponent(consignerId)}/statements/pdf?${query}`, `statement-${period}.pdf`, { accept: 'application/pdf' });
}
