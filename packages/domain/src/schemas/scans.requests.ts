// Path parameters of the stock-take API (catalogue doc section 7, Scans; docs/scanning.md).
import { z } from 'zod';

/** `/api/scans/{id}`: an unknown or malformed id reads as a missing scan. */
export const ZScanParams = z.object({ id: z.string({ error: 'Scan not found' }).uuid('Scan not found') });
