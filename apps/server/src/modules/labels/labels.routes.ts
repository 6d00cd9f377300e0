import { responses, ZLabelData, ZLabelsRequest } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { labelData } from './labels.service.ts';

/** Labels (docs/labels.md): the browser draws the PDF from this answer. */
export const labelsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/labels',
      { schema: { tags: ['labels'], summary: "What printing these items' labels needs: the store's label settings and the items (Inventory area)", body: ZLabelsRequest, response: responses(ZLabelData) } },
      async (request) => {
        await requireStaff(ctx, request, 'Inventory');
        return { data: await labelData(ctx, requireStore(request), request.body.ids) };
      },
    );
  };
