// Request shapes of the background jobs API.
import { z } from 'zod';

/** GET /api/jobs/{id} */
export const ZJobParams = z.object({ id: z.string().uuid() });
