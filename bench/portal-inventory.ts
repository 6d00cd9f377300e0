/// <reference lib="dom" />
// The consigner's /inventory with 5,000 items in the store is usable in under 1 s on a phone (docs/consigner-portal.md),
// measured in Chromium.
//   npx tsx bench/portal-inventory.ts
//   BENCH_WEB_DIST=/tmp/web-dist npx tsx bench/portal-inventory.ts   (reuse a web build)
//   BENCH_PORT=3213 BENCH_ROUNDS=10 BENCH_ITEMS=5000 BENCH_CPU_THROTTLE=4 BENCH_SCALE=1 (device scale, default 3)
// Builds the web app, starts the server on a fresh demo store (embedded PGlite, SEED_DEMO) and adds
// items through POST /api/inventories (500 a request) until the store holds BENCH_ITEMS, nine in ten of
// them Marco's (the demo consigner with marketplace access), the rest Ava's and Lena's; a few of
// Marco's get a price change request, so the list shows rows with actions and pending texts.
// Then Marco opens /inventory in Debian's Chromium emulating a phone (390 x 844, device scale 3,
// touch), two ways, each BENCH_ROUNDS times:
//  - cold: a new browser context (empty cache: a first visit);
//  - warm: the same context again from about:blank (scripts cached: a consigner coming back).
// "Usable" is read by a watcher in the page on every frame, on the page's own clock (ms since the
// navigation started): the summary figures are shown, the search box is enabled and the first item
// card is drawn inside the screen with its buttons hit-testable (nothing covering them).
// p50 and p95 of the rounds; the budget (1 s) applies to the p95 of both. BENCH_CPU_THROTTLE slows
// the page's CPU that many times (Chromium's emulation), for a slower phone; it is reported, not budgeted.
import fs from 'node:fs';
import os from 'node:os';
import { chromium, request, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { buildWeb, CHROMIUM_ARGS, freePort, printProfile, startServer } from './web-server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 5000);
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);
const BUDGET_MS = 1000;
const OWNER = 'owner@demo.backroom.test';
const MARCO = 'marco@demo.backroom.test';
const PASSWORD = 'backroom-demo';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: Number(process.env.BENCH_SCALE ?? 3), isMobile: true, hasTouch: true };

// Plain JavaScript source: the TypeScript loader decorates functions with helpers the page lacks.
const WATCHER = `(() => {
  window.__usableAt = 0;
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.top < innerHeight; };
  const hittable = (el) => { const r = el.getBoundingClientRect(); const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return !!hit && (hit === el || el.contains(hit)); };
  const ready = () => {
    if (!document.querySelector('[data-testid=summary-pending-value]')) return false;
    const search = document.querySelector('[data-testid=list-search] input');
    if (!search || search.disabled) return false;
    const card = document.querySelector('[data-testid=inventory-card]');
    if (!card || !inView(card)) return false;
    // the card's buttons, those inside the screen, take a tap
    return [...card.querySelectorAll('button')].filter(inView).every(hittable);
  };
  const tick = () => {
    if (!window.__usableAt && ready()) window.__usableAt = performance.now();
    if (!window.__usableAt) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

type Envelope<T> = { data: T };
async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, label: string): Promise<T> {
  if (!res.ok()) throw new Error(`${label}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as Envelope<T>).data;
}

/** Adds items until the store holds `ITEMS`, nine in ten of them Marco's; returns the store's and Marco's counts. */
async function seed(staff: APIRequestContext, marco: APIRequestContext): Promise<{ store: number; marco: number }> {
  const count = async (api: APIRequestContext) => (await data<{ count: number }>(await api.get('/api/inventories/paginatedInventories?pageSize=10&takeProducts=false&takeConsigners=false'), 'count')).count;
  const products = await data<{ id: string; productTemplateId: string }[]>(await staff.get('/api/products?search='), 'products');
  type Template = { id: string; option1Values: { value: string }[]; option2: string | null; option2Values: { value: string }[]; option3: string | null; option3Values: { value: string }[] };
  const templates = await data<Template[]>(await staff.get('/api/productTemplates'), 'templates');
  const options = await data<{ consigners: { value: { id: string; email: string } }[] }>(await staff.get('/api/inventories/filterOptions'), 'filter options');
  const idOf = (email: string) => options.consigners.find((c) => c.value.email === email)!.value.id;
  const owners = [idOf(MARCO), idOf('ava@demo.backroom.test'), idOf('lena@demo.backroom.test')];
  let missing = ITEMS - (await count(staff));
  let n = 0;
  while (missing > 0) {
    const rows = Array.from({ length: Math.min(500, missing) }, () => {
      n += 1;
      const product = products[n % products.length];
      const t = templates.find((x) => x.id === product.productTemplateId)!;
      return {
        productId: product.id,
        option1Value: t.option1Values[n % t.option1Values.length].value,
        option2Value: t.option2 ? t.option2Values[n % t.option2Values.length].value : null,
        option3Value: t.option3 ? t.option3Values[0].value : null,
        price: 50 + (n % 300),
        quantity: 1,
        consigner: n % 10 === 0 ? owners[1 + (n % 2)] : owners[0],
        location: ['Downtown', 'Uptown', 'Warehouse'][n % 3],
      };
    });
    await data(await staff.post('/api/inventories', { data: { inventoryFormArray: rows } }), 'add items');
    missing -= rows.length;
  }
  // a few of Marco's newest with a pending price change (actions and the pending text on the first page)
  const mine = await data<{ rows: { id: string; status: string }[] }>(await marco.get('/api/inventories/paginatedInventories?status=Active&pageSize=10'), 'marco page');
  for (const item of mine.rows.slice(0, 3)) await data(await marco.post('/api/inventories/requestPriceChange', { data: { id: item.id, requestedPrice: 99 } }), 'price change');
  return { store: await count(staff), marco: await count(marco) };
}


type Round = { usableMs: number; pageApiMs: number; reportApiMs: number; workMs: number };

async function measure(context: BrowserContext): Promise<Round> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    // The renderer's main-thread work until usable (CDP TaskDuration in thread ticks: CPU time, not
    // wall time): parsing, compiling and running the scripts, styles and layout. Unlike the usable
    // time it does not grow when other processes share the machine's cores.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const busy = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    const before = await busy();
    if (process.env.BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto('/inventory', { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __usableAt: number }).__usableAt > 0, null, { timeout: 30_000 });
    const workMs = (await busy()) - before;
    if (process.env.BENCH_PROFILE) printProfile((await cdp.send('Profiler.stop')).profile, 25);
    if (process.env.BENCH_TRACE) {
      // where the time goes: every request of the page until usable, on the page's clock
      const entries = (await page.evaluate(
        `performance.getEntriesByType('resource').map((e) => Math.round(e.startTime) + '-' + Math.round(e.responseEnd) + ' ms ' + new URL(e.name).pathname + (e.name.includes('/api/') ? new URL(e.name).search : ''))`,
      )) as string[];
      console.log(`usable at ${Math.round((await page.evaluate('window.__usableAt')) as number)} ms\n  ${entries.join('\n  ')}`);
    }
    // plain JavaScript source (the TypeScript loader's helpers are not in the page): the usable time and
    // the server's answer times of the list's page (not the Tracking column's count) and of the report
    return { ...((await page.evaluate(`(() => {
      const last = (match) => {
        const entries = performance.getEntriesByType('resource').filter((e) => match(e.name));
        return entries.length ? entries[entries.length - 1].duration : NaN;
      };
      return {
        usableMs: window.__usableAt,
        pageApiMs: last((url) => url.includes('paginatedInventories') && !url.includes('location=')),
        reportApiMs: last((url) => url.includes('consignerReport')),
      };
    })()`)) as Omit<Round, 'workMs'>), workMs };
  } finally {
    await page.close();
  }
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (x: number) => `${Math.round(x)} ms`;

const port = await freePort();
const base = `http://localhost:${port}`;
const webDist = buildWeb();
const { child, dataDir } = await startServer(webDist, port, { name: 'portal', env: { AUTH_SIGNIN_PER_MINUTE: '2000' } });
const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let over = true;
try {
  const signedIn = async (email: string) => {
    const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
    const res = await api.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
    if (!res.ok()) throw new Error(`sign in ${email}: ${await res.text()}`);
    return api;
  };
  const staff = await signedIn(OWNER);
  const marco = await signedIn(MARCO);
  const seeded = await seed(staff, marco);
  const state = await marco.storageState();
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: base, ...PHONE, storageState: state });
    await context.addInitScript({ content: WATCHER });
    return context;
  };

  // warm-up: the server's file cache and Chromium's code paths
  const warmUp = await newContext();
  await measure(warmUp);
  await warmUp.close();

  const cold: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const context = await newContext();
    cold.push(await measure(context));
    await context.close();
  }
  const warmContext = await newContext();
  await measure(warmContext);
  const warm: Round[] = [];
  for (let i = 0; i < ROUNDS; i += 1) warm.push(await measure(warmContext));
  await warmContext.close();

  console.log(
    `/inventory as Marco: ${seeded.store} items in the store, ${seeded.marco} of them his; Chromium as a phone (390 x 844, scale 3, touch)` +
      `${THROTTLE > 1 ? `, CPU ${THROTTLE}x slower` : ''}; ${ROUNDS} rounds each (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
  );
  over = false;
  for (const [name, list] of [
    ['cold (first visit, empty cache)', cold],
    ['warm (scripts cached)', warm],
  ] as const) {
    const usable = list.map((r) => r.usableMs);
    const ok = pct(usable, 95) < BUDGET_MS;
    over ||= !ok;
    console.log(
      `  ${name}: usable p50 ${ms(pct(usable, 50))}, p95 ${ms(pct(usable, 95))} (rounds ${[...usable].sort((a, b) => a - b).map(Math.round).join(', ')}); main-thread work to usable p50 ${ms(pct(list.map((r) => r.workMs), 50))}, p95 ${ms(pct(list.map((r) => r.workMs), 95))} (list answer p50 ${ms(pct(list.map((r) => r.pageApiMs), 50))}, report answer p50 ${ms(pct(list.map((r) => r.reportApiMs), 50))}) - budget p95 < ${ms(BUDGET_MS)}: ${ok ? 'OK' : 'OVER'}`,
    );
  }
  await staff.dispose();
  await marco.dispose();
} finally {
  await browser.close();
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_WEB_DIST) fs.rmSync(webDist, { recursive: true, force: true });
}
// with a CPU throttle the figure is reported, not held to the budget
process.exit(over && THROTTLE <= 1 ? 1 : 0);
