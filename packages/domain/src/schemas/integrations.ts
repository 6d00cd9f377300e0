// A store's outside services (docs/payouts-automated.md): the payout providers Checkbook
// (bank payouts by digital cheque) and PayPal Payouts, and the Linnworks order import. Each kind has
// its settings (what may be shown: mode) and its credentials (kept encrypted, never returned: the
// API says only whether each is set and, for a long one, its last four characters).
import { z } from 'zod';
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from './common.ts';

export const INTEGRATION_KINDS = ['checkbook', 'paypal', 'linnworks'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** A provider's sandbox (test money) or live environment; each has its own keys and host. */
export const INTEGRATION_MODES = ['sandbox', 'live'] as const;
export type IntegrationMode = (typeof INTEGRATION_MODES)[number];

/** The longest credential accepted: PayPal's client secrets are about 80 characters, Checkbook's 30. */
export const MAX_CREDENTIAL_LENGTH = 500;
/** A credential shows its last four characters only when it is at least this long. */
export const CREDENTIAL_HINT_MIN_LENGTH = 12;

export const INTEGRATION_MESSAGES = {
  credentialRequired: (label: string) => `${label} is required`,
  credentialChars: (label: string) => `${label} must be printable characters without spaces`,
  credentialTooLong: (label: string) => `${label} must be at most ${MAX_CREDENTIAL_LENGTH} characters`,
  unknownCredential: (integration: string, field: string) => `${integration} has no credential named ${field}`,
  noMode: (integration: string) => `${integration} has no sandbox or live mode`,
  missingCredentials: (integration: string, labels: string[]) => `Enter the ${integration} ${labels.join(' and ')} before turning it on`,
  onlyAdmin: "Only an Admin can see or change the store's integrations",
  saved: 'Integration saved',
} as const;

/** One credential: trimmed, printable ASCII without spaces (keys, secrets and tokens are), bounded. */
export function credentialText(label: string) {
  return z
    .string({ error: INTEGRATION_MESSAGES.credentialRequired(label) })
    .max(MAX_CREDENTIAL_LENGTH + 200, { error: INTEGRATION_MESSAGES.credentialTooLong(label) })
    .refine((v) => !hasForbiddenCharacter(v), { error: FORBIDDEN_CHARACTER_MESSAGE })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, { error: INTEGRATION_MESSAGES.credentialRequired(label) })
        .max(MAX_CREDENTIAL_LENGTH, { error: INTEGRATION_MESSAGES.credentialTooLong(label) })
        .regex(/^[\x21-\x7e]+$/, { error: INTEGRATION_MESSAGES.credentialChars(label) }),
    );
}

type CredentialField = { name: string; label: string };
export type IntegrationDefinition = {
  kind: IntegrationKind;
  label: string;
  /** What it does for the store, shown on the settings card. */
  purpose: string;
  /** Whether it has a sandbox and a live environment. */
  hasMode: boolean;
  credentials: readonly CredentialField[];
};

/** The integrations a store can set up, in the order the settings card lists them. */
export const INTEGRATIONS = {
  checkbook: {
    kind: 'checkbook',
    label: 'Checkbook',
    purpose: 'Bank payouts: consigners paid by Bank get a digital cheque by e-mail (checkbook.io).',
    hasMode: true,
    // Checkbook's API key pair (docs.checkbook.io "Authentication": publishable key and secret key).
    credentials: [
      { name: 'apiKey', label: 'API key' },
      { name: 'apiSecret', label: 'API secret' },
    ],
  },
  paypal: {
    kind: 'paypal',
    label: 'PayPal Payouts',
    purpose: 'PayPal payouts: consigners paid by PayPal are sent the money at their payout e-mail.',
    hasMode: true,
    // A PayPal REST app's client credentials (developer.paypal.com "Get started": client ID and secret).
    credentials: [
      { name: 'clientId', label: 'Client ID' },
      { name: 'clientSecret', label: 'Client secret' },
    ],
  },
  linnworks: {
    kind: 'linnworks',
    label: 'Linnworks',
    purpose: 'Order import: new Linnworks orders are recorded as sales.',
    hasMode: false,
    // A Linnworks application and the installation token it gives (Linnworks developer docs, AuthorizeByApplication).
    credentials: [
      { name: 'applicationId', label: 'Application ID' },
      { name: 'applicationSecret', label: 'Application secret' },
      { name: 'token', label: 'Installation token' },
    ],
  },
} as const satisfies Record<IntegrationKind, IntegrationDefinition>;

/** The zod schema of a kind's credentials (every one required). */
export function integrationCredentialsSchema(kind: IntegrationKind) {
  const def: IntegrationDefinition = INTEGRATIONS[kind];
  return z.strictObject(Object.fromEntries(def.credentials.map((c) => [c.name, credentialText(c.label)])));
}

export type CheckbookCredentials = { apiKey: string; apiSecret: string };
export type PaypalCredentials = { clientId: string; clientSecret: string };
export type LinnworksCredentials = { applicationId: string; applicationSecret: string; token: string };
export type IntegrationCredentials = { checkbook: CheckbookCredentials; paypal: PaypalCredentials; linnworks: LinnworksCredentials };

/** The kind's settings that may be shown (stored beside the encrypted credentials). */
export const ZIntegrationSettings = z.object({ mode: z.enum(INTEGRATION_MODES).optional() });
export type TIntegrationSettings = z.infer<typeof ZIntegrationSettings>;

// ---------------------------------------------------------------------------------------------
// PUT /api/stores/integrations/{kind}

export const ZIntegrationKindParams = z.object({ kind: z.enum(INTEGRATION_KINDS, { error: `Integration must be one of ${INTEGRATION_KINDS.join(', ')}` }) });

/**
 * A change: fields left out keep their value. A credential given replaces the stored one, `null`
 * removes it. The kind's own schema checks the credential names and values (parseIntegrationUpdate).
 */
export const ZIntegrationUpdate = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  mode: z.enum(INTEGRATION_MODES, { error: `Mode must be ${INTEGRATION_MODES.join(' or ')}` }).optional(),
  credentials: z
    .record(z.string().max(50, { error: 'Credential names are at most 50 characters' }), z.union([z.string().max(MAX_CREDENTIAL_LENGTH + 200), z.null()]))
    .refine((r) => Object.keys(r).length <= 10, { error: 'At most 10 credentials' })
    .optional(),
});
export type TIntegrationUpdate = z.input<typeof ZIntegrationUpdate>;

export type IntegrationUpdate = {
  enabled?: boolean;
  mode?: IntegrationMode;
  /** name -> new value, or null to remove it */
  credentials: Record<string, string | null>;
};

/** A change checked against the kind's own schema: the names it has, each value within its bounds. */
export function parseIntegrationUpdate(kind: IntegrationKind, body: z.output<typeof ZIntegrationUpdate>): { ok: true; update: IntegrationUpdate } | { ok: false; error: string } {
  const def: IntegrationDefinition = INTEGRATIONS[kind];
  if (body.mode !== undefined && !def.hasMode) return { ok: false, error: INTEGRATION_MESSAGES.noMode(def.label) };
  const credentials: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(body.credentials ?? {})) {
    const field = def.credentials.find((c) => c.name === name);
    if (!field) return { ok: false, error: INTEGRATION_MESSAGES.unknownCredential(def.label, name) };
    if (value === null) {
      credentials[name] = null;
      continue;
    }
    const parsed = credentialText(field.label).safeParse(value);
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? INTEGRATION_MESSAGES.credentialRequired(field.label) };
    credentials[name] = parsed.data;
  }
  return { ok: true, update: { enabled: body.enabled, mode: body.mode, credentials } };
}

/** The last four characters of a long enough credential; nothing for a short one (it would give too much away). */
export function credentialHint(value: string | null | undefined): string | null {
  if (!value || value.length < CREDENTIAL_HINT_MIN_LENGTH) return null;
  return value.slice(-4);
}

// ---------------------------------------------------------------------------------------------
// Responses: never a credential, only whether it is set.

export const ZIntegrationCredentialState = z.object({
  field: z.string(),
  label: z.string(),
  isSet: z.boolean(),
  /** The last four characters of a long credential, so staff can tell which one is stored. */
  lastFour: z.string().nullable(),
});

export const ZIntegration = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  label: z.string(),
  purpose: z.string(),
  enabled: z.boolean(),
  hasMode: z.boolean(),
  mode: z.enum(INTEGRATION_MODES).nullable(),
  credentials: z.array(ZIntegrationCredentialState),
  /** Turned on with every credential set: payouts (or imports) go through it. */
  ready: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TIntegration = z.infer<typeof ZIntegration>;

export const ZStoreIntegrations = z.object({
  /** The store's Automated payout flag (Settings > Flags): off, every payout is marked paid by hand. */
  automatedPayout: z.boolean(),
  integrations: z.array(ZIntegration),
});
export type TStoreIntegrations = z.infer<typeof ZStoreIntegrations>;
