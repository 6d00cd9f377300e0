import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZCreateScanBody, ZScanAttachBody, ZScanAttachResult, ZScanCreated, ZScanDetail, ZScanExpected, ZScanExpectedQuery, ZScanIntakeBody, ZScanIntakeResult, ZScanItem, ZScanLookup, ZScanLookupQuery, ZScanMoveBody, ZScanParams, ZScans } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { expectedAt, acceptScannedItems, attachScannedCode, createScan, getScan, listScans, lookupScanItem, moveToScanLocation } from './scans.service.ts';

const tags = ['scans'];

/** Stock-takes (/scanItems) and scan intake's Save and attach (/scan): staff with Inventory. */
export const scansRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/scans', { schema: { tags, summary: 'Past stock-takes, newest first', response: responses(ZScans) } }, async (request) => {
      await requireStaff(ctx, request, 'Inventory');
      return { data: await listScans(ctx, requireStore(request)) };
    });

    app.get(
      '/api/scans/expected',
      { schema: { tags, summary: 'The items a location should hold (fetched at START)', querystring: ZScanExpectedQuery, response: responses(ZScanExpected) } },
      async (request) => {
        await requireStaff(ctx, request, 'Inventory');
        return { data: await expectedAt(ctx, requireStore(request), request.query.location) };
      },
    );

    app.get(
      '/api/scans/item',
      { schema: { tags, summary: 'The item a scanned code names (any status and location), or null', querystring: ZScanLookupQuery, response: responses(ZScanLookup) } },
      async (request) => {
        await requireStaff(ctx, request, 'Inventory');
        return { data: await lookupScanItem(ctx, requireStore(request), request.query.code) };
      },
    );

    app.get(
      '/api/scans/:id',
      { schema: { tags, summary: 'A stock-take: the items expected at its location and the items scanned', params: ZScanParams, response: responses(ZScanDetail) } },
      async (request) => {
        await requireStaff(ctx, request, 'Inventory');
        return { data: await getScan(ctx, requireStore(request), request.params.id) };
      },
    );

    app.post('/api/scans', { schema: { tags, summary: 'Run a stock-take of a location', body: ZCreateScanBody, response: responses(ZScanCreated, 201) } }, async (request, reply) => {
      const actor = await requireStaff(ctx, request, 'Inventory');
      return reply.status(201).send({ data: await createScan(ctx, requireStore(request), actor, request.body) });
    });

    app.post(
      '/api/scans/:id/move',
      { schema: { tags, summary: 'Move a misplaced item to the counted location (transfer and accept, one step)', params: ZScanParams, body: ZScanMoveBody, response: responses(ZScanItem) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await moveToScanLocation(ctx, requireStore(request), actor, request.params.id, request.body.inventory) };
      },
    );

    app.post(
      '/api/scans/intake',
      { schema: { tags, summary: "Scan intake's Save: accept the scanned items at a location, in one transaction", body: ZScanIntakeBody, response: responses(ZScanIntakeResult) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await acceptScannedItems(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/scans/intake/attach',
      { schema: { tags, summary: 'Attach an unknown scanned code to a product and size (as a GTIN)', body: ZScanAttachBody, response: responses(ZScanAttachResult) } },
      async (request) => {
        await requireStaff(ctx, request, 'Inventory');
        await requireStaff(ctx, request, 'Products');
        return { data: await attachScannedCode(ctx, requireStore(request), request.body) };
      },
    );
  };
