import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './fixtures/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
// The fake Shopify Admin API (apps/server/test/fakes/shopify-fake-server.ts) the server's Shopify calls go to.
const SHOPIFY_FAKE_PORT = Number(process.env.E2E_SHOPIFY_PORT ?? PORT + 1000);
export const SHOPIFY_FAKE_URL = `http://127.0.0.1:${SHOPIFY_FAKE_PORT}`;

// A fresh data directory per run. The config is evaluated again in every worker; the environment
// variable makes them all agree on the directory the main process made.
if (!process.env.BACKROOM_E2E_DATA_DIR) {
  removeStaleDataDirs();
  process.env.BACKROOM_E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-e2e-'));
}
const dataDir = process.env.BACKROOM_E2E_DATA_DIR;
// Engineers running suites side by side give each run its own port and build directory.
const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  DATA_DIR: dataDir,
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
  SHOPIFY_ADMIN_ORIGIN: SHOPIFY_FAKE_URL,
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; the runner downloads no browser.
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: `node --import tsx apps/server/test/fakes/shopify-fake-server.ts ${SHOPIFY_FAKE_PORT}`,
      cwd: repoRoot,
      url: `${SHOPIFY_FAKE_URL}/__fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // Build the web app so the server serves the current screens, then start the server.
      // The server runs in development mode (dev mailbox); the web bundle is always a production build.
      command: `NODE_ENV=production npm run build -w @backroom/web --silent -- --outDir ${JSON.stringify(webDist)} --emptyOutDir && node --import tsx apps/server/src/main.ts`,
      cwd: repoRoot,
      url: `${BASE_URL}/open/stores/current`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
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
