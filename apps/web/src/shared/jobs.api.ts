// Background jobs (bulk actions, merges, resyncs): GET /api/jobs/{id}, polled by the screen that
// started one until it completes or fails. The shape is the domain's ZJob.
import { useQuery } from '@tanstack/react-query';
import type { TJob } from '@backroom/domain';
import { apiFetch } from './api';

/** A job as GET /api/jobs/{id} answers it; `R` names the shape of its kind's result. */
export type Job<R = Record<string, unknown>> = Omit<TJob, 'result'> & { result: R | null };

export const jobKeys = { job: (id: string) => ['jobs', id] as const };

/** How often a running job is asked for its progress. */
const JOB_POLL_MS = 1000;

const isFinished = (job: Pick<TJob, 'status'> | undefined) => job?.status === 'completed' || job?.status === 'failed';

/** Polls a background job every JOB_POLL_MS until it completes or fails; idle while `id` is null. */
export function useJob<R = Record<string, unknown>>(id: string | null) {
  return useQuery({
    queryKey: jobKeys.job(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Job<R>>(`/api/jobs/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : JOB_POLL_MS),
  });
}
