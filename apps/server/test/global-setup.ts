// Built once per `vitest run` (vitest.config.ts globalSetup): the database every API test file starts
// from, migrated, and migrated and seeded with the demo. A test file copies it (PGlite: loads its data
// directory from the dump; PostgreSQL: CREATE DATABASE ... TEMPLATE) instead of running the migrations
// and the seed (better-auth's password hashing included) itself; docs/testing.md "Speed".
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_ANCHOR } from '../src/seed/demo-data.ts';
import { seedDemo } from '../src/seed/seed.ts';

/** Where a test file finds its starting database: dump files (PGlite) or template databases (PostgreSQL). */
export type DatabaseTemplates = { migrated: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const urlOf = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function seed(database: Awaited<ReturnType<typeof openDatabase>>) {
  const config = loadConfig({ env: 'test', logLevel: 'silent', dataDir: path.join(os.tmpdir(), `backroom-test-${process.pid}`) });
  const { app, ctx } = await buildApp(config, database);
  await app.ready();
  await seedDemo(ctx, { anchor: DEMO_ANCHOR });
  await app.close();
}

export default async function setup(project: TestProject) {
  const id = crypto.randomBytes(6).toString('hex');
  if (process.env.DATABASE_URL) {
    const migrated = `backroom_template_${id}_migrated`;
    const seeded = `backroom_template_${id}_seeded`;
    await adminQuery(`CREATE DATABASE ${migrated}`);
    const empty = await openDatabase({ databaseUrl: urlOf(process.env.DATABASE_URL, migrated), dataDir: os.tmpdir() });
    await empty.close();
    await adminQuery(`CREATE DATABASE ${seeded} TEMPLATE ${migrated}`);
    const demo = await openDatabase({ databaseUrl: urlOf(process.env.DATABASE_URL, seeded), dataDir: os.tmpdir() });
    await seed(demo);
    await demo.close();
    project.provide('databaseTemplates', { migrated, seeded });
    return async () => {
      for (const name of [migrated, seeded]) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-test-templates-'));
  const dump = async (database: Awaited<ReturnType<typeof openDatabase>>, name: string) => {
    const file = path.join(dir, `${name}.tar`);
    const tar = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
    return file;
  };
  const database = await openDatabase({ dataDir: 'memory://' });
  const migrated = await dump(database, 'migrated');
  await seed(database);
  const seeded = await dump(database, 'seeded');
  await database.close();
  project.provide('databaseTemplates', { migrated, seeded });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
