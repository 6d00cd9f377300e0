// docs/inventory-lists-screens.md ("Review lists at 1440") and docs/catalogue-screens.md ("Links to the
// product page"): the review lists and Accept Transfer fit 1440 px without sideways scrolling, their
// actions in view; cards at 390; the product page reached from a product card, an item's header and the
// grouped view.
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { DESKTOP, PHONE, pageOverflow } from '../../fixtures/layout';
import { snap } from '../../fixtures/screens';
import { addActive, gotoList, newProduct, pendingDropOffs, post, requestDropOffs, rowOf, signedIn } from './lists.fixture';

// Screens render slowly on the shared, loaded test machine.
const expect = baseExpect.configure({ timeout: 45_000 });
test.setTimeout(300_000);

/** The table's own scroll box: its scroll width must not exceed its client width. */
async function sideways(table: Locator): Promise<{ scrollWidth: number; clientWidth: number }[]> {
  return table.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content')).map((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth })),
  );
}

async function expectNoSidewaysScroll(page: Page, table: Locator) {
  const boxes = await sideways(table);
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
}

/** The control is drawn inside the 1440 px window (not behind a sideways scroll). */
async function expectInView(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
}

test.describe('[LAYOUT]: review lists and Accept Transfer at 1440, links to the product page', () => {
  test('every staff list with a table fits 1440 without sideways scrolling, on the demo data', async ({ page }) => {
    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(DESKTOP);
    const lists = [
      '/findInventory',
      '/buyingInventory',
      '/readyToPrint',
      '/pendingWithdrawalInventory',
      '/withdrawnInventory',
      '/transfers',
      '/consigners',
      '/findOrders',
      '/employees',
      '/pendingPayouts',
      '/payouts',
      '/storefrontSync',
      '/productTemplates',
      '/locations',
      '/subLocations',
    ];
    const wide: string[] = [];
    for (const url of lists) {
      await page.goto(url);
      // the list has drawn its table (rows, or its empty state) and its data has come before it is measured
      await expect(page.locator('.ant-table .ant-table-row, .ant-table .ant-empty').first(), url).toBeVisible();
      await page.waitForLoadState('networkidle');
      const boxes = await sideways(page.locator('main, .ant-layout-content').first());
      for (const box of boxes) if (box.scrollWidth > box.clientWidth) wide.push(`${url}: ${box.scrollWidth} > ${box.clientWidth}`);
      if ((await pageOverflow(page)) > 0) wide.push(`${url}: the page scrolls sideways`);
    }
    expect(wide).toEqual([]);
  });

  test('Drop Off Pending, Requested, Price Change and Accept Transfer fit 1440 with every action in view; cards at 390', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Fit Runner With A Rather Long Product Title For The Table');
    const [pending] = await pendingDropOffs(staff, ava, product, [{ size: '9', price: 100 }]);
    const [requested] = await requestDropOffs(ava, product, [{ size: '10', price: 110 }]);
    const [priced, moving] = await addActive(staff, product, [
      { size: '11', price: 120 },
      { size: '12', price: 130 },
    ]);
    await post(ava, '/api/inventories/requestPriceChange', { id: priced.id, requestedPrice: 99 });
    await post(staff, '/api/inventories/transfer', { inventories: [moving.id], location: 'Uptown', shouldOverrideLocationOption: false });

    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(DESKTOP);
    const lists = [
      { url: '/incomingInventory', item: pending, actions: ['Accept', 'Decline', 'Delete'] },
      { url: '/requestedInventory', item: requested, actions: ['Accept', 'Ask new price', 'Decline'] },
      { url: '/pendingPriceChangeInventory', item: priced, actions: ['Accept', 'Decline'] },
    ];
    for (const list of lists) {
      await gotoList(page, `${list.url}?search=${product.sku}`);
      const row = rowOf(page, list.item.code);
      await expect(row).toBeVisible();
      await expectNoSidewaysScroll(page, page.getByTestId('inventory-table'));
      for (const name of list.actions) await expectInView(row.getByRole('button', { name, exact: true }));
      await expectInView(row.getByTestId('edit-link'));
      // the SKU and the size are folded into the product cell
      await expect(row.getByTestId('folded-sku')).toContainText(product.sku);
      await expect(row).toContainText(`Size ${list.item.option1Value}`);
      // an icon action names itself on hover
      const iconAction = row.getByRole('button', { name: list.actions[1], exact: true });
      await iconAction.hover();
      await expect(page.locator('.ant-tooltip').filter({ hasText: list.actions[1] })).toBeVisible();
      await page.mouse.move(0, 0);
      await snap(page, `fit${list.url.replace('/', '-')}`, async (width) => {
        if (width < 768) await expect(page.getByTestId('inventory-card').first()).toBeVisible();
        else await expectNoSidewaysScroll(page, page.getByTestId('inventory-table'));
      });
    }

    // Accept Transfer: the product column keeps its room (title, code, size, SKU; a 44 px picture)
    await page.goto(`/acceptTransfers?search=${product.sku}`);
    const transfer = page.getByTestId('transfer-row').filter({ hasText: moving.code });
    await expect(transfer).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, page.getByTestId('transfer-table'));
    const cell = transfer.getByTestId('transfer-product');
    expect((await cell.boundingBox())!.width).toBeGreaterThanOrEqual(280);
    expect((await cell.locator('img').boundingBox())!.width).toBeGreaterThanOrEqual(40);
    await expect(cell).toContainText(product.sku);
    await expectInView(transfer.getByTestId('accept-transfer'));
    await snap(page, 'fit-accept-transfers', async (width) => {
      if (width >= 768) await expectNoSidewaysScroll(page, page.getByTestId('transfer-table'));
      else await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    });
    await page.setViewportSize(PHONE);
    await staff.dispose();
    await ava.dispose();
  });

  test('the product page is linked from the product card, the item page header and the grouped view', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Linked Runner');
    const [item] = await addActive(staff, product, [{ size: '9', price: 100 }]);
    const productPage = async () => {
      await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
      await expect(page.getByText(product.sku).first()).toBeVisible({ timeout: 30_000 });
    };

    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(DESKTOP);
    // the product card: a click opens Add Inventory; its Details link opens the product page
    await page.goto(`/?search=${product.sku}`);
    const card = page.getByTestId('product-card').filter({ hasText: product.title });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await snap(page, 'links-product-card', async () => {
      await expect(card.getByTestId('product-card-details')).toBeVisible();
    });
    await card.getByTestId('product-card-details').click();
    await productPage();

    // the item page's header
    await page.goto(`/inventories/${item.id}`);
    await expect(page.getByTestId('item-header')).toBeVisible({ timeout: 30_000 });
    await snap(page, 'links-item-header', async () => {
      await expect(page.getByTestId('item-product-link')).toBeVisible();
    });
    await page.getByTestId('item-product-link').click();
    await productPage();

    // the grouped view: each product's heading links its page
    await gotoList(page, `/findInventory?view=grouped&search=${product.sku}`);
    const group = page.getByTestId('grouped-view').locator('.ant-collapse-item').filter({ hasText: product.title });
    await expect(group).toBeVisible();
    await snap(page, 'links-grouped-view', async () => {
      await expect(group.getByTestId('group-product-link')).toBeVisible();
    });
    await group.getByTestId('group-product-link').click();
    await productPage();
    await staff.dispose();
  });
});
