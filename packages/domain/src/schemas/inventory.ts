import { z } from 'zod';
import { INVENTORY_MESSAGES } from '../messages.ts';
import { PAYMENT_TYPES } from '../constants.ts';
import { money, optionalText, requiredString } from './common.ts';

/** requestPriceChange: a price above 0, given in major units, parsed to minor units. */
export const ZPriceChangeRequest = z.object({
  requestedPrice: money(INVENTORY_MESSAGES.enterPrice).pipe(
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
  inventories: z.array(z.string().min(1)).min(1),
  location: requiredString(INVENTORY_MESSAGES.selectLocation),
  shouldOverrideLocationOption: z.boolean().nullish().transform((v) => v ?? false),
  locationOption: z
    .enum(LOCATION_OPTIONS)
    .nullish()
    .transform((v) => v ?? 'option3Value'),
});
export type TTransferInput = z.output<typeof ZTransferInput>;
