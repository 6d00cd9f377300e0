import { z } from 'zod';
import { SORT_OPTIONS } from '../format.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import { ZInventoryItem, ZInventoryProductRef } from './inventory.ts';

// Responses of the inventory read API (catalogue doc section 7, docs/inventory-queries.md). Money in
// major units, dates as ISO strings.

/** Grouped-by-product accordion row: the product, its unit and item counts, and its first items. */
export const ZInventoryProductGroup = z.object({
  productId: z.string(),
  product: ZInventoryProductRef,
  units: z.number(),
  count: z.number(),
  items: z.array(ZInventoryItem),
});
export type TInventoryProductGroup = z.output<typeof ZInventoryProductGroup>;

/** A list of items and the count; countIsEstimate: above 10,000 matches the count is the planner's estimate. */
export const ZInventoryList = z.object({ rows: z.array(ZInventoryItem), count: z.number(), countIsEstimate: z.boolean() });
export type TInventoryList = z.output<typeof ZInventoryList>;

/** GET /api/inventories/paginatedInventories: a page of items, or of product groups (groupBy=product). */
export const ZInventoryPage = z.object({
  rows: z.union([z.array(ZInventoryItem), z.array(ZInventoryProductGroup)]),
  count: z.number(),
  countIsEstimate: z.boolean(),
});
export type TInventoryPage = z.output<typeof ZInventoryPage>;

/** GET /api/inventories/filterOptions: what the inventory filters offer. */
export const ZInventoryFilterOptions = z.object({
  statuses: z.array(z.enum(INVENTORY_STATUSES)),
  locations: z.array(z.object({ label: z.string(), value: z.string(), id: z.string(), name: z.string() })),
  subLocations: z.array(z.object({ id: z.string(), name: z.string(), locationName: z.string() })),
  option1Values: z.array(z.string()),
  option2Values: z.array(z.string()),
  option3Values: z.array(z.string()),
  categories: z.array(z.string()),
  /** The templates' names of option 1, 2 and 3 ('Size', 'Condition', 'Box'). */
  optionNames: z.object({ option1: z.string(), option2: z.string(), option3: z.string() }),
  consigners: z.array(z.object({ label: z.string(), value: z.object({ id: z.string(), email: z.string(), isStoreAccount: z.boolean() }) })),
  sortOption: z.array(z.object({ label: z.string(), value: z.enum(SORT_OPTIONS) })),
});
export type TInventoryFilterOptions = z.output<typeof ZInventoryFilterOptions>;

/** GET /api/inventories/getStoreProducts: products with their units on hand per size at a location. */
export const ZStoreProducts = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      brand: z.string(),
      sku: z.string(),
      category: z.string(),
      gender: z.string(),
      image: z.string().nullable(),
      productTemplateId: z.string().nullable(),
      price: z.number().nullable(),
      stock: z.number(),
      forRequest: z.array(z.object({ size: z.string(), inventory: z.number(), price: z.number().nullable() })),
    }),
  ),
  inventories: z.array(
    z.object({
      productId: z.string(),
      option1Value: z.string().nullable(),
      option2Value: z.string().nullable(),
      option3Value: z.string().nullable(),
      qty: z.number(),
      lowestPrice: z.number(),
    }),
  ),
  count: z.number(),
});

/** GET /api/inventories/consignerRequestedItems: offered items grouped by product. */
export const ZConsignerRequestedItems = z.object({
  products: z.array(ZInventoryProductRef.extend({ inventories: z.array(ZInventoryItem) })),
  count: z.number(),
});

/** POST /api/inventories/lowestPriceInventories: lowest price on hand per SKU and variant. */
export const ZLowestPriceInventories = z.object({
  inventories: z.array(
    z.object({
      sku: z.string(),
      productId: z.string(),
      option1Value: z.string().nullable(),
      option2Value: z.string().nullable(),
      option3Value: z.string().nullable(),
      qty: z.number(),
      price: z.number(),
    }),
  ),
});

/** POST /api/inventories/getLowestPriceForVariant */
/** `key` is the caller's own tag of the request, echoed back. */
export const ZLowestPriceForVariant = z.object({ key: z.union([z.string(), z.number()]).nullable(), qty: z.number(), price: z.number().nullable() });

/** GET /api/inventories/ordersPayoutInventories: items ready to pay, and their total. */
export const ZOrdersPayoutInventories = z.object({ rows: z.array(ZInventoryItem), count: z.number(), total: z.number() });
export type TOrdersPayoutInventories = z.output<typeof ZOrdersPayoutInventories>;

const ZStatusSummary = z.object({ count: z.number(), units: z.number(), value: z.number(), payout: z.number(), cost: z.number() });
const ZSummaryByStatus = z.array(ZStatusSummary.extend({ status: z.string() }));

/** GET /api/inventories/getdasboardInventory: counts and values by status for a date range. */
export const ZDashboardInventory = z.object({
  dateRangeStart: z.string(),
  dateRangeEnd: z.string(),
  byStatus: ZSummaryByStatus,
  totals: ZStatusSummary,
  onHand: ZStatusSummary,
  added: ZStatusSummary.extend({ byStatus: ZSummaryByStatus }),
  accepted: ZStatusSummary.extend({ byStatus: ZSummaryByStatus }),
  sold: ZStatusSummary.extend({ byStatus: ZSummaryByStatus }),
});
