/// <reference lib="dom" />
// A scanned code is shown in the stock-take's list in under 100 ms (docs/scanning.md), while a location of
// 2,000 items is counted at a scanner's speed, measured in Chromium.
//   npx tsx bench/scan-speed.ts
//   BENCH_WEB_DIST=/tmp/web-dist BENCH_PORT=3114 BENCH_ITEMS=2000 BENCH_SCANS=2000 npx tsx bench/scan-speed.ts
// Builds the web app, starts the server on a fresh demo store (embedded PGlite, SEED_DEMO), adds
// BENCH_ITEMS Active items at the location Warehouse (POST /api/inventories, 500 a request), opens
// /scanItems at 1440 px, picks Warehouse, START, then scans BENCH_SCANS of those codes one after the
// other as a keyboard-wedge scanner does (the code's keys, then Enter, into the focused hidden input).
// Each scan is timed on the page's own clock, from the Enter key to the frame in which the list
// shows the code: the code lookup (GET /api/scans/item), React's update and the (virtual) table's
// render. p50, p95 and max overall, and the p95 of the last 200 scans (the list at its longest);
// the budget (100 ms) applies to the overall p95. Exit code 1 when over budget.
import { chromium, request, type Browser } from 'playwright-core';
import { buildWeb, CHROMIUM_ARGS, freePort, startServer } from './web-server.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const SCANS = Math.min(ITEMS, Number(process.env.BENCH_SCANS ?? 2000));
const BUDGET_MS = 100;
const LOCATION = 'Warehouse';
const OWNER = 'owner@demo.backroom.test';
const PASSWORD = 'backroom-demo';

// Plain JavaScript (the TypeScript loader decorates functions with helpers the page lacks): the time
// of the last Enter, and the first frame after it in which the list holds the code awaited.
const WATCHER = `(() => {
  window.__scan = { code: null, enterAt: 0, shownAfter: [] };
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.__scan.enterAt = performance.now(); }, true);
  const tick = () => {
    const s = window.__scan;
    if (s.code) {
      const list = document.querySelector('[data-testid=stock-take-list]');
      if (list && list.textContent.includes(s.code)) { s.shownAfter.push(performance.now() - s.enterAt); s.code = null; }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

type Envelope<T> = { data: T };

const port = await freePort();
const base = `http://localhost:${port}`;
const webDist = buildWeb();
const { child } = await startServer(webDist, port, { name: 'scan', env: { AUTH_SIGNIN_PER_MINUTE: '2000' } });
const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let over = true;
try {
  const staff = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const signIn = await staff.post('/api/auth/sign-in/email', { data: { email: OWNER, password: PASSWORD } });
  if (!signIn.ok()) throw new Error(`sign in: ${await signIn.text()}`);
  const data = async <T>(res: Awaited<ReturnType<typeof staff.get>>, label: string) => {
    if (!res.ok()) throw new Error(`${label}: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as Envelope<T>).data;
  };

  // the location's stock
  const products = await data<{ id: string; productTemplateId: string }[]>(await staff.get('/api/products?search='), 'products');
  type Template = { id: string; option1Values: { value: string }[]; option2: string | null; option2Values: { value: string }[]; option3: string | null; option3Values: { value: string }[] };
  const templates = await data<Template[]>(await staff.get('/api/productTemplates'), 'templates');
  const options = await data<{ consigners: { value: { id: string; email: string } }[] }>(await staff.get('/api/inventories/filterOptions'), 'filter options');
  const consigner = options.consigners.find((c) => c.value.email === 'ava@demo.backroom.test')!.value.id;
  const codes: string[] = [];
  const seedStart = Date.now();
  for (let n = 0; codes.length < ITEMS; ) {
    const rows = Array.from({ length: Math.min(500, ITEMS - codes.length) }, () => {
      n += 1;
      const product = products[n % products.length];
      const t = templates.find((x) => x.id === product.productTemplateId)!;
      return {
        productId: product.id,
        option1Value: t.option1Values[n % t.option1Values.length].value,
        option2Value: t.option2 ? t.option2Values[0].value : null,
        option3Value: t.option3 ? t.option3Values[0].value : null,
        price: 50 + (n % 200),
        quantity: 1,
        consigner,
        location: LOCATION,
      };
    });
    const created = await data<{ code: string }[]>(await staff.post('/api/inventories', { data: { inventoryFormArray: rows } }), 'add items');
    codes.push(...created.map((c) => c.code));
  }
  console.log(`seeded ${codes.length} items at ${LOCATION} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, storageState: await staff.storageState() });
  await context.addInitScript({ content: WATCHER });
  const page = await context.newPage();
  await page.goto('/scanItems');
  await page.getByLabel('Location').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(LOCATION, { exact: true }).click();
  await page.getByRole('button', { name: 'START' }).click();
  await page.getByLabel('Scanner input').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Scanner input');

  const scanStart = Date.now();
  for (let i = 0; i < SCANS; i += 1) {
    const code = codes[i];
    await page.evaluate((c) => {
      (window as unknown as { __scan: { code: string | null } }).__scan.code = c;
    }, code);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __scan: { code: string | null } }).__scan.code === null, undefined, { timeout: 10_000 }).catch(async (err: unknown) => {
      await page.screenshot({ path: '/tmp/scan-bench-failure.png' });
      throw err;
    });
  }
  const scanSeconds = (Date.now() - scanStart) / 1000;
  const shown = await page.evaluate(() => (window as unknown as { __scan: { shownAfter: number[] } }).__scan.shownAfter);
  const countText = await page.getByTestId('stock-take-count').textContent();

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  };
  const fmt = (x: number) => `${x.toFixed(1)} ms`;
  const last = shown.slice(-200);
  console.log(`scanned ${shown.length} codes in ${scanSeconds.toFixed(1)} s (${(scanSeconds / shown.length).toFixed(2)} s a scan, keys included); list says "${countText}"`);
  console.log(`Enter -> code shown in the list: p50 ${fmt(pct(shown, 50))}, p95 ${fmt(pct(shown, 95))}, max ${fmt(Math.max(...shown))}`);
  console.log(`last 200 scans (list of ${shown.length - last.length}+ rows): p50 ${fmt(pct(last, 50))}, p95 ${fmt(pct(last, 95))}`);
  over = pct(shown, 95) > BUDGET_MS;
  console.log(over ? `OVER the ${BUDGET_MS} ms budget` : `within the ${BUDGET_MS} ms budget`);
} finally {
  await browser.close();
  child.kill();
}
process.exit(over ? 1 : 0);
