// A new shop's first hour (docs/first-hour.md): a store signed up on a new host of this installation
// (a name under localhost, mapped to this machine by the browser) follows the invite link the page
// shows without SMTP, then the setup guide, step by step, to a printed label, never typing an address.
import { expect as baseExpect, test } from '../fixtures/test';
import { pickOption } from '../fixtures/antd';
import { snap } from '../fixtures/screens';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../fixtures/chromium';
import { unique } from '../fixtures/demo';
import { writePng } from './catalogue/catalogue-helpers';
import type { Locator, Page } from '../fixtures/test';

const expect = baseExpect.configure({ timeout: 20_000 });
// one long journey on a shared, busy machine: about 20 screens
test.setTimeout(420_000);
test.use({ launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.localhost 127.0.0.1'] } });

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const choose = (page: Page, scope: Locator, label: string, option: string) => pickOption(page, scope.getByLabel(label, { exact: true }), option);
const guide = (page: Page) => page.getByTestId('setup-guide');
const stepDone = (page: Page, key: string) => expect(page.getByTestId(`setup-step-${key}`)).toHaveAttribute('data-done', 'true');

/** Back to the home screen through the menu (Add Products), where the guide is. */
async function home(page: Page) {
  await page.getByRole('menuitem', { name: 'Add Products' }).click();
  await expect(guide(page)).toBeVisible();
}

test('[FIRST HOUR]: a store signed up on a new host reaches a printed label by following its setup guide', async ({ page }) => {
  const started = Date.now();
  const handle = unique('thrift').toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const origin = `http://${handle}.localhost:${process.env.E2E_PORT ?? 3100}`;
  const email = `${handle}@e2e.backroom.test`;

  // Store sign-up: an earlier refusal's toast goes when the sign-up succeeds
  await page.goto(`${origin}/storeSignup`);
  await page.getByRole('tab', { name: 'Signup' }).click();
  await page.getByLabel('Company name').fill('Thrift Corner');
  await page.getByLabel('Your name').fill('Jo Marsh');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Handle', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(toast(page, 'This handle is already taken')).toBeVisible();
  await page.getByLabel('Handle', { exact: true }).fill(handle);
  await page.getByRole('button', { name: 'Create store' }).click();
  const invite = page.getByTestId('dev-invite');
  await expect(invite).toContainText('no SMTP configured');
  await expect(toast(page, 'This handle is already taken')).toHaveCount(0);
  await expect(invite.getByRole('link', { name: 'Open my invite' })).toHaveAttribute('href', new RegExp(`^${origin}/invite/`));
  await snap(page, 'first-hour-signup-done');

  // The invite, on the host the store was made on
  await invite.getByRole('link', { name: 'Open my invite' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/invite/`));
  await page.getByLabel('Password', { exact: true }).fill('first-hour-password');
  await page.getByLabel('Confirm password').fill('first-hour-password');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByTestId('welcome-title')).toHaveText('Welcome, Jo', { timeout: 30_000 });
  await expect(guide(page)).toContainText('Set up Thrift Corner');
  await expect(page.getByTestId('setup-count')).toHaveText('0 of 7 done');
  await snap(page, 'first-hour-checklist');

  // 1. Locations: rename Main Store, add a warehouse
  await guide(page).getByRole('button', { name: 'Open Locations' }).click();
  await expect(page.getByTestId('location-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Rename Main Store' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Main Store' });
  await rename.getByLabel('Location name').fill('Corner Shop');
  await rename.getByLabel('Location name').press('Enter');
  await expect(toast(page, 'Renamed to Corner Shop')).toBeVisible();
  await page.getByRole('button', { name: 'Add location' }).click();
  const add = page.getByRole('dialog', { name: 'Add location' });
  await add.getByLabel('Location name').fill('corner shop');
  await add.getByLabel('Location name').press('Enter');
  await expect(toast(page, 'There is already a location named Corner Shop in this store')).toBeVisible();
  await add.getByLabel('Location name').fill('Back Warehouse');
  await add.getByLabel('Location name').press('Enter');
  await expect(page.getByTestId('location-row')).toHaveCount(3);
  await snap(page, 'locations');
  await home(page);
  await stepDone(page, 'locations');

  // 2. A template: the demo's Clothing, one click
  await guide(page).getByRole('button', { name: 'Use Clothing' }).click();
  await expect(toast(page, 'Clothing template added')).toBeVisible();
  await stepDone(page, 'template');

  // 3. Consigner types and fees: Standard saved at 25%
  await guide(page).getByRole('button', { name: 'Open Fees' }).click();
  const standard = page.getByTestId('consigner-type-row').filter({ hasText: 'Standard' });
  await standard.getByRole('button', { name: 'Edit Selling Fee' }).click();
  await standard.getByLabel('Selling Fee', { exact: true }).fill('25');
  await standard.getByLabel('Selling Fee', { exact: true }).press('Enter');
  await expect(page.getByText('Consigner type saved')).toBeVisible();
  await home(page);
  await stepDone(page, 'fees');

  // 4. The first consigner
  await guide(page).getByRole('button', { name: 'Add a consigner' }).click();
  const form = page.getByTestId('add-consigner-form');
  await form.getByLabel('First name', { exact: true }).fill('Ava');
  await form.getByLabel('Last name', { exact: true }).fill('Reyes');
  await form.getByLabel('Email', { exact: true }).fill(`ava.${handle}@e2e.backroom.test`);
  await form.getByLabel('Phone', { exact: true }).fill('+1 212 555 0100');
  await form.getByLabel('Address', { exact: true }).fill('1 Main Street, Springfield');
  // a new store pays out by Bank (ABA routing) until its settings say otherwise
  await form.getByLabel('Account holder name', { exact: true }).fill('Ava Reyes');
  await form.getByLabel('Account number', { exact: true }).fill('000123456789');
  await form.getByLabel('Routing number', { exact: true }).fill('110000000');
  await page.getByTestId('submit-consigner').click();
  await expect(toast(page, 'Consigner added!')).toBeVisible();
  await home(page);
  await stepDone(page, 'consigner');

  // 5. The first product, on the Clothing template
  await guide(page).getByRole('button', { name: 'Create a product' }).click();
  await expect(page.getByRole('heading', { name: 'Create product' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Title', { exact: true }).fill('Corner Denim Jacket');
  await page.getByLabel('SKU', { exact: true }).fill(`CDJ-${handle.slice(-6)}`);
  await page.getByLabel('Brand', { exact: true }).fill('Levi’s');
  await pickOption(page, page.getByLabel('Product template', { exact: true }), 'Clothing (Clothing)');
  await page.getByLabel('Gender', { exact: true }).fill('Unisex');
  await page.locator('input[type=file]').setInputFiles(writePng());
  await expect(page.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('product-title')).toHaveText('Corner Denim Jacket');

  // 6. The first item, from the product page
  await page.getByRole('button', { name: 'Add Inventory' }).first().click();
  const modal = page.getByTestId('add-inventory-form');
  await modal.getByLabel('Size M', { exact: true }).click();
  const row = modal.getByTestId('add-inventory-row');
  await choose(page, row, 'Condition for M', 'Used');
  await row.getByLabel('Price for M').fill('80');
  await choose(page, row, 'Consigner for M', 'Ava Reyes');
  await choose(page, modal, 'Location', 'Corner Shop');
  await modal.getByTestId('add-product').click();
  await expect(toast(page, 'Inventory added to Corner Denim Jacket')).toBeVisible();
  await home(page);
  await stepDone(page, 'product');
  await stepDone(page, 'item');

  // 7. Its label
  await guide(page).getByRole('button', { name: 'Open Ready To Print' }).click();
  await expect(page.getByTestId('list-title')).toHaveText('Ready To Print');
  await page.getByTestId('select-page').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('print-labels').click();
  expect((await download).suggestedFilename()).toBe('inventory_label.pdf');
  await home(page);
  await expect(page.getByTestId('setup-count')).toHaveText('7 of 7 done');
  await expect(guide(page)).toContainText('Thrift Corner is set up');
  await snap(page, 'first-hour-checklist-done');
  await guide(page).getByRole('button', { name: 'Hide the setup guide' }).click();
  await expect(guide(page)).toHaveCount(0);
  console.log(`first hour: sign-up to printed label in ${Math.round((Date.now() - started) / 1000)} s`);
});
