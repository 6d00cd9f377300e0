import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, safeString, ZPublicStore, ZStoreResyncStarted, ZStoreSettings, ZStoreSettingsBody, ZStoreSignupResult, ZStoreUsage } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { getStoreSettings, getStoreUsage, queueStoreResync, registerStoreJobs, updateStoreSettings } from './stores-settings.service.ts';
import { currentStore, getStoreByDomain, getStoreByHandle, signupStore } from './stores.service.ts';

const ZStoreId = z.object({ id: safeString('code', 'Id') });

const ZStoreSignupQuery = z.object({
  name: safeString('name', 'Name').optional(),
  email: safeString('email', 'Email').optional(),
  handle: safeString('code', 'Handle').optional(),
  shop: safeString('name', 'Shop').optional(),
  accessToken: safeString('code', 'Access token').optional(),
  platform: safeString('name', 'Platform').optional(),
});

export const storesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerStoreJobs(ctx);

    app.get('/open/stores/current', { schema: { tags: ['stores'], summary: 'The store this request resolves to', response: responses(ZPublicStore) } }, async (request) => ({
      data: await currentStore(ctx, request.store),
    }));

    app.get('/open/stores/handle/:handle', { schema: { tags: ['stores'], params: z.object({ handle: safeString('code', 'Handle') }), response: responses(ZPublicStore) } }, async (request) => ({
      data: await getStoreByHandle(ctx, request.params.handle),
    }));

    app.get('/open/stores/:domain', { schema: { tags: ['stores'], params: z.object({ domain: safeString('url', 'Domain') }), response: responses(ZPublicStore) } }, async (request) => ({
      data: await getStoreByDomain(ctx, request.params.domain),
    }));

    // The spec's wizard sends query parameters; a JSON body works too.
    app.post(
      '/open/stores',
      { schema: { tags: ['stores'], summary: 'Sign a new store up', querystring: ZStoreSignupQuery, body: ZStoreSignupQuery.nullish(), response: responses(ZStoreSignupResult, 201) } },
      async (request, reply) => {
        const input = { ...request.query, ...(request.body ?? {}) };
        const result = await signupStore(ctx, input);
        return reply.status(201).send({ data: result });
      },
    );

    // Settings (people doc sections 2 and 7): the store of this request only; another id is not found.
    app.get('/api/stores/usage', { schema: { tags: ['stores'], summary: "The store's usage for the Billing page (Settings area)", response: responses(ZStoreUsage) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await getStoreUsage(ctx, requireStore(request)) };
    });

    app.post(
      '/api/stores/resync',
      { schema: { tags: ['stores'], summary: 'Queue the storefront resync of all inventory (Settings area); follow it at GET /api/jobs/{id}', response: responses(ZStoreResyncStarted, 202) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return reply.status(202).send({ data: await queueStoreResync(ctx, requireStore(request), actor) });
      },
    );

    app.get('/api/stores/:id', { schema: { tags: ['stores'], summary: 'The editable store (Settings area)', params: ZStoreId, response: responses(ZStoreSettings) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await getStoreSettings(ctx, requireStore(request), request.params.id) };
    });

    app.put(
      '/api/stores/:id',
      {
        schema: {
          tags: ['stores'],
          summary: 'Save the store settings (Settings area); fields left out keep their value, the whole store is validated',
          params: ZStoreId,
          body: ZStoreSettingsBody,
          response: responses(ZStoreSettings),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await updateStoreSettings(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );
  };
