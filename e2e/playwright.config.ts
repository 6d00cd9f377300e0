import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './fixtures/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
// E2E_WORKERS workers, each with a server, a data directory (so a database) and a fake Shopify shop of
// its own: a spec sees only the data of the specs before it on its worker (docs/testing.md "Speed").
// One by default until two are proven on the CI machine; on PostgreSQL (DATABASE_URL) the servers
// would share one database, so one.
const WORKERS = process.env.DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 1);
// The first worker's port; the main process keeps it for the workers, which change E2E_PORT below.
const FIRST_PORT = Number(process.env.E2E_FIRST_PORT ?? process.env.E2E_PORT ?? 3100);
process.env.E2E_FIRST_PORT = String(FIRST_PORT);
const FIRST_SHOPIFY_PORT = Number(process.env.E2E_SHOPIFY_PORT ?? FIRST_PORT + 1000);
const serverPort = (worker: number) => FIRST_PORT + 5 * worker;
const shopifyFakePort = (worker: number) => FIRST_SHOPIFY_PORT + 5 * worker;
// In a worker process Playwright sets TEST_PARALLEL_INDEX (0 .. workers - 1): the worker's own server.
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const PORT = serverPort(WORKER);
// fixtures/api.ts and the specs that build their own addresses read E2E_PORT.
if (process.env.TEST_PARALLEL_INDEX !== undefined) process.env.E2E_PORT = String(PORT);
export const BASE_URL = `http://localhost:${PORT}`;
// The fake Shopify Admin API (apps/server/test/fakes/shopify-fake-server.ts) the server's Shopify calls go to.
export const SHOPIFY_FAKE_URL = `http://127.0.0.1:${shopifyFakePort(WORKER)}`;

// A fresh data directory per run. The config is evaluated again in every worker; the environment
// variable makes them all agree on the directory the main process made.
if (!process.env.BACKROOM_E2E_DATA_DIR) {
  removeStaleDataDirs();
  process.env.BACKROOM_E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-e2e-'));
}
const dataDir = process.env.BACKROOM_E2E_DATA_DIR;
// Engineers running suites side by side give each run its own port and build directory.
const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');

const serverEnv = (worker: number): Record<string, string> => ({
  PORT: String(serverPort(worker)),
  DATA_DIR: path.join(dataDir, `worker-${worker}`),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  NODE_ENV: 'development',
  WEB_DIST: webDist,
  // The specs sign the demo users in through the API far more often than 60 times a minute from one
  // address; the failure throttle (5 per account) stays as in production.
  AUTH_SIGNIN_PER_MINUTE: '2000',
  // A response field its route's schema does not declare fails the screen that asked for it.
  STRICT_RESPONSES: 'true',
  // Every Shopify Admin API call goes to the fake shop (docs/storefront-sync.md "Connection").
  SHOPIFY_ADMIN_ORIGIN: `http://127.0.0.1:${shopifyFakePort(worker)}`,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});

/** A worker's fake shop and server; the first server's command builds the web app once for all. */
const workerServers = (worker: number) => [
  {
    command: `node --import tsx apps/server/test/fakes/shopify-fake-server.ts ${shopifyFakePort(worker)}`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${shopifyFakePort(worker)}/__fake/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  },
  {
    // Build the web app so the server serves the current screens, then start the server.
    // The server runs in development mode (dev mailbox); the web bundle is always a production build.
    command: `${worker === 0 ? `NODE_ENV=production npm run build -w @backroom/web --silent -- --outDir ${JSON.stringify(webDist)} --emptyOutDir && ` : ''}node --import tsx apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `http://localhost:${serverPort(worker)}/open/stores/current`,
    env: serverEnv(worker),
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  },
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  workers: WORKERS,
  // a spec file's tests run in order on one worker; files spread over the workers
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    // The pages are asked for less motion, so antd opens dialogs and drawers without zooming in: a click
    // is never sent to a dialog still on its way in, however loaded the machine (docs/testing.md
    // "Steady clicks").
    reducedMotion: 'reduce',
    // A trace records every step of every test to keep the failed ones; CI keeps only what the run
    // printed, so there it records none (the catalogue specs took 0.65 of the time without).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; the runner downloads no browser.
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
  // started one after the other (Playwright starts webServer entries in order)
  webServer: Array.from({ length: WORKERS }, (_, worker) => workerServers(worker)).flat(),
});

/** Data directories of earlier runs (over an hour old) would pile up in the temp directory. */
function removeStaleDataDirs(): void {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('backroom-e2e-')) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (fs.statSync(dir).mtimeMs < cutoff) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // another run may be cleaning up the same directory
    }
  }
}
