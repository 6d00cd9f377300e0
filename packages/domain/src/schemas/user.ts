import { z } from 'zod';
import { AREAS, ROLES, USER_KINDS } from '../access-names.ts';

/**
 * The signed-in user record of the spec (section 3), as GET /api/me, POST /api/me/acceptTerms and
 * POST /api/consigners answer it. `SignedInUser` (access.ts) is derived from it.
 */
export const ZSignedInUser = z.object({
  id: z.string(),
  kind: z.enum(USER_KINDS),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  storeId: z.string(),
  isActive: z.boolean(),
  acceptedTOS: z.boolean(),
  emailVerified: z.boolean(),
  /** null = every area */
  accessControls: z.array(z.enum(AREAS)).nullable(),
  marketplaceLocation: z.boolean(),
  isStoreAccount: z.boolean(),
  /** the consigner's own payout details (null for employees) */
  bankData: z.record(z.string(), z.unknown()).nullable(),
  /**
   * GET /api/me only: the server keeps a dev mailbox this user may open (development mode, Admins).
   * Sent with the user so the user menu is complete on its first render, never grown under a pointer.
   */
  devMailbox: z.boolean().optional(),
});

/** An e-mail of the dev mailbox (GET /api/dev/outbox, development mode only). */
export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
