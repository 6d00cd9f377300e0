import {
  responses,
  ZOrder,
  ZOrderFilterOptions,
  ZOrderImportResult,
  ZOrderItemList,
  ZOrdersExportBody,
  ZOrdersQuery,
  ZOrdersResyncStarted,
  ZRecordIdParams,
} from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { CSV_RESPONSES, sendCsv } from '../../http/csv.ts';
import {
  exportOrderItems,
  getOrder,
  importLinnworks,
  listOrderItems,
  orderFilterOptions,
  queueResyncAll,
  registerOrderJobs,
  resyncOrder,
} from './orders.service.ts';

const tags = ['orders'];

/** Orders (people doc sections 2 and 7; docs/orders.md). Every call needs the Orders area. */
export const ordersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerOrderJobs(ctx);

    app.get(
      '/api/orders',
      { schema: { tags, summary: 'A page of the order item table (line items with their order, item and consigner), filtered', querystring: ZOrdersQuery, response: responses(ZOrderItemList) } },
      async (request) => {
        await requireStaff(ctx, request, 'Orders');
        return { data: await listOrderItems(ctx, requireStore(request), request.query) };
      },
    );

    app.get('/api/orders/filterOptions', { schema: { tags, summary: 'The consigner select (no store accounts) and the order imports turned on', response: responses(ZOrderFilterOptions) } }, async (request) => {
      await requireStaff(ctx, request, 'Orders');
      return { data: await orderFilterOptions(ctx, requireStore(request)) };
    });

    app.post('/api/orders/export', { schema: { tags, summary: 'ordersExport.csv of the filtered order item table', body: ZOrdersExportBody, response: CSV_RESPONSES } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Orders');
      return sendCsv(reply, 'ordersExport.csv', exportOrderItems(ctx, requireStore(request), request.body));
    });

    app.post(
      '/api/orders/linnworkOrders',
      { schema: { tags, summary: "Import the new orders of the store's Linnworks account (422 when the import is not set up)", response: responses(ZOrderImportResult) } },
      async (request) => {
        await requireStaff(ctx, request, 'Orders');
        return { data: await importLinnworks(ctx, requireStore(request)) };
      },
    );

    app.post(
      '/api/orders/resyncAll',
      { schema: { tags, summary: "Resync All Orders: a background job running every enabled order source's import; follow it at GET /api/jobs/{id}", response: responses(ZOrdersResyncStarted, 202) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return reply.status(202).send({ data: await queueResyncAll(ctx, requireStore(request), actor) });
      },
    );

    app.get('/api/orders/resync/:id', { schema: { tags, summary: 'Read an order again from its source (422 when it has none)', params: ZRecordIdParams, response: responses(ZOrder) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Orders');
      return { data: await resyncOrder(ctx, requireStore(request), actor, request.params.id) };
    });

    app.get('/api/orders/:id', { schema: { tags, summary: 'An order with its customer and line items', params: ZRecordIdParams, response: responses(ZOrder) } }, async (request) => {
      await requireStaff(ctx, request, 'Orders');
      return { data: await getOrder(ctx, requireStore(request), request.params.id) };
    });
  };
