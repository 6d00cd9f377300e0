import { z } from 'zod';
import { isStoreCreditPayout, ROUTING_TYPES, type BankFieldMode } from '../constants.ts';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../format.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import { boundedText, optionalText, optionalTextOf, pageNumber, requiredString, safeString } from './common.ts';

export const PHONE_MESSAGE = 'Please enter a phone number including the area code';

// Area codes cannot be checked across countries; 7 digits rules out a bare local number or a typo.
const phone = requiredString(PHONE_MESSAGE, 'phone', 'Phone').refine(
  (v) => /^[0-9+().\s-]+$/.test(v) && v.replace(/\D/g, '').length >= 7,
  { error: PHONE_MESSAGE },
);

export const ZBankData = z.object({
  routingType: z.enum(ROUTING_TYPES).nullish().transform((v) => v ?? null),
  accountName: optionalText,
  accountNumber: optionalText,
  routingNumber: optionalText,
  swiftCode: optionalText,
  ibanNumber: optionalText,
  bank: optionalText,
  bankType: optionalText,
  /** a local bank's branch code (stores with bankFields 'local') */
  branchCode: optionalText,
  /** payout account e-mail for PayPal, Zelle and other non-bank payouts */
  email: optionalTextOf('email', 'Email'),
});
export type TBankData = z.output<typeof ZBankData>;

/** Fields a store with bankFields 'local' does not collect: they are dropped from its forms' input. */
export const ROUTING_ONLY_BANK_FIELDS = ['routingType', 'bankType', 'swiftCode', 'ibanNumber', 'routingNumber'] as const satisfies readonly (keyof TBankData)[];

/** The bank data a store keeps: with bankFields 'local' the routing fields are cleared. */
export function bankDataForMode(bankData: TBankData, mode: BankFieldMode): TBankData {
  if (mode === 'routing') return bankData;
  return { ...bankData, routingType: null, bankType: null, swiftCode: null, ibanNumber: null, routingNumber: null };
}

export type BankIssue = { path: ['bankData', keyof TBankData]; message: string };

export const BANK_MESSAGES = {
  payoutEmail: 'Payout account email is required',
  accountName: 'Account name is required',
  accountNumber: 'Account number is required',
  routingNumber: 'Routing number is required',
  swiftCode: 'Swift code is required',
  accountNumberOrIban: 'Account number or IBAN is required',
  ibanNumber: 'IBAN number is required',
  bank: 'Bank is required',
} as const;

/**
 * Bank fields by routing type (people doc section 5 "Add consigner"): abaNumber needs account name,
 * account number and routing number; swiftCode needs account name, swift code and an account number
 * or IBAN; ibanNumber needs account name and IBAN. A bank payout without a routing type is a local
 * transfer: account name, number and bank. Other payout types need the payout account e-mail.
 * A store with bankFields 'local' collects no routing fields: account name and number only.
 */
export function bankDataIssues(payoutType: string, bankData: TBankData, mode: BankFieldMode = 'routing'): BankIssue[] {
  const issues: BankIssue[] = [];
  const b = bankDataForMode(bankData, mode);
  const need = (field: keyof TBankData, message: string) => {
    if (!b[field]) issues.push({ path: ['bankData', field], message });
  };
  // store credit is paid into the consigner's credit at the store: no account to send to
  if (isStoreCreditPayout(payoutType)) return issues;
  if (payoutType.trim().toLowerCase() !== 'bank') {
    const ok = !!b.email && z.email().safeParse(b.email).success;
    if (!ok) issues.push({ path: ['bankData', 'email'], message: BANK_MESSAGES.payoutEmail });
    return issues;
  }
  need('accountName', BANK_MESSAGES.accountName);
  if (mode === 'local') {
    need('accountNumber', BANK_MESSAGES.accountNumber);
    return issues;
  }
  switch (b.routingType) {
    case 'abaNumber':
      need('accountNumber', BANK_MESSAGES.accountNumber);
      need('routingNumber', BANK_MESSAGES.routingNumber);
      break;
    case 'swiftCode':
      need('swiftCode', BANK_MESSAGES.swiftCode);
      if (!b.accountNumber && !b.ibanNumber) issues.push({ path: ['bankData', 'accountNumber'], message: BANK_MESSAGES.accountNumberOrIban });
      break;
    case 'ibanNumber':
      need('ibanNumber', BANK_MESSAGES.ibanNumber);
      break;
    case null:
      need('accountNumber', BANK_MESSAGES.accountNumber);
      need('bank', BANK_MESSAGES.bank);
      break;
  }
  return issues;
}

const profileShape = {
  firstName: requiredString('First name is required'),
  lastName: requiredString('Last name is required'),
  phone,
  address: requiredString('Address is required', 'note', 'Address'),
  idNumber: optionalText,
  payoutType: requiredString('Payout type is required'),
  bankData: ZBankData,
};

const email = safeString('email', 'Email', { error: 'Email is required' }).trim().pipe(z.email({ error: 'Please enter a valid email' }));

const checkBankData =
  (mode: BankFieldMode) =>
  (value: { payoutType: string; bankData: TBankData }, ctx: z.RefinementCtx): void => {
    for (const issue of bankDataIssues(value.payoutType, value.bankData, mode)) ctx.addIssue({ code: 'custom', ...issue });
  };

/** Consigner signup of a store (its bankFields setting decides which bank fields are required). */
export function consignerSignupSchema(mode: BankFieldMode) {
  return z.object({ ...profileShape, email: email.optional() }).superRefine(checkBankData(mode));
}

/**
 * Consigner signup. The e-mail is optional because the signed-up identity already carries it
 * (the stored signup record omits it); when given it must be valid.
 */
export const ZConsignerSignup = consignerSignupSchema('routing');
export type TConsignerSignup = z.output<typeof ZConsignerSignup>;

/**
 * The fields of Add consigner (POST /api/consigners/createFromAdmin) before the bank rules, which
 * depend on the store (addConsignerSchema). `storeId`, sent by the spec's client, is ignored: the
 * store is the one of the request. The fee schedule and flags may be set at once.
 */
export const ZAddConsignerFields = z.object({
  ...profileShape,
  email,
  accountType: optionalText,
  consignerTypeId: z.uuid({ error: 'Invalid consigner type id' }).nullish().transform((v) => v ?? null),
  chargeTax: z.boolean().optional(),
  marketplaceLocation: z.boolean().optional(),
});

/** Add consigner with the bank rules of a store's bankFields setting. */
export function addConsignerSchema(mode: BankFieldMode) {
  return ZAddConsignerFields.superRefine(checkBankData(mode));
}

/** Add consigner (staff, createFromAdmin) for a store collecting routing fields (the default). */
export const ZAddConsigner = addConsignerSchema('routing');
export type TAddConsigner = z.output<typeof ZAddConsigner>;

// ---------------------------------------------------------------------------------------------
// Consigners API (docs/people.md): GET/PUT /api/consigners..., people doc sections 2, 3 and 7.

export const ZNotificationSettings = z.object({
  onInventoryAccept: z.boolean(),
  onPayout: z.boolean(),
  onProductSold: z.boolean(),
  onPriceAcceptOrDecline: z.boolean(),
  onWithdrawAcceptOrDecline: z.boolean(),
  /** a reminder before an item's consignment ends (docs/consignment-terms.md "Reminders") */
  onConsignmentEnding: z.boolean(),
});
export type TNotificationSettings = z.output<typeof ZNotificationSettings>;
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  onInventoryAccept: true,
  onPayout: true,
  onProductSold: true,
  onPriceAcceptOrDecline: true,
  onWithdrawAcceptOrDecline: true,
  onConsignmentEnding: true,
};

export const CONSIGNER_SORTS = ['name', 'nameDesc', 'email', 'newest', 'oldest'] as const;
export type ConsignerSort = (typeof CONSIGNER_SORTS)[number];

/** GET /api/consigners and GET /api/consigners/export (export ignores page and pageSize). */
export const ZConsignersQuery = z.object({
  /** words matched in first name, last name, e-mail and phone (each word somewhere) */
  search: boundedText('search', 'Search').optional(),
  page: pageNumber('page').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: `pageSize must be one of ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(CONSIGNER_SORTS, { error: `sort must be one of ${CONSIGNER_SORTS.join(', ')}` }).default('name'),
});
export type TConsignersQuery = z.output<typeof ZConsignersQuery>;

/** A row of the consigners list. No bank details in lists. */
export const ZConsignerRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  accountType: z.string().nullable(),
  consignerTypeId: z.string().nullable(),
  isActive: z.boolean(),
  isStoreAccount: z.boolean(),
  marketplaceLocation: z.boolean(),
  acceptedTOS: z.boolean(),
  chargeTax: z.boolean(),
  /** a sign-in account is linked (they can use the consigner portal) */
  hasAccount: z.boolean(),
  /** an invitation to join was sent and not yet accepted (the address has a sign-in of its own) */
  invited: z.boolean(),
  createdAt: z.string(),
});
export type TConsignerRow = z.output<typeof ZConsignerRow>;

/** GET /api/consigners: one page and the number of all matches. */
export const ZConsignerList = z.object({ rows: z.array(ZConsignerRow), total: z.number() });
export type TConsignerList = z.output<typeof ZConsignerList>;

/** Bank details as answered (only to Admins with Consigners access and to the consigner themself). */
export const ZBankDataView = z.object({
  routingType: z.enum(ROUTING_TYPES).nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  swiftCode: z.string().nullable(),
  ibanNumber: z.string().nullable(),
  bank: z.string().nullable(),
  bankType: z.string().nullable(),
  branchCode: z.string().nullable(),
  email: z.string().nullable(),
});
export type TBankDataView = z.output<typeof ZBankDataView>;

/**
 * GET /api/consigners/{id}: the consigner entity (people doc section 3). `bankData` is present only
 * for an Admin with Consigners access and for the consigner themself; for everyone else the key is
 * absent (not null). Money in major units.
 */
export const ZConsigner = ZConsignerRow.extend({
  storeId: z.string(),
  address: z.string().nullable(),
  idNumber: z.string().nullable(),
  emailNotifications: z.boolean(),
  notificationSettings: ZNotificationSettings,
  payoutType: z.string().nullable(),
  bankData: ZBankDataView.optional(),
  /** bank details are on file (a consigner can no longer change them) */
  bankDataSubmitted: z.boolean(),
  /** the viewer may change the bank details: staff allowed to see them, or the consigner before submitting */
  canEditBankData: z.boolean(),
  /** the linked sign-in account's e-mail is verified (false without an account) */
  emailVerified: z.boolean(),
  negativeBalance: z.number(),
  outstandingWithdrawalFees: z.number(),
  updatedAt: z.string(),
});
export type TConsigner = z.output<typeof ZConsigner>;

/**
 * PUT /api/consigners/{id}. Every field optional; only those given change. A consigner editing
 * themself may change profile, notifications and (until submitted) bank details; isActive,
 * accountType, consignerTypeId, chargeTax and marketplaceLocation are staff-only.
 * `emailNotifications` takes the flag or the spec's detailed form (then read as notificationSettings).
 * A change of accountType, consignerTypeId or chargeTax never re-prices existing items unless
 * isRecalculateInventoryPayout is true (see GET /api/consigners/{id}/payoutRecalculation).
 */
export const ZConsignerUpdate = z.object({
  firstName: requiredString('First name is required').optional(),
  lastName: requiredString('Last name is required').optional(),
  email: email.optional(),
  phone: phone.optional(),
  address: requiredString('Address is required', 'note', 'Address').optional(),
  /** '' or null clears it; absent leaves it */
  idNumber: optionalText.optional(),
  payoutType: requiredString('Payout type is required').optional(),
  bankData: ZBankData.optional(),
  acceptedTOS: z.boolean().optional(),
  isActive: z.boolean().optional(),
  emailNotifications: z.union([z.boolean(), ZNotificationSettings.partial()]).optional(),
  notificationSettings: ZNotificationSettings.partial().optional(),
  chargeTax: z.boolean().optional(),
  marketplaceLocation: z.boolean().optional(),
  /** the fee schedule by name; null clears it (the store's default type applies) */
  accountType: boundedText('name', 'Account type').nullish(),
  /** pins one consigner type (its accountType is taken with it); null unpins */
  consignerTypeId: z.uuid({ error: 'Invalid consigner type id' }).nullish(),
  isRecalculateInventoryPayout: z.boolean().default(false),
});
export type TConsignerUpdate = z.output<typeof ZConsignerUpdate>;

/** GET /api/consigners/{id}/payoutRecalculation: the settings to preview (omitted = the consigner's current one). */
export const ZPayoutRecalculationQuery = z.object({
  accountType: boundedText('name', 'Account type').optional(),
  consignerTypeId: z.uuid({ error: 'Invalid consigner type id' }).optional(),
  chargeTax: z
    .enum(['true', 'false'], { error: 'chargeTax must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type TPayoutRecalculationQuery = z.output<typeof ZPayoutRecalculationQuery>;

/** One unsold item whose payout a recalculation changes. Money in major units (per unit and total). */
export const ZPayoutRecalculationItem = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  status: z.enum(INVENTORY_STATUSES),
  price: z.number(),
  quantity: z.number(),
  payoutBefore: z.number(),
  payoutAfter: z.number(),
  totalBefore: z.number(),
  totalAfter: z.number(),
});

/**
 * What re-pricing a consigner's unsold items with other fee settings does (the preview), or did
 * (the answer of a PUT with isRecalculateInventoryPayout). Totals are payout x quantity summed over
 * the unsold items, in major units; `items` lists the changed ones (at most 100, `itemsTruncated`).
 */
export const ZPayoutRecalculation = z.object({
  accountType: z.string().nullable(),
  consignerTypeId: z.string().nullable(),
  chargeTax: z.boolean(),
  /** unsold items re-priced (RECALCULABLE_STATUSES, not bought by the store, in no payout) */
  itemCount: z.number(),
  /** of which the payout changes */
  changedCount: z.number(),
  payoutBefore: z.number(),
  payoutAfter: z.number(),
  difference: z.number(),
  items: z.array(ZPayoutRecalculationItem),
  itemsTruncated: z.boolean(),
});
export type TPayoutRecalculation = z.output<typeof ZPayoutRecalculation>;

/** PUT /api/consigners/{id}: the consigner after the change, and the re-pricing when it was asked. */
export const ZConsignerUpdateResult = z.object({ consigner: ZConsigner, recalculation: ZPayoutRecalculation.nullable() });
export type TConsignerUpdateResult = z.output<typeof ZConsignerUpdateResult>;

/** Payout details in a bank-change log entry: account number and IBAN masked (maskAccountNumber). */
export const ZMaskedBankData = ZBankDataView.extend({ payoutType: z.string().nullable() });
export type TMaskedBankData = z.output<typeof ZMaskedBankData>;

/** GET /api/consigners/{id}/bankLog: every change of payout details, newest first. */
export const ZConsignerBankChange = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedById: z.string(),
  changedByName: z.string(),
  changedByKind: z.enum(['employee', 'consigner']),
  before: ZMaskedBankData.nullable(),
  after: ZMaskedBankData.nullable(),
});
export type TConsignerBankChange = z.output<typeof ZConsignerBankChange>;
export const ZConsignerBankLog = z.array(ZConsignerBankChange);

/** POST /api/consigners/deleteConsigner/{id}: removed outright, or archived when it has history. */
export const ZConsignerDeleted = z.object({ id: z.string(), archived: z.boolean(), message: z.string() });
export type TConsignerDeleted = z.output<typeof ZConsignerDeleted>;

const REPORT_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A report date: a calendar date (YYYY-MM-DD, a whole UTC day) or a full ISO timestamp. */
export const ZReportDate = safeString('code', 'Date')
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Invalid date' })
  .refine((v) => Math.abs(new Date(Date.parse(v)).getUTCFullYear() - 5000) <= 4999, { error: 'Dates must be between the years 1 and 9999' })
  .transform((v) => ({ at: new Date(REPORT_DATE.test(v) ? `${v}T00:00:00.000Z` : v), dateOnly: REPORT_DATE.test(v) }));
export type TReportDate = z.output<typeof ZReportDate>;

const MAX_REPORT_FILTER_VALUES = 100;
/** One value, a repeated key or a comma list; '' and 'all' mean no filter. */
const reportFilter = z
  .union([safeString('name', 'A filter value'), z.array(safeString('name', 'A filter value')).max(MAX_REPORT_FILTER_VALUES, `At most ${MAX_REPORT_FILTER_VALUES} values per filter`)])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .map((s) => s.trim())
      .filter((s) => s !== '' && s.toLowerCase() !== 'all'),
  );

/**
 * GET /api/consigners/consignerReport (people doc section 7). `consigner` is forced to the caller
 * for a consigner. Dates bound the sale date (soldOn); see reportRange for the end date rule.
 */
export const ZConsignerReportQuery = z.object({
  consigner: z
    .union([z.uuid({ error: 'Invalid consigner id' }), z.literal(''), z.literal('all')])
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
  status: reportFilter.pipe(z.array(z.enum(INVENTORY_STATUSES, { error: (issue) => `Unknown status ${String(issue.input)}` }))),
  category: reportFilter,
  location: reportFilter,
  dateRangeStart: ZReportDate.optional(),
  dateRangeEnd: ZReportDate.optional(),
});
export type TConsignerReportQuery = z.output<typeof ZConsignerReportQuery>;

/**
 * Consigner analytics (people doc section 3), major units: totalSold = sales before fees (price x
 * quantity of Sold and Paid items), totalPaid = payouts of Paid items, totalPending = payouts of Sold
 * items not yet paid (after fees). The effective date bounds are echoed (end exclusive).
 */
export const ZConsignerReport = z.object({
  totalSold: z.number(),
  totalPaid: z.number(),
  totalPending: z.number(),
  dateRangeStart: z.string().nullable(),
  dateRangeEnd: z.string().nullable(),
});
export type TConsignerReport = z.output<typeof ZConsignerReport>;

/** POST /api/consigners/verify */
export const ZConsignerVerifyBody = z.object({ email });
/** PUT /api/consigners/updatePassword. A consigner changing their own password gives the current one. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const ZConsignerPasswordBody = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }).optional(),
});
export type TConsignerPasswordBody = z.output<typeof ZConsignerPasswordBody>;

/** verify, updatePassword, sendPasswordReset: a message the screen shows. */
export const ZConsignerMessage = z.object({ message: z.string() });

/** GET /open/consigners/invite/{id}: what the invitation page shows (only with the invitation's token). */
export const ZConsignerInvite = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  storeId: z.string(),
  storeName: z.string(),
});
export type TConsignerInvite = z.output<typeof ZConsignerInvite>;

/** PUT /open/consigners/accept/{id}: the invitation's token (the caller's sign-in comes from its session). */
export const ZConsignerInviteAccept = z.object({ token: z.string().max(200, 'token is too long').refine((v) => !v.includes('\0'), 'token must not contain NUL') });
/** The record the caller joined. */
export const ZConsignerInviteAccepted = z.object({ id: z.string(), storeId: z.string() });
