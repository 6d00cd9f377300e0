import { responses, ZJob, ZJobParams } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { getJob } from './jobs.service.ts';

/** Progress of background work (bulk actions, merges), for the screen that started it. */
export const jobsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/jobs/:id', { schema: { tags: ['jobs'], summary: 'Progress of a background job', params: ZJobParams, response: responses(ZJob) } }, async (request) => {
      const actor = await requireStaff(ctx, request);
      return { data: await getJob(ctx, requireStore(request), actor, request.params.id) };
    });
  };
