import { z } from 'zod';
import { ZDateInput } from './inventory-queries.requests.ts';

/** GET /api/dashboard: the range (YYYY-MM-DD, a date end counts its whole day); absent = the last 30 days. */
const range = { dateRangeStart: ZDateInput.optional(), dateRangeEnd: ZDateInput.optional() };
type Range = { dateRangeStart?: { at: Date }; dateRangeEnd?: { at: Date } };
const together = (q: Range) => (q.dateRangeStart === undefined) === (q.dateRangeEnd === undefined);
const ordered = (q: Range) => !q.dateRangeStart || !q.dateRangeEnd || q.dateRangeStart.at <= q.dateRangeEnd.at;

export const ZDashboardQuery = z
  .object(range)
  .refine(together, { error: 'dateRangeStart and dateRangeEnd go together' })
  .refine(ordered, { error: 'dateRangeStart must not be after dateRangeEnd' });

/** GET /api/dashboard/consignerReport: the consigner (their id) and the range as the dashboard's. */
export const ZConsignerDetailReportQuery = z
  .object({ consigner: z.uuid('Invalid consigner'), ...range })
  .refine(together, { error: 'dateRangeStart and dateRangeEnd go together' })
  .refine(ordered, { error: 'dateRangeStart must not be after dateRangeEnd' });
