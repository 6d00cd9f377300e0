// /markdowns (docs/consignment-terms.md "Markdowns"): the store's schedules (GET/POST/PUT/DELETE
// /api/markdownSchedules) and the preview of what the next run changes (POST .../preview).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMarkdownPreview, TMarkdownPreviewBody, TMarkdownSchedule, TMarkdownScheduleBody } from '@backroom/domain';
import { apiFetch } from '../../shared/api';
import { lookupKeys } from '../../shared/lookups.api';

export type { TMarkdownPreview as MarkdownPreview, TMarkdownSchedule as MarkdownSchedule, TMarkdownScheduleBody as MarkdownScheduleBody };

const markdownKeys = { all: ['markdownSchedules'] as const };

export function useMarkdownSchedules(enabled = true) {
  return useQuery({ queryKey: markdownKeys.all, queryFn: ({ signal }) => apiFetch<TMarkdownSchedule[]>('/api/markdownSchedules', { signal }), enabled });
}

/** Create (no id) or change a schedule; the list, and the types' terms that name it, are read again. */
export function useSaveMarkdownSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TMarkdownScheduleBody }) =>
      id
        ? apiFetch<TMarkdownSchedule>(`/api/markdownSchedules/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiFetch<TMarkdownSchedule>('/api/markdownSchedules', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: markdownKeys.all }),
  });
}

export function useDeleteMarkdownSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string }>(`/api/markdownSchedules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: markdownKeys.all }), queryClient.invalidateQueries({ queryKey: lookupKeys.consignerTypes })]);
    },
  });
}

/** What the next run would change with the schedule as the form holds it (nothing is saved). */
export function useMarkdownPreview() {
  return useMutation({ mutationFn: (body: TMarkdownPreviewBody) => apiFetch<TMarkdownPreview>('/api/markdownSchedules/preview', { method: 'POST', body }) });
}
