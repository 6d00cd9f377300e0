import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { TEXT_LIMITS, type TextKind } from '../constants.ts';
import { hasForbiddenCharacter } from './common.ts';

const message = PEOPLE_MESSAGES.invalidStoreSignup;

/** A bounded text whose every failure reads `error` (the spec shows one message per form). */
const text = (kind: TextKind, error: string) =>
  z
    .string({ error })
    .max(TEXT_LIMITS[kind], { error })
    .refine((v) => !hasForbiddenCharacter(v), { error })
    .trim();

/** A store handle: it becomes part of URLs such as /catalogue/{handle}. */
export const STORE_HANDLE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** POST /open/stores: one message for every failure, as the spec shows. */
export const ZStoreSignup = z.object({
  name: text('name', message).min(1, { error: message }),
  email: text('email', message).pipe(z.email({ error: message })),
  handle: text('code', message).regex(STORE_HANDLE_PATTERN, { error: message }),
  /** The owner's name as they typed it (not in the spec: the owner was named '<store> Admin'). */
  ownerName: text('name', message).optional(),
});
export type TStoreSignup = z.infer<typeof ZStoreSignup>;

/** Store landing login by handle. */
export const ZStoreHandleLogin = z.object({
  handle: text('code', PEOPLE_MESSAGES.invalidHandle).min(1, { error: PEOPLE_MESSAGES.invalidHandle }),
});

// ---------------------------------------------------------------------------------------------
// Responses (docs/api-foundation.md).

/**
 * What anyone may know of a store before signing in (GET /open/stores/*). Nothing else of the store
 * row leaves: no storefront shop, tenant or approval settings.
 */
export const ZPublicStore = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  domain: z.string().nullable(),
  logo: z.string().nullable(),
  supportEmail: z.string(),
  currency: z.string(),
  isBuyingStore: z.boolean(),
  termsOfService: z.string(),
  maintenanceMode: z.boolean(),
  onlineMarketplace: z.boolean(),
  /** Sold, PendingSale and Paid items keep their status (and in bulk edits Pending too). */
  safeInventoryStatusMode: z.boolean(),
  redirectURL: z.string().nullable(),
  shipInstructions: z.string(),
  signupInfo: z.array(z.string()),
  payoutOptions: z.array(z.string()),
  /** Which bank fields consigner forms collect (BANK_FIELD_MODES). */
  bankFields: z.enum(['routing', 'local']),
  /** Where the store's links point (labels' QR codes, e-mails): its domain in production, else APP_URL. */
  linkOrigin: z.string(),
  /** A storefront is connected (store_integrations 'shopify' enabled with credentials): labels then need the storefront's ids. */
  hasStorefront: z.boolean(),
});

/** POST /open/stores */
export const ZStoreSignupResult = z.object({
  store: ZPublicStore,
  message: z.string(),
  /** Only in development without SMTP: the owner's invite link, as no e-mail leaves (docs/first-hour.md). */
  devInviteLink: z.string().nullable(),
});
