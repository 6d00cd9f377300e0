import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../format.ts';
import { SALE_SOURCES } from '../sales.ts';
import { LINE_FLAGS } from '../orders.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import { boundedText, pageNumber, safeString } from './common.ts';

// The orders API (people doc sections 2 "Orders", 3 "Order", 7; docs/orders.md). Money in major
// units, dates as ISO strings.

/** Where a sale came from (every source goes through recordSale; db/schema/money.ts). */
export const ORDER_SOURCES = SALE_SOURCES;
export type OrderSource = (typeof ORDER_SOURCES)[number];
/** 'open' while the sale stands, 'undone' once staff undo it (its items are back on sale). */
export const ORDER_STATUSES = ['open', 'undone'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_SOURCE_LABELS = { counter: 'Counter sale', shopify: 'Shopify', linnworks: 'Linnworks' } as const satisfies Record<OrderSource, string>;

/** The order sources that can be imported again from outside ("Resync"): a counter sale has none. */
export const RESYNCABLE_SOURCES = ['shopify', 'linnworks'] as const satisfies readonly OrderSource[];

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  counterResync: 'This order was recorded at the counter: it has no storefront or import source to resync it from.',
  shopifyNotConnected: 'This order came from Shopify, but no Shopify storefront is connected to this store yet, so it cannot be resynced.',
  linnworksNotConfigured: 'The Linnworks order import is not set up for this store. Turn it on with its credentials in the store settings first.',
  linnworksCredentialsUnreadable: 'The Linnworks credentials of this store cannot be read. Enter them again in the store settings.',
  linnworksOrderGone: (name: string) => `Linnworks no longer has order ${name}: there is nothing to resync it from.`,
  noOrderSources: 'No order source is turned on for this store: orders are recorded at the counter only.',
  resyncQueued: 'Resyncing all orders: follow the progress here.',
  shopifyOrderGone: (name: string) => `Shopify no longer has order ${name}: there is nothing to resync it from.`,
  shopifyUnreachable: (reason: string) => `The order could not be read from Shopify: ${reason}`,
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (YYYY-MM-DD, taken in UTC) or a full ISO timestamp. */
const ZDateText = safeString('code', 'Date')
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Invalid date' })
  // JavaScript dates reach far past what a timestamp column compares against
  .refine((v) => Math.abs(new Date(Date.parse(v)).getUTCFullYear() - 5000) <= 4999, { error: 'Dates must be between the years 1 and 9999' });

const DAY_MS = 86_400_000;
/**
 * orderDateRange: two dates, from and to, as a repeated key, one comma-separated value or a JSON
 * array. A date-only `to` includes its whole day; a timestamp is the exact end (the quick ranges send
 * the start of tomorrow, people doc section 2).
 */
export const ZOrderDateRange = z
  .union([safeString('search', 'orderDateRange'), z.array(safeString('code', 'Date')).max(2, 'orderDateRange needs two dates')])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)))
  .pipe(z.union([z.tuple([]), z.tuple([ZDateText, ZDateText])], { error: 'orderDateRange needs two dates' }))
  .transform((pair, ctx) => {
    if (pair.length !== 2) return undefined;
    const from = new Date(DATE_ONLY.test(pair[0]) ? `${pair[0]}T00:00:00.000Z` : pair[0]);
    const to = DATE_ONLY.test(pair[1]) ? new Date(Date.parse(`${pair[1]}T00:00:00.000Z`) + DAY_MS) : new Date(pair[1]);
    if (to.getTime() < from.getTime()) {
      ctx.addIssue({ code: 'custom', message: 'orderDateRange ends before it starts' });
      return z.NEVER;
    }
    return { from, to };
  });

/** The filters of the orders screen, shared by the list and the export. */
export const ZOrdersFilter = z.object({
  /** words matched in the order name, customer (name, e-mail, phone), item title, SKU and code: each word somewhere */
  search: boundedText('search', 'Search').optional(),
  /** one consigner's items only */
  consigner: z
    .union([z.uuid('Invalid consigner id'), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  orderDateRange: ZOrderDateRange,
  /** 'true': only the lines that need staff (flagged: docs/storefront-orders.md) */
  flagged: z
    .union([z.boolean(), z.enum(['true', 'false', ''])])
    .optional()
    .transform((v) => v === true || v === 'true'),
});
export type TOrdersFilter = z.output<typeof ZOrdersFilter>;

/** GET /api/orders: a page of the order item table. */
export const ZOrdersQuery = ZOrdersFilter.extend({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: `pageSize must be one of ${PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_PAGE_SIZE),
  currentPage: pageNumber('currentPage').default(1),
});
export type TOrdersQuery = z.output<typeof ZOrdersQuery>;

/** POST /api/orders/export: the filters of the screen (JSON; orderDateRange as [from, to]). */
export const ZOrdersExportBody = ZOrdersFilter;

const ZOrderRef = z.object({
  id: z.string(),
  name: z.string(),
  orderDate: z.string().describe('ISO 8601 date and time'),
  source: z.enum(ORDER_SOURCES),
  status: z.enum(ORDER_STATUSES),
  financialStatus: z.string(),
});

const ZOrderItemRef = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  sku: z.string(),
  option1Value: z.string().nullable(),
  option2Value: z.string().nullable(),
  option3Value: z.string().nullable(),
  price: z.number(),
  payout: z.number(),
  status: z.enum(INVENTORY_STATUSES),
});

const ZPersonRef = z.object({ id: z.string(), name: z.string() });

/** Why a line needs staff (LINE_FLAGS) and what the order screen says about it; null when it does not. */
export const ZLineFlag = z.object({ code: z.enum(LINE_FLAGS), message: z.string() }).nullable();

/**
 * One row of the order item table: a line item of an order, with its order, the item it sold (null
 * for a line matched to no item, e.g. an imported line whose SKU is no item's code) and the item's
 * consigner. `active` is false on the lines of an undone order.
 */
export const ZOrderItemRow = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
  active: z.boolean(),
  flag: ZLineFlag,
  order: ZOrderRef,
  item: ZOrderItemRef.nullable(),
  consigner: ZPersonRef.nullable(),
});
export type TOrderItemRow = z.output<typeof ZOrderItemRow>;

export const ZOrderItemList = z.object({ rows: z.array(ZOrderItemRow), count: z.number() });
export type TOrderItemList = z.output<typeof ZOrderItemList>;

/** GET /api/orders/filterOptions: the consigner select (store accounts left out, people doc section 6) and the order sources turned on. */
export const ZOrderFilterOptions = z.object({
  consigners: z.array(z.object({ label: z.string(), value: z.string() })),
  /** The store's order imports that are turned on ('linnworks'); the screen imports new orders on load when there is one. */
  importSources: z.array(z.enum(['linnworks'])),
});
export type TOrderFilterOptions = z.output<typeof ZOrderFilterOptions>;

export const ZCustomer = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A line of an order as the order screen shows it, with the item it sold. */
export const ZOrderLine = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
  active: z.boolean(),
  flag: ZLineFlag,
  inventoryId: z.string().nullable(),
  item: ZOrderItemRef.extend({ consigner: ZPersonRef.nullable() }).nullable(),
});

/** GET /api/orders/{id} (people doc section 3 "Order": id, name, shopifyId, customer, lineItems). */
export const ZOrder = z.object({
  id: z.string(),
  name: z.string(),
  shopifyId: z.string().nullable(),
  source: z.enum(ORDER_SOURCES),
  externalId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  financialStatus: z.string(),
  paymentMethod: z.string().nullable(),
  total: z.number(),
  orderDate: z.string().describe('ISO 8601 date and time'),
  createdByName: z.string().nullable(),
  undoneAt: z.string().nullable(),
  undoneByName: z.string().nullable(),
  /** When the storefront cancelled the order (ISO 8601), null otherwise. */
  cancelledAt: z.string().nullable(),
  customer: ZCustomer,
  /** The order in the shop's Shopify admin; only for an order that came from Shopify. */
  shopifyAdminUrl: z.string().nullable(),
  /** Whether "Resync Line Items" can fetch it again from where it came from (RESYNCABLE_SOURCES). */
  resyncable: z.boolean(),
  lineItems: z.array(ZOrderLine),
});
export type TOrder = z.output<typeof ZOrder>;

/** An order import's outcome (POST /api/orders/linnworkOrders, the Resync All job's result per source). */
export const ZOrderImportResult = z.object({
  source: z.enum(['linnworks', 'shopify']),
  /** orders fetched from the source in this run */
  fetched: z.number(),
  /** new orders recorded */
  imported: z.number(),
  /** orders recorded by an earlier run (or at the same time by another), left as they are */
  alreadyImported: z.number(),
  /** orders left out: returns and resends of another order, orders on hold or cancelled, storefront test orders */
  skipped: z.number(),
  /** orders refused (an item already sold, ...) with the reason */
  failed: z.array(z.object({ externalId: z.string(), name: z.string(), error: z.string() })),
  /** lines matched to no item by their SKU (kept as lines without an item); for the storefront, lines flagged for staff */
  unmatchedLines: z.number(),
  orders: z.array(z.object({ id: z.string(), name: z.string() })),
  syncedUntil: z.string().nullable(),
});
export type TOrderImportResult = z.output<typeof ZOrderImportResult>;

/** POST /api/orders/resyncAll: the background job that runs every order source's import. */
export const ZOrdersResyncStarted = z.object({ jobId: z.string(), message: z.string() });

/** POST /api/webhooks/shopify: what Backroom did with a delivery (docs/storefront-orders.md). */
/** customers/data_request: what the store holds about the customer (docs/storefront-orders.md "Privacy webhooks"). */
export const ZStorefrontCustomerData = z.object({
  customer: z.object({ shopifyId: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  orders: z.array(
    z.object({
      name: z.string(),
      shopifyOrderId: z.string().nullable(),
      orderDate: z.string(),
      financialStatus: z.string(),
      status: z.string(),
      customer: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
      lines: z.array(z.object({ title: z.string(), sku: z.string().nullable(), quantity: z.number(), price: z.number(), active: z.boolean() })),
    }),
  ),
});
export type TStorefrontCustomerData = z.output<typeof ZStorefrontCustomerData>;

export const ZStorefrontWebhookReceived = z.object({
  /** recorded, paid, cancelled, refunded, unchanged, duplicate, ignored-test, ignored-topic, refund-held;
   * privacy topics: data-request, customer-redacted, shop-redacted */
  outcome: z.string(),
  /** Backroom's order the delivery is about, when there is one. */
  orderId: z.string().nullable(),
  /** customers/data_request only: what the store holds about the customer (prices in major units). */
  customerData: ZStorefrontCustomerData.optional(),
  /** customers/redact and shop/redact: how many orders had their customer details removed. */
  ordersRedacted: z.number().optional(),
});
