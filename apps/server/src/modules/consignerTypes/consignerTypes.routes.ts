import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, safeString, ZConsignerType, ZConsignerTypeDeleted } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStaffAnyArea, requireStore } from '../../auth/actor.ts';
import {
  createConsignerType,
  deleteConsignerType,
  findConsignerTypesByAccountType,
  getConsignerType,
  listConsignerTypes,
  updateConsignerType,
} from './consignerTypes.service.ts';

const ZId = z.object({ id: z.string().uuid('Invalid id') });
const ZAccountTypeParam = z.object({ accountType: safeString('name', 'Account type').trim().min(1, 'Account type required') });

// Loose shapes with the domain's limits; the service's ZConsignerTypeInput words the refusals
// ('Consigner type required', 'Fee required', 'Min fee required').
const text = safeString('name').nullish();
const amount = z.union([z.number(), safeString('code', 'An amount')]).nullish();
const ZConsignerTypeBody = z.object({
  accountType: text,
  sellingFee: amount,
  minFee: amount,
  flatFee: amount,
  isDefault: z.boolean().nullish(),
  category: text,
  option1Value: text,
  option2Value: text,
  option3Value: text,
  categories: z.array(safeString('name', 'A category')).max(200).nullish(),
});

// Reading: staff with Settings (the /fees screen) or Consigners (the consigner detail's type picker).
const READ_AREAS = ['Settings', 'Consigners'] as const;

/** Consigner types (fee schedules), people doc sections 2, 3, 5 and 7. Writes need Settings. */
export const consignerTypesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/consignerTypes', { schema: { tags: ['consignerTypes'], summary: 'The default first, then by name', response: responses(z.array(ZConsignerType)) } }, async (request) => {
      await requireStaffAnyArea(ctx, request, READ_AREAS);
      return { data: await listConsignerTypes(ctx, requireStore(request)) };
    });

    app.get(
      '/api/consignerTypes/accountType/:accountType',
      {
        schema: {
          tags: ['consignerTypes'],
          summary: 'The types of one accountType name (trimmed, case-insensitive), the general one first; 404 when none',
          params: ZAccountTypeParam,
          response: responses(z.array(ZConsignerType)),
        },
      },
      async (request) => {
        await requireStaffAnyArea(ctx, request, READ_AREAS);
        return { data: await findConsignerTypesByAccountType(ctx, requireStore(request), request.params.accountType) };
      },
    );

    app.get('/api/consignerTypes/:id', { schema: { tags: ['consignerTypes'], params: ZId, response: responses(ZConsignerType) } }, async (request) => {
      await requireStaffAnyArea(ctx, request, READ_AREAS);
      return { data: await getConsignerType(ctx, requireStore(request), request.params.id) };
    });

    app.post(
      '/api/consignerTypes',
      { schema: { tags: ['consignerTypes'], summary: 'isDefault takes the default from the other types', body: ZConsignerTypeBody, response: responses(ZConsignerType, 201) } },
      async (request, reply) => {
        await requireStaff(ctx, request, 'Settings');
        return reply.status(201).send({ data: await createConsignerType(ctx, requireStore(request), request.body) });
      },
    );

    app.put(
      '/api/consignerTypes/:id',
      {
        schema: {
          tags: ['consignerTypes'],
          summary: 'Fields left out keep their value; existing items keep their fees; a renamed accountType carries its consigners',
          params: ZId,
          body: ZConsignerTypeBody,
          response: responses(ZConsignerType),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await updateConsignerType(ctx, requireStore(request), request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/consignerTypes/:id',
      { schema: { tags: ['consignerTypes'], summary: 'Refused for the default type and while consigners use it', params: ZId, response: responses(ZConsignerTypeDeleted) } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await deleteConsignerType(ctx, requireStore(request), request.params.id) };
      },
    );
  };
