// Request bodies of the inventory write API. Money arrives in major units (120.5) and leaves these
// schemas as integer minor units (12050), per docs/architecture.md "Decisions".
import { INVENTORY_MESSAGES } from '../messages.ts';
import { PAYMENT_TYPES } from '../constants.ts';
import { boundedText, money, nonNegativeMoney, requiredString, totalFits, totalTooLargeMessage, ZQuantity } from './common.ts';
import { LOCATION_OPTIONS } from './inventory.ts';
import { nullishText, ZIdRef, ZUpdateInventory, ZUuid } from './inventory-fields.ts';
import { z } from 'zod';

export const MAX_ROWS_PER_REQUEST = 500;
export const MAX_IDS_PER_REQUEST = 5000;

/**
 * An amount in major units (number or decimal text), parsed exactly to minor units, within the
 * domain's limit (MAX_AMOUNT_MINOR); `label` names it in the too-large message.
 */
export const moneyInput = (message = 'Please enter a valid amount', label = 'Amount') => money(message, label);

const ZIds = z.array(ZIdRef()).min(1, { error: 'Please select at least 1 item' }).max(MAX_IDS_PER_REQUEST);

export const ZIdParams = z.object({ id: ZUuid('Inventory not found') });
export const ZCodeParams = z.object({ code: requiredString('Enter a code', 'code', 'Code') });

/** price x quantity must fit the total columns: one check for the create and the fee quote. */
function checkTotal(v: { price?: number | null; quantity?: number | null }, ctx: z.RefinementCtx): void {
  if (!totalFits(v.price, v.quantity)) ctx.addIssue({ code: 'custom', path: ['quantity'], message: totalTooLargeMessage });
}

const ZAddOns = z.object({ cleaning: z.boolean().optional(), box: z.boolean().optional() }).nullish();

/**
 * One row of inventoryFormArray. Rows stay loose here so the service can answer with the spec's row
 * message ('Please select Size, Condition, Price, and Quantity first') instead of a field error.
 */
export const ZInventoryRow = z
  .object({
    productId: ZUuid(INVENTORY_MESSAGES.selectProduct),
    option1Value: nullishText('name', 'Option value'),
    option2Value: nullishText('name', 'Option value'),
    option3Value: nullishText('name', 'Option value'),
    price: moneyInput(undefined, 'Price').nullish(),
    cost: moneyInput(undefined, 'Cost').nullish(),
    // the consigner's minimum price: markdowns never go below it (docs/consignment-terms.md "Markdowns")
    minimumPrice: moneyInput(undefined, "Consigner's minimum").nullish(),
    quantity: ZQuantity.nullish(),
    consigner: ZIdRef(INVENTORY_MESSAGES.selectConsigner).nullish(),
    category: nullishText('name', 'Category'),
    location: nullishText('name', 'Location'),
    subLocation: nullishText('name', 'Sub-location'),
    notes: nullishText('note', 'Notes'),
    image: nullishText('url', 'Image URL'),
    addOns: ZAddOns,
    // A consigner answering a store request offers the item on consignment or for the store to buy.
    // The request's price range is the store's, never taken from the client (a storeRequestPriceRange
    // sent here is dropped).
    saleType: z.enum(['Consignment', 'Buying']).nullish(),
  })
  .superRefine(checkTotal);
export type TInventoryRow = z.output<typeof ZInventoryRow>;

export const ZCreateInventories = z.object({
  inventoryFormArray: z
    .array(ZInventoryRow)
    .min(1, { error: INVENTORY_MESSAGES.noItemForReview })
    .max(MAX_ROWS_PER_REQUEST, { error: `At most ${MAX_ROWS_PER_REQUEST} items can be added at once` }),
});

/**
 * The spec's payload names the option values `options`: taken as { option1Value, option2Value,
 * option3Value } or as [option1, option2, option3]. Top-level option1Value.. win when both are sent.
 */
const ZFeeOptions = z
  .union([
    z.object({ option1Value: nullishText(), option2Value: nullishText(), option3Value: nullishText() }),
    z.array(boundedText('name', 'Option value').nullable()).max(3).transform(([option1Value, option2Value, option3Value]) => ({ option1Value, option2Value, option3Value })),
  ])
  .nullish();

export const ZFeesQuery = z
  .object({
    id: ZUuid().nullish(),
    productId: ZUuid().nullish(),
    price: moneyInput(INVENTORY_MESSAGES.enterPrice, 'Price'),
    quantity: ZQuantity.nullish(),
    consigner: ZIdRef(INVENTORY_MESSAGES.selectConsigner).nullish(),
    category: nullishText('name', 'Category'),
    option1Value: nullishText('name', 'Option value'),
    option2Value: nullishText('name', 'Option value'),
    option3Value: nullishText('name', 'Option value'),
    options: ZFeeOptions,
    cost: moneyInput(undefined, 'Cost').nullish(),
    addOns: ZAddOns,
  })
  .superRefine(checkTotal)
  .transform(({ options, ...q }) => ({
    ...q,
    option1Value: q.option1Value ?? options?.option1Value,
    option2Value: q.option2Value ?? options?.option2Value,
    option3Value: q.option3Value ?? options?.option3Value,
  }));
export type TFeesQuery = z.output<typeof ZFeesQuery>;

export const ZPreapprovalQuery = z.object({
  productId: ZUuid(INVENTORY_MESSAGES.selectProduct),
  option1Value: nullishText('name', 'Option value'),
  option2Value: nullishText('name', 'Option value'),
  option3Value: nullishText('name', 'Option value'),
  price: moneyInput(INVENTORY_MESSAGES.enterPrice, 'Price'),
});


/** Single-item actions name the item as `id`, or as `inventory` (an id or the item itself). */
const ZItemRef = z
  .object({ id: ZUuid('Inventory not found').optional(), inventory: ZIdRef('Inventory not found').optional() })
  .refine((v) => v.id || v.inventory, { error: 'Select an item' })
  .transform((v) => ({ id: (v.id ?? v.inventory)! }));

/** Actions that also take several items at once (`ids`), e.g. scan intake accepting what it scanned. */
const ZItemOrItems = z
  .object({ id: ZUuid('Inventory not found').optional(), inventory: ZIdRef('Inventory not found').optional(), ids: ZIds.optional() })
  .refine((v) => v.id || v.inventory || v.ids, { error: 'Select an item' })
  .transform((v) => ({ ids: v.ids ?? [(v.id ?? v.inventory)!] }));

const ZLocation = { location: nullishText('name', 'Location'), subLocation: nullishText('name', 'Sub-location') };
const ZPaymentType = z.enum(PAYMENT_TYPES.map((p) => p.value) as ['cash', 'auto']).nullish();
const ZRequestedPrice = moneyInput(INVENTORY_MESSAGES.priceChangeValue, 'Price').nullish();

export const ZActionBodies = {
  item: ZItemRef,
  acceptRequestToSell: z.object(ZLocation).and(ZItemOrItems),
  acceptInventory: z.object({ ...ZLocation, paymentType: ZPaymentType }).and(ZItemOrItems),
  acceptStoreRequest: z.object({ price: moneyInput(undefined, 'Price').nullish() }).and(ZItemRef),
  items: ZItemOrItems,
  priceRequest: z.object({ requestedPrice: ZRequestedPrice }).and(ZItemRef),
  withdraw: z.object({ isWithdrawnEarly: z.boolean().nullish(), withdrawalFee: nonNegativeMoney(undefined, 'Withdrawal fee').nullish() }).and(ZItemRef),
  cancelDropoff: z
    .object({ id: ZUuid().optional(), ids: ZIds.optional(), consigner: ZIdRef().nullish() })
    .refine((v) => v.id || v.ids, { error: 'Please select at least 1 item' })
    .transform((v) => ({ ids: v.ids ?? [v.id!], consigner: v.consigner ?? null })),
  transfer: z.object({
    inventories: ZIds,
    location: requiredString(INVENTORY_MESSAGES.selectLocation, 'name', 'Location'),
    subLocation: nullishText('name', 'Sub-location'),
    shouldOverrideLocationOption: z.boolean().nullish(),
    locationOption: z.enum(LOCATION_OPTIONS).nullish(),
  }),
  acceptTransfer: z.object({ ids: ZIds, ...ZLocation }),
  ids: z.object({ ids: ZIds }),
  bulkAccept: z.object({ ids: ZIds, ...ZLocation, paymentType: ZPaymentType }),
} as const;

/** PUT /api/inventories: several items' edits, all or none (the listing wizard places its items). */
export const ZUpdateInventories = z.object({
  inventories: z
    .array(ZUpdateInventory.extend({ id: ZUuid('Inventory not found') }))
    .min(1, { error: 'Please select at least 1 item' })
    .max(MAX_ROWS_PER_REQUEST, { error: `At most ${MAX_ROWS_PER_REQUEST} items can be edited at once` }),
});

/** POST /api/inventories/scan: what a scanned barcode is (an item code, a GTIN or a SKU). */
export const ZInventoryScanBody = z.object({ code: requiredString('Please scan a code', 'code', 'Code'), consigner: z.string().uuid().optional(), excludeIds: z.array(z.string().uuid()).max(1000).optional() });
