import { responses, ZLocation, ZLocationCreate, ZLocationListQuery, ZLocationUpdate, ZRecordIdParams } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStore } from '../../auth/actor.ts';
import { createLocation, listLocations, updateLocation } from './locations.service.ts';


/** Locations (docs/catalogue.md "Locations"): reads for every signed-in user, changes need Settings. */
export const locationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/locations',
      {
        schema: {
          tags: ['locations'],
          summary: "The store's locations; ONLINE MARKETPLACE only for users who may use it; archived ones with archived=include (Settings)",
          querystring: ZLocationListQuery,
          response: responses(z.array(ZLocation)),
        },
      },
      async (request) => {
        const includeArchived = request.query.archived === 'include';
        const actor = includeArchived ? await requireStaff(ctx, request, 'Settings') : await requireActor(ctx, request);
        return { data: await listLocations(ctx, requireStore(request), actor, { includeArchived }) };
      },
    );

    app.post(
      '/api/locations',
      { schema: { tags: ['locations'], summary: 'Add a location (Settings)', body: ZLocationCreate.partial().nullish(), response: responses(ZLocation, 201) } },
      async (request, reply) => {
        await requireStaff(ctx, request, 'Settings');
        return reply.status(201).send({ data: await createLocation(ctx, requireStore(request), request.body ?? {}) });
      },
    );

    app.put(
      '/api/locations/:id',
      {
        schema: {
          tags: ['locations'],
          summary: 'Rename (items, sub-locations and mappings follow), archive or bring back a location (Settings)',
          params: ZRecordIdParams,
          body: ZLocationUpdate.nullish(),
          response: responses(ZLocation),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await updateLocation(ctx, requireStore(request), actor, request.params.id, request.body ?? {}) };
      },
    );
  };
