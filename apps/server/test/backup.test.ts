// Backups, restores and the move from PGlite to PostgreSQL keep every row and every sum
// (docs/operations.md "Backups").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { backupPglite, backupPostgres, movePgliteToPostgres, pgliteDirOf, restorePglite, restorePostgres } from '../src/ops/backup.ts';
import { DEMO_ANCHOR } from '../src/seed/demo-data.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { createTestDatabase } from './helpers.ts';

type Query = (text: string) => Promise<Record<string, unknown>[]>;
type Figures = { counts: Record<string, number>; sums: Record<string, unknown>[] };

/** Every table's row count and the money sums a shop's books rest on. */
async function figuresOf(query: Query): Promise<Figures> {
  const tables = (await query("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1")).map((r) => String(r.name));
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await query(`select count(*)::int as n from "${table}"`))[0].n);
  const sums = await query(
    `select 'ledger ' || kind as what, sum(amount)::text as total, count(*)::int as n from ledger_entries group by kind
     union all select 'payouts ' || status, sum(total)::text, count(*)::int from payouts group by status
     union all select 'orders', sum(total)::text, count(*)::int from orders
     order by 1`,
  );
  return { counts, sums };
}

const pgliteQuery = (db: PGlite): Query => async (text) => (await db.query<Record<string, unknown>>(text)).rows;
const pgQuery = (client: pg.Client): Query => async (text) => (await client.query(text)).rows as Record<string, unknown>[];

async function figuresOfPostgres(url: string): Promise<Figures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await figuresOf(pgQuery(client));
  } finally {
    await client.end();
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-backup-'));
const shopDir = path.join(work, 'shop');
let original: Figures;

beforeAll(async () => {
  // a demo shop on disk, with its sales, payouts and ledger, then the server stopped
  const config = loadConfig({ env: 'test', logLevel: 'silent', dataDir: shopDir });
  const database = await openDatabase({ dataDir: shopDir });
  const { app, ctx } = await buildApp(config, database);
  await app.ready();
  await seedDemo(ctx, { anchor: DEMO_ANCHOR });
  await app.close();
  await database.close();
  const db = await PGlite.create({ dataDir: pgliteDirOf(shopDir), extensions: { pg_trgm } });
  original = await figuresOf(pgliteQuery(db));
  await db.close();
}, 300_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('PGlite', () => {
  it('backs up a shop with sales and payouts and restores it into an empty DATA_DIR, every row and sum the same', async () => {
    expect(original.counts.payouts).toBeGreaterThan(0);
    expect(original.counts.orders).toBeGreaterThan(0);
    expect(original.counts.ledger_entries).toBeGreaterThan(0);
    const file = path.join(work, 'shop.tar.gz');
    await backupPglite(shopDir, file);
    const restoredDir = path.join(work, 'restored');
    await restorePglite(file, restoredDir);
    await expect(restorePglite(file, restoredDir)).rejects.toThrow('is not empty');
    const db = await PGlite.create({ dataDir: pgliteDirOf(restoredDir), extensions: { pg_trgm } });
    try {
      expect(await figuresOf(pgliteQuery(db))).toEqual(original);
    } finally {
      await db.close();
    }
  }, 300_000);
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL (needs DATABASE_URL: skipped on PGlite)', () => {
  it('moves the PGlite shop into an empty PostgreSQL, then backs that up and restores it into another, every row and sum the same', async () => {
    const moved = await createTestDatabase();
    const restored = await createTestDatabase();
    try {
      await movePgliteToPostgres(shopDir, moved.databaseUrl!);
      expect(await figuresOfPostgres(moved.databaseUrl!)).toEqual(original);
      await expect(movePgliteToPostgres(shopDir, moved.databaseUrl!)).rejects.toThrow('not empty');

      // the server starts on it (migrations already applied) and its sequences go on from the copied values
      const database = await openDatabase({ databaseUrl: moved.databaseUrl, dataDir: shopDir });
      await database.close();

      const file = path.join(work, 'shop.pgdump');
      await backupPostgres(moved.databaseUrl!, file);
      await restorePostgres(file, restored.databaseUrl!);
      expect(await figuresOfPostgres(restored.databaseUrl!)).toEqual(original);
      // a request's role reads its store's rows in the restored database (the dump carries no privileges)
      const client = new pg.Client({ connectionString: restored.databaseUrl });
      await client.connect();
      try {
        const [{ id }] = (await client.query<{ id: string }>("select id from stores where handle = 'demo'")).rows;
        await client.query("select set_config('role', 'backroom_app', false), set_config('app.store_id', $1, false)", [id]);
        const seen = (await client.query<{ n: number }>('select count(*)::int as n from inventory_items')).rows[0].n;
        expect(seen).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
      await expect(restorePostgres(file, restored.databaseUrl!)).rejects.toThrow('not empty');
    } finally {
      await moved.dropDatabase();
      await restored.dropDatabase();
    }
  }, 300_000);
});
