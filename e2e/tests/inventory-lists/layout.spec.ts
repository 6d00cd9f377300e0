// docs/security.md, screens as a shop meets them: Find Inventory fits 1440 px, a remembered column chooser,
// a cue where a table still scrolls sideways, bulk edit's live payout, template option names, and
// the phone layout (touch targets, no blank band in the product header).
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../../fixtures/test';
import { formatMoney, toMinor } from '@backroom/domain';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { DESKTOP, PHONE, pageOverflow, shot, smallTouchTargets, tableOverflow } from '../../fixtures/layout';
import { addActive, gotoList, newProduct, post, rowOf, rows, signedIn } from './lists.fixture';

// Screens render slowly on the shared, loaded test machine.
const expect = baseExpect.configure({ timeout: 45_000 });
test.setTimeout(300_000);

const SPEC_COLUMNS = ['Product', 'SKU', 'Size', 'Status', 'Price', 'Location', 'Days Active', 'Tracking', 'Edit'];

const header = (page: Page, title: string) =>
  page.getByTestId('inventory-table').locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });

test.describe('[LAYOUT]: screens as a shop meets them', () => {
  test('Find Inventory shows the spec columns at 1440 without sideways scrolling; the column chooser is remembered; a wider table shows a cue', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Layout Runner');
    await addActive(staff, product, [
      { size: '9', price: 100 },
      { size: '10', price: 110 },
    ]);

    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(DESKTOP);
    // the whole shop's list, long titles and all
    await gotoList(page, '/findInventory');
    const table = page.getByTestId('inventory-table');
    await expect(rows(page).first()).toBeVisible();
    for (const title of SPEC_COLUMNS) await expect(header(page, title)).toHaveCount(1);
    // the image sits in the product cell, beside the title
    await expect(rows(page).first().locator('td:has(.br-inv-title) img')).toHaveCount(1);
    expect(await tableOverflow(table)).toBeLessThanOrEqual(0);
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
    // the filters name option 3 as the template does
    await expect(page.getByLabel('Box', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Option 3', { exact: true })).toHaveCount(0);
    await shot(page, 'find-inventory');

    // the column chooser hides SKU, and it stays hidden after a reload
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-sku').click();
    await expect(header(page, 'SKU')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(rows(page).first()).toBeVisible({ timeout: 60_000 });
    await expect(header(page, 'Status')).toHaveCount(1);
    await expect(header(page, 'SKU')).toHaveCount(0);

    // with SKU back and consigner and order chosen too, the table is wider than the screen: a cue shows
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-sku').click();
    await page.getByTestId('column-consigner').click();
    await page.getByTestId('column-order').click();
    await page.keyboard.press('Escape');
    await expect(header(page, 'Order')).toHaveCount(1);
    expect(await tableOverflow(table)).toBeGreaterThan(0);
    await expect(page.getByTestId('scroll-hint')).toBeVisible();
    await expect(table.getByTestId('scroll-fade-end')).toHaveAttribute('data-show', 'true');
    await shot(page, 'find-inventory-many-columns');

    // phone: cards, every control at least 40 px
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('inventory-cards')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await smallTouchTargets(page.locator('main'))).toEqual([]);
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'find-inventory');
    await staff.dispose();
  });

  test('bulk edit shows Price and a live Payout next to the title at 1440, the templates option names, and cards on a phone', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Bulk Payout Runner');
    const [first] = await addActive(staff, product, [
      { size: '9', price: 100 },
      { size: '10', price: 110 },
    ]);
    const quote = (price: number) =>
      post<{ payout: number }>(staff, '/api/inventories/fees', {
        id: first.id,
        productId: product.id,
        price,
        quantity: 1,
        consigner: first.consignerId,
        option1Value: '9',
        option2Value: 'New',
        option3Value: 'Good Box',
      });
    const usd = (major: number) => formatMoney(toMinor(major), 'USD');

    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(DESKTOP);
    await gotoList(page, `/findInventory?search=${product.sku}`);
    await expect(rows(page)).toHaveCount(2);
    await page.getByTestId('select-page').click();
    await page.getByTestId('bulk-edit-open').click();
    const dialog = page.getByRole('dialog', { name: 'Bulk edit 2 items' });
    const row = dialog.locator('.ant-table-row').filter({ hasText: first.code });
    const price = row.getByTestId('bulk-edit-price');
    const payout = row.getByTestId('bulk-edit-payout');
    await expect(payout).toHaveText(usd((await quote(100)).payout));
    await expect(dialog.locator('thead th').filter({ hasText: /^Box$/ })).toHaveCount(1);
    await expect(dialog.locator('thead th').filter({ hasText: /^Option 3$/ })).toHaveCount(0);

    // Price and Payout are in view without scrolling the table sideways
    for (const box of [await price.boundingBox(), await payout.boundingBox()]) {
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
    }

    // the payout follows the price as it is typed
    await price.fill('250');
    const expected = usd((await quote(250)).payout);
    await expect(payout).toHaveText(expected);
    await expect(row.getByTestId('bulk-edit-payout-was')).toHaveText(`was ${usd((await quote(100)).payout)}`);
    await price.fill('180');
    await expect(payout).toHaveText(usd((await quote(180)).payout));
    await shot(page, 'bulk-edit');

    // phone: one card per item, the payout still live, every control at least 40 px
    await page.setViewportSize(PHONE);
    await expect(dialog.getByTestId('bulk-edit-cards')).toBeVisible();
    await expect(dialog.getByTestId('bulk-edit-table')).toHaveCount(0);
    const card = dialog.getByTestId('bulk-edit-card').filter({ hasText: first.code });
    await card.getByTestId('bulk-edit-price').fill('250');
    await expect(card.getByTestId('bulk-edit-payout')).toHaveText(expected);
    await page.waitForTimeout(300);
    expect(await smallTouchTargets(dialog)).toEqual([]);
    await shot(page, 'bulk-edit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await staff.dispose();
  });

  test('the product page: listings without sideways scrolling at 1440; on a phone no blank band in the header and touch targets of 40 px', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Product Layout Runner');
    const [item] = await addActive(staff, product, [
      { size: '9', price: 100 },
      { size: '10', price: 110 },
    ]);

    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(DESKTOP);
    await gotoList(page, `/products/${product.id}`);
    await expect(rowOf(page, item.code)).toBeVisible();
    for (const title of SPEC_COLUMNS) await expect(header(page, title)).toHaveCount(1);
    expect(await tableOverflow(page.getByTestId('inventory-table'))).toBeLessThanOrEqual(0);
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'product-page');

    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('inventory-cards')).toBeVisible();
    await page.waitForTimeout(300);
    // the title block is as tall as its content: no flex basis stretching it in the vertical header
    const main = await page.getByTestId('product-header-main').boundingBox();
    expect(main!.height).toBeLessThan(160);
    expect(await smallTouchTargets(page.locator('main'))).toEqual([]);
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'product-page');
    await staff.dispose();
  });
});
