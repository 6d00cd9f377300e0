import PgBoss from 'pg-boss';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import { backgroundJobs, type JobItemError } from '../db/schema/index.ts';

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
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown> | void>;

/**
 * Background work that survives a restart: pg-boss keeps the queue in Postgres (PGlite included),
 * and the background_jobs row keeps what the shop sees (progress, per-item errors, result).
 */
export function createJobQueue(opts: { database: Database; log: FastifyBaseLogger; pollingIntervalSeconds?: number }) {
  const { database, log } = opts;
  const db = database.db;
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, { cron: string; handler: () => Promise<void> }>();
  let boss: PgBoss | null = null;

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
      const result = await handler({
        job,
        itemDone: () => progress(job.id, { done: 1, failures: [] }),
        itemFailed: (id, error) => progress(job.id, { done: 0, failures: [{ id, error }] }),
        recordOutcomes: (outcomes, tx) => progress(job.id, outcomes, tx),
        setTotal: async (total) => {
          await db.update(backgroundJobs).set({ total }).where(eq(backgroundJobs.id, job.id));
        },
      });
      await db.update(backgroundJobs).set({ status: 'completed', result: result ?? null, finishedAt: new Date() }).where(eq(backgroundJobs.id, job.id));
    } catch (err) {
      log.error({ err, jobId }, 'background job failed');
      await db.update(backgroundJobs).set({ status: 'failed', error: String(err instanceof Error ? err.message : err), finishedAt: new Date() }).where(eq(backgroundJobs.id, job.id));
    }
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    /**
     * Recurring work (no background_jobs row: nobody follows it): pg-boss sends `name` on the cron
     * schedule (UTC), once across every server sharing the database, and a worker here runs it.
     */
    every(name: string, cron: string, handler: () => Promise<void>) {
      schedules.set(name, { cron, handler });
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
    async get(db2: DbOrTx, storeId: string, id: string) {
      return (await db2.select().from(backgroundJobs).where(and(eq(backgroundJobs.storeId, storeId), eq(backgroundJobs.id, id))).limit(1))[0] ?? null;
    },
    async start() {
      boss = new PgBoss({
        db: { executeSql: database.executeSql as PgBoss.Db['executeSql'] },
        schema: 'pgboss',
        schedule: schedules.size > 0,
        supervise: true,
        maintenanceIntervalSeconds: 300,
      });
      boss.on('error', (err) => log.error({ err }, 'job queue error'));
      await boss.start();
      await boss.createQueue(QUEUE);
      await boss.work<{ jobId: string }>(QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 }, async ([job]) => run(job.data.jobId));
      for (const [name, { cron, handler }] of schedules) {
        await boss.createQueue(name);
        await boss.schedule(name, cron, {}, { retryLimit: 0, expireInMinutes: 30 });
        await boss.work(name, { pollingIntervalSeconds: 5, batchSize: 1 }, async () => {
          try {
            await handler();
          } catch (err) {
            log.error({ err, job: name }, 'scheduled job failed');
          }
        });
      }
    },
    async stop() {
      await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
      boss = null;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
