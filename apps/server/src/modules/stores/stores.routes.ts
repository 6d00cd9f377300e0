import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, safeString, ZPublicStore, ZStoreSignupResult } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentStore, getStoreByDomain, getStoreByHandle, signupStore } from './stores.service.ts';

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
    app.get('/open/stores/current', { schema: { tags: ['stores'], summary: 'The store this request resolves to', response: responses(ZPublicStore) } }, async (request) => ({
      data: currentStore(request.store),
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
  };
