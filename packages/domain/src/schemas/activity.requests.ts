import { parseActivityCursor } from '../activity.ts';
import { boundedText, pageNumber } from './common.ts';
import { z } from 'zod';
import { ZDateInput } from './inventory-queries.requests.ts';

const optionalText = boundedText('search', 'Search')
  .optional()
  .transform((v) => (v ? v : undefined));

export const ZInventoryLogsQuery = z.object({
  search: optionalText,
  lastUpdatedBy: optionalText,
  before: ZDateInput.optional(),
  after: ZDateInput.optional(),
  page: pageNumber('page').default(1),
  // Keyset paging (the Activity screen's infinite scroll): the nextCursor of the previous page. With a
  // cursor, page is ignored; without one, page and take still page by offset (older clients).
  cursor: z
    .string()
    .max(100, 'Invalid cursor')
    .optional()
    .transform((v, c) => {
      if (!v) return undefined;
      const parsed = parseActivityCursor(v);
      if (!parsed) {
        c.addIssue({ code: 'custom', message: 'Invalid cursor' });
        return z.NEVER;
      }
      return parsed;
    }),
  take: z.coerce.number().int('take must be a whole number').min(1, 'take must be between 1 and 500').max(500, 'take must be between 1 and 500').default(100),
});

export const ZInventoryLogParams = z.object({ id: z.uuid('Invalid id') });
