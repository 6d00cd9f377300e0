// Request bodies of the inventory write API. Money arrives in major units (120.5) and leaves these
// schemas as integer minor units (12050), per docs/architecture.md "Decisions".
import {
  boundedText,
  INVENTORY_MESSAGES,
  INVENTORY_STATUSES,
  LOCATION_OPTIONS,
  money,
  PAYMENT_TYPES,
  requiredString,
  totalFits,
  totalTooLargeMessage,
  ZQuantity,
  type TextKind,
} from '@backroom/domain';
import { z } from 'zod';

export const MAX_ROWS_PER_REQUEST = 500;
export const MAX_IDS_PER_REQUEST = 5000;

/**
 * An amount in major units (number or decimal text), parsed exactly to minor units, within the
 * domain's limit (MAX_AMOUNT_MINOR); `label` names it in the too-large message.
 */
export const moneyInput = (message = 'Please enter a valid amount', label = 'Amount') => money(message, label);

const ZUuid = (message = 'Invalid id') => z.string({ error: message }).uuid(message);
/** An id, or an object carrying one (the old client sends whole items in places). */
const ZRef = (message?: string) => z.union([ZUuid(message), z.object({ id: ZUuid(message) }).transform((o) => o.id)]);
const ZIds = z.array(ZRef()).min(1, { error: 'Please select at least 1 item' }).max(MAX_IDS_PER_REQUEST);
/** An optional text of one kind (docs/input-limits.md), trimmed. */
const text = (kind: TextKind = 'name', label?: string) => boundedText(kind, label).nullish();

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
    option1Value: text('name', 'Option value'),
    option2Value: text('name', 'Option value'),
    option3Value: text('name', 'Option value'),
    price: moneyInput(undefined, 'Price').nullish(),
    cost: moneyInput(undefined, 'Cost').nullish(),
    quantity: ZQuantity.nullish(),
    consigner: ZRef(INVENTORY_MESSAGES.selectConsigner).nullish(),
    category: text('name', 'Category'),
    location: text('name', 'Location'),
    subLocation: text('name', 'Sub-location'),
    notes: text('note', 'Notes'),
    image: text('url', 'Image URL'),
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
    z.object({ option1Value: text(), option2Value: text(), option3Value: text() }),
    z.array(boundedText('name', 'Option value').nullable()).max(3).transform(([option1Value, option2Value, option3Value]) => ({ option1Value, option2Value, option3Value })),
  ])
  .nullish();

export const ZFeesQuery = z
  .object({
    id: ZUuid().nullish(),
    productId: ZUuid().nullish(),
    price: moneyInput(INVENTORY_MESSAGES.enterPrice, 'Price'),
    quantity: ZQuantity.nullish(),
    consigner: ZRef(INVENTORY_MESSAGES.selectConsigner).nullish(),
    category: text('name', 'Category'),
    option1Value: text('name', 'Option value'),
    option2Value: text('name', 'Option value'),
    option3Value: text('name', 'Option value'),
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
  option1Value: text('name', 'Option value'),
  option2Value: text('name', 'Option value'),
  option3Value: text('name', 'Option value'),
  price: moneyInput(INVENTORY_MESSAGES.enterPrice, 'Price'),
});

export const ZUpdateInventory = z.object({
  consigner: ZRef(INVENTORY_MESSAGES.selectConsigner).optional(),
  price: moneyInput(undefined, 'Price').optional(),
  payoutFee: moneyInput(undefined, 'Payout fee').optional(),
  payout: moneyInput(undefined, 'Payout').optional(),
  cost: moneyInput(undefined, 'Cost').nullish(),
  option1Value: text('name', 'Option value'),
  option2Value: text('name', 'Option value'),
  option3Value: text('name', 'Option value'),
  location: text('name', 'Location'),
  subLocation: text('name', 'Sub-location'),
  image: text('url', 'Image URL'),
  status: z.enum(INVENTORY_STATUSES).optional(),
  notes: text('note', 'Notes'),
  trackingCode: text('code', 'Tracking code'),
});
export type TUpdateInventory = z.output<typeof ZUpdateInventory>;

/** Single-item actions name the item as `id`, or as `inventory` (an id or the item itself). */
const ZItemRef = z
  .object({ id: ZUuid('Inventory not found').optional(), inventory: ZRef('Inventory not found').optional() })
  .refine((v) => v.id || v.inventory, { error: 'Select an item' })
  .transform((v) => ({ id: (v.id ?? v.inventory)! }));

/** Actions that also take several items at once (`ids`), e.g. scan intake accepting what it scanned. */
const ZItemOrItems = z
  .object({ id: ZUuid('Inventory not found').optional(), inventory: ZRef('Inventory not found').optional(), ids: ZIds.optional() })
  .refine((v) => v.id || v.inventory || v.ids, { error: 'Select an item' })
  .transform((v) => ({ ids: v.ids ?? [(v.id ?? v.inventory)!] }));

const ZLocation = { location: text('name', 'Location'), subLocation: text('name', 'Sub-location') };
const ZPaymentType = z.enum(PAYMENT_TYPES.map((p) => p.value) as ['cash', 'auto']).nullish();
const ZRequestedPrice = moneyInput(INVENTORY_MESSAGES.priceChangeValue, 'Price').nullish();

export const ZActionBodies = {
  item: ZItemRef,
  acceptRequestToSell: z.object(ZLocation).and(ZItemOrItems),
  acceptInventory: z.object({ ...ZLocation, paymentType: ZPaymentType }).and(ZItemOrItems),
  acceptStoreRequest: z.object({ price: moneyInput(undefined, 'Price').nullish() }).and(ZItemRef),
  items: ZItemOrItems,
  priceRequest: z.object({ requestedPrice: ZRequestedPrice }).and(ZItemRef),
  withdraw: z.object({ isWithdrawnEarly: z.boolean().nullish(), withdrawalFee: moneyInput(undefined, 'Withdrawal fee').nullish() }).and(ZItemRef),
  cancelDropoff: z
    .object({ id: ZUuid().optional(), ids: ZIds.optional(), consigner: ZRef().nullish() })
    .refine((v) => v.id || v.ids, { error: 'Please select at least 1 item' })
    .transform((v) => ({ ids: v.ids ?? [v.id!], consigner: v.consigner ?? null })),
  transfer: z.object({
    inventories: ZIds,
    location: requiredString(INVENTORY_MESSAGES.selectLocation, 'name', 'Location'),
    subLocation: text('name', 'Sub-location'),
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
