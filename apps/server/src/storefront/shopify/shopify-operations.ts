// Every GraphQL document the Shopify adapter sends (Admin API 2026-10), with its cost bound and the
// shape of its answer. The tests run each one through the fake, which validates it against Shopify's
// schema (apps/server/test/fixtures/shopify-admin-2026-10.graphql.gz) and reports its cost.
//
// Cost bounds follow Shopify's published rules: a scalar or enum 0, an object 1, a connection 2 plus
// `first` times a node's cost, a mutation 10 plus its payload's selection. A single query may cost at
// most 1,000, so page sizes are chosen to stay under it.
import type { ShopifyOperation } from './shopify-client.ts';

export const MAX_QUERY_COST = 1000;

type UserErrorNode = { field: string[] | null; message: string; code?: string | null };
type PageInfo = { hasNextPage: boolean; endCursor: string | null };
type Money = { shopMoney: { amount: string } };

// ---- shop --------------------------------------------------------------------------------------

export type ShopData = {
  shop: { name: string; myshopifyDomain: string; currencyCode: string };
  locations: { nodes: { id: string; name: string; isActive: boolean; fulfillsOnlineOrders: boolean }[] };
  publications: { nodes: { id: string; catalog: { title: string } | null }[] };
};

const LOCATIONS_PER_PAGE = 50;
const PUBLICATIONS_PER_PAGE = 20;

export const CHECK_CONNECTION: ShopifyOperation<Record<string, never>> = {
  name: 'BackroomCheckConnection',
  query: `query BackroomCheckConnection {
  shop { name myshopifyDomain currencyCode }
  locations(first: ${LOCATIONS_PER_PAGE}, includeInactive: true) { nodes { id name isActive fulfillsOnlineOrders } }
  publications(first: ${PUBLICATIONS_PER_PAGE}) { nodes { id catalog { title } } }
}`,
  // shop 1; locations 2 + 50 x 1; publications 2 + 20 x (1 + catalog 1)
  cost: () => 1 + (2 + LOCATIONS_PER_PAGE) + (2 + PUBLICATIONS_PER_PAGE * 2),
};

// ---- products out -------------------------------------------------------------------------------

export type PushedVariantNode = { id: string; sku: string | null; inventoryItem: { id: string } };
export type VariantIdsPage = { nodes: PushedVariantNode[]; pageInfo: PageInfo };

export type ProductSetData = {
  productSet: {
    product: { id: string; handle: string; status: string; onlineStoreUrl: string | null; variants: VariantIdsPage } | null;
    userErrors: UserErrorNode[];
  } | null;
};

/** `variants`: how many of the product's variants to read back, the number sent (at most a page). */
export type ProductSetVariables = { identifier: { id: string } | { handle: string }; input: Record<string, unknown>; variants: number };

const PUSHED_VARIANTS_PER_PAGE = 250;
// a variant with its inventory item: 1 + 1
const PUSHED_VARIANTS_COST = 2 + PUSHED_VARIANTS_PER_PAGE * 2;

/** The variants productSet reads back: those sent, 1 to a page. */
export const pushedVariantsToRead = (sent: number) => Math.min(PUSHED_VARIANTS_PER_PAGE, Math.max(1, Math.floor(sent) || 1));

export const PRODUCT_SET: ShopifyOperation<ProductSetVariables> = {
  name: 'BackroomProductSet',
  query: `mutation BackroomProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!, $variants: Int!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) {
    product {
      id handle status onlineStoreUrl
      variants(first: $variants) { nodes { id sku inventoryItem { id } } pageInfo { hasNextPage endCursor } }
    }
    userErrors { field message code }
  }
}`,
  // mutation 10; product 1 + the variants read back (as many as sent: Shopify charges, and the
  // bucket waits for, what `first` asks, so a page of 250 for a one-item product made every push
  // wait for 500 points); userErrors 1
  cost: (v) => 10 + 1 + 2 + pushedVariantsToRead(v.variants) * 2 + 1,
};

export type ProductVariantIdsData = { product: { variants: VariantIdsPage } | null };

export const PRODUCT_VARIANT_IDS: ShopifyOperation<{ id: string; after: string | null }> = {
  name: 'BackroomProductVariantIds',
  query: `query BackroomProductVariantIds($id: ID!, $after: String) {
  product(id: $id) {
    variants(first: ${PUSHED_VARIANTS_PER_PAGE}, after: $after) { nodes { id sku inventoryItem { id } } pageInfo { hasNextPage endCursor } }
  }
}`,
  cost: () => 1 + PUSHED_VARIANTS_COST,
};

export type PublishData = { publishablePublish: { publishable: { onlineStoreUrl?: string | null } | null; userErrors: UserErrorNode[] } | null };

export const PUBLISH: ShopifyOperation<{ id: string; input: { publicationId: string }[] }> = {
  name: 'BackroomPublish',
  query: `mutation BackroomPublish($id: ID!, $input: [PublicationInput!]!) {
  publishablePublish(id: $id, input: $input) {
    publishable { ... on Product { onlineStoreUrl } }
    userErrors { field message }
  }
}`,
  // mutation 10; the product 1; userErrors 1
  cost: () => 10 + 1 + 1,
};

export type UnpublishData = { productUpdate: { product: { id: string; status: string } | null; userErrors: UserErrorNode[] } | null };

export const UNPUBLISH: ShopifyOperation<{ product: { id: string; status: 'DRAFT' } }> = {
  name: 'BackroomUnpublish',
  query: `mutation BackroomUnpublish($product: ProductUpdateInput!) {
  productUpdate(product: $product) { product { id status } userErrors { field message } }
}`,
  cost: () => 10 + 1 + 1,
};

// ---- stock ----------------------------------------------------------------------------------------

/** Shopify refuses an input list longer than this. */
export const MAX_INPUT_LIST = 250;

export type SetQuantitiesData = {
  inventorySetQuantities: { inventoryAdjustmentGroup: { id: string } | null; userErrors: UserErrorNode[] } | null;
};

export type SetQuantitiesVariables = {
  key: string;
  input: {
    name: 'available';
    reason: string;
    referenceDocumentUri?: string;
    quantities: { inventoryItemId: string; locationId: string; quantity: number; changeFromQuantity: number | null }[];
  };
};

// As of 2026-04 the idempotency key is required on the inventory mutations.
export const SET_QUANTITIES: ShopifyOperation<SetQuantitiesVariables> = {
  name: 'BackroomSetStock',
  query: `mutation BackroomSetStock($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id }
    userErrors { field message code }
  }
}`,
  cost: () => 10 + 1 + 1,
};

// ---- products in ----------------------------------------------------------------------------------

export type VariantNode = {
  id: string;
  sku: string | null;
  title: string;
  price: string;
  compareAtPrice: string | null;
  selectedOptions: { name: string; value: string }[];
  inventoryItem: { id: string; tracked: boolean };
  inventoryQuantity: number | null;
};
export type VariantsPage = { nodes: VariantNode[]; pageInfo: PageInfo };
export type ProductNode = {
  __typename: 'Product';
  id: string;
  handle: string;
  title: string;
  status: string;
  onlineStoreUrl: string | null;
  updatedAt: string;
  variants: VariantsPage;
};

const VARIANT_FIELDS = 'id sku title price compareAtPrice selectedOptions { name value } inventoryItem { id tracked } inventoryQuantity';
// a variant 1, its selectedOptions 1, its inventory item 1
const VARIANT_COST = 3;
const VARIANTS_WITH_PRODUCT = 25;
const PRODUCT_NODE_COST = 1 + 2 + VARIANTS_WITH_PRODUCT * VARIANT_COST;
/** Products asked for in one call: 10 x 78 = 780 points. */
export const PRODUCTS_PER_CALL = 10;

export type ProductsData = { nodes: (ProductNode | { __typename: string } | null)[] };

export const PRODUCTS: ShopifyOperation<{ ids: string[] }> = {
  name: 'BackroomProducts',
  query: `query BackroomProducts($ids: [ID!]!) {
  nodes(ids: $ids) {
    __typename
    ... on Product {
      id handle title status onlineStoreUrl updatedAt
      variants(first: ${VARIANTS_WITH_PRODUCT}) { nodes { ${VARIANT_FIELDS} } pageInfo { hasNextPage endCursor } }
    }
  }
}`,
  cost: ({ ids }) => ids.length * PRODUCT_NODE_COST,
};

const VARIANTS_PER_PAGE = 100;

export type ProductVariantsData = { product: { variants: VariantsPage } | null };

export const PRODUCT_VARIANTS: ShopifyOperation<{ id: string; after: string | null }> = {
  name: 'BackroomProductVariants',
  query: `query BackroomProductVariants($id: ID!, $after: String) {
  product(id: $id) {
    variants(first: ${VARIANTS_PER_PAGE}, after: $after) { nodes { ${VARIANT_FIELDS} } pageInfo { hasNextPage endCursor } }
  }
}`,
  cost: () => 1 + 2 + VARIANTS_PER_PAGE * VARIANT_COST,
};

// ---- orders in -------------------------------------------------------------------------------------

export type LineItemNode = {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  currentQuantity: number;
  variant: { id: string } | null;
  originalUnitPriceSet: Money;
  discountedUnitPriceAfterAllDiscountsSet: Money;
};
export type LineItemsPage = { nodes: LineItemNode[]; pageInfo: PageInfo };
export type OrderNode = {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  processedAt: string | null;
  updatedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  displayFinancialStatus: string | null;
  currencyCode: string;
  email: string | null;
  phone: string | null;
  test: boolean;
  sourceName: string | null;
  customer: { firstName: string | null; lastName: string | null } | null;
  totalPriceSet: Money;
  displayFulfillmentStatus: string | null;
  fulfillments: { createdAt: string | null; status: string | null }[] | null;
  lineItems: LineItemsPage;
};

const LINE_FIELDS = `id title variantTitle sku quantity currentQuantity variant { id }
  originalUnitPriceSet { shopMoney { amount } } discountedUnitPriceAfterAllDiscountsSet { shopMoney { amount } }`;
// a line 1, its variant 1, two money bags of 1 + shopMoney 1
const LINE_COST = 6;
/** Shipments read per order (when it shipped: docs/storefront-orders.md "Shipping"); more is rare for one-off items. */
const FULFILLMENTS_PER_ORDER = 10;
const ORDER_FIELDS = `id legacyResourceId name createdAt processedAt updatedAt cancelledAt cancelReason displayFinancialStatus
  currencyCode email phone test sourceName customer { firstName lastName } totalPriceSet { shopMoney { amount } }
  displayFulfillmentStatus fulfillments(first: ${FULFILLMENTS_PER_ORDER}) { createdAt status }`;
// the order 1, its customer 1, its total 1 + shopMoney 1, its fulfilments (a plain list) 1
const ORDER_COST = 5;

const LINES_WITH_ORDER = 50;

export type OrderData = { order: OrderNode | null };

export const ORDER: ShopifyOperation<{ id: string }> = {
  name: 'BackroomOrder',
  query: `query BackroomOrder($id: ID!) {
  order(id: $id) {
    ${ORDER_FIELDS}
    lineItems(first: ${LINES_WITH_ORDER}) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }
  }
}`,
  cost: () => ORDER_COST + 2 + LINES_WITH_ORDER * LINE_COST,
};

const LINES_PER_PAGE = 100;

export type OrderLinesData = { order: { lineItems: LineItemsPage } | null };

export const ORDER_LINES: ShopifyOperation<{ id: string; after: string | null }> = {
  name: 'BackroomOrderLines',
  query: `query BackroomOrderLines($id: ID!, $after: String) {
  order(id: $id) {
    lineItems(first: ${LINES_PER_PAGE}, after: $after) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }
  }
}`,
  cost: () => 1 + 2 + LINES_PER_PAGE * LINE_COST,
};

/** Orders per page of listOrdersSince: 2 + 10 x (5 + 2 + 10 x 6) = 672 points. */
export const ORDERS_PER_PAGE = 10;
const LINES_WITH_ORDERS = 10;

export type OrdersData = { orders: { nodes: OrderNode[]; pageInfo: PageInfo } };

export const ORDERS_SINCE: ShopifyOperation<{ query: string; after: string | null }> = {
  name: 'BackroomOrdersSince',
  query: `query BackroomOrdersSince($query: String!, $after: String) {
  orders(first: ${ORDERS_PER_PAGE}, after: $after, sortKey: UPDATED_AT, query: $query) {
    nodes {
      ${ORDER_FIELDS}
      lineItems(first: ${LINES_WITH_ORDERS}) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  cost: () => 2 + ORDERS_PER_PAGE * (ORDER_COST + 2 + LINES_WITH_ORDERS * LINE_COST),
};

// ---- bulk imports (docs/storefront-sync.md "Bulk first sync") ---------------------------------------
// A bulk mutation runs one mutation per line of an uploaded JSONL file, on Shopify's side, uncharged:
// only stagedUploadsCreate, bulkOperationRunMutation and the polls of bulkOperation cost points.

/** The mutation each line of a bulk push runs (the line holds its `identifier` and `input`), as the per-product push reads its answer. */
export const BULK_PRODUCT_SET = `mutation BackroomBulkProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) {
    product {
      id handle status
      variants(first: ${PUSHED_VARIANTS_PER_PAGE}) { nodes { id sku inventoryItem { id } } pageInfo { hasNextPage endCursor } }
    }
    userErrors { field message code }
  }
}`;

/** The mutation each line of a bulk publish runs (a new product to the configured publications). */
export const BULK_PUBLISH = `mutation BackroomBulkPublish($id: ID!, $input: [PublicationInput!]!) {
  publishablePublish(id: $id, input: $input) {
    publishable { ... on Product { id onlineStoreUrl } }
    userErrors { field message }
  }
}`;

/** The documents Shopify runs line by line, for the tests that validate them against the schema. */
export const BULK_LINE_MUTATIONS = [BULK_PRODUCT_SET, BULK_PUBLISH] as const;

export type BulkProductSetLine = { productSet: ProductSetData['productSet'] };
export type BulkPublishLine = { publishablePublish: { publishable: { id?: string; onlineStoreUrl?: string | null } | null; userErrors: UserErrorNode[] } | null };

type StagedUploadInput = { resource: 'BULK_MUTATION_VARIABLES'; filename: string; mimeType: string; httpMethod: 'POST' };

export type StagedUploadsData = {
  stagedUploadsCreate: { stagedTargets: { url: string | null; resourceUrl: string | null; parameters: { name: string; value: string }[] }[] | null; userErrors: UserErrorNode[] } | null;
};

export const STAGED_UPLOADS_CREATE: ShopifyOperation<{ input: StagedUploadInput[] }> = {
  name: 'BackroomStagedUpload',
  query: `mutation BackroomStagedUpload($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`,
  // mutation 10; per target 1 + its parameters 1; userErrors 1
  cost: (v) => 10 + (v.input?.length ?? 1) * 2 + 1,
};

export type BulkOperationNode = {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';
  errorCode: string | null;
  objectCount: string;
  url: string | null;
  partialDataUrl: string | null;
};

const BULK_OPERATION_FIELDS = 'id status errorCode objectCount url partialDataUrl';

export type BulkRunMutationData = { bulkOperationRunMutation: { bulkOperation: BulkOperationNode | null; userErrors: UserErrorNode[] } | null };

export const BULK_RUN_MUTATION: ShopifyOperation<{ mutation: string; stagedUploadPath: string; clientIdentifier: string }> = {
  name: 'BackroomBulkRun',
  query: `mutation BackroomBulkRun($mutation: String!, $stagedUploadPath: String!, $clientIdentifier: String) {
  bulkOperationRunMutation(mutation: $mutation, stagedUploadPath: $stagedUploadPath, clientIdentifier: $clientIdentifier) {
    bulkOperation { ${BULK_OPERATION_FIELDS} }
    userErrors { field message code }
  }
}`,
  cost: () => 10 + 1 + 1,
};

export type BulkOperationData = { bulkOperation: BulkOperationNode | null };

// bulkOperation(id:), not the currentBulkOperation of older versions (deprecated in 2026-10)
export const BULK_OPERATION: ShopifyOperation<{ id: string }> = {
  name: 'BackroomBulkOperation',
  query: `query BackroomBulkOperation($id: ID!) {
  bulkOperation(id: $id) { ${BULK_OPERATION_FIELDS} }
}`,
  cost: () => 1,
};

/** Every operation, for the tests that run each through the fake. */
export const ALL_OPERATIONS = [
  CHECK_CONNECTION,
  PRODUCT_SET,
  PRODUCT_VARIANT_IDS,
  PUBLISH,
  UNPUBLISH,
  SET_QUANTITIES,
  PRODUCTS,
  PRODUCT_VARIANTS,
  ORDER,
  ORDER_LINES,
  ORDERS_SINCE,
  STAGED_UPLOADS_CREATE,
  BULK_RUN_MUTATION,
  BULK_OPERATION,
] as const;
