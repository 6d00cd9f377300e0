import { responses, ZStorefrontConnection, ZStorefrontConnectionTest, ZStorefrontConnectionTestResult, ZStorefrontConnectionUpdate } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { requireStaff, requireStore } from '../auth/actor.ts';
import { getStorefrontConnection, testStorefrontConnection, updateStorefrontConnection } from './storefront-connection.service.ts';

const tags = ['storefront'];

/** The store's Shopify connection (Settings area, Admins only; docs/storefront-sync.md). Secrets are never returned. */
export const storefrontRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/storefront/connection',
      { schema: { tags, summary: "The store's Shopify connection: shop, whether each secret is set, the locations that sell online", response: responses(ZStorefrontConnection) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await getStorefrontConnection(ctx, requireStore(request), actor) };
      },
    );

    app.put(
      '/api/storefront/connection',
      {
        schema: {
          tags,
          summary: 'Set the shop, the Admin API access token, the webhook signing secret (null removes one), the locations that sell online; turn it on or off',
          body: ZStorefrontConnectionUpdate,
          response: responses(ZStorefrontConnection),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await updateStorefrontConnection(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/storefront/connection/test',
      {
        schema: {
          tags,
          summary: 'Test connection: the shop behind the saved (or given) credentials, its locations and publications, or Shopify\'s reason',
          body: ZStorefrontConnectionTest,
          response: responses(ZStorefrontConnectionTestResult),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await testStorefrontConnection(ctx, requireStore(request), actor, request.body) };
      },
    );
  };
