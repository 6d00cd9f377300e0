// A Host that no store claims: the store landing page, the public catalogue, and picking a store by
// handle. The browser maps the name to this machine (loopback names serve the demo shop instead).
import { expect, test } from '../fixtures/test';
import { DEMO_STORE } from '../fixtures/demo';
import { snap } from '../fixtures/screens';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../fixtures/chromium';

const NO_STORE_HOST = 'nostore.backroom.test';

// launchOptions is per worker, so it is set for this whole file (the config's Chromium and flags, plus
// the host mapping).
test.use({
  launchOptions: {
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${NO_STORE_HOST} 127.0.0.1`],
  },
});

test('[TENANCY]: a host with no store shows the store landing, except for the public catalogue', async ({ page }) => {
  // nostore.backroom.test (mapped to this machine by the browser) matches no store's domain and is
  // not a loopback name, so the server resolves no store.
  const origin = `http://${NO_STORE_HOST}:${process.env.E2E_PORT ?? 3100}`;
  await page.goto(`${origin}/consigners`);
  await expect(page).toHaveURL(`${origin}/storeSignup`);
  await expect(page.getByRole('heading', { name: 'Welcome to Backroom' })).toBeVisible();

  await page.goto(`${origin}/catalogue/${DEMO_STORE.handle}`);
  await expect(page).toHaveURL(`${origin}/catalogue/${DEMO_STORE.handle}`);

  // Picking the store by handle makes every call carry it (x-store-handle).
  await page.goto(`${origin}/storeSignup`);
  await page.getByLabel('Store handle').fill(DEMO_STORE.handle);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${origin}/login`);
  await expect(page.getByText(DEMO_STORE.name)).toBeVisible();
  await snap(page, 'login-by-handle');
});
