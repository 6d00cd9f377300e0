import type { JobRow } from '../../jobs/queue.ts';

export function toJob(j: JobRow) {
  return {
    id: j.id,
    kind: j.kind,
    status: j.status,
    total: j.total,
    done: j.done,
    failed: j.failed,
    errors: j.errors,
    result: j.result,
    error: j.error,
    createdAt: j.createdAt,
    finishedAt: j.finishedAt,
  };
}
