// A consigner's statements (docs/consigner-account.md "Statements"), read by the staff consigner screen
// and the consigner portal alike: GET /api/consigners/{id}/statements and its CSV. Read-only; the shape
// is the domain's ZStatement (money in major units).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TStatement } from '@backroom/domain';
import { apiFetch, downloadCsv } from './api';

export type Statement = TStatement;
export type StatementEntry = TStatement['entries'][number];

export const statementKeys = {
  all: ['statements'] as const,
  one: (consignerId: string, month: string) => ['statements', consignerId, month] as const,
};

/** The statement of one month ('YYYY-MM') of a consigner (a consigner: their own). */
export function useStatement(consignerId: string, month: string) {
  return useQuery({
    queryKey: statementKeys.one(consignerId, month),
    queryFn: ({ signal }) => apiFetch<Statement>(`/api/consigners/${encodeURIComponent(consignerId)}/statements`, { query: { month }, signal }),
    placeholderData: keepPreviousData,
    enabled: consignerId !== '',
  });
}

/** Downloads statement-YYYY-MM.csv (the server writes it, formula cells neutralised). */
export async function downloadStatementCsv(consignerId: string, month: string): Promise<void> {
  const query = new URLSearchParams({ month });
  await downloadCsv(`/api/consigners/${encodeURIComponent(consignerId)}/statements/export?${query}`, `statement-${month}.csv`);
}
