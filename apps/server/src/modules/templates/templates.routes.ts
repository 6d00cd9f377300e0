import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_WEIGHT_GRAMS, responses, safeString, ZProductTemplate, ZProductTemplateDeleted } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStore } from '../../auth/actor.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';

const ZId = z.object({ id: z.string().uuid('Invalid id') });

// Values are a comma-separated text ('8, 9:120, 10') or a list of values / { value, price } (price in major units).
// Loose shapes with the domain's limits; the service's ZProductTemplateInput words the refusals.
const ZOptionValuesBody = z
  .union([
    safeString('note', 'Option values'),
    z
      .array(z.union([safeString('note', 'Option values'), z.object({ value: safeString('name', 'An option value'), price: z.union([z.number(), safeString('code', 'A size price')]).nullish() })]))
      .max(500),
  ])
  .nullish();
const name = safeString('name').nullish();

const ZTemplateBody = z.object({
  title: name,
  brand: name,
  category: name,
  gender: name,
  weight: z.number().min(0).max(MAX_WEIGHT_GRAMS, `Weight must be at most ${MAX_WEIGHT_GRAMS.toLocaleString('en-US')} grams`).nullish(),
  option1: name,
  option2: name,
  option3: name,
  option1Values: ZOptionValuesBody,
  option2Values: ZOptionValuesBody,
  option3Values: ZOptionValuesBody,
});

/** Product templates: option sets of the catalogue. Reads for every signed-in user (add-inventory forms), writes need Settings. */
export const templatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/productTemplates', { schema: { tags: ['productTemplates'], response: responses(z.array(ZProductTemplate)) } }, async (request) => {
      await requireActor(ctx, request);
      return { data: await listTemplates(ctx, requireStore(request)) };
    });

    app.get('/api/productTemplates/:id', { schema: { tags: ['productTemplates'], params: ZId, response: responses(ZProductTemplate) } }, async (request) => {
      await requireActor(ctx, request);
      return { data: await getTemplate(ctx, requireStore(request), request.params.id) };
    });

    app.post('/api/productTemplates', { schema: { tags: ['productTemplates'], body: ZTemplateBody, response: responses(ZProductTemplate, 201) } }, async (request, reply) => {
      await requireStaff(ctx, request, 'Settings');
      return reply.status(201).send({ data: await createTemplate(ctx, requireStore(request), request.body) });
    });

    app.put(
      '/api/productTemplates/:id',
      { schema: { tags: ['productTemplates'], summary: 'Option names cannot change once saved', params: ZId, body: ZTemplateBody, response: responses(ZProductTemplate) } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await updateTemplate(ctx, requireStore(request), request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/productTemplates/:id',
      { schema: { tags: ['productTemplates'], summary: 'Refused while in use and for the only template', params: ZId, response: responses(ZProductTemplateDeleted) } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await deleteTemplate(ctx, requireStore(request), request.params.id) };
      },
    );
  };
