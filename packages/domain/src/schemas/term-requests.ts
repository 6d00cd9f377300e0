// The consigner's requests at the end of a term (docs/consignment-terms.md "The consigner's requests"):
// GET /api/termRequests, POST /api/termRequests, POST /api/termRequests/{id}/cancel.
import { z } from 'zod';
import { TERM_REQUEST_KINDS, TERM_REQUEST_STATUSES } from '../term-requests.ts';
import { ZUuid } from './inventory-fields.ts';

const kindError = { error: `kind must be one of ${TERM_REQUEST_KINDS.join(', ')}` };

/** POST /api/termRequests: the consigner asks to renew or to pick up one of their items. */
export const ZTermRequestBody = z.object({
  inventoryId: ZUuid('Inventory not found'),
  kind: z.enum(TERM_REQUEST_KINDS, kindError),
});
export type TTermRequestBody = z.input<typeof ZTermRequestBody>;

export const ZTermRequestParams = z.object({ id: ZUuid('Request not found') });

/** GET /api/termRequests: the open requests (a consigner's own; staff: the store's), at most `limit`. */
export const ZTermRequestsQuery = z.object({
  inventoryId: ZUuid('Inventory not found').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit starts at 1').max(500, 'limit can be at most 500').default(500),
});

export const ZTermRequest = z.object({
  id: z.string(),
  inventoryId: z.string(),
  consignerId: z.string(),
  kind: z.enum(TERM_REQUEST_KINDS),
  status: z.enum(TERM_REQUEST_STATUSES),
  /** the item's end when the request was made */
  endsOn: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** how it was closed: 'renewed', 'returned', ... (null while open or cancelled) */
  resolution: z.string().nullable(),
});
export type TTermRequest = z.infer<typeof ZTermRequest>;

export const ZTermRequestList = z.object({ items: z.array(ZTermRequest) });
export type TTermRequestList = z.infer<typeof ZTermRequestList>;

/** What a send or a cancel did: the request as it now stands and a message to show. */
export const ZTermRequestResult = z.object({ message: z.string(), request: ZTermRequest });
export type TTermRequestResult = z.infer<typeof ZTermRequestResult>;
