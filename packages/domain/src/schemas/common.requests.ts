// Request shapes several APIs share (path parameters of a record addressed by its id).
import { z } from 'zod';

/** `/{id}` of an employee, consigner, consigner type, location, order, payout, product, sale, sub-location or template. */
export const ZRecordIdParams = z.object({ id: z.uuid('Invalid id') });
