import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, safeString, ZSubLocation } from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStaff, requireStore } from '../../auth/actor.ts';
import { createSubLocation, listSubLocations, renameSubLocation } from './subLocations.service.ts';

const ZId = z.object({ id: z.string().uuid('Invalid id') });

/** Sub-locations (shelves, bins) of a location. Reads for every signed-in user, writes need Settings. */
export const subLocationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/subLocations',
      { schema: { tags: ['subLocations'], querystring: z.object({ location: safeString('name', 'Location').optional() }), response: responses(z.array(ZSubLocation)) } },
      async (request) => {
        await requireActor(ctx, request);
        return { data: await listSubLocations(ctx, requireStore(request), request.query.location) };
      },
    );

    app.post(
      '/api/subLocations',
      { schema: { tags: ['subLocations'], body: z.object({ name: safeString('name', 'Sub-location name').nullish(), locationName: safeString('name', 'Location').nullish() }), response: responses(ZSubLocation, 201) } },
      async (request, reply) => {
        await requireStaff(ctx, request, 'Settings');
        return reply.status(201).send({ data: await createSubLocation(ctx, requireStore(request), request.body) });
      },
    );

    app.put(
      '/api/subLocations/:id',
      { schema: { tags: ['subLocations'], summary: 'Rename; items at the old name follow', params: ZId, body: z.object({ name: safeString('name', 'Sub-location name').nullish() }), response: responses(ZSubLocation) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await renameSubLocation(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );
  };
