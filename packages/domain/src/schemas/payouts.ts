import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../format.ts';
import { CHEQUE_STATUSES, PAYOUT_PROVIDER_SUMMARIES, PAYOUT_PROVIDERS, PAYOUT_STATUSES } from '../payouts.ts';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import { boundedText, pageNumber } from './common.ts';
import { ZBankDataView, ZReportDate } from './consigner.ts';

// The payouts API (people doc sections 2 Payouts, 3 Payout and Cheque, 4, 5, 7; docs/payouts.md).
// Money in the shop's currency units (major units, 120.5 = 120.50), as everywhere in the API.

/** At most this many items in one payout request or export (a bench payout is 2,000). */
export const MAX_PAYOUT_ITEMS = 5000;
export const PAYOUT_MESSAGES = {
  selectAtLeastOneItem: PEOPLE_MESSAGES.selectAtLeastOneItem,
  tooManyItems: `At most ${MAX_PAYOUT_ITEMS.toLocaleString('en-US')} items in one payout`,
} as const;

const isoDate = z.string().describe('ISO 8601 date and time');
const ZId = z.uuid({ error: 'Invalid id' });

/** An item given by id, or as the item object the old client sent (only its id is read). */
const ZItemRef = z.union([ZId, z.object({ id: ZId }).loose().transform((o) => o.id)], { error: 'Invalid item id' });
/** A consigner given by id, or as an object naming it (consignerId, consigner or id). */
const ZConsignerRef = z.union(
  [
    z.uuid({ error: 'Invalid consigner id' }),
    z
      .object({ consignerId: ZId.optional(), consigner: ZId.optional(), id: ZId.optional() })
      .loose()
      .transform((o, ctx) => {
        const id = o.consignerId ?? o.consigner ?? o.id;
        if (!id) {
          ctx.addIssue({ code: 'custom', message: 'Invalid consigner id' });
          return z.NEVER;
        }
        return id;
      }),
  ],
  { error: 'Invalid consigner id' },
);

const itemIds = (max = MAX_PAYOUT_ITEMS) =>
  z
    .array(ZItemRef, { error: PAYOUT_MESSAGES.selectAtLeastOneItem })
    .max(max, { error: PAYOUT_MESSAGES.tooManyItems })
    .transform((ids) => [...new Set(ids)]);

// ---- requests ------------------------------------------------------------------------------------

/**
 * POST /api/payouts/pay. `inventoriesToPay`: the chosen ready items (ids, or item objects).
 * `consignersAndInventories` is the client's grouping for the confirmation: accepted and ignored, the
 * server groups the items itself (a client's figures never decide money).
 */
export const ZPayoutPayBody = z.object({
  inventoriesToPay: itemIds().refine((ids) => ids.length > 0, { error: PAYOUT_MESSAGES.selectAtLeastOneItem }),
  consignersAndInventories: z.unknown().optional(),
});
export type TPayoutPayBody = z.output<typeof ZPayoutPayBody>;

/**
 * POST /api/payouts/paid/{id}. The consigners whose share is marked paid: a list (ids, or objects
 * naming them) or an object keyed by consigner id; absent or empty: every share still to pay by hand.
 * A share is paid whole (all its items): items named inside are not read.
 */
export const ZPayoutPaidBody = z
  .object({
    consignersInventoryToBeMarkedAsPaid: z
      .union([
        z.array(ZConsignerRef).max(MAX_PAYOUT_ITEMS, { error: 'Too many consigners' }),
        // or keyed by consigner id: { [consignerId]: items }
        z
          .record(z.uuid({ error: 'Invalid consigner id' }), z.unknown())
          .refine((r) => Object.keys(r).length <= MAX_PAYOUT_ITEMS, { error: 'Too many consigners' })
          .transform((r) => Object.keys(r)),
      ])
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
  })
  // a POST with no body at all: every share
  .nullish()
  .transform((b) => b ?? { consignersInventoryToBeMarkedAsPaid: [] as string[] });
export type TPayoutPaidBody = z.output<typeof ZPayoutPaidBody>;

/** POST /api/payouts/export: the payout items to write (ids or item objects); or every item of `payoutId`. */
export const ZPayoutExportBody = z
  .object({
    inventoriesToExport: itemIds().default([]),
    payoutId: ZId.optional(),
  })
  .refine((b) => b.inventoriesToExport.length > 0 || b.payoutId, { error: PAYOUT_MESSAGES.selectAtLeastOneItem });
export type TPayoutExportBody = z.output<typeof ZPayoutExportBody>;

const ZStatusFilter = z
  .union([z.enum(PAYOUT_STATUSES), z.literal(''), z.literal('all'), z.literal('All')], { error: `status must be one of ${PAYOUT_STATUSES.join(', ')} or all` })
  .optional()
  .transform((v) => (v && v !== 'all' && v !== 'All' ? v : undefined));

const ZPageSize = z.coerce
  .number({ error: 'pageSize must be a number' })
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: `pageSize must be one of ${PAGE_SIZES.join(', ')}` })
  .default(DEFAULT_PAGE_SIZE);

/**
 * GET /api/payouts: newest first. `search` matches the payout name and its consigners' names and
 * e-mails (every word somewhere); `consigner` keeps payouts with a share of that consigner.
 */
export const ZPayoutsQuery = z.object({
  search: boundedText('search', 'Search').optional(),
  consigner: z
    .union([z.uuid({ error: 'Invalid consigner id' }), z.literal(''), z.literal('all')])
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
  status: ZStatusFilter,
  page: pageNumber('page').default(1),
  pageSize: ZPageSize,
});
export type TPayoutsQuery = z.output<typeof ZPayoutsQuery>;

/** A consigner's share of a payout: Paid when every cheque is and no item is still Sold (shareStatusOf). */
export const SHARE_STATUSES = ['Pending', 'Failed', 'Paid'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];
export const CONSIGNER_PAYOUT_MESSAGES = {
  rangeOrder: 'The start date must be on or before the end date',
} as const;

/** dateRangeStart and dateRangeEnd of the consigner payout page (report dates: YYYY-MM-DD is a whole day). */
const dateRangeShape = { dateRangeStart: ZReportDate.optional(), dateRangeEnd: ZReportDate.optional() };
// zod runs an object's refinement after a field failed too (the field then holds its raw input): only
// two parsed dates are compared; a bad one is already an issue of its own.
const rangeInOrder = (q: { dateRangeStart?: unknown; dateRangeEnd?: unknown }) => {
  const at = (v: unknown) => (v && typeof v === 'object' && 'at' in v && v.at instanceof Date ? v.at.getTime() : null);
  const start = at(q.dateRangeStart);
  const end = at(q.dateRangeEnd);
  return start === null || end === null || start <= end;
};

/**
 * GET /api/payouts/consigner/{id}: one consigner's payouts (search on the payout name and their items).
 * `status` is the payout's status, `shareStatus` the consigner's share's (the portal's Paid tab: their
 * share is paid even when another consigner's share of the same payout is not yet). The date range
 * bounds the payout's date (createdAt), [start, end] with the consigner report's end rule (reportRange).
 */
export const ZConsignerPayoutsQuery = ZPayoutsQuery.omit({ consigner: true })
  .extend({
    shareStatus: z
      .union([z.enum(SHARE_STATUSES), z.literal(''), z.literal('all')], { error: `shareStatus must be one of ${SHARE_STATUSES.join(', ')} or all` })
      .optional()
      .transform((v) => (v && v !== 'all' ? v : undefined)),
    ...dateRangeShape,
  })
  .refine(rangeInOrder, { error: CONSIGNER_PAYOUT_MESSAGES.rangeOrder, path: ['dateRangeEnd'] });
export type TConsignerPayoutsQuery = z.output<typeof ZConsignerPayoutsQuery>;

/**
 * GET /api/payouts/consigner/{id}/buying (the portal's Ready to Pay tab): the items the store bought
 * from the consigner and accepted, not yet paid for. The date range bounds the acceptance date.
 */
export const ZConsignerBuyingQuery = z
  .object({
    search: boundedText('search', 'Search').optional(),
    page: pageNumber('page').default(1),
    pageSize: ZPageSize,
    ...dateRangeShape,
  })
  .refine(rangeInOrder, { error: CONSIGNER_PAYOUT_MESSAGES.rangeOrder, path: ['dateRangeEnd'] });
export type TConsignerBuyingQuery = z.output<typeof ZConsignerBuyingQuery>;

/** GET /api/cheques */
export const ZChequesQuery = z.object({ payoutId: z.uuid({ error: 'Invalid payout id' }) });

// ---- answers -------------------------------------------------------------------------------------

/** A cheque (people doc section 3): one per 2,000 of a consigner's share, rounded up. */
export const ZCheque = z.object({
  id: z.string(),
  consignerId: z.string(),
  payoutId: z.string(),
  amount: z.number(),
  status: z.enum(CHEQUE_STATUSES),
  /** 1, 2, ... within the consigner's share */
  sequence: z.number(),
  provider: z.enum(PAYOUT_PROVIDERS),
  /** the provider's id of the sent cheque or payout item */
  externalId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: isoDate,
});
export type TCheque = z.output<typeof ZCheque>;

/**
 * How to pay a consigner: their payout type (Bank, PayPal, ...) and bank or payout-account details.
 * Full details only for those who may see bank details (Admins with Consigners access,
 * canSeeBankData); for other staff the account number and IBAN are masked (`masked: true`).
 */
export const ZPayoutBankDetails = ZBankDataView.extend({
  payoutType: z.string().nullable(),
  masked: z.boolean(),
});
export type TPayoutBankDetails = z.output<typeof ZPayoutBankDetails>;

/** One consigner's share of a payout: the sub-row of the payouts list and the card of the detail. */
export const ZPayoutShare = z.object({
  consignerId: z.string(),
  name: z.string(),
  email: z.string(),
  payoutType: z.string().nullable(),
  bankDetails: ZPayoutBankDetails,
  /** how this share is paid: 'manual' = staff mark it paid */
  provider: z.enum(PAYOUT_PROVIDERS),
  automated: z.boolean(),
  /** Paid when every cheque is; Failed when one failed; else Pending */
  status: z.enum(['Pending', 'Failed', 'Paid']),
  /**
   * what the share sends = the sum of their cheques = gross + carried (docs/payouts.md "Net payable")
   */
  total: z.number(),
  /** the sum of their items' payouts in this payout */
  gross: z.number(),
  /** taken from the items for fees the consigner owed (negative), or a balance in their favour added (positive) */
  carried: z.number(),
  itemCount: z.number(),
  cheques: z.array(ZCheque),
});
export type TPayoutShare = z.output<typeof ZPayoutShare>;

/**
 * A payout (people doc section 3): total = the sum of its items' payouts = the sum of its cheques.
 * `provider` is its shares' provider ('mixed' when two); `automated` when any share is sent by a
 * provider; `action` is the primary action of /payouts/{id} (payoutActionOf).
 */
export const ZPayout = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  total: z.number(),
  itemCount: z.number(),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
  provider: z.enum(PAYOUT_PROVIDER_SUMMARIES),
  automated: z.boolean(),
  action: z.enum(['retryAutoPayout', 'pay', 'markPaid', 'autoInProgress', 'none']),
  failureReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  consignerCount: z.number(),
  /** per consigner, by name (the expandable rows of the list, the cards of the detail) */
  consigners: z.array(ZPayoutShare),
});
export type TPayout = z.output<typeof ZPayout>;

/** GET /api/payouts: one page, newest first, and the number of all matches. */
export const ZPayoutList = z.object({ rows: z.array(ZPayout), total: z.number() });
export type TPayoutList = z.output<typeof ZPayoutList>;

/** An item of a payout: what the consigner is owed for it (`total`, fixed when the payout was made). */
export const ZPayoutItem = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
  option1Value: z.string().nullable(),
  option2Value: z.string().nullable(),
  option3Value: z.string().nullable(),
  image: z.string().nullable(),
  status: z.enum(INVENTORY_STATUSES),
  price: z.number(),
  quantity: z.number(),
  /** per unit, as on the item */
  payout: z.number(),
  /** owed for the item in this payout (payout x quantity at payout time) */
  total: z.number(),
  consignerId: z.string(),
  consignerName: z.string(),
  soldOn: isoDate.nullable(),
  orderId: z.string().nullable(),
  orderName: z.string().nullable(),
  /** bought by the store from the consigner (not a consignment sale) */
  bought: z.boolean(),
  paymentType: z.enum(['cash', 'auto']).nullable(),
});
export type TPayoutItem = z.output<typeof ZPayoutItem>;

/** A share of the detail, with its items. */
export const ZPayoutShareDetail = ZPayoutShare.extend({ inventories: z.array(ZPayoutItem) });
export type TPayoutShareDetail = z.output<typeof ZPayoutShareDetail>;

/**
 * GET /api/payouts/{id} (people doc section 7: "payout, inventories"): the payout with its items
 * grouped per consigner (payout.consigners[].inventories) and every item in one list (inventories).
 */
export const ZPayoutDetail = z.object({
  payout: ZPayout.extend({ consigners: z.array(ZPayoutShareDetail) }),
  inventories: z.array(ZPayoutItem),
});
export type TPayoutDetail = z.output<typeof ZPayoutDetail>;

/** POST /api/payouts/pay (201): the new payout's id and its items' ids; then the screen opens /payouts/{id}. */
export const ZPayoutCreated = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  total: z.number(),
  inventories: z.array(z.string()),
});
export type TPayoutCreated = z.output<typeof ZPayoutCreated>;

/**
 * POST /api/payouts/preview (the Ready to Pay confirmation): what a payout of these items would send
 * to each consigner, fees owed taken (docs/payouts.md "Net payable"). Nothing is written.
 */
export const ZPayoutPreviewShare = z.object({
  consignerId: z.string(),
  name: z.string(),
  itemCount: z.number(),
  gross: z.number(),
  carried: z.number(),
  total: z.number(),
  chequeCount: z.number(),
  /** taken as store credit (the consigner's payout option): settled into their credit at once, with the bonus */
  storeCredit: z.boolean().optional(),
  /** the store's bonus on it (major units), when taken as store credit */
  creditBonus: z.number().optional(),
});
export const ZPayoutPreview = z.object({ consigners: z.array(ZPayoutPreviewShare), gross: z.number(), carried: z.number(), total: z.number() });
export type TPayoutPreview = z.output<typeof ZPayoutPreview>;

/** POST /api/payouts/paid/{id}: the payout after the change, and what this call marked. */
export const ZPayoutPaidResult = z.object({
  payout: ZPayout,
  /** consigners whose share this call marked paid (none when they already were) */
  markedConsignerIds: z.array(z.string()),
  markedItemCount: z.number(),
  /** consigners whose share was handed to their provider by this call (a Buying payout's Pay) */
  sentConsignerIds: z.array(z.string()),
});
export type TPayoutPaidResult = z.output<typeof ZPayoutPaidResult>;

/** A value and its label (filter options). */
export const ZPayoutOption = z.object({ value: z.string(), label: z.string() });

/** GET /api/payouts/filterOptions: statuses (value and label) and the consigners with a payout. */
export const ZPayoutFilterOptions = z.object({
  statuses: z.array(ZPayoutOption),
  consigners: z.array(ZPayoutOption),
});
export type TPayoutFilterOptions = z.output<typeof ZPayoutFilterOptions>;

/**
 * A row of GET /api/payouts/consigner/{id}: a payout seen by one consigner - their share only (total,
 * items, cheques), the payout's status labelled for the portal (Buying: Ready to Pay).
 */
export const ZConsignerPayout = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  statusLabel: z.string(),
  shareStatus: z.enum(['Pending', 'Failed', 'Paid']),
  /** what their share sends: gross + carried (fees owed taken, negative) */
  total: z.number(),
  gross: z.number(),
  carried: z.number(),
  itemCount: z.number(),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
  cheques: z.array(ZCheque),
  inventories: z.array(ZPayoutItem),
});
export type TConsignerPayout = z.output<typeof ZConsignerPayout>;
export const ZConsignerPayoutList = z.object({ rows: z.array(ZConsignerPayout), total: z.number() });
export type TConsignerPayoutList = z.output<typeof ZConsignerPayoutList>;

/** An item the store bought from the consigner, owed and not yet paid (in no payout yet, or in one not yet paid). */
export const ZConsignerBuyingItem = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  sku: z.string(),
  option1Value: z.string().nullable(),
  option2Value: z.string().nullable(),
  option3Value: z.string().nullable(),
  image: z.string().nullable(),
  status: z.enum(INVENTORY_STATUSES),
  quantity: z.number(),
  /** what the store owes for it: the agreed price x quantity (the payout's amount once in a payout) */
  total: z.number(),
  paymentType: z.enum(['cash', 'auto']).nullable(),
  /** when the store took the item in (the date range bounds it) */
  acceptedOn: isoDate.nullable(),
  /** the payout it is in, when one was made (not yet paid) */
  payoutId: z.string().nullable(),
  payoutName: z.string().nullable(),
});
export type TConsignerBuyingItem = z.output<typeof ZConsignerBuyingItem>;
/** A page of them, the number of all matches and what all of them are owed. */
export const ZConsignerBuyingList = z.object({ rows: z.array(ZConsignerBuyingItem), total: z.number(), amount: z.number() });
export type TConsignerBuyingList = z.output<typeof ZConsignerBuyingList>;

/** GET /api/cheques: a payout's cheques, by consigner and sequence. */
export const ZChequeList = z.array(ZCheque);
