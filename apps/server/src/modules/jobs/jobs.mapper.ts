import type { ZJob } from '@backroom/domain';
import type { z } from 'zod';
import type { JobRow } from '../../jobs/queue.ts';

export function toJob(j: JobRow): z.input<typeof ZJob> {
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
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null,
  };
}
