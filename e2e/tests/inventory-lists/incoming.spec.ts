import { expect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { chooseOpenOption, pickOption } from '../../fixtures/antd';
import { getItem, logChange, newProduct, pendingDropOffs, requestDropOffs, rowOf, rows, signedIn, expectEmpty, gotoList } from './lists.fixture';

test.describe('[INVENTORY LISTS]: Incoming and Request', () => {
  test('staff accept drop-offs at a location and sub-location, then find them on Find Inventory', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Incoming Runner');
    const [one, two, three] = await pendingDropOffs(staff, ava, product, [
      { size: '9', price: 140 },
      { size: '10', price: 150 },
      { size: '11', price: 160 },
    ]);

    await signInBrowser(page, DEMO.stock);
    await gotoList(page, `/incomingInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Drop Off Pending');
    await expect(rows(page)).toHaveCount(3);
    await expect(rowOf(page, one.code).getByTestId('status-tag')).toHaveText('Drop off pending');
    await expect(page.getByTestId('pagination-text')).toHaveText('1-3 of 3 items');
    // Edit opens the item screen in a new tab
    await expect(rowOf(page, one.code).getByTestId('edit-link')).toHaveAttribute('href', `/inventories/${one.id}`);
    await expect(rowOf(page, one.code).getByTestId('edit-link')).toHaveAttribute('target', '_blank');
    // The consigner screen arrives with the people issue: until then the name is not a link (docs/security.md).
    await expect(rowOf(page, one.code).getByRole('link', { name: 'Ava Thompson' })).toHaveCount(0);

    // One item: the drop-off's location is offered first; the sub-location follows the location.
    await rowOf(page, one.code).getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept inventory' });
    await expect(dialog.getByTestId('accept-location')).toContainText('Downtown');
    await pickOption(page, dialog.getByTestId('accept-location'), 'Uptown');
    await pickOption(page, dialog.getByTestId('accept-sublocation'), 'Window');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Inventory accepted')).toBeVisible();
    await expect(rows(page)).toHaveCount(2);

    const accepted = await getItem(staff, one.id);
    expect(accepted).toMatchObject({ status: 'Active', location: 'Uptown', subLocation: 'Window' });
    const log = await logChange(staff, one.id, 'status', 'Active');
    expect(log?.lastUpdatedBy?.name).toBe('Sam Carter');

    // The other two with Bulk Accept: a background job with the spec's warnings and progress.
    await page.getByTestId('select-page').click();
    await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
    await expect(page.getByTestId('select-page')).toHaveText('Deselect Page');
    await page.getByTestId('bulk-accept').click();
    const bulk = page.getByRole('dialog', { name: 'Accept 2 items' });
    await bulk.getByRole('button', { name: 'Accept' }).click();
    await expect(bulk.getByText('You must add the location of the inventory')).toBeVisible();
    await pickOption(page, bulk.getByTestId('accept-location'), 'Warehouse');
    await pickOption(page, bulk.getByTestId('accept-sublocation'), 'Bin 2');
    await bulk.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Accepting inventories, this may take some time')).toBeVisible();
    await expect(page.getByText('Confirmed Action: These changes take time, you will see the changes slowly update...')).toBeVisible();
    await expect(page.getByTestId('job-progress')).toContainText('done. 2 of 2 updated');
    await expectEmpty(page);
    for (const item of [two, three]) expect(await getItem(staff, item.id)).toMatchObject({ status: 'Active', location: 'Warehouse', subLocation: 'Bin 2' });

    // All three are on the shop floor now.
    await gotoList(page, `/findInventory?search=${product.sku}`);
    await expect(rows(page)).toHaveCount(3);
    await expect(rowOf(page, one.code)).toContainText('Uptown');
    await expect(rowOf(page, one.code)).toContainText('Window');
    await expect(rowOf(page, one.code)).toContainText('0 days old');
    await expect(rowOf(page, two.code)).toContainText('Warehouse');
    await expect(rowOf(page, one.code).getByTestId('status-tag')).toHaveText('Active');
  });

  test('Accept All in the grouped view accepts every unit of a product', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Grouped Runner');
    const items = await pendingDropOffs(staff, ava, product, [
      { size: '8', price: 120 },
      { size: '8.5', price: 125 },
      { size: '9', price: 130 },
    ]);

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/incomingInventory?search=${product.sku}`);
    await page.getByTestId('view-toggle').getByText('By product').click();
    await expect(page).toHaveURL(/view=grouped/);
    const group = page.getByTestId('grouped-view').locator('.ant-collapse-item').filter({ hasText: product.title });
    await expect(group.getByTestId('group-units')).toHaveText('3 units');
    await group.locator('.ant-collapse-header').click();
    await expect(group.getByTestId('group-table').locator('.ant-table-row')).toHaveCount(3);

    await group.getByTestId('accept-all').click();
    const dialog = page.getByRole('dialog', { name: `Accept all: ${product.title}` });
    await expect(dialog).toContainText('3 items (3 units) are accepted at this location.');
    await dialog.getByTestId('accept-location').click();
    await chooseOpenOption(page, 'Downtown');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Accepting inventories, this may take some time')).toBeVisible();
    await expect(page.getByTestId('job-progress')).toContainText('done. 3 of 3 updated');
    await expectEmpty(page);
    for (const item of items) expect((await getItem(staff, item.id)).status).toBe('Active');
  });

  test('Request: staff accept a drop-off request with a location, decline another, and Accept All the rest', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Requested Runner');
    const [keep, decline, restA, restB, bulkDeclined] = await requestDropOffs(ava, product, [
      { size: '7', price: 300 },
      { size: '7.5', price: 310 },
      { size: '8', price: 320 },
      { size: '8.5', price: 330 },
      { size: '9', price: 340 },
    ]);

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/requestedInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Requested');
    await expect(rows(page)).toHaveCount(5);

    // Bulk Decline of the selected rows: a background job with the spec's warning.
    await rowOf(page, bulkDeclined.code).locator('.ant-checkbox-input').check();
    await page.getByTestId('bulk-decline').click();
    await page.getByRole('tooltip').filter({ hasText: 'Decline 1 selected item?' }).getByRole('button', { name: 'Yes' }).press('Enter');
    await expect(page.getByText('Declining requested inventories, this may take some time')).toBeVisible();
    await expect(page.getByText('Confirmed Action: These changes take time, you will see the changes slowly update...')).toBeVisible();
    await expect(page.getByTestId('job-progress')).toContainText('done. 1 of 1 updated');
    await expect(rows(page)).toHaveCount(4);
    expect((await getItem(staff, bulkDeclined.id)).status).toBe('Declined');
    await expect(rowOf(page, keep.code).getByTestId('status-tag')).toHaveText('Requested');

    await rowOf(page, decline.code).getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Yes' }).press('Enter');
    await expect(page.getByText('Inventory declined')).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
    expect((await getItem(staff, decline.id)).status).toBe('Declined');
    expect(await logChange(staff, decline.id, 'status', 'Declined')).toBeTruthy();

    await rowOf(page, keep.code).getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept drop-off request' });
    await dialog.getByTestId('accept-location').click();
    await chooseOpenOption(page, 'Downtown');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Drop-off request accepted')).toBeVisible();
    expect(await getItem(staff, keep.id)).toMatchObject({ status: 'Pending', location: 'Downtown' });

    // Accept All of the grouped view on Request: a background job with the requested-items warning.
    await page.getByTestId('view-toggle').getByText('By product').click();
    await page.getByTestId('accept-all').click();
    const all = page.getByRole('dialog', { name: `Accept all: ${product.title}` });
    await all.getByTestId('accept-location').click();
    await chooseOpenOption(page, 'Uptown');
    await all.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Accepting requested inventories, this may take some time')).toBeVisible();
    await expect(page.getByTestId('job-progress')).toContainText('done. 2 of 2 updated');
    for (const item of [restA, restB]) expect(await getItem(staff, item.id)).toMatchObject({ status: 'Pending', location: 'Uptown' });

    // They are now on their way in: Incoming lists them as drop-offs pending.
    await gotoList(page, `/incomingInventory?search=${product.sku}`);
    await expect(rows(page)).toHaveCount(3);
  });
});
