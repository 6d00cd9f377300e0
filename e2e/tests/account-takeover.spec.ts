import { expect, test } from '../fixtures/test';
import { apiClient, newConsignerCookie, signInBrowser } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';

// Issue 8: a password reset never lands in another store's mailbox, and the dev mailbox is for a
// store's Admins, with that store's mail only. Everything goes through the real mail path.
test('[AUTH]: a reset asked through another store mails nothing there; the dev mailbox shows an Admin their own store only', async ({ page, browser }) => {
  // Two stores, three users and two browser contexts.
  test.setTimeout(240_000);
  // Store B, with a consigner of its own: the account an attacker at the demo store wants.
  const handle = unique('victim-shop');
  const open = await apiClient();
  const created = await open.post('/open/stores', { data: { name: 'Victim Shop', email: `${handle}@e2e.backroom.test`, handle } });
  expect(created.status(), await created.text()).toBe(201);
  await open.dispose();
  const victim = `${unique('victim')}@e2e.backroom.test`;
  const storeB = await apiClient(handle);
  const signUp = await storeB.post('/api/auth/sign-up/email', { data: { email: victim, password: 'victim-password-1', name: 'Vic Tim' } });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const state = await storeB.storageState();
  const cookie = [...state.cookies.map((c) => `${c.name}=${c.value}`), `newConsigner=${newConsignerCookie({ firstName: 'Vic', lastName: 'Tim', email: victim })}`].join('; ');
  const me = await storeB.get('/api/me', { headers: { cookie } });
  expect(me.status(), await me.text()).toBe(200);

  // The attacker, on the demo store's forgot page, asks for the victim's reset: the answer is the
  // one any address gets.
  await page.goto('/forgot');
  await page.getByLabel('Email').fill(victim);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.locator('.ant-message')).toContainText(`Email instructions sent to ${victim}`);
  // A demo consigner's reset, asked through the demo store, is the demo store's mail.
  const demo = await apiClient();
  const demoReset = await demo.post('/api/auth/request-password-reset', { data: { email: DEMO.marco, redirectTo: '/reset-password' } });
  expect(demoReset.ok(), await demoReset.text()).toBeTruthy();
  await demo.dispose();

  // The victim asks through their own store: that mail is store B's.
  const own = await storeB.post('/api/auth/request-password-reset', { data: { email: victim, redirectTo: '/reset-password' } });
  expect(own.ok(), await own.text()).toBeTruthy();
  await storeB.dispose();

  // The demo store's Admin: the entry is in the user menu, and the mailbox holds the demo
  // consigner's reset but nothing for the other store's account.
  await signInBrowser(page, DEMO.owner);
  await page.goto('/');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Dev mailbox' })).toBeVisible();
  await page.goto('/dev/mailbox');
  const mails = page.getByTestId('outbox-mail');
  // (the counts below are only meaningful once the list has loaded)
  await expect(mails.filter({ hasText: DEMO.marco }).filter({ hasText: 'Reset your Backroom password' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(mails.filter({ hasText: victim })).toHaveCount(0);
  await expect(mails.filter({ hasText: `${handle}@e2e.backroom.test` })).toHaveCount(0);

  // An employee who is not an Admin: no menu entry, and the page refuses.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const clerk = await context.newPage();
  await signInBrowser(clerk, DEMO.stock);
  await clerk.goto('/');
  await clerk.getByTestId('user-menu').click();
  await expect(clerk.getByRole('menuitem', { name: 'Logout' })).toBeVisible({ timeout: 30_000 });
  await expect(clerk.getByRole('menuitem', { name: 'Dev mailbox' })).toHaveCount(0);
  await clerk.goto('/dev/mailbox');
  await expect(clerk.getByText('Only an Admin can open the dev mailbox')).toBeVisible({ timeout: 30_000 });
  await expect(clerk.getByTestId('outbox-mail')).toHaveCount(0);
  await context.close();
});
