import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_OPTION, SORT_OPTIONS } from '../list-options.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import { boundedText, pageNumber, safeString } from './common.ts';
import { z } from 'zod';

// Query-string shapes of the inventory read calls (catalogue doc sections 3 and 7). GET sends its
// fields as a query, so repeated keys (?status=Active&status=Pending) arrive as arrays.

const text = boundedText('search', 'Search');

/** At most this many values of one filter (repeated keys). */
const MAX_FILTER_VALUES = 500;

/** One value or a repeated key; empty values are dropped. */
const many = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([safeString('name', 'A filter value'), z.array(safeString('name', 'A filter value')).max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values per filter`)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item));

const optionalText = text.optional().transform((v) => (v ? v : undefined));
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));
const optionalFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (YYYY-MM-DD, taken in UTC) or a full ISO timestamp. */
export const ZDateInput = safeString('code', 'Date')
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Invalid date' })
  // JavaScript dates reach far past what a timestamp column compares against (4713 BC to 294276 AD)
  .refine((v) => Math.abs(new Date(Date.parse(v)).getUTCFullYear() - 5000) <= 4999, { error: 'Dates must be between the years 1 and 9999' })
  .transform((v) => ({ at: new Date(DATE.test(v) ? `${v}T00:00:00.000Z` : v), dateOnly: DATE.test(v) }));
export type TDateInput = z.output<typeof ZDateInput>;

/** Statuses accept repeated keys and comma lists (statuses never hold commas). */
const statuses = many(z.string())
  .transform((list: string[]) => list.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(INVENTORY_STATUSES, { error: (issue) => `Unknown status ${String(issue.input)}` })));

/** orderDateRange: two dates, as a repeated key or one comma-separated value. */
const dateRange = z
  .union([safeString('search', 'orderDateRange'), z.array(safeString('code', 'Date')).max(2, 'orderDateRange needs two dates')])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)))
  .pipe(z.union([z.tuple([]), z.tuple([ZDateInput, ZDateInput])], { error: 'orderDateRange needs two dates' }))
  .transform((pair) => (pair.length === 2 ? { from: pair[0], to: pair[1] } : undefined));

/** The filter state of the inventory lists (catalogue doc section 3), shared by list, export and grouped view. */
export const ZInventoryFilterQuery = z.object({
  printed: optionalFlag,
  status: statuses,
  option1Value: many(z.string()),
  option2Value: many(z.string()),
  option3Value: many(z.string()),
  category: many(z.string()),
  location: many(z.string()),
  subLocation: many(z.string()),
  consigner: many(z.uuid('Invalid consigner id')),
  productId: many(z.uuid('Invalid product id')),
  search: optionalText,
  orderDateRange: dateRange,
  sortOption: z.enum(SORT_OPTIONS, { error: 'Unknown sort option' }).default(DEFAULT_SORT_OPTION),
});
export type TInventoryFilterQuery = z.output<typeof ZInventoryFilterQuery>;

export const ZPaginatedInventoriesQuery = ZInventoryFilterQuery.extend({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(10, 'pageSize must be between 10 and 500')
    .max(500, 'pageSize must be between 10 and 500')
    .default(DEFAULT_PAGE_SIZE),
  currentPage: pageNumber('currentPage').default(1),
  // Whether rows carry the joined product and consigner (false skips those lookups).
  takeProducts: flag(true),
  takeConsigners: flag(true),
  // The grouped-by-product accordion: one row per product with its unit count and first items.
  groupBy: z.enum(['product']).optional(),
  // How many of each product's items a group carries (its first ones by the sort). 0: none, the
  // accordion reads a product's items when it is opened (the flat list with productId).
  groupItems: z.coerce
    .number({ error: 'groupItems must be a number' })
    .int('groupItems must be a whole number')
    .min(0, 'groupItems must be between 0 and 10')
    .max(10, 'groupItems must be between 0 and 10')
    .default(10),
});
export type TPaginatedInventoriesQuery = z.output<typeof ZPaginatedInventoriesQuery>;

export const ZInventoriesQuery = ZInventoryFilterQuery.extend({
  takeProducts: flag(true),
  takeConsigners: flag(true),
});

export const ZStoreProductsQuery = z.object({
  search: optionalText,
  location: optionalText,
  take: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZConsignerRequestedItemsQuery = z.object({
  consigner: z
    .union([z.uuid('Invalid consigner id'), z.literal(''), z.literal('all')])
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined)),
  location: optionalText.transform((v) => (v && v.toLowerCase() !== 'all' ? v : undefined)),
  search: optionalText,
  sale: z
    .enum(['Buying', 'Consignment', 'all', 'All', ''])
    .optional()
    .transform((v) => (v === 'Buying' || v === 'Consignment' ? v : 'all')),
});

export const ZLowestPriceInventoriesBody = z.object({
  consigner: z.uuid('Invalid consigner id').nullish(),
  productSkus: z.array(boundedText('name', 'SKU').min(1)).max(500, 'At most 500 SKUs at once').default([]),
});

export const ZLowestPriceForVariantBody = z.object({
  productId: z.uuid('Invalid product id'),
  option1Value: safeString('name', 'Option value').nullish(),
  option2Value: safeString('name', 'Option value').nullish(),
  option3Value: safeString('name', 'Option value').nullish(),
  location: safeString('name', 'Location').nullish(),
  // echoed back so the caller can match answers to rows
  key: z.union([safeString('code', 'key'), z.number()]).nullish(),
});

export const ZOrdersPayoutQuery = z.object({
  search: optionalText,
  consigner: many(z.uuid('Invalid consigner id')),
  orderDateRange: dateRange,
});

export const ZDashboardInventoryQuery = z.object({
  dateRangeStart: ZDateInput.optional(),
  dateRangeEnd: ZDateInput.optional(),
});
