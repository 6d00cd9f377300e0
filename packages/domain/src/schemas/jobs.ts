import { z } from 'zod';

/** A background job (bulk actions, merges, resyncs) as GET /api/jobs/{id} answers it. */
export const ZJob = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  /** Items refused, with the reason. */
  errors: z.array(z.object({ id: z.string(), error: z.string() })),
  /** The job's own summary once completed; its shape depends on the kind. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why the job failed as a whole. */
  error: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 date and time'),
  finishedAt: z.string().describe('ISO 8601 date and time').nullable(),
});
export type TJob = z.output<typeof ZJob>;
