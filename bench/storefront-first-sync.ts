// First sync of a store's stock to Shopify (docs/storefront-sync.md): 10,000 items on sale, the store connects its
// shop, POST /api/stores/resync pushes every product with its items as variants. Against the fake
// Admin API (apps/server/test/fakes/shopify-fake.ts) with Shopify's Standard-plan bucket (2,000 points,
// 100 restored a second) unless told otherwise, which charges and throttles as Shopify does.
//
//   npx tsx bench/storefront-first-sync.ts
//   SYNC_ITEMS=1000 ITEMS_PER_PRODUCT=10 RESTORE_RATE=1000 BUCKET=20000 npx tsx bench/storefront-first-sync.ts
//   DATABASE_URL=postgres://... npx tsx bench/storefront-first-sync.ts
//
// Reports the time from the POST to the finished job, items and products a second, the calls by
// outcome (a THROTTLED reply means the adapter's pacing let a call through that the bucket could not
// afford), the points charged and the bucket's lowest level.
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import * as s from '../apps/server/src/db/schema/index.ts';
import { generateInventoryCode } from '../apps/server/src/modules/inventory/inventory-code.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { startShopifyFake } from '../apps/server/test/fakes/shopify-fake.ts';
import { openBench } from './bench-db.ts';

const ITEMS = Number(process.env.SYNC_ITEMS ?? 10_000);
const PER_PRODUCT = Number(process.env.ITEMS_PER_PRODUCT ?? 10);
const RESTORE_RATE = Number(process.env.RESTORE_RATE ?? 100);
const BUCKET = Number(process.env.BUCKET ?? 2000);

const bench = await openBench(process.env.DATABASE_URL ? 'postgres' : 'pglite');
const fake = await startShopifyFake({ bucket: { maximumAvailable: BUCKET, restoreRate: RESTORE_RATE } });
const config = loadConfig({
  env: 'development',
  logLevel: 'warn',
  databaseUrl: bench.databaseUrl,
  dataDir: path.join(os.tmpdir(), `backroom-bench-${process.pid}`),
  shopifyAdminOrigin: fake.url,
});
const { app, ctx } = await buildApp(config, bench.database);
await app.ready();
await seedDemo(ctx);

const [store] = await ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
const [consigner] = await ctx.db.select().from(s.consigners).where(eq(s.consigners.email, 'ava@demo.backroom.test'));
const [template] = await ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.storeId, store.id)).limit(1);

// the store's stock before it connects: products of PER_PRODUCT items each, on sale at Downtown
const productCount = Math.ceil(ITEMS / PER_PRODUCT);
const products = await ctx.db
  .insert(s.products)
  .values(Array.from({ length: productCount }, (_, i) => ({ storeId: store.id, title: `Bench Sneaker ${i + 1}`, brand: 'Nike', sku: `BENCH-${i + 1}`, category: 'Sneakers', gender: 'Men', productTemplateId: template.id })))
  .returning({ id: s.products.id, title: s.products.title, sku: s.products.sku });
const rows = Array.from({ length: ITEMS }, (_, i) => {
  const p = products[Math.floor(i / PER_PRODUCT)];
  return {
    storeId: store.id,
    code: generateInventoryCode(),
    productId: p.id,
    productTemplateId: template.id,
    consignerId: consigner.id,
    sku: p.sku,
    title: p.title,
    status: 'Active',
    location: 'Downtown',
    option1Value: String(4 + (i % PER_PRODUCT) * 0.5),
    option2Value: 'New',
    price: 10000 + (i % 97) * 100,
    payout: 7700,
    payoutFee: 2300,
    total: 7700,
    acceptedOn: new Date(),
  };
});
for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(s.inventoryItems).values(rows.slice(i, i + 500));

const headers = { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' };
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: JSON.stringify({ email: 'owner@demo.backroom.test', password: DEMO_PASSWORD }) });
const auth = { ...headers, authorization: `Bearer ${signIn.headers['set-auth-token'] as string}` };
let lowest = BUCKET;
const watch = setInterval(() => (lowest = Math.min(lowest, fake.bucketLevel())), 50);
// the clock starts at the PUT that connects the shop: it queues the first sync (docs/storefront-sync.md "First sync")
const started = performance.now();
const connect = await app.inject({
  method: 'PUT',
  url: '/api/storefront/connection',
  headers: auth,
  payload: JSON.stringify({
    shopDomain: fake.shopDomain,
    accessToken: fake.accessToken,
    webhookSecret: 'bench-webhook-secret-0123456789',
    locations: [{ location: 'Downtown', shopifyLocationId: fake.locations[0].id }],
    publicationIds: [fake.publications[0].id],
    enabled: true,
  }),
});
if (connect.statusCode !== 200) throw new Error(`connect: ${connect.statusCode} ${connect.body}`);
const jobId = (JSON.parse(connect.body) as { data: { firstSyncJobId: string | null } }).data.firstSyncJobId;
if (!jobId) throw new Error('connecting the shop queued no first sync');
let job: { status: string; done: number; failed: number; total: number; result: { items: number; sent: number; reason: string | null } | null };
let lastReport = 0;
for (;;) {
  job = (JSON.parse((await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: auth })).body) as { data: typeof job }).data;
  if (job.status === 'completed' || job.status === 'failed') break;
  if (performance.now() - lastReport > 15_000) {
    lastReport = performance.now();
    console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${job.done}/${job.total} items`);
  }
  await new Promise((r) => setTimeout(r, 250));
}
const seconds = (performance.now() - started) / 1000;
clearInterval(watch);

const byOutcome: Record<string, number> = {};
for (const c of fake.calls) byOutcome[c.outcome] = (byOutcome[c.outcome] ?? 0) + 1;
const charged = fake.calls.reduce((sum, c) => sum + (c.actualQueryCost ?? 0), 0);
const requested = fake.calls.reduce((sum, c) => sum + (c.requestedQueryCost ?? 0), 0);
const synced = await ctx.db.select().from(s.storefrontItemSync).where(eq(s.storefrontItemSync.state, 'synced'));

console.log(`first sync of ${ITEMS.toLocaleString('en-US')} items in ${productCount.toLocaleString('en-US')} products (${PER_PRODUCT} per product), bucket ${BUCKET} points restoring ${RESTORE_RATE}/s, ${bench.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
console.log(`  job ${job.status}: ${job.done} done, ${job.failed} failed; result ${JSON.stringify(job.result)}`);
console.log(`  ${seconds.toFixed(1)} s: ${(ITEMS / seconds).toFixed(0)} items/s, ${(productCount / seconds).toFixed(1)} products/s`);
console.log(`  calls ${fake.calls.length} (${Object.entries(byOutcome).map(([k, v]) => `${k} ${v}`).join(', ')}); points requested ${requested}, charged ${charged} (${(charged / seconds).toFixed(0)}/s); bucket low ${Math.floor(lowest)}`);
console.log(`  in the fake shop: ${fake.products.size} products, ${fake.variants.size} variants; synced rows ${synced.length}`);

await app.close();
await fake.close();
await bench.drop();
process.exit(job.status === 'completed' && job.failed === 0 && (byOutcome.throttled ?? 0) === 0 ? 0 : 1);
