import type { Area } from '@backroom/domain';
import PgBoss from 'pg-boss';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import { backgroundJobs, type JobItemError } from '../db/schema/index.ts';
import { asStore } from '../db/row-security.ts';

const QUEUE = 'backroom-jobs';

export type JobRow = typeof backgroundJobs.$inferSelect;
export type JobContext = {
  job: JobRow;
  /** Records one item's outcome; a failed item does not stop the others. */
  itemDone: () => Promise<void>;
  itemFailed: (id: string, error: string) => Promise<void>;
  /**
   * Records many outcomes in one statement. Given the transaction that did the work, the progress
   * commits with it, so a restart never redoes or misreports those items.
   */
  recordOutcomes: (outcomes: { done: number; failures: JobItemError[] }, tx?: DbOrTx) => Promise<void>;
  /** Sets how many items the job has, for work that only learns it once started (an order import). */
  setTotal: (total: number) => Promise<void>;
};
type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown> | void>;

/**
 * A queue of its own for work that has no background_jobs row (nobody watches its progress), e.g. the
 * storefront's per-product pushes. `policy` is pg-boss's: 'short' keeps one job queued per
 * singletonKey (a second send while one waits is dropped: work coalesced), active ones unlimited.
 */
type QueueWorker<T> = {
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Jobs fetched (and handled together) at once. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
  handler: (jobs: { id: string; data: T }[]) => Promise<void>;
};
type SendOptions = { singletonKey?: string; startAfterSeconds?: number; retryLimit?: number; retryDelaySeconds?: number };

/**
 * Background work that survives a restart: pg-boss keeps the queue in Postgres (PGlite included),
 * and the background_jobs row keeps what the shop sees (progress, per-item errors, result).
 */
export function createJobQueue(opts: { database: Database; log: FastifyBaseLogger; pollingIntervalSeconds?: number }) {
  const { database, log } = opts;
  const db = database.db;
  const handlers = new Map<string, JobHandler>();
  const queues = new Map<string, QueueWorker<never>>();
  const areas = new Map<string, Area>();
  const schedules: { name: string; cron: string; data: Record<string, unknown> }[] = [];
  let boss: PgBoss | null = null;
  // pg-boss's own statements under way, and whether the queue has stopped (see `stop`)
  const queueSqlUnderWay = new Set<Promise<unknown>>();
  let stopped = false;
  const queueSql: PgBoss.Db['executeSql'] = (text, values) => {
    // A handler that outlived the stop (past its timeout) still ends with pg-boss's complete or fail,
    // sent unawaited: with the database closed it would reject where nobody catches it. The job stays
    // active in pgboss and is retried once it expires, as after a crash. The answer is pg-boss's
    // "no job changed" (it reads rows[0].count).
    if (stopped) return Promise.resolve({ rows: [{ count: 0 }] } as never);
    const statement = (database.executeSql as PgBoss.Db['executeSql'])(text, values);
    queueSqlUnderWay.add(statement);
    statement.then(() => queueSqlUnderWay.delete(statement), () => queueSqlUnderWay.delete(statement));
    return statement;
  };
  // true once every worker is polling, false again from the start of stop (readiness, ops/health.ts)
  let started = false;

  async function progress(id: string, patch: { done: number; failures: JobItemError[] }, tx: DbOrTx = db) {
    if (patch.done === 0 && patch.failures.length === 0) return;
    await tx
      .update(backgroundJobs)
      .set({
        done: sql`${backgroundJobs.done} + ${patch.done}`,
        failed: sql`${backgroundJobs.failed} + ${patch.failures.length}`,
        ...(patch.failures.length ? { errors: sql`${backgroundJobs.errors} || ${JSON.stringify(patch.failures)}::jsonb` } : {}),
      })
      .where(eq(backgroundJobs.id, id));
  }

  async function run(jobId: string) {
    const [job] = await db.update(backgroundJobs).set({ status: 'running' }).where(and(eq(backgroundJobs.id, jobId))).returning();
    if (!job) return;
    const handler = handlers.get(job.kind);
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    try {
      // a store's job runs as that store's requests do: its statements see that store's rows only
      // (db/row-security.ts); the queue's own bookkeeping around it is the installation's
      const result = await asStore(job.storeId, () => handler({
        job,
        itemDone: () => progress(job.id, { done: 1, failures: [] }),
        itemFailed: (id, error) => progress(job.id, { done: 0, failures: [{ id, error }] }),
        recordOutcomes: (outcomes, tx) => progress(job.id, outcomes, tx),
        setTotal: async (total) => {
          await db.update(backgroundJobs).set({ total }).where(eq(backgroundJobs.id, job.id));
        },
      }));
      await db.update(backgroundJobs).set({ status: 'completed', result: result ?? null, finishedAt: new Date() }).where(eq(backgroundJobs.id, job.id));
    } catch (err) {
      log.error({ err, jobId }, 'background job failed');
      await db.update(backgroundJobs).set({ status: 'failed', error: String(err instanceof Error ? err.message : err), finishedAt: new Date() }).where(eq(backgroundJobs.id, job.id));
    }
  }

  return {
    /**
     * `area` is the access area whose staff may start jobs of this kind: only they (and whoever
     * started a job) may read its progress and result (GET /api/jobs/{id}).
     */
    register(kind: string, handler: JobHandler, opts: { area?: Area } = {}) {
      handlers.set(kind, handler);
      if (opts.area) areas.set(kind, opts.area);
    },
    /** The access area of a job kind, when it was registered with one. */
    areaOf(kind: string): Area | undefined {
      return areas.get(kind);
    },
    /** Writes the job row (inside the caller's transaction when given); call `dispatch` after commit. */
    async create(tx: DbOrTx, values: { storeId: string; kind: string; payload: Record<string, unknown>; total: number; createdBy?: { id: string; name: string } }) {
      const [job] = await tx
        .insert(backgroundJobs)
        .values({ storeId: values.storeId, kind: values.kind, payload: values.payload, total: values.total, createdById: values.createdBy?.id, createdByName: values.createdBy?.name })
        .returning();
      return job;
    },
    /** Queues the job; `startAfterSeconds` holds it back that long (a later round of retrying work). */
    async dispatch(job: JobRow, opts: { startAfterSeconds?: number } = {}) {
      if (!boss) throw new Error('job queue not started');
      await boss.send(QUEUE, { jobId: job.id }, { retryLimit: 1, expireInMinutes: 30, ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}) });
    },
    /** A queue with its own worker (see QueueWorker); register before start. */
    addQueue<T>(name: string, worker: QueueWorker<T>) {
      queues.set(name, worker as QueueWorker<never>);
    },
    /** Queues work on a queue of addQueue; null when a queued job of the same singletonKey already waits. */
    async send(name: string, data: Record<string, unknown>, options: SendOptions = {}) {
      if (!boss) throw new Error('job queue not started');
      return boss.send(name, data, {
        retryLimit: options.retryLimit ?? 2,
        retryDelay: options.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInMinutes: 30,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    /** A job sent to queue `name` on a cron schedule (UTC), e.g. '0 3 * * *'; register before start. */
    schedule(name: string, cron: string, data: Record<string, unknown> = {}) {
      schedules.push({ name, cron, data });
    },
    /** A store's jobs of one kind that are queued or running (a start that must not run twice at once). */
    async unfinished(db2: DbOrTx, storeId: string, kind: string) {
      return db2
        .select()
        .from(backgroundJobs)
        .where(and(eq(backgroundJobs.storeId, storeId), eq(backgroundJobs.kind, kind), inArray(backgroundJobs.status, ['queued', 'running'])));
    },
    async get(db2: DbOrTx, storeId: string, id: string) {
      return (await db2.select().from(backgroundJobs).where(and(eq(backgroundJobs.storeId, storeId), eq(backgroundJobs.id, id))).limit(1))[0] ?? null;
    },
    async start() {
      stopped = false;
      boss = new PgBoss({
        db: { executeSql: queueSql },
        schema: 'pgboss',
        // the cron monitor runs only when something is scheduled (the storefront's nightly drift check)
        schedule: schedules.length > 0,
        supervise: true,
        maintenanceIntervalSeconds: 300,
      });
      boss.on('error', (err) => log.error({ err }, 'job queue error'));
      await boss.start();
      await boss.createQueue(QUEUE);
      await boss.work<{ jobId: string }>(QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 }, async ([job]) => run(job.data.jobId));
      for (const [name, worker] of queues) {
        await boss.createQueue(name, { name, policy: worker.policy ?? 'standard' });
        await boss.work<never>(name, { pollingIntervalSeconds: worker.pollingIntervalSeconds ?? opts.pollingIntervalSeconds ?? 1, batchSize: worker.batchSize ?? 1 }, async (jobs) => {
          try {
            await worker.handler(jobs.map((j) => ({ id: j.id, data: j.data })));
          } catch (err) {
            log.error({ err, queue: name }, 'queue job failed');
            throw err;
          }
        });
      }
      for (const s of schedules) {
        if (!queues.has(s.name)) throw new Error(`schedule of ${s.name}: no such queue`);
        await boss.schedule(s.name, s.cron, s.data, { tz: 'UTC' });
      }
      started = true;
    },
    /** Whether the workers run (GET /readyz). */
    get started(): boolean {
      return started;
    },
    async stop() {
      started = false;
      await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
      // pg-boss marks a finished job complete (or failed) without awaiting it, so its stop can return
      // with that statement still under way; the database closes after this, so wait for it here
      await Promise.allSettled([...queueSqlUnderWay]);
      stopped = true;
      boss = null;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
