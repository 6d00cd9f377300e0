import fs from 'node:fs';
import { chooseOpenOption } from '../../fixtures/antd';
import { expect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { addActive, getItem, itemLogs, newProduct, pendingDropOffs, rowOf, rows, signedIn, gotoList } from './lists.fixture';

test.describe('[INVENTORY LISTS]: Find Inventory', () => {
  test('bulk edit changes a price of the selected rows; only Active prices are editable', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Bulk Runner');
    const [first, second] = await addActive(staff, product, [
      { size: '9', price: 100 },
      { size: '10', price: 110 },
    ]);
    const [pending] = await pendingDropOffs(staff, ava, product, [{ size: '11', price: 120 }]);

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/findInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Find Inventory');
    await expect(rows(page)).toHaveCount(2);
    // Bulk edit needs at least one selected row.
    await expect(page.getByTestId('bulk-edit-open')).toHaveCount(0);
    await page.getByTestId('select-page').click();
    await page.getByTestId('bulk-edit-open').click();

    const dialog = page.getByRole('dialog', { name: 'Bulk edit 2 items' });
    const editRow = (code: string) => dialog.locator('.ant-table-row').filter({ hasText: code });
    await editRow(first.code).getByTestId('bulk-edit-price').fill('125.5');
    await dialog.getByTestId('bulk-edit-save').click();
    await expect(page.getByText("Updating inventories, this may take some time, don't refresh!")).toBeVisible();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, first.code)).toContainText('$125.50');
    await expect(rowOf(page, second.code)).toContainText('$110.00');
    expect((await getItem(staff, first.id)).price).toBe(125.5);
    expect((await getItem(staff, second.id)).price).toBe(110);
    const logs = await itemLogs(staff, first.id);
    expect(logs.some((l) => l.modifiedFields.some((f) => f.variableChanged === 'price'))).toBeTruthy();

    // With the drop-off listed too (status filter), its price and, in safe mode, its status are locked.
    await gotoList(page, `/findInventory?search=${product.sku}&status=Active&status=Pending`);
    await expect(rows(page)).toHaveCount(3);
    await rowOf(page, pending.code).locator('.ant-checkbox-input').check();
    await page.getByTestId('bulk-edit-open').click();
    const one = page.getByRole('dialog', { name: 'Bulk edit 1 item' });
    await expect(one.getByTestId('bulk-edit-price')).toBeDisabled();
    await expect(one.locator('.ant-select-disabled').filter({ hasText: 'Drop off pending' })).toHaveCount(1);
    await one.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the product page lists that product in every status with the same component; a row opens the item', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Product Page Runner');
    const [active] = await addActive(staff, product, [{ size: '9', price: 140, location: 'Uptown', subLocation: 'Window' }]);
    const [pending] = await pendingDropOffs(staff, ava, product, [{ size: '10', price: 150 }]);

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/products/${product.id}`);
    const listings = page.getByTestId('product-listings');
    await expect(listings.getByTestId('listing-count')).toHaveText('2 listings');
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, pending.code).getByTestId('status-tag')).toHaveText('Drop off pending');
    await expect(rowOf(page, active.code)).toContainText('Window');

    // its filters keep to their own keys in the address
    await listings.getByTestId('filter-status').click();
    await chooseOpenOption(page, 'Drop off pending');
    await listings.locator('.ant-card-head').click();
    await expect(rows(page)).toHaveCount(1);
    expect(new URL(page.url()).searchParams.getAll('inv.status')).toEqual(['Pending']);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);

    await rowOf(page, pending.code).locator('.br-inv-title').click();
    await expect(page).toHaveURL(new RegExp(`/inventories/${pending.id}$`));
  });

  test('Add tracking to a sold marketplace item, and export the list as inventoryExport.csv', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    // The demo's sold marketplace item starts without tracking, also when this test ran before on this server.
    const soldAnswer = await (await staff.get('/api/inventories/paginatedInventories?status=Sold&location=ONLINE+MARKETPLACE')).json();
    for (const row of soldAnswer.data.rows) {
      if (row.trackingCode) expect((await staff.put(`/api/inventories/${row.id}`, { data: { trackingCode: '' } })).status()).toBe(200);
    }
    await signInBrowser(page, DEMO.owner);
    await gotoList(page, '/findInventory?status=Sold&location=ONLINE+MARKETPLACE');
    await expect(page.getByTestId('filter-status')).toContainText('Sold');
    const sold = rows(page).first();
    await expect(sold.getByTestId('status-tag')).toHaveText('Sold');
    await expect(sold.getByTestId('status-tag')).toHaveClass(/ant-tag-green/);
    // The Order column (a link to /orders/{id}) is hidden until chosen.
    await expect(sold.locator('a[href^="/orders/"]')).toHaveCount(0);
    const code = (await sold.locator('.br-inv-sub').first().textContent())!.split(' ')[0];

    await sold.getByTestId('tracking-link').filter({ hasText: 'ADD TRACKING' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tracking' });
    await dialog.getByTestId('tracking-input').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tracking Code Added Successfully')).toBeVisible();
    await expect(rowOf(page, code).getByTestId('tracking-link')).toHaveText('TRACK');
    const rowsAnswer = await (await staff.get(`/api/inventories/paginatedInventories?search=${code}&status=Sold`)).json();
    expect(rowsAnswer.data.rows[0].trackingCode).toBe('1Z999AA10123456784');

    // Active items elsewhere are orange and have no tracking.
    await gotoList(page, '/findInventory');
    await expect(rows(page).first().getByTestId('status-tag')).toHaveClass(/ant-tag-orange/);
    await expect(rows(page).first().getByTestId('tracking-link')).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    expect(download.suggestedFilename()).toBe('inventoryExport.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.slice(1).every((l) => l.includes('Active'))).toBeTruthy();
  });
});
