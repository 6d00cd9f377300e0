import { z } from 'zod';
import { ZDateInput } from '../inventory-queries/inventory-queries.schemas.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const ZInventoryLogsQuery = z.object({
  search: optionalText,
  lastUpdatedBy: optionalText,
  before: ZDateInput.optional(),
  after: ZDateInput.optional(),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').default(1),
  take: z.coerce.number().int('take must be a whole number').min(1, 'take must be between 1 and 500').max(500, 'take must be between 1 and 500').default(100),
});

export const ZInventoryLogParams = z.object({ id: z.uuid('Invalid id') });
