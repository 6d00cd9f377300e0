// The JavaScript each screen's first load needs, from the build alone (no browser): the static closure
// of the chunks it loads (the entry; antd's root and the signed-in app but on public screens; the
// screen's own chunk), at their brotli size. bench/first-load.ts measures two screens in Chromium;
// this shows what a change of the build's chunking does to all the others.
//   npx tsx bench/screen-bytes.ts                       (builds the web app with its manifest)
//   BENCH_WEB_DIST=/tmp/web-dist npx tsx bench/screen-bytes.ts   (a build made with --manifest)
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from './web-server.ts';

type Entry = { file: string; src?: string; name?: string; imports?: string[] };

const dist = process.env.BENCH_WEB_DIST ?? fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-bench-web-'));
if (!process.env.BENCH_WEB_DIST) {
  execSync(`npm run build -w @backroom/web --silent -- --manifest --outDir ${JSON.stringify(dist)} --emptyOutDir`, {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with --manifest`);
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;

const brotli = (file: string) => {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(full), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
};
/** A source module's chunk; a module merged into a chunk group (StaffApp into staff-shell) by the group's name. */
const chunkOf = (source: string, group?: string): string => {
  const key = Object.keys(manifest).find((k) => k.endsWith(source)) ?? (group && Object.keys(manifest).find((k) => manifest[k].name === group));
  if (!key) throw new Error(`no chunk for ${source}`);
  return key;
};
const closure = (keys: string[]) => {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
};

const entry = ['index.html'];
const antd = () => chunkOf('src/app/AntdRoot.tsx');
const staff = () => [...entry, antd(), chunkOf('src/app/StaffApp.tsx', 'staff-shell')];
const portal = () => [...entry, antd(), chunkOf('src/app/ConsignerApp.tsx', 'portal-shell')];
const screens: [string, () => string[]][] = [
  ['sign-in (/login)', () => [...entry, chunkOf('features/auth/LoginPage.tsx')]],
  ['consigner signup (/signup)', () => [...entry, antd(), chunkOf('features/auth/SignupPage.tsx')]],
  ['store signup (/storeSignup)', () => [...entry, antd(), chunkOf('features/store/StoreSignupPage.tsx')]],
  ['forgot password (/forgot)', () => [...entry, antd(), chunkOf('features/auth/ForgotPage.tsx')]],
  ['invite (/invite/:id)', () => [...entry, antd(), chunkOf('features/auth/InvitePage.tsx')]],
  ['Find Inventory', () => [...staff(), chunkOf('inventory-lists/InventoryListPage.tsx')]],
  ['product search (/)', () => [...staff(), chunkOf('products/ProductSearchPage.tsx')]],
  ['product (/products/:id)', () => [...staff(), chunkOf('products/ProductPage.tsx')]],
  ['inventory item', () => [...staff(), chunkOf('inventory-item/InventoryItemPage.tsx')]],
  ['consigners', () => [...staff(), chunkOf('consigners/ConsignersPage.tsx')]],
  ['consigner', () => [...staff(), chunkOf('consigners/ConsignerPage.tsx')]],
  ['orders', () => [...staff(), chunkOf('orders/FindOrdersPage.tsx')]],
  ['payouts', () => [...staff(), chunkOf('payouts/PayoutsPage.tsx')]],
  ['sell', () => [...staff(), chunkOf('sell/SellPage.tsx')]],
  ['settings', () => [...staff(), chunkOf('settings/SettingsPage.tsx')]],
  ['portal /inventory', () => [...portal(), chunkOf('inventory/ConsignerInventoryPage.tsx')]],
  ['portal products (/)', () => [...portal(), chunkOf('products/ConsignerProductsPage.tsx')]],
  ['portal /payouts', () => [...portal(), chunkOf('payouts/ConsignerPayoutsPage.tsx')]],
];

console.log(`| screen | JS files | JS brotli |\n|---|---:|---:|`);
for (const [name, roots] of screens) {
  const files = [...closure(roots())].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  console.log(`| ${name} | ${files.length} | ${(files.reduce((sum, f) => sum + brotli(f), 0) / 1024).toFixed(1)} KB |`);
}
if (!process.env.BENCH_WEB_DIST) fs.rmSync(dist, { recursive: true, force: true });
