import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { productsRepository } from '../../apps/server/src/modules/products/products.repository.ts';
import { searchTerms } from '../../apps/server/src/modules/products/products.service.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ab-'));
const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, dataDir } : { dataDir });
const config = loadConfig({ env: 'production', logLevel: 'silent', dataDir, databaseUrl: process.env.DATABASE_URL });
const { app, ctx } = await buildApp(config, db);
await app.ready();
await seedDemo(ctx);
const [store] = (await db.executeSql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
const [tpl] = (await db.executeSql(`SELECT id FROM product_templates WHERE store_id = $1 LIMIT 1`, [store.id])).rows as { id: string }[];
const B = ['Nike','Nike','Nike','Nike','adidas','adidas','adidas','Jordan','Jordan','New Balance','New Balance','ASICS','Converse','Vans','Puma','Reebok','Salomon','Hoka','On','Saucony','Supreme','Stussy','Carhartt WIP','The North Face','Patagonia','Palace','Fear of God','Kith','Bape','Off-White'];
const M = ['Air Max 1','Air Max 90','Air Force 1','Dunk Low','Dunk High','Retro High OG','Retro 4','Samba OG','Gazelle','Forum Low','Superstar','Yeezy Boost 350','550','990v5','2002R','Gel-Lyte III','Gel-Kayano 14','Chuck 70','Old Skool','Sk8-Hi','Suede Classic','Club C 85','XT-6','Clifton 9','Cloudmonster','Jazz Original','Box Logo Hoodie','Pocket Tee','Nuptse Jacket','Synchilla Fleece','Tri-Ferg Tee','Essentials Hoodie','Track Jacket','Cargo Pant','Puffer Vest','Crewneck','Beanie','Shark Hoodie','Arrow Tee','Coaches Jacket'];
const C = ['Black','White','Triple White','Panda','Infrared','Chicago','Bred','University Blue','Green','Cream','Grey','Navy','Olive','Sail','Volt','Royal','Pine Green','Burgundy','Sand','Pink','Orange','Mocha','Onyx','Bone','Red','Silver','Gold','Lilac','Teal','Khaki'];
const arr = (l: string[]) => `ARRAY[${l.map((v) => `'${v}'`).join(',')}]`;
await db.executeSql(`WITH w AS (SELECT ${arr(B)} AS b, ${arr(M)} AS m, ${arr(C)} AS c)
 INSERT INTO products (store_id, title, brand, sku, category, gender, image, image_list, product_template_id, price, created_at, updated_at)
 SELECT $1::uuid, w.b[1 + i % 30] || ' ' || w.m[1 + (i / 30) % 40] || ' ' || w.c[1 + (i / 1200) % 30], w.b[1 + i % 30],
  upper(substr(md5(i::text), 1, 6)) || '-' || lpad((i % 1000)::text, 3, '0'), 'Sneakers', 'Unisex', '/demo-assets/air-max-90.svg', '["/demo-assets/air-max-90.svg"]'::jsonb, $2::uuid,
  5000 + (i % 400) * 100, now() - make_interval(mins => i), now() - make_interval(mins => i)
 FROM generate_series(1, 100000) AS g(i), w`, [store.id, tpl.id]);
await db.executeSql('ANALYZE products');
const [{ sku }] = (await db.executeSql(`SELECT sku FROM products WHERE store_id = $1 ORDER BY md5(id::text) LIMIT 1`, [store.id])).rows as { sku: string }[];
const queries = ['nike', 'adidas', 'salomon', 'dunk', 'jordan retro', 'nike air max', 'samba green', sku, sku.slice(0, 4), 'zzqx', ''];

const variantA = async (q: string) => {
  const terms = searchTerms(q);
  let rows: { id: string }[];
  if (!terms.length) rows = await productsRepository.searchAllQuery(ctx.db, store.id, [], 50);
  else { rows = await productsRepository.searchRecentQuery(ctx.db, store.id, terms, 50); if (rows.length < 50) rows = await productsRepository.searchAllQuery(ctx.db, store.id, terms, 50); }
  const g = await productsRepository.gtinsOf(ctx.db, store.id, rows.map((r) => r.id));
  return rows.length + g.length * 0;
};
const variantB = async (q: string) => {
  const rows = await productsRepository.search(ctx.db, store.id, searchTerms(q), 50);
  return rows.length;
};
const has = true;
for (const q of queries) if (has) { const a = await variantA(q); const b = await variantB(q); if (a !== b) console.log('MISMATCH', q, a, b); }
const measure = async (fn: (q: string) => Promise<number>) => {
  const byQ: Record<string, number[]> = {};
  for (let r = 0; r < 30; r++) for (const q of queries) {
    const c0 = process.cpuUsage(); const t0 = performance.now(); await fn(q); const w = performance.now() - t0; const c = process.cpuUsage(c0);
    (byQ[q || '(empty)'] ??= []).push(process.env.DATABASE_URL ? w : (c.user + c.system) / 1000);
  }
  return Object.fromEntries(Object.entries(byQ).map(([k, v]) => [k, v.sort((x, y) => x - y)[15].toFixed(2)]));
};
for (let round = 0; round < 2; round++) {
  console.log('A', JSON.stringify(await measure(variantA)));
  if (has) console.log('B', JSON.stringify(await measure(variantB)));
}
await app.close(); await db.close(); fs.rmSync(dataDir, { recursive: true, force: true });
