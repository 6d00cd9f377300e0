import { boundedText, pageNumber } from '@backroom/domain';
import { z } from 'zod';
import { ZDateInput } from '../inventory-queries/inventory-queries.schemas.ts';

const optionalText = boundedText('search', 'Search')
  .optional()
  .transform((v) => (v ? v : undefined));

export const ZInventoryLogsQuery = z.object({
  search: optionalText,
  lastUpdatedBy: optionalText,
  before: ZDateInput.optional(),
  after: ZDateInput.optional(),
  page: pageNumber('page').default(1),
  take: z.coerce.number().int('take must be a whole number').min(1, 'take must be between 1 and 500').max(500, 'take must be between 1 and 500').default(100),
});

export const ZInventoryLogParams = z.object({ id: z.uuid('Invalid id') });
