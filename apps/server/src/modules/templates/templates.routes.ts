import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStore } from '../../auth/actor.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';

const ZId = z.object({ id: z.string().uuid('Invalid id') });

// Values are a comma-separated text ('8, 9:120, 10') or a list of values / { value, price } (price in major units).
const ZOptionValuesBody = z
  .union([z.string(), z.array(z.union([z.string(), z.object({ value: z.string(), price: z.union([z.number(), z.string()]).nullish() })]))])
  .nullish();

const ZTemplateBody = z.object({
  title: z.string().nullish(),
  brand: z.string().nullish(),
  category: z.string().nullish(),
  gender: z.string().nullish(),
  weight: z.number().nullish(),
  option1: z.string().nullish(),
  option2: z.string().nullish(),
  option3: z.string().nullish(),
  option1Values: ZOptionValuesBody,
  option2Values: ZOptionValuesBody,
  option3Values: ZOptionValuesBody,
});

/** Product templates: option sets of the catalogue. Reads for every signed-in user (add-inventory forms), writes need Settings. */
export const templatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/productTemplates', { schema: { tags: ['productTemplates'] } }, async (request) => {
      await requireActor(ctx, request);
      return { data: await listTemplates(ctx, requireStore(request)) };
    });

    app.get('/api/productTemplates/:id', { schema: { tags: ['productTemplates'], params: ZId } }, async (request) => {
      await requireActor(ctx, request);
      return { data: await getTemplate(ctx, requireStore(request), request.params.id) };
    });

    app.post('/api/productTemplates', { schema: { tags: ['productTemplates'], body: ZTemplateBody } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Settings');
      return reply.status(201).send({ data: await createTemplate(ctx, requireStore(request), request.body) });
    });

    app.put(
      '/api/productTemplates/:id',
      { schema: { tags: ['productTemplates'], summary: 'Option names cannot change once saved', params: ZId, body: ZTemplateBody } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await updateTemplate(ctx, requireStore(request), request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/productTemplates/:id',
      { schema: { tags: ['productTemplates'], summary: 'Refused while in use and for the only template', params: ZId } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await deleteTemplate(ctx, requireStore(request), request.params.id) };
      },
    );
  };
