// Store settings (people doc sections 2 "Store settings", 3 "Store", 5 "Store settings required",
// 7 PUT /api/stores/{id}, POST /api/stores/resync). Money speaks major units here and is parsed to
// minor units exactly (money()); the web's form rules use the same messages.
import { z } from 'zod';
import {
  BANK_FIELD_MODES,
  CURRENCY_CODES,
  CUSTOM_BARCODE_OPTIONS,
  LABEL_OPTIONS,
  PAYOUT_OPTIONS,
  SIGNUP_INFO_OPTIONS,
} from '../constants.ts';
import { isWebAddress, normaliseHost } from '../hosts.ts';
import { PAYOUT_HOLD_DAYS_MAX, PAYOUT_HOLD_FROM, PAYOUT_HOLD_FROM_MESSAGE, STORE_CREDIT_BONUS_MAX, STORE_CREDIT_MESSAGES } from '../consigner-account.ts';
import { REMINDER_DAYS_BEFORE_END, TERM_REMINDER_DAYS_MAX } from '../term-requests.ts';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import { boundedText, money, percent, requiredString, safeString } from './common.ts';

/** The e-mails a store may add its own paragraph to (the consigner's notification settings). */
export const EMAIL_MESSAGE_EVENTS = ['onInventoryAccept', 'onPayout', 'onProductSold', 'onPriceAcceptOrDecline', 'onWithdrawAcceptOrDecline', 'onConsignmentEnding'] as const;
export type EmailMessageEvent = (typeof EMAIL_MESSAGE_EVENTS)[number];
export const EMAIL_MESSAGE_LABELS = {
  onInventoryAccept: 'Item accepted',
  onPayout: 'Payout sent',
  onProductSold: 'Item sold',
  onPriceAcceptOrDecline: 'Price change answered',
  onWithdrawAcceptOrDecline: 'Withdrawal answered',
  onConsignmentEnding: 'Consignment ending reminder',
} as const satisfies Record<EmailMessageEvent, string>;

/** Label sizes in millimetres: a label printer's roll is at most a few centimetres to an A4 page. */
export const LABEL_MM_MIN = 10;
export const LABEL_MM_MAX = 300;
/** Tracking parameters appended to storefront links on labels. */
export const MAX_TRACKING_PARAMS = 20;

// Wording ours where the spec has none (docs/people.md, "Store settings").
export const STORE_SETTINGS_MESSAGES = {
  signupInfoRequired: 'Choose at least one signup field',
  invalidSupportEmail: 'Please enter a valid support email',
  invalidRedirectUrl: 'Enter the redirect URL as a web address, e.g. https://shop.example.com',
  invalidDomain: 'Enter a domain such as shop.example.com',
  invalidUrl: 'Enter a web address starting with https://',
  invalidLogo: 'Upload the logo, or enter a web address starting with https://',
  labelMm: (what: string) => `${what} must be between ${LABEL_MM_MIN} and ${LABEL_MM_MAX} mm`,
  trackingParamRequired: 'Each tracking parameter needs a name',
  tooManyTrackingParams: `At most ${MAX_TRACKING_PARAMS} tracking parameters`,
  notNegative: (what: string) => `${what} cannot be negative`,
  readOnly: (what: string) => `${what} cannot be changed in the store settings`,
  hostTaken: (host: string) => `${host} is already used by another store`,
  hostReserved: (host: string) => `${host} is the address of the Backroom server itself and cannot be a store's domain`,
  resyncQueued: 'Resyncing all inventory in the background',
  hostProvenElsewhere: (host: string) => `${host} is already proven by another store`,
  redirectNotProven: (allowed: string) => `The redirect URL must be on one of this store's proven addresses or on the Backroom address (${allowed}). Prove the address under Domains first.`,
  hostNotOwn: "This address is not one of the store's domains",
  onlyAdminHosts: "Only an Admin can see and prove the store's addresses",
} as const;

/** A host a request may be resolved by; `required` gives the spec's message for an empty one. */
function host(required: string | null) {
  return z
    .union([safeString('url', 'Domain'), z.null()], { error: required ?? STORE_SETTINGS_MESSAGES.invalidDomain })
    .transform((value, ctx) => {
      const normal = value === null ? null : normaliseHost(value);
      if (normal === undefined) {
        ctx.addIssue({ code: 'custom', message: STORE_SETTINGS_MESSAGES.invalidDomain });
        return z.NEVER;
      }
      if (normal === null && required) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return normal;
    });
}

/** An optional web address ('' and null read as null). */
function webAddress(label: string, message: string, opts: { allowRootPath?: boolean } = {}) {
  return z
    .union([safeString('url', label).trim(), z.null()], { error: message })
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isWebAddress(v, opts), { error: message });
}

const HOLD_DAYS_MESSAGE = `Payout hold must be a whole number of days from 0 to ${PAYOUT_HOLD_DAYS_MAX}`;
const REMINDER_DAYS_MESSAGE = `Consignment ending reminder must be a whole number of days from 0 to ${TERM_REMINDER_DAYS_MAX}`;

/** An amount of money a store sets (major units in, minor units out), 0 or more; none is 0 (section 5: not required). */
function amount(label: string) {
  return z.preprocess((v) => (v === null || v === '' ? 0 : v), money(`${label} must be an amount`, label).refine((v) => v >= 0, { error: STORE_SETTINGS_MESSAGES.notNegative(label) }));
}

/** A percent a store sets; none is 0. */
function rate(message: string, label: string) {
  return z.preprocess((v) => (v === null ? 0 : v), percent(message, label));
}

function millimetres(required: string, label: string) {
  return z
    .number({ error: required })
    .min(LABEL_MM_MIN, { error: STORE_SETTINGS_MESSAGES.labelMm(label) })
    .max(LABEL_MM_MAX, { error: STORE_SETTINGS_MESSAGES.labelMm(label) });
}

/** A list of choices from `options`, without repeats; at least one (`required`). */
function choices<const T extends readonly [string, ...string[]]>(options: T, required: string) {
  return z
    .array(z.enum(options, { error: required }), { error: required })
    .max(options.length * 2, { error: required })
    .transform((list) => [...new Set(list)])
    .refine((list) => list.length > 0, { error: required });
}

/** The store's own paragraph per e-mail: '' or null drops it. */
const ZEmailMessages = z
  .object(Object.fromEntries(EMAIL_MESSAGE_EVENTS.map((e) => [e, boundedText('long', 'An e-mail message').nullish()])) as Record<EmailMessageEvent, z.ZodOptional<z.ZodNullable<ReturnType<typeof boundedText>>>>)
  .nullish()
  .transform((msgs) => {
    const kept = Object.entries(msgs ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0);
    return kept.length ? (Object.fromEntries(kept) as Partial<Record<EmailMessageEvent, string>>) : null;
  });

const ZTrackingParam = z.object({
  param: requiredString(STORE_SETTINGS_MESSAGES.trackingParamRequired, 'name', 'A tracking parameter'),
  value: boundedText('name', 'A tracking value').default(''),
});

/**
 * PUT /api/stores/{id}: every editable field of the spec's Store entity (section 3) with the
 * section 5 messages. The server applies it to the whole store (what the body leaves out keeps its
 * saved value), so a required field left empty always answers its message. consignerCname, handle,
 * the storefront connection (shop) and maintenanceMode are not edited here (docs/people.md).
 */
export const ZStoreSettingsInput = z.object({
  // store
  name: requiredString(PEOPLE_MESSAGES.nameRequired, 'name', 'Name'),
  supportEmail: requiredString(PEOPLE_MESSAGES.supportEmailRequired, 'email', 'Support email').pipe(z.email({ error: STORE_SETTINGS_MESSAGES.invalidSupportEmail })),
  redirectURL: requiredString(PEOPLE_MESSAGES.redirectUrlRequired, 'url', 'Redirect URL').refine((v) => isWebAddress(v), { error: STORE_SETTINGS_MESSAGES.invalidRedirectUrl }),
  currency: z.enum(CURRENCY_CODES, { error: PEOPLE_MESSAGES.currencyRequired }),
  logo: webAddress('Logo', STORE_SETTINGS_MESSAGES.invalidLogo, { allowRootPath: true }),
  // domains (section 5: consignerUrl and inStoreUrl are required, the main domain is not)
  domain: host(null),
  consignerUrl: host(PEOPLE_MESSAGES.domainRequired),
  inStoreUrl: host(PEOPLE_MESSAGES.domainRequired),
  // consigner signup and payouts
  signupInfo: choices(SIGNUP_INFO_OPTIONS, STORE_SETTINGS_MESSAGES.signupInfoRequired),
  payoutOptions: choices(PAYOUT_OPTIONS, PEOPLE_MESSAGES.payoutOptionRequired),
  bankFields: z.enum(BANK_FIELD_MODES, { error: 'Choose which bank fields consigners fill in' }),
  shipInstructions: requiredString(PEOPLE_MESSAGES.shipInstructionsRequired, 'long', 'Ship instructions'),
  // labels
  labelOptions: choices(LABEL_OPTIONS, PEOPLE_MESSAGES.labelOptionRequired),
  labelSize: z.object(
    { width: millimetres(PEOPLE_MESSAGES.widthRequired, 'Width'), height: millimetres(PEOPLE_MESSAGES.heightRequired, 'Height') },
    { error: PEOPLE_MESSAGES.widthRequired },
  ),
  customBarcode: z.enum(CUSTOM_BARCODE_OPTIONS, { error: 'Choose SKU, CODE, GTIN or none' }).nullable(),
  // the spec's label ids with a layout of their own (docs/labels.md); null: the standard layout
  labelLayout: z.union([z.literal(32), z.literal(101), z.null()], { error: 'Choose the standard layout, 32 or 101' }).default(null),
  customShopifyUrl: webAddress('Custom storefront URL', STORE_SETTINGS_MESSAGES.invalidUrl),
  shopifyTrackingParams: z.array(ZTrackingParam).max(MAX_TRACKING_PARAMS, { error: STORE_SETTINGS_MESSAGES.tooManyTrackingParams }),
  // e-mails and terms
  emailMsgs: ZEmailMessages,
  marketplaceEmailMsgs: ZEmailMessages,
  termsOfService: boundedText('long', 'Terms of service'),
  // approvals and fees
  autoPreapproval: z.boolean(),
  minApproval: amount('Min approval'),
  maxApproval: amount('Max approval'),
  warnAmount: amount('Warn amount'),
  warnText: boundedText('note', 'Warn text')
    .nullable()
    .transform((v) => v || null),
  payoutFee: rate('Payout fee must be a percent from 0 to 100', 'Payout fee'),
  chargeTax: z.boolean(),
  vatRate: rate('VAT rate must be a percent from 0 to 100', 'VAT rate'),
  upPrice: amount('Price increase'),
  // no markdown takes a price below it (docs/consignment-terms.md "The floor"); 0: no floor of the store's own
  markdownFloor: amount('Markdown floor').default(0),
  // days before an item's consignment ends that its consigner is reminded (0: no reminders); none is a week
  termReminderDays: z.preprocess(
    (v) => (v === null || v === undefined ? REMINDER_DAYS_BEFORE_END : v),
    z.number({ error: REMINDER_DAYS_MESSAGE }).int({ error: REMINDER_DAYS_MESSAGE }).min(0, { error: REMINDER_DAYS_MESSAGE }).max(TERM_REMINDER_DAYS_MAX, { error: REMINDER_DAYS_MESSAGE }),
  ),
  absorbDiscount: z.boolean(),
  // flags
  isBuyingStore: z.boolean(),
  onlineMarketplace: z.boolean(),
  prioritizeStore: z.boolean(),
  safeInventoryStatusMode: z.boolean(),
  livePriceChanges: z.boolean(),
  automatedPayout: z.boolean(),
  // the payout hold (days after a sale) and minimum (docs/consigner-account.md); none is 0
  payoutHoldDays: z.preprocess(
    (v) => (v === null || v === undefined ? 0 : v),
    z.number({ error: HOLD_DAYS_MESSAGE }).int({ error: HOLD_DAYS_MESSAGE }).min(0, { error: HOLD_DAYS_MESSAGE }).max(PAYOUT_HOLD_DAYS_MAX, { error: HOLD_DAYS_MESSAGE }),
  ),
  // what the hold counts from for online orders (counter sales: always the sale); none is the sale
  payoutHoldFrom: z.preprocess((v) => (v === null || v === undefined ? 'sale' : v), z.enum(PAYOUT_HOLD_FROM, { error: PAYOUT_HOLD_FROM_MESSAGE })),
  payoutMinimum: amount('Minimum payout'),
  // the bonus on a payout taken as store credit, whole percent (docs/consigner-account.md "Store credit")
  storeCreditBonus: z.preprocess(
    (v) => (v === null || v === undefined ? 0 : v),
    z
      .number({ error: STORE_CREDIT_MESSAGES.bonus })
      .int({ error: STORE_CREDIT_MESSAGES.bonus })
      .min(0, { error: STORE_CREDIT_MESSAGES.bonus })
      .max(STORE_CREDIT_BONUS_MAX, { error: STORE_CREDIT_MESSAGES.bonus }),
  ),
});
export type TStoreSettingsInput = z.output<typeof ZStoreSettingsInput>;
/** The body as a client sends it (major units, texts untrimmed). */
export type TStoreSettingsBody = z.input<typeof ZStoreSettingsInput>;

const looseText = (kind: Parameters<typeof safeString>[0], label: string) => safeString(kind, label).nullish();
const looseChoices = z.array(safeString('name', 'A choice')).max(50).nullish();
const looseAmount = (label: string) => z.union([z.number(), safeString('code', label)]).nullish();

/**
 * PUT /api/stores/{id} as the route reads it: any subset of the fields, as sent (nothing parsed
 * yet), each within its limits; anything unknown is dropped. The service lays it over the saved
 * store and validates the whole with ZStoreSettingsInput. The read-only fields may come back as
 * GET gave them.
 */
export const ZStoreSettingsBody = z.object({
  id: looseText('code', 'Id'),
  handle: looseText('code', 'Handle'),
  consignerCname: looseText('url', 'Consigner CNAME'),
  maintenanceMode: z.boolean().nullish(),
  name: looseText('name', 'Name'),
  supportEmail: looseText('email', 'Support email'),
  redirectURL: looseText('url', 'Redirect URL'),
  currency: looseText('code', 'Currency'),
  logo: looseText('url', 'Logo'),
  domain: looseText('url', 'Domain'),
  consignerUrl: looseText('url', 'Consigner URL'),
  inStoreUrl: looseText('url', 'In-store URL'),
  signupInfo: looseChoices,
  payoutOptions: looseChoices,
  bankFields: looseText('code', 'Bank fields'),
  shipInstructions: looseText('long', 'Ship instructions'),
  labelOptions: looseChoices,
  labelSize: z.object({ width: z.number().nullish(), height: z.number().nullish() }).nullish(),
  customBarcode: looseText('code', 'Custom barcode'),
  labelLayout: z.number().int().min(0).max(1000).nullish(),
  customShopifyUrl: looseText('url', 'Custom storefront URL'),
  shopifyTrackingParams: z
    .array(z.object({ param: looseText('name', 'A tracking parameter'), value: looseText('name', 'A tracking value') }))
    .max(MAX_TRACKING_PARAMS, { error: STORE_SETTINGS_MESSAGES.tooManyTrackingParams })
    .nullish(),
  emailMsgs: z.object(Object.fromEntries(EMAIL_MESSAGE_EVENTS.map((e) => [e, looseText('long', 'An e-mail message')])) as Record<EmailMessageEvent, ReturnType<typeof looseText>>).nullish(),
  marketplaceEmailMsgs: z.object(Object.fromEntries(EMAIL_MESSAGE_EVENTS.map((e) => [e, looseText('long', 'An e-mail message')])) as Record<EmailMessageEvent, ReturnType<typeof looseText>>).nullish(),
  termsOfService: looseText('long', 'Terms of service'),
  autoPreapproval: z.boolean().nullish(),
  minApproval: looseAmount('Min approval'),
  maxApproval: looseAmount('Max approval'),
  warnAmount: looseAmount('Warn amount'),
  warnText: looseText('note', 'Warn text'),
  payoutFee: z.number().nullish(),
  chargeTax: z.boolean().nullish(),
  vatRate: z.number().nullish(),
  upPrice: looseAmount('Price increase'),
  markdownFloor: looseAmount('Markdown floor'),
  termReminderDays: z.number().min(-1_000_000).max(1_000_000).nullish(),
  absorbDiscount: z.boolean().nullish(),
  isBuyingStore: z.boolean().nullish(),
  onlineMarketplace: z.boolean().nullish(),
  prioritizeStore: z.boolean().nullish(),
  safeInventoryStatusMode: z.boolean().nullish(),
  livePriceChanges: z.boolean().nullish(),
  automatedPayout: z.boolean().nullish(),
  payoutHoldDays: z.number().min(-1_000_000).max(1_000_000).nullish(),
  payoutHoldFrom: z.string({ error: PAYOUT_HOLD_FROM_MESSAGE }).max(40, { error: PAYOUT_HOLD_FROM_MESSAGE }).nullish(),
  payoutMinimum: looseAmount('Minimum payout'),
  storeCreditBonus: z.number().min(-1_000_000).max(1_000_000).nullish(),
});
export type TStoreSettingsPatch = z.output<typeof ZStoreSettingsBody>;

// ---------------------------------------------------------------------------------------------
// Responses.

/** A host the store used before and still answers on (docs/people.md, "Store settings"). */
export const ZStoreHostAlias = z.object({
  host: z.string(),
  /** the address that replaced it; null when it was removed */
  replacedBy: z.string().nullable(),
  replacedAt: z.string().describe('ISO 8601 date and time'),
  /** when the new address first served this store; null while it has not */
  newHostSeenAt: z.string().describe('ISO 8601 date and time').nullable(),
  /** when it stops answering; null while the new address has not been reached */
  expiresAt: z.string().describe('ISO 8601 date and time').nullable(),
});
export type TStoreHostAlias = z.output<typeof ZStoreHostAlias>;

/** GET and PUT /api/stores/{id}: the whole editable store, with the read-only fields the screen shows. */
export const ZStoreSettings = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  supportEmail: z.string(),
  redirectURL: z.string().nullable(),
  currency: z.string(),
  logo: z.string().nullable(),
  domain: z.string().nullable(),
  consignerUrl: z.string().nullable(),
  inStoreUrl: z.string().nullable(),
  /** read-only: the address the consigner domain's CNAME record points at, set by the operator */
  consignerCname: z.string().nullable(),
  previousHosts: z.array(ZStoreHostAlias),
  signupInfo: z.array(z.string()),
  payoutOptions: z.array(z.string()),
  bankFields: z.enum(BANK_FIELD_MODES),
  shipInstructions: z.string(),
  labelOptions: z.array(z.string()),
  labelSize: z.object({ width: z.number(), height: z.number() }),
  customBarcode: z.enum(CUSTOM_BARCODE_OPTIONS).nullable(),
  labelLayout: z.union([z.literal(32), z.literal(101)]).nullable(),
  customShopifyUrl: z.string().nullable(),
  shopifyTrackingParams: z.array(z.object({ param: z.string(), value: z.string() })),
  emailMsgs: z.record(z.string(), z.string()).nullable(),
  marketplaceEmailMsgs: z.record(z.string(), z.string()).nullable(),
  termsOfService: z.string(),
  autoPreapproval: z.boolean(),
  /** major units */
  minApproval: z.number(),
  maxApproval: z.number(),
  warnAmount: z.number(),
  warnText: z.string().nullable(),
  /** percent */
  payoutFee: z.number(),
  chargeTax: z.boolean(),
  vatRate: z.number(),
  upPrice: z.number(),
  /** major units: the lowest price a markdown sets */
  markdownFloor: z.number(),
  /** days before a consignment ends that the consigner is reminded (0: none) */
  termReminderDays: z.number(),
  absorbDiscount: z.boolean(),
  isBuyingStore: z.boolean(),
  onlineMarketplace: z.boolean(),
  prioritizeStore: z.boolean(),
  safeInventoryStatusMode: z.boolean(),
  livePriceChanges: z.boolean(),
  automatedPayout: z.boolean(),
  /** days after a sale before its money is payable (0: on the day of the sale) */
  payoutHoldDays: z.number(),
  /** what the hold counts from for online (storefront) orders: the sale or their shipping */
  payoutHoldFrom: z.enum(PAYOUT_HOLD_FROM),
  /** major units: the least a payout run sends a consigner (0: any positive amount) */
  payoutMinimum: z.number(),
  /** percent added to a payout taken as store credit (0: none) */
  storeCreditBonus: z.number(),
  /** read-only: set by the operator (guard 4 sends everyone to /maintenance) */
  maintenanceMode: z.boolean(),
  updatedAt: z.string().describe('ISO 8601 date and time'),
});
export type TStoreSettings = z.output<typeof ZStoreSettings>;

/** POST /api/stores/resync: 202 with the job to follow at GET /api/jobs/{id}. */
export const ZStoreResyncStarted = z.object({ jobId: z.string(), message: z.string() });

/** The result of a finished store resync job (GET /api/jobs/{id} `result`). */
export const ZStoreResyncResult = z.object({
  /** items the resync covers */
  items: z.number(),
  /** items sent to the storefront */
  sent: z.number(),
  /** why nothing (or not everything) was sent */
  reason: z.string().nullable(),
});
export type TStoreResyncResult = z.output<typeof ZStoreResyncResult>;

/** GET /api/stores/usage: what the store uses (the Billing page). No plans, no prices. */
export const ZStoreUsage = z.object({
  items: z.object({
    total: z.number(),
    /** every status, in the transition table's order, with 0 where none */
    byStatus: z.array(z.object({ status: z.enum(INVENTORY_STATUSES), count: z.number() })),
  }),
  consigners: z.object({ total: z.number(), active: z.number(), storeAccounts: z.number() }),
  employees: z.object({ total: z.number(), active: z.number(), invitePending: z.number() }),
  images: z.object({
    count: z.number(),
    /** bytes of every stored version (the original and the web copy) */
    bytes: z.number(),
  }),
  locations: z.number(),
  products: z.number(),
});
export type TStoreUsage = z.output<typeof ZStoreUsage>;


// ---------------------------------------------------------------------------------------------
// Proof of a store's hosts (docs/security.md, "A store's own hosts, once proven").

export const STORE_HOST_FIELDS = ['domain', 'consignerUrl', 'inStoreUrl'] as const;
export const HOST_PROOF_STATES = ['not-proven', 'proven', 'failed'] as const;
export const HOST_PROOF_METHODS = ['dns', 'well-known', 'seed'] as const;
/** The DNS TXT record and the file that prove a host, each holding `backroom-verify=<token>`. */
export const hostProofRecordName = (host: string) => `_backroom-verify.${host}`;
export const hostProofFileUrl = (host: string) => `https://${host}/.well-known/backroom-verify.txt`;
export const hostProofValue = (token: string) => `backroom-verify=${token}`;

/** One of the store's hosts, whether it is proven, and how to prove it. */
export const ZStoreHostProof = z.object({
  host: z.string(),
  /** which settings hold it */
  fields: z.array(z.enum(STORE_HOST_FIELDS)),
  state: z.enum(HOST_PROOF_STATES),
  provenAt: z.string().describe('ISO 8601 date and time').nullable(),
  provenBy: z.enum(HOST_PROOF_METHODS).nullable(),
  checkedAt: z.string().describe('ISO 8601 date and time').nullable(),
  /** why the last check failed (state 'failed') */
  checkError: z.string().nullable(),
  dnsRecord: z.object({ name: z.string(), type: z.literal('TXT'), value: z.string() }),
  wellKnownFile: z.object({ url: z.string(), content: z.string() }),
});
export type TStoreHostProof = z.output<typeof ZStoreHostProof>;

/** GET /api/stores/{id}/hosts and POST /api/stores/{id}/hosts/verify. */
export const ZStoreHosts = z.object({
  hosts: z.array(ZStoreHostProof),
  /** where e-mailed links of this store point now */
  linkOrigin: z.string(),
});
export type TStoreHosts = z.output<typeof ZStoreHosts>;

/** POST /api/stores/{id}/hosts/verify: one host, or every host not proven yet. */
export const ZStoreHostsVerifyBody = z
  .object({
    host: safeString('url', 'Host')
      .transform((v, ctx) => {
        const normal = normaliseHost(v);
        if (!normal) {
          ctx.addIssue({ code: 'custom', message: STORE_SETTINGS_MESSAGES.invalidDomain });
          return z.NEVER;
        }
        return normal;
      })
      .optional(),
  })
  .strict()
  .nullish();
export type TStoreHostsVerifyBody = z.output<typeof ZStoreHostsVerifyBody>;
