import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { AppConfig } from '../config.ts';

/**
 * GET /metrics in Prometheus' text format (docs/operations.md "Metrics"). Requests are counted and
 * timed by the route's pattern (`/api/inventory/:id`), never by its URL, so the series stay few. The
 * backlogs (job queue, storefront sync, outbox) are counted in the database when scraped: they are
 * the whole deployment's, the same on every process. Each app has its own registry (the tests build
 * several apps in one process).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'backroom_' });
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'backroom_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers });
  const duration = new Histogram({
    name: 'backroom_http_request_duration_seconds',
    help: 'Time to answer, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pool = new Gauge({ name: 'backroom_db_pool_connections', help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite', labelNames: ['state'], registers });
  const queue = new Gauge({ name: 'backroom_job_queue_jobs', help: 'pg-boss jobs by queue and state (created and retry = waiting, active, failed)', labelNames: ['queue', 'state'], registers });
  const backgroundJobs = new Gauge({ name: 'backroom_background_jobs', help: 'Jobs shops started (bulk edits, imports) by status', labelNames: ['status'], registers });
  const sync = new Gauge({ name: 'backroom_storefront_sync_items', help: 'Items of the storefront sync by state (pending = the backlog)', labelNames: ['state'], registers });
  const outbox = new Gauge({ name: 'backroom_outbox_messages', help: 'E-mails of the outbox not sent yet (unsent) and given up on (failed)', labelNames: ['state'], registers });

  app.addHook('onResponse', async (request, reply) => {
    // an unknown path has no pattern: one series for all of them
    const labels = { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  async function refresh() {
    if (ctx.database.pool) {
      pool.set({ state: 'total' }, ctx.database.pool.totalCount);
      pool.set({ state: 'idle' }, ctx.database.pool.idleCount);
      pool.set({ state: 'waiting' }, ctx.database.pool.waitingCount);
    }
    const rowsOf = async <T>(text: string) => (await ctx.database.executeSql(text, [])).rows as T[];
    // Counted over every store on purpose: the operator's view of the deployment, never shown to a shop.
    const [jobs, started, items, mail] = await Promise.all([
      rowsOf<{ name: string; state: string; n: number }>("select name, state::text as state, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by 1, 2").catch(() => []),
      rowsOf<{ status: string; n: number }>('select status, count(*)::int as n from background_jobs group by 1'),
      rowsOf<{ state: string; n: number }>('select state, count(*)::int as n from storefront_item_sync group by 1'),
      rowsOf<{ unsent: number; failed: number }>('select count(*) filter (where sent_at is null and error is null)::int as unsent, count(*) filter (where sent_at is null and error is not null)::int as failed from outbox'),
    ]);
    queue.reset();
    for (const r of jobs) queue.set({ queue: r.name, state: r.state }, r.n);
    backgroundJobs.reset();
    for (const status of ['queued', 'running', 'completed', 'failed']) backgroundJobs.set({ status }, started.find((r) => r.status === status)?.n ?? 0);
    sync.reset();
    for (const state of ['pending', 'failed', 'drifted', 'synced']) sync.set({ state }, items.find((r) => r.state === state)?.n ?? 0);
    outbox.set({ state: 'unsent' }, mail[0]?.unsent ?? 0);
    outbox.set({ state: 'failed' }, mail[0]?.failed ?? 0);
  }

  const allowed = metricsAccess(ctx.config);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
        response: { 200: z.string().describe('text/plain; version=0.0.4'), 401: z.object({ error: z.string() }) },
      },
    },
    async (request, reply) => {
      if (!allowed(request.headers.authorization)) return reply.status(401).send({ error: 'A metrics token is needed' });
      await refresh();
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, a request bearing it; without one, nobody in
 * production, anybody in development and tests.
 */
export function metricsAccess(config: Pick<AppConfig, 'env' | 'metricsToken'>): (authorization: string | undefined) => boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  const expected = config.metricsToken ? digest(config.metricsToken) : null;
  return (authorization) => {
    if (!expected) return config.env !== 'production';
    const given = /^bearer\s+(.+)$/i.exec(authorization ?? '')?.[1] ?? '';
    // compared as digests of equal length, in constant time
    return crypto.timingSafeEqual(digest(given), expected);
  };
}
