import { expect, test } from '../fixtures/test';
import { createActiveConsigner, linkOf, waitForMail } from '../fixtures/api';
import { unique } from '../fixtures/demo';
import { snap } from '../fixtures/screens';

test('[AUTH]: forgot password sends a reset link that sets a new password to sign in with', async ({ page }) => {
  // A consigner of its own, so the seeded sign-ins keep their password.
  const email = `${unique('forgetful')}@e2e.backroom.test`;
  await createActiveConsigner(email, 'first-password-1');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // The top bar links back to the store's own site (its redirectURL).
  await expect(page.getByTestId('store-back-link')).toHaveAttribute('href', 'https://demo.backroom.local');
  await snap(page, 'forgot');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.locator('.ant-message')).toContainText(`Email instructions sent to ${email}`);
  await snap(page, 'forgot-sent');

  const mail = await waitForMail(email, /reset/i);
  await page.goto(linkOf(mail, 'reset-password'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.locator('.ant-message')).toContainText('Password has been updated');
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.getByLabel('Password').fill('second-password-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome-title')).toHaveText('Welcome, Test');

  // A signed-in user is sent away from /forgot.
  await page.goto('/forgot');
  await expect(page).toHaveURL(/\/$/);
});
