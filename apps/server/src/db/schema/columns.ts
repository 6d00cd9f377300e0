import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared column helpers. Money is always integer minor units (cents); never floating point.

/** The id of a table that is not a tenant table (stores): the primary key on its own. */
export const id = () => uuid('id').primaryKey().defaultRandom();
/**
 * The id of a tenant table (one with a store_id). Still a random uuid, so ids stay unique across
 * stores in practice, but the primary key is (id, store_id), declared in the table's extras with
 * `primaryKey({ name: '<table>_pkey', columns: [t.id, t.storeId] })`: Citus needs the distribution
 * column in every key (docs/scaling.md). id comes first so that lookups and joins by id keep an index.
 */
export const tenantRowId = () => uuid('id').notNull().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
