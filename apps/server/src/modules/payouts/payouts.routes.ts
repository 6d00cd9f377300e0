import {
  responses,
  ZChequeList,
  ZChequesQuery,
  ZConsignerBuyingList,
  ZConsignerBuyingQuery,
  ZConsignerPayoutList,
  ZConsignerPayoutsQuery,
  ZPayoutCreated,
  ZPayoutDetail,
  ZPayoutExportBody,
  ZPayoutFilterOptions,
  ZPayoutList,
  ZPayoutPaidBody,
  ZPayoutPaidResult,
  ZPayoutPayBody,
  ZPayoutAccount,
  ZStoreCreditAccount,
  ZPayoutReadiness,
  ZPayoutRequest,
  ZPayoutRequestBody,
  ZPayoutPreview,
  ZPayoutsQuery,
  ZRecordIdParams,
} from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import { CSV_RESPONSES, sendCsv } from '../../http/csv.ts';
import { forbidden } from '../../http/errors.ts';
import { getStoreCreditAccount } from './store-credit.service.ts';
import { cancelPayoutRequest, getPayoutAccount, getPayoutReadiness, payPayoutRequest, requestPayout } from './payout-requests.service.ts';
import { exportPayoutItems, getPayout, listCheques, listConsignerBuyingItems, listConsignerPayouts, listPayouts, markPayoutPaid, payInventories, payoutFilterOptions, previewPayout } from './payouts.service.ts';

const tags = ['payouts'];

/** Payouts and cheques (people doc sections 2 and 7; docs/payouts.md). Staff need Orders access. */
export const payoutsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/payouts/pay',
      { schema: { tags, summary: 'Make a payout of ready items: grouped per consigner, with its cheques', body: ZPayoutPayBody, response: responses(ZPayoutCreated, 201) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return reply.status(201).send({ data: await payInventories(ctx, requireStore(request), actor, request.body) });
      },
    );

    app.post(
      '/api/payouts/preview',
      { schema: { tags, summary: 'What a payout of these items would send each consigner, fees owed taken (nothing written)', body: ZPayoutPayBody, response: responses(ZPayoutPreview) } },
      async (request) => {
        await requireStaff(ctx, request, 'Orders');
        return { data: await previewPayout(ctx, requireStore(request), request.body) };
      },
    );

    app.get('/api/payouts', { schema: { tags, summary: 'A page of payouts, newest first, with their consigners', querystring: ZPayoutsQuery, response: responses(ZPayoutList) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Orders');
      return { data: await listPayouts(ctx, requireStore(request), actor, request.query) };
    });

    app.get('/api/payouts/filterOptions', { schema: { tags, summary: 'Payout statuses and consigners to filter by', response: responses(ZPayoutFilterOptions) } }, async (request) => {
      await requireStaff(ctx, request, 'Orders');
      return { data: await payoutFilterOptions(ctx, requireStore(request)) };
    });

    app.get(
      '/api/payouts/consigner/:id',
      { schema: { tags, summary: "A consigner's payouts, their share only (a consigner: their own)", params: ZRecordIdParams, querystring: ZConsignerPayoutsQuery, response: responses(ZConsignerPayoutList) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Orders');
        return { data: await listConsignerPayouts(ctx, requireStore(request), actor, request.params.id, request.query) };
      },
    );

    app.get(
      '/api/payouts/consigner/:id/buying',
      {
        schema: {
          tags,
          summary: 'Items the store bought from a consigner and still owes them: Ready to Pay (a consigner: their own)',
          params: ZRecordIdParams,
          querystring: ZConsignerBuyingQuery,
          response: responses(ZConsignerBuyingList),
        },
      },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Orders');
        return { data: await listConsignerBuyingItems(ctx, requireStore(request), actor, request.params.id, request.query) };
      },
    );

    app.post('/api/payouts/export', { schema: { tags, summary: 'payouts.csv of payout items', body: ZPayoutExportBody, response: CSV_RESPONSES } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Orders');
      return sendCsv(reply, 'payouts.csv', await exportPayoutItems(ctx, requireStore(request), request.body));
    });

    app.get('/api/payouts/:id', { schema: { tags, summary: 'A payout with its items grouped per consigner', params: ZRecordIdParams, response: responses(ZPayoutDetail) } }, async (request) => {
      const actor = await requireStaff(ctx, request, 'Orders');
      return { data: await getPayout(ctx, requireStore(request), actor, request.params.id) };
    });

    app.post(
      '/api/payouts/paid/:id',
      { schema: { tags, summary: "Mark consigners' shares paid (all when none given); a Buying payout's Pay", params: ZRecordIdParams, body: ZPayoutPaidBody, response: responses(ZPayoutPaidResult) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return { data: await markPayoutPaid(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );

    // ---- the hold, the minimum and payouts on request (docs/consigner-account.md) ----

    app.get(
      '/api/payouts/readiness',
      { schema: { tags, summary: "Ready to Pay's consigners: payable and held money, the minimum, requests", response: responses(ZPayoutReadiness) } },
      async (request) => {
        await requireStaff(ctx, request, 'Orders');
        return { data: await getPayoutReadiness(ctx, requireStore(request)) };
      },
    );

    app.get(
      '/api/payouts/consigner/:id/account',
      { schema: { tags, summary: "A consigner's payable and held money and their payout request (a consigner: their own)", params: ZRecordIdParams, response: responses(ZPayoutAccount) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Orders');
        return { data: await getPayoutAccount(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    app.get(
      '/api/payouts/consigner/:id/credit',
      { schema: { tags, summary: "A consigner's store credit: the balance and its newest movements (a consigner: their own)", params: ZRecordIdParams, response: responses(ZStoreCreditAccount) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Orders');
        return { data: await getStoreCreditAccount(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    app.post(
      '/api/payouts/requests',
      {
        schema: {
          tags,
          summary: 'The signed-in consigner asks to be paid (one open request; asked again, the same one)',
          body: ZPayoutRequestBody,
          response: { ...responses(ZPayoutRequest), ...responses(ZPayoutRequest, 201) },
        },
      },
      async (request, reply) => {
        const actor = await requireActor(ctx, request);
        if (actor.kind !== 'consigner') throw forbidden('Only consigners ask to be paid');
        const { request: made, created } = await requestPayout(ctx, requireStore(request), actor);
        return reply.status(created ? 201 : 200).send({ data: made });
      },
    );

    app.post(
      '/api/payouts/requests/:id/cancel',
      { schema: { tags, summary: 'The consigner cancels their own open payout request', params: ZRecordIdParams, response: responses(ZPayoutRequest) } },
      async (request) => {
        const actor = await requireActor(ctx, request);
        if (actor.kind !== 'consigner') throw forbidden('Only the consigner who asked can cancel a payout request');
        return { data: await cancelPayoutRequest(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    app.post(
      '/api/payouts/requests/:id/pay',
      { schema: { tags, summary: "Pay a consigner's request: a payout of their ready items not on hold", params: ZRecordIdParams, response: responses(ZPayoutCreated, 201) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Orders');
        return reply.status(201).send({ data: await payPayoutRequest(ctx, requireStore(request), actor, request.params.id) });
      },
    );

    app.get('/api/cheques', { schema: { tags, summary: "A payout's cheques (a consigner: their own)", querystring: ZChequesQuery, response: responses(ZChequeList) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Orders');
      return { data: await listCheques(ctx, requireStore(request), actor, request.query.payoutId) };
    });
  };
