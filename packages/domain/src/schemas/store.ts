import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';

const message = PEOPLE_MESSAGES.invalidStoreSignup;

/** A store handle: it becomes part of URLs such as /catalogue/{handle}. */
export const STORE_HANDLE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** POST /open/stores: one message for every failure, as the spec shows. */
export const ZStoreSignup = z.object({
  name: z.string({ error: message }).trim().min(1, { error: message }),
  email: z.string({ error: message }).trim().pipe(z.email({ error: message })),
  handle: z.string({ error: message }).trim().regex(STORE_HANDLE_PATTERN, { error: message }),
});
export type TStoreSignup = z.infer<typeof ZStoreSignup>;

/** Store landing login by handle. */
export const ZStoreHandleLogin = z.object({
  handle: z
    .string({ error: PEOPLE_MESSAGES.invalidHandle })
    .trim()
    .min(1, { error: PEOPLE_MESSAGES.invalidHandle }),
});
