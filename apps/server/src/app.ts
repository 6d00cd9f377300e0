import crypto from 'node:crypto';
import type { AsyncResource } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { createAuth } from './sign-in/index.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { isStoreOrigin, requestSourceOrigin } from './tenancy/origins.ts';
import { registerSessionCacheInvalidation } from './auth/session-cache.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { asSystem, runInRequestScope, scopeRequestToStore } from './db/row-security.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { forbidden } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerReadAdmission } from './http/read-admission.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createJobQueue } from './jobs/queue.ts';
import { integrationsRoutes } from './integrations/integrations.routes.ts';
import { storefrontRoutes } from './storefront/storefront.routes.ts';
import { createMailer } from './mail/mailer.ts';
import { autoPayoutRoutes } from './modules/payouts/automated/auto-payout.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { consignerTypesRoutes } from './modules/consignerTypes/consignerTypes.routes.ts';
import { expiringInventoryRoutes } from './modules/expiring-inventory/expiring-inventory.routes.ts';
import { markdownsRoutes } from './modules/markdowns/markdowns.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { consignersRoutes } from './modules/consigners/consigners.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { labelsRoutes } from './modules/labels/labels.routes.ts';
import { storefrontOrdersRoutes } from './modules/storefront-orders/storefront-orders.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { subLocationsRoutes } from './modules/subLocations/subLocations.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { inventoryQueriesRoutes } from './modules/inventory-queries/inventory-queries.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { storeRequestsRoutes } from './modules/store-requests/store-requests.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { scansRoutes } from './modules/scans/scans.routes.ts';
import type { Tenant } from './tenancy/tenant.ts';
import { storeCacheOf } from './tenancy/store-cache.ts';
import { registerReadCache } from './http/read-cache.ts';
import { OneLinePerRequest, redactLogLine, registerOperations, stdoutLogDestination } from './ops/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store this request is for (Host, a previous address, chosen handle, or localhost's first store); null when none. */
    store: Tenant | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// better-auth's session cookie (with the __Secure- prefix in production).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/open/') || url === '/api';

/** Builds the whole server: API, auth, docs and the built web app. Used by main.ts and by tests. */
/** The URL with its tokens hidden (query `token=` and better-auth's reset path segment). */
export function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[hidden]').replace(/(\/reset-password\/)[^/?#]+/g, '$1[hidden]');
}

export async function buildApp(
  config: AppConfig,
  database: Database,
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    // pino, one JSON line per event; every request's lines carry its id (reqId)
    logger: {
      level: config.logLevel,
      // secret fields (passwords, tokens, bank numbers, credentials headers) out of every line (ops/log-redaction.ts)
      hooks: { streamWrite: redactLogLine },
      // A request's URL may carry a credential (reset, verification and invitation tokens): the log
      // keeps the path without it (docs/security.md "Identity model").
      serializers: {
        req: (req: { method?: string; url?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
          method: req.method,
          url: withoutTokens(req.url ?? ''),
          host: req.hostname,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      // stdout in blocks, not a write call per line (ops/log-destination.ts)
      stream: opts.logStream ?? stdoutLogDestination(),
    },
    // one line per request, at its end (ops/request-log.ts)
    logController: new OneLinePerRequest(),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Only trusted proxies may name the client's address (used by the sign-in throttling).
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // Every request's statements run in its own row-security scope (db/row-security.ts): no store's
  // rows until the store is resolved below, then that store's only.
  // API reads wait for a place before any work (http/read-admission.ts): the first hook of all.
  registerReadAdmission(app, config.readsInFlight);
  const requestScopes = new WeakMap<object, AsyncResource>();
  const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
  // A request that changes something runs its statements before queued reads on PGlite (db/pglite-queue.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    requestScopes.set(request, runInRequestScope(done, !READ_METHODS.has(request.method)));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = requestScopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.strictResponses));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const auth = createAuth({ db: database.db, config, mailer });
  const jobs = createJobQueue({ database, log: app.log, pollingIntervalSeconds: config.env === 'test' ? 0.5 : 1 });
  const ctx: AppContext = { config, database, db: database.db, auth, mailer, jobs, log: app.log };

  await app.register(cookie);
  await registerSecurityHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Backroom API', version: '0.1.0', description: 'Every response is { data } or { error }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Before the store lookup: no request text with a NUL, a lone surrogate or past every limit goes further.
  registerInputGuard(app);
  app.decorateRequest('store', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || request.url.startsWith('/api/docs')) return;
    // which store a host is for is a question across stores: the one lookup made before a store is known
    request.store = await asSystem(() =>
      storeCacheOf(ctx).resolve(ctx, request.headers.host, request.headers['x-store-handle'] as string | undefined),
    );
    scopeRequestToStore(request.store?.id ?? null);
  });
  // A state-changing request a browser authenticates with the session cookie must come from a page
  // of the store itself (cross-site request forgery); bearer-token calls are not affected.
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || SAFE_METHODS.has(request.method)) return;
    if (!SESSION_COOKIE.test(request.headers.cookie ?? '') || /^bearer\s/i.test(request.headers.authorization ?? '')) return;
    const source = requestSourceOrigin(request.headers.origin, request.headers.referer);
    if (!isStoreOrigin(config, request.store, source)) throw forbidden('This request did not come from a page of this store', 'BAD_ORIGIN');
  });

  registerErrorHandler(app);
  registerSessionCacheInvalidation(app, ctx);
  registerReadCache(app, ctx);
  registerOperations(app, ctx);

  await app.register(authRoutes(ctx));
  await app.register(storesRoutes(ctx));
  await app.register(integrationsRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(employeesRoutes(ctx));
  await app.register(consignersRoutes(ctx));
  await app.register(inventoryRoutes(ctx));
  await app.register(inventoryQueriesRoutes(ctx));
  await app.register(payoutsRoutes(ctx));
  await app.register(autoPayoutRoutes(ctx));
  await app.register(activityRoutes(ctx));
  // The dev mailbox exists only in development mode: production and tests have no such route.
  if (config.env === 'development') await app.register(devRoutes(ctx));
  await app.register(jobsRoutes(ctx));
  await app.register(productsRoutes(ctx));
  await app.register(templatesRoutes(ctx));
  await app.register(consignerTypesRoutes(ctx));
  await app.register(expiringInventoryRoutes(ctx));
  await app.register(markdownsRoutes(ctx));
  await app.register(locationsRoutes(ctx));
  await app.register(subLocationsRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(ordersRoutes(ctx));
  await app.register(salesRoutes(ctx));
  await app.register(labelsRoutes(ctx));
  await app.register(storeRequestsRoutes(ctx));
  await app.register(scansRoutes(ctx));
  await app.register(storefrontRoutes(ctx));
  await app.register(storefrontOrdersRoutes(ctx));
  await app.register(dashboardRoutes(ctx));

  // Modules register their job handlers above; the worker starts once the routes are in place.
  await jobs.start();
  app.addHook('onClose', async () => jobs.stop());

  fs.mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.uploadDir, prefix: '/uploads/', decorateReply: false });
  const seedImages = path.join(config.repoRoot, 'apps/server/seed-assets');
  if (fs.existsSync(seedImages)) await app.register(fastifyStatic, { root: seedImages, prefix: '/demo-assets/', decorateReply: false });

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      // the build writes .br and .gz next to each asset (apps/web/vite.config.ts)
      preCompressed: true,
      // hashed file names never change content: browsers keep them instead of asking again
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // Unknown API paths answer in the envelope; every other path is a page of the single-page web app.
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !hasWeb || request.method !== 'GET') return reply.status(404).send({ error: 'Not found' });
    return reply.type('text/html').sendFile('index.html', config.webDist);
  });

  return { app, ctx };
}
