import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { boundedText, money, optionalText, percent, requiredString } from './common.ts';
import { ZConsignmentTermsView } from './consignment-terms.ts';

/**
 * The Add consigner type dialog and PUT/POST /api/consignerTypes. sellingFee is a percent; minFee and
 * flatFee are given in major units and come out in minor units.
 */
export const ZConsignerTypeInput = z.object({
  accountType: requiredString(PEOPLE_MESSAGES.consignerTypeRequired),
  sellingFee: percent(PEOPLE_MESSAGES.feeRequired, 'Selling fee'),
  minFee: money(PEOPLE_MESSAGES.minFeeRequired, 'Minimum fee').pipe(z.number().min(0, { error: PEOPLE_MESSAGES.minFeeRequired })),
  flatFee: money(undefined, 'Flat fee')
    .pipe(z.number().min(0))
    .nullish()
    .transform((v) => v ?? 0),
  isDefault: z.boolean().nullish().transform((v) => v ?? false),
  category: optionalText,
  option1Value: optionalText,
  option2Value: optionalText,
  option3Value: optionalText,
  categories: z.array(boundedText('name', 'Category').min(1)).max(200).nullish().transform((v) => v ?? null),
});
export type TConsignerTypeInput = z.output<typeof ZConsignerTypeInput>;

/** A consigner type as the API answers it: sellingFee a percent, minFee and flatFee in major units. */
export const ZConsignerType = z.object({
  id: z.string(),
  accountType: z.string(),
  sellingFee: z.number(),
  minFee: z.number(),
  flatFee: z.number(),
  isDefault: z.boolean(),
  category: z.string().nullable(),
  option1Value: z.string().nullable(),
  option2Value: z.string().nullable(),
  option3Value: z.string().nullable(),
  categories: z.array(z.string()).nullable(),
  /** The consignment terms of the type's items (docs/consignment-terms.md), locked on each item at acceptance. */
  terms: ZConsignmentTermsView,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TConsignerType = z.infer<typeof ZConsignerType>;

/** DELETE /api/consignerTypes/{id} */
export const ZConsignerTypeDeleted = z.object({ id: z.string() });
