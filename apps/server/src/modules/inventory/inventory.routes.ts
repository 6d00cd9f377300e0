import crypto from 'node:crypto';
import {
  dataOf,
  INVENTORY_MESSAGES,
  responses,
  ZActionResult,
  ZFeeQuote,
  ZIntakeCheckRow,
  ZInventoryItem,
  ZInventoryItemDetail,
  ZInventoryScanBody,
  ZPreapprovalStatus,
  ZQueuedJob,
  ZScanResult,
  ZUpdatedInventory,
} from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import { notFound } from '../../http/errors.ts';
import { actingUser, actionScope, runAction, type ActionResult, type ActionScope, type Operation } from './inventory-actions.service.ts';
import { scanCode } from './inventory-scan.service.ts';
import { queueBulkAction, queueResync, registerInventoryJobs, runOrQueueAction, type QueuedJob } from './inventory-bulk.service.ts';
import {
  createInventories,
  getInventory,
  getInventoryByCode,
  preapprovalStatus,
  checkInventories,
  quoteFees,
  updateInventories,
  updateInventory,
} from './inventory.service.ts';
import {
  ZActionBodies,
  ZCodeParams,
  ZCreateInventories,
  ZFeesQuery,
  ZIdParams,
  ZPreapprovalQuery,
  ZUpdateInventories,
  ZUpdateInventory,
} from '@backroom/domain';

// An operation answers its result (200), or a queued job (202) when it went to the background.
const ACTION_RESPONSES = { ...responses(ZActionResult), 202: dataOf(ZQueuedJob) };

type Answer = { status: 200; data: ActionResult } | { status: 202; data: QueuedJob };

const done = (result: ActionResult): Answer => ({ status: 200, data: result });
const queued = (job: QueuedJob): Answer => ({ status: 202, data: job });
const inlineOrQueued = (r: Awaited<ReturnType<typeof runOrQueueAction>>): Answer =>
  r.queued ? queued({ jobId: r.jobId, message: r.message }) : done({ message: r.message, inventory: r.inventory, inventories: r.inventories, removedIds: r.removedIds });

/** The item write API: add, edit, delete, fee quotes and every action operation (docs/statuses.md). */
export const inventoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerInventoryJobs(ctx);

    app.post(
      '/api/inventories',
      { schema: { tags: ['inventory'], summary: 'Add inventory (one item per row, all or none)', body: ZCreateInventories, response: responses(z.array(ZInventoryItem), 201) } },
      async (request, reply) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        const items = await createInventories(ctx, requireStore(request), actor, request.body.inventoryFormArray);
        return reply.status(201).send({ data: items });
      },
    );

    app.post(
      '/api/inventories/check',
      {
        schema: {
          tags: ['inventory'],
          summary: 'What adding these rows would make (status, pre-approval, payout), nothing written',
          body: ZCreateInventories,
          response: responses(z.array(ZIntakeCheckRow)),
        },
      },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        return { data: await checkInventories(ctx, requireStore(request), actor, request.body.inventoryFormArray) };
      },
    );

    app.post('/api/inventories/fees', { schema: { tags: ['inventory'], summary: 'Fee quote of an item', body: ZFeesQuery, response: responses(ZFeeQuote) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await quoteFees(ctx, requireStore(request), actor, request.body) };
    });

    app.get(
      '/api/inventories/preapprovalStatus',
      { schema: { tags: ['inventory'], summary: 'Pre-approval range and price alert of a variant', querystring: ZPreapprovalQuery, response: responses(ZPreapprovalStatus) } },
      async (request) => {
        await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        return { data: await preapprovalStatus(ctx, requireStore(request), request.query) };
      },
    );

    app.get('/api/inventories/code/:code', { schema: { tags: ['inventory'], summary: 'An item by its code', params: ZCodeParams, response: responses(ZInventoryItemDetail) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await getInventoryByCode(ctx, requireStore(request), actor, request.params.code) };
    });

    app.get('/api/inventories/:id', { schema: { tags: ['inventory'], summary: 'An item and what the user may do with it', params: ZIdParams, response: responses(ZInventoryItemDetail) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await getInventory(ctx, requireStore(request), actor, request.params.id) };
    });

    app.put('/api/inventories/:id', { schema: { tags: ['inventory'], summary: 'Edit fields of an item', params: ZIdParams, body: ZUpdateInventory, response: responses(ZInventoryItem) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
      return { data: await updateInventory(ctx, requireStore(request), actor, request.params.id, request.body) };
    });

    app.delete('/api/inventories/:id', { schema: { tags: ['inventory'], summary: 'Delete or cancel an item', params: ZIdParams, response: responses(ZActionResult) } }, async (request) => {
      const scope = await scopeOf(request);
      return { data: await runAction(scope, 'deleteInventory', [request.params.id], {}) };
    });

    const scopeOf = async (request: Parameters<typeof requireActor>[1]): Promise<ActionScope> =>
      actionScope(ctx, requireStore(request), actingUser(await requireActor(ctx, request)));

    /** POST /api/inventories/{name}; the operation itself checks who may do it. */
    function action<S extends z.ZodType>(name: string, summary: string, body: S, run: (scope: ActionScope, body: z.output<S>) => Promise<Answer>) {
      app.post(`/api/inventories/${name}`, { schema: { tags: ['inventory actions'], summary, body, response: ACTION_RESPONSES } }, async (request, reply) => {
        const answer = await run(await scopeOf(request), request.body as z.output<S>);
        return answer.status === 202 ? reply.status(202).send({ data: answer.data }) : reply.status(200).send({ data: answer.data });
      });
    }
    const one = (op: Operation) => async (scope: ActionScope, body: { id: string }) => done(await runAction(scope, op, [body.id], {}));
    const B = ZActionBodies;

    // Drop-off requests (Requested) and drop-offs (Pending).
    action('acceptRequestToSell', 'Requested -> Pending, at a location', B.acceptRequestToSell, async (scope, b) =>
      inlineOrQueued(await runOrQueueAction(scope, 'acceptRequestToSell', b.ids, b)),
    );
    action('bulkAcceptRequestToSell', 'Background job: accept drop-off requests', B.bulkAccept, async (scope, b) =>
      queued(await queueBulkAction(scope, 'acceptRequestToSell', b.ids, b, INVENTORY_MESSAGES.acceptingRequested)),
    );
    action('bulkDeclineRequestToSell', 'Background job: decline drop-offs', B.ids, async (scope, b) =>
      queued(await queueBulkAction(scope, 'declineInventory', b.ids, {}, INVENTORY_MESSAGES.decliningRequested)),
    );
    action('declineInventory', 'Pending or Requested -> Declined', B.items, async (scope, b) => done(await runAction(scope, 'declineInventory', b.ids, {})));
    action('acceptInventory', 'Pending -> Active, at a location (payment type for bought items)', B.acceptInventory, async (scope, b) =>
      inlineOrQueued(await runOrQueueAction(scope, 'acceptInventory', b.ids, b)),
    );
    action('bulkAcceptInventory', 'Background job: accept drop-offs', B.bulkAccept, async (scope, b) =>
      queued(await queueBulkAction(scope, 'acceptInventory', b.ids, b, INVENTORY_MESSAGES.acceptingInventories)),
    );
    action('cancelDropoff', 'Cancel drop-offs (the items are removed)', B.cancelDropoff, async (scope, b) => {
      // a consigner naming another consigner learns nothing of them (404, as for their items)
      if (scope.by.kind === 'consigner' && b.consigner && b.consigner !== scope.by.id) throw notFound('Consigner not found');
      // Staff may name the consigner whose drop-offs these are; a consigner's own are checked by ownership.
      return done(await runAction(scope, 'cancelDropoff', b.ids, {}, { consignerId: scope.by.kind === 'employee' ? b.consigner : null }));
    });
    action('deleteInventory', 'Delete a drop-off (Pending) or cancel it (Requested, Consignment, Buying)', B.item, one('deleteInventory'));

    // Store requests: Consignment and Buying offers, and the store asking a new price.
    action('storeBuyRequestedInventory', 'Buying -> Pending: the store buys the offered items', B.items, async (scope, b) =>
      done(await runAction(scope, 'storeBuyRequestedInventory', b.ids, { buyingId: crypto.randomUUID() })),
    );
    action('acceptStoreRequest', 'Consignment -> Pending', B.acceptStoreRequest, async (scope, b) =>
      done(await runAction(scope, 'acceptStoreRequest', [b.id], { price: b.price })),
    );
    action('storeRequestPriceChange', 'Requested -> StoreRequestPriceChange: ask the consigner for a new price', B.priceRequest, async (scope, b) =>
      done(await runAction(scope, 'storeRequestPriceChange', [b.id], { requestedPrice: b.requestedPrice })),
    );
    action('acceptStoreRequestPrice', "Consigner: accept the store's price (-> Requested)", B.item, one('acceptStoreRequestPrice'));
    action('declineStoreRequestPrice', "Consigner: decline the store's price (cancels the drop-off)", B.item, one('declineStoreRequestPrice'));

    // Price changes.
    action('requestPriceChange', 'Active or RequestPriceChange -> RequestPriceChange', B.priceRequest, async (scope, b) =>
      done(await runAction(scope, 'requestPriceChange', [b.id], { requestedPrice: b.requestedPrice })),
    );
    action('acceptInventoryPrice', 'Take the requested price (fees recomputed)', B.item, one('acceptInventoryPrice'));
    action('declineInventoryPrice', 'Keep the current price', B.item, one('declineInventoryPrice'));

    // Withdrawals.
    action('requestInventoryWithdrawal', '-> RequestWithdrawal', B.item, one('requestInventoryWithdrawal'));
    action('acceptInventoryWithdrawal', 'RequestWithdrawal -> Withdrawn', B.item, one('acceptInventoryWithdrawal'));
    action('declineInventoryWithdrawal', 'RequestWithdrawal -> WithdrawalDeclined', B.item, one('declineInventoryWithdrawal'));
    action('withdrawInventory', '-> Withdrawn (staff: early, with a withdrawal fee)', B.withdraw, async (scope, b) =>
      done(await runAction(scope, 'withdrawInventory', [b.id], { isWithdrawnEarly: b.isWithdrawnEarly, withdrawalFee: b.withdrawalFee })),
    );

    // Moving stock.
    action('transfer', 'Active -> InTransit to a new location', B.transfer, async (scope, b) =>
      inlineOrQueued(await runOrQueueAction(scope, 'transfer', b.inventories, b)),
    );
    action('acceptTransfer', 'InTransit -> Active at the chosen location', B.acceptTransfer, async (scope, b) =>
      inlineOrQueued(await runOrQueueAction(scope, 'acceptTransfer', b.ids, b)),
    );

    // Labels.
    action('markPrinted', 'Mark items printed', B.items, async (scope, b) => done(await runAction(scope, 'markPrinted', b.ids, {})));
    action('bulkPrintInventory', 'Background job: mark a page of items printed', B.ids, async (scope, b) =>
      queued(await queueBulkAction(scope, 'markPrinted', b.ids, {}, INVENTORY_MESSAGES.updatingInventories)),
    );

    app.post(
      '/api/inventories/scan',
      {
        schema: {
          tags: ['inventory actions'],
          summary: 'What a scanned barcode is: an item code, a GTIN or a SKU',
          body: ZInventoryScanBody,
          response: responses(ZScanResult),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        return { data: await scanCode(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/inventories/resyncSingleInventory',
      { schema: { tags: ['inventory actions'], summary: 'Queue a storefront sync of one item', body: ZActionBodies.item, response: responses(ZQueuedJob, 202) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Inventory');
        const job = await queueResync(actionScope(ctx, requireStore(request), actingUser(actor)), request.body.id);
        return reply.status(202).send({ data: job });
      },
    );

    app.put(
      '/api/inventories',
      {
        schema: {
          tags: ['inventory'],
          summary: 'Edit several items, all or none (the listing wizard places the items it made)',
          body: ZUpdateInventories,
          response: responses(z.array(ZUpdatedInventory)),
        },
      },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        return { data: await updateInventories(ctx, requireStore(request), actor, request.body.inventories) };
      },
    );
  };
