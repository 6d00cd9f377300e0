// Scan intake (/scan; docs/scanning.md): a consigner's drop-offs scanned in with a
// keyboard-wedge scanner at scanner speed, through the exactly-one, several-match, unknown-product
// and new-item paths, then saved: every scanned drop-off is Active at the chosen location.
import { expect as baseExpect, test } from '../fixtures/test';
import { getJson, signInBrowser } from '../fixtures/api';
import { chooseOpenOption, OPEN_DROPDOWN, pickOption } from '../fixtures/antd';
import { DEMO } from '../fixtures/demo';
import { getItem, itemLogs, newProduct, pendingDropOffs, post, signedIn } from './inventory-lists/lists.fixture';
import { freshGtin, scanWithWedge, shoot, toast } from './scan/scan.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ actionTimeout: 20_000 });

test.describe('[SCAN]: scan intake', () => {
  test('scans drop-offs in with a keyboard-wedge scanner and saves them at the location', async ({ page }) => {
    test.setTimeout(180_000);
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const marco = await signedIn(DEMO.marco);
    const product = await newProduct(staff, 'Scan Runner');
    const [nineA, nineB, ten] = await pendingDropOffs(staff, ava, product, [
      { size: '9', price: 100 },
      { size: '9', price: 110 },
      { size: '10', price: 120 },
    ]);
    // a drop-off of another consigner (Marco) brought in by Ava's hands
    const [marcos] = await pendingDropOffs(staff, marco, product, [{ size: '12', price: 90 }]);
    const names = async (item: { id: string }) => {
      const { body } = await getJson<{ consigner: { firstName: string; lastName: string } }>(staff, `/api/inventories/${item.id}`);
      return `${body.data!.consigner.firstName} ${body.data!.consigner.lastName}`;
    };
    const [avaName, marcoName] = [await names(ten), await names(marcos)];
    // size 9 has a GTIN already: its scan finds two drop-offs
    const gtin9 = freshGtin();
    await post(staff, '/api/scans/intake/attach', { product: product.id, size: '9', code: gtin9 });
    let unknown = freshGtin();
    while (unknown === gtin9) unknown = freshGtin();

    await signInBrowser(page, DEMO.owner);
    await page.goto('/scan');
    await expect(page.getByText('Select Consigner / Location')).toBeVisible({ timeout: 30_000 });
    // step 1: Next says what is missing
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toast(page, 'Please select a location and a consigner')).toBeVisible();
    await shoot(page, 'scan-step1');

    await page.getByLabel('Consigner').click();
    await page.keyboard.type('Ava');
    await page.locator(OPEN_DROPDOWN).locator('.ant-select-item-option').filter({ hasText: /^Ava/ }).first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toast(page, 'Please select a location')).toBeVisible();
    await pickOption(page, page.getByLabel('Location'), 'Uptown');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('scanner-ready')).toHaveText(/Ready to scan/);

    const list = page.getByTestId('intake-list').locator('.ant-table-row');
    // exactly one: an item's own code (a scanner sends it in capitals)
    await scanWithWedge(page, ten.code);
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText(ten.code);
    // the scanned row shows its consigner
    await expect(list.first().getByTestId('intake-consigner')).toHaveText(avaName);
    // the same code again
    await scanWithWedge(page, ten.code);
    await expect(toast(page, 'Item already scanned')).toBeVisible();
    // a half-typed code is dropped after 500 ms of silence and never joins the next one
    await page.keyboard.type('ZZ', { delay: 8 });
    await page.waitForTimeout(700);
    // several: the GTIN of size 9 matches two drop-offs, staff pick one
    await scanWithWedge(page, gtin9);
    const choose = page.locator('.ant-modal').filter({ hasText: 'Which' });
    await expect(choose.getByTestId('choice')).toHaveCount(2);
    await choose.getByTestId('choice').filter({ hasText: nineB.code }).click();
    await choose.getByRole('button', { name: 'Add' }).click();
    await expect(list).toHaveCount(2);
    await expect(page.getByTestId('intake-list')).toContainText(nineB.code);

    // another consigner's drop-off: refused with that consigner's name unless staff confirm the reassignment
    await scanWithWedge(page, marcos.code);
    const reassign = page.locator('.ant-modal').filter({ hasText: `This item belongs to ${marcoName}` });
    await expect(reassign.getByTestId('reassign-text')).toContainText(`${marcos.code} belongs to ${marcoName}, not ${avaName}`);
    await reassign.getByRole('button', { name: 'Leave it out' }).click();
    await expect(toast(page, `${marcos.code} belongs to ${marcoName}, not ${avaName}: not added`)).toBeVisible();
    await expect(list).toHaveCount(2);
    // an open (or closing) dialog owns the keyboard: scan once it is gone
    await expect(page.locator('.ant-modal-wrap:not([style*="display: none"])')).toHaveCount(0);
    await scanWithWedge(page, marcos.code);
    await expect(reassign).toBeVisible();
    await shoot(page, 'scan-reassign');
    await reassign.getByRole('button', { name: `Reassign to ${avaName}` }).click();
    await expect(list).toHaveCount(3);
    const marcoRow = list.filter({ hasText: marcos.code });
    await expect(marcoRow.getByTestId('intake-consigner')).toContainText(marcoName);
    await expect(marcoRow.getByTestId('intake-consigner')).toContainText('Reassigned');

    // unknown product: attach the code to this product, size 11; no drop-off of size 11: a new item
    // (scanned once the reassignment dialog is gone: a closing dialog still owns the keyboard)
    await expect(page.locator('.ant-modal-wrap:not([style*="display: none"])')).toHaveCount(0);
    await scanWithWedge(page, unknown);
    const attach = page.locator('.ant-modal').filter({ hasText: 'Attach this code to a product' });
    await expect(attach).toBeVisible();
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expect(toast(page, 'Select a product')).toBeVisible();
    await attach.getByLabel('Product').click();
    await page.keyboard.type(product.sku);
    await page.locator(OPEN_DROPDOWN).locator('.ant-select-item-option').filter({ hasText: product.sku }).click();
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expect(toast(page, 'Please select an option')).toBeVisible();
    await attach.getByLabel('Size').click();
    await page.keyboard.type('11');
    await chooseOpenOption(page, '11');
    await attach.getByRole('button', { name: 'Attach' }).click();
    const newItem = page.locator('.ant-modal').filter({ hasText: 'New item' });
    await expect(newItem).toBeVisible();
    await newItem.getByRole('button', { name: 'Add item' }).click();
    await expect(toast(page, 'Please enter a price')).toBeVisible();
    await newItem.getByLabel('Price').fill('75');
    await expect(newItem.getByTestId('new-item-payout')).not.toHaveText('—');
    await newItem.getByRole('button', { name: 'Add item' }).click();
    await expect(toast(page, 'Please select a valid option 2')).toBeVisible();
    await pickOption(page, newItem.getByLabel('Condition'), 'New');
    await pickOption(page, newItem.getByLabel('Box'), 'Good Box');
    // the options change the fees: Add item waits for their quote, as a person sees the payout come back
    await expect(newItem.getByTestId('new-item-payout')).not.toHaveText('—');
    await newItem.getByRole('button', { name: 'Add item' }).click();
    await expect(list).toHaveCount(4);
    await expect(page.getByTestId('intake-count')).toHaveText('4 items');
    await shoot(page, 'scan-step2');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, '3 items accepted at Uptown')).toBeVisible();
    await expect(list).toHaveCount(0);

    // Marco's item is Ava's now, accepted with hers; its activity says who changed the owner
    const moved = await getItem(staff, marcos.id);
    expect(moved).toMatchObject({ status: 'Active', location: 'Uptown', consignerId: ten.consignerId });
    const ownerChange = (await itemLogs(staff, marcos.id)).find((l) => l.modifiedFields.some((f) => f.variableChanged === 'consignerId' && f.afterValue === ten.consignerId));
    expect(ownerChange?.lastUpdatedBy?.name).toBeTruthy();
    for (const id of [ten.id, nineB.id]) {
      const item = await getItem(staff, id);
      expect(item.status).toBe('Active');
      expect(item.location).toBe('Uptown');
      const logs = await itemLogs(staff, id);
      expect(logs.some((l) => l.modifiedFields.some((f) => f.variableChanged === 'status' && f.afterValue === 'Active'))).toBe(true);
    }
    // the drop-off not scanned is still on its way in
    expect((await getItem(staff, nineA.id)).status).toBe('Pending');
  });
});
