import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { toMinor } from '../money.ts';
import { DomainError } from '../errors.ts';
import { MAX_AMOUNT_MINOR, MAX_WEIGHT_GRAMS, TEXT_LIMITS } from '../constants.ts';
import { amountTooLargeMessage, money, optionalText, requiredString, safeString, textTooLongMessage } from './common.ts';

/** A parsed option value; size values may carry a price (minor units once parsed). */
export const ZOptionValue = z.object({
  value: z.string().trim().min(1).max(TEXT_LIMITS.name, { error: textTooLongMessage('name', 'An option value') }),
  price: z.number().int().nonnegative().max(MAX_AMOUNT_MINOR, { error: amountTooLargeMessage('A size price') }).nullish(),
});
export type TOptionValue = z.infer<typeof ZOptionValue>;

// A trailing ':amount' marks a price, e.g. '10.5:150' or '10.5 : 149.99'.
const PRICED = /^(.*?)\s*:\s*([+-]?\d+(?:\.\d+)?)$/;

function parseOne(text: string): TOptionValue | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = PRICED.exec(trimmed);
  if (m && m[1] !== undefined && m[1].trim() !== '' && m[2] !== undefined) {
    try {
      return { value: m[1].trim(), price: toMinor(m[2]) };
    } catch (e) {
      if (e instanceof DomainError) return { value: trimmed };
      throw e;
    }
  }
  return { value: trimmed };
}

/**
 * Comma-separated option values, trimmed, empties dropped. 'value:price' gives the value a price;
 * the price is typed in major units and stored in minor units ('10:150' -> { value: '10', price: 15000 }).
 */
export function parseOptionValues(input: string): TOptionValue[] {
  return input
    .split(',')
    .map(parseOne)
    .filter((v): v is TOptionValue => v !== null);
}

// Objects carry their price in major units, like every amount the API receives.
const optionValueItem = z.union([
  safeString('note', 'Option values'),
  z.object({ value: safeString('name', 'An option value'), price: money(undefined, 'A size price').pipe(z.number().min(0)).nullish() }),
]);
/** Values typed as one comma-separated text, or a list (at most MAX_OPTION_VALUES entries). */
const MAX_OPTION_VALUES = 500;
const optionValuesInput = z.union([safeString('note', 'Option values'), z.array(optionValueItem).max(MAX_OPTION_VALUES)]);
type OptionValueItem = z.output<typeof optionValueItem>;

function normaliseValues(input: string | OptionValueItem[]): TOptionValue[] {
  if (typeof input === 'string') return parseOptionValues(input);
  return input.flatMap((item) => {
    if (typeof item === 'string') return parseOptionValues(item);
    const value = item.value.trim();
    if (value === '') return [];
    return [item.price === undefined ? { value } : { value, price: item.price }];
  });
}

const option1Values = z
  .union(optionValuesInput.options, { error: PEOPLE_MESSAGES.option1ValuesRequired })
  .transform(normaliseValues)
  .pipe(z.array(ZOptionValue).min(1, { error: PEOPLE_MESSAGES.option1ValuesRequired }));

/** Option 2 and 3 values are plain names (conditions, box states). */
const plainValues = optionValuesInput
  .nullish()
  .transform((input) => (input ? normaliseValues(input).map((v) => v.value) : []));

export const ZProductTemplateInput = z
  .object({
    title: requiredString(PEOPLE_MESSAGES.titleRequired),
    category: requiredString(PEOPLE_MESSAGES.categoryRequired),
    brand: requiredString(PEOPLE_MESSAGES.brandRequired),
    gender: optionalText,
    /** grams */
    weight: z.number().int({ error: 'Weight must be a whole number of grams' }).nonnegative().max(MAX_WEIGHT_GRAMS, { error: `Weight must be at most ${MAX_WEIGHT_GRAMS.toLocaleString('en-US')} grams` }).nullish().transform((v) => v ?? null),
    option1: requiredString(PEOPLE_MESSAGES.option1Required),
    option2: optionalText,
    option3: optionalText,
    option1Values,
    option2Values: plainValues,
    option3Values: plainValues,
  })
  .superRefine((t, ctx) => {
    if (t.option2Values.length > 0 && !t.option2) {
      ctx.addIssue({ code: 'custom', path: ['option2'], message: PEOPLE_MESSAGES.option2TitleMissing });
    }
    if (t.option3Values.length > 0 && !t.option3) {
      ctx.addIssue({ code: 'custom', path: ['option3'], message: PEOPLE_MESSAGES.option3TitleMissing });
    }
  });
export type TProductTemplateInput = z.output<typeof ZProductTemplateInput>;

// ---------------------------------------------------------------------------------------------
// Responses (docs/api-foundation.md).

/** An option value at the API: a size may carry a price, in major units. */
export const ZTemplateOptionValue = z.object({ value: z.string(), price: z.number().optional() });

/** A product template as the API answers it: the option set of a product (catalogue doc section 3). */
export const ZProductTemplate = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string(),
  category: z.string(),
  gender: z.string().nullable(),
  /** grams */
  weight: z.number().nullable(),
  option1: z.string(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  option1Values: z.array(ZTemplateOptionValue),
  option2Values: z.array(ZTemplateOptionValue),
  option3Values: z.array(ZTemplateOptionValue),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** DELETE /api/productTemplates/{id} */
export const ZProductTemplateDeleted = z.object({ id: z.string() });
