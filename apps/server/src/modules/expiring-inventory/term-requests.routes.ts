import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, TERM_REQUEST_MESSAGES, ZTermRequestBody, ZTermRequestList, ZTermRequestParams, ZTermRequestResult, ZTermRequestsQuery } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaffAreaOrConsigner, requireStore, type ConsignerActor } from '../../auth/actor.ts';
import { forbidden } from '../../http/errors.ts';
import { cancelTermRequest, listTermRequests, sendTermRequest } from './term-requests.service.ts';

const tags = ['termRequests'];

/** The consigner's requests to renew or to pick up at the end of a term (docs/consignment-terms.md "The consigner's requests"). */
export const termRequestRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // only the item's consigner asks: staff act on the item itself (the expiring list's buttons)
    const requireConsigner = async (request: Parameters<typeof requireActor>[1]): Promise<ConsignerActor> => {
      const actor = await requireActor(ctx, request);
      if (actor.kind !== 'consigner') throw forbidden(TERM_REQUEST_MESSAGES.onlyConsigners);
      return actor;
    };

    app.get(
      '/api/termRequests',
      { schema: { tags, summary: "Open requests: a consigner's own, or (Inventory access) the store's; newest first", querystring: ZTermRequestsQuery, response: responses(ZTermRequestList) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Inventory');
        return { data: await listTermRequests(ctx, requireStore(request), actor, request.query) };
      },
    );

    app.post(
      '/api/termRequests',
      { schema: { tags, summary: 'The consigner asks to renew or to pick up their item; one open request per item (sent twice is one)', body: ZTermRequestBody, response: responses(ZTermRequestResult) } },
      async (request) => {
        const actor = await requireConsigner(request);
        return { data: await sendTermRequest(ctx, requireStore(request), actor, request.body) };
      },
    );

    app.post(
      '/api/termRequests/:id/cancel',
      { schema: { tags, summary: 'The consigner cancels their own open request', params: ZTermRequestParams, response: responses(ZTermRequestResult) } },
      async (request) => {
        const actor = await requireConsigner(request);
        return { data: await cancelTermRequest(ctx, requireStore(request), actor, request.params.id) };
      },
    );
  };
