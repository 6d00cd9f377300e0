import { z } from 'zod';
import { INVENTORY_STATUSES } from '../statuses.ts';

/**
 * PUT /api/inventories answers each edited item in this short form (what the listing wizard shows
 * once its items are placed), money in major units.
 */
export const ZUpdatedInventory = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(INVENTORY_STATUSES),
  price: z.number(),
  quantity: z.number(),
  option1Value: z.string().nullable(),
  option2Value: z.string().nullable(),
  option3Value: z.string().nullable(),
  location: z.string().nullable(),
  subLocation: z.string().nullable(),
});
export type UpdatedInventory = z.output<typeof ZUpdatedInventory>;
