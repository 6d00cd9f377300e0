// Backup, restore and the move to PostgreSQL of the 200,000-item shop (docs/operations.md "Backups"):
// the commands' own functions (apps/server/src/ops/backup.ts), timed on both databases, each result
// checked by its row counts.
//
//   npx tsx bench/backup.ts            both databases (PostgreSQL at DATABASE_URL, default the local server)
//   npx tsx bench/backup.ts --db=pglite | --db=postgres
//
// The shop is built once by bench/inventory-queries.ts --single-store --generate-only and kept.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { backupPglite, backupPostgres, movePgliteToPostgres, pgliteDirOf, restorePglite, restorePostgres } from '../apps/server/src/ops/backup.ts';
import { adminQuery, BENCH_PG_URL, BIG_STORE_PG_URL, ensureBigStore } from './bench-db.ts';

const only = process.argv.find((a) => a.startsWith('--db='))?.slice('--db='.length);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-backup-bench-'));
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
const rows: string[] = [];

async function timed<T>(what: string, run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  console.log(`  ${what}: ${seconds(ms)}`);
  return [result, ms];
}

const COUNT = `select (select count(*) from inventory_items)::int as items, (select count(*) from ledger_entries)::int as ledger`;

async function countsOfPglite(dataDir: string) {
  const db = await PGlite.create({ dataDir: pgliteDirOf(dataDir), extensions: { pg_trgm } });
  try {
    return (await db.query<{ items: number; ledger: number }>(COUNT)).rows[0];
  } finally {
    await db.close();
  }
}

async function countsOfPostgres(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ items: number; ledger: number }>(COUNT)).rows[0];
  } finally {
    await c.end();
  }
}

async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<unknown> }> {
  const name = `backroom_backup_bench_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { url: Object.assign(new URL(BENCH_PG_URL), { pathname: `/${name}` }).toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function same(what: string, a: { items: number; ledger: number }, b: { items: number; ledger: number }) {
  if (a.items !== b.items || a.ledger !== b.ledger) throw new Error(`${what}: ${JSON.stringify(b)} where the shop has ${JSON.stringify(a)}`);
}

try {
  console.log(`backup bench: the 200,000-item shop; load average ${load()}`);
  if (only !== 'postgres') {
    const dataDir = await ensureBigStore('pglite');
    const shop = await countsOfPglite(dataDir);
    console.log(`pglite: ${shop.items} items, ${shop.ledger} ledger entries`);
    const file = path.join(work, 'shop.pglite.tar.gz');
    const [, backup] = await timed('db:backup', () => backupPglite(dataDir, file));
    const restoredDir = path.join(work, 'restored');
    const [, restore] = await timed('db:restore', () => restorePglite(file, restoredDir));
    same('restored PGlite', shop, await countsOfPglite(restoredDir));
    rows.push(`| PGlite | ${shop.items} | ${seconds(backup)} | ${mb(file)} | ${seconds(restore)} | |`);
    if (only !== 'pglite') {
      const target = await emptyDatabase();
      try {
        const [, move] = await timed('db:move-to-postgres', () => movePgliteToPostgres(dataDir, target.url));
        same('moved to PostgreSQL', shop, await countsOfPostgres(target.url));
        rows[rows.length - 1] = rows[rows.length - 1].replace(/\| \|$/, `| ${seconds(move)} |`);
      } finally {
        await target.drop();
      }
    }
  }
  if (only !== 'pglite') {
    await ensureBigStore('postgres');
    const shop = await countsOfPostgres(BIG_STORE_PG_URL);
    console.log(`postgres: ${shop.items} items, ${shop.ledger} ledger entries`);
    const file = path.join(work, 'shop.pgdump');
    const [, backup] = await timed('db:backup', () => backupPostgres(BIG_STORE_PG_URL, file));
    const target = await emptyDatabase();
    try {
      const [, restore] = await timed('db:restore', () => restorePostgres(file, target.url));
      same('restored PostgreSQL', shop, await countsOfPostgres(target.url));
      rows.push(`| PostgreSQL | ${shop.items} | ${seconds(backup)} | ${mb(file)} | ${seconds(restore)} | |`);
    } finally {
      await target.drop();
    }
  }
  console.log(`\n| database | items | backup | file | restore | move to PostgreSQL |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n(load average at the end ${load()})`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
