import { expect, test } from '../fixtures/test';
import { apiClient, linkOf, signInApi, signInBrowser, waitForMail } from '../fixtures/api';
import { DEMO, DEMO_STORE, unique } from '../fixtures/demo';
import { snap } from '../fixtures/screens';

test('[EMPLOYEES]: an invited employee sets a password from the e-mailed link and lands in the back office', async ({ page, browser }) => {
  const email = `${unique('clerk')}@e2e.backroom.test`;
  const admin = await apiClient();
  await signInApi(admin, DEMO.owner);
  const created = await admin.post('/api/employees', {
    data: { firstName: 'Iris', lastName: 'Clerk', email, accessControls: ['Orders'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();

  // The admin sees the invite in the dev mailbox, with its link.
  await signInBrowser(page, DEMO.owner);
  await page.goto('/');
  await page.getByTestId('user-menu').click();
  await page.getByText('Dev mailbox').click();
  await expect(page).toHaveURL(/\/dev\/mailbox$/);
  await expect(page.getByText('Dev mailbox').first()).toBeVisible();
  const row = page.getByTestId('outbox-mail').filter({ hasText: email }).first();
  await expect(row).toContainText(`You are invited to ${DEMO_STORE.name} on Backroom`);
  await expect(row.getByRole('link').first()).toHaveAttribute('href', /\/invite\//);
  await snap(page, 'dev-mailbox');

  // The employee opens the link in a browser of their own.
  const mail = await waitForMail(email, /invited/i);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const invitee = await context.newPage();
  await invitee.goto(linkOf(mail, '/invite/'));
  await expect(invitee.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await expect(invitee.getByTestId('invite-email')).toHaveValue(email);
  await invitee.getByLabel('Password', { exact: true }).fill('invited-pass-77');
  await invitee.getByLabel('Confirm password').fill('invited-pass-77');
  await snap(invitee, 'employee-invite');
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();

  await expect(invitee.getByTestId('welcome-title')).toHaveText('Welcome, Iris');
  const menu = invitee.getByTestId('main-menu');
  // Orders access: Transfers and Orders (Find); nothing of Inventory or Consigners.
  await expect(menu.getByRole('menuitem', { name: 'Transfers', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Consigners', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Inventory', exact: true })).toHaveCount(0);
  await context.close();
});
