import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requestOrigin } from '../../http/origin.ts';
import { currentStore, getStoreByDomain, getStoreByHandle, signupStore } from './stores.service.ts';

const ZStoreSignupQuery = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  handle: z.string().optional(),
  shop: z.string().optional(),
  accessToken: z.string().optional(),
  platform: z.string().optional(),
});

export const storesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/open/stores/current', { schema: { tags: ['stores'], summary: 'The store this request resolves to' } }, async (request) => ({
      data: currentStore(request.store),
    }));

    app.get('/open/stores/handle/:handle', { schema: { tags: ['stores'], params: z.object({ handle: z.string() }) } }, async (request) => ({
      data: await getStoreByHandle(ctx, request.params.handle),
    }));

    app.get('/open/stores/:domain', { schema: { tags: ['stores'], params: z.object({ domain: z.string() }) } }, async (request) => ({
      data: await getStoreByDomain(ctx, request.params.domain),
    }));

    // The spec's wizard sends query parameters; a JSON body works too.
    app.post(
      '/open/stores',
      { schema: { tags: ['stores'], summary: 'Sign a new store up', querystring: ZStoreSignupQuery, body: ZStoreSignupQuery.nullish() } },
      async (request, reply) => {
        const input = { ...request.query, ...(request.body ?? {}) };
        const result = await signupStore(ctx, input, requestOrigin(request));
        return reply.status(201).send({ data: result });
      },
    );
  };
