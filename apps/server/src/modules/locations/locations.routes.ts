import { responses, ZLocation } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireActor, requireStore } from '../../auth/actor.ts';
import { listLocations } from './locations.service.ts';

export const locationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/locations',
      { schema: { tags: ['locations'], summary: "The store's locations; ONLINE MARKETPLACE only for users who may use it", response: responses(z.array(ZLocation)) } },
      async (request) => {
        const actor = await requireActor(ctx, request);
        return { data: await listLocations(ctx, requireStore(request), actor) };
      },
    );
  };
