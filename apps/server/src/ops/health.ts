import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { MIGRATIONS_FOLDER } from '../db/client.ts';

/**
 * What a load balancer or an orchestrator asks (docs/operations.md "Health"): `/healthz` answers while
 * the process runs; `/readyz` answers 200 only when this process can serve a request (database
 * reachable, every migration of this build applied, job queue polling, not shutting down), else 503
 * naming what is missing. Outside /api: no store is resolved for them, and they read no tenant data.
 */
const ZCheck = z.enum(['ok', 'failing']);
const ZReadiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: ZCheck, migrations: ZCheck, jobs: ZCheck, accepting: ZCheck }),
  /** One sentence per failing check. */
  missing: z.array(z.string()),
});
type Readiness = z.infer<typeof ZReadiness>;

const draining = new WeakSet<AppContext>();

/** From now on /readyz says 503: the load balancer stops sending new requests (ops/shutdown.ts). */
export function markDraining(ctx: AppContext): void {
  draining.add(ctx);
}

// drizzle's migrator records each migration's journal `when` as created_at: the newest applied one
// must be this build's last, else the database is older (or another build migrated it further, fine).
let lastMigrationWhen: number | undefined;
function lastMigrationOfBuild(): number {
  lastMigrationWhen ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.reduce(
    (max, e) => Math.max(max, e.when),
    0,
  );
  return lastMigrationWhen;
}

const CHECK_TIMEOUT_MS = 2000;
const withTimeout = <T>(p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);

export async function readiness(ctx: AppContext): Promise<Readiness> {
  const missing: string[] = [];
  let database: 'ok' | 'failing' = 'ok';
  let migrations: 'ok' | 'failing' = 'ok';
  try {
    const { rows } = await withTimeout(ctx.database.executeSql('select max(created_at)::text as last from drizzle.__drizzle_migrations', []));
    const last = Number((rows[0] as { last: string | null } | undefined)?.last ?? 0);
    if (last < lastMigrationOfBuild()) {
      migrations = 'failing';
      missing.push('Database migrations are not all applied.');
    }
  } catch (err) {
    database = 'failing';
    migrations = 'failing';
    missing.push(`The database does not answer (${(err as Error).message}).`);
  }
  const jobs = ctx.jobs.started ? 'ok' : 'failing';
  if (jobs === 'failing') missing.push('The job queue is not running.');
  const accepting = draining.has(ctx) ? 'failing' : 'ok';
  if (accepting === 'failing') missing.push('The server is shutting down.');
  return { status: missing.length ? 'unavailable' : 'ok', checks: { database, migrations, jobs, accepting }, missing };
}

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'The process answers', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    { schema: { tags: ['operations'], summary: 'Ready to serve: database, migrations, job queue', response: { 200: ZReadiness, 503: ZReadiness } } },
    async (_request, reply) => {
      const answer = await readiness(ctx);
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );
}
