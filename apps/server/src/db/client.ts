import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { laneThePool } from './pg-lanes.ts';
import { namePglite } from './pglite-named.ts';
import { queuePglite } from './pglite-queue.ts';
import { asSystem, scopePgPool } from './row-security.ts';
import { namedText } from './statement-names.ts';
import { watchPgClient, watchPglite, WriteWatch } from './write-watch.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either a Db or a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL (multi-statement allowed when no params), used by the job queue. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /**
   * Run one parameterised statement in the caller's scope (db/row-security.ts: the request's store),
   * not as the system: the store versions' read, so that a request's connection is not switched to
   * the system scope and back (a round trip each way) before its own queries. `name`: prepared under
   * that name on each PostgreSQL connection and on PGlite (parsed once there).
   */
  queryInScope: (text: string, values: unknown[], name?: string) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
  /** When this process may have changed the data (the read cache's invalidation). */
  writes: WriteWatch;
  /** The pg pool's counts (GET /metrics); PGlite has one connection and no pool. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
};

/** PostgreSQL connections per process (docs/scaling.md "Several server processes"). */
const POOL_SIZE = 10;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, else PGlite (Postgres in WASM) stored in `dataDir`
 * (or in memory when dataDir is 'memory://', used by tests). Migrations from `migrationsFolder`
 * (default: all of them) are applied before it is returned. `logger` sees every statement Drizzle
 * runs (bench/api-load.ts captures a request's SQL with it). `loadDataDir` starts PGlite from a dump of
 * another one's data directory (the API tests' migrated and seeded template, test/global-setup.ts).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder?: string;
  logger?: Logger;
  loadDataDir?: Blob;
  /** Requests run as the role the store policies restrict (db/row-security.ts); off only to measure its cost. */
  rowSecurity?: boolean;
  /** Writes before queued reads: PGlite's one connection (db/pglite-queue.ts), PostgreSQL's pool (db/pg-lanes.ts); off only to measure what that changes. */
  writesFirst?: boolean;
}): Promise<Database> {
  const rowSecurity = opts.rowSecurity ?? process.env.ROW_SECURITY !== 'off';
  const writesFirst = opts.writesFirst ?? process.env.WRITES_FIRST !== 'off';
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE });
    const writes = new WriteWatch();
    pool.on('connect', (client) => watchPgClient(writes, client as never));
    // An idle client dropped by the server (restart, DROP DATABASE ... WITH (FORCE)) must not crash the process.
    pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
    if (rowSecurity) scopePgPool(pool as never);
    if (writesFirst) laneThePool(pool as never, POOL_SIZE);
    const db = drizzlePg(pool, { schema, logger: opts.logger }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      // the job queue's own tables (schema pgboss) are the installation's, not a store's
      executeSql: async (text, values) => asSystem(() => pool.query(text, values as unknown[])),
      queryInScope: (text, values, name) => pool.query(name ? { name, text, values } : { text, values }),
      close: () => pool.end(),
      writes,
      pool,
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir !== 'memory://') {
    dataDir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  const writes = new WriteWatch();
  namePglite(client as never);
  watchPglite(writes, client as never);
  queuePglite(client as never, { rowSecurity, writesFirst });
  const db = drizzlePglite(client, { schema, logger: opts.logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) =>
      asSystem(async () => (values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }))),
    // named: prepared once on PGlite too (pglite-named.ts)
    queryInScope: (text, values, name) => {
      if (name) namedText(text, name);
      return client.query(text, values);
    },
    close: () => client.close(),
    writes,
  };
}

/** Applies the migrations of a folder not yet applied (the tests migrate a database made by older ones). */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
}
