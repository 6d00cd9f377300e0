import { responses, ZShopifyProduct, ZShopifyProductsQuery, ZDriftCheckResult, ZSyncList, ZSyncListQuery, ZSyncRepair, ZSyncRepairResult, ZStorefrontConnection, ZStorefrontConnectionTest, ZStorefrontConnectionTestResult, ZStorefrontConnectionUpdate } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { requireStaff, requireStore } from '../auth/actor.ts';
import { listSyncStates, runDriftCheck, DRIFT_QUEUE, runNightlyDriftCheck } from './storefront-health.service.ts';
import { repairItems, startStorefrontSync } from './storefront-sync.service.ts';
import { registerFirstSyncJob, shopifyProducts } from './storefront-resync.service.ts';
import { z } from 'zod';
import { getStorefrontConnection, testStorefrontConnection, updateStorefrontConnection } from './storefront-connection.service.ts';

const tags = ['storefront'];

/** The store's Shopify connection (Settings area, Admins only; docs/storefront-sync.md). Secrets are never returned. */
export const storefrontRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerFirstSyncJob(ctx);
    startStorefrontSync(ctx, { onReady: (fn) => app.addHook('onReady', fn), onClose: (fn) => app.addHook('onClose', fn) });
    // the nightly drift check, 03:17 UTC (off the hour: Shopify's busiest minutes are on it)
    ctx.jobs.addQueue<{ storeId?: string }>(DRIFT_QUEUE, { handler: async (jobs) => runNightlyDriftCheck(ctx, jobs.flatMap((j) => (j.data?.storeId ? [j.data.storeId] : []))) });
    ctx.jobs.schedule(DRIFT_QUEUE, '17 3 * * *');

    app.post(
      '/api/products/shopifyProducts',
      {
        schema: {
          tags: ['products'],
          summary: "The shop's products of these ids, with handle and variants (each with its Backroom item); 422 without a Shopify connection",
          body: ZShopifyProductsQuery,
          response: responses(z.array(ZShopifyProduct)),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Products');
        return { data: await shopifyProducts(ctx, requireStore(request).id, request.body.shopifyProductIds) };
      },
    );

    app.get(
      '/api/storefront/sync',
      { schema: { tags, summary: 'The sync health screen: items with their sync state, error and last successful sync; counts; the last drift check', querystring: ZSyncListQuery, response: responses(ZSyncList) } },
      async (request) => {
        await requireStaff(ctx, request, 'Products');
        return { data: await listSyncStates(ctx, requireStore(request).id, request.query) };
      },
    );

    app.post(
      '/api/storefront/sync/repair',
      { schema: { tags, summary: 'Repair: push these items (or every failed and drifted one) to the shop again', body: ZSyncRepair, response: responses(ZSyncRepairResult) } },
      async (request) => {
        await requireStaff(ctx, request, 'Products');
        return { data: await repairItems(ctx, requireStore(request).id, request.body.ids) };
      },
    );

    app.post(
      '/api/storefront/sync/driftCheck',
      { schema: { tags, summary: 'Compare Backroom with the shop now (as the nightly check does) and mark drifted items', response: responses(ZDriftCheckResult) } },
      async (request) => {
        await requireStaff(ctx, request, 'Products');
        const result = await runDriftCheck(ctx, requireStore(request).id);
        return { data: { queued: false, message: result.error ?? `${result.checked} items checked, ${result.drifted} drifted` } };
      },
    );

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
