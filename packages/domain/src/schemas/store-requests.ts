import { z } from 'zod';
import { STORE_REQUEST_MESSAGES } from '../store-requests.ts';
import { boundedText, money, optionalText, pageNumber, requiredString } from './common.ts';

// Store requests (docs/store-requests.md): Request Items (/request), the consigner's answer on Store
// Request (/storeRequest) and the public catalogue (/catalogue/{handle}).

/** A price range in the API's major units. */
export const ZPriceRange = z.object({ low: z.number(), high: z.number() });

/** One requested product: nothing but what the catalogue shows (no consigner, cost or payout). */
export const ZStoreRequestProduct = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string(),
  sku: z.string(),
  category: z.string(),
  image: z.string().nullable(),
  productTemplateId: z.string().nullable(),
  /** The template's sizes (option 1 values), for an answer's size picker. */
  sizes: z.array(z.string()),
  /** The range staff set on the request; null: any price. */
  priceRange: ZPriceRange.nullable(),
  /** Where it is requested (a request is a product at a location). */
  location: z.string(),
});
export type TStoreRequestProduct = z.output<typeof ZStoreRequestProduct>;

/** GET /api/storeRequests and the public catalogue's list: the products requested at one location. */
export const ZStoreRequests = z.object({
  /** The location listed (the first one when none was asked for); null when the store has none, or for one product's requests at every location. */
  location: z.string().nullable(),
  locations: z.array(z.string()),
  products: z.array(ZStoreRequestProduct),
  count: z.number(),
});
export type TStoreRequests = z.output<typeof ZStoreRequests>;

export const ZStoreRequestsQuery = z.object({
  location: optionalText,
  /**
   * One product's requests (the Add Inventory modal's card): at `location`, or at every location
   * when none is given (then the answer's `location` is null and each product entry names its own).
   */
  productId: z.uuid('Product not found').optional(),
  search: optionalText,
  page: pageNumber('page').default(1),
  pageSize: z.coerce.number().int('pageSize must be a whole number').min(1, 'pageSize must be between 1 and 500').max(500, 'pageSize must be between 1 and 500').default(20),
});
export type TStoreRequestsQuery = z.output<typeof ZStoreRequestsQuery>;

const rangeAmount = (label: string) => money(`Please enter the ${label.toLowerCase()}`, label).refine((v) => v >= 0, { error: 'Prices cannot be negative' });

/** PUT /api/storeRequests/priceRange: staff set (or, with null, remove) a request's price range. */
export const ZSetStoreRequestRange = z.object({
  productId: z.uuid('Product not found'),
  location: requiredString('Please select a location'),
  priceRange: z
    .object({ low: rangeAmount('Lowest price'), high: rangeAmount('Highest price') })
    .refine((r) => r.low <= r.high, { error: STORE_REQUEST_MESSAGES.rangeOrder })
    .nullable(),
});
export type TSetStoreRequestRange = z.output<typeof ZSetStoreRequestRange>;

/** POST /api/consigners/sendStoreRequestedItemsEmail: the catalogue link to the store's consigners. */
export const ZSendStoreRequestEmail = z.object({ location: optionalText });
export const ZSendStoreRequestEmailResult = z.object({ sent: z.number(), link: z.string() });

/** GET /open/catalogue/{handle}: the public page, its store's face and what it asks for. */
export const ZPublicCatalogue = ZStoreRequests.extend({
  store: z.object({ name: z.string(), handle: z.string(), logo: z.string().nullable(), currency: z.string(), isBuyingStore: z.boolean() }),
});
export type TPublicCatalogue = z.output<typeof ZPublicCatalogue>;

export const ZCatalogueParams = z.object({ handle: boundedText('code', 'Handle').min(1, 'Handle not found') });
