import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { MarkdownStep } from '@backroom/domain';
import { createdAt, tenantRowId, updatedAt } from './columns.ts';
import { stores } from './stores.ts';

/** A store's markdown schedules (docs/consignment-terms.md "Markdowns", migration 0046). */
export const markdownSchedules = pgTable(
  'markdown_schedules',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<MarkdownStep[]>().notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    templateIds: jsonb('template_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'markdown_schedules_pkey', columns: [t.id, t.storeId] }), index('markdown_schedules_store_name_idx').on(t.storeId, t.name)],
);

export type MarkdownScheduleLogChange = { field: string; before: unknown; after: unknown };

// Who changed a schedule and how, written in the change's transaction (as employee_logs). No foreign
// key to the schedule: a deleted schedule's entries stay, with the name it had.
export const markdownScheduleLogs = pgTable(
  'markdown_schedule_logs',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').notNull(),
    scheduleName: text('schedule_name').notNull(),
    action: text('action').$type<'created' | 'updated' | 'deleted'>().notNull(),
    changes: jsonb('changes').$type<MarkdownScheduleLogChange[]>().notNull(),
    byId: text('by_id'),
    byName: text('by_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'markdown_schedule_logs_pkey', columns: [t.id, t.storeId] }), index('markdown_schedule_logs_store_schedule_idx').on(t.storeId, t.scheduleId, t.createdAt)],
);
