import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZProductTemplate, ZProductTemplateBody, ZProductTemplateDeleted, ZRecordIdParams } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStore } from '../../auth/actor.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';


/** Product templates: option sets of the catalogue. Reads for every signed-in user (add-inventory forms), writes need Settings. */
export const templatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/productTemplates', { schema: { tags: ['productTemplates'], response: responses(z.array(ZProductTemplate)) } }, async (request) => {
      await requireActor(ctx, request);
      return { data: await listTemplates(ctx, requireStore(request)) };
    });

    app.get('/api/productTemplates/:id', { schema: { tags: ['productTemplates'], params: ZRecordIdParams, response: responses(ZProductTemplate) } }, async (request) => {
      await requireActor(ctx, request);
      return { data: await getTemplate(ctx, requireStore(request), request.params.id) };
    });

    app.post('/api/productTemplates', { schema: { tags: ['productTemplates'], body: ZProductTemplateBody, response: responses(ZProductTemplate, 201) } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Settings');
      return reply.status(201).send({ data: await createTemplate(ctx, requireStore(request), request.body) });
    });

    app.put(
      '/api/productTemplates/:id',
      { schema: { tags: ['productTemplates'], summary: 'Option names cannot change once saved', params: ZRecordIdParams, body: ZProductTemplateBody, response: responses(ZProductTemplate) } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await updateTemplate(ctx, requireStore(request), request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/productTemplates/:id',
      { schema: { tags: ['productTemplates'], summary: 'Refused while in use and for the only template', params: ZRecordIdParams, response: responses(ZProductTemplateDeleted) } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await deleteTemplate(ctx, requireStore(request), request.params.id) };
      },
    );
  };
