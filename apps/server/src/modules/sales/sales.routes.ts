import { dataOf, responses, ZApiError, ZCounterSaleBody, ZIdParams, ZInventoryAdjustment, ZInventoryAdjustmentBody, ZRecordIdParams, ZSale, ZSaleKeyConflict, ZSaleMessage, ZSaleReceiptBody, ZSaleReceiptResult, ZSaleResult, ZSaleSummaries, ZSellableItem, ZSellableItemQuery, ZSellableItems, ZSellableItemsQuery, ZStoreCreditHolders, ZStoreCreditSearchQuery } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { adjustInventory } from './sale-corrections.service.ts';
import { emailReceipt, findSellableItem, getSale, recentCounterSales, searchCreditHolders, searchSellableItems, sellAtCounter, undoCounterSale } from './sales-counter.service.ts';

const tags = ['sales'];

/** The counter sale (/sell; docs/sales.md). Staff with Orders access. */
export const salesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/inventories/:id/adjustments',
      {
        schema: {
          tags: ['inventory', 'sales'],
          summary: "Correct a sold or paid item's price or payout: ledger entries with who and why (docs/sales.md Corrections)",
          params: ZIdParams,
          body: ZInventoryAdjustmentBody,
          response: responses(ZInventoryAdjustment, 201),
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return reply.status(201).send({ data: await adjustInventory(ctx, requireStore(request), actor, request.params.id, request.body) });
      },
    );

    app.get('/api/sales/item', { schema: { tags, summary: 'The item a scanned or typed code names, if it can be sold now', querystring: ZSellableItemQuery, response: responses(ZSellableItem) } }, async (request) => {
      await requireStaff(ctx, request, 'Orders');
      return { data: await findSellableItem(ctx, requireStore(request), request.query.code) };
    });

    app.get('/api/sales/items', { schema: { tags, summary: 'Active items matching a search (the first 20)', querystring: ZSellableItemsQuery, response: responses(ZSellableItems) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Orders');
      return { data: await searchSellableItems(ctx, requireStore(request), actor, request.query.search) };
    });

    app.get(
      '/api/sales/creditAccounts',
      { schema: { tags, summary: 'Consigners whose store credit may pay a sale, found by name, e-mail or store credit code (the first 20), with their balance', querystring: ZStoreCreditSearchQuery, response: responses(ZStoreCreditHolders) } },
      async (request) => {
        await requireStaff(ctx, request, 'Orders');
        return { data: await searchCreditHolders(ctx, requireStore(request), request.query.search) };
      },
    );

    app.get('/api/sales', { schema: { tags, summary: 'The newest counter sales (10)', response: responses(ZSaleSummaries) } }, async (request) => {
      await requireStaff(ctx, request, 'Orders');
      return { data: await recentCounterSales(ctx, requireStore(request)) };
    });

    app.post(
      '/api/sales',
      {
        schema: {
          tags,
          summary:
            'A counter sale: its items Sold, the receipt e-mailed when an e-mail is given (a repeated saleKey answers the first sale, 200; with another basket or payment method, 409 with the recorded sale)',
          body: ZCounterSaleBody,
          response: { ...responses(ZSaleResult, 201), 200: dataOf(ZSaleResult), 409: ZSaleKeyConflict.or(ZApiError) },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        const result = await sellAtCounter(ctx, requireStore(request), actor, request.body);
        if ('keyReused' in result) return reply.status(409).send(result.keyReused);
        return reply.status(result.ok.created ? 201 : 200).send({ data: result.ok });
      },
    );

    app.get('/api/sales/:id', { schema: { tags, summary: 'A sale with its lines (the receipt)', params: ZRecordIdParams, response: responses(ZSale) } }, async (request) => {
      await requireStaff(ctx, request, 'Orders');
      return { data: await getSale(ctx, requireStore(request), request.params.id) };
    });

    app.post('/api/sales/:id/undo', { schema: { tags, summary: 'Undo a sale while none of its items is paid out: its items back to Active', params: ZRecordIdParams, response: responses(ZSaleMessage) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Orders');
      return { data: await undoCounterSale(ctx, requireStore(request), actor, request.params.id) };
    });

    app.post(
      '/api/sales/:id/receipt',
      { schema: { tags, summary: 'E-mail the receipt of a sale (3 per mailbox and store in 15 minutes)', params: ZRecordIdParams, body: ZSaleReceiptBody, response: responses(ZSaleReceiptResult) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return { data: await emailReceipt(ctx, requireStore(request), actor, request.params.id, request.body.email) };
      },
    );
  };
