// The consignment terms API (docs/consignment-terms.md): a consigner type's terms on /fees, and the
// expiring list with its actions. Fees travel in the shop's currency units (major), days as whole days.
import { z } from 'zod';
import { TERM_REQUEST_KINDS } from '../term-requests.ts';
import { END_OF_TERM_ACTIONS, EXPIRING_WINDOW_DAYS, EXTEND_DAYS_MAX, termStateOf, ZConsignmentTerms, type ConsignmentTerms } from '../consignment-terms.ts';
import { toMajor } from '../money.ts';
import { boundedText, nonNegativeMoney, pageNumber } from './common.ts';
import { ZUuid } from './inventory-fields.ts';

// Loose in what it takes (the domain's ZConsignmentTerms words the refusals), bounded in size.
const loose = z.union([z.number(), z.string().max(20)]).nullish();

/** PUT /api/consignerTypes/{id}/terms: left out or null = the "no terms" value of each term. */
export const ZConsignmentTermsBody = z.object({
  periodDays: loose,
  minimumStayDays: loose,
  earlyWithdrawalFee: loose,
  renewalDays: loose,
  renewalFee: loose,
  endAction: z.string().max(20).nullish(),
  graceDays: loose,
  /** one of the store's markdown schedules (docs/consignment-terms.md "Markdowns"); null or absent: none */
  markdownScheduleId: z.string().max(64).nullish(),
});

// A number of days as sent: a number, a numeric text (a form field), or empty/absent for the fallback.
const wholeDays = (fallback: number | null) =>
  z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v));
const fee = (label: string) =>
  nonNegativeMoney(undefined, label)
    .nullish()
    .transform((v) => v ?? 0);

/** The body read into terms (fees into minor units), then checked by the domain's ZConsignmentTerms. */
export const ZConsignmentTermsInput = z
  .object({
    periodDays: wholeDays(null),
    minimumStayDays: wholeDays(0),
    earlyWithdrawalFee: fee('Early withdrawal fee'),
    renewalDays: wholeDays(null),
    renewalFee: fee('Renewal fee'),
    endAction: z
      .string()
      .nullish()
      .transform((v) => v ?? 'return'),
    graceDays: wholeDays(0),
    markdownScheduleId: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  // the days are still as sent here (ZConsignmentTerms checks them): typed as what it takes
  .transform((v) => v as z.input<typeof ZConsignmentTerms>)
  .pipe(ZConsignmentTerms);

/** Terms as the API answers them: fees in major units. */
export const ZConsignmentTermsView = z.object({
  periodDays: z.number().nullable(),
  minimumStayDays: z.number(),
  earlyWithdrawalFee: z.number(),
  renewalDays: z.number().nullable(),
  renewalFee: z.number(),
  endAction: z.enum(END_OF_TERM_ACTIONS),
  graceDays: z.number(),
  markdownScheduleId: z.string().nullable(),
});
export type TConsignmentTermsView = z.infer<typeof ZConsignmentTermsView>;

export function toTermsView(terms: ConsignmentTerms): TConsignmentTermsView {
  return {
    periodDays: terms.periodDays,
    minimumStayDays: terms.minimumStayDays,
    earlyWithdrawalFee: toMajor(terms.earlyWithdrawalFee),
    renewalDays: terms.renewalDays,
    renewalFee: toMajor(terms.renewalFee),
    endAction: terms.endAction,
    graceDays: terms.graceDays,
    markdownScheduleId: terms.markdownScheduleId ?? null,
  };
}

/** Where an item stands on its term, as the item screen shows it (termStateOf's states). */
export const ITEM_TERM_STATES = ['open', 'running', 'ending', 'grace', 'due'] as const;

/** An item's locked terms (GET /api/inventories/{id}): the terms, and its state on `today` with its days (left, or over). */
export const ZItemTerms = ZConsignmentTermsView.extend({ state: z.enum(ITEM_TERM_STATES), days: z.number() });
export type TItemTerms = z.infer<typeof ZItemTerms>;

/** The item's terms and state on `today`; "ending" within the expiring list's default window. */
export function toItemTerms(terms: ConsignmentTerms, endsOn: string | null, today: string): TItemTerms {
  const at = termStateOf(endsOn, today, terms.graceDays, EXPIRING_WINDOW_DAYS.default);
  return { ...toTermsView(terms), state: at.state, days: 'daysLeft' in at ? at.daysLeft : 'daysOver' in at ? at.daysOver : 0 };
}

// ---- GET /api/expiringInventory ---------------------------------------------------------

export const EXPIRING_STATES = ['ending', 'grace', 'due'] as const;
export type ExpiringState = (typeof EXPIRING_STATES)[number];

export const ZExpiringQuery = z.object({
  withinDays: z.coerce
    .number({ error: 'withinDays must be a number of days' })
    .int('withinDays must be a whole number of days')
    .min(0, 'withinDays cannot be negative')
    .max(EXPIRING_WINDOW_DAYS.max, `withinDays can be at most ${EXPIRING_WINDOW_DAYS.max}`)
    .default(EXPIRING_WINDOW_DAYS.default),
  search: boundedText('search', 'Search').optional(),
  /** only items whose consigner asked (any: either request; docs/consignment-terms.md "The consigner's requests") */
  requested: z.enum(['any', ...TERM_REQUEST_KINDS], { error: `requested must be one of any, ${TERM_REQUEST_KINDS.join(', ')}` }).optional(),
  page: pageNumber().default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit starts at 1').max(100, 'limit can be at most 100').default(20),
});
export type TExpiringQuery = z.input<typeof ZExpiringQuery>;

export const ZExpiringItem = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  consignerId: z.string(),
  consignerName: z.string(),
  consignmentEndsAt: z.string(),
  state: z.enum(EXPIRING_STATES),
  /** days left while ending; days over once ended (grace, due) */
  days: z.number(),
  endAction: z.enum(END_OF_TERM_ACTIONS),
  renewable: z.boolean(),
  renewalFee: z.number(),
  /** the consigner's open request on the item, if any */
  request: z.object({ id: z.string(), kind: z.enum(TERM_REQUEST_KINDS), createdAt: z.string() }).nullable(),
});
export type TExpiringItem = z.infer<typeof ZExpiringItem>;

export const ZExpiringPage = z.object({ items: z.array(ZExpiringItem), total: z.number(), page: z.number(), limit: z.number(), today: z.string() });
export type TExpiringPage = z.infer<typeof ZExpiringPage>;

// ---- the actions ------------------------------------------------------------------------

const MAX_TERM_ITEMS = 100;
/** An item and the end date its sender saw: the action applies only while that is still the end. */
const ZSeenItem = z.object({ id: ZUuid('Inventory not found'), endsOn: z.iso.date({ error: 'endsOn must be a date (YYYY-MM-DD)' }) });
const ZSeenItems = z.array(ZSeenItem).min(1, { error: 'Please select at least 1 item' }).max(MAX_TERM_ITEMS, `At most ${MAX_TERM_ITEMS} items at once`);

export const ZTermExtendBody = z.object({
  items: ZSeenItems,
  days: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Extend by at least 1 day')
    .max(EXTEND_DAYS_MAX, `Extend by at most ${EXTEND_DAYS_MAX} days`),
});
export const ZTermRenewBody = z.object({ items: ZSeenItems });
/** Return, donate and convert to store stock: the items' ids (an item already ended is skipped). */
export const ZTermEndBody = z.object({
  ids: z.array(ZUuid('Inventory not found')).min(1, { error: 'Please select at least 1 item' }).max(MAX_TERM_ITEMS, `At most ${MAX_TERM_ITEMS} items at once`),
});
export const ZTermReturnBody = ZTermEndBody;
export const ZTermDonateBody = ZTermEndBody;
export const ZTermConvertBody = ZTermEndBody;
export type TTermExtendBody = z.input<typeof ZTermExtendBody>;
export type TTermRenewBody = z.input<typeof ZTermRenewBody>;
export type TTermReturnBody = z.input<typeof ZTermReturnBody>;
export type TTermEndBody = z.input<typeof ZTermEndBody>;

/** What an action did: the items it changed, and the ones it left with the reason. */
export const ZTermActionResult = z.object({
  message: z.string(),
  changed: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type TTermActionResult = z.infer<typeof ZTermActionResult>;
