// The consigner's /inventory on a 390 px phone (catalogue doc sections 2 and 4, people doc
// section 4): the summary of the last 7 days, a price change request (the empty entry first), the
// pending request's text, a withdrawal request of an Active item, the direct withdrawal of a drop-off
// on its way in (Pending), Add tracking on a sold marketplace item, the store's asked price accepted,
// a drop-off request cancelled, and Enable Marketplace's How it works. The data is made through the
// API: a product of its own, two Active items, a sold one, a Pending drop-off and two requests of Marco's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { OPEN_POPCONFIRM } from '../../fixtures/antd';
import { PHONE, snap } from '../../fixtures/screens';
import { addActive, getItem, newProduct, pendingDropOffs, post, requestDropOffs, signedIn } from '../inventory-lists/lists.fixture';

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');

/** The phone card of an item, found by its code. */
const card = (page: Page, code: string) => page.getByTestId('inventory-card').filter({ hasText: code });

test('a consigner follows and changes their own items on a phone', async ({ page }) => {
  const staff = await signedIn(DEMO.owner);
  const marco = await signedIn(DEMO.marco);
  const product = await newProduct(staff, 'Portal Runner');
  const [priced, kept] = await addActive(staff, product, [{ size: '9', price: 120 }, { size: '10', price: 150 }], DEMO.marco);
  const [dropOff] = await pendingDropOffs(staff, marco, product, [{ size: '11', price: 90 }]);
  // two drop-off requests: the store asks a new price for one
  const [asked, requested] = await requestDropOffs(marco, product, [{ size: '8', price: 80 }, { size: '7', price: 70 }]);
  await post(staff, '/api/inventories/storeRequestPriceChange', { id: asked.id, requestedPrice: 75 });
  // one listed at the store's online marketplace (Marco has marketplace access) and sold at the counter
  const [shipped] = await addActive(staff, product, [{ size: '12', price: 200, location: 'ONLINE MARKETPLACE' }], DEMO.marco);
  const sale = await staff.post('/api/sales', { data: { lines: [{ inventoryId: shipped.id }], paymentMethod: 'cash' } });
  expect(sale.status(), await sale.text()).toBe(201);
  const today = new Date();
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const weekAgo = new Date(today.getTime() - 6 * 24 * 60 * 60 * 1000);
  const report = (await (await marco.get(`/api/consigners/consignerReport?dateRangeStart=${day(weekAgo)}&dateRangeEnd=${day(today)}`)).json()) as {
    data: { totalSold: number; totalPaid: number; totalPending: number };
  };
  const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  await page.setViewportSize(PHONE);
  await signInBrowser(page, DEMO.marco);
  await page.goto(`/inventory?search=${product.sku}`);

  // Title, the date range (last 7 days by default) and the three summary figures of the report
  await expect(page.getByTestId('page-title')).toHaveText('Inventory');
  await expect(page.getByTestId('date-from')).toBeVisible();
  // the figures of the last 7 days: the report's, today's sale included
  expect(report.data.totalSold).toBeGreaterThanOrEqual(200);
  await expect(page.getByTestId('summary-sales-value')).toHaveText(usd(report.data.totalSold));
  await expect(page.getByTestId('summary-payout-value')).toHaveText(usd(report.data.totalPaid));
  await expect(page.getByTestId('summary-pending-value')).toHaveText(usd(report.data.totalPending));
  await expect(page.getByTestId('summary-sales')).toContainText('Total Sales');
  await expect(page.getByTestId('summary-pending')).toContainText('Pending Payout');
  await expect(page.getByTestId('inventory-card')).toHaveCount(6, { timeout: 30_000 });
  // Sold is green
  await expect(card(page, shipped.code).getByTestId('status-tag')).toHaveText('Sold');
  await expect(card(page, shipped.code).getByTestId('status-tag')).toHaveClass(/green/);
  // Pending reads 'Drop off pending'; statuses other than Sold are red in the portal
  await expect(card(page, dropOff.code).getByTestId('status-tag')).toHaveText('Drop off pending');
  await expect(card(page, dropOff.code).getByTestId('status-tag')).toHaveClass(/red/);
  // no staff links on a consigner's card
  await expect(page.getByTestId('edit-link')).toHaveCount(0);

  // tap targets of 40 px: the card's buttons and links, the date fields
  for (const target of [card(page, priced.code).getByRole('button', { name: 'Change price' }), card(page, shipped.code).getByTestId('tracking-link'), page.getByTestId('date-from')]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  }

  // Add tracking to the sold marketplace item
  await card(page, shipped.code).getByTestId('tracking-link').click();
  const tracking = page.getByRole('dialog', { name: 'Add tracking' });
  await tracking.getByTestId('tracking-input').fill('1Z999AA10123456784');
  await tracking.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tracking Code Added Successfully')).toBeVisible();
  await expect(card(page, shipped.code).getByTestId('tracking-link')).toHaveText('TRACK');
  expect((await getItem(staff, shipped.id)).trackingCode).toBe('1Z999AA10123456784');

  // Request a price change: the empty entry first, then zero, then a price
  await card(page, priced.code).getByRole('button', { name: 'Change price' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request price change' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Request' }).click();
  await expect(dialog.getByText('Please enter a price')).toBeVisible();
  await dialog.getByTestId('request-price-input').fill('0');
  await dialog.getByRole('button', { name: 'Request' }).click();
  await expect(dialog.getByText('You must set the valuee for the price change')).toBeVisible();
  await dialog.getByTestId('request-price-input').fill('99');
  await dialog.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText('Requested price change: $99.00')).toBeVisible();
  await expect(dialog).toBeHidden();
  // the list reloads: the pending request in the spec's words
  await expect(card(page, priced.code).getByTestId('price-pending')).toHaveText('Request for price change to $99.00 pending');
  await expect(card(page, priced.code).getByTestId('status-tag')).toHaveText('Price change');
  expect(await getItem(staff, priced.id)).toMatchObject({ status: 'RequestPriceChange', requestedPrice: 99, price: 120 });

  // Request the withdrawal of an Active item: 'Okay', a request for the store
  await card(page, kept.code).getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw.getByTestId('withdraw-confirmation')).toHaveText('Are you sure you want to request withdrawal of this item?');
  // a consigner cannot withdraw early with a fee (staff only)
  await expect(withdraw.getByTestId('withdraw-early')).toHaveCount(0);
  await withdraw.getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByText('Withdrawal requested')).toBeVisible();
  await expect(card(page, kept.code).getByTestId('status-tag')).toHaveText('Withdrawal request');
  // a requested withdrawal offers no second one
  await expect(card(page, kept.code).getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  expect((await getItem(staff, kept.id)).status).toBe('RequestWithdrawal');

  // Withdraw a Pending drop-off: 'Yes'/'No', withdrawn at once
  await card(page, dropOff.code).getByRole('button', { name: 'Withdraw' }).click();
  const direct = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(direct.getByTestId('withdraw-confirmation')).toHaveText('Are you sure you want to withdraw this item?');
  await expect(direct.getByRole('button', { name: 'No' })).toBeVisible();
  await direct.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Inventory withdrawn')).toBeVisible();
  await expect(card(page, dropOff.code).getByTestId('status-tag')).toHaveText('Withdrawn');
  await expect(card(page, dropOff.code).getByRole('button')).toHaveCount(0);
  expect((await getItem(staff, dropOff.id)).status).toBe('Withdrawn');

  // The store asked a new price: accept it after the confirmation; the drop-off request goes on at that price
  await expect(card(page, asked.code).getByTestId('price-pending')).toHaveText('Store asks $75.00');
  await card(page, asked.code).getByRole('button', { name: 'Accept price' }).click();
  await expect(page.locator(OPEN_POPCONFIRM)).toContainText('Do you want to accept this price change request?');
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Yes' }).press('Enter');
  await expect(page.getByText('Price accepted')).toBeVisible();
  await expect(card(page, asked.code).getByTestId('status-tag')).toHaveText('Requested');
  expect(await getItem(staff, asked.id)).toMatchObject({ status: 'Requested', price: 75, requestedPrice: null });

  // Cancel a drop-off request: 'Do you want to cancel this Dropoff?', Confirm
  await card(page, requested.code).getByRole('button', { name: 'Cancel drop-off' }).click();
  await expect(page.locator(OPEN_POPCONFIRM)).toContainText('Do you want to cancel this Dropoff?');
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Confirm' }).press('Enter');
  await expect(page.getByText('Dropoff has been cancelled')).toBeVisible();
  await expect(card(page, requested.code)).toHaveCount(0);
  expect((await staff.get(`/api/inventories/${requested.id}`)).status()).toBe(404);

  // Enable Marketplace (the demo store has an online marketplace): How it works, three steps, Confirm
  await page.getByTestId('enable-marketplace').click();
  const howItWorks = page.getByRole('dialog', { name: 'How it works' });
  await expect(howItWorks).toBeVisible();
  await expect(howItWorks.getByText('Step 1')).toBeVisible();
  await expect(howItWorks.getByText('assign them to the ONLINE MARKETPLACE location')).toBeVisible();
  await expect(howItWorks.getByText('the store e-mails you to say the item is ready to ship')).toBeVisible();
  await expect(howItWorks.getByText('add the tracking code within 1 day')).toBeVisible();
  // Marco may list at the marketplace (marketplaceLocation): the modal says so
  await expect(howItWorks.getByText('The online marketplace is on for you', { exact: false })).toBeVisible();
  await page.waitForTimeout(300); // the modal's zoom-in, for the screenshot
  await page.screenshot({ path: path.join(screenshots, 'consigner-inventory-how-it-works-390.png'), animations: 'disabled' });
  await howItWorks.getByRole('button', { name: 'Confirm' }).click();
  await expect(howItWorks).toBeHidden();

  // no Popconfirm left open, the toasts gone; the page at both widths
  await expect(page.locator(OPEN_POPCONFIRM)).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await snap(page, 'consigner-inventory', async (width) => {
    await expect(page.getByTestId('summary-cards')).toBeVisible();
    if (width === 1440) {
      await expect(page.getByTestId('inventory-table').locator('.ant-table-row')).toHaveCount(5);
      // the default columns, Tracking and the actions fit without sideways scrolling
      await expect(page.getByTestId('inventory-table').getByRole('columnheader', { name: 'Tracking' })).toBeVisible();
      await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
    } else await expect(page.getByTestId('inventory-card')).toHaveCount(5);
    // nothing wider than the screen
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  await staff.dispose();
  await marco.dispose();
});
