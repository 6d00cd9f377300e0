// Request bodies of the inventory write API. Money arrives in major units (120.5) and leaves these
// schemas as integer minor units (12050), per docs/architecture.md "Decisions".
import { INVENTORY_MESSAGES, INVENTORY_STATUSES, LOCATION_OPTIONS, PAYMENT_TYPES, toMinor } from '@backroom/domain';
import { z } from 'zod';

export const MAX_ROWS_PER_REQUEST = 500;
export const MAX_IDS_PER_REQUEST = 5000;

/** An amount in major units (number or decimal text), parsed exactly to minor units. */
export const moneyInput = (message = 'Please enter a valid amount') =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    try {
      return toMinor(value);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

const ZUuid = (message = 'Invalid id') => z.string({ error: message }).uuid(message);
/** An id, or an object carrying one (the old client sends whole items in places). */
const ZRef = (message?: string) => z.union([ZUuid(message), z.object({ id: ZUuid(message) }).transform((o) => o.id)]);
const ZIds = z.array(ZRef()).min(1, { error: 'Please select at least 1 item' }).max(MAX_IDS_PER_REQUEST);
const text = z.string().trim().nullish();

export const ZIdParams = z.object({ id: ZUuid('Inventory not found') });
export const ZCodeParams = z.object({ code: z.string().trim().min(1, { error: 'Enter a code' }) });

const ZAddOns = z.object({ cleaning: z.boolean().optional(), box: z.boolean().optional() }).nullish();

/**
 * One row of inventoryFormArray. Rows stay loose here so the service can answer with the spec's row
 * message ('Please select Size, Condition, Price, and Quantity first') instead of a field error.
 */
export const ZInventoryRow = z.object({
  productId: ZUuid(INVENTORY_MESSAGES.selectProduct),
  option1Value: text,
  option2Value: text,
  option3Value: text,
  price: moneyInput().nullish(),
  cost: moneyInput().nullish(),
  quantity: z.number().nullish(),
  consigner: ZRef(INVENTORY_MESSAGES.selectConsigner).nullish(),
  category: text,
  location: text,
  subLocation: text,
  notes: text,
  image: text,
  addOns: ZAddOns,
  // A consigner answering a store request offers the item on consignment or for the store to buy.
  saleType: z.enum(['Consignment', 'Buying']).nullish(),
  storeRequestPriceRange: z.object({ low: moneyInput(), high: moneyInput() }).nullish(),
});
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
    z.object({ option1Value: text, option2Value: text, option3Value: text }),
    z.array(z.string().trim().nullable()).max(3).transform(([option1Value, option2Value, option3Value]) => ({ option1Value, option2Value, option3Value })),
  ])
  .nullish();

export const ZFeesQuery = z
  .object({
    id: ZUuid().nullish(),
    productId: ZUuid().nullish(),
    price: moneyInput(INVENTORY_MESSAGES.enterPrice),
    quantity: z.number().int().min(0).nullish(),
    consigner: ZRef(INVENTORY_MESSAGES.selectConsigner).nullish(),
    category: text,
    option1Value: text,
    option2Value: text,
    option3Value: text,
    options: ZFeeOptions,
    cost: moneyInput().nullish(),
    addOns: ZAddOns,
  })
  .transform(({ options, ...q }) => ({
    ...q,
    option1Value: q.option1Value ?? options?.option1Value,
    option2Value: q.option2Value ?? options?.option2Value,
    option3Value: q.option3Value ?? options?.option3Value,
  }));
export type TFeesQuery = z.output<typeof ZFeesQuery>;

export const ZPreapprovalQuery = z.object({
  productId: ZUuid(INVENTORY_MESSAGES.selectProduct),
  option1Value: text,
  option2Value: text,
  option3Value: text,
  price: moneyInput(INVENTORY_MESSAGES.enterPrice),
});

export const ZUpdateInventory = z.object({
  consigner: ZRef(INVENTORY_MESSAGES.selectConsigner).optional(),
  price: moneyInput().optional(),
  payoutFee: moneyInput().optional(),
  payout: moneyInput().optional(),
  cost: moneyInput().nullish(),
  option1Value: text,
  option2Value: text,
  option3Value: text,
  location: text,
  subLocation: text,
  image: text,
  status: z.enum(INVENTORY_STATUSES).optional(),
  notes: text,
  trackingCode: text,
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

const ZLocation = { location: text, subLocation: text };
const ZPaymentType = z.enum(PAYMENT_TYPES.map((p) => p.value) as ['cash', 'auto']).nullish();
const ZRequestedPrice = moneyInput(INVENTORY_MESSAGES.priceChangeValue).nullish();

export const ZActionBodies = {
  item: ZItemRef,
  acceptRequestToSell: z.object(ZLocation).and(ZItemOrItems),
  acceptInventory: z.object({ ...ZLocation, paymentType: ZPaymentType }).and(ZItemOrItems),
  acceptStoreRequest: z.object({ price: moneyInput().nullish() }).and(ZItemRef),
  items: ZItemOrItems,
  priceRequest: z.object({ requestedPrice: ZRequestedPrice }).and(ZItemRef),
  withdraw: z.object({ isWithdrawnEarly: z.boolean().nullish(), withdrawalFee: moneyInput().nullish() }).and(ZItemRef),
  cancelDropoff: z
    .object({ id: ZUuid().optional(), ids: ZIds.optional(), consigner: ZRef().nullish() })
    .refine((v) => v.id || v.ids, { error: 'Please select at least 1 item' })
    .transform((v) => ({ ids: v.ids ?? [v.id!], consigner: v.consigner ?? null })),
  transfer: z.object({
    inventories: ZIds,
    location: z.string({ error: INVENTORY_MESSAGES.selectLocation }).trim().min(1, { error: INVENTORY_MESSAGES.selectLocation }),
    subLocation: text,
    shouldOverrideLocationOption: z.boolean().nullish(),
    locationOption: z.enum(LOCATION_OPTIONS).nullish(),
  }),
  acceptTransfer: z.object({ ids: ZIds, ...ZLocation }),
  ids: z.object({ ids: ZIds }),
  bulkAccept: z.object({ ids: ZIds, ...ZLocation, paymentType: ZPaymentType }),
} as const;
