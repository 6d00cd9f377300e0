import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

/** The lines a refunds/create webhook took back: applied when its order is recorded, if the refund came first. */
export type StorefrontRefundedLine = { lineItemId: string; quantity: number };

/**
 * Every storefront webhook delivery a store has handled (docs/storefront-orders.md): the
 * idempotency of the webhook endpoint. The row is written in the transaction of the delivery's effect
 * (the sale, payment, cancellation or refund), so a delivery Shopify retries after a lost answer finds
 * it and changes nothing, and a delivery whose effect failed left no row and is handled again.
 */
export const storefrontWebhooks = pgTable(
  'storefront_webhooks',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    // X-Shopify-Webhook-Id: the same for every retry of one delivery.
    webhookId: text('webhook_id').notNull(),
    topic: text('topic').notNull(),
    // The storefront's order id (gid://shopify/Order/N) the delivery is about.
    orderExternalId: text('order_external_id'),
    // refunds/create: which lines were refunded, kept for an order not recorded yet.
    refundedLines: jsonb('refunded_lines').$type<StorefrontRefundedLine[]>(),
    // What the delivery did: recorded, paid, cancelled, refunded, unchanged, ignored, refund-held, ...
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'storefront_webhooks_pkey', columns: [t.storeId, t.webhookId] }), index('storefront_webhooks_order_idx').on(t.storeId, t.orderExternalId)],
);

/**
 * The polling reconciliation's checkpoint per store (docs/storefront-orders.md "Reconciliation"): the
 * storefront's orders changed since `syncedUntil` are read again and fed to the webhook's code path.
 */
export const storefrontOrderSync = pgTable('storefront_order_sync', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  syncedUntil: timestamp('synced_until', { withTimezone: true, mode: 'date' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});
