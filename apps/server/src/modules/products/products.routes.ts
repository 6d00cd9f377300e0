import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_IMAGES,
  responses,
  safeString,
  ZProduct,
  ZProductDetail,
  ZProductJobStarted,
  ZSubmittedProduct,
  ZSubmittedProductCreated,
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

const MAX_SEARCH_PAGE_SIZE = 200;
/** Pages of the product search: 200 pages of 50 is 10,000 products deep, beyond what anyone scrolls. */
const MAX_SEARCH_PAGE = 200;
const PAGE_ERROR = `The page must be a whole number from 1 to ${MAX_SEARCH_PAGE}`;
const PAGE_SIZE_ERROR = `The page size must be a whole number from 1 to ${MAX_SEARCH_PAGE_SIZE}`;

const ZId = z.object({ id: z.string().uuid('Invalid id') });
// Loose shapes with the domain's text limits; the service's domain schema words the other refusals.
const text = safeString('name').nullish();
const url = safeString('url', 'Image URL').nullish();
const imageList = z.array(safeString('url', 'Image URL')).max(MAX_IMAGES, `At most ${MAX_IMAGES} images`).nullish();

const ZProductBody = z.object({
  title: text,
  sku: text,
  brand: text,
  category: text,
  gender: text,
  productTemplateId: text,
  image: url,
  imageList,
  color: text,
  year: z.union([z.number(), safeString('code', 'Year')]).nullish(),
  stockXId: text,
  shopifyId: text,
  GTIN: z.array(z.object({ size: text, gtin: text })).max(500).nullish(),
  price: z.union([z.number(), safeString('code', 'Price')]).nullish(),
  submittedProductId: text,
});

const ZSubmittedBody = z.object({
  title: text,
  brand: text,
  sku: text,
  category: text,
  gender: text,
  image: url,
  imageList,
  productTemplateId: text,
  stockXId: text,
});

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
          querystring: z.object({
            search: safeString('search', 'Search').optional(),
            limit: z.coerce.number({ error: PAGE_SIZE_ERROR }).int({ error: PAGE_SIZE_ERROR }).min(1, { error: PAGE_SIZE_ERROR }).max(MAX_SEARCH_PAGE_SIZE, { error: PAGE_SIZE_ERROR }).default(50),
            // paging (the product grid's infinite scroll): bounded, so a deep page never scans the catalogue
            page: z.coerce.number({ error: PAGE_ERROR }).int({ error: PAGE_ERROR }).min(1, { error: PAGE_ERROR }).max(MAX_SEARCH_PAGE, { error: PAGE_ERROR }).default(1),
          }),
          response: responses(z.array(ZProduct)),
        },
      },
      async (request, reply) => {
        await requireStaffAreaOrConsigner(ctx, request, 'Products');
        // the catalogue is the same for everyone let in: one kept answer serves staff and consigners
        return cachedRead(ctx, request, reply, 'catalogue', async () => ({ data: await searchProducts(ctx, requireStore(request), request.query) }));
      },
    );

    app.get(
      '/api/products/submittedProducts',
      {
        schema: {
          tags: ['products'],
          summary: "Consigners' product submissions (a consigner sees their own)",
          querystring: z.object({ search: safeString('search', 'Search').optional(), status: z.enum(['submitted', 'created', 'all']).default('submitted') }),
          response: responses(z.array(ZSubmittedProduct)),
        },
      },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Products');
        return { data: await listSubmittedProducts(ctx, requireStore(request), actor, request.query) };
      },
    );

    app.post('/api/products/submittedProducts', { schema: { tags: ['products'], body: ZSubmittedBody, response: responses(ZSubmittedProductCreated, 201) } }, async (request, reply) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Products');
      return reply.status(201).send({ data: await submitProduct(ctx, requireStore(request), actor, request.body) });
    });

    app.post(
      '/api/products/merge',
      {
        schema: {
          tags: ['products'],
          summary: 'Move every item, GTIN and log of fromProductId into toProductId and delete it (background job)',
          body: z.object({ fromProductId: z.string().uuid('Invalid id'), toProductId: z.string().uuid('Invalid id') }),
          response: responses(ZProductJobStarted, 202),
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Products');
        return reply.status(202).send({ data: await mergeProducts(ctx, requireStore(request), actor, request.body) });
      },
    );

    app.get('/api/products/resync/:id', { schema: { tags: ['products'], params: ZId, response: responses(ZProductJobStarted, 202) } }, async (request, reply) => {
      const actor = await requireStaff(ctx, request, 'Products');
      return reply.status(202).send({ data: await resyncProduct(ctx, requireStore(request), actor, request.params.id) });
    });

    app.get('/api/products/lowestVariantPrices/:id', { schema: { tags: ['products'], params: ZId, response: responses(z.array(ZVariantPrice)) } }, async (request) => {
      // the add-inventory screens (Inventory area) need these too
      await requireStaffAnyAreaOrConsigner(ctx, request, ['Products', 'Inventory']);
      return { data: await lowestVariantPrices(ctx, requireStore(request), request.params.id) };
    });

    app.get('/api/products/:id', { schema: { tags: ['products'], params: ZId, response: responses(ZProductDetail) } }, async (request) => {
      // the add-inventory wizard (Inventory area) opens the product too
      const actor = await requireStaffAnyAreaOrConsigner(ctx, request, ['Products', 'Inventory']);
      return { data: await getProduct(ctx, requireStore(request), actor, request.params.id) };
    });

    app.post('/api/products', { schema: { tags: ['products'], body: ZProductBody, response: responses(ZProduct, 201) } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Products');
      return reply.status(201).send({ data: await createProduct(ctx, requireStore(request), request.body) });
    });

    app.put('/api/products/:id', { schema: { tags: ['products'], params: ZId, body: ZProductBody, response: responses(ZProduct) } }, async (request) => {
      await requireStaff(ctx, request, 'Products');
      return { data: await updateProduct(ctx, requireStore(request), request.params.id, request.body) };
    });
  };
