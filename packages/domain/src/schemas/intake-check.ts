import { z } from 'zod';
import { INVENTORY_STATUSES } from '../statuses.ts';

/**
 * POST /api/inventories/check: what POST /api/inventories would make of each row, without writing
 * (the consigner's review panel: Pre-Approved rows become Pending, the rest Requested). The server
 * runs the same preparation as the create, so the panel and the items agree (catalogue doc section 4).
 */
export const ZIntakeCheckRow = z.object({
  status: z.enum(INVENTORY_STATUSES),
  preapproved: z.boolean(),
  /** The lowest Active price of the variant (major units), the centre of the pre-approval range. */
  lowestPrice: z.number().nullable(),
  range: z.object({ low: z.number(), high: z.number() }).nullable(),
  payout: z.number(),
  total: z.number(),
});
export type TIntakeCheckRow = z.output<typeof ZIntakeCheckRow>;
