import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZConsignerType, ZConsignerTypeAccountParams, ZConsignerTypeBody, ZConsignerTypeDeleted, ZConsignmentTermsBody, ZRecordIdParams } from '@backroom/domain';
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
  updateConsignerTypeTerms,
} from './consignerTypes.service.ts';


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
          params: ZConsignerTypeAccountParams,
          response: responses(z.array(ZConsignerType)),
        },
      },
      async (request) => {
        await requireStaffAnyArea(ctx, request, READ_AREAS);
        return { data: await findConsignerTypesByAccountType(ctx, requireStore(request), request.params.accountType) };
      },
    );

    app.get('/api/consignerTypes/:id', { schema: { tags: ['consignerTypes'], params: ZRecordIdParams, response: responses(ZConsignerType) } }, async (request) => {
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
          params: ZRecordIdParams,
          body: ZConsignerTypeBody,
          response: responses(ZConsignerType),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await updateConsignerType(ctx, requireStore(request), request.params.id, request.body) };
      },
    );

    app.put(
      '/api/consignerTypes/:id/terms',
      {
        schema: {
          tags: ['consignerTypes'],
          summary: "The type's consignment terms (docs/consignment-terms.md); items already accepted keep theirs",
          params: ZRecordIdParams,
          body: ZConsignmentTermsBody,
          response: responses(ZConsignerType),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await updateConsignerTypeTerms(ctx, requireStore(request), request.params.id, request.body) };
      },
    );

    app.delete(
      '/api/consignerTypes/:id',
      { schema: { tags: ['consignerTypes'], summary: 'Refused for the default type and while consigners use it', params: ZRecordIdParams, response: responses(ZConsignerTypeDeleted) } },
      async (request) => {
        await requireStaff(ctx, request, 'Settings');
        return { data: await deleteConsignerType(ctx, requireStore(request), request.params.id) };
      },
    );
  };
