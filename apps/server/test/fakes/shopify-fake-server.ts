// The fake Shopify Admin API as a real HTTP server (docs/storefront-sync.md "The fake"), for the e2e
// suite and the benches: the server under test is pointed at it with SHOPIFY_ADMIN_ORIGIN.
//
//   node --import tsx apps/server/test/fakes/shopify-fake-server.ts [port]   (default 4100, or SHOPIFY_FAKE_PORT)
//
// Besides the Admin API (POST /admin/api/2026-10/graphql.json, any shop, the token of
// SHOPIFY_FAKE_TOKEN or the fake's default) it answers control routes a test drives it with:
//   GET  /__fake/health                     200 once listening (Playwright's webServer waits for it)
//   GET  /__fake/shop                       the shop's domain, token, locations, publications
//   GET  /__fake/variants?sku=CODE          variants (sku, price, product, status, available per location)
//   POST /__fake/orders {skus, financialStatus?}   a checkout of these variants: the order and its webhook payload
//   POST /__fake/reset                      an empty shop again
import { fileURLToPath } from 'node:url';
import type { FakeAnswer, RecordedRequest } from './http-fake.ts';
import { startShopifyFake, type ShopifyFake, type ShopifyFakeOptions } from './shopify-fake.ts';

export async function startShopifyFakeServer(options: ShopifyFakeOptions = {}): Promise<ShopifyFake> {
  let fake: ShopifyFake | null = null;
  const control = (req: RecordedRequest): FakeAnswer | null => {
    const shop = fake;
    if (!shop) return { status: 503, body: { error: 'starting' } };
    const url = new URL(req.path, 'http://fake');
    if (req.method === 'GET' && url.pathname === '/__fake/health') return { status: 200, body: { ok: true } };
    if (req.method === 'GET' && url.pathname === '/__fake/shop') {
      return { status: 200, body: { shopDomain: shop.shopDomain, accessToken: shop.accessToken, locations: shop.locations, publications: shop.publications } };
    }
    if (req.method === 'GET' && url.pathname === '/__fake/variants') {
      const sku = url.searchParams.get('sku');
      const variants = [...shop.variants.values()]
        .filter((v) => !sku || v.sku === sku)
        .map((v) => {
          const product = shop.products.get(v.productId);
          const item = shop.inventoryItems.get(v.inventoryItemId);
          return { id: v.id, sku: v.sku, price: v.price, productId: v.productId, productTitle: product?.title ?? null, productStatus: product?.status ?? null, available: Object.fromEntries(item?.levels ?? []) };
        });
      return { status: 200, body: { variants } };
    }
    if (req.method === 'POST' && url.pathname === '/__fake/orders') {
      const body = (req.json ?? {}) as { skus?: string[]; financialStatus?: 'PAID' | 'PENDING' };
      const variantIds = (body.skus ?? []).map((sku) => shop.variantBySku(sku)?.variant.id);
      if (variantIds.length === 0 || variantIds.some((id) => !id)) return { status: 404, body: { error: 'unknown sku' } };
      try {
        const order = shop.placeOrder({ variantIds: variantIds as string[], financialStatus: body.financialStatus ?? 'PAID', customer: { firstName: 'Ada', lastName: 'Shopper', email: 'ada@example.com' } });
        return { status: 201, body: { order, webhookPayload: shop.orderWebhookPayload(order.id) } };
      } catch (err) {
        return { status: 409, body: { error: err instanceof Error ? err.message : String(err) } };
      }
    }
    if (req.method === 'POST' && url.pathname === '/__fake/reset') {
      shop.reset();
      return { status: 200, body: { ok: true } };
    }
    return null;
  };
  fake = await startShopifyFake({ ...options, extraRoutes: control });
  return fake;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? process.env.SHOPIFY_FAKE_PORT ?? 4100);
  const fake = await startShopifyFakeServer({ port, ...(process.env.SHOPIFY_FAKE_TOKEN ? { accessToken: process.env.SHOPIFY_FAKE_TOKEN } : {}) });
  console.log(`fake Shopify Admin API at ${fake.url} (shop ${fake.shopDomain}, token ${fake.accessToken})`);
  const stop = async () => {
    await fake.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
