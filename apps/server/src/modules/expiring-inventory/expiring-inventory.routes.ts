import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZExpiringPage, ZExpiringQuery, ZTermActionResult, ZTermConvertBody, ZTermDonateBody, ZTermExtendBody, ZTermRenewBody, ZTermReturnBody } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { convertToStoreStock, donateItems, extendTerms, listExpiringInventory, registerTermEndJob, renewTerms, returnToConsigner } from './expiring-inventory.service.ts';
import { registerReminderJob } from './term-reminders.service.ts';
import { termRequestRoutes } from './term-requests.routes.ts';

const tags = ['expiringInventory'];

/** /expiringInventory (Inventory access): items whose consignment ends soon or ended, and their actions (docs/consignment-terms.md). */
export const expiringInventoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // the daily job applying each due item's end-of-term action (docs/consignment-terms.md "The daily job")
    registerTermEndJob(ctx);
    // the reminders before an end, and the consigner's requests (docs/consignment-terms.md)
    registerReminderJob(ctx);
    await app.register(termRequestRoutes(ctx));
    app.get(
      '/api/expiringInventory',
      { schema: { tags, summary: 'Items in stock whose consignment ends within withinDays (default 14) or has ended, soonest first', querystring: ZExpiringQuery, response: responses(ZExpiringPage) } },
      async (request) => {
        await requireStaff(ctx, request, 'Inventory');
        return { data: await listExpiringInventory(ctx, requireStore(request), request.query) };
      },
    );

    app.post(
      '/api/expiringInventory/extend',
      { schema: { tags, summary: 'Move the end of each item by days, while its end is still the one sent; no fee', body: ZTermExtendBody, response: responses(ZTermActionResult) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await extendTerms(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/expiringInventory/renew',
      {
        schema: {
          tags,
          summary: "Renew by each item's locked terms, while its end is still the one sent; the renewal fee is a ledger entry taken at the next payout",
          body: ZTermRenewBody,
          response: responses(ZTermActionResult),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await renewTerms(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/expiringInventory/return',
      { schema: { tags, summary: 'Return to the consigner: withdrawn, with "term ended: returned" in the activity log', body: ZTermReturnBody, response: responses(ZTermActionResult) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await returnToConsigner(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/expiringInventory/donate',
      { schema: { tags, summary: 'Donate: the items leave stock as Withdrawn, with "term ended: donated" in the activity log; no fee, no ledger entry', body: ZTermDonateBody, response: responses(ZTermActionResult) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await donateItems(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/expiringInventory/convert',
      {
        schema: {
          tags,
          summary: "Convert to store stock: the store account becomes the owner at cost 0, and the consigner's claim ends with a term_converted ledger entry of 0",
          body: ZTermConvertBody,
          response: responses(ZTermActionResult),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await convertToStoreStock(ctx, requireStore(request), actor, request.body) };
      },
    );
  };
