import { responses, ZStorefrontWebhookReceived } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStore } from '../../auth/actor.ts';
import { badRequest } from '../../http/errors.ts';
import { receiveShopifyWebhook, registerStorefrontOrderJobs } from './storefront-orders.service.ts';

/** Shopify's payloads are a few kilobytes; a large order with many lines stays well under this. */
const WEBHOOK_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The storefront's webhooks (docs/storefront-orders.md). No user signs in: the delivery proves itself
 * by its HMAC over the raw body, so this plugin reads JSON bodies as bytes (its own content-type
 * parser, scoped to this plugin: every other route keeps Fastify's JSON parser).
 */
export const storefrontOrdersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerStorefrontOrderJobs(ctx);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post(
      '/api/webhooks/shopify',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['storefront'],
          summary:
            "Shopify's order webhooks (orders/create, orders/paid, orders/cancelled, orders/fulfilled, orders/updated, refunds/create, fulfillments/create, fulfillments/update) and privacy webhooks (customers/data_request, customers/redact, shop/redact): verified by the HMAC of the raw body with the store's webhook secret (401 otherwise), idempotent by X-Shopify-Webhook-Id; 404 when the store has no storefront connection",
          security: [],
          response: responses(ZStorefrontWebhookReceived),
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest('The webhook has no body');
        return { data: await receiveShopifyWebhook(ctx, requireStore(request), request.headers, body) };
      },
    );
  };
