import { z } from 'zod';
import { INVENTORY_MESSAGES } from '../messages.ts';
import { optionalText, optionalTextOf, requiredString } from './common.ts';

/** Images of one product. */
export const MAX_IMAGES = 50;

const required = (label: string) => requiredString(INVENTORY_MESSAGES.cellRequired(label), 'name', label);

export const ZGtin = z.object({
  size: required('Size'),
  gtin: requiredString(INVENTORY_MESSAGES.cellRequired('GTIN'), 'code', 'GTIN'),
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
      .array(requiredString(INVENTORY_MESSAGES.imageRequired, 'url', 'Image URL'), { error: INVENTORY_MESSAGES.imageRequired })
      .min(1, { error: INVENTORY_MESSAGES.imageRequired })
      .max(MAX_IMAGES, { error: `At most ${MAX_IMAGES} images` }),
    /** main image; the first of imageList when not given */
    image: optionalTextOf('url', 'Image URL'),
    color: optionalText,
    year: optionalText,
    /** shown as Catalog Id */
    stockXId: optionalText,
    shopifyId: optionalText,
    GTIN: z.array(ZGtin).max(500).nullish().transform((v) => v ?? []),
  })
  .transform((p) => ({ ...p, image: p.image ?? p.imageList[0] ?? null }));
export type TProductInput = z.output<typeof ZProductInput>;

// ---------------------------------------------------------------------------------------------
// Responses (docs/api-foundation.md): what the API answers. Money in major units, dates as ISO strings.

/** A GTIN of a product, in size order. */
export const ZProductGtin = z.object({ size: z.string(), gtin: z.string() });

/** A product as GET /api/products answers it. */
export const ZProduct = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string(),
  sku: z.string(),
  category: z.string(),
  gender: z.string(),
  color: z.string().nullable(),
  year: z.number().nullable(),
  image: z.string().nullable(),
  imageList: z.array(z.string()),
  productTemplateId: z.string().nullable(),
  /** shown as Catalog Id */
  stockXId: z.string().nullable(),
  shopifyId: z.string().nullable(),
  GTIN: z.array(ZProductGtin),
  price: z.number().nullable(),
  lastSale: z.number().nullable(),
  currentLowest: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The duplicate-products panel: enough to show and open each one. */
export const ZDuplicateProduct = z.object({ id: z.string(), title: z.string(), sku: z.string(), brand: z.string(), image: z.string().nullable() });

/** GET /api/products/{id}: the product, other products with its SKU, and its listing count. */
export const ZProductDetail = ZProduct.extend({ duplicateProducts: z.array(ZDuplicateProduct), listingCount: z.number() });

/** A consigner's request for a product missing from the catalogue. */
export const ZSubmittedProduct = z.object({
  id: z.string(),
  consignerId: z.string().nullable(),
  title: z.string(),
  brand: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  gender: z.string().nullable(),
  image: z.string().nullable(),
  imageList: z.array(z.string()),
  productTemplateId: z.string().nullable(),
  stockXId: z.string().nullable(),
  status: z.enum(['submitted', 'created']),
  createdAt: z.string(),
});

/** POST /api/products/submittedProducts */
export const ZSubmittedProductCreated = z.object({ submittedProduct: ZSubmittedProduct, message: z.string() });

/** GET /api/products/lowestVariantPrices/{id}: the lowest Active price of each size. */
export const ZVariantPrice = z.object({ option1Value: z.string().nullable(), price: z.number().nullable(), quantity: z.number() });

/** Merge and resync answer at once; the work runs as the background job `jobId` (GET /api/jobs/{id}). */
export const ZProductJobStarted = z.object({ message: z.string(), jobId: z.string() });

/** The result of a finished merge job. */
export const ZProductMergeResult = z.object({
  fromProductId: z.string(),
  toProductId: z.string(),
  movedInventory: z.number(),
  movedGtins: z.number(),
  movedLogs: z.number(),
  storefront: z.string().nullable(),
});
