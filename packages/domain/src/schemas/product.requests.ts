// Request bodies and queries of the products API (catalogue doc section 7). Loose shapes with the
// domain's text limits: the service's ZProductInput words the other refusals.
import { z } from 'zod';
import { MAX_IMAGES } from './product.ts';
import { safeString } from './common.ts';

const MAX_SEARCH_PAGE_SIZE = 200;
/** Pages of the product search: 200 pages of 50 is 10,000 products deep, beyond what anyone scrolls. */
const MAX_SEARCH_PAGE = 200;
const PAGE_ERROR = `The page must be a whole number from 1 to ${MAX_SEARCH_PAGE}`;
const PAGE_SIZE_ERROR = `The page size must be a whole number from 1 to ${MAX_SEARCH_PAGE_SIZE}`;

// Loose shapes with the domain's text limits; the service's domain schema words the other refusals.
const text = safeString('name').nullish();
const url = safeString('url', 'Image URL').nullish();
const imageList = z.array(safeString('url', 'Image URL')).max(MAX_IMAGES, `At most ${MAX_IMAGES} images`).nullish();

export const ZProductBody = z.object({
  title: text,
  sku: text,
  brand: text,
  category: text,
  gender: text,
  productTemplateId: text,
  image: url,
  imageList,
  color: text,
  year: z.union([z.number(), safeString('code', 'Year')]).nullish(),
  stockXId: text,
  shopifyId: text,
  GTIN: z.array(z.object({ size: text, gtin: text })).max(500).nullish(),
  price: z.union([z.number(), safeString('code', 'Price')]).nullish(),
  submittedProductId: text,
});

export const ZSubmittedProductBody = z.object({
  title: text,
  brand: text,
  sku: text,
  category: text,
  gender: text,
  image: url,
  imageList,
  productTemplateId: text,
  stockXId: text,
});

/** GET /api/products: search words and a bounded page. */
export const ZProductSearchQuery = z.object({
  search: safeString('search', 'Search').optional(),
  limit: z.coerce.number({ error: PAGE_SIZE_ERROR }).int({ error: PAGE_SIZE_ERROR }).min(1, { error: PAGE_SIZE_ERROR }).max(MAX_SEARCH_PAGE_SIZE, { error: PAGE_SIZE_ERROR }).default(50),
  // paging (the product grid's infinite scroll): bounded, so a deep page never scans the catalogue
  page: z.coerce.number({ error: PAGE_ERROR }).int({ error: PAGE_ERROR }).min(1, { error: PAGE_ERROR }).max(MAX_SEARCH_PAGE, { error: PAGE_ERROR }).default(1),
});

/** GET /api/products/submittedProducts */
export const ZSubmittedProductsQuery = z.object({ search: safeString('search', 'Search').optional(), status: z.enum(['submitted', 'created', 'all']).default('submitted') });

/** POST /api/products/merge */
export const ZProductMergeBody = z.object({ fromProductId: z.string().uuid('Invalid id'), toProductId: z.string().uuid('Invalid id') });
