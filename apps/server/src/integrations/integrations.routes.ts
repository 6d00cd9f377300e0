import { responses, ZIntegration, ZIntegrationKindParams, ZIntegrationUpdate, ZStoreIntegrations } from '@backroom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.ts';
import { requireStaff, requireStore } from '../auth/actor.ts';
import { listIntegrations, updateIntegration } from './integrations.service.ts';

const tags = ['stores'];

/** The store's outside services (Settings area, Admins only; docs/payouts-automated.md). Credentials are never returned. */
export const integrationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/stores/integrations',
      { schema: { tags, summary: "The store's payout providers and order imports: settings, and whether each credential is set", response: responses(ZStoreIntegrations) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await listIntegrations(ctx, requireStore(request), actor) };
      },
    );

    app.put(
      '/api/stores/integrations/:kind',
      {
        schema: {
          tags,
          summary: 'Turn an integration on or off, choose sandbox or live, set, replace (a value) or remove (null) credentials',
          params: ZIntegrationKindParams,
          body: ZIntegrationUpdate,
          response: responses(ZIntegration),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await updateIntegration(ctx, requireStore(request), actor, request.params.kind, request.body) };
      },
    );
  };
