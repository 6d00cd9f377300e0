import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantRowId, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

export type JobItemError = { id: string; error: string };

// What users see of background work (merge, bulk actions, resync): progress and per-item failures.
// pg-boss (schema pgboss) does the queuing and retries; this row is the shop-facing record.
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull().default('queued'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<JobItemError[]>().notNull().default([]),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    error: text('error'),
    createdById: text('created_by_id'),
    createdByName: text('created_by_name'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'background_jobs_pkey', columns: [t.id, t.storeId] }), index('background_jobs_store_created_idx').on(t.storeId, t.createdAt)],
);
