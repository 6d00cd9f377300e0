import { z } from 'zod';
import { INVENTORY_MESSAGES } from '../messages.ts';
import { optionalText, requiredString } from './common.ts';

const required = (label: string) => requiredString(INVENTORY_MESSAGES.cellRequired(label));

export const ZGtin = z.object({
  size: required('Size'),
  gtin: required('GTIN'),
});

export const ZProductInput = z
  .object({
    title: required('Title'),
    sku: required('SKU'),
    brand: required('Brand'),
    category: required('Category'),
    gender: required('Gender'),
    productTemplateId: required('Product template'),
    imageList: z
      .array(z.string().trim().min(1), { error: INVENTORY_MESSAGES.imageRequired })
      .min(1, { error: INVENTORY_MESSAGES.imageRequired }),
    /** main image; the first of imageList when not given */
    image: optionalText,
    color: optionalText,
    year: optionalText,
    /** shown as Catalog Id */
    stockXId: optionalText,
    shopifyId: optionalText,
    GTIN: z.array(ZGtin).nullish().transform((v) => v ?? []),
  })
  .transform((p) => ({ ...p, image: p.image ?? p.imageList[0] ?? null }));
export type TProductInput = z.output<typeof ZProductInput>;
