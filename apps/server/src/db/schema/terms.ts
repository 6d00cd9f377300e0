import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TermRequestKind, TermRequestStatus } from '@backroom/domain';
import { createdAt, tenantRowId } from './columns.ts';
import { inventoryItems } from './inventory.ts';
import { stores } from './stores.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A consigner's request to renew or to pick up an item at the end of its term (migration 0048,
 * docs/consignment-terms.md "The consigner's requests"): open until the consigner cancels it or staff
 * act on the item (renew, return, ...), which closes it with the action's word. One open per item.
 */
export const termRequests = pgTable(
  'term_requests',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id').notNull(),
    consignerId: uuid('consigner_id').notNull(),
    kind: text('kind').$type<TermRequestKind>().notNull(),
    status: text('status').$type<TermRequestStatus>().notNull().default('open'),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
    closedById: text('closed_by_id'),
    closedByName: text('closed_by_name'),
    resolution: text('resolution'),
  },
  (t) => [
    primaryKey({ name: 'term_requests_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'term_requests_inventory_fk', columns: [t.inventoryId, t.storeId], foreignColumns: [inventoryItems.id, inventoryItems.storeId] }).onDelete('cascade'),
    uniqueIndex('term_requests_open_uq').on(t.storeId, t.inventoryId).where(sql`${t.status} = 'open'`),
    index('term_requests_store_consigner_idx').on(t.storeId, t.consignerId, t.status),
    check('term_requests_kind_ck', sql`${t.kind} IN ('renew', 'pickup')`),
    check('term_requests_status_ck', sql`${t.status} IN ('open', 'cancelled', 'closed')`),
  ],
);

/** A reminder sent before an item's end (docs/consignment-terms.md "Reminders"): one per item and end. */
export const termReminders = pgTable(
  'term_reminders',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id').notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'term_reminders_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'term_reminders_inventory_fk', columns: [t.inventoryId, t.storeId], foreignColumns: [inventoryItems.id, inventoryItems.storeId] }).onDelete('cascade'),
    uniqueIndex('term_reminders_item_end_uq').on(t.storeId, t.inventoryId, t.endsOn),
  ],
);
