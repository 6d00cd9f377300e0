// docs/people.md, Employees: an Admin invites an employee from /addEmployee, the employee accepts from the
// e-mail, the Admin limits their areas on /employees/{id} and their menu shrinks, then disables them
// (refused at once) and deletes them.
import { expect as baseExpect, test, type Locator, type Page } from '../fixtures/test';
import { linkOf, signInBrowser, waitForMail } from '../fixtures/api';
import { DEMO, DEMO_STORE, unique } from '../fixtures/demo';
import { pageOverflow } from '../fixtures/layout';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { snap } from '../fixtures/screens';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const menuItem = (page: Page, name: string) => page.getByTestId('main-menu').getByRole('menuitem', { name, exact: true });
const area = (page: Page, name: string): Locator => page.getByTestId(`area-${name}`).getByRole('checkbox');
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test('[EMPLOYEES]: invite, accept from the e-mail, limit the areas, disable and delete an employee', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `${unique('hire')}@e2e.backroom.test`;
  const password = 'hired-pass-2024';

  // The list, as the Admin finds it.
  await signInBrowser(page, DEMO.owner);
  await page.goto('/');
  await menuItem(page, 'Employees').click();
  await expect(page).toHaveURL(/\/employees$/);
  const owner = page.getByTestId('employee-row').filter({ hasText: 'Olivia Bennett' });
  await expect(owner).toContainText('Admin');
  await expect(owner).toContainText('You');
  await expect(owner.getByTestId('employee-status')).toHaveText('Active');
  await page.getByLabel('Search employees').fill('carter');
  await expect(page.getByTestId('employee-row')).toHaveCount(1);
  await expect(page.getByTestId('employee-row')).toContainText('stock@demo.backroom.test');
  await page.getByLabel('Search employees').fill('nobody-here');
  await expect(page.getByText('No employee matches “nobody-here”')).toBeVisible();
  await page.getByLabel('Search employees').fill('');
  await expect(owner).toBeVisible();
  await snap(page, 'employees-list', async (width) => {
    await expect(page.getByTestId('employee-row').first()).toBeVisible();
    if (width < 768) await expect.poll(() => pageOverflow(page)).toBe(0);
  });

  // Add new employee: every field is required, then Invite.
  await page.getByRole('link', { name: 'Add new employee' }).first().click();
  await expect(page).toHaveURL(/\/addEmployee$/);
  // the menu keeps Employees highlighted on the screens it leads to
  await expect(page.locator('[data-testid="main-menu"] li[data-path="/employees"]')).toHaveClass(/ant-menu-item-selected/);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Hale');
  await page.getByLabel('Email').fill(email);
  await snap(page, 'employee-add', async (width) => {
    if (width < 768) await expect.poll(() => pageOverflow(page)).toBe(0);
  });
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(toast(page, 'Employee added!')).toBeVisible();

  // Their page: invited, with Resend Invite; the Admin grants Inventory, Orders and Employees.
  await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/);
  const employeeUrl = page.url();
  await expect(page.getByTestId('employee-name')).toHaveText('Nina Hale');
  await expect(page.locator('[data-testid="main-menu"] li[data-path="/employees"]')).toHaveClass(/ant-menu-item-selected/);
  await expect(page.getByTestId('employee-status')).toHaveText('Invited');
  await page.getByRole('button', { name: 'Resend Invite' }).click();
  await expect(toast(page, 'Sent invite')).toBeVisible();
  await expect(page.getByText('Olivia Bennett sent the invite again')).toBeVisible();
  await snap(page, 'employee-invited');
  for (const name of ['Inventory', 'Orders', 'Employees']) await area(page, name).check();
  await page.getByTestId('save-access').click();
  await expect(page.getByText('Access saved. It applies from their next click.')).toBeVisible();
  await expect(page.getByTestId('save-access')).toBeDisabled();

  // The employee accepts from the e-mail in a browser of their own and sees their areas.
  const mail = await waitForMail(email, /invited/i);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const nina = await context.newPage();
  await nina.goto(linkOf(mail, '/invite/'));
  await nina.getByLabel('Password', { exact: true }).fill(password);
  await nina.getByLabel('Confirm password').fill(password);
  await nina.getByRole('button', { name: 'Accept invitation' }).click();
  // her first visit in this browser welcomes her; after signing in again she is welcomed back
  await expect(nina.getByTestId('welcome-title')).toHaveText('Welcome, Nina');
  await expect(menuItem(nina, 'Employees')).toBeVisible();
  await expect(menuItem(nina, 'Transfers')).toBeVisible();
  await expect(menuItem(nina, 'Inventory')).toBeVisible();
  await menuItem(nina, 'Transfers').click();
  await expect(menuItem(nina, 'Transfer')).toBeVisible();

  // Accepted: the Admin's page shows her Active, without Resend Invite, and the history of it.
  await page.reload();
  await expect(page.getByTestId('employee-status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Resend Invite' })).toHaveCount(0);
  await expect(page.getByText('Accepted the invite')).toBeVisible();

  // The Admin keeps her to Inventory: when she signs in again, Employees and Orders' Transfer are gone.
  await area(page, 'Orders').uncheck();
  await area(page, 'Employees').uncheck();
  await page.getByTestId('save-access').click();
  await expect(page.getByText('Access saved. It applies from their next click.')).toBeVisible();
  await expect(page.getByText('Olivia Bennett changed access from Inventory, Employees, Orders to Inventory')).toBeVisible();
  await snap(page, 'employee-detail', async (width) => {
    await expect(page.getByTestId('employee-name')).toBeVisible();
    if (width < 768) await expect.poll(() => pageOverflow(page)).toBe(0);
  });

  // Inventory alone leaves no Settings group (it would hold only Logout): Logout ends the menu
  await expect(menuItem(nina, 'Settings')).toHaveCount(0);
  await menuItem(nina, 'Logout').click();
  await expect(nina).toHaveURL(/\/login$/);
  await nina.getByLabel('Email').fill(email);
  await nina.getByLabel('Password').fill(password);
  await nina.getByRole('button', { name: 'Sign in' }).click();
  await expect(nina.getByTestId('welcome-title')).toHaveText('Welcome back, Nina');
  await expect(menuItem(nina, 'Inventory')).toBeVisible();
  await expect(menuItem(nina, 'Employees')).toHaveCount(0);
  await menuItem(nina, 'Transfers').click();
  await expect(menuItem(nina, 'Accept Transfer')).toBeVisible();
  await expect(menuItem(nina, 'Transfer')).toHaveCount(0);
  // the address of a removed area leads home
  await nina.goto('/employees');
  await expect(nina).toHaveURL((url) => url.pathname === '/');

  // Disabled: her sessions end (docs/security.md "Identity model"), and signing in again shows the
  // disabled account screen.
  await page.getByTestId('active-switch').click();
  await expect(page.getByText('Nina Hale is disabled')).toBeVisible();
  await expect(page.getByTestId('employee-status')).toHaveText('Disabled');
  await nina.goto('/findInventory');
  await expect(nina).toHaveURL(/\/login\?next=%2FfindInventory$/);
  await nina.getByLabel('Email').fill(email);
  await nina.getByLabel('Password').fill(password);
  await nina.getByRole('button', { name: 'Sign in' }).click();
  await expect(nina).toHaveURL(/\/disabledAccount$/);
  await expect(nina.getByTestId('disabled-text')).toHaveText(`Your account has been disabled by the store owner. Contact ${DEMO_STORE.supportEmail} to get more info.`);
  await context.close();

  // The last Admin of the store keeps Settings: the refusal is shown as the server words it.
  await page.goto('/employees');
  await page.getByTestId('employee-row').filter({ hasText: 'Olivia Bennett' }).getByTestId('employee-link').click();
  await expect(page.getByTestId('employee-name')).toHaveText('Olivia Bennett');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await area(page, 'Settings').uncheck();
  await page.getByTestId('save-access').click();
  await expect(page.getByText(/^The last active Admin of the store must keep the Admin role/)).toBeVisible();

  // Delete, after the confirmation; the list no longer has her.
  await page.goto(employeeUrl);
  await expect(page.getByTestId('employee-name')).toHaveText('Nina Hale');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This action cannot be undone')).toBeVisible();
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(toast(page, 'Nina Hale deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByTestId('employee-row').filter({ hasText: 'Olivia Bennett' })).toBeVisible();
  await expect(page.getByTestId('employee-row').filter({ hasText: email })).toHaveCount(0);
});
