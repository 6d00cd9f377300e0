import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZMarkdownPreview, ZMarkdownPreviewBody, ZMarkdownSchedule, ZMarkdownScheduleBody, ZMarkdownScheduleDeleted, ZRecordIdParams } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { createMarkdownSchedule, deleteMarkdownSchedule, listMarkdownSchedules, previewMarkdowns, registerMarkdownJob, runMarkdownsOn, updateMarkdownSchedule } from './markdowns.service.ts';

const tags = ['markdownSchedules'];

/** /markdowns (Settings access): the store's markdown schedules and the preview of a run (docs/consignment-terms.md "Markdowns"). */
export const markdownsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // the daily job applying each due markdown step (docs/consignment-terms.md "The markdown job")
    registerMarkdownJob(ctx);

    app.get('/api/markdownSchedules', { schema: { tags, summary: "The store's markdown schedules by name, each with the consigner types whose terms choose it", response: responses(z.array(ZMarkdownSchedule)) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await listMarkdownSchedules(ctx, requireStore(request)) };
    });

    app.post(
      '/api/markdownSchedules',
      { schema: { tags, summary: 'A schedule of steps by age since acceptance, limited to categories and/or templates (none: every item)', body: ZMarkdownScheduleBody, response: responses(ZMarkdownSchedule, 201) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return reply.status(201).send({ data: await createMarkdownSchedule(ctx, requireStore(request), actor, request.body) });
      },
    );

    app.post(
      '/api/markdownSchedules/preview',
      {
        schema: {
          tags,
          summary: "The Active items today's run would change with the schedule as sent (with id: the items on that schedule; without: the consigned stock it covers), each with its price now and after",
          body: ZMarkdownPreviewBody,
          response: responses(ZMarkdownPreview),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await previewMarkdowns(ctx, requireStore(request), request.body) };
      },
    );

    app.put(
      '/api/markdownSchedules/:id',
      { schema: { tags, summary: 'The items on the schedule take the new steps from the next run', params: ZRecordIdParams, body: ZMarkdownScheduleBody, response: responses(ZMarkdownSchedule) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await updateMarkdownSchedule(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/markdownSchedules/:id',
      { schema: { tags, summary: "Refused (409) while a consigner type's terms choose it", params: ZRecordIdParams, response: responses(ZMarkdownScheduleDeleted) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await deleteMarkdownSchedule(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    // Development mode only (as the dev mailbox): the Playwright journey runs the job on a day of its choosing.
    if (ctx.config.env === 'development') {
      app.post(
        '/api/dev/markdowns/run',
        { schema: { tags: ['dev'], summary: "Run the markdown job for this store on a day (development mode only)", body: z.object({ day: z.iso.date() }), response: responses(z.object({ changed: z.number() })) } },
        async (request) => {
          await requireStaff(ctx, request, 'Settings');
          return { data: await runMarkdownsOn(ctx, requireStore(request), request.body.day) };
        },
      );
    }
  };
