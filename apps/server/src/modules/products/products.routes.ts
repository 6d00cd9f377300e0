import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  responses,
  ZProduct,
  ZProductBody,
  ZProductDetail,
  ZProductJobStarted,
  ZProductMergeBody,
  ZProductSearchQuery,
  ZRecordIdParams,
  ZSubmittedProduct,
  ZSubmittedProductBody,
  ZSubmittedProductCreated,
  ZSubmittedProductsQuery,
  ZVariantPrice,
} from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStaffAnyAreaOrConsigner, requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import {
  createProduct,
  getProduct,
  listSubmittedProducts,
  lowestVariantPrices,
  mergeProducts,
  registerProductJobs,
  resyncProduct,
  searchProducts,
  submitProduct,
  updateProduct,
} from './products.service.ts';
import { cachedRead } from '../../http/read-cache.ts';


/**
 * Products: staff with Products manage them; consigners search, read and submit them. Lowest prices
 * also serve the add-inventory screens, so Inventory access reads them too.
 */
export const productsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerProductJobs(ctx);

    app.get(
      '/api/products',
      {
        schema: {
          tags: ['products'],
          summary: 'Search by title, SKU and brand (every word must match)',
          querystring: ZProductSearchQuery,
          response: responses(z.array(ZProduct)),
        },
      },
      async (request, reply) => {
        await requireStaffAreaOrConsigner(ctx, request, 'Products');
        // the catalogue is the same for everyone let in: one kept answer serves staff and consigners
        return cachedRead(ctx, request, reply, 'catalogue', 'catalogue', async () => ({ data: await searchProducts(ctx, requireStore(request), request.query) }));
      },
    );

    app.get(
      '/api/products/submittedProducts',
      {
        schema: {
          tags: ['products'],
          summary: "Consigners' product submissions (a consigner sees their own)",
          querystring: ZSubmittedProductsQuery,
          response: responses(z.array(ZSubmittedProduct)),
        },
      },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Products');
        return { data: await listSubmittedProducts(ctx, requireStore(request), actor, request.query) };
      },
    );

    app.post('/api/products/submittedProducts', { schema: { tags: ['products'], body: ZSubmittedProductBody, response: responses(ZSubmittedProductCreated, 201) } }, async (request, reply) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Products');
      return reply.status(201).send({ data: await submitProduct(ctx, requireStore(request), actor, request.body) });
    });

    app.post(
      '/api/products/merge',
      {
        schema: {
          tags: ['products'],
          summary: 'Move every item, GTIN and log of fromProductId into toProductId and delete it (background job)',
          body: ZProductMergeBody,
          response: responses(ZProductJobStarted, 202),
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Products');
        return reply.status(202).send({ data: await mergeProducts(ctx, requireStore(request), actor, request.body) });
      },
    );

    app.get('/api/products/resync/:id', { schema: { tags: ['products'], params: ZRecordIdParams, response: responses(ZProductJobStarted, 202) } }, async (request, reply) => {
      const actor = await requireStaff(ctx, request, 'Products');
      return reply.status(202).send({ data: await resyncProduct(ctx, requireStore(request), actor, request.params.id) });
    });

    app.get('/api/products/lowestVariantPrices/:id', { schema: { tags: ['products'], params: ZRecordIdParams, response: responses(z.array(ZVariantPrice)) } }, async (request) => {
      // the add-inventory screens (Inventory area) need these too
      await requireStaffAnyAreaOrConsigner(ctx, request, ['Products', 'Inventory']);
      return { data: await lowestVariantPrices(ctx, requireStore(request), request.params.id) };
    });

    app.get('/api/products/:id', { schema: { tags: ['products'], params: ZRecordIdParams, response: responses(ZProductDetail) } }, async (request) => {
      // the add-inventory wizard (Inventory area) opens the product too
      const actor = await requireStaffAnyAreaOrConsigner(ctx, request, ['Products', 'Inventory']);
      return { data: await getProduct(ctx, requireStore(request), actor, request.params.id) };
    });

    app.post('/api/products', { schema: { tags: ['products'], body: ZProductBody, response: responses(ZProduct, 201) } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Products');
      return reply.status(201).send({ data: await createProduct(ctx, requireStore(request), request.body) });
    });

    app.put('/api/products/:id', { schema: { tags: ['products'], params: ZRecordIdParams, body: ZProductBody, response: responses(ZProduct) } }, async (request) => {
      await requireStaff(ctx, request, 'Products');
      return { data: await updateProduct(ctx, requireStore(request), request.params.id, request.body) };
    });
  };
