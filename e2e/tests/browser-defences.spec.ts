import { expect, test } from '../fixtures/test';
import { DEMO, DEMO_PASSWORD, DEMO_STORE } from '../fixtures/demo';

// The worker's own server (E2E_PORT is set per worker): read inside a test, never in a title, which
// must be the same in the process that lists the tests and in the worker that runs them.
const port = () => Number(process.env.E2E_PORT ?? 3100);

test.describe('[SECURITY]: browser defences', () => {
  test('the page carries the Content-Security-Policy and cannot be framed', async ({ page }) => {
    const response = await page.goto('/login');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    // the first page of a run may wait for a cold server
    await expect(page.getByText(DEMO_STORE.name).first()).toBeVisible({ timeout: 30_000 });
  });

  test('the API docs (Swagger UI) work under the policy', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Backroom API').first()).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();
  });

  // The guard itself: an inline script in a page is seen (and would fail the test at its end).
  test('the CSP guard sees a page breaking the policy', async ({ page, cspViolations }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(() => cspViolations.join('\n')).toContain('script-src');
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    // seen and checked: cleared so that this test passes
    cspViolations.length = 0;
  });
});

test.describe('[TENANCY]: this machine by any name', () => {
  for (const host of ['127.0.0.1', '[::1]']) {
    test(`http://${host}:<port> opens the demo shop and signs its owner in`, async ({ page }) => {
      await page.goto(`http://${host}:${port()}/`);
      await expect(page).toHaveURL(new RegExp(`^http://${host.replace(/[[\]]/g, '\\$&')}:${port()}/login`));
      await expect(page.getByText(DEMO_STORE.name).first()).toBeVisible();
      await page.getByLabel('Email').fill(DEMO.owner);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).not.toHaveURL(/\/(login|storeSignup)/);
    });
  }
});
