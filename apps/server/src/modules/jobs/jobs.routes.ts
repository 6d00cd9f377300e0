import { responses, ZJob } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { notFound } from '../../http/errors.ts';
import { toJob } from './jobs.mapper.ts';

/** Progress of background work (bulk actions, merges), for the screen that started it. */
export const jobsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/jobs/:id', { schema: { tags: ['jobs'], summary: 'Progress of a background job', params: z.object({ id: z.string().uuid() }), response: responses(ZJob) } }, async (request) => {
      await requireStaff(ctx, request);
      const job = await ctx.jobs.get(ctx.db, requireStore(request).id, request.params.id);
      if (!job) throw notFound('Job not found');
      return { data: toJob(job) };
    });
  };
