/// <reference lib="dom" />
// 1,000 labels in one PDF in under 3 s in Chromium (docs/scanning.md).
//   npx tsx bench/labels-pdf.ts
//   BENCH_LABELS=1000 BENCH_ROUNDS=3
// The web app's own drawing code (apps/web/src/features/labels/draw-pdf.ts: the domain layout, jsPDF,
// QR codes and Code128 barcodes as rectangles) is bundled with esbuild and run in Debian's Chromium,
// on a blank page, for 1,000 distinct items (each its own QR code and barcode) on the default
// 57 x 32 mm label with every field but the logo. Timed two ways, each round on a fresh page:
//  - worker: as the screens do it, the labels posted to a Web Worker, until its PDF comes back;
//  - page: drawn on the page's main thread (the drawing alone).
// The PDF's size is reported too. Exit code 1 when the worst worker round is over budget.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LABELS = Number(process.env.BENCH_LABELS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_MS = 3000;

const entry = `
import { drawLabelsPdf } from './apps/web/src/features/labels/draw-pdf';
import { planLabels, LABEL_OPTIONS } from '@backroom/domain';
const settings = {
  labelSize: { width: 57, height: 32 }, labelOptions: LABEL_OPTIONS.filter((o) => o !== 'Logo'), customBarcode: 'CODE', currency: 'USD',
  logo: null, labelLayout: null, customShopifyUrl: null, shopifyTrackingParams: [], shop: null, linkOrigin: 'https://backroom.example.com', hasStorefront: false,
};
function items(n) {
  return Array.from({ length: n }, (_, i) => ({
    id: '00000000-0000-4000-8000-' + String(i).padStart(12, '0'), code: 'BR' + String(100000 + i), title: 'Air Jordan 1 Retro High OG Chicago Lost and Found ' + i,
    sku: 'DZ5485-' + (600 + (i % 300)), size: String(6 + (i % 10)), consignerId: '5f2b9c1e-0000-4000-8000-000000000000', consignerName: 'Jamie Rivera',
    payoutFee: 3600, price: 18000 + i, subLocation: 'Shelf A' + (i % 9), gtin: null, shopifyId: null, storefrontHandle: null,
  }));
}
const isWorker = typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope;
if (isWorker) {
  self.onmessage = (e) => {
    const plan = planLabels(settings, items(e.data.n));
    const pdf = drawLabelsPdf(settings, plan.printable, null);
    self.postMessage(pdf, [pdf]);
  };
} else {
  window.benchPage = (n) => {
    const t0 = performance.now();
    const pdf = drawLabelsPdf(settings, planLabels(settings, items(n)).printable, null);
    return { ms: performance.now() - t0, bytes: pdf.byteLength };
  };
  window.benchWorker = (source, n) => new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const t0 = performance.now();
    const worker = new Worker(url);
    worker.onmessage = (e) => { resolve({ ms: performance.now() - t0, bytes: e.data.byteLength }); worker.terminate(); };
    worker.postMessage({ n });
  });
}
`;

const bundle = await build({
  stdin: { contents: entry, resolveDir: repoRoot, loader: 'ts' },
  bundle: true,
  format: 'iife',
  platform: 'browser',
  minify: true,
  write: false,
  conditions: ['browser'],
  logLevel: 'error',
});
const source = bundle.outputFiles[0]!.text;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const results: { worker: number; page: number; bytes: number }[] = [];
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>labels bench</title>');
    await page.addScriptTag({ content: source });
    const worker = await page.evaluate(([src, n]) => (window as unknown as { benchWorker: (s: string, n: number) => Promise<{ ms: number; bytes: number }> }).benchWorker(src as string, n as number), [source, LABELS] as const);
    const onPage = await page.evaluate((n) => (window as unknown as { benchPage: (n: number) => { ms: number; bytes: number } }).benchPage(n), LABELS);
    results.push({ worker: worker.ms, page: onPage.ms, bytes: worker.bytes });
    console.log(`round ${round + 1}: worker ${Math.round(worker.ms)} ms, page ${Math.round(onPage.ms)} ms, PDF ${(worker.bytes / 1024).toFixed(0)} KB`);
    await page.close();
  }
} finally {
  await browser.close();
}
const worst = Math.max(...results.map((r) => r.worker));
console.log(`${LABELS} labels: worst worker round ${Math.round(worst)} ms (budget ${BUDGET_MS} ms): ${worst <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
if (worst > BUDGET_MS) process.exitCode = 1;
