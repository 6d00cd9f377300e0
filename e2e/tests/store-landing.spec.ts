import { expect, test } from '../fixtures/test';
import { apiClient } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD, unique } from '../fixtures/demo';
import { snap } from '../fixtures/screens';

test('[TENANCY]: a user of another store is signed out', async ({ page }) => {
  // A second store, made through the open signup call.
  const handle = unique('second');
  const api = await apiClient();
  const created = await api.post('/open/stores', { data: { name: 'Second Hand Rose', email: `${handle}@e2e.backroom.test`, handle } });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  // Pick it on the store landing page by its handle.
  await page.goto('/storeSignup');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('store-login-error')).toHaveText('Please enter a valid handle');
  await page.getByLabel('Store handle').fill('no-such-store-anywhere');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('store-login-error')).toHaveText(/^Handle doesn't exist\.?$/);
  await snap(page, 'store-landing-login');
  await page.getByLabel('Store handle').fill(handle);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Second Hand Rose')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('storeHandle'))).toBe(handle);

  // A consigner of the demo store signs in here and ends signed out.
  await page.getByLabel('Email').fill(DEMO.ava);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toContainText('This account belongs to another store');
  await snap(page, 'wrong-store-signed-out');
  const session = await page.request.get('/api/auth/get-session');
  expect(await session.json()).toBeNull();
});

test('[TENANCY]: the store landing signup checks its fields and creates a store', async ({ page }) => {
  await page.goto('/storeSignup');
  await page.getByRole('tab', { name: 'Signup' }).click();
  await page.getByLabel('Company name').fill('Thrift Tree');
  await page.getByLabel('Your name').fill('Tree Owner');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Handle', { exact: true }).fill('thrift');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByTestId('store-signup-error')).toHaveText('Please enter a valid email, name and handle');
  await snap(page, 'store-landing-signup-error');

  const handle = unique('thrift');
  await page.getByLabel('Email').fill(`${handle}@e2e.backroom.test`);
  await page.getByLabel('Handle', { exact: true }).fill(handle);
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByText('Please check your email to continue').first()).toBeVisible();
  await snap(page, 'store-landing-signup-done');
});
