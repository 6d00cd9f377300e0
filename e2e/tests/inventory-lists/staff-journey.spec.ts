// The scenario of docs/inventory-lists-screens.md in one run, as a staff member would do it, on one product: add three sizes
// through the Add Inventory modal, accept drop-offs from Incoming at a location, find the items, bulk
// edit a price, transfer two and accept the transfer, accept a consigner's price change, decline a
// withdrawal request, withdraw an item early with a fee and delete a Pending drop-off. Every step is
// checked on the page and, at the end, in each item's timeline.
//
// Staff adds are Active at once (the API needs a location for them), so the items that go through
// Incoming are drop-offs of the same product by the consigner, made through the API until the
// consigner portal exists; being inside the pre-approval range they arrive Pending.
import { expect as baseExpect, test, type Page } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { snap } from '../../fixtures/screens';
import { choose, toast } from '../inventory-item/stock';
import { getItem, gotoList, newProduct, post, rowOf, rows, signedIn, type Item } from './lists.fixture';
import { OPEN_POPCONFIRM, pickOption } from '../../fixtures/antd';

// Screens render slowly on the shared test machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(600_000);

const timeline = (page: Page) => page.getByTestId('item-timeline').getByTestId('timeline-entry');

async function openItem(page: Page, id: string) {
  await page.goto(`/inventories/${id}`);
  await expect(page.getByTestId('item-title')).toBeVisible({ timeout: 30_000 });
  await expect(timeline(page).first()).toBeVisible();
}

test('[STAFF JOURNEY]: from the Add Inventory modal to withdrawal and deletion, each step on the page and in the timeline', async ({ page }) => {
  const staff = await signedIn(DEMO.owner);
  const ava = await signedIn(DEMO.ava);
  const product = await newProduct(staff, 'Journey Runner');

  // 1. Add three sizes through the modal (product search card), for Ava, at Downtown.
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/?search=${product.sku}`);
  await page.getByTestId('product-card').filter({ hasText: product.title }).click();
  const modal = page.getByTestId('add-inventory-form');
  await expect(modal.getByTestId('add-inventory-title')).toHaveText(product.title);
  const prices = { '9': '100', '10': '110', '11': '120' } as const;
  for (const size of Object.keys(prices)) await modal.getByLabel(`Size ${size}`, { exact: true }).click();
  const draft = modal.getByTestId('add-inventory-row');
  await expect(draft).toHaveCount(3);
  for (const [i, [size, price]] of Object.entries(prices).entries()) {
    const row = draft.nth(i);
    await choose(page, `Condition for ${size}`, 'New', row);
    await choose(page, `Box for ${size}`, 'Good Box', row);
    await row.getByLabel(`Price for ${size}`).fill(price);
    await choose(page, `Consigner for ${size}`, 'Ava Thompson', row);
  }
  await choose(page, 'Location', 'Downtown', modal);
  await modal.getByTestId('add-product').click();
  await expect(toast(page, `Inventory added to ${product.title}`)).toBeVisible();
  await expect(page.getByTestId('add-inventory-modal')).toBeHidden();

  // 2. Find them on Find Inventory: Active, orange, at Downtown.
  await gotoList(page, `/findInventory?search=${product.sku}`);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('pagination-text')).toHaveText('1-3 of 3 items');
  const added = (await (await staff.get('/api/inventories/paginatedInventories', { params: { productId: product.id } })).json()).data.rows as Item[];
  const bySize = Object.fromEntries(added.map((i) => [i.option1Value, i]));
  for (const item of added) {
    await expect(rowOf(page, item.code).getByTestId('status-tag')).toHaveText('Active');
    await expect(rowOf(page, item.code).getByTestId('status-tag')).toHaveClass(/ant-tag-orange/);
    await expect(rowOf(page, item.code)).toContainText('Downtown');
    await expect(rowOf(page, item.code)).toContainText('0 days old');
  }
  const [s9, s10, s11] = [bySize['9'], bySize['10'], bySize['11']];
  expect([s9.price, s10.price, s11.price]).toEqual([100, 110, 120]);

  // 3. Ava drops off two more of size 9 inside the pre-approval range: they arrive Pending.
  const dropOffs = await post<Item[]>(ava, '/api/inventories', {
    inventoryFormArray: [95, 105].map((price) => ({ productId: product.id, option1Value: '9', option2Value: 'New', option3Value: 'Good Box', price, quantity: 1 })),
  });
  expect(dropOffs.map((d) => d.status)).toEqual(['Pending', 'Pending']);
  const [arriving, cancelled] = dropOffs;

  // 4. Accept one from Incoming at Uptown / Window.
  await gotoList(page, `/incomingInventory?search=${product.sku}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, arriving.code).getByTestId('status-tag')).toHaveText('Drop off pending');
  await rowOf(page, arriving.code).getByRole('button', { name: 'Accept' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept inventory' });
  await pickOption(page, accept.getByTestId('accept-location'), 'Uptown');
  await pickOption(page, accept.getByTestId('accept-sublocation'), 'Window');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Inventory accepted')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await gotoList(page, `/findInventory?search=${product.sku}`);
  await expect(rows(page)).toHaveCount(4);
  await expect(rowOf(page, arriving.code)).toContainText('Uptown');
  await expect(rowOf(page, arriving.code)).toContainText('Window');

  // 5. Bulk edit: size 10 from $110.00 to $115.00.
  await rowOf(page, s10.code).locator('.ant-checkbox-input').check();
  await page.getByTestId('bulk-edit-open').click();
  const bulk = page.getByRole('dialog', { name: 'Bulk edit 1 item' });
  await bulk.getByTestId('bulk-edit-price').fill('115');
  await bulk.getByTestId('bulk-edit-save').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(bulk).toBeHidden();
  await expect(rowOf(page, s10.code)).toContainText('$115.00');

  // 6. Transfer sizes 9 and 10 to Warehouse, then accept the transfer there.
  await page.goto(`/transfers?search=${product.sku}`);
  const transferRows = page.getByTestId('transfer-row');
  await expect(transferRows).toHaveCount(4);
  // 'Select all active' takes every Active row of the page; two of them are transferred.
  await page.getByTestId('select-all-active').click();
  await expect(page.getByTestId('open-transfer')).toHaveText(/Transfer \(4\)/);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  for (const item of [s9, s10]) await page.getByLabel(`Select ${item.code}`).check();
  await page.getByTestId('open-transfer').click();
  const setLocation = page.getByRole('dialog');
  await expect(setLocation).toContainText('2 items selected.');
  await choose(page, 'New location', 'Warehouse', setLocation);
  await setLocation.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Inventory in transit to Warehouse')).toBeVisible();
  await page.goto(`/acceptTransfers?search=${product.sku}`);
  await expect(transferRows).toHaveCount(2);
  for (const item of [s9, s10]) await page.getByLabel(`Select ${item.code}`).check();
  await page.getByTestId('accept-selected').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Transfer accepted')).toBeVisible();
  await expect(transferRows).toHaveCount(0);
  for (const item of [s9, s10]) expect(await getItem(staff, item.id)).toMatchObject({ status: 'Active', location: 'Warehouse' });

  // 7. Ava asks for $112.00 on size 11 (API); staff accept after the spec's confirmation.
  await post(ava, '/api/inventories/requestPriceChange', { id: s11.id, requestedPrice: 112 });
  await gotoList(page, `/pendingPriceChangeInventory?search=${product.sku}`);
  await expect(rowOf(page, s11.code).getByTestId('price-pending')).toHaveText('Requested $112.00');
  await rowOf(page, s11.code).getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('tooltip').filter({ hasText: 'Do you want to accept this price change request?' }).getByRole('button', { name: 'Yes' }).press('Enter');
  await expect(toast(page, 'Price change accepted')).toBeVisible();
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await expect(page.getByText('No items match your search or filters.')).toBeVisible();
  await snap(page, 'inventory-list-empty');

  // 8. Ava asks to withdraw size 9 (API); staff decline in one click.
  await post(ava, '/api/inventories/requestInventoryWithdrawal', { id: s9.id });
  await gotoList(page, `/pendingWithdrawalInventory?search=${product.sku}`);
  await expect(rowOf(page, s9.code).getByTestId('status-tag')).toHaveText('Withdrawal request');
  await rowOf(page, s9.code).getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page, 'Withdrawal declined')).toBeVisible();
  await expect(page.getByTestId('list-empty')).toBeVisible();

  // 9. Withdraw size 10 early with a $15.00 fee, from its item screen.
  await openItem(page, s10.id);
  await page.getByTestId('withdraw-item').click();
  const withdraw = page.getByRole('dialog');
  await withdraw.getByTestId('withdraw-early').click();
  await withdraw.getByRole('spinbutton', { name: 'Withdrawal fee' }).fill('15');
  await withdraw.getByRole('button', { name: 'Okay' }).click();
  await expect(toast(page, 'Inventory withdrawn')).toBeVisible();
  await expect(page.getByTestId('item-status')).toHaveText('Withdrawn');
  await expect(page.getByTestId('edit-card')).toHaveCount(0);

  // Its timeline, newest first: the early withdrawal, the transfer accepted and sent, the bulk price edit, the add.
  const s10Entries = timeline(page);
  await expect(s10Entries.nth(0)).toContainText('Status: Active -> Withdrawn');
  await expect(s10Entries.nth(0)).toContainText('Withdrawal fee: $0.00 -> $15.00');
  await expect(s10Entries.nth(1)).toContainText('Status: In transit -> Active');
  await expect(s10Entries.nth(2)).toContainText('Status: Active -> In transit');
  await expect(s10Entries.nth(2)).toContainText('Location: Downtown -> Warehouse');
  await expect(s10Entries.nth(3)).toContainText('Price: $110.00 -> $115.00');
  await expect(s10Entries.last()).toContainText('Olivia Bennett added this item');

  // Size 9: the declined withdrawal request after the transfer.
  await openItem(page, s9.id);
  await expect(page.getByTestId('item-status')).toHaveText('Withdrawal declined');
  await expect(timeline(page).nth(0)).toContainText('Status: Withdrawal request -> Withdrawal declined');
  await expect(timeline(page).nth(1)).toContainText('Ava Thompson');
  await expect(timeline(page).nth(1)).toContainText('Status: Active -> Withdrawal request');

  // Size 11: the accepted price change.
  await openItem(page, s11.id);
  await expect(page.getByTestId('item-status')).toHaveText('Active');
  await expect(page.getByTestId('pending-price-change')).toHaveCount(0);
  await expect(timeline(page).nth(0)).toContainText('Price: $120.00 -> $112.00');
  await expect(timeline(page).nth(1)).toContainText('Requested price: $112.00');

  // The accepted drop-off: accepted at Uptown / Window.
  await openItem(page, arriving.id);
  await expect(timeline(page).nth(0)).toContainText('Status: Drop off pending -> Active');
  await expect(timeline(page).nth(0)).toContainText('Sub-location: Window');

  // 10. Delete the other Pending drop-off after 'Sure to delete?'; a second later, back to Incoming.
  await openItem(page, cancelled.id);
  await expect(page.getByTestId('item-status')).toHaveText('Drop off pending');
  await expect(timeline(page).first()).toContainText('Ava Thompson added this item');
  await page.getByTestId('delete-item').click();
  await page.locator(OPEN_POPCONFIRM).filter({ hasText: 'Sure to delete?' }).getByRole('button', { name: 'Yes' }).press('Enter');
  await expect(page.getByTestId('item-deleted')).toContainText('Inventory deleted');
  await expect(page).toHaveURL(/\/incomingInventory$/, { timeout: 5000 });
  expect((await staff.get(`/api/inventories/${cancelled.id}`)).status()).toBe(404);

  await staff.dispose();
  await ava.dispose();
});
