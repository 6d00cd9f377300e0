import { z } from 'zod';
import { INVENTORY_MESSAGES } from '../messages.ts';
import { PAYMENT_TYPES } from '../constants.ts';
import { money, nonNegativeMoney, optionalText, requiredString } from './common.ts';
import { ZItemTerms } from './consignment-terms.ts';
import { ZNextMarkdown } from './markdowns.ts';
import { INVENTORY_PLAIN_OUTPUTS } from './inventory-fields.ts';
import { INVENTORY_ACTION_NAMES, INVENTORY_STATUSES, type InventoryAction } from '../statuses.ts';

/** requestPriceChange: a price above 0, given in major units, parsed to minor units. */
export const ZPriceChangeRequest = z.object({
  requestedPrice: money(INVENTORY_MESSAGES.enterPrice, 'Price').pipe(
    z.number().gt(0, { error: INVENTORY_MESSAGES.priceChangeValue }),
  ),
});

/** acceptInventory / acceptRequestToSell / bulk accept. */
export const ZAcceptInventoryInput = z.object({
  location: requiredString(INVENTORY_MESSAGES.locationRequired),
  subLocation: optionalText,
  paymentType: z.enum(PAYMENT_TYPES.map((p) => p.value) as ['cash', 'auto']).nullish(),
});

export const LOCATION_OPTIONS = ['option1Value', 'option2Value', 'option3Value'] as const;

/** POST /api/inventories/transfer */
export const ZTransferInput = z.object({
  inventories: z.array(requiredString('Invalid id', 'code')).min(1).max(5000),
  location: requiredString(INVENTORY_MESSAGES.selectLocation),
  shouldOverrideLocationOption: z.boolean().nullish().transform((v) => v ?? false),
  locationOption: z
    .enum(LOCATION_OPTIONS)
    .nullish()
    .transform((v) => v ?? 'option3Value'),
});
export type TTransferInput = z.output<typeof ZTransferInput>;

// ---------------------------------------------------------------------------------------------
// Responses of the inventory API (docs/api-foundation.md). The server's mappers are typed from these and the web
// app takes its types from them. Money in major units (decimal numbers), dates as ISO strings.

const isoDate = z.string().describe('ISO 8601 date and time');

/** The product an item belongs to, as the lists show it. */
export const ZInventoryProductRef = z.object({ id: z.string(), title: z.string(), sku: z.string(), image: z.string().nullable() });

/** A size or other option value of a template; a size may carry a price (major units). */
export const ZInventoryOptionValue = z.object({ value: z.string(), price: z.number().nullish() });

/** The item's product template: its option names and values (the edit forms offer them). */
export const ZInventoryTemplateRef = z.object({
  id: z.string(),
  option1: z.string(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  category: z.string(),
  option1Values: z.array(ZInventoryOptionValue),
  option2Values: z.array(ZInventoryOptionValue),
  option3Values: z.array(ZInventoryOptionValue),
});

/** The item's consigner, as the lists and the item screen show it. */
export const ZInventoryConsignerRef = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  isStoreAccount: z.boolean(),
});

/** An inventory item (catalogue-and-stock.md section 3). */
export const ZInventoryItem = z.object({
  id: z.string(),
  code: z.string(),
  storeId: z.string(),
  productId: z.string(),
  product: ZInventoryProductRef,
  productTemplateId: z.string().nullable(),
  productTemplate: ZInventoryTemplateRef.nullable(),
  category: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  shopifyId: z.string().nullable(),
  status: z.enum(INVENTORY_STATUSES),
  price: z.number(),
  requestedPrice: z.number().nullable(),
  storeRequestPriceRange: z.object({ low: z.number(), high: z.number() }).nullable(),
  payout: z.number(),
  /** The spec's old name of payout. */
  payoutAmount: z.number(),
  payoutFee: z.number(),
  total: z.number(),
  cost: z.number().nullable(),
  /** the consigner's minimum price (markdowns stop there); null: none */
  minimumPrice: z.number().nullable(),
  /** the next markdown of the item's schedule (lists of Active items); absent or null: none */
  nextMarkdown: ZNextMarkdown.nullish(),
  discount: z.number(),
  lowestPrice: z.number().nullable(),
  withdrawalFee: z.number(),
  quantity: z.number(),
  /** The spec's old name of quantity. */
  qty: z.number(),
  location: z.string().nullable(),
  subLocation: z.string().nullable(),
  consignerId: z.string(),
  consigner: ZInventoryConsignerRef.nullable(),
  acceptedOn: isoDate.nullable(),
  soldOn: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Days since acceptance, for Active items. */
  daysActive: z.number().nullable(),
  orderId: z.string().nullable(),
  order: z.object({ id: z.string(), name: z.string(), orderDate: isoDate, createdAt: isoDate }).nullable(),
  buyingId: z.string().nullable(),
  payoutId: z.string().nullable(),
  paymentType: z.enum(['cash', 'auto']).nullable(),
  printed: z.boolean(),
  taxable: z.boolean(),
  preapprovalStatus: z.string().nullable(),
  addOns: z.object({ cleaning: z.boolean().optional(), box: z.boolean().optional() }).nullable(),
  packingSlip: z.string().nullable(),
  isWithdrawnEarly: z.boolean(),
  withdrawalRequestedOn: isoDate.nullable(),
  withdrawalAcceptedOn: isoDate.nullable(),
  withdrawalAcceptedBy: z.string().nullable(),
  withdrawalDeclinedOn: isoDate.nullable(),
  withdrawalDeclinedBy: z.string().nullable(),
  lastUpdatedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  // the editable fields stored as sent (option values, image, notes, tracking code ...): one list, inventory-fields.ts
  ...INVENTORY_PLAIN_OUTPUTS,
});
export type TInventoryItem = z.output<typeof ZInventoryItem>;

/** GET /api/inventories/{id} and /code/{code}: the item and what the signed-in user may do with it now. */
export const ZInventoryItemDetail = ZInventoryItem.extend({
  availableActions: z.array(z.enum(INVENTORY_ACTION_NAMES as [InventoryAction, ...InventoryAction[]])),
  /** The consignment terms locked on the item at acceptance, or null (docs/consignment-terms.md). */
  consignmentTerms: ZItemTerms.nullable(),
});
export type TInventoryItemDetail = z.output<typeof ZInventoryItemDetail>;

/** What an action operation answers when it ran inline (200). */
export const ZActionResult = z.object({
  message: z.string(),
  inventory: ZInventoryItem.nullable(),
  inventories: z.array(ZInventoryItem),
  removedIds: z.array(z.string()),
});
export type TActionResult = z.output<typeof ZActionResult>;

/** What an operation answers when it went to a background job (202): poll GET /api/jobs/{jobId}. */
export const ZQueuedJob = z.object({ jobId: z.string(), message: z.string() });
export type TQueuedJob = z.output<typeof ZQueuedJob>;

/** POST /api/inventories/fees: the fee quote of the intake forms, with its labelled breakdown. */
export const ZFeeQuote = z.object({
  payout: z.number(),
  payoutFee: z.number(),
  total: z.number(),
  /** The spec's spelling. */
  transcation: z.number(),
  selling: z.number(),
  vat: z.number(),
  negativeBalance: z.number(),
  breakdown: z.array(z.object({ label: z.string(), amount: z.number() })),
  consignerType: z.string().nullable(),
  isStoreAccount: z.boolean(),
  zeroPayoutWarning: z.boolean(),
  outstandingWithdrawalFees: z.number(),
});
export type TFeeQuote = z.output<typeof ZFeeQuote>;

/** GET /api/inventories/preapprovalStatus */
export const ZPreapprovalStatus = z.object({
  label: z.string(),
  range: z.object({ low: z.number(), high: z.number() }).nullable(),
  lowestPrice: z.number().nullable(),
  preapproved: z.boolean(),
  priceAlert: z.boolean(),
  warnText: z.string().nullable(),
});
export type TPreapprovalStatus = z.output<typeof ZPreapprovalStatus>;

/** POST /api/inventories/scan: what a scanned code is, and the drop-offs it matches. */
export const ZScanResult = z.object({
  matchedBy: z.enum(['code', 'gtin', 'sku']).nullable(),
  scanGTINProduct: ZInventoryProductRef.nullable(),
  gtinSize: z.string().nullable(),
  scanGTINInventories: z.array(ZInventoryItem),
});

/**
 * POST /api/inventories/{id}/adjustments (docs/sales.md "Corrections"): a sold or paid item's price
 * or payout corrected as ledger entries, with why. An item already paid to its consigner needs
 * `reversal: true`: the difference becomes a reversing entry the next payout settles.
 */
export const ZInventoryAdjustmentBody = z.object({
  price: nonNegativeMoney(undefined, 'Price').optional(),
  payout: nonNegativeMoney(undefined, 'Payout').optional(),
  reason: requiredString('Say why the sale is corrected', 'note', 'Reason'),
  reversal: z.boolean().optional(),
});
export type TInventoryAdjustmentBody = z.output<typeof ZInventoryAdjustmentBody>;

export const ZLedgerEntryView = z.object({
  id: z.string(),
  kind: z.string(),
  amount: z.number(),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export const ZInventoryAdjustment = z.object({
  message: z.string(),
  item: ZInventoryItem,
  entries: z.array(ZLedgerEntryView),
});
