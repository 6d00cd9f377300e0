/**
 * How each table would be placed on a Citus cluster (docs/scaling.md). This is the one list of
 * tables that are NOT distributed by store; every other table of the public schema is a tenant table:
 *
 * - it has a `store_id` column, NOT NULL (the distribution column);
 * - its primary key, every unique constraint or unique index, and every foreign key include
 *   `store_id` (a foreign key to another tenant table pairs store_id with store_id), because Citus
 *   only enforces a key inside one shard, and a shard holds whole stores.
 *
 * test/schema-citus.test.ts reads the migrated schema from pg_constraint and pg_index and fails on
 * a table that breaks these rules: a new table either carries store_id in all its keys or is named
 * here, with the reason.
 */

/**
 * Copied to every node (`create_reference_table`): small, read by every store's queries, and the
 * targets of foreign keys from tenant tables. Their own keys need not hold store_id. A reference
 * table may not reference a tenant table.
 */
export const REFERENCE_TABLES = {
  // The tenant root: one row per shop. Looked up by host (domain, handle) before the store is known,
  // and those must stay unique across all shops, so it is replicated rather than distributed.
  stores: 'the tenant root, looked up by domain and handle before the store is known',
  // better-auth's user: one person may belong to several shops; employees and consigners point at it.
  user: 'better-auth identities, shared by stores (employees.fb_user_id, consigners.fb_user_id)',
  // A store's previous addresses: looked up by host before the store is known, like stores, and a
  // host may belong to one store only.
  store_host_aliases: "a store's previous hosts, looked up by host before the store is known (tenancy/resolve-store.ts)",
  // A Shopify shop may be connected to one store of the installation only (docs/storefront-sync.md).
  storefront_shops: 'the Shopify shop each store is connected to, unique across all stores',
  // A host is proven by one store at most (a unique index on host alone), checked across stores.
  store_host_proofs: "proofs that a store owns its hosts; a host is proven by one store at most (docs/security.md)",
} as const;

/**
 * Kept on the coordinator only (Citus local tables): rows without a store, read by key on one node.
 * They may reference reference tables, never tenant tables, and no tenant table may reference them.
 */
export const LOCAL_TABLES = {
  session: 'better-auth sessions, looked up by token on every request before the store matters',
  account: 'better-auth credentials, by user',
  verification: 'better-auth e-mail and reset tokens',
  outbox: "e-mail queue, drained by id; each row carries its recipient's store_id (the dev mailbox filters by it) but is not distributed",
  rate_limit: "better-auth's request limiter, keyed by address and path",
  auth_throttle: 'failed sign-in and e-mail send counters (shared/throttle.ts), keyed by account or address',
} as const;

/** Schemas other than public, all local to the coordinator: the job queue and the migration journal. */
export const LOCAL_SCHEMAS = {
  pgboss: 'pg-boss job queue (its own tables and functions, polled by the server)',
  drizzle: "drizzle's record of applied migrations",
} as const;

/** The distribution column of every tenant table. */
export const DISTRIBUTION_COLUMN = 'store_id';

/** Tables of the public schema that are not distributed by store. */
export const TENANT_EXCLUDED: ReadonlySet<string> = new Set([...Object.keys(REFERENCE_TABLES), ...Object.keys(LOCAL_TABLES)]);
