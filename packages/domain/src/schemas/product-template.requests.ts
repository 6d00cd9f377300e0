// Request bodies of the product templates API (catalogue doc section 7).
import { z } from 'zod';
import { MAX_WEIGHT_GRAMS } from '../constants.ts';
import { safeString } from './common.ts';

// Values are a comma-separated text ('8, 9:120, 10') or a list of values / { value, price } (price in major units).
// Loose shapes with the domain's limits; the service's ZProductTemplateInput words the refusals.
const ZOptionValuesBody = z
  .union([
    safeString('note', 'Option values'),
    z
      .array(z.union([safeString('note', 'Option values'), z.object({ value: safeString('name', 'An option value'), price: z.union([z.number(), safeString('code', 'A size price')]).nullish() })]))
      .max(500),
  ])
  .nullish();
const name = safeString('name').nullish();

/** POST and PUT /api/productTemplates */
export const ZProductTemplateBody = z.object({
  title: name,
  brand: name,
  category: name,
  gender: name,
  weight: z.number().min(0).max(MAX_WEIGHT_GRAMS, `Weight must be at most ${MAX_WEIGHT_GRAMS.toLocaleString('en-US')} grams`).nullish(),
  option1: name,
  option2: name,
  option3: name,
  option1Values: ZOptionValuesBody,
  option2Values: ZOptionValuesBody,
  option3Values: ZOptionValuesBody,
});
