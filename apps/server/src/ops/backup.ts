import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { RUNTIME_ROLE_SETUP } from '../db/row-security.ts';

const run = promisify(execFile);

/**
 * Backups and the move from PGlite to PostgreSQL (docs/operations.md "Backups"). Every function here
 * runs with the server stopped: PGlite is one process's database, and a copy taken while a server
 * writes would not be one moment of the shop.
 */

/** The PGlite files under a DATA_DIR (db/client.ts keeps them in DATA_DIR/pglite). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/** PGlite's own dump of its data directory, a gzipped tar. */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${dir}`);
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    const dump = await db.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Loads a PGlite dump into a DATA_DIR that holds no database yet. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
  fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.query('select 1');
  await db.close();
}

const majorOf = (version: string) => Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);

/** pg_dump and pg_restore must be installed and at least as new as the server (pg_dump refuses an older one). */
async function checkTools(url: string): Promise<void> {
  let toolVersion: string;
  try {
    toolVersion = (await run('pg_dump', ['--version'])).stdout;
  } catch {
    throw new Error('pg_dump is not installed (Debian: apt-get install postgresql-client)');
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const server = (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version;
  await client.end();
  if (majorOf(toolVersion) < majorOf(server)) throw new Error(`pg_dump ${toolVersion.trim()} is older than the server (${server}): install the client of ${majorOf(server)} or newer`);
}

/** pg_dump's custom format: the public schema (the shop), drizzle's journal and pg-boss's queue. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  await checkTools(url);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, url], { maxBuffer: 64 * 1024 * 1024 });
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle', 'pgboss')")).rows[0].n;
  } finally {
    await client.end();
  }
}

/** Restores a pg_dump file into an empty database, all or nothing (one transaction). */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await checkTools(url);
  if ((await tablesIn(url)) > 0) throw new Error('The database is not empty: restore into a new database (createdb)');
  // the policies name the runtime role: it must exist before them, and get its privileges back after
  await runStatements(url, RUNTIME_ROLE_SETUP.slice(0, 1));
  await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', url, file], { maxBuffer: 64 * 1024 * 1024 });
  await runStatements(url, RUNTIME_ROLE_SETUP);
}

async function runStatements(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Carries a PGlite shop into an empty PostgreSQL database: the schema by the migrations, then every
 * table's rows, parents before children (foreign keys), in one transaction, with the tables' own
 * triggers off while copying (the rows they would write are copied too), then the sequences set to
 * the source's values. pg-boss's queue is not carried: a job queued and not run is lost (stop the
 * server when the queue is empty; GET /metrics shows it).
 */
export async function movePgliteToPostgres(dataDir: string, url: string, log: (line: string) => void = () => {}): Promise<{ tables: number; rows: number }> {
  const dir = pgliteDirOf(dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${dir}`);
  if ((await tablesIn(url)) > 0) throw new Error('The PostgreSQL database is not empty: move into a new database (createdb)');
  // the target's schema comes from the same migrations the server runs
  const target = await openDatabase({ databaseUrl: url, dataDir });
  await target.close();
  const source = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  try {
    const tables = await tablesInOrder(source);
    await client.query('begin');
    for (const table of tables) {
      const columns = (
        await client.query<{ column_name: string }>(
          "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
          [table],
        )
      ).rows.map((r) => q(r.column_name));
      await client.query(`alter table ${q(table)} disable trigger user`);
      let copied = 0;
      // each row as PostgreSQL's own JSON of it, read back by json_populate_recordset: every type round-trips
      await source.transaction(async (tx) => {
        await tx.exec(`declare rows_of_table no scroll cursor for select row_to_json(t)::text as r from (select ${columns.join(', ')} from ${q(table)}) t`);
        for (;;) {
          const batch = (await tx.query<{ r: string }>('fetch 5000 from rows_of_table')).rows;
          if (batch.length === 0) break;
          await client.query(
            `insert into ${q(table)} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from json_populate_recordset(null::${q(table)}, $1::json)`,
            [`[${batch.map((b) => b.r).join(',')}]`],
          );
          copied += batch.length;
        }
        await tx.exec('close rows_of_table');
      });
      await client.query(`alter table ${q(table)} enable trigger user`);
      rows += copied;
      log(`${table}: ${copied} rows`);
    }
    const sequences = await source.query<{ name: string }>("select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as name from information_schema.sequences where sequence_schema = 'public'");
    for (const { name } of sequences.rows) {
      const { rows: at } = await source.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`);
      await client.query('select setval($1::regclass, $2::bigint, $3)', [name, at[0].last_value, at[0].is_called]);
    }
    await client.query('commit');
    return { tables: tables.length, rows };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
    await source.close();
  }
}

/** The public tables, each after the tables it references (a table referencing itself is fine). */
async function tablesInOrder(db: PGlite): Promise<string[]> {
  const tables = (await db.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1")).rows.map((r) => r.name);
  const edges = (
    await db.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
    )
  ).rows.map((e) => ({ child: e.child.replaceAll('"', ''), parent: e.parent.replaceAll('"', '') }));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && edges.every((e) => e.child !== t || placed.has(e.parent) || !tables.includes(e.parent)));
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(', ')}`);
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}
