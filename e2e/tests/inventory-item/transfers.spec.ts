import { expect as baseExpect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { snap } from '../../fixtures/screens';
import { addItems, choose, consignerId, findProduct, getItem, signedIn, toast } from './stock';

// Screens render slowly on the shared test machine (development build, busy CPU).
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

test('[TRANSFERS]: staff transfer two items to a new location and accept the transfer at another one', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const product = await findProduct(api, 'Gel-Lyte III');
  const ava = await consignerId(api, 'Ava Thompson');
  const items = await addItems(api, [
    { productId: product.id, option1Value: '7', option2Value: 'New', option3Value: 'Good Box', price: 130, consigner: ava, location: 'Downtown' },
    { productId: product.id, option1Value: '7.5', option2Value: 'Used', option3Value: 'No Box', price: 110, consigner: ava, location: 'Downtown' },
  ]);

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/transfers?search=${encodeURIComponent('Gel-Lyte')}&location=Downtown`);
  const rows = page.getByTestId('transfer-row');
  await expect(rows.filter({ hasText: items[0].code })).toHaveCount(1);
  await expect(rows.filter({ hasText: items[1].code })).toHaveCount(1);
  // Filters live in the URL: the status filter defaults to Active.
  await expect(page.getByLabel('Status')).toBeVisible();
  await snap(page, 'transfers');

  await expect(page.getByTestId('open-transfer')).toBeDisabled();
  for (const item of items) await page.getByLabel(`Select ${item.code}`).check();
  await page.getByTestId('open-transfer').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Set New Location');
  await expect(dialog).toContainText('2 items selected.');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog).toContainText('Please select a location');
  await choose(page, 'New location', 'Warehouse', dialog);
  await dialog.getByText('Also write the location into an option value').click();
  await expect(dialog.getByLabel('Option to override')).toBeVisible();
  await expect(dialog).toContainText('Box (Option 3 value)');
  await snap(page, 'transfers-set-location');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Inventory in transit to Warehouse')).toBeVisible();

  for (const item of items) {
    const moved = await getItem(api, item.id);
    expect([moved.status, moved.location, moved.option3Value]).toEqual(['InTransit', 'Warehouse', 'Warehouse']);
  }

  // Accept transfer (Inventory access): the items in transit, accepted at another location.
  await page.goto(`/acceptTransfers?search=${encodeURIComponent('Gel-Lyte')}`);
  for (const item of items) await expect(rows.filter({ hasText: item.code })).toHaveCount(1);
  await snap(page, 'accept-transfers');
  for (const item of items) await page.getByLabel(`Select ${item.code}`).check();
  await page.getByTestId('accept-selected').click();
  // The destination of the transfer is offered first.
  await expect(dialog).toContainText('Warehouse');
  await choose(page, 'New location', 'Uptown', dialog);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Transfer accepted')).toBeVisible();
  for (const item of items) await expect(rows.filter({ hasText: item.code })).toHaveCount(0);

  for (const item of items) {
    const placed = await getItem(api, item.id);
    expect([placed.status, placed.location]).toEqual(['Active', 'Uptown']);
  }
  // The item's timeline tells the story; a click on a transfer row opened it.
  await page.goto(`/transfers?search=${encodeURIComponent(items[0].code)}`);
  await rows.filter({ hasText: items[0].code }).getByText(items[0].title).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/${items[0].id}$`));
  const entries = page.getByTestId('item-timeline').getByTestId('timeline-entry');
  await expect(entries.nth(0)).toContainText('Status: In transit -> Active');
  await expect(entries.nth(0)).toContainText('Location: Warehouse -> Uptown');
  await expect(entries.nth(1)).toContainText('Status: Active -> In transit');
  await expect(entries.nth(1)).toContainText('Box: Good Box -> Warehouse');
  await api.dispose();
});

test('[TRANSFERS]: the phone layout keeps the filters in a modal with Apply', async ({ page }) => {
  await signInBrowser(page, DEMO.owner);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/transfers');
  await page.getByTestId('open-filters').click();
  const dialog = page.getByRole('dialog');
  await choose(page, 'Location', 'Uptown', dialog);
  await snap(page, 'transfers-filters');
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/location=Uptown/);
  await expect(page.getByTestId('transfer-row').first()).toContainText('Uptown');
});
