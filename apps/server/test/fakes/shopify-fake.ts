// A fake of Shopify's Admin GraphQL API (version 2026-10) for the storefront adapter's tests
// (docs/storefront-sync.md "Adapter and fake"). Faithful where the adapter depends on it:
//
// - every query and mutation is validated against Shopify's real schema first (the committed
//   fixture) and refused as Shopify refuses it: HTTP 200 with `errors` in Shopify's words for the
//   common mistakes ("Field 'handel' doesn't exist on type 'Product'", code undefinedField; unknown
//   arguments, missing required arguments, undeclared or unused variables, invalid variable values);
//   other validation failures keep graphql-js's wording;
// - each reply reports extensions.cost {requestedQueryCost, actualQueryCost, throttleStatus} from a
//   leaky bucket like Shopify's (by default 2,000 points restored at 100 a second, the Standard plan):
//   a query whose requested cost exceeds what the bucket holds is answered THROTTLED (HTTP 200,
//   errors[0].extensions.code THROTTLED, no data), one above 1,000 points MAX_COST_EXCEEDED;
// - an in-memory shop (locations, publications, products with options and variants, inventory items
//   and levels, orders with line items) behind the queries and mutations the adapter sends: shop,
//   locations, publications, nodes, product, order, orders (updated_at/created_at search, sort,
//   cursors), productSet (upsert by id or handle, list semantics for variants, all-or-nothing),
//   inventorySetQuantities and inventoryActivate (with @idempotent keys), productUpdate,
//   publishablePublish, and bulk imports (stagedUploadsCreate, the storage bucket's form upload,
//   bulkOperationRunMutation run asynchronously, bulkOperation, the JSONL result: shopify-fake-bulk.ts).
//   A field the fake does not model answers an error naming it, never a made-up
//   value; userError messages follow Shopify's where known, else the error code's own description;
// - the X-Shopify-Access-Token header is checked (401 with Shopify's text otherwise);
// - `failNext(n, status)` answers the next n calls with 429 (with Retry-After) or a 5xx, and the
//   http-fake faults (hang, lose-answer) apply too.
import crypto from 'node:crypto';
import {
  execute,
  getDirectiveValues,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type TypeNode,
} from 'graphql';
import { header, startHttpFake, type FakeAnswer, type HttpFake, type RecordedRequest } from './http-fake.ts';
import { createFakeBulk, RESULT_HOST, STAGED_UPLOAD_HOST, type FakeBulk } from './shopify-fake-bulk.ts';
import { operationCost } from './shopify-cost.ts';
import { loadShopifySchema } from './shopify-schema.ts';

export const FAKE_API_VERSION = '2026-10';
export const SINGLE_QUERY_MAX_COST = 1000;

export type FakeLocation = { id: string; name: string; isActive: boolean; fulfillsOnlineOrders: boolean };
export type FakePublication = { id: string; title: string };
export type FakeInventoryItem = { id: string; tracked: boolean; sku: string | null; levels: Map<string, number> };
export type FakeVariant = {
  id: string;
  productId: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  barcode: string | null;
  taxable: boolean;
  inventoryPolicy: 'DENY' | 'CONTINUE';
  position: number;
  options: { name: string; value: string }[];
  inventoryItemId: string;
  createdAt: string;
  updatedAt: string;
};
export type FakeProduct = {
  id: string;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  descriptionHtml: string;
  tags: string[];
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' | 'UNLISTED';
  options: { id: string; name: string; position: number; values: string[] }[];
  variantIds: string[];
  publicationIds: Set<string>;
  createdAt: string;
  updatedAt: string;
};
export type FakeLine = {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  currentQuantity: number;
  variantId: string | null;
  originalUnitPrice: string;
  discountedUnitPrice: string;
};
export type FakeOrder = {
  id: string;
  name: string;
  createdAt: string;
  processedAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  financialStatus: 'PENDING' | 'AUTHORIZED' | 'PARTIALLY_PAID' | 'PAID' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED' | 'EXPIRED';
  currencyCode: string;
  email: string | null;
  phone: string | null;
  test: boolean;
  sourceName: string | null;
  customer: { firstName: string | null; lastName: string | null } | null;
  lines: FakeLine[];
  /** Its shipments (fulfilOrder). */
  fulfillments?: FakeFulfillment[];
};
export type FakeFulfillment = { id: string; createdAt: string; status: 'SUCCESS' | 'PENDING' | 'OPEN' | 'CANCELLED'; lineIds: string[] };

/** One GraphQL call the fake answered: what the tests assert on. */
export type FakeCall = {
  operationName: string | null;
  /** The root fields of the operation ('productSet', 'nodes', ...). */
  fields: string[];
  variables: Record<string, unknown>;
  requestedQueryCost: number | null;
  actualQueryCost: number | null;
  outcome: 'ok' | 'invalid' | 'throttled' | 'max-cost' | 'error';
  errors: { message: string; extensions?: Record<string, unknown> }[];
};

export type BucketSettings = { maximumAvailable: number; restoreRate: number; currentlyAvailable?: number };

export type ShopifyFakeOptions = {
  shopDomain?: string;
  accessToken?: string;
  bucket?: BucketSettings;
  currencyCode?: string;
  schema?: GraphQLSchema;
  now?: () => Date;
  /** Listen on this port (0 or absent: any free one). */
  port?: number;
  /** Answers other paths than the Admin API (the runnable server's control routes); null: not mine. */
  extraRoutes?: (req: RecordedRequest) => FakeAnswer | null | Promise<FakeAnswer | null>;
};

export type ShopifyFake = HttpFake & {
  shopDomain: string;
  accessToken: string;
  schema: GraphQLSchema;
  /** A fetch for the adapter (customFetchApi): sends https://{shopDomain}/admin/... to this fake. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  calls: FakeCall[];
  locations: FakeLocation[];
  publications: FakePublication[];
  products: Map<string, FakeProduct>;
  variants: Map<string, FakeVariant>;
  inventoryItems: Map<string, FakeInventoryItem>;
  orders: Map<string, FakeOrder>;
  /** Deletes a product as the shop's admin would (its variants and their inventory items go with it). */
  deleteProduct: (id: string) => void;
  /** The variant with this SKU, with its product and inventory item. */
  variantBySku: (sku: string) => { variant: FakeVariant; product: FakeProduct; item: FakeInventoryItem } | null;
  /** Available units of an inventory item at a location; null when it is not stocked there. */
  available: (inventoryItemId: string, locationId: string) => number | null;
  /** Sets the bucket (size, restore rate, what it holds now). */
  setBucket: (settings: BucketSettings) => void;
  /** What the bucket holds now. */
  bucketLevel: () => number;
  /** Answers the next n GraphQL calls with this HTTP status (429 with a Retry-After, or a 5xx) instead of running them. */
  failNext: (n: number, status: number, options?: { retryAfterSeconds?: number }) => void;
  /** A paid (or pending) order for variants, as a checkout would create it: stock goes down by one per line. */
  placeOrder: (input: { variantIds: string[]; financialStatus?: FakeOrder['financialStatus']; customer?: { firstName: string; lastName: string; email: string }; name?: string }) => FakeOrder;
  /** Cancels an order (refunded, lines' current quantity 0, stock restocked). */
  cancelOrder: (orderId: string) => FakeOrder;
  /** The order as Shopify's orders/* webhooks send it (REST shape), for webhook tests. */
  orderWebhookPayload: (orderId: string) => Record<string, unknown>;
  /** Ships lines of an order (all of them by default), as the shop's admin would: a successful fulfilment. */
  fulfilOrder: (orderId: string, lineIds?: string[]) => FakeFulfillment;
  /** A fulfilment as Shopify's fulfillments/create webhook sends it (REST shape). */
  fulfillmentWebhookPayload: (orderId: string, fulfillmentId: string) => Record<string, unknown>;
  /** Bulk imports: the operations, the staged files, hold()/release() to act while one runs. */
  bulk: Pick<FakeBulk, 'operations' | 'files' | 'hold' | 'release' | 'setPace'>;
};

type Bucket = { max: number; rate: number; available: number; at: number };

const DOC_RATE_LIMITS = 'https://shopify.dev/api/usage/rate-limits';

const gidOf = (type: string, n: number) => `gid://shopify/${type}/${n}`;
const legacyOf = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);
const typeOfGid = (gid: string) => /^gid:\/\/shopify\/([A-Za-z]+)\/\d+$/.exec(gid)?.[1] ?? null;
const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode }, presentmentMoney: { amount, currencyCode } });

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'product';

/** Shopify's Money as it answers it: "19.99" -> "19.99", "20" -> "20.0". */
function moneyText(value: unknown): string {
  const text = String(value).trim();
  const [int, frac = ''] = text.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${Number(int)}.${trimmed || '0'}`;
}
const moneyCents = (value: string) => Math.round(Number(value) * 100);

type UserError = { field: string[] | null; message: string; code?: string };

// The reasons inventorySetQuantities takes (shopify.dev "inventory quantities and states").
const INVENTORY_REASONS = new Set([
  'correction', 'cycle_count_available', 'damaged', 'movement_created', 'movement_updated', 'movement_received', 'movement_canceled', 'other', 'promotion',
  'quality_control', 'received', 'reservation_created', 'reservation_deleted', 'reservation_updated', 'restock', 'safety_stock', 'shrinkage',
]);

export async function startShopifyFake(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  const schema = options.schema ?? loadShopifySchema();
  const shopDomain = options.shopDomain ?? 'backroom-test.myshopify.com';
  const accessToken = options.accessToken ?? 'shpat_fake0123456789abcdef0123456789ab';
  const currencyCode = options.currencyCode ?? 'USD';
  const now = options.now ?? (() => new Date());
  const iso = () => now().toISOString().replace(/\.\d{3}Z$/, 'Z');

  let sequence = 1000;
  const nextId = (type: string) => gidOf(type, 7_000_000_000 + ++sequence);

  const locations: FakeLocation[] = [
    { id: gidOf('Location', 65000000001), name: 'Shop floor', isActive: true, fulfillsOnlineOrders: true },
    { id: gidOf('Location', 65000000002), name: 'Warehouse', isActive: true, fulfillsOnlineOrders: true },
  ];
  const publications: FakePublication[] = [
    { id: gidOf('Publication', 91000000001), title: 'Online Store' },
    { id: gidOf('Publication', 91000000002), title: 'Point of Sale' },
  ];
  const products = new Map<string, FakeProduct>();
  const variants = new Map<string, FakeVariant>();
  const inventoryItems = new Map<string, FakeInventoryItem>();
  const orders = new Map<string, FakeOrder>();
  const idempotency = new Map<string, { params: string; result: unknown; failed: boolean }>();
  const calls: FakeCall[] = [];
  let orderNumber = 1000;
  let fulfillmentNumber = 0;

  let bucket: Bucket = { max: options.bucket?.maximumAvailable ?? 2000, rate: options.bucket?.restoreRate ?? 100, available: 0, at: performance.now() };
  bucket.available = options.bucket?.currentlyAvailable ?? bucket.max;
  const refill = () => {
    const t = performance.now();
    bucket.available = Math.min(bucket.max, bucket.available + ((t - bucket.at) / 1000) * bucket.rate);
    bucket.at = t;
  };
  const throttleStatus = () => ({ maximumAvailable: bucket.max, currentlyAvailable: Math.floor(bucket.available), restoreRate: bucket.rate });

  // ---- reading the shop as GraphQL objects ------------------------------------------------------

  const location = (id: string) => locations.find((l) => l.id === id) ?? null;
  const locationObj = (l: FakeLocation) => ({ __typename: 'Location', ...l, legacyResourceId: legacyOf(l.id) });

  function connection<T>(items: T[], args: { first?: number | null; last?: number | null; after?: string | null; before?: string | null }, map: (item: T) => unknown) {
    if (args.first == null && args.last == null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
    const size = (args.first ?? args.last) as number;
    if (size > 250) throw new GraphQLError(`The ${args.first != null ? 'first' : 'last'} argument must be at most 250 (got ${size})`, { extensions: { code: 'BAD_REQUEST' } });
    const cursorAt = (i: number) => Buffer.from(JSON.stringify({ index: i })).toString('base64');
    const indexOf = (cursor: string) => {
      try {
        return (JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { index: number }).index;
      } catch {
        throw new GraphQLError(`Invalid cursor for current pagination sort.`, { extensions: { code: 'BAD_REQUEST' } });
      }
    };
    let start = args.after ? indexOf(args.after) + 1 : 0;
    let end = args.before ? indexOf(args.before) : items.length;
    if (args.first != null) end = Math.min(end, start + args.first);
    else if (args.last != null) start = Math.max(start, end - args.last);
    const slice = items.slice(start, end).map((item, i) => ({ item, cursor: cursorAt(start + i) }));
    return {
      nodes: slice.map((s) => map(s.item)),
      edges: slice.map((s) => ({ cursor: s.cursor, node: map(s.item) })),
      pageInfo: {
        hasNextPage: end < items.length,
        hasPreviousPage: start > 0,
        startCursor: slice[0]?.cursor ?? null,
        endCursor: slice.at(-1)?.cursor ?? null,
      },
    };
  }

  function inventoryItemObj(item: FakeInventoryItem) {
    return { __typename: 'InventoryItem', id: item.id, tracked: item.tracked, sku: item.sku, legacyResourceId: legacyOf(item.id) };
  }

  const variantTitle = (v: FakeVariant) => v.options.map((o) => o.value).join(' / ');

  function variantObj(v: FakeVariant): Record<string, unknown> {
    const item = inventoryItems.get(v.inventoryItemId) as FakeInventoryItem;
    const quantity = [...item.levels.values()].reduce((sum, n) => sum + n, 0);
    return {
      __typename: 'ProductVariant',
      id: v.id,
      legacyResourceId: legacyOf(v.id),
      sku: v.sku,
      title: variantTitle(v),
      displayName: `${products.get(v.productId)?.title ?? ''} - ${variantTitle(v)}`,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      barcode: v.barcode,
      taxable: v.taxable,
      inventoryPolicy: v.inventoryPolicy,
      position: v.position,
      selectedOptions: v.options.map((o) => ({ __typename: 'SelectedOption', name: o.name, value: o.value })),
      inventoryItem: inventoryItemObj(item),
      inventoryQuantity: quantity,
      availableForSale: v.inventoryPolicy === 'CONTINUE' || !item.tracked || quantity > 0,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
      product: () => productObj(products.get(v.productId) as FakeProduct),
    };
  }

  const onlineStore = publications[0];

  function productObj(p: FakeProduct): Record<string, unknown> {
    const list = p.variantIds.map((id) => variants.get(id) as FakeVariant).sort((a, b) => a.position - b.position);
    return {
      __typename: 'Product',
      id: p.id,
      legacyResourceId: legacyOf(p.id),
      handle: p.handle,
      title: p.title,
      vendor: p.vendor,
      productType: p.productType,
      descriptionHtml: p.descriptionHtml,
      tags: p.tags,
      status: p.status,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      onlineStoreUrl: p.status === 'ACTIVE' && p.publicationIds.has(onlineStore.id) ? `https://${shopDomain}/products/${p.handle}` : null,
      options: () => p.options.map((o) => ({ __typename: 'ProductOption', id: o.id, name: o.name, position: o.position, values: o.values })),
      variants: (args: Record<string, number | string | null>) => connection(list, args, variantObj),
      variantsCount: { __typename: 'Count', count: list.length, precision: 'EXACT' },
      totalInventory: list.reduce((sum, v) => sum + (variantObj(v).inventoryQuantity as number), 0),
      hasOnlyDefaultVariant: false,
    };
  }

  function lineObj(l: FakeLine, o: FakeOrder) {
    return {
      __typename: 'LineItem',
      id: l.id,
      title: l.title,
      name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
      variantTitle: l.variantTitle,
      sku: l.sku,
      quantity: l.quantity,
      currentQuantity: l.currentQuantity,
      variant: l.variantId && variants.has(l.variantId) ? variantObj(variants.get(l.variantId) as FakeVariant) : null,
      originalUnitPriceSet: money(l.originalUnitPrice, o.currencyCode),
      discountedUnitPriceAfterAllDiscountsSet: money(l.discountedUnitPrice, o.currencyCode),
    };
  }

  /** REST's fulfillment_status: null, 'partial' or 'fulfilled' (every line with a quantity left shipped). */
  function fulfillmentStatusOf(o: FakeOrder): 'fulfilled' | 'partial' | null {
    const shipped = new Set((o.fulfillments ?? []).filter((f) => f.status === 'SUCCESS').flatMap((f) => f.lineIds));
    const open = o.lines.filter((l) => l.currentQuantity > 0);
    if (shipped.size === 0) return null;
    return open.every((l) => shipped.has(l.id)) ? 'fulfilled' : 'partial';
  }

  const orderTotal = (o: FakeOrder) => o.lines.reduce((sum, l) => sum + moneyCents(l.discountedUnitPrice) * l.quantity, 0);

  function orderObj(o: FakeOrder): Record<string, unknown> {
    return {
      __typename: 'Order',
      id: o.id,
      legacyResourceId: legacyOf(o.id),
      name: o.name,
      createdAt: o.createdAt,
      processedAt: o.processedAt,
      updatedAt: o.updatedAt,
      cancelledAt: o.cancelledAt,
      cancelReason: o.cancelReason,
      displayFinancialStatus: o.financialStatus,
      currencyCode: o.currencyCode,
      email: o.email,
      phone: o.phone,
      test: o.test,
      sourceName: o.sourceName,
      customer: o.customer ? { __typename: 'Customer', ...o.customer } : null,
      totalPriceSet: money((orderTotal(o) / 100).toFixed(2), o.currencyCode),
      displayFulfillmentStatus: fulfillmentStatusOf(o) === 'fulfilled' ? 'FULFILLED' : fulfillmentStatusOf(o) === 'partial' ? 'PARTIALLY_FULFILLED' : 'UNFULFILLED',
      fulfillments: (o.fulfillments ?? []).map((f) => ({ __typename: 'Fulfillment', createdAt: f.createdAt, status: f.status })),
      lineItems: (args: Record<string, number | string | null>) => connection(o.lines, args, (l) => lineObj(l, o)),
    };
  }

  function nodeObj(id: string): Record<string, unknown> | null {
    switch (typeOfGid(id)) {
      case 'Product':
        return products.has(id) ? productObj(products.get(id) as FakeProduct) : null;
      case 'ProductVariant':
        return variants.has(id) ? variantObj(variants.get(id) as FakeVariant) : null;
      case 'InventoryItem':
        return inventoryItems.has(id) ? inventoryItemObj(inventoryItems.get(id) as FakeInventoryItem) : null;
      case 'Order':
        return orders.has(id) ? orderObj(orders.get(id) as FakeOrder) : null;
      case 'Location':
        return location(id) ? locationObj(location(id) as FakeLocation) : null;
      case 'BulkOperation':
        return bulk.node(id);
      default:
        throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } });
    }
  }

  const checkGid = (id: string, type: string) => {
    if (typeOfGid(id) !== type) throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' } });
    return id;
  };

  // ---- orders search ------------------------------------------------------------------------------

  /** Shopify's search syntax, the terms the adapter uses: updated_at / created_at with >=, >, <=, <. */
  function orderFilter(query: string | null | undefined): (o: FakeOrder) => boolean {
    const tests: ((o: FakeOrder) => boolean)[] = [];
    for (const term of (query ?? '').match(/\S+:(?:'[^']*'|"[^"]*"|\S+)/g) ?? []) {
      const match = /^(updated_at|created_at):(>=|<=|>|<)?['"]?([^'"]+)['"]?$/.exec(term);
      if (!match) throw new GraphQLError(`The fake does not understand the search term ${term}`);
      const [, field, op = '=', value] = match;
      const at = Date.parse(value);
      if (Number.isNaN(at)) throw new GraphQLError(`The fake does not understand the search term ${term}`);
      const key = field === 'updated_at' ? 'updatedAt' : 'createdAt';
      tests.push((o) => {
        const t = Date.parse(o[key]);
        return op === '>=' ? t >= at : op === '>' ? t > at : op === '<=' ? t <= at : op === '<' ? t < at : t === at;
      });
    }
    return (o) => tests.every((t) => t(o));
  }

  function ordersConnection(args: { first?: number; last?: number; after?: string; before?: string; query?: string; sortKey?: string; reverse?: boolean }) {
    const key = (o: FakeOrder): string =>
      args.sortKey === 'UPDATED_AT' ? o.updatedAt : args.sortKey === 'CREATED_AT' ? o.createdAt : args.sortKey === 'ID' ? legacyOf(o.id).padStart(20, '0') : o.processedAt;
    const list = [...orders.values()].filter(orderFilter(args.query)).sort((a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
    if (args.reverse) list.reverse();
    // cursors name the order, not its index, so a page stays right while orders change
    const encode = (o: FakeOrder) => Buffer.from(JSON.stringify({ last_id: legacyOf(o.id), last_value: key(o) })).toString('base64');
    const positionAfter = (cursor: string) => {
      let parsed: { last_id: string; last_value: string };
      try {
        parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
      } catch {
        throw new GraphQLError('Invalid cursor for current pagination sort.', { extensions: { code: 'BAD_REQUEST' } });
      }
      const gid = gidOf('Order', Number(parsed.last_id));
      const cmp = (o: FakeOrder) => (key(o).localeCompare(parsed.last_value) || o.id.localeCompare(gid)) * (args.reverse ? -1 : 1);
      const index = list.findIndex((o) => cmp(o) > 0);
      return index === -1 ? list.length : index;
    };
    const start = args.after ? positionAfter(args.after) : 0;
    const size = args.first ?? args.last;
    if (size == null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
    if (size > 250) throw new GraphQLError(`The first argument must be at most 250 (got ${size})`, { extensions: { code: 'BAD_REQUEST' } });
    const slice = list.slice(start, start + size);
    return {
      nodes: slice.map(orderObj),
      edges: slice.map((o) => ({ cursor: encode(o), node: orderObj(o) })),
      pageInfo: { hasNextPage: start + size < list.length, hasPreviousPage: start > 0, startCursor: slice[0] ? encode(slice[0]) : null, endCursor: slice.at(-1) ? encode(slice.at(-1) as FakeOrder) : null },
    };
  }

  // ---- mutations -------------------------------------------------------------------------------------

  /** The @idempotent(key:) of the mutation field being resolved, if any. */
  function idempotencyKey(info: GraphQLResolveInfo): string | null {
    const directive = schema.getDirective('idempotent');
    if (!directive) return null;
    const values = getDirectiveValues(directive, info.fieldNodes[0], info.variableValues) as { key?: string } | undefined;
    if (!values) return null;
    if (!values.key || !values.key.trim()) throw new GraphQLError('The idempotency key cannot be an empty string or whitespace only.', { extensions: { code: 'BAD_REQUEST' } });
    return values.key;
  }

  /** Runs a mutation under its idempotency key: the same key and input answer the first result again. */
  function idempotent<T extends { userErrors: UserError[] }>(info: GraphQLResolveInfo, args: unknown, run: () => T, empty: Omit<T, 'userErrors'>): T {
    const key = idempotencyKey(info);
    if (!key) return run();
    const params = `${info.fieldName}:${JSON.stringify(args)}`;
    const seen = idempotency.get(key);
    if (seen) {
      if (seen.params !== params) return { ...empty, userErrors: [{ field: null, message: 'The same idempotency key cannot be used with different operation parameters.', code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' }] } as T;
      if (seen.failed) return { ...empty, userErrors: [{ field: null, message: 'A previous request with this idempotency key failed. Retry with a new idempotency key.', code: 'IDEMPOTENCY_PREVIOUS_ATTEMPT_FAILED' }] } as T;
      return seen.result as T;
    }
    const result = run();
    idempotency.set(key, { params, result, failed: result.userErrors.length > 0 });
    return result;
  }

  type VariantSetInput = {
    id?: string | null;
    sku?: string | null;
    price?: string | number | null;
    compareAtPrice?: string | number | null;
    barcode?: string | null;
    taxable?: boolean | null;
    inventoryPolicy?: 'DENY' | 'CONTINUE' | null;
    position?: number | null;
    inventoryItem?: { tracked?: boolean | null; sku?: string | null } | null;
    inventoryQuantities?: { locationId: string; name: string; quantity: number }[] | null;
    optionValues: { optionName?: string | null; name?: string | null; optionId?: string | null; id?: string | null }[];
  };
  type ProductSetInput = {
    id?: string | null;
    title?: string | null;
    handle?: string | null;
    vendor?: string | null;
    productType?: string | null;
    descriptionHtml?: string | null;
    tags?: string[] | null;
    status?: FakeProduct['status'] | null;
    productOptions?: { name?: string | null; position?: number | null; values?: { name?: string | null }[] | null }[] | null;
    variants?: VariantSetInput[] | null;
  };

  function productSet(args: { identifier?: { id?: string; handle?: string; customId?: unknown } | null; input: ProductSetInput; synchronous?: boolean }) {
    const { identifier, input } = args;
    const errors: UserError[] = [];
    const fail = (field: string[] | null, message: string, code: string) => errors.push({ field, message, code });
    let existing: FakeProduct | null = null;
    if (identifier?.customId) throw new GraphQLError('The fake does not model productSet by customId');
    const id = identifier?.id ?? input.id ?? null;
    if (id) {
      existing = products.get(id) ?? null;
      if (!existing) return { product: null, productSetOperation: null, userErrors: [{ field: ['identifier', 'id'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' }] };
    } else if (identifier?.handle) {
      existing = [...products.values()].find((p) => p.handle === identifier.handle) ?? null;
    }
    const title = input.title ?? existing?.title ?? '';
    if (!title.trim()) fail(['input', 'title'], "Title can't be blank", 'INVALID_PRODUCT');
    const wantedHandle = input.handle ?? existing?.handle ?? identifier?.handle ?? null;
    let handle = wantedHandle ?? slug(title);
    const takenBy = (h: string) => [...products.values()].find((p) => p.handle === h && p !== existing);
    if (wantedHandle && takenBy(wantedHandle)) fail(['input', 'handle'], `Handle '${wantedHandle}' already in use. Please provide a new handle.`, 'HANDLE_NOT_UNIQUE');
    else if (!wantedHandle) for (let n = 1; takenBy(handle); n++) handle = `${slug(title)}-${n}`;

    let optionList: { name: string; values: string[] }[] | null = null;
    const matched = new Map<number, FakeVariant | null>();
    if (input.variants != null) {
      if (!input.productOptions) fail(['input', 'productOptions'], 'Product options input is required when updating variants.', 'PRODUCT_OPTIONS_INPUT_MISSING');
      optionList = (input.productOptions ?? []).map((o) => ({ name: (o.name ?? '').trim(), values: (o.values ?? []).map((v) => (v.name ?? '').trim()) }));
      if (optionList.length > 3) fail(['input', 'productOptions'], 'Can only specify a maximum of 3 options', 'OPTIONS_OVER_LIMIT');
      optionList.forEach((o, i) => {
        if (!o.name) fail(['input', 'productOptions', String(i), 'name'], 'Option name cannot be blank.', 'INVALID_INPUT');
        if (optionList?.findIndex((x) => x.name === o.name) !== i) fail(['input', 'productOptions', String(i), 'name'], `Duplicated option name '${o.name}'.`, 'DUPLICATED_OPTION_NAME');
        if (o.values.length === 0) fail(['input', 'productOptions', String(i), 'values'], `Option '${o.name}' must specify at least one option value.`, 'OPTION_VALUES_MISSING');
        if (new Set(o.values).size !== o.values.length) fail(['input', 'productOptions', String(i), 'values'], `Duplicated option value for option '${o.name}'.`, 'DUPLICATED_OPTION_VALUE');
      });
      if (input.variants.length === 0 && optionList.length > 0) fail(['input', 'variants'], 'Variants input is required when product options are provided.', 'VARIANTS_INPUT_MISSING');
      if (input.variants.length > 2048) fail(['input', 'variants'], 'Maximum number of variants is 2048.', 'VARIANTS_OVER_LIMIT');
      const combos = new Set<string>();
      let quantities = 0;
      input.variants.forEach((v, i) => {
        const at = (...rest: string[]) => ['input', 'variants', String(i), ...rest];
        const values: string[] = [];
        for (const option of optionList ?? []) {
          const given = v.optionValues.filter((ov) => ov.optionName === option.name);
          if (given.length !== 1 || !given[0].name) {
            fail(at('optionValues'), `The variant must specify exactly one value for option '${option.name}'.`, 'OPTION_VALUES_MISSING');
            continue;
          }
          if (!option.values.includes(given[0].name)) fail(at('optionValues'), `Option value '${given[0].name}' does not exist for option '${option.name}'.`, 'OPTION_VALUE_DOES_NOT_EXIST');
          values.push(given[0].name);
        }
        if (v.optionValues.some((ov) => !optionList?.some((o) => o.name === ov.optionName))) fail(at('optionValues'), 'Option does not exist', 'OPTION_DOES_NOT_EXIST');
        const combo = values.join(' / ');
        if (combos.has(combo)) fail(at(), `The variant '${combo}' already exists.`, 'INVALID_VARIANT');
        combos.add(combo);
        if (v.price != null && Number(v.price) < 0) fail(at('price'), 'Price must be greater than or equal to 0', 'INVALID_VARIANT');
        let target: FakeVariant | null = null;
        if (v.id) {
          target = variants.get(v.id) ?? null;
          if (!target || !existing || target.productId !== existing.id) fail(at('id'), 'Product variant does not exist', 'PRODUCT_VARIANT_DOES_NOT_EXIST');
        } else if (existing) {
          // a variant without an id is the product's variant with the same option values, if any
          target = existing.variantIds.map((vid) => variants.get(vid) as FakeVariant).find((x) => variantTitle(x) === combo && ![...matched.values()].includes(x)) ?? null;
        }
        matched.set(i, target);
        for (const [j, q] of (v.inventoryQuantities ?? []).entries()) {
          quantities += 1;
          if (q.name !== 'available' && q.name !== 'on_hand') fail(at('inventoryQuantities', String(j), 'name'), "The quantity name must be either 'available' or 'on_hand'.", 'INVALID_INPUT');
          if (!location(q.locationId)) fail(at('inventoryQuantities', String(j), 'locationId'), 'The specified location could not be found.', 'INVALID_INPUT');
          const stocked = target ? (inventoryItems.get(target.inventoryItemId) as FakeInventoryItem).levels.has(q.locationId) : true;
          if (!stocked) fail(at('inventoryQuantities', String(j), 'locationId'), 'The variant is not stocked at this location: quantities can only be updated where it is stocked.', 'INVALID_INPUT');
          if (q.quantity < 0) fail(at('inventoryQuantities', String(j), 'quantity'), "The quantity can't be negative.", 'INVALID_INPUT');
        }
      });
      if (quantities > 50000) fail(['input', 'variants'], 'The total number of inventory quantities cannot exceed 50000.', 'INVENTORY_QUANTITIES_LIMIT_EXCEEDED');
    }
    if (errors.length) return { product: null, productSetOperation: null, userErrors: errors };

    const stamp = iso();
    const product: FakeProduct = existing ?? {
      id: nextId('Product'),
      handle,
      title,
      vendor: '',
      productType: '',
      descriptionHtml: '',
      tags: [],
      status: 'ACTIVE',
      options: [],
      variantIds: [],
      publicationIds: new Set(),
      createdAt: stamp,
      updatedAt: stamp,
    };
    product.title = title;
    product.handle = handle;
    if (input.vendor != null) product.vendor = input.vendor;
    if (input.productType != null) product.productType = input.productType;
    if (input.descriptionHtml != null) product.descriptionHtml = input.descriptionHtml;
    if (input.tags != null) product.tags = [...input.tags];
    if (input.status != null) product.status = input.status;
    if (optionList && input.variants) {
      product.options = optionList.map((o, i) => ({ id: product.options.find((x) => x.name === o.name)?.id ?? nextId('ProductOption'), name: o.name, position: i + 1, values: o.values }));
      const kept: string[] = [];
      input.variants.forEach((v, i) => {
        let variant = matched.get(i) ?? null;
        if (!variant) {
          const item: FakeInventoryItem = { id: nextId('InventoryItem'), tracked: v.inventoryItem?.tracked ?? false, sku: v.sku ?? null, levels: new Map() };
          inventoryItems.set(item.id, item);
          variant = {
            id: nextId('ProductVariant'),
            productId: product.id,
            sku: null,
            price: '0.0',
            compareAtPrice: null,
            barcode: null,
            taxable: true,
            inventoryPolicy: 'DENY',
            position: i + 1,
            options: [],
            inventoryItemId: item.id,
            createdAt: stamp,
            updatedAt: stamp,
          };
          variants.set(variant.id, variant);
        }
        const item = inventoryItems.get(variant.inventoryItemId) as FakeInventoryItem;
        variant.options = (optionList ?? []).map((o) => ({ name: o.name, value: v.optionValues.find((ov) => ov.optionName === o.name)?.name ?? '' }));
        if (v.sku !== undefined) item.sku = variant.sku = v.sku ?? null;
        if (v.price != null) variant.price = moneyText(v.price);
        if (v.compareAtPrice !== undefined) variant.compareAtPrice = v.compareAtPrice === null ? null : moneyText(v.compareAtPrice);
        if (v.barcode !== undefined) variant.barcode = v.barcode ?? null;
        if (v.taxable != null) variant.taxable = v.taxable;
        if (v.inventoryPolicy != null) variant.inventoryPolicy = v.inventoryPolicy;
        if (v.inventoryItem?.tracked != null) item.tracked = v.inventoryItem.tracked;
        variant.position = v.position ?? i + 1;
        variant.updatedAt = stamp;
        for (const q of v.inventoryQuantities ?? []) item.levels.set(q.locationId, q.quantity);
        kept.push(variant.id);
      });
      for (const gone of product.variantIds.filter((vid) => !kept.includes(vid))) {
        inventoryItems.delete((variants.get(gone) as FakeVariant).inventoryItemId);
        variants.delete(gone);
      }
      product.variantIds = kept;
    }
    product.updatedAt = stamp;
    products.set(product.id, product);
    if (args.synchronous === false) return { product: null, productSetOperation: { __typename: 'ProductSetOperation', id: nextId('ProductSetOperation'), status: 'COMPLETE', product: productObj(product), userErrors: [] }, userErrors: [] };
    return { product: productObj(product), productSetOperation: null, userErrors: [] };
  }

  type QuantityInput = { inventoryItemId: string; locationId: string; quantity: number; changeFromQuantity?: number | null; compareQuantity?: number | null };

  function inventorySetQuantities(args: { input: { name: string; reason: string; referenceDocumentUri?: string | null; ignoreCompareQuantity?: boolean; quantities: QuantityInput[] } }) {
    const { input } = args;
    if (input.quantities.length > 250) {
      throw new GraphQLError(`The input array size of ${input.quantities.length} is greater than the maximum allowed of 250.`, { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } });
    }
    const errors: UserError[] = [];
    if (input.name !== 'available' && input.name !== 'on_hand') errors.push({ field: ['input', 'name'], message: "The quantity name must be either 'available' or 'on_hand'.", code: 'INVALID_NAME' });
    if (!INVENTORY_REASONS.has(input.reason)) errors.push({ field: ['input', 'reason'], message: 'The specified reason is invalid.', code: 'INVALID_REASON' });
    if (input.referenceDocumentUri != null && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(input.referenceDocumentUri)) {
      errors.push({ field: ['input', 'referenceDocumentUri'], message: 'The specified reference document is invalid.', code: 'INVALID_REFERENCE_DOCUMENT' });
    }
    const pairs = new Set<string>();
    input.quantities.forEach((q, i) => {
      const at = (f: string) => ['input', 'quantities', String(i), f];
      const item = inventoryItems.get(q.inventoryItemId);
      if (!item) return errors.push({ field: at('inventoryItemId'), message: 'The specified inventory item could not be found.', code: 'INVALID_INVENTORY_ITEM' });
      if (!location(q.locationId)) return errors.push({ field: at('locationId'), message: 'The specified location could not be found.', code: 'INVALID_LOCATION' });
      const pair = `${q.inventoryItemId}|${q.locationId}`;
      if (pairs.has(pair)) errors.push({ field: at('locationId'), message: 'The combination of inventoryItemId and locationId must be unique.', code: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR' });
      pairs.add(pair);
      if (q.quantity < 0) errors.push({ field: at('quantity'), message: "The quantity can't be negative.", code: 'INVALID_QUANTITY_NEGATIVE' });
      if (q.quantity > 1_000_000_000) errors.push({ field: at('quantity'), message: "The total quantity can't be higher than 1,000,000,000.", code: 'INVALID_QUANTITY_TOO_HIGH' });
      // 2026-10: a quantity can be set at any location, one the item is not stocked at holds 0 until then
      const current = item.levels.get(q.locationId) ?? 0;
      if ('changeFromQuantity' in q) {
        if (q.changeFromQuantity !== null && q.changeFromQuantity !== undefined && q.changeFromQuantity !== current) {
          errors.push({ field: at('changeFromQuantity'), message: 'The changeFromQuantity value does not match persisted value.', code: 'CHANGE_FROM_QUANTITY_STALE' });
        }
      } else if ('compareQuantity' in q) {
        if (q.compareQuantity !== null && q.compareQuantity !== current) errors.push({ field: at('compareQuantity'), message: 'The compareQuantity value does not match persisted value.', code: 'COMPARE_QUANTITY_STALE' });
      } else if (!input.ignoreCompareQuantity) {
        errors.push({ field: at('changeFromQuantity'), message: 'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.', code: 'COMPARE_QUANTITY_REQUIRED' });
      }
    });
    if (errors.length) return { inventoryAdjustmentGroup: null, userErrors: errors };
    const changes = input.quantities.map((q) => {
      const item = inventoryItems.get(q.inventoryItemId) as FakeInventoryItem;
      const before = item.levels.get(q.locationId) ?? 0;
      item.levels.set(q.locationId, q.quantity);
      return { __typename: 'InventoryChange', name: input.name, delta: q.quantity - before, quantityAfterChange: q.quantity, item: inventoryItemObj(item), location: locationObj(location(q.locationId) as FakeLocation) };
    });
    return { inventoryAdjustmentGroup: { __typename: 'InventoryAdjustmentGroup', id: nextId('InventoryAdjustmentGroup'), createdAt: iso(), reason: input.reason, referenceDocumentUri: input.referenceDocumentUri ?? null, changes: () => changes }, userErrors: [] };
  }

  function inventoryActivate(args: { inventoryItemId: string; locationId: string; available?: number | null; onHand?: number | null }) {
    const item = inventoryItems.get(args.inventoryItemId);
    if (!item) return { inventoryLevel: null, userErrors: [{ field: ['inventoryItemId'], message: 'Inventory item does not exist' }] };
    if (!location(args.locationId)) return { inventoryLevel: null, userErrors: [{ field: ['locationId'], message: 'Location does not exist' }] };
    if (!item.levels.has(args.locationId)) item.levels.set(args.locationId, args.available ?? args.onHand ?? 0);
    return { inventoryLevel: { __typename: 'InventoryLevel', id: `gid://shopify/InventoryLevel/${legacyOf(item.id)}?inventory_item_id=${legacyOf(item.id)}`, item: inventoryItemObj(item), location: locationObj(location(args.locationId) as FakeLocation) }, userErrors: [] };
  }

  function productUpdate(args: { product?: { id?: string | null; status?: FakeProduct['status'] | null; title?: string | null } | null; input?: { id?: string | null; status?: FakeProduct['status'] | null; title?: string | null } | null }) {
    const input = args.product ?? args.input;
    const product = input?.id ? products.get(input.id) : undefined;
    if (!input?.id || !product) return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
    if (input.status != null) product.status = input.status;
    if (input.title != null) {
      if (!input.title.trim()) return { product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
      product.title = input.title;
    }
    product.updatedAt = iso();
    return { product: productObj(product), userErrors: [] };
  }

  function publishablePublish(args: { id: string; input: { publicationId?: string | null }[] }) {
    const product = products.get(args.id);
    if (!product) return { publishable: null, shop: shopObj(), userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
    const errors: UserError[] = [];
    args.input.forEach((p, i) => {
      if (!p.publicationId || !publications.some((x) => x.id === p.publicationId)) errors.push({ field: ['input', String(i), 'publicationId'], message: 'Publication does not exist' });
    });
    if (errors.length) return { publishable: null, shop: shopObj(), userErrors: errors };
    for (const p of args.input) product.publicationIds.add(p.publicationId as string);
    return { publishable: productObj(product), shop: shopObj(), userErrors: [] };
  }

  const shopObj = () => ({ __typename: 'Shop', id: gidOf('Shop', 548380009), name: 'Backroom Test Shop', myshopifyDomain: shopDomain, currencyCode, ianaTimezone: 'America/New_York' });

  // A bulk operation's line runs through the same resolvers, without the cost bucket (Shopify does not charge it per call)
  const bulk: FakeBulk = createFakeBulk({
    schema,
    now,
    nextId,
    runLine: (document, operationName, variableValues) =>
      execute({ schema, document, operationName, variableValues, fieldResolver, rootValue: {} }) as ReturnType<Parameters<typeof createFakeBulk>[0]['runLine']>,
  });

  const root: Record<string, (args: never, info: GraphQLResolveInfo) => unknown> = {
    ...bulk.root,
    shop: () => shopObj(),
    locations: (args: { first?: number; after?: string; includeInactive?: boolean }) => connection(locations.filter((l) => args.includeInactive || l.isActive), args, locationObj),
    publications: (args: { first?: number; after?: string }) =>
      connection(publications, args, (p) => ({ __typename: 'Publication', id: p.id, autoPublish: false, catalog: { __typename: 'AppCatalog', id: p.id.replace('Publication', 'AppCatalog'), title: p.title } })),
    product: (args: { id: string }) => nodeObj(checkGid(args.id, 'Product')),
    order: (args: { id: string }) => nodeObj(checkGid(args.id, 'Order')),
    node: (args: { id: string }) => nodeObj(args.id),
    nodes: (args: { ids: string[] }) => {
      if (args.ids.length > 250) throw new GraphQLError(`The input array size of ${args.ids.length} is greater than the maximum allowed of 250.`, { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } });
      return args.ids.map(nodeObj);
    },
    orders: (args: Parameters<typeof ordersConnection>[0]) => ordersConnection(args),
    productSet: (args: Parameters<typeof productSet>[0]) => productSet(args),
    productUpdate: (args: Parameters<typeof productUpdate>[0]) => productUpdate(args),
    publishablePublish: (args: Parameters<typeof publishablePublish>[0]) => publishablePublish(args),
    inventorySetQuantities: (args: Parameters<typeof inventorySetQuantities>[0], info) => idempotent(info, args, () => inventorySetQuantities(args), { inventoryAdjustmentGroup: null }),
    inventoryActivate: (args: Parameters<typeof inventoryActivate>[0], info) =>
      idempotent(info, args, () => inventoryActivate(args) as { inventoryLevel: unknown; userErrors: UserError[] }, { inventoryLevel: null }),
  };

  // A field the fake has no value for is an error naming it, never a silent null.
  const fieldResolver: GraphQLFieldResolver<Record<string, unknown> | undefined, unknown> = (source, args, _context, info) => {
    if (info.parentType.name === 'QueryRoot' || info.parentType.name === 'Mutation') {
      const resolve = root[info.fieldName];
      if (!resolve) throw new GraphQLError(`The fake does not model ${info.parentType.name}.${info.fieldName}`);
      return resolve(args as never, info);
    }
    const value = source?.[info.fieldName];
    if (value === undefined) throw new GraphQLError(`The fake does not model ${info.parentType.name}.${info.fieldName}`);
    return typeof value === 'function' ? (value as (a: unknown) => unknown)(args) : value;
  };

  // ---- one GraphQL call ---------------------------------------------------------------------------------

  function graphql(req: RecordedRequest): FakeAnswer {
    const body = (req.json ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const variables = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<string, unknown>;
    const call: FakeCall = { operationName: null, fields: [], variables, requestedQueryCost: null, actualQueryCost: null, outcome: 'invalid', errors: [] };
    calls.push(call);
    const answer = (payload: Record<string, unknown>): FakeAnswer => {
      call.errors = (payload.errors as FakeCall['errors']) ?? [];
      return { status: 200, body: payload };
    };
    if (typeof body.query !== 'string' || !body.query.trim()) return answer({ errors: [{ message: 'No query string was present' }] });
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (err) {
      const e = err as GraphQLError;
      return answer({ errors: [{ message: e.message, locations: e.locations }] });
    }
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const operation = typeof body.operationName === 'string' ? operations.find((o) => o.name?.value === body.operationName) : operations[0];
    call.operationName = operation?.name?.value ?? null;
    call.fields = operation ? operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])) : [];
    const invalid = validate(schema, document);
    if (invalid.length) return answer({ errors: invalid.map((e) => shopifyValidationError(e, operation)) });
    if (!operation) return answer({ errors: [{ message: 'An operation name is required' }] });
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    if (coerced.errors) return answer({ errors: coerced.errors.map((e) => shopifyVariableError(e, operation)) });
    const fragments = Object.fromEntries(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
    );
    const requested = operationCost(schema, operation, fragments, coerced.coerced);
    call.requestedQueryCost = requested;
    if (requested > SINGLE_QUERY_MAX_COST) {
      call.outcome = 'max-cost';
      return answer({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: SINGLE_QUERY_MAX_COST, documentation: DOC_RATE_LIMITS },
          },
        ],
      });
    }
    refill();
    if (requested > bucket.available) {
      call.outcome = 'throttled';
      return answer({
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: DOC_RATE_LIMITS } }],
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() } },
      });
    }
    bucket.available -= requested;
    const result = execute({ schema, document, operationName: operation.name?.value, variableValues: variables, fieldResolver, rootValue: {} }) as { data?: Record<string, unknown> | null; errors?: readonly GraphQLError[] };
    const actual = Math.min(requested, operationCost(schema, operation, fragments, coerced.coerced, result.data ?? null));
    // Shopify refunds the difference between the requested and the actual cost
    bucket.available = Math.min(bucket.max, bucket.available + (requested - actual));
    call.actualQueryCost = actual;
    call.outcome = result.errors?.length ? 'error' : 'ok';
    const errors = result.errors?.map((e) => ({ message: e.message, locations: e.locations, path: e.path, ...(e.extensions && Object.keys(e.extensions).length ? { extensions: e.extensions } : {}) }));
    return answer({
      ...(errors?.length ? { errors } : {}),
      data: result.data ?? null,
      extensions: { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() } },
    });
  }

  let pendingFailures: { status: number; retryAfterSeconds?: number }[] = [];

  const fake = await startHttpFake(async (req) => {
    if (!req.path.startsWith('/admin/api/')) {
      const answer = await bulk.http(req);
      if (answer) return answer;
    }
    if (options.extraRoutes && !req.path.startsWith('/admin/api/')) {
      const answer = await options.extraRoutes(req);
      if (answer) return answer;
    }
    if (req.method !== 'POST' || !req.path.startsWith('/admin/api/')) return { status: 404, body: { errors: 'Not Found' } };
    if (req.path !== `/admin/api/${FAKE_API_VERSION}/graphql.json`) return { status: 404, body: { errors: 'Not Found' } };
    if (header(req, 'x-shopify-access-token') !== accessToken) return { status: 401, body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } };
    const failure = pendingFailures.shift();
    if (failure) {
      const body = failure.status === 429 ? { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' } : { errors: failure.status === 503 ? 'Service Unavailable' : 'Internal Server Error' };
      return { status: failure.status, body, headers: failure.status === 429 ? { 'retry-after': String(failure.retryAfterSeconds ?? 2.0) } : {} };
    }
    return graphql(req);
  }, { port: options.port });

  const fakeFetch = (url: string, init?: RequestInit): Promise<Response> => {
    const target = new URL(url);
    // the Admin API, and the storage hosts of staged uploads and bulk results
    if (target.host !== shopDomain && target.host !== STAGED_UPLOAD_HOST && target.host !== RESULT_HOST) {
      return Promise.reject(new TypeError(`fetch failed: the fake shop is ${shopDomain}, not ${target.host}`));
    }
    return fetch(`${fake.url}${target.pathname}${target.search}`, init);
  };

  function placeOrder(input: { variantIds: string[]; financialStatus?: FakeOrder['financialStatus']; customer?: { firstName: string; lastName: string; email: string }; name?: string }): FakeOrder {
    const stamp = iso();
    const id = gidOf('Order', 5_600_000_000 + ++orderNumber);
    const lines: FakeLine[] = input.variantIds.map((variantId, i) => {
      const variant = variants.get(variantId);
      if (!variant) throw new Error(`The fake shop has no variant ${variantId}`);
      const product = products.get(variant.productId) as FakeProduct;
      const item = inventoryItems.get(variant.inventoryItemId) as FakeInventoryItem;
      // the checkout takes the unit from the first location that has it
      const at = [...item.levels.entries()].find(([, n]) => n > 0)?.[0];
      if (item.tracked && variant.inventoryPolicy === 'DENY' && !at) throw new Error(`Variant ${variant.sku} is sold out: the checkout refuses it`);
      if (at && item.tracked) item.levels.set(at, (item.levels.get(at) as number) - 1);
      return { id: gidOf('LineItem', 13_000_000_000 + orderNumber * 10 + i), title: product.title, variantTitle: variantTitle(variant), sku: variant.sku, quantity: 1, currentQuantity: 1, variantId, originalUnitPrice: variant.price, discountedUnitPrice: variant.price };
    });
    const order: FakeOrder = {
      id,
      name: input.name ?? `#${orderNumber}`,
      createdAt: stamp,
      processedAt: stamp,
      updatedAt: stamp,
      cancelledAt: null,
      cancelReason: null,
      financialStatus: input.financialStatus ?? 'PAID',
      currencyCode,
      email: input.customer?.email ?? null,
      phone: null,
      test: false,
      sourceName: 'web',
      customer: input.customer ? { firstName: input.customer.firstName, lastName: input.customer.lastName } : null,
      lines,
    };
    orders.set(id, order);
    return order;
  }

  function cancelOrder(orderId: string): FakeOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The fake shop has no order ${orderId}`);
    const stamp = iso();
    order.cancelledAt = stamp;
    order.cancelReason = 'CUSTOMER';
    order.financialStatus = order.financialStatus === 'PAID' ? 'REFUNDED' : 'VOIDED';
    order.updatedAt = stamp;
    for (const line of order.lines) {
      line.currentQuantity = 0;
      const variant = line.variantId ? variants.get(line.variantId) : undefined;
      const item = variant ? inventoryItems.get(variant.inventoryItemId) : undefined;
      const at = item ? [...item.levels.keys()][0] : undefined;
      if (item && at) item.levels.set(at, (item.levels.get(at) as number) + line.quantity);
    }
    return order;
  }

  function orderWebhookPayload(orderId: string): Record<string, unknown> {
    const o = orders.get(orderId);
    if (!o) throw new Error(`The fake shop has no order ${orderId}`);
    const amount = (cents: number) => (cents / 100).toFixed(2);
    const set = (value: string) => ({ shop_money: { amount: value, currency_code: o.currencyCode }, presentment_money: { amount: value, currency_code: o.currencyCode } });
    const total = amount(orderTotal(o));
    return {
      id: Number(legacyOf(o.id)),
      admin_graphql_api_id: o.id,
      name: o.name,
      created_at: o.createdAt,
      processed_at: o.processedAt,
      updated_at: o.updatedAt,
      cancelled_at: o.cancelledAt,
      cancel_reason: o.cancelReason?.toLowerCase() ?? null,
      financial_status: o.financialStatus.toLowerCase(),
      currency: o.currencyCode,
      total_price: total,
      current_total_price: amount(o.lines.reduce((sum, l) => sum + moneyCents(l.discountedUnitPrice) * l.currentQuantity, 0)),
      total_price_set: set(total),
      email: o.email,
      phone: o.phone,
      test: o.test,
      source_name: o.sourceName,
      customer: o.customer ? { first_name: o.customer.firstName, last_name: o.customer.lastName, email: o.email, phone: null } : null,
      line_items: o.lines.map((l) => {
        const variant = l.variantId ? variants.get(l.variantId) : undefined;
        return {
          id: Number(legacyOf(l.id)),
          admin_graphql_api_id: l.id,
          variant_id: l.variantId ? Number(legacyOf(l.variantId)) : null,
          product_id: variant ? Number(legacyOf(variant.productId)) : null,
          sku: l.sku,
          title: l.title,
          variant_title: l.variantTitle,
          name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
          quantity: l.quantity,
          current_quantity: l.currentQuantity,
          price: l.originalUnitPrice,
          price_set: set(l.originalUnitPrice),
          total_discount: '0.00',
          discount_allocations: [],
        };
      }),
      refunds: [],
      fulfillment_status: fulfillmentStatusOf(o),
      fulfillments: (o.fulfillments ?? []).map((f) => ({ id: Number(legacyOf(f.id)), admin_graphql_api_id: f.id, created_at: f.createdAt, status: f.status.toLowerCase() })),
    };
  }

  function fulfilOrder(orderId: string, lineIds?: string[]): FakeFulfillment {
    const o = orders.get(orderId);
    if (!o) throw new Error(`The fake shop has no order ${orderId}`);
    const stamp = iso();
    const fulfillment: FakeFulfillment = { id: gidOf('Fulfillment', 4_100_000_000 + ++fulfillmentNumber), createdAt: stamp, status: 'SUCCESS', lineIds: lineIds ?? o.lines.map((l) => l.id) };
    o.fulfillments = [...(o.fulfillments ?? []), fulfillment];
    o.updatedAt = stamp;
    return fulfillment;
  }

  function fulfillmentWebhookPayload(orderId: string, fulfillmentId: string): Record<string, unknown> {
    const o = orders.get(orderId);
    const f = o?.fulfillments?.find((x) => x.id === fulfillmentId);
    if (!o || !f) throw new Error(`The fake shop has no fulfilment ${fulfillmentId} of ${orderId}`);
    return {
      id: Number(legacyOf(f.id)),
      admin_graphql_api_id: f.id,
      order_id: Number(legacyOf(o.id)),
      status: f.status.toLowerCase(),
      created_at: f.createdAt,
      updated_at: f.createdAt,
      tracking_company: 'UPS',
      line_items: o.lines
        .filter((l) => f.lineIds.includes(l.id))
        .map((l) => ({ id: Number(legacyOf(l.id)), admin_graphql_api_id: l.id, sku: l.sku, title: l.title, quantity: l.quantity, variant_id: l.variantId ? Number(legacyOf(l.variantId)) : null })),
    };
  }

  return {
    ...fake,
    shopDomain,
    accessToken,
    schema,
    fetch: fakeFetch,
    calls,
    locations,
    publications,
    products,
    variants,
    inventoryItems,
    orders,
    fulfilOrder,
    fulfillmentWebhookPayload,
    deleteProduct: (id) => {
      const product = products.get(id);
      if (!product) return;
      for (const variantId of product.variantIds) {
        const variant = variants.get(variantId);
        if (variant) inventoryItems.delete(variant.inventoryItemId);
        variants.delete(variantId);
      }
      products.delete(id);
    },
    variantBySku: (sku) => {
      const variant = [...variants.values()].find((v) => v.sku === sku);
      if (!variant) return null;
      return { variant, product: products.get(variant.productId) as FakeProduct, item: inventoryItems.get(variant.inventoryItemId) as FakeInventoryItem };
    },
    available: (inventoryItemId, locationId) => inventoryItems.get(inventoryItemId)?.levels.get(locationId) ?? null,
    setBucket: (settings) => {
      bucket = { max: settings.maximumAvailable, rate: settings.restoreRate, available: settings.currentlyAvailable ?? settings.maximumAvailable, at: performance.now() };
    },
    bucketLevel: () => {
      refill();
      return bucket.available;
    },
    failNext: (n, status, opts = {}) => {
      for (let i = 0; i < n; i++) pendingFailures.push({ status, retryAfterSeconds: opts.retryAfterSeconds });
    },
    placeOrder,
    cancelOrder,
    orderWebhookPayload,
    bulk: { operations: bulk.operations, files: bulk.files, hold: bulk.hold, release: bulk.release, setPace: bulk.setPace },
    reset: () => {
      fake.reset();
      bulk.reset();
      calls.length = 0;
      products.clear();
      variants.clear();
      inventoryItems.clear();
      orders.clear();
      idempotency.clear();
      pendingFailures = [];
      bucket = { max: options.bucket?.maximumAvailable ?? 2000, rate: options.bucket?.restoreRate ?? 100, available: options.bucket?.currentlyAvailable ?? options.bucket?.maximumAvailable ?? 2000, at: performance.now() };
    },
  };
}

// ---- Shopify's words for invalid queries -------------------------------------------------------------

type ShopifyError = { message: string; locations?: readonly { line: number; column: number }[]; path?: (string | number)[]; extensions?: Record<string, unknown> };

/**
 * A graphql-js validation error in the words Shopify's GraphQL server (graphql-ruby) uses for the same
 * mistake, with its error code; other rules keep graphql-js's wording.
 */
export function shopifyValidationError(error: GraphQLError, operation: OperationDefinitionNode | undefined): ShopifyError {
  const base = { locations: error.locations };
  const opName = operation?.name?.value ?? 'anonymous';
  let m = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(error.message);
  if (m) return { ...base, message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, extensions: { code: 'undefinedField', typeName: m[2], fieldName: m[1] } };
  m = /^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"\./.exec(error.message);
  if (m) return { ...base, message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`, extensions: { code: 'argumentNotAccepted', name: m[3], typeName: 'Field', argumentName: m[1] } };
  m = /^Field "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required, but it was not provided\./.exec(error.message);
  if (m) return { ...base, message: `Field '${m[1]}' is missing required arguments: ${m[2]}`, extensions: { code: 'missingRequiredArguments', className: 'Field', name: m[1], arguments: m[2] } };
  m = /^Variable "\$([^"]+)" is not defined/.exec(error.message);
  if (m) return { ...base, message: `Variable $${m[1]} is used by ${opName} but not declared`, extensions: { code: 'variableNotDefined', variableName: m[1] } };
  m = /^Variable "\$([^"]+)" is never used/.exec(error.message);
  if (m) return { ...base, message: `Variable $${m[1]} is declared by ${opName} but not used`, extensions: { code: 'variableNotUsed', variableName: m[1] } };
  m = /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields/.exec(error.message);
  if (m) {
    const type = m[2].replace(/[[\]!]/g, '');
    return { ...base, message: `Field must have selections (field '${m[1]}' returns ${type} but has no selections. Did you mean '${m[1]} { ... }'?)`, extensions: { code: 'selectionMismatch', nodeName: `field '${m[1]}'`, typeName: type } };
  }
  return { ...base, message: error.message };
}

/** A variable Shopify cannot read, as it says so: "Variable $input of type T was provided invalid value for a.0.b (explanation)". */
export function shopifyVariableError(error: GraphQLError, operation: OperationDefinitionNode): ShopifyError {
  const m = /^Variable "\$([^"]+)" got invalid value (.*?)(?: at "([^"]+)")?; (.*)$/s.exec(error.message);
  if (!m) return { message: error.message, locations: error.locations, extensions: { code: 'INVALID_VARIABLE' } };
  const [, name, , at, reason] = m;
  const definition = operation.variableDefinitions?.find((d) => d.variable.name.value === name);
  const typeText = definition ? typeString(definition.type) : 'unknown';
  const path = (at ?? name)
    .split('.')
    .slice(1)
    .flatMap((part) => part.split(/\[(\d+)\]/).filter(Boolean));
  let explanation = reason.trim();
  let n = /^Field "([^"]+)" is not defined by type "([^"]+)"\./.exec(explanation);
  if (n) {
    path.push(n[1]);
    explanation = `Field is not defined on ${n[2]}`;
  } else if ((n = /^Field "([^"]+)" of required type "([^"]+)" was not provided\./.exec(explanation))) {
    path.push(n[1]);
    explanation = 'Expected value to not be null';
  } else if (/must not be null/.test(explanation)) {
    explanation = 'Expected value to not be null';
  }
  const where = path.length ? ` for ${path.join('.')}` : '';
  return {
    message: `Variable $${name} of type ${typeText} was provided invalid value${where} (${explanation})`,
    locations: error.locations,
    extensions: { code: 'INVALID_VARIABLE', value: null, problems: [{ path, explanation }] },
  };
}

function typeString(node: TypeNode): string {
  if (node.kind === Kind.NON_NULL_TYPE) return `${typeString(node.type)}!`;
  if (node.kind === Kind.LIST_TYPE) return `[${typeString(node.type)}]`;
  return node.name.value;
}

/** Shopify's webhook signature of a raw body: base64 HMAC-SHA256 with the app's secret. */
export function signShopifyWebhook(rawBody: string | Buffer, secret: string): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('base64');
}
