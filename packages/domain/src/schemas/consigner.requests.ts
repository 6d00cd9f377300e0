// Request shapes of the consigners API that consigner.ts does not hold (people doc section 7).
import { z } from 'zod';

/** GET a consigner invitation: the invite link's token. */
export const ZConsignerInviteQuery = z.object({ token: z.string().max(200).optional() });
