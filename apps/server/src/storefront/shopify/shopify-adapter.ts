// The Shopify storefront adapter (docs/storefront-sync.md "Adapter and fake"): the
// StorefrontAdapter of adapter.ts on Shopify's Admin GraphQL API, version 2026-10.
//
// - pushProduct: productSet, the declarative product-and-variants write (variants missing from the
//   input are deleted), identified by id once known and by handle on a first push (an upsert: a first
//   push repeated after a lost answer finds the product it created). New variants are tracked, never
//   oversold (inventoryPolicy DENY) and start with their stock; a new product is published to the
//   configured publications (publishablePublish).
// - pushProducts: the same productSet inputs as lines of a bulk mutation (shopify-bulk.ts), for a
//   first sync or a resync of many products.
// - setStock: inventorySetQuantities ("available", absolute, compare-and-swap when `expected` is given)
//   under an @idempotent key. From 2026-10 a quantity can be set at any location: Shopify stocks the
//   item there itself (ITEM_NOT_STOCKED_AT_LOCATION and the inventoryActivate step it needed are gone).
// - unpublish: productUpdate to DRAFT (off sale in every channel; it keeps its id, handle and orders).
// - fetchProducts, fetchOrder, listOrdersSince: nodes, order, orders (by updated_at), paging through
//   variants and line items beyond the first page.
// Every call goes through shopify-client.ts: paced by the cost bucket, retried, errors typed. Every
// mutation here is safe to send twice (an upsert, absolute values, idempotency keys), which is what
// makes retrying after a lost answer safe.
import {
  StorefrontError,
  type PushedProduct,
  type PushedVariant,
  type SetStockOptions,
  type StockLevelInput,
  type StorefrontAdapter,
  type StorefrontOrder,
  type StorefrontOrderLine,
  type StorefrontOrderPage,
  type StorefrontProduct,
  type StorefrontProductInput,
  type StorefrontShop,
} from '../adapter.ts';
import { createShopifyGraphql, newIdempotencyKey, type ShopifyClientOptions, type ShopifyGraphql } from './shopify-client.ts';
import {
  CHECK_CONNECTION,
  MAX_INPUT_LIST,
  ORDER,
  ORDER_LINES,
  ORDERS_SINCE,
  PRODUCT_SET,
  pushedVariantsToRead,
  PRODUCT_VARIANT_IDS,
  PRODUCT_VARIANTS,
  PRODUCTS,
  PRODUCTS_PER_CALL,
  PUBLISH,
  SET_QUANTITIES,
  UNPUBLISH,
  type LineItemNode,
  type LineItemsPage,
  type OrderLinesData,
  type OrderNode,
  type OrderData,
  type OrdersData,
  type ProductNode,
  type ProductSetData,
  type ProductSetVariables,
  type ProductsData,
  type ProductVariantIdsData,
  type ProductVariantsData,
  type PublishData,
  type PushedVariantNode,
  type SetQuantitiesData,
  type SetQuantitiesVariables,
  type ShopData,
  type UnpublishData,
  type VariantNode,
} from './shopify-operations.ts';
import { createShopifyBulk } from './shopify-bulk.ts';
import { productSetInput, refused, userErrorsOf, validateProduct } from './shopify-product-input.ts';
import { dateOf, financialStatusOf, fromShopifyMoney, legacyIdOf, productStatusOf, shippedAtOf, toGid } from './shopify-values.ts';

export type ShopifyAdapterOptions = ShopifyClientOptions & {
  /** Publications a new product is published to (the Online Store's, chosen in Settings); none: not published to any channel. */
  publicationIds?: string[];
};

export type ShopifyAdapter = StorefrontAdapter & { readonly graphql: ShopifyGraphql };

function missingPayload(mutation: string): StorefrontError {
  return new StorefrontError('response', `Shopify answered ${mutation} without its result`);
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Shopify's search syntax for "changed at or after": updated_at:>='2026-11-26T10:00:00Z'. */
export function updatedSinceQuery(since: Date): string {
  if (Number.isNaN(since.getTime())) throw new StorefrontError('refused', 'The time to list orders since is not a date');
  return `updated_at:>='${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
}

export function createShopifyAdapter(options: ShopifyAdapterOptions): ShopifyAdapter {
  const graphql = createShopifyGraphql(options);
  const publicationIds = options.publicationIds ?? [];

  async function allVariantIds(productId: string, first: { nodes: PushedVariantNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }): Promise<PushedVariantNode[]> {
    const nodes = [...first.nodes];
    let page = first.pageInfo;
    while (page.hasNextPage) {
      const data = await graphql.request<ProductVariantIdsData, { id: string; after: string | null }>(PRODUCT_VARIANT_IDS, { id: productId, after: page.endCursor });
      if (!data.product) throw new StorefrontError('response', `Shopify no longer has product ${productId} while its variants were read`);
      nodes.push(...data.product.variants.nodes);
      page = data.product.variants.pageInfo;
    }
    return nodes;
  }

  /** Publishes a new product to the configured publications; its online store address once it has one. */
  async function publish(productId: string): Promise<string | null> {
    if (publicationIds.length === 0) return null;
    const data = await graphql.request<PublishData, { id: string; input: { publicationId: string }[] }>(PUBLISH, {
      id: productId,
      input: publicationIds.map((publicationId) => ({ publicationId })),
    });
    if (!data.publishablePublish) throw missingPayload('publishablePublish');
    const errors = userErrorsOf(data.publishablePublish.userErrors);
    if (errors.length) throw refused(`to publish product ${productId}`, errors);
    return data.publishablePublish.publishable?.onlineStoreUrl ?? null;
  }

  async function pushProduct(product: StorefrontProductInput): Promise<PushedProduct> {
    validateProduct(product);
    const data = await graphql.request<ProductSetData, ProductSetVariables>(PRODUCT_SET, {
      identifier: product.id ? { id: product.id } : { handle: product.handle },
      input: productSetInput(product),
      variants: pushedVariantsToRead(product.variants.length),
    });
    if (!data.productSet) throw missingPayload('productSet');
    const errors = userErrorsOf(data.productSet.userErrors);
    if (errors.length) throw refused(`product ${product.title}`, errors);
    const saved = data.productSet.product;
    if (!saved) throw missingPayload('productSet');
    const nodes = await allVariantIds(saved.id, saved.variants);
    const bySku = new Map(nodes.filter((n) => n.sku).map((n) => [n.sku as string, n]));
    const variants: PushedVariant[] = product.variants.map((v) => {
      const node = bySku.get(v.sku);
      if (!node) throw new StorefrontError('response', `Shopify's answer for product ${saved.id} lacks the variant with SKU ${v.sku}`);
      return { ref: v.ref, id: node.id, sku: v.sku, inventoryItemId: node.inventoryItem.id };
    });
    const url = (!product.id ? await publish(saved.id) : null) ?? saved.onlineStoreUrl ?? null;
    return { id: saved.id, handle: saved.handle, status: productStatusOf(saved.status), url, variants };
  }

  async function setQuantities(levels: StockLevelInput[], key: string, options: SetStockOptions): Promise<void> {
    const variables: SetQuantitiesVariables = {
      key,
      input: {
        name: 'available',
        reason: options.reason ?? 'correction',
        ...(options.referenceDocumentUri ? { referenceDocumentUri: options.referenceDocumentUri } : {}),
        // changeFromQuantity null opts out of compare-and-swap explicitly (required from 2026-04)
        quantities: levels.map((l) => ({ inventoryItemId: l.inventoryItemId, locationId: l.locationId, quantity: l.quantity, changeFromQuantity: l.expected ?? null })),
      },
    };
    const data = await graphql.request<SetQuantitiesData, SetQuantitiesVariables>(SET_QUANTITIES, variables);
    if (!data.inventorySetQuantities) throw missingPayload('inventorySetQuantities');
    const errors = userErrorsOf(data.inventorySetQuantities.userErrors);
    if (errors.length) throw refused('the stock change', errors);
  }

  async function setStock(levels: StockLevelInput[], options: SetStockOptions = {}): Promise<void> {
    for (const l of levels) {
      if (!Number.isSafeInteger(l.quantity) || l.quantity < 0) throw new StorefrontError('refused', `A stock quantity must be a whole number of 0 or more (got ${l.quantity} for ${l.inventoryItemId})`);
    }
    const key = options.key ?? newIdempotencyKey();
    const parts = chunks(levels, MAX_INPUT_LIST);
    for (const [i, part] of parts.entries()) await setQuantities(part, parts.length > 1 ? `${key}:${i}` : key, options);
  }

  async function unpublish(productId: string): Promise<void> {
    const data = await graphql.request<UnpublishData, { product: { id: string; status: 'DRAFT' } }>(UNPUBLISH, { product: { id: toGid('Product', productId), status: 'DRAFT' } });
    if (!data.productUpdate) throw missingPayload('productUpdate');
    const errors = userErrorsOf(data.productUpdate.userErrors);
    if (errors.length) throw refused(`to unpublish product ${productId}`, errors);
  }

  function variantOf(node: VariantNode): StorefrontProduct['variants'][number] {
    return {
      id: node.id,
      sku: node.sku || null,
      title: node.title,
      priceMinor: fromShopifyMoney(node.price),
      compareAtPriceMinor: node.compareAtPrice === null || node.compareAtPrice === undefined ? null : fromShopifyMoney(node.compareAtPrice),
      options: node.selectedOptions.map((o) => ({ name: o.name, value: o.value })),
      inventoryItemId: node.inventoryItem.id,
      quantity: node.inventoryItem.tracked ? (node.inventoryQuantity ?? 0) : null,
    };
  }

  async function fetchProducts(ids: string[]): Promise<StorefrontProduct[]> {
    const unique = [...new Set(ids.map((id) => toGid('Product', id)))];
    const products: StorefrontProduct[] = [];
    for (const part of chunks(unique, PRODUCTS_PER_CALL)) {
      const data = await graphql.request<ProductsData, { ids: string[] }>(PRODUCTS, { ids: part });
      for (const node of data.nodes) {
        if (!node || node.__typename !== 'Product') continue;
        const product = node as ProductNode;
        const variants = [...product.variants.nodes];
        let page = product.variants.pageInfo;
        while (page.hasNextPage) {
          const more = await graphql.request<ProductVariantsData, { id: string; after: string | null }>(PRODUCT_VARIANTS, { id: product.id, after: page.endCursor });
          if (!more.product) break;
          variants.push(...more.product.variants.nodes);
          page = more.product.variants.pageInfo;
        }
        products.push({
          id: product.id,
          handle: product.handle,
          title: product.title,
          status: productStatusOf(product.status),
          url: product.onlineStoreUrl ?? null,
          updatedAt: dateOf(product.updatedAt) ?? new Date(0),
          variants: variants.map(variantOf),
        });
      }
    }
    return products;
  }

  function lineOf(node: LineItemNode): StorefrontOrderLine {
    return {
      id: node.id,
      variantId: node.variant?.id ?? null,
      sku: node.sku || null,
      title: node.title,
      variantTitle: node.variantTitle || null,
      quantity: node.quantity,
      currentQuantity: node.currentQuantity,
      originalUnitPriceMinor: fromShopifyMoney(node.originalUnitPriceSet.shopMoney.amount),
      unitPriceMinor: fromShopifyMoney(node.discountedUnitPriceAfterAllDiscountsSet.shopMoney.amount),
    };
  }

  async function allLines(orderId: string, first: LineItemsPage): Promise<LineItemNode[]> {
    const nodes = [...first.nodes];
    let page = first.pageInfo;
    while (page.hasNextPage) {
      const data = await graphql.request<OrderLinesData, { id: string; after: string | null }>(ORDER_LINES, { id: orderId, after: page.endCursor });
      if (!data.order) throw new StorefrontError('response', `Shopify no longer has order ${orderId} while its lines were read`);
      nodes.push(...data.order.lineItems.nodes);
      page = data.order.lineItems.pageInfo;
    }
    return nodes;
  }

  async function orderOf(node: OrderNode): Promise<StorefrontOrder> {
    const lines = await allLines(node.id, node.lineItems);
    return {
      id: node.id,
      legacyId: String(node.legacyResourceId ?? legacyIdOf(node.id)),
      name: node.name,
      createdAt: dateOf(node.createdAt) ?? new Date(0),
      processedAt: dateOf(node.processedAt),
      updatedAt: dateOf(node.updatedAt),
      cancelledAt: dateOf(node.cancelledAt),
      cancelReason: node.cancelReason ?? null,
      financialStatus: financialStatusOf(node.displayFinancialStatus),
      currency: node.currencyCode,
      totalMinor: fromShopifyMoney(node.totalPriceSet.shopMoney.amount),
      customer: { firstName: node.customer?.firstName ?? null, lastName: node.customer?.lastName ?? null, email: node.email ?? null, phone: node.phone ?? null },
      test: node.test,
      sourceName: node.sourceName ?? null,
      lines: lines.map(lineOf),
      shippedAt: shippedAtOf(
        node.displayFulfillmentStatus,
        (node.fulfillments ?? []).map((f) => ({ createdAt: dateOf(f.createdAt), status: f.status })),
        dateOf(node.updatedAt) ?? dateOf(node.createdAt),
      ),
    };
  }

  async function fetchOrder(id: string): Promise<StorefrontOrder | null> {
    const data = await graphql.request<OrderData, { id: string }>(ORDER, { id: toGid('Order', id) });
    return data.order ? orderOf(data.order) : null;
  }

  async function listOrdersSince(since: Date, page: { after?: string | null } = {}): Promise<StorefrontOrderPage> {
    const data = await graphql.request<OrdersData, { query: string; after: string | null }>(ORDERS_SINCE, { query: updatedSinceQuery(since), after: page.after ?? null });
    const orders: StorefrontOrder[] = [];
    for (const node of data.orders.nodes) orders.push(await orderOf(node));
    return { orders, nextCursor: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null };
  }

  async function checkConnection(): Promise<StorefrontShop> {
    const data = await graphql.request<ShopData, Record<string, never>>(CHECK_CONNECTION, {});
    return {
      name: data.shop.name,
      domain: data.shop.myshopifyDomain,
      currency: data.shop.currencyCode,
      locations: data.locations.nodes.map((l) => ({ id: l.id, name: l.name, isActive: l.isActive, fulfillsOnlineOrders: l.fulfillsOnlineOrders })),
      publications: data.publications.nodes.map((p) => ({ id: p.id, title: p.catalog?.title ?? p.id })),
    };
  }

  const bulk = createShopifyBulk({ graphql, fetch: options.fetch, clock: options.clock, publicationIds, allVariantIds });

  return { platform: 'shopify', graphql, checkConnection, pushProduct, pushProducts: bulk.pushProducts, setStock, unpublish, fetchProducts, fetchOrder, listOrdersSince };
}
