// Bulk accept of 500 items (docs/statuses.md budget: under 3 s), through the HTTP API and the job queue.
//   npx tsx bench/inventory-bulk.ts                      PGlite (in memory)
//   DATABASE_URL=postgres://... npx tsx bench/inventory-bulk.ts   PostgreSQL (a scratch database)
// Reports the time from POST /api/inventories/bulkAcceptInventory to the finished job, and the
// job's own run time (queue pick-up excluded), over a few rounds on fresh Pending items.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import * as s from '../apps/server/src/db/schema/index.ts';
import { generateInventoryCode } from '../apps/server/src/modules/inventory/inventory-code.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';

const ITEMS = Number(process.env.BULK_ITEMS ?? 500);
const ROUNDS = Number(process.env.BULK_ROUNDS ?? 3);
const BUDGET_MS = 3000;

async function scratchDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `backroom_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const scratch = await scratchDatabase();
// The production polling interval (1 s), not the tests' 0.5 s.
const config = loadConfig({ env: 'development', logLevel: 'warn', databaseUrl: scratch.url, dataDir: path.join(os.tmpdir(), `backroom-bench-${process.pid}`) });
const database = await openDatabase({ databaseUrl: scratch.url, dataDir: scratch.url ? config.dataDir : 'memory://' });
const { app, ctx } = await buildApp(config, database);
await app.ready();
await seedDemo(ctx);

const [store] = await ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
const [consigner] = await ctx.db.select().from(s.consigners).where(eq(s.consigners.email, 'ava@demo.backroom.test'));
const [product] = await ctx.db.select().from(s.products).where(eq(s.products.storeId, store.id)).limit(1);

const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'stock@demo.backroom.test', password: DEMO_PASSWORD }) });
const token = signIn.headers['set-auth-token'] as string;

async function pendingItems(n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, () => ({
    storeId: store.id,
    code: generateInventoryCode(),
    productId: product.id,
    productTemplateId: product.productTemplateId,
    consignerId: consigner.id,
    sku: product.sku,
    title: product.title,
    status: 'Pending',
    option1Value: '10',
    price: 10000,
    payout: 7700,
    payoutFee: 2300,
    total: 7700,
  }));
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 250) ids.push(...(await ctx.db.insert(s.inventoryItems).values(rows.slice(i, i + 250)).returning({ id: s.inventoryItems.id })).map((r) => r.id));
  return ids;
}

const results: { endToEnd: number; job: number }[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const ids = await pendingItems(ITEMS);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/inventories/bulkAcceptInventory',
    headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ ids, location: 'Warehouse', subLocation: 'Bin 1' }),
  });
  if (res.statusCode !== 202) throw new Error(`bulk accept answered ${res.statusCode}: ${res.body}`);
  const { jobId } = (res.json() as { data: { jobId: string } }).data;
  let job = await ctx.jobs.get(ctx.db, store.id, jobId);
  while (job && job.status !== 'completed' && job.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 20));
    job = await ctx.jobs.get(ctx.db, store.id, jobId);
  }
  const endToEnd = performance.now() - started;
  if (!job || job.status !== 'completed' || job.done !== ITEMS) throw new Error(`job ended ${job?.status} with ${job?.done} done, ${job?.failed} failed`);
  // The job's own run: from the first item's change to the finish (queue pick-up excluded).
  const [first] = await ctx.db.select({ at: s.inventoryLogs.updatedAt }).from(s.inventoryLogs).where(eq(s.inventoryLogs.inventoryId, ids[0]));
  results.push({ endToEnd, job: job.finishedAt!.getTime() - first.at.getTime() });
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const worst = Math.max(...results.map((r) => r.endToEnd));
console.log(`bulk accept of ${ITEMS} items on ${database.kind}, ${ROUNDS} rounds`);
results.forEach((r, i) => console.log(`  round ${i + 1}: ${fmt(r.endToEnd)} from POST to finished job (job run ${fmt(r.job)}, ${(r.job / ITEMS).toFixed(2)} ms/item)`));
console.log(`  worst ${fmt(worst)} - budget ${fmt(BUDGET_MS)}: ${worst < BUDGET_MS ? 'OK' : 'OVER BUDGET'}`);

await app.close();
await database.close();
await scratch.drop();
process.exit(worst < BUDGET_MS ? 0 : 1);
