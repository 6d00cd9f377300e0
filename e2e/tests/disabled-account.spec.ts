import { expect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO, DEMO_STORE } from '../fixtures/demo';
import { snap } from '../fixtures/screens';

test('[AUTH]: an inactive consigner sees the disabled account screen with the store support address', async ({ page }) => {
  // Signed out, the screen sends the visitor to sign in.
  await page.goto('/disabledAccount');
  await expect(page).toHaveURL(/\/login$/);

  await signInBrowser(page, DEMO.inactive);
  await page.goto('/');
  await expect(page).toHaveURL(/\/disabledAccount$/);
  await expect(page.getByTestId('disabled-text')).toHaveText(
    `Your account has been disabled by the store owner. Contact ${DEMO_STORE.supportEmail} to get more info.`,
  );
  await snap(page, 'disabled-account');

  // Every signed-in route leads back here.
  await page.goto('/inventory');
  await expect(page).toHaveURL(/\/disabledAccount$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('[AUTH]: an active consigner is sent home from the disabled account screen', async ({ page }) => {
  await signInBrowser(page, DEMO.ava);
  await page.goto('/disabledAccount');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome-title')).toBeVisible();
});
