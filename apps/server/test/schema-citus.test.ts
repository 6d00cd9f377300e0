// A schema ready to be distributed by store on Citus (docs/scaling.md): read from the migrated
// database's catalogue (pg_constraint, pg_index), on PGlite and, with DATABASE_URL, on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrateDatabase, type Database } from '../src/db/client.ts';
import { DISTRIBUTION_COLUMN, LOCAL_TABLES, REFERENCE_TABLES, TENANT_EXCLUDED } from '../src/db/schema/distribution.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Constraint = { name: string; type: 'p' | 'u' | 'f' | 'x'; table: string; columns: string[]; refTable: string | null; refColumns: string[]; onDelete: string; onUpdate: string };
type UniqueIndex = { name: string; table: string; columns: string[]; isConstraint: boolean };
type Catalogue = { tables: { name: string; storeIdNotNull: boolean | null }[]; constraints: Constraint[]; uniqueIndexes: UniqueIndex[] };

async function readCatalogue(database: Database): Promise<Catalogue> {
  const rows = async <T,>(text: string) => (await database.executeSql(text, [])).rows as T[];
  const tables = await rows<{ name: string; storeIdNotNull: boolean | null }>(`
    select c.relname as "name",
      (select a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = '${DISTRIBUTION_COLUMN}' and not a.attisdropped) as "storeIdNotNull"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  // column names in key order; confdeltype/confupdtype: a no action, r restrict, c cascade, n set null, d set default
  const constraints = await rows<Constraint>(`
    select con.conname as "name", con.contype as "type", cl.relname as "table", ref.relname as "refTable",
      array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as "columns",
      array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(num, ord)
            join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as "refColumns",
      con.confdeltype as "onDelete", con.confupdtype as "onUpdate"
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid join pg_namespace n on n.oid = cl.relnamespace
    left join pg_class ref on ref.oid = con.confrelid
    where n.nspname = 'public' and con.contype in ('p', 'u', 'f', 'x') order by 3, 1`);
  // CREATE UNIQUE INDEX makes no pg_constraint row, and Citus holds it to the same rule
  const uniqueIndexes = await rows<UniqueIndex>(`
    select i.relname as "name", t.relname as "table",
      array(select a.attname::text from unnest(ix.indkey::int2[]) k(num)
            join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.num) as "columns",
      exists (select 1 from pg_constraint con where con.conindid = ix.indexrelid) as "isConstraint"
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and ix.indisunique order by 2, 1`);
  return { tables, constraints, uniqueIndexes };
}

/** Every way the schema breaks the distribution rules of src/db/schema/distribution.ts; [] when it keeps them. */
function distributionViolations(catalogue: Catalogue): string[] {
  const found: string[] = [];
  const names = new Set(catalogue.tables.map((t) => t.name));
  const tenant = new Set(catalogue.tables.filter((t) => !TENANT_EXCLUDED.has(t.name)).map((t) => t.name));
  const reference = new Set(Object.keys(REFERENCE_TABLES));
  const local = new Set(Object.keys(LOCAL_TABLES));
  const col = DISTRIBUTION_COLUMN;
  const fix = 'add store_id to it, or name the table in REFERENCE_TABLES or LOCAL_TABLES of src/db/schema/distribution.ts';

  for (const name of TENANT_EXCLUDED) if (!names.has(name)) found.push(`${name}: named in distribution.ts but no such table`);
  for (const t of catalogue.tables) {
    if (!tenant.has(t.name)) continue;
    if (t.storeIdNotNull === null) found.push(`${t.name}: tenant table without ${col} (${fix})`);
    else if (!t.storeIdNotNull) found.push(`${t.name}: ${col} may be NULL (Citus cannot place such a row)`);
  }
  const tenantWithStore = new Set([...tenant].filter((name) => catalogue.tables.find((t) => t.name === name)?.storeIdNotNull !== null));
  for (const t of tenantWithStore) {
    if (!catalogue.constraints.some((c) => c.table === t && c.type === 'p')) found.push(`${t}: no primary key`);
  }
  const kinds: Record<Constraint['type'], string> = { p: 'primary key', u: 'unique constraint', f: 'foreign key', x: 'exclusion constraint' };
  for (const c of catalogue.constraints) {
    const kind = `${c.table}.${c.name} (${kinds[c.type]} on ${c.columns.join(', ')})`;
    if (tenantWithStore.has(c.table)) {
      // a foreign key to a reference table may leave store_id out (the table is on every node)
      const toReference = c.type === 'f' && !!c.refTable && reference.has(c.refTable);
      if (!c.columns.includes(col)) {
        if (!toReference) found.push(`${kind}: leaves ${col} out`);
        continue;
      }
      if (c.type !== 'f' || !c.refTable) continue;
      if (tenant.has(c.refTable)) {
        // colocated tables: store_id must meet store_id, at the same place in both lists
        if (c.refColumns[c.columns.indexOf(col)] !== col) found.push(`${kind}: ${col} does not meet ${c.refTable}.${col}`);
      } else if (local.has(c.refTable)) {
        found.push(`${kind}: a tenant table may not reference the local table ${c.refTable}`);
      }
      // Citus cannot null or reset the distribution column of a row, nor cascade an update to it
      if (c.onDelete === 'n' || c.onDelete === 'd' || c.onUpdate === 'n' || c.onUpdate === 'd' || c.onUpdate === 'c')
        found.push(`${kind}: ON DELETE/UPDATE SET NULL, SET DEFAULT or ON UPDATE CASCADE on a key holding ${col}`);
    } else if (c.type === 'f' && c.refTable && tenant.has(c.refTable)) {
      found.push(`${kind}: ${reference.has(c.table) ? 'a reference' : 'a local'} table may not reference the tenant table ${c.refTable}`);
    } else if (c.type === 'f' && c.refTable && reference.has(c.table) && local.has(c.refTable)) {
      found.push(`${kind}: a reference table may not reference the local table ${c.refTable}`);
    }
  }
  for (const ix of catalogue.uniqueIndexes) {
    if (ix.isConstraint || !tenantWithStore.has(ix.table)) continue;
    if (!ix.columns.includes(col)) found.push(`${ix.table}.${ix.name} (unique index on ${ix.columns.join(', ') || 'an expression'}): leaves ${col} out`);
  }
  return found;
}

describe('the migrated schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t?.close());

  it('keeps store_id in every key of every tenant table; the other tables are named in distribution.ts', async () => {
    const catalogue = await readCatalogue(t.ctx.database);
    expect(distributionViolations(catalogue)).toEqual([]);
    // the rule is not empty: most tables are tenant tables with composite keys
    const tenantTables = catalogue.tables.filter((x) => !TENANT_EXCLUDED.has(x.name));
    expect(tenantTables.length).toBeGreaterThanOrEqual(17);
    expect(catalogue.constraints.find((c) => c.name === 'inventory_items_pkey')?.columns).toEqual(['id', 'store_id']);
    expect(catalogue.constraints.find((c) => c.name === 'inventory_items_product_fk')).toMatchObject({ columns: ['store_id', 'product_id'], refTable: 'products', refColumns: ['store_id', 'id'] });
  });

  it('fails on a table that breaks the rule', async () => {
    const sql = (text: string) => t.ctx.database.executeSql(text);
    await sql(`create table "ledger_lines" ("id" uuid primary key, "store_id" uuid not null, "consigner_id" uuid, "ref" text)`);
    await sql(`create unique index "ledger_lines_ref_uq" on "ledger_lines" ("ref")`);
    await sql(`alter table "ledger_lines" add constraint "ledger_lines_consigner_fk" foreign key ("store_id", "consigner_id") references "consigners" ("id", "store_id") on delete set null`);
    await sql(`create table "sync_state" ("id" uuid primary key, "cursor" text)`);
    await sql(`alter table "session" add column "inventory_id" uuid, add column "store_id" uuid`);
    await sql(`alter table "session" add constraint "session_inventory_fk" foreign key ("inventory_id", "store_id") references "inventory_items" ("id", "store_id")`);
    try {
      const found = distributionViolations(await readCatalogue(t.ctx.database));
      expect([...found].sort()).toEqual([
        'session.session_inventory_fk (foreign key on inventory_id, store_id): a local table may not reference the tenant table inventory_items',
        'ledger_lines.ledger_lines_consigner_fk (foreign key on store_id, consigner_id): store_id does not meet consigners.store_id',
        'ledger_lines.ledger_lines_consigner_fk (foreign key on store_id, consigner_id): ON DELETE/UPDATE SET NULL, SET DEFAULT or ON UPDATE CASCADE on a key holding store_id',
        'ledger_lines.ledger_lines_pkey (primary key on id): leaves store_id out',
        'ledger_lines.ledger_lines_ref_uq (unique index on ref): leaves store_id out',
        'sync_state: tenant table without store_id (add store_id to it, or name the table in REFERENCE_TABLES or LOCAL_TABLES of src/db/schema/distribution.ts)',
      ].sort());
    } finally {
      await sql(`drop table "ledger_lines"; drop table "sync_state"`);
      await sql(`alter table "session" drop column "inventory_id", drop column "store_id"`);
    }
  });
});

// The migration must also work on a shop that already has data, not only on a new database.
describe('the tenant keys migration on an existing database', () => {
  const MIGRATION = '_tenant_keys'; // 0011, found by name should migrations be renumbered
  let t: TestApp;
  let source: TestApp;
  let before: Record<string, number>;
  let earlier: string;

  beforeAll(async () => {
    // a copy of the migrations folder that stops before this migration
    earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-migrations-'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    const stop = journal.entries.findIndex((e) => e.tag.endsWith(MIGRATION));
    expect(stop).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, stop);
    fs.mkdirSync(path.join(earlier, 'meta'));
    fs.writeFileSync(path.join(earlier, 'meta/_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(earlier, `${e.tag}.sql`));

    // The demo shop on the old keys. Today's seed writes today's columns, so it is seeded on the whole
    // schema and its rows are copied into the old one, column by column where the old table has them.
    source = await createTestApp();
    t = await createTestApp({ migrationsFolder: earlier, seed: false });
    await copyRows(source.ctx.database, t.ctx.database);
    before = await rowCounts(t.ctx.database);
    expect(before.inventory_items).toBe(await rowCount(source.ctx.database, 'inventory_items'));
  });
  afterAll(async () => {
    await source?.close();
    await t?.close();
    if (earlier) fs.rmSync(earlier, { recursive: true, force: true });
  });

  async function rowCount(database: Database, table: string) {
    return Number(((await database.executeSql(`select count(*)::int as n from "${table}"`, [])).rows[0] as { n: number }).n);
  }

  /**
   * Every row of `from` into the same tables of `to`, keeping the columns `to` has (generated ones are
   * computed again). Tables are taken in
   * rounds: one whose foreign keys are not met yet is tried again after the others.
   */
  async function copyRows(from: Database, to: Database) {
    const { tables } = await readCatalogue(to);
    let pending = tables.map((x) => x.name);
    let lastError = '';
    for (let round = 0; pending.length > 0; round++) {
      expect(round, `rows that could not be copied: ${pending.join(', ')} (${lastError})`).toBeLessThan(tables.length);
      const failed: string[] = [];
      for (const table of pending) {
        const columns = (
          (await to.executeSql(`select column_name as "name" from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`, [table])).rows as { name: string }[]
        ).map((c) => `"${c.name}"`);
        const [{ rows }] = (await from.executeSql(`select coalesce(json_agg(x), '[]'::json)::text as "rows" from "${table}" x`, [])).rows as [{ rows: string }];
        if (rows === '[]') continue;
        const list = columns.join(', ');
        try {
          await to.executeSql(`insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1::json)`, [rows]);
        } catch (error) {
          lastError = `${table}: ${(error as Error).message}`;
          failed.push(table);
        }
      }
      pending = failed;
    }
  }

  async function rowCounts(database: Database) {
    const { tables } = await readCatalogue(database);
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = Number(((await database.executeSql(`select count(*)::int as n from "${name}"`, [])).rows[0] as { n: number }).n);
    return counts;
  }

  it('moves the seeded demo shop to the new keys, keeping every row, and the app works on it', async () => {
    const old = await readCatalogue(t.ctx.database);
    expect(old.constraints.find((c) => c.name === 'inventory_items_pkey')?.columns).toEqual(['id']);
    expect(before.inventory_items).toBeGreaterThan(0);

    await migrateDatabase(t.ctx.database);

    const migrated = await readCatalogue(t.ctx.database);
    expect(distributionViolations(migrated)).toEqual([]);
    // every table of the old schema keeps its rows (later migrations may add tables)
    const after = await rowCounts(t.ctx.database);
    expect(Object.fromEntries(Object.keys(before).map((name) => [name, after[name]]))).toEqual(before);

    const token = await t.signIn(DEMO.owner);
    const list = await t.request({ method: 'GET', url: '/api/inventories/paginatedInventories?pageSize=10', token });
    expect(list.statusCode, list.body).toBe(200);
    const [item] = (await t.ctx.database.executeSql('select id from inventory_items order by id limit 1', [])).rows as { id: string }[];
    const one = await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token });
    expect(one.statusCode, one.body).toBe(200);
    expect(json<{ data: { id: string } }>(one).data.id).toBe(item.id);
  });
});
