import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Each item's place in the storefront sync (docs/storefront-sync.md "Out"): a row for every
 * item that is, was or is to be on sale in the store's shop. Written 'pending' by the trigger on
 * inventory_items (migration 0023) in the transaction of the change itself, so a committed change is
 * never forgotten; the push job of its product marks it synced, failed (with the platform's error) or
 * removes the row once the item has left the shop; the nightly drift check marks it drifted.
 * No foreign key to the item: a deleted item keeps its row until its variant has left the shop.
 */
export const storefrontItemSync = pgTable(
  'storefront_item_sync',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id').notNull(),
    productId: uuid('product_id').notNull(),
    state: text('state').$type<'synced' | 'pending' | 'failed' | 'drifted'>().notNull().default('pending'),
    /** The platform's words for the last failure (failed), or null. */
    error: text('error'),
    /** What differs from the shop (drifted): e.g. 'price: 120.00 in Backroom, 99.00 in Shopify'. */
    drift: jsonb('drift').$type<string[]>().notNull().default([]),
    /** Failed pushes since the last success. */
    attempts: integer('attempts').notNull().default(0),
    /** Bumped by every change that needs a push: a push marks synced only the changes it has seen. */
    changeSeq: integer('change_seq').notNull().default(1),
    /** When a push job was queued for the pending change; null: not yet (the dispatcher queues it). */
    queuedAt: ts('queued_at'),
    lastSyncedAt: ts('last_synced_at'),
    /** What the shop holds for the item: its variant, inventory item and the location it is stocked at; null when not in the shop. */
    variantId: text('variant_id'),
    inventoryItemId: text('inventory_item_id'),
    locationId: text('location_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'storefront_item_sync_pkey', columns: [t.storeId, t.inventoryId] }),
    index('storefront_item_sync_state_idx').on(t.storeId, t.state, t.updatedAt),
    index('storefront_item_sync_product_idx').on(t.storeId, t.productId),
    // the dispatcher's question: pending changes no push job was queued for
    index('storefront_item_sync_unqueued_idx').on(t.storeId, t.productId).where(sql`state = 'pending' and queued_at is null`),
  ],
);

/** The last drift check of a store's shop (the sync health screen shows it). */
export const storefrontDriftChecks = pgTable('storefront_drift_checks', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  checkedAt: ts('checked_at').notNull(),
  checked: integer('checked').notNull().default(0),
  drifted: integer('drifted').notNull().default(0),
  error: text('error'),
});

/**
 * The Shopify shop each store is connected to (migration 0037; docs/storefront-sync.md "One shop, one
 * store"): the normalised myshopify domain is the key, so a shop belongs to one store of the
 * installation. A reference table (db/schema/distribution.ts): unique across stores.
 */
export const storefrontShops = pgTable(
  'storefront_shops',
  {
    shopDomain: text('shop_domain').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
  },
  (t) => [
    unique('storefront_shops_store_uq').on(t.storeId),
    check('storefront_shops_domain_ck', sql`${t.shopDomain} = lower(${t.shopDomain}) AND ${t.shopDomain} LIKE '%.myshopify.com'`),
  ],
);
