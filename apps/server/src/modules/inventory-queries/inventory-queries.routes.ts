import {
  responses,
  ZConsignerRequestedItems,
  ZDashboardInventory,
  ZInventoryFilterOptions,
  ZInventoryList,
  ZInventoryPage,
  ZLowestPriceForVariant,
  ZLowestPriceInventories,
  ZOrdersPayoutInventories,
  ZStoreProducts,
} from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import { CSV_RESPONSES, sendCsv } from '../../http/csv.ts';
import { cachedRead, storeVersionOfRequest, viewOf } from '../../http/read-cache.ts';
import {
  ZConsignerRequestedItemsQuery,
  ZDashboardInventoryQuery,
  ZInventoriesQuery,
  ZInventoryFilterQuery,
  ZLowestPriceForVariantBody,
  ZLowestPriceInventoriesBody,
  ZOrdersPayoutQuery,
  ZPaginatedInventoriesQuery,
  ZStoreProductsQuery,
} from '@backroom/domain';
import {
  exportInventory,
  findConsignerRequestedItems,
  findInventories,
  findLowestPriceForVariant,
  findLowestPriceInventories,
  findOrdersPayoutInventories,
  findPaginatedInventories,
  getDashboardInventory,
  paginatedInventoriesReads,
  paginatedInventoriesText,
  getFilterOptions,
  getStoreProducts,
} from './inventory-queries.service.ts';

const tags = ['inventories'];

/**
 * The read side of the inventory (catalogue doc section 7, Inventories): lists, filters, export and
 * the lookups other screens make. Static paths, so they win over /api/inventories/:id.
 * Staff need the area named; consigners are let in and see only their own items.
 */
export const inventoryQueriesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/inventories', { schema: { tags, summary: 'Every item matching the filters (up to 5000 rows) and the count', querystring: ZInventoriesQuery, response: responses(ZInventoryList) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await findInventories(ctx, requireStore(request), actor, request.query) };
    });

    app.get(
      '/api/inventories/paginatedInventories',
      { schema: { tags, summary: 'One page of items (or of product groups with groupBy=product) and the count', querystring: ZPaginatedInventoriesQuery, response: responses(ZInventoryPage) } },
      async (request, reply) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        // many people on the same list: a page asked again before anything it shows changed is sent as it was
        const store = requireStore(request);
        return cachedRead(
          ctx,
          request,
          reply,
          viewOf(actor),
          paginatedInventoriesReads(request.query),
          // the flat list put together from its rows' kept text; the grouped view read as it is
          async () =>
            request.query.groupBy === 'product'
              ? { data: await findPaginatedInventories(ctx, store, actor, request.query) }
              : paginatedInventoriesText(ctx, store, actor, request.query, await storeVersionOfRequest(ctx, request)),
        );
      },
    );

    app.get('/api/inventories/filterOptions', { schema: { tags, summary: 'Values the inventory filters offer', response: responses(ZInventoryFilterOptions) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await getFilterOptions(ctx, requireStore(request), actor) };
    });

    app.get('/api/inventories/exportInventory', { schema: { tags, summary: 'CSV of the matching items (inventoryExport.csv)', querystring: ZInventoryFilterQuery, response: CSV_RESPONSES } }, async (request, reply) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      const csv = exportInventory(ctx, requireStore(request), actor, request.query);
      return sendCsv(reply, 'inventoryExport.csv', csv);
    });

    app.get('/api/inventories/getStoreProducts', { schema: { tags, summary: 'Products with their stock per size at a location', querystring: ZStoreProductsQuery, response: responses(ZStoreProducts) } }, async (request) => {
      await requireStaffAreaOrConsigner(ctx, request, 'Products');
      return { data: await getStoreProducts(ctx, requireStore(request), request.query) };
    });

    app.get(
      '/api/inventories/consignerRequestedItems',
      { schema: { tags, summary: 'Items offered in answer to store requests (Consignment, Buying), by product', querystring: ZConsignerRequestedItemsQuery, response: responses(ZConsignerRequestedItems) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Products');
        return { data: await findConsignerRequestedItems(ctx, requireStore(request), actor, request.query) };
      },
    );

    app.post(
      '/api/inventories/lowestPriceInventories',
      { schema: { tags, summary: 'Lowest price on hand per SKU and variant', body: ZLowestPriceInventoriesBody, response: responses(ZLowestPriceInventories) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        return { data: await findLowestPriceInventories(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/inventories/getLowestPriceForVariant',
      { schema: { tags, summary: 'Lowest price and units on hand of one variant', body: ZLowestPriceForVariantBody, response: responses(ZLowestPriceForVariant) } },
      async (request) => {
        await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        return { data: await findLowestPriceForVariant(ctx, requireStore(request), request.body) };
      },
    );

    app.get(
      '/api/inventories/ordersPayoutInventories',
      { schema: { tags, summary: 'Items ready to pay: sold and not in a payout, or bought and accepted', querystring: ZOrdersPayoutQuery, response: responses(ZOrdersPayoutInventories) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Orders');
        return { data: await findOrdersPayoutInventories(ctx, requireStore(request), actor, request.query) };
      },
    );

    app.get(
      '/api/inventories/getdasboardInventory',
      { schema: { tags, summary: 'Counts and values by status for the dashboard', querystring: ZDashboardInventoryQuery, response: responses(ZDashboardInventory) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Dashboard');
        return { data: await getDashboardInventory(ctx, requireStore(request), actor, request.query) };
      },
    );
  };
