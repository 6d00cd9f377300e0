import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRowId } from './columns.ts';
import { consigners } from './people.ts';
import { stores } from './stores.ts';

export type Customer = { first_name?: string | null; email?: string | null; phone?: string | null };

export const orders = pgTable(
  'orders',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shopifyId: text('shopify_id'),
    customer: jsonb('customer').$type<Customer>().notNull().default({}),
    financialStatus: text('financial_status').notNull().default('paid'),
    total: integer('total').notNull().default(0),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'orders_pkey', columns: [t.id, t.storeId] }), index('orders_store_date_idx').on(t.storeId, t.orderDate)],
);

export const lineItems = pgTable(
  'line_items',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    inventoryId: uuid('inventory_id'),
    title: text('title').notNull(),
    sku: text('sku'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull().default(1),
    shopifyId: text('shopify_id'),
  },
  (t) => [
    primaryKey({ name: 'line_items_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'line_items_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
    index('line_items_order_idx').on(t.orderId),
    index('line_items_inventory_idx').on(t.inventoryId),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<'Pending' | 'Failed' | 'Buying' | 'Paid'>().notNull().default('Pending'),
    total: integer('total').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'payouts_pkey', columns: [t.id, t.storeId] }), index('payouts_store_created_idx').on(t.storeId, t.createdAt)],
);

export const cheques = pgTable(
  'cheques',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id').notNull(),
    consignerId: uuid('consigner_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('Pending'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'cheques_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'cheques_payout_fk', columns: [t.storeId, t.payoutId], foreignColumns: [payouts.storeId, payouts.id] }).onDelete('cascade'),
    foreignKey({ name: 'cheques_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('restrict'),
    index('cheques_payout_idx').on(t.payoutId),
  ],
);

// Every e-mail the product sends; with no SMTP_URL this table is the mailbox. Not a tenant table: mail
// sent before a store is known has no store_id, so it stays local to one node (distribution.ts).
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    // Every e-mail belongs to its recipient's store: only that store's Admins see it in the dev mailbox.
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_to_idx').on(t.to), index('outbox_store_idx').on(t.storeId, t.createdAt)],
);
