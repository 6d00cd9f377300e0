import { z } from 'zod';
import { ZDateInput } from '../inventory-queries/inventory-queries.schemas.ts';

/** GET /api/dashboard: the range (YYYY-MM-DD, a date end counts its whole day); absent = the last 30 days. */
export const ZDashboardQuery = z
  .object({ dateRangeStart: ZDateInput.optional(), dateRangeEnd: ZDateInput.optional() })
  .refine((q) => (q.dateRangeStart === undefined) === (q.dateRangeEnd === undefined), { error: 'dateRangeStart and dateRangeEnd go together' })
  .refine((q) => !q.dateRangeStart || !q.dateRangeEnd || q.dateRangeStart.at <= q.dateRangeEnd.at, { error: 'dateRangeStart must not be after dateRangeEnd' });
