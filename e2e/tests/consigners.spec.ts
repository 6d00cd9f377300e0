// Consigners as an Admin meets them (people doc sections 2, 5 and 8): add one with IBAN bank
// details, find them in the list, disable and enable them, change their account type without and
// with recalculating their items' payouts, the VAT switch, their details, a password reset that
// arrives in the mailbox, and deletion refused while they have items and allowed once they have none.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser, waitForMail } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { snap as snapAt } from '../fixtures/screens';
import { addActive, newProduct, signedIn } from './inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Screenshots from the top of the page (the shell's header and sider are fixed; a scrolled page would show them mid-way). */
async function snap(page: Page, name: string, check?: (width: number) => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name, check);
}

type Created = { id: string; firstName: string; lastName: string; email: string };

/** A consigner added through the API as the Add consigner screen would (PayPal payouts). */
async function addConsignerApi(staff: APIRequestContext, lastName: string): Promise<Created> {
  const response = await staff.post('/api/consigners/createFromAdmin', {
    data: {
      firstName: 'Nora',
      lastName,
      email: `${unique('nora').toLowerCase()}@example.test`,
      phone: '+1 212 555 0199',
      address: '9 Elm Road, Springfield',
      payoutType: 'PayPal',
      bankData: { email: 'nora.paypal@example.test' },
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: Created }).data;
}

function consignerRows(page: Page): Locator {
  return page.getByTestId('consigner-row');
}

/** Opens /consigners searched by `text` and waits for the answer. */
async function searchList(page: Page, text: string): Promise<void> {
  await page.goto(`/consigners?search=${encodeURIComponent(text)}`);
  await expect(page.getByTestId('consigner-count')).toBeVisible({ timeout: 30_000 });
}

/** The toast of an antd message with this text. */
function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** The payout cells of the consigner's inventory list, in the list's order (newest first). */
async function payouts(page: Page): Promise<string[]> {
  const list = page.getByTestId('consigner-inventory');
  await expect(list.getByTestId('pagination-text')).toBeVisible();
  return list.getByTestId('item-payout').allInnerTexts();
}

test.describe('[CONSIGNERS]: the consigners screens of an Admin', () => {
  test('add a consigner with IBAN details, find and disable them, change their type with and without recalculation, VAT, reset password', async ({ page }) => {
    test.setTimeout(240_000);
    const lastName = unique('Ibanez').replace(/[^A-Za-z]/g, '').slice(0, 20);
    const email = `${lastName.toLowerCase()}@example.test`;
    await signInBrowser(page, DEMO.owner);

    // The list: server-paginated people with the add link labelled by the store (not a buying store).
    await page.goto('/consigners');
    await expect(page.getByTestId('consigner-count')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('pagination-text')).toHaveText(/^1-\d+ of \d+ items$/);
    await expect(consignerRows(page).filter({ hasText: 'Ava Thompson' })).toBeVisible();
    // store accounts have no disable toggle
    const storeRow = consignerRows(page).filter({ hasText: DEMO.storeAccount });
    await expect(storeRow.getByTestId('store-account-tag')).toBeVisible();
    await expect(storeRow.getByTestId('enabled-switch')).toHaveCount(0);
    await snap(page, 'consigners-list');

    // Export downloads consigners.csv
    const download = page.waitForEvent('download');
    await page.getByTestId('export-consigners').click();
    expect((await download).suggestedFilename()).toBe('consigners.csv');

    // Add new consigner: the rules of the spec's validation, then IBAN bank details.
    await page.getByTestId('add-consigner').click();
    await expect(page).toHaveURL((url) => url.pathname === '/addConsigner');
    await expect(page.getByTestId('add-consigner-title')).toHaveText('Add new consigner');
    await page.getByTestId('submit-consigner').click();
    const form = page.getByTestId('add-consigner-form');
    for (const text of ['First name is required', 'Last name is required', 'Please enter a valid email', 'Address is required']) {
      await expect(form.getByText(text)).toBeVisible();
    }
    await expect(form.getByText('Please enter a phone number including the area code')).toBeVisible();
    await form.getByLabel('First name', { exact: true }).fill('Isabel');
    await form.getByLabel('Last name', { exact: true }).fill(lastName);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('+34 612 345 678');
    await form.getByLabel('Address', { exact: true }).fill('Calle Mayor 1, Madrid');
    // the demo store pays out by Bank (its first payout option) or PayPal
    await expect(form.getByRole('radio', { name: 'Bank' })).toBeChecked();
    // ABA asks for the account and routing numbers; IBAN for the IBAN only
    await expect(form.getByLabel('Routing number', { exact: true })).toBeVisible();
    await form.getByRole('radio', { name: 'IBAN Number' }).check();
    await expect(form.getByLabel('Routing number', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Account number', { exact: true })).toHaveCount(0);
    await page.getByTestId('submit-consigner').click();
    await expect(form.getByText('Account name is required')).toBeVisible();
    await expect(form.getByText('IBAN number is required')).toBeVisible();
    await form.getByLabel('Account holder name', { exact: true }).fill(`Isabel ${lastName}`);
    await form.getByLabel('IBAN', { exact: true }).fill('ES91 2100 0418 4502 0005 1332');
    await snap(page, 'consigner-add');
    await page.getByTestId('submit-consigner').click();
    await expect(toast(page, 'Consigner added!')).toBeVisible();
    await expect(page).toHaveURL(/\/consigners\/[0-9a-f-]{36}$/);
    const consignerId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('consigner-name')).toHaveText(`Isabel ${lastName}`);
    // no type chosen: the store's default applies
    await expect(page.getByTestId('account-type')).toHaveText(/Standard|Default type/);

    // Adding the same e-mail again shows the server's refusal.
    await page.goto('/addConsigner');
    await form.getByLabel('First name', { exact: true }).fill('Again');
    await form.getByLabel('Last name', { exact: true }).fill(lastName);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Phone', { exact: true }).fill('+34 612 345 679');
    await form.getByLabel('Address', { exact: true }).fill('Calle Mayor 2, Madrid');
    await form.getByText('PayPal', { exact: true }).click();
    await form.getByLabel('PayPal account email', { exact: true }).fill('again@example.test');
    await page.getByTestId('submit-consigner').click();
    await expect(page.getByTestId('add-consigner-error')).toContainText('already exists');

    // Found in the list by search; Enabled off and on again, kept across a reload.
    await searchList(page, lastName);
    await expect(consignerRows(page)).toHaveCount(1);
    await expect(page.getByTestId('pagination-text')).toHaveText('1-1 of 1 items');
    const row = consignerRows(page).first();
    const enabled = row.getByTestId('enabled-switch');
    await expect(enabled).toBeChecked();
    await enabled.click();
    await expect(toast(page, `Isabel ${lastName} is disabled`)).toBeVisible();
    await page.reload();
    await expect(consignerRows(page).first().getByTestId('enabled-switch')).not.toBeChecked();
    await consignerRows(page).first().getByTestId('enabled-switch').click();
    await expect(consignerRows(page).first().getByTestId('enabled-switch')).toBeChecked();
    await expect(toast(page, `Isabel ${lastName} is enabled`)).toBeVisible();
    // Marketplace access
    await consignerRows(page).first().getByTestId('marketplace-switch').click();
    await expect(toast(page, /given marketplace access/)).toBeVisible();
    await expect(consignerRows(page).first().getByTestId('marketplace-switch')).toBeChecked();

    // Two sneakers of theirs on the floor, taken in under the default type (Standard: 20%, min $5;
    // the store's 3% transaction fee): $100 pays out $77.00, $200 pays out $154.00.
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Consigner Runner');
    const [, dearer] = await addActive(staff, product, [{ size: '9', price: 100 }, { size: '10', price: 200 }], email);

    await consignerRows(page).first().getByTestId('consigner-link').click();
    await expect(page).toHaveURL((url) => url.pathname === `/consigners/${consignerId}`);
    await expect(page.getByTestId('report-sales')).toContainText('$0.00');
    expect((await payouts(page)).sort()).toEqual(['$154.00', '$77.00']);
    await snap(page, 'consigner-detail');

    // Change the type to VIP without recalculation: the items keep their payouts.
    await page.getByTestId('account-type').click();
    const dialog = page.getByTestId('change-type-dialog');
    await expect(dialog.getByTestId('type-choice')).toHaveCount(3);
    await dialog.getByTestId('type-choice').filter({ hasText: 'VIP' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Recalculate payouts of unsold items' })).not.toBeChecked();
    await dialog.getByTestId('save-account-type').click();
    await expect(toast(page, 'Account type changed to VIP. Existing items keep their payouts.')).toBeVisible();
    await expect(page.getByTestId('account-type')).toHaveText('VIP');
    expect((await payouts(page)).sort()).toEqual(['$154.00', '$77.00']);

    // Again with recalculation: the preview first (VIP has 10% for sneakers), then the new payouts.
    await page.getByTestId('account-type').click();
    await dialog.getByRole('checkbox', { name: 'Recalculate payouts of unsold items' }).check();
    const preview = dialog.getByTestId('recalculation-preview');
    await expect(preview.getByTestId('recalculation-count')).toHaveText('2 of their 2 unsold items change payout.');
    await expect(preview.getByTestId('payout-before')).toHaveText('$231.00');
    await expect(preview.getByTestId('payout-after')).toHaveText('$261.00');
    await expect(preview.getByTestId('payout-difference')).toHaveText('+$30.00');
    await snap(page, 'consigner-change-type');
    // nothing changed yet
    expect((await payouts(page)).sort()).toEqual(['$154.00', '$77.00']);
    await dialog.getByTestId('save-account-type').click();
    await expect(toast(page, 'Account type VIP kept; payouts of 2 unsold items recalculated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await payouts(page)).sort()).toEqual(['$174.00', '$87.00']);

    // VAT switch: kept across a reload.
    const vat = page.getByTestId('vat-switch');
    await expect(vat).not.toBeChecked();
    await vat.click();
    await expect(toast(page, 'VAT is charged on their fees from now on')).toBeVisible();
    // The $200 pair sells at the counter: the summary cards count it at the recalculated payout.
    const sold = await staff.post('/api/sales', { data: { lines: [{ inventoryId: dearer!.id }], paymentMethod: 'cash' } });
    expect(sold.ok(), await sold.text()).toBeTruthy();
    await page.reload();
    await expect(page.getByTestId('vat-switch')).toBeChecked();
    await expect(page.getByTestId('report-sales')).toContainText('$200.00');
    await expect(page.getByTestId('report-payout')).toContainText('$0.00');
    await expect(page.getByTestId('report-pending')).toContainText('$174.00');
    // the list shows Active items by default: the sold pair has left it
    expect(await payouts(page)).toEqual(['$87.00']);

    // Details: read first, Save once Update is on; bank details as entered.
    await page.getByTestId('open-details').click();
    const details = page.getByTestId('details-dialog');
    await expect(details.getByTestId('details-bank')).toContainText('ES91 2100 0418 4502 0005 1332');
    await expect(details.getByTestId('save-details')).toHaveCount(0);
    await snap(page, 'consigner-details-view');
    await details.getByTestId('details-update-switch').click();
    await details.getByLabel('Address', { exact: true }).fill('Gran Via 7, Madrid');
    await snap(page, 'consigner-details');
    await details.getByTestId('save-details').click();
    await expect(toast(page, 'Details saved')).toBeVisible();
    await expect(details.getByTestId('details-view')).toContainText('Gran Via 7, Madrid');
    await details.getByTestId('close-details').click();
    await expect(details).toHaveCount(0);

    // Reset Password sends the reset e-mail.
    await page.getByTestId('reset-password').click();
    await expect(toast(page, email)).toBeVisible();
    const mail = await waitForMail(email, /reset|password/i);
    expect(mail.links.length).toBeGreaterThan(0);

    // The inventory list is searchable and filterable: status Active by default.
    await expect(page.getByTestId('filter-status')).toContainText('Active');
    await staff.dispose();
  });

  test('deleting a consigner is refused while they have items and allowed once they have none', async ({ page }) => {
    test.setTimeout(150_000);
    const staff = await signedIn(DEMO.owner);
    const tag = unique('Del').replace(/[^A-Za-z]/g, '').slice(0, 16);
    const withItems = await addConsignerApi(staff, `${tag}Stock`);
    const without = await addConsignerApi(staff, `${tag}Empty`);
    const product = await newProduct(staff, 'Delete Runner');
    await addActive(staff, product, [{ size: '9', price: 90 }], withItems.email);
    await signInBrowser(page, DEMO.owner);

    // The loading states, held until their screenshots are taken (the answers are the server's own).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/consigners(\?|\/consignerReport)|\/api\/inventories\/paginatedInventories/, async (route) => {
      await held;
      // a request the page gave up on (it navigated on) is already closed
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/consigners/${withItems.id}`);
    await expect(page.getByTestId('consigner-name')).toHaveText(`Nora ${tag}Stock`);
    await snap(page, 'consigner-detail-loading');
    await page.goto('/consigners');
    await snap(page, 'consigners-loading', async (width) => {
      await expect(page.getByTestId(width < 768 ? 'consigners-loading' : 'add-consigner')).toBeVisible();
    });
    release();
    await page.unroute(/\/api\/consigners(\?|\/consignerReport)|\/api\/inventories\/paginatedInventories/);

    await searchList(page, tag);
    await expect(consignerRows(page)).toHaveCount(2);
    const stocked = consignerRows(page).filter({ hasText: withItems.email });
    // the open confirmation (a closed one stays in the page, hidden, or leaving for a moment)
    const confirm = page.locator(OPEN_POPCONFIRM);
    await stocked.getByTestId('delete-consigner').click();
    await expect(confirm).toContainText('This action cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(toast(page, 'cannot be deleted: they have 1 unsold item')).toBeVisible();
    await expect(consignerRows(page)).toHaveCount(2);

    const empty = consignerRows(page).filter({ hasText: without.email });
    await empty.getByTestId('delete-consigner').click();
    await expect(confirm).toContainText(`Delete Nora ${tag}Empty?`);
    await confirm.getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(toast(page, /Consigner deleted/)).toBeVisible();
    // the list reloads a second after the deletion
    await expect(consignerRows(page)).toHaveCount(1);
    await expect(consignerRows(page).filter({ hasText: without.email })).toHaveCount(0);

    // A search that matches no one says so (phone and desktop).
    await searchList(page, `${tag}Nobody`);
    await snap(page, 'consigners-empty', async () => {
      await expect(page.getByTestId('consigners-empty')).toBeVisible();
    });
    await staff.dispose();
  });
});
