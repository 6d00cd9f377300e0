// The storefront adapter (docs/storefront-sync.md "Adapter and fake"): what Backroom asks of
// an online storefront, in Backroom's own terms. One adapter per connected store; Shopify's is in
// shopify/ (Admin GraphQL API). Jobs, routes and webhooks use these types only, never Shopify's.
//
// Shapes: every item on sale is one variant of its product (stock 1 at the item's location, spec
// catalogue-and-stock.md sections 3 and 4); money is integer minor units (hundredths of the major unit,
// as packages/domain/src/money.ts); ids are the storefront's own (Shopify GIDs, e.g.
// 'gid://shopify/Product/8123456789'), kept as Product.shopifyId and Inventory.shopifyId.

export type StorefrontPlatform = 'shopify';

/** A product as Backroom publishes it: the product and every one of its items on sale. */
export type StorefrontProductInput = {
  /** The storefront's id once the product has one (Product.shopifyId); null on the first push. */
  id: string | null;
  /**
   * The product's handle (its address in the storefront). On a first push it is also the key the
   * storefront finds the product by, so a first push repeated after a lost answer updates the product
   * it created instead of creating a second one.
   */
  handle: string;
  title: string;
  /** The brand. */
  vendor?: string | null;
  /** The category. */
  productType?: string | null;
  descriptionHtml?: string | null;
  tags?: string[];
  /** Option names in order (option1..option3 of the product template), e.g. ['Size', 'Condition']: 1 to 3. */
  options: string[];
  /**
   * The product's variants, all of them: a variant the storefront has and this list lacks is deleted
   * (so an item leaves the storefront by pushing its product without it). At least one; when a product
   * has no item left on sale, `unpublish` it instead.
   */
  variants: StorefrontVariantInput[];
  /** 'active' (on sale) unless told otherwise. */
  status?: 'active' | 'draft';
};

export type StorefrontVariantInput = {
  /** Backroom's reference of the variant (the inventory item's id); returned beside the storefront's ids. */
  ref: string;
  /** The storefront's id once the variant has one (Inventory.shopifyId). */
  id: string | null;
  /** Unique within the product (the item's code): how the storefront's answer is matched back to `ref`. */
  sku: string;
  priceMinor: number;
  compareAtPriceMinor?: number | null;
  /** One value per option, in the order of `options`. The combination must be unique within the product. */
  optionValues: string[];
  barcode?: string | null;
  taxable?: boolean;
  /**
   * The stock a new variant starts with, per location (quantity 1 at the item's location). Ignored for
   * a variant that exists: its stock changes through `setStock`.
   */
  initialStock?: StockAtLocation[];
};

export type StockAtLocation = { locationId: string; quantity: number };

/** What a push left in the storefront. */
export type PushedProduct = {
  id: string;
  handle: string;
  status: StorefrontProductStatus;
  /** The product's page in the online store; null while it is not published there. */
  url: string | null;
  /** Each variant of the input, by `ref`, with the storefront's ids. */
  variants: PushedVariant[];
};

export type PushedVariant = { ref: string; id: string; sku: string; inventoryItemId: string };

/** An absolute quantity for one variant's stock at one location. */
export type StockLevelInput = {
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  /**
   * The quantity Backroom believes the storefront holds now. When given, the storefront refuses the
   * change if it holds another (compare and swap: an item sold there meanwhile is not put back on
   * sale); the refusal is a StorefrontError 'refused' with code CHANGE_FROM_QUANTITY_STALE.
   */
  expected?: number | null;
};

export type SetStockOptions = {
  /**
   * The change's idempotency key: the same key with the same levels is applied once, however often
   * it is sent (a job re-run after a crash). A fresh key per call when absent.
   */
  key?: string;
  /** Why the stock changed, one of the storefront's reasons; 'correction' by default. */
  reason?: string;
  /** A URI naming what caused the change, shown in the storefront's inventory history. */
  referenceDocumentUri?: string;
};

export type StorefrontProductStatus = 'active' | 'draft' | 'archived' | 'unlisted';

export type StorefrontProduct = {
  id: string;
  handle: string;
  title: string;
  status: StorefrontProductStatus;
  url: string | null;
  updatedAt: Date;
  variants: StorefrontVariant[];
};

export type StorefrontVariant = {
  id: string;
  sku: string | null;
  title: string;
  priceMinor: number;
  compareAtPriceMinor: number | null;
  /** The variant's option values by option name, in the product's option order. */
  options: { name: string; value: string }[];
  inventoryItemId: string;
  /** Available units across all locations; null when the storefront does not track its stock. */
  quantity: number | null;
};

export type StorefrontFinancialStatus = 'pending' | 'authorized' | 'partially_paid' | 'paid' | 'partially_refunded' | 'refunded' | 'voided' | 'expired' | 'unknown';

export type StorefrontCustomer = { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };

export type StorefrontOrderLine = {
  id: string;
  /** The variant sold (Inventory.shopifyId); null when the variant was deleted or the line is custom. */
  variantId: string | null;
  sku: string | null;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Units still on the order after refunds and removals: 0 once the line is refunded. */
  currentQuantity: number;
  /** The unit price before discounts. */
  originalUnitPriceMinor: number;
  /** What the customer paid per unit, after every discount. */
  unitPriceMinor: number;
};

export type StorefrontOrder = {
  id: string;
  /** The number in the storefront's admin address (…/admin/orders/{legacyId}). */
  legacyId: string;
  /** '#1001'. */
  name: string;
  createdAt: Date;
  processedAt: Date | null;
  updatedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  financialStatus: StorefrontFinancialStatus;
  currency: string;
  totalMinor: number;
  customer: StorefrontCustomer;
  /** A test order (a bogus gateway): never a real sale. */
  test: boolean;
  sourceName: string | null;
  lines: StorefrontOrderLine[];
  /**
   * When the whole order shipped: the storefront says it is fulfilled, at its latest successful
   * fulfilment (null: not shipped, or only partly). A payout hold may count from it.
   */
  shippedAt: Date | null;
};

/** A fulfilment (a shipment) of an order's lines, as fulfillments/create sends it. */
export type StorefrontFulfillment = {
  id: string;
  orderId: string;
  createdAt: Date | null;
  /** 'success' once shipped; pending, open, cancelled, error, failure otherwise. */
  status: string | null;
  /** The order lines it ships (gid://shopify/LineItem/N). */
  lineIds: string[];
};

export type StorefrontOrderPage = {
  orders: StorefrontOrder[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
};

export type StorefrontRefund = {
  id: string;
  orderId: string;
  createdAt: Date | null;
  lines: { lineItemId: string; quantity: number; restockType: string | null }[];
};

export type StorefrontLocation = { id: string; name: string; isActive: boolean; fulfillsOnlineOrders: boolean };

export type StorefrontShop = {
  name: string;
  domain: string;
  currency: string;
  locations: StorefrontLocation[];
  /** The sales channels' publications a product can be published to (the Online Store among them). */
  publications: { id: string; title: string }[];
};

/** One product of a bulk push: what the storefront left (as pushProduct answers it), or its refusal in the storefront's words. */
export type BulkPushOutcome = { ok: true; product: PushedProduct } | { ok: false; error: string };

export type BulkPushOptions = {
  /** Lines the storefront has worked through so far, of how many (for a job's progress). */
  onProgress?: (done: number, total: number) => void;
};

export interface StorefrontAdapter {
  readonly platform: StorefrontPlatform;
  /** The shop behind the credentials (Settings' Test connection), with its locations and publications. */
  checkConnection(): Promise<StorefrontShop>;
  /** Creates or updates a product with all its variants (see StorefrontProductInput.variants). */
  pushProduct(product: StorefrontProductInput): Promise<PushedProduct>;
  /**
   * Pushes many products at once through the storefront's bulk import, each as pushProduct would (new
   * ones published too). Answers one outcome per product, in order: a refused product does not stop
   * the others. Throws a StorefrontError when the bulk import as a whole fails. Absent on a storefront
   * without bulk imports: push product by product.
   */
  pushProducts?(products: StorefrontProductInput[], options?: BulkPushOptions): Promise<BulkPushOutcome[]>;
  /** Sets absolute quantities per variant and location, stocking a variant at a location it is new to. */
  setStock(levels: StockLevelInput[], options?: SetStockOptions): Promise<void>;
  /** Takes a product off sale in every channel (it stays in the storefront's admin, as a draft). */
  unpublish(productId: string): Promise<void>;
  /** The products of these ids that exist, with their variants; ids the storefront does not know are left out. */
  fetchProducts(ids: string[]): Promise<StorefrontProduct[]>;
  /** One order, or null when the storefront has none of this id. */
  fetchOrder(id: string): Promise<StorefrontOrder | null>;
  /** Orders created or changed at or after `since`, oldest change first, one page at a time. */
  listOrdersSince(since: Date, page?: { after?: string | null }): Promise<StorefrontOrderPage>;
}

/**
 * Why a storefront call failed:
 * - refused: the storefront refused the input (its userErrors; `userErrors` holds each one);
 * - auth: the credentials were refused or lack a permission (401, 403, ACCESS_DENIED);
 * - throttled: still over the rate limit after the last retry;
 * - unavailable: no usable answer after the last retry (5xx, network failure, timeout);
 * - invalid-query: the storefront refused the query itself (a bug of the adapter, never retried);
 * - response: an answer the adapter cannot read.
 */
export type StorefrontErrorKind = 'refused' | 'auth' | 'throttled' | 'unavailable' | 'invalid-query' | 'response';

export type StorefrontUserError = { field: string[] | null; message: string; code: string | null };

/** A failed storefront call. `message` is the storefront's own words, fit for the sync health screen. */
export class StorefrontError extends Error {
  readonly kind: StorefrontErrorKind;
  /** The HTTP status of the last answer, when there was one. */
  readonly status: number | null;
  readonly userErrors: StorefrontUserError[];
  /** How many times the call was sent. */
  readonly attempts: number;

  constructor(kind: StorefrontErrorKind, message: string, details: { status?: number | null; userErrors?: StorefrontUserError[]; attempts?: number } = {}) {
    super(message);
    this.name = 'StorefrontError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.userErrors = details.userErrors ?? [];
    this.attempts = details.attempts ?? 1;
  }

  /** The code of the first user error (e.g. CHANGE_FROM_QUANTITY_STALE), when the storefront gave one. */
  get code(): string | null {
    return this.userErrors.find((e) => e.code)?.code ?? null;
  }
}

export const isStorefrontError = (value: unknown): value is StorefrontError => value instanceof StorefrontError;
