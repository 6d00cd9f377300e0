// The Shopify storefront adapter against the fake Admin API built from Shopify's real 2026-10 schema
// (test/fixtures/shopify-admin-2026-10.graphql.gz: admin_2026-10.json.gz of `npm pack @shopify/dev-mcp@1.16.0`,
// printed as SDL by test/fixtures/refresh-shopify-schema.ts; the package is not a dependency)
// (docs/storefront-sync.md "Adapter and fake"): every method, and the fake refusing what
// Shopify refuses.
import { parse, validate } from 'graphql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorefrontError, type StorefrontProductInput } from '../src/storefront/adapter.ts';
import { createShopifyAdapter, updatedSinceQuery, type ShopifyAdapterOptions } from '../src/storefront/shopify/shopify-adapter.ts';
import { SHOPIFY_API_VERSION, type ShopifyCallEvent } from '../src/storefront/shopify/shopify-client.ts';
import { ALL_OPERATIONS, MAX_QUERY_COST } from '../src/storefront/shopify/shopify-operations.ts';
import { parseShopifyWebhook } from '../src/storefront/shopify/webhooks.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';

let fake: ShopifyFake;

beforeAll(async () => {
  fake = await startShopifyFake();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

// Whatever a test did, every call the adapter made was valid, and cost no more than the adapter's bound.
afterEach(() => {
  for (const call of fake.calls) {
    const operation = ALL_OPERATIONS.find((o) => o.name === call.operationName);
    if (!operation) continue;
    expect(['ok', 'throttled'], `${call.operationName}: ${JSON.stringify(call.errors)}`).toContain(call.outcome);
    expect(call.requestedQueryCost, call.operationName ?? '').toBeLessThanOrEqual(operation.cost(call.variables as never));
  }
});

const adapterFor = (over: Partial<ShopifyAdapterOptions> = {}) =>
  createShopifyAdapter({ shopDomain: fake.shopDomain, accessToken: fake.accessToken, fetch: fake.fetch, publicationIds: [fake.publications[0].id], ...over });

const shopFloor = () => fake.locations[0].id;
const warehouse = () => fake.locations[1].id;

function jordan(over: Partial<StorefrontProductInput> = {}): StorefrontProductInput {
  return {
    id: null,
    handle: 'air-jordan-1-chicago-b7k2',
    title: 'Air Jordan 1 Chicago',
    vendor: 'Nike',
    productType: 'Sneakers',
    tags: ['consignment'],
    options: ['Size', 'Condition'],
    variants: [
      { ref: 'item-1', id: null, sku: 'BR-0001', priceMinor: 25000, optionValues: ['9', 'New'], initialStock: [{ locationId: shopFloor(), quantity: 1 }] },
      { ref: 'item-2', id: null, sku: 'BR-0002', priceMinor: 19999, optionValues: ['10', 'Used'], initialStock: [{ locationId: shopFloor(), quantity: 1 }] },
    ],
    ...over,
  };
}

const opsCalled = () => fake.calls.map((c) => c.fields.join('+'));

describe('the adapter’s documents', () => {
  it('are all valid against Shopify’s 2026-10 schema and bounded under the single-query limit', () => {
    for (const operation of ALL_OPERATIONS) {
      expect(validate(fake.schema, parse(operation.query)), operation.name).toEqual([]);
      expect(operation.cost({ ids: Array(10).fill('gid://shopify/Product/1'), variants: 250 } as never), operation.name).toBeLessThanOrEqual(MAX_QUERY_COST);
    }
  });
});

describe('checkConnection', () => {
  it('reads the shop, its locations and its publications', async () => {
    const shop = await adapterFor().checkConnection();
    expect(shop).toEqual({
      name: 'Backroom Test Shop',
      domain: fake.shopDomain,
      currency: 'USD',
      locations: fake.locations.map((l) => ({ id: l.id, name: l.name, isActive: true, fulfillsOnlineOrders: true })),
      publications: [
        { id: fake.publications[0].id, title: 'Online Store' },
        { id: fake.publications[1].id, title: 'Point of Sale' },
      ],
    });
    expect(fake.requests[0].path).toBe('/admin/api/2026-10/graphql.json');
    expect(fake.requests[0].headers['x-shopify-access-token']).toBe(fake.accessToken);
  });

  it('reports a refused token in Shopify’s words, without retrying', async () => {
    const error = await adapterFor({ accessToken: 'shpat_wrong' }).checkConnection().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorefrontError);
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      attempts: 1,
      message: 'Shopify refused the access token (401): [API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('tells when the pinned version has left Shopify’s support window', () => {
    const events: ShopifyCallEvent[] = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-06-01T12:00:00Z'));
      adapterFor({ onEvent: (e) => events.push(e) });
      expect(events).toEqual([]);
      vi.setSystemTime(new Date('2028-06-01T12:00:00Z'));
      adapterFor({ onEvent: (e) => events.push(e) });
    } finally {
      vi.useRealTimers();
    }
    expect(events).toMatchObject([{ type: 'unsupported-version', apiVersion: SHOPIFY_API_VERSION }]);
  });

  it('sends the token to a myshopify domain only', () => {
    expect(() => adapterFor({ shopDomain: 'evil.example.com' })).toThrow(/is not a Shopify shop domain/);
    expect(adapterFor({ shopDomain: 'backroom-test' }).graphql.shopDomain).toBe('backroom-test.myshopify.com');
  });
});

describe('pushProduct', () => {
  it('creates the product with its options, one tracked variant per item with its price and stock, and publishes it', async () => {
    const pushed = await adapterFor().pushProduct(jordan());
    const product = fake.products.get(pushed.id);
    expect(product).toMatchObject({ handle: 'air-jordan-1-chicago-b7k2', title: 'Air Jordan 1 Chicago', vendor: 'Nike', productType: 'Sneakers', tags: ['consignment'], status: 'ACTIVE' });
    expect(product?.options.map((o) => [o.name, o.values])).toEqual([
      ['Size', ['9', '10']],
      ['Condition', ['New', 'Used']],
    ]);
    const first = fake.variantBySku('BR-0001');
    expect(first?.variant).toMatchObject({ price: '250.0', inventoryPolicy: 'DENY', options: [{ name: 'Size', value: '9' }, { name: 'Condition', value: 'New' }] });
    expect(first?.item.tracked).toBe(true);
    expect(fake.available(first?.item.id as string, shopFloor())).toBe(1);
    expect(fake.variantBySku('BR-0002')?.variant.price).toBe('199.99');
    expect(pushed).toEqual({
      id: product?.id,
      handle: 'air-jordan-1-chicago-b7k2',
      status: 'active',
      url: `https://${fake.shopDomain}/products/air-jordan-1-chicago-b7k2`,
      variants: [
        { ref: 'item-1', id: first?.variant.id, sku: 'BR-0001', inventoryItemId: first?.item.id },
        { ref: 'item-2', id: fake.variantBySku('BR-0002')?.variant.id, sku: 'BR-0002', inventoryItemId: fake.variantBySku('BR-0002')?.item.id },
      ],
    });
    expect(opsCalled()).toEqual(['productSet', 'publishablePublish']);
    expect(fake.calls[0].variables).toMatchObject({ identifier: { handle: 'air-jordan-1-chicago-b7k2' } });
  });

  it('updates by id: a price change keeps the variants and their stock; an item left out is deleted, a new one created', async () => {
    const adapter = adapterFor();
    const again = await adapter.pushProduct(jordan());
    fake.calls.length = 0;
    const [one, two] = again.variants;
    const updated = await adapter.pushProduct(
      jordan({
        id: again.id,
        variants: [
          { ref: 'item-1', id: one.id, sku: 'BR-0001', priceMinor: 23000, optionValues: ['9', 'New'] },
          { ref: 'item-3', id: null, sku: 'BR-0003', priceMinor: 30000, optionValues: ['11', 'New'], initialStock: [{ locationId: warehouse(), quantity: 1 }] },
        ],
      }),
    );
    expect(opsCalled()).toEqual(['productSet']); // published already: no second publish
    expect(fake.calls[0].variables).toMatchObject({ identifier: { id: again.id } });
    expect(updated.id).toBe(again.id);
    expect(updated.variants[0]).toEqual({ ref: 'item-1', id: one.id, sku: 'BR-0001', inventoryItemId: one.inventoryItemId });
    expect(fake.variantBySku('BR-0001')?.variant.price).toBe('230.0');
    expect(fake.available(one.inventoryItemId, shopFloor())).toBe(1);
    expect(fake.variants.has(two.id)).toBe(false);
    expect(fake.inventoryItems.has(two.inventoryItemId)).toBe(false);
    const three = fake.variantBySku('BR-0003');
    expect(updated.variants[1]).toEqual({ ref: 'item-3', id: three?.variant.id, sku: 'BR-0003', inventoryItemId: three?.item.id });
    expect(fake.available(three?.item.id as string, warehouse())).toBe(1);
    expect(fake.products.get(again.id)?.options.map((o) => o.values)).toEqual([
      ['9', '11'],
      ['New'],
    ]);
  });

  it('finds the product a first push created when the first push is repeated (upsert by handle)', async () => {
    const adapter = adapterFor();
    const once = await adapter.pushProduct(jordan());
    const twice = await adapter.pushProduct(jordan());
    expect(twice.id).toBe(once.id);
    expect(twice.variants.map((v) => v.id)).toEqual(once.variants.map((v) => v.id));
    expect(fake.products.size).toBe(1);
    expect(fake.variants.size).toBe(2);
  });

  it('reads every variant of a product with more than one page of them', async () => {
    const sizes = Array.from({ length: 260 }, (_, i) => String(i + 1));
    const pushed = await adapterFor().pushProduct(
      jordan({ options: ['Size'], variants: sizes.map((size) => ({ ref: `item-${size}`, id: null, sku: `BR-${size.padStart(4, '0')}`, priceMinor: 1000, optionValues: [size] })) }),
    );
    expect(pushed.variants).toHaveLength(260);
    expect(new Set(pushed.variants.map((v) => v.id)).size).toBe(260);
    expect(pushed.variants.at(-1)).toMatchObject({ ref: 'item-260', sku: 'BR-0260', id: fake.variantBySku('BR-0260')?.variant.id });
    expect(opsCalled()).toEqual(['productSet', 'product', 'publishablePublish']);
  });

  it('passes Shopify’s refusal on with its message and code, and changes nothing', async () => {
    const error = await adapterFor()
      .pushProduct(
        jordan({
          variants: [
            { ref: 'item-1', id: null, sku: 'BR-0001', priceMinor: 25000, optionValues: ['9', 'New'] },
            { ref: 'item-2', id: null, sku: 'BR-0002', priceMinor: 26000, optionValues: ['9', 'New'] },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'refused',
      message: "Shopify refused product Air Jordan 1 Chicago: The variant '9 / New' already exists.",
      userErrors: [{ field: ['input', 'variants', '1'], message: "The variant '9 / New' already exists.", code: 'INVALID_VARIANT' }],
    });
    expect(fake.products.size).toBe(0);

    const gone = await adapterFor().pushProduct(jordan({ id: 'gid://shopify/Product/1' })).catch((e: unknown) => e);
    expect(gone).toMatchObject({ kind: 'refused', code: 'PRODUCT_DOES_NOT_EXIST', message: 'Shopify refused product Air Jordan 1 Chicago: Product does not exist' });
  });

  it('refuses what it cannot send before calling Shopify', async () => {
    const adapter = adapterFor();
    await expect(adapter.pushProduct(jordan({ variants: [] }))).rejects.toThrow('Air Jordan 1 Chicago: a product needs at least one variant (unpublish a product with nothing on sale)');
    await expect(adapter.pushProduct(jordan({ options: ['Size', 'Condition', 'Box', 'Colour'] }))).rejects.toThrow('a product has 1 to 3 options (got 4)');
    const twin = jordan().variants[0];
    await expect(adapter.pushProduct(jordan({ variants: [twin, { ...twin, ref: 'item-9', optionValues: ['12', 'New'] }] }))).rejects.toThrow('two variants have the SKU BR-0001');
    await expect(adapter.pushProduct(jordan({ variants: [{ ...twin, priceMinor: 12.5 }] }))).rejects.toThrow('A price must be a whole, non-negative number of minor units (got 12.5)');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('setStock', () => {
  it('moves an item to a location it was never stocked at in one call (2026-10 stocks it there)', async () => {
    const adapter = adapterFor();
    const [item] = (await adapter.pushProduct(jordan())).variants;
    fake.calls.length = 0;
    await adapter.setStock([
      { inventoryItemId: item.inventoryItemId, locationId: shopFloor(), quantity: 0 },
      { inventoryItemId: item.inventoryItemId, locationId: warehouse(), quantity: 1 },
    ]);
    expect(fake.available(item.inventoryItemId, shopFloor())).toBe(0);
    expect(fake.available(item.inventoryItemId, warehouse())).toBe(1);
    expect(opsCalled()).toEqual(['inventorySetQuantities']);
    expect(fake.calls[0].errors).toEqual([]);
    fake.calls.length = 0;
    await adapter.setStock([{ inventoryItemId: item.inventoryItemId, locationId: warehouse(), quantity: 0 }], { reason: 'movement_created', referenceDocumentUri: 'gid://backroom/Transfer/42' });
    expect(opsCalled()).toEqual(['inventorySetQuantities']);
    expect(fake.calls[0].variables).toMatchObject({ input: { name: 'available', reason: 'movement_created', referenceDocumentUri: 'gid://backroom/Transfer/42', quantities: [{ changeFromQuantity: null }] } });
    expect(fake.available(item.inventoryItemId, warehouse())).toBe(0);
  });

  it('refuses a change from a quantity Shopify no longer holds (an item sold there meanwhile), changing nothing', async () => {
    const adapter = adapterFor();
    const [item] = (await adapter.pushProduct(jordan())).variants;
    fake.placeOrder({ variantIds: [item.id] });
    const error = await adapter.setStock([{ inventoryItemId: item.inventoryItemId, locationId: shopFloor(), quantity: 1, expected: 1 }]).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'refused', code: 'CHANGE_FROM_QUANTITY_STALE', message: 'Shopify refused the stock change: The changeFromQuantity value does not match persisted value.' });
    expect(fake.available(item.inventoryItemId, shopFloor())).toBe(0);
  });

  it('applies a change once under its idempotency key, however often it is sent', async () => {
    const adapter = adapterFor();
    const [item] = (await adapter.pushProduct(jordan())).variants;
    const level = { inventoryItemId: item.inventoryItemId, locationId: shopFloor(), quantity: 0 };
    await adapter.setStock([level], { key: 'withdraw-item-1' });
    fake.inventoryItems.get(item.inventoryItemId)?.levels.set(shopFloor(), 1); // someone puts it back in Shopify's admin
    await adapter.setStock([level], { key: 'withdraw-item-1' });
    expect(fake.available(item.inventoryItemId, shopFloor())).toBe(1);
    const reused = await adapter.setStock([{ ...level, quantity: 3 }], { key: 'withdraw-item-1' }).catch((e: unknown) => e);
    expect(reused).toMatchObject({ kind: 'refused', code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' });
  });

  it('sends more than 250 levels in parts Shopify accepts', async () => {
    const adapter = adapterFor();
    const sizes = Array.from({ length: 260 }, (_, i) => String(i + 1));
    const pushed = await adapter.pushProduct(
      jordan({ options: ['Size'], variants: sizes.map((size) => ({ ref: size, id: null, sku: `BR-${size}`, priceMinor: 1000, optionValues: [size], initialStock: [{ locationId: shopFloor(), quantity: 1 }] })) }),
    );
    fake.calls.length = 0;
    await adapter.setStock(pushed.variants.map((v) => ({ inventoryItemId: v.inventoryItemId, locationId: shopFloor(), quantity: 0 })));
    expect(opsCalled()).toEqual(['inventorySetQuantities', 'inventorySetQuantities']);
    expect(pushed.variants.every((v) => fake.available(v.inventoryItemId, shopFloor()) === 0)).toBe(true);
  });
});

describe('unpublish', () => {
  it('takes the product off sale as a draft, keeping it and its variants', async () => {
    const adapter = adapterFor();
    const pushed = await adapter.pushProduct(jordan());
    await adapter.unpublish(pushed.id);
    expect(fake.products.get(pushed.id)?.status).toBe('DRAFT');
    const [read] = await adapter.fetchProducts([pushed.id]);
    expect(read).toMatchObject({ status: 'draft', url: null });
    expect(read.variants).toHaveLength(2);
    // pushing it again puts it back on sale
    expect((await adapter.pushProduct(jordan({ id: pushed.id }))).status).toBe('active');
  });

  it('reports a product Shopify does not have', async () => {
    await expect(adapterFor().unpublish('gid://shopify/Product/404')).rejects.toMatchObject({ kind: 'refused', message: 'Shopify refused to unpublish product gid://shopify/Product/404: Product does not exist' });
  });
});

describe('fetchProducts', () => {
  it('reads products with their variants (paging past the first 25), leaving out ids Shopify does not know', async () => {
    const adapter = adapterFor();
    const small = await adapter.pushProduct(jordan());
    const sizes = Array.from({ length: 30 }, (_, i) => String(i + 1));
    const big = await adapter.pushProduct(
      jordan({ handle: 'big', title: 'Big', options: ['Size'], variants: sizes.map((size) => ({ ref: size, id: null, sku: `BIG-${size}`, priceMinor: 500 + Number(size), optionValues: [size], initialStock: [{ locationId: warehouse(), quantity: 1 }] })) }),
    );
    fake.calls.length = 0;
    const products = await adapter.fetchProducts([small.id, 'gid://shopify/Product/999', big.id.replace('gid://shopify/Product/', '')]);
    expect(products.map((p) => p.id)).toEqual([small.id, big.id]);
    expect(products[0]).toMatchObject({ handle: 'air-jordan-1-chicago-b7k2', title: 'Air Jordan 1 Chicago', status: 'active', url: `https://${fake.shopDomain}/products/air-jordan-1-chicago-b7k2` });
    expect(products[0].updatedAt).toBeInstanceOf(Date);
    expect(products[0].variants[1]).toEqual({
      id: small.variants[1].id,
      sku: 'BR-0002',
      title: '10 / Used',
      priceMinor: 19999,
      compareAtPriceMinor: null,
      options: [
        { name: 'Size', value: '10' },
        { name: 'Condition', value: 'Used' },
      ],
      inventoryItemId: small.variants[1].inventoryItemId,
      quantity: 1,
    });
    expect(products[1].variants).toHaveLength(30);
    expect(products[1].variants[29]).toMatchObject({ sku: 'BIG-30', priceMinor: 530, quantity: 1 });
    expect(opsCalled()).toEqual(['nodes', 'product']);
  });

  it('asks for ten products a call', async () => {
    const adapter = adapterFor();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await adapter.pushProduct(jordan({ handle: `p-${i}`, title: `P ${i}` }))).id);
    fake.calls.length = 0;
    expect(await adapter.fetchProducts(ids)).toHaveLength(12);
    expect(fake.calls.map((c) => (c.variables.ids as string[]).length)).toEqual([10, 2]);
  });
});

describe('orders', () => {
  async function soldItems(count: number) {
    const adapter = adapterFor();
    const sizes = Array.from({ length: count }, (_, i) => String(i + 1));
    const pushed = await adapter.pushProduct(
      jordan({ options: ['Size'], variants: sizes.map((size) => ({ ref: size, id: null, sku: `BR-${size}`, priceMinor: 10000 + Number(size), optionValues: [size], initialStock: [{ locationId: shopFloor(), quantity: 1 }] })) }),
    );
    return { adapter, pushed };
  }

  it('fetchOrder reads an order with its lines, by global or admin id; null for one Shopify does not have', async () => {
    const { adapter, pushed } = await soldItems(2);
    const placed = fake.placeOrder({ variantIds: [pushed.variants[0].id, pushed.variants[1].id], customer: { firstName: 'Ava', lastName: 'Thompson', email: 'ava@example.test' } });
    const order = await adapter.fetchOrder(placed.id);
    expect(order).toEqual({
      id: placed.id,
      legacyId: placed.id.replace('gid://shopify/Order/', ''),
      name: placed.name,
      createdAt: new Date(placed.createdAt),
      processedAt: new Date(placed.processedAt),
      updatedAt: new Date(placed.updatedAt),
      cancelledAt: null,
      cancelReason: null,
      financialStatus: 'paid',
      currency: 'USD',
      totalMinor: 20003,
      customer: { firstName: 'Ava', lastName: 'Thompson', email: 'ava@example.test', phone: null },
      test: false,
      sourceName: 'web',
      lines: [
        { id: placed.lines[0].id, variantId: pushed.variants[0].id, sku: 'BR-1', title: 'Air Jordan 1 Chicago', variantTitle: '1', quantity: 1, currentQuantity: 1, originalUnitPriceMinor: 10001, unitPriceMinor: 10001 },
        { id: placed.lines[1].id, variantId: pushed.variants[1].id, sku: 'BR-2', title: 'Air Jordan 1 Chicago', variantTitle: '2', quantity: 1, currentQuantity: 1, originalUnitPriceMinor: 10002, unitPriceMinor: 10002 },
      ],
      shippedAt: null,
    });
    expect(await adapter.fetchOrder(order?.legacyId as string)).toEqual(order);
    // shipped one line of two: not shipped; both: shipped at the last shipment (the order's fulfilment status)
    fake.fulfilOrder(placed.id, [placed.lines[0].id]);
    expect((await adapter.fetchOrder(placed.id))?.shippedAt).toBeNull();
    const last = fake.fulfilOrder(placed.id, [placed.lines[1].id]);
    expect((await adapter.fetchOrder(placed.id))?.shippedAt).toEqual(new Date(last.createdAt));
    placed.fulfillments = [];
    expect(await adapter.fetchOrder('gid://shopify/Order/1')).toBeNull();
    fake.cancelOrder(placed.id);
    expect(await adapter.fetchOrder(placed.id)).toMatchObject({ financialStatus: 'refunded', cancelReason: 'CUSTOMER', lines: [{ currentQuantity: 0 }, { currentQuantity: 0 }] });
  });

  it('reads an order as its orders/paid webhook reads: a resync and a webhook feed a sale alike', async () => {
    const { adapter, pushed } = await soldItems(2);
    const placed = fake.placeOrder({ variantIds: pushed.variants.map((v) => v.id), customer: { firstName: 'Ava', lastName: 'Thompson', email: 'ava@example.test' } });
    const fetched = await adapter.fetchOrder(placed.id);
    const delivered = parseShopifyWebhook('orders/paid', JSON.stringify(fake.orderWebhookPayload(placed.id)));
    expect(delivered).toEqual({ topic: 'orders/paid', order: fetched });
  });

  it('listOrdersSince pages through the orders changed since a time, oldest change first, with all their lines', async () => {
    const { adapter, pushed } = await soldItems(24);
    const placed = pushed.variants.slice(0, 11).map((v) => fake.placeOrder({ variantIds: [v.id] }));
    const big = fake.placeOrder({ variantIds: pushed.variants.slice(11, 23).map((v) => v.id) });
    // when each order last changed: the first one long ago, the rest a minute apart
    placed[0].updatedAt = '2026-01-01T00:00:00Z';
    [...placed.slice(1), big].forEach((o, i) => (o.updatedAt = new Date(Date.UTC(2026, 10, 26, 9, i)).toISOString().replace('.000Z', 'Z')));
    const since = new Date(Date.UTC(2026, 10, 26, 9, 0));
    const first = await adapter.listOrdersSince(since);
    expect(first.orders.map((o) => o.id)).toEqual([...placed.slice(1), big].slice(0, 10).map((o) => o.id));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await adapter.listOrdersSince(since, { after: first.nextCursor });
    expect(second.orders.map((o) => o.id)).toEqual([big.id]);
    expect(second.nextCursor).toBeNull();
    expect(second.orders[0].lines.map((l) => l.sku)).toEqual(pushed.variants.slice(11, 23).map((v) => v.sku));
    expect(fake.calls.at(-2)?.variables).toMatchObject({ query: "updated_at:>='2026-11-26T09:00:00Z'" });
    expect(fake.calls.at(-1)?.fields).toEqual(['order']); // the big order's lines beyond the first 10
  });

  it('writes the time in Shopify’s search syntax', () => {
    // to the second, rounded down: a window a little wider, never narrower
    expect(updatedSinceQuery(new Date('2026-11-26T10:15:30.250Z'))).toBe("updated_at:>='2026-11-26T10:15:30Z'");
    expect(updatedSinceQuery(new Date('2026-11-26T10:15:30Z'))).toBe("updated_at:>='2026-11-26T10:15:30Z'");
    expect(() => updatedSinceQuery(new Date('nope'))).toThrow('not a date');
  });
});

describe('the fake refuses what Shopify refuses', () => {
  const send = (query: string, variables: Record<string, unknown> = {}) =>
    fetch(`${fake.url}/admin/api/2026-10/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': fake.accessToken }, body: JSON.stringify({ query, variables }) }).then(
      async (res) => ({ status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as { errors?: { message: string; extensions?: Record<string, unknown> }[]; data?: unknown } }),
    );

  it('a field the schema lacks, in Shopify’s words, and the adapter does not retry it', async () => {
    const answer = await send('query Bad($id: ID!) { product(id: $id) { handel } }', { id: 'gid://shopify/Product/1' });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json');
    expect(answer.body.errors).toEqual([{ message: "Field 'handel' doesn't exist on type 'Product'", locations: [{ line: 1, column: 42 }], extensions: { code: 'undefinedField', typeName: 'Product', fieldName: 'handel' } }]);
    expect(answer.body.data).toBeUndefined();

    fake.reset();
    const error = await adapterFor()
      .graphql.request({ name: 'Bad', query: 'query Bad($id: ID!) { product(id: $id) { handel } }', cost: () => 1 }, { id: 'gid://shopify/Product/1' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-query', attempts: 1, message: "Shopify refused the query: Field 'handel' doesn't exist on type 'Product'" });
    expect(fake.requests).toHaveLength(1);
  });

  it('unknown and missing arguments, unused variables, wrong selections', async () => {
    const messages = async (query: string, variables?: Record<string, unknown>) => (await send(query, variables)).body.errors?.map((e) => e.message);
    expect(await messages('{ product(id: "gid://shopify/Product/1", handle: "x") { id } }')).toEqual(["Field 'product' doesn't accept argument 'handle'"]);
    expect(await messages('{ product { id } }')).toEqual(["Field 'product' is missing required arguments: id"]);
    expect(await messages('query Q($id: ID!) { shop { name } }', { id: '1' })).toEqual(['Variable $id is declared by Q but not used']);
    expect(await messages('{ shop }')).toEqual(["Field must have selections (field 'shop' returns Shop but has no selections. Did you mean 'shop { ... }'?)"]);
  });

  it('a variable Shopify cannot read: an input field of an old API version, a price that is not money', async () => {
    const mutation = 'mutation M($input: ProductSetInput!) { productSet(input: $input) { userErrors { message } } }';
    const old = await send(mutation, { input: { title: 'X', variants: [{ optionValues: [], inventoryQuantity: 1 }] } });
    expect(old.body.errors?.[0]).toMatchObject({
      message: 'Variable $input of type ProductSetInput! was provided invalid value for variants.0.inventoryQuantity (Field is not defined on ProductVariantSetInput)',
      extensions: { code: 'INVALID_VARIABLE', problems: [{ path: ['variants', '0', 'inventoryQuantity'], explanation: 'Field is not defined on ProductVariantSetInput' }] },
    });
    const price = await send(mutation, { input: { title: 'X', variants: [{ optionValues: [], price: 'twelve' }] } });
    expect(price.body.errors?.[0].message).toMatch(/^Variable \$input of type ProductSetInput! was provided invalid value for variants\.0\.price \(Could not coerce value to Money: "twelve"/);
  });

  it('a query above the single-query cost limit, with Shopify’s message', async () => {
    const answer = await send('{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }');
    expect(answer.body.errors?.[0]).toMatchObject({ extensions: { code: 'MAX_COST_EXCEEDED', cost: 63252, maxCost: 1000 } });
    expect(answer.body.errors?.[0].message).toMatch(/^Query cost is 63252, which exceeds the single query max cost limit \(1000\)\./);
  });

  it('reports the cost and throttle status of every answer', async () => {
    const answer = await send('{ shop { name } locations(first: 5) { nodes { id name } } }');
    expect(answer.body).toMatchObject({
      data: { shop: { name: 'Backroom Test Shop' } },
      extensions: { cost: { requestedQueryCost: 8, actualQueryCost: 5, throttleStatus: { maximumAvailable: 2000, restoreRate: 100 } } },
    });
  });

  it('an unknown version or a wrong token', async () => {
    const res = await fetch(`${fake.url}/admin/api/2023-01/graphql.json`, { method: 'POST', headers: { 'x-shopify-access-token': fake.accessToken }, body: '{}' });
    expect(res.status).toBe(404);
    const denied = await fetch(`${fake.url}/admin/api/2026-10/graphql.json`, { method: 'POST', body: JSON.stringify({ query: '{ shop { name } }' }) });
    expect(denied.status).toBe(401);
  });
});
