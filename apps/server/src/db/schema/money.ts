import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { consigners } from './people.ts';
import { stores } from './stores.ts';

export type Customer = { first_name?: string | null; email?: string | null; phone?: string | null };

export const orders = pgTable(
  'orders',
  {
    id: id(),
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
  (t) => [index('orders_store_date_idx').on(t.storeId, t.orderDate)],
);

export const lineItems = pgTable(
  'line_items',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id'),
    title: text('title').notNull(),
    sku: text('sku'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull().default(1),
    shopifyId: text('shopify_id'),
  },
  (t) => [index('line_items_order_idx').on(t.orderId), index('line_items_inventory_idx').on(t.inventoryId)],
);

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<'Pending' | 'Failed' | 'Buying' | 'Paid'>().notNull().default('Pending'),
    total: integer('total').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('payouts_store_created_idx').on(t.storeId, t.createdAt)],
);

export const cheques = pgTable(
  'cheques',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    consignerId: uuid('consigner_id')
      .notNull()
      .references(() => consigners.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('Pending'),
    createdAt: createdAt(),
  },
  (t) => [index('cheques_payout_idx').on(t.payoutId)],
);

// Every e-mail the product sends; with no SMTP_URL this table is the mailbox.
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_to_idx').on(t.to)],
);
