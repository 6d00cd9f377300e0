import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses, ZPublicStore, ZStoreDomainParams, ZStoreHandleParams, ZStoreHosts, ZStoreHostsVerifyBody, ZStoreIdParams, ZStoreResyncStarted, ZStoreSettings, ZStoreSettingsBody, ZStoreSetup, ZStoreSetupChange, ZStoreSignupQuery, ZStoreSignupResult, ZStoreUsage } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, requireStore } from '../../auth/actor.ts';
import { getStoreSettings, getStoreUsage, queueStoreResync, registerStoreJobs, updateStoreSettings } from './stores-settings.service.ts';
import { listStoreHosts, registerHostRecheckJob, verifyStoreHosts } from './store-hosts.service.ts';
import { changeStoreSetup, getStoreSetup } from './store-setup.service.ts';
import { currentStore, getStoreByDomain, getStoreByHandle, signupStore } from './stores.service.ts';
import { asSystem } from '../../db/row-security.ts';


export const storesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerStoreJobs(ctx);
    registerHostRecheckJob(ctx);

    app.get('/open/stores/current', { schema: { tags: ['stores'], summary: 'The store this request resolves to', response: responses(ZPublicStore) } }, async (request) => ({
      data: await currentStore(ctx, request.store),
    }));

    app.get('/open/stores/handle/:handle', { schema: { tags: ['stores'], params: ZStoreHandleParams, response: responses(ZPublicStore) } }, async (request) => ({
      // any store's public face, by handle or domain: a named cross-store path
      data: await asSystem(() => getStoreByHandle(ctx, request.params.handle)),
    }));

    app.get('/open/stores/:domain', { schema: { tags: ['stores'], params: ZStoreDomainParams, response: responses(ZPublicStore) } }, async (request) => ({
      data: await asSystem(() => getStoreByDomain(ctx, request.params.domain)),
    }));

    // The spec's wizard sends query parameters; a JSON body works too.
    app.post(
      '/open/stores',
      { schema: { tags: ['stores'], summary: 'Sign a new store up', querystring: ZStoreSignupQuery, body: ZStoreSignupQuery.nullish(), response: responses(ZStoreSignupResult, 201) } },
      async (request, reply) => {
        const input = { ...request.query, ...(request.body ?? {}) };
        // request.hostname only names the host a link may use when it is the installation's (tenancy/origins.ts)
        const result = await signupStore(ctx, input, { ip: request.ip, host: request.hostname });
        return reply.status(201).send({ data: result });
      },
    );

    // Settings (people doc sections 2 and 7): the store of this request only; another id is not found.
    app.get('/api/stores/usage', { schema: { tags: ['stores'], summary: "The store's usage for the Billing page (Settings area)", response: responses(ZStoreUsage) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await getStoreUsage(ctx, requireStore(request)) };
    });

    // The setup guide of a new store (docs/first-hour.md): what its data shows done; Settings area.
    app.get('/api/stores/setup', { schema: { tags: ['stores'], summary: "The setup guide's steps, done from the store's data", response: responses(ZStoreSetup) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await getStoreSetup(ctx, requireStore(request)) };
    });
    app.put('/api/stores/setup', { schema: { tags: ['stores'], summary: 'Dismiss the setup guide or bring it back', body: ZStoreSetupChange.partial().nullish(), response: responses(ZStoreSetup) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await changeStoreSetup(ctx, requireStore(request), request.body ?? {}) };
    });

    app.post(
      '/api/stores/resync',
      { schema: { tags: ['stores'], summary: 'Queue the storefront resync of all inventory (Settings area); follow it at GET /api/jobs/{id}', response: responses(ZStoreResyncStarted, 202) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return reply.status(202).send({ data: await queueStoreResync(ctx, requireStore(request), actor) });
      },
    );

    app.get('/api/stores/:id', { schema: { tags: ['stores'], summary: 'The editable store (Settings area)', params: ZStoreIdParams, response: responses(ZStoreSettings) } }, async (request) => {
      await requireStaff(ctx, request, 'Settings');
      return { data: await getStoreSettings(ctx, requireStore(request), request.params.id) };
    });

    app.put(
      '/api/stores/:id',
      {
        schema: {
          tags: ['stores'],
          summary: 'Save the store settings (Settings area); fields left out keep their value, the whole store is validated',
          params: ZStoreIdParams,
          body: ZStoreSettingsBody,
          response: responses(ZStoreSettings),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await updateStoreSettings(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );

    // Proof of the store's hosts (docs/security.md, "A store's own hosts, once proven"): Admin, own store.
    app.get(
      '/api/stores/:id/hosts',
      { schema: { tags: ['stores'], summary: "Each of the store's hosts: proven or not, and the DNS record or file that proves it (Admin)", params: ZStoreIdParams, response: responses(ZStoreHosts) } },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await listStoreHosts(ctx, requireStore(request), actor, request.params.id) };
      },
    );

    app.post(
      '/api/stores/:id/hosts/verify',
      {
        schema: {
          tags: ['stores'],
          summary: 'Check the proof of one host, or of every host not proven yet (Admin); a failed check answers 200 with its reason',
          params: ZStoreIdParams,
          body: ZStoreHostsVerifyBody,
          response: responses(ZStoreHosts),
        },
      },
      async (request) => {
        const actor = await requireStaff(ctx, request, 'Settings');
        return { data: await verifyStoreHosts(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );
  };
