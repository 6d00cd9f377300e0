import {
  responses,
  ZCatalogueParams,
  ZPriceRange,
  ZPublicCatalogue,
  ZSendStoreRequestEmail,
  ZSendStoreRequestEmailResult,
  ZSetStoreRequestRange,
  ZStoreRequests,
  ZStoreRequestsQuery,
} from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import { listStoreRequests, publicCatalogue, sendStoreRequestedItemsEmail, setStoreRequestRange } from './store-requests.service.ts';
import { asSystem } from '../../db/row-security.ts';

const tags = ['storeRequests'];

export const storeRequestsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/storeRequests',
      { schema: { tags, summary: 'Products with no units on hand at a location (the first when none is given), with their price ranges', querystring: ZStoreRequestsQuery, response: responses(ZStoreRequests) } },
      async (request) => {
        await requireStaffAreaOrConsigner(ctx, request, 'Products');
        return { data: await listStoreRequests(ctx, requireStore(request), request.query) };
      },
    );

    app.put(
      '/api/storeRequests/priceRange',
      {
        schema: {
          tags,
          summary: "Staff set (or, with null, remove) the price range of a product's request at a location",
          body: ZSetStoreRequestRange,
          response: responses(z.object({ productId: z.string(), location: z.string(), priceRange: ZPriceRange.nullable() })),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Products');
        return { data: await setStoreRequestRange(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/consigners/sendStoreRequestedItemsEmail',
      {
        schema: {
          tags,
          summary: "E-mails the public catalogue link to the store's consigners who want e-mails (3 per store in 15 minutes)",
          body: ZSendStoreRequestEmail,
          response: responses(ZSendStoreRequestEmailResult),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Products');
        return { data: await sendStoreRequestedItemsEmail(ctx, requireStore(request), request.body) };
      },
    );

    app.get(
      '/open/catalogue/:handle',
      { schema: { tags, summary: "A store's public catalogue of what it asks for, by location (no sign-in)", params: ZCatalogueParams, querystring: ZStoreRequestsQuery, response: responses(ZPublicCatalogue) } },
      // any store's public page, by its handle: a named cross-store path
      async (request) => ({ data: await asSystem(() => publicCatalogue(ctx, request.params.handle, request.query)) }),
    );
  };
