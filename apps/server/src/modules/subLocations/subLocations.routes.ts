import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZRecordIdParams, ZSubLocation, ZSubLocationBody, ZSubLocationRenameBody, ZSubLocationsQuery } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStore } from '../../auth/actor.ts';
import { createSubLocation, listSubLocations, renameSubLocation } from './subLocations.service.ts';


/** Sub-locations (shelves, bins) of a location. Reads for every signed-in user, writes need Settings. */
export const subLocationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/subLocations',
      { schema: { tags: ['subLocations'], querystring: ZSubLocationsQuery, response: responses(z.array(ZSubLocation)) } },
      async (request) => {
        await requireActor(ctx, request);
        return { data: await listSubLocations(ctx, requireStore(request), request.query.location) };
      },
    );

    app.post(
      '/api/subLocations',
      { schema: { tags: ['subLocations'], body: ZSubLocationBody, response: responses(ZSubLocation, 201) } },
      async (request, reply) => {
        await requireStaff(ctx, request, 'Settings');
        return reply.status(201).send({ data: await createSubLocation(ctx, requireStore(request), request.body) });
      },
    );

    app.put(
      '/api/subLocations/:id',
      { schema: { tags: ['subLocations'], summary: 'Rename; items at the old name follow', params: ZRecordIdParams, body: ZSubLocationRenameBody, response: responses(ZSubLocation) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await renameSubLocation(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );
  };
