// The consigner's Products screen on a phone (docs/consigner-portal.md): a product card opens the Add Inventory modal,
// Add Product fills the review list, the bottom bar counts it and sums its payouts, the review panel
// splits it into Pre-Approved and Request Drop Off from the server's check, Submit creates each row
// once; then the product item screen lists the consigner's own items.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO, unique } from '../../fixtures/demo';
import { DESKTOP, PHONE, snap } from '../../fixtures/screens';
import { createProductApi, ownerApi, templateNamed, uniqueDigits } from '../catalogue/catalogue-helpers';
import { addItems, choose, consignerId, listItems, signedIn, toast } from '../inventory-item/stock';

const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(240_000);

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');

/** The review panel, opened at this width and saved as e2e/screenshots/<name>-<width>.png (no resize while open). */
async function shootPanel(page: Page, width: number) {
  await page.setViewportSize(width === PHONE.width ? PHONE : DESKTOP);
  await page.getByTestId('review-items').click();
  const panel = page.getByTestId('review-panel');
  await expect(panel.getByTestId('review-submit')).toBeEnabled();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(shots, `consigner-review-panel-${width}.png`), animations: 'disabled' });
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toBeHidden();
}

test('[CONSIGNER PRODUCTS]: a consigner lists items through the modal and the review bar, reviews Pre-Approved and Request Drop Off, submits once', async ({ page }) => {
  // A product of this run with one Active listing of size 9 at 100.00: the store pre-approves 80.00 to 130.00
  // for size 9 and has nothing to pre-approve size 10 against.
  const owner = await ownerApi();
  const sneakers = await templateNamed(owner, 'Sneakers');
  const title = unique('E2E Portal Runner');
  const product = await createProductApi(owner, { title, sku: `PR-${uniqueDigits(8)}`, templateId: sneakers.id });
  const lena = await consignerId(owner, 'Lena Park');
  await addItems(owner, [{ productId: product.id, option1Value: '9', option2Value: 'New', option3Value: 'Good Box', price: 100, consigner: lena, location: 'Downtown' }]);
  const ava = await signedIn(DEMO.ava);
  // the live fee quote of each row: the bar's Values is payout x quantity summed
  const quote = async (price: number, size: string) =>
    ((await (await ava.post('/api/inventories/fees', { data: { productId: product.id, price, quantity: 1, option1Value: size, option2Value: 'New', option3Value: 'Good Box' } })).json()) as { data: { total: number } }).data.total;
  const expectedValue = (await quote(110, '9')) + (await quote(120, '10'));
  const money = (v: number) => `$${v.toFixed(2)}`;

  await page.setViewportSize(PHONE);
  await signInBrowser(page, DEMO.ava);
  await page.goto(`/?search=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  const bar = page.getByTestId('review-bar');
  await expect(bar.getByTestId('review-count')).toHaveText('0');
  await expect(bar.getByTestId('reviews-link')).toHaveAttribute('href', '/dropoff');

  // Nothing added yet: Review Items warns.
  await bar.getByTestId('review-items').click();
  await expect(toast(page, 'No item has been added for review')).toBeVisible();
  await expect(page.getByTestId('review-panel')).toHaveCount(0);

  // The card opens the Add Inventory modal, the consigner fixed to Ava.
  await page.getByTestId('product-card').click();
  const modal = page.getByTestId('add-inventory-form');
  await expect(modal.getByTestId('add-inventory-title')).toHaveText(title);
  for (const size of ['9', '10', '11']) await modal.getByLabel(`Size ${size}`, { exact: true }).click();
  const rows = modal.getByTestId('add-inventory-row');
  await expect(rows).toHaveCount(3);
  const consignerSelect = rows.first().locator('.ant-select').filter({ hasText: 'Ava' });
  await expect(consignerSelect).toHaveClass(/ant-select-disabled/);
  const prices = { '9': '110', '10': '120', '11': '125' } as const;
  for (const [i, size] of (['9', '10', '11'] as const).entries()) {
    const row = rows.nth(i);
    await choose(page, `Condition for ${size}`, 'New', row);
    await choose(page, `Box for ${size}`, 'Good Box', row);
    await row.getByLabel(`Price for ${size}`).fill(prices[size]);
  }
  // Ava has no marketplace location: ONLINE MARKETPLACE is not offered
  await modal.getByLabel('Location', { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('Downtown')).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('ONLINE MARKETPLACE')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await choose(page, 'Location', 'Downtown', modal);
  await page.screenshot({ path: path.join(shots, 'consigner-add-inventory-modal-390.png'), animations: 'disabled' });
  await modal.getByTestId('add-product').click();
  await expect(toast(page, `3 items of ${title} added for review`)).toBeVisible();
  await expect(page.getByTestId('add-inventory-modal')).toBeHidden();
  // nothing is created before Submit
  expect(await listItems(ava, { productId: product.id, status: 'Pending' })).toHaveLength(0);
  await expect(bar.getByTestId('review-count')).toHaveText('3');

  // The list survives a reload.
  await page.reload();
  await expect(bar.getByTestId('review-count')).toHaveText('3');

  // Review: size 9 within the range is Pre-Approved; 10 and 11 (no listing to compare with) are Requests.
  await bar.getByTestId('review-items').click();
  const panel = page.getByTestId('review-panel');
  const preapproved = panel.getByTestId('review-preapproved');
  const requested = panel.getByTestId('review-requested');
  await expect(preapproved.getByTestId('review-entry')).toHaveCount(1);
  await expect(requested.getByTestId('review-entry')).toHaveCount(2);
  await expect(preapproved.getByTestId('review-entry')).toContainText('9 · New · Good Box');
  // Remove size 11: the list re-checks, and two items stay.
  await requested.getByRole('button', { name: `Remove ${title} 11` }).click();
  await expect(requested.getByTestId('review-entry')).toHaveCount(1);
  await expect(requested.getByTestId('review-entry')).toContainText('10 · New · Good Box');
  await expect(panel.getByTestId('review-submit')).toBeEnabled();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toBeHidden();
  await expect(bar.getByTestId('review-count')).toHaveText('2');
  await expect(bar.getByTestId('review-value')).toHaveText(money(expectedValue));
  await snap(page, 'consigner-products-bar', async () => {
    await expect(bar.getByTestId('review-count')).toHaveText('2');
  });
  await shootPanel(page, DESKTOP.width);
  await shootPanel(page, PHONE.width);

  // Submit waits for the panel's pre-approval checks: held back here, the button stays disabled.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/inventories/check', async (route) => {
    await held;
    await route.continue();
  });
  await bar.getByTestId('review-items').click();
  await expect(panel.getByTestId('review-summary')).toHaveText('Checking pre-approval…');
  await expect(panel.getByTestId('review-submit')).toBeDisabled();
  release();
  await expect(panel.getByTestId('review-submit')).toBeEnabled();
  await page.unroute('**/api/inventories/check');
  // Submit, twice in a hurry: the items are made once, with the statuses the panel promised.
  await panel.getByTestId('review-submit').dblclick();
  await expect(panel.getByTestId('review-success')).toContainText('Your product has been added successfully');
  await expect(panel.getByTestId('follow-Pending')).toHaveAttribute('href', '/dropoffPending');
  await expect(panel.getByTestId('follow-Requested')).toHaveAttribute('href', '/dropoff');
  await page.screenshot({ path: path.join(shots, 'consigner-review-success-390.png'), animations: 'disabled' });
  const mine = [...(await listItems(ava, { productId: product.id, status: 'Pending' })), ...(await listItems(ava, { productId: product.id, status: 'Requested' }))];
  expect(mine.map((i) => [i.option1Value, i.status, i.price, i.location]).sort()).toEqual([
    ['10', 'Requested', 120, 'Downtown'],
    ['9', 'Pending', 110, 'Downtown'],
  ]);
  await panel.getByTestId('review-continue').click();
  await expect(panel).toBeHidden();
  await expect(bar.getByTestId('review-count')).toHaveText('0');
  await expect(bar.getByTestId('review-value')).toHaveText('$0.00');

  // The product item screen: header, '2 listings' (Ava's own), her two items and no staff actions.
  await page.goto(`/productItem/${product.id}`);
  await expect(page.getByTestId('product-title')).toHaveText(title);
  await expect(page.getByTestId('product-sku')).toHaveText(`SKU ${product.sku}`);
  await expect(page.getByTestId('product-listings-count')).toHaveText('2 listings');
  const listings = page.getByTestId('product-listings');
  await expect(listings.getByText(mine[0].code)).toBeVisible();
  await expect(listings.getByText(mine[1].code)).toBeVisible();
  await expect(listings.getByTestId('edit-link')).toHaveCount(0);
  // the portal's colours: statuses other than Sold are red (staff lists: orange)
  for (const tag of await listings.getByTestId('status-tag').all()) await expect(tag).toHaveClass(/red/);
  for (const name of ['Save', 'Manage GTINS', 'More']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await snap(page, 'consigner-product-item-listings', async () => {
    await expect(listings.getByText(mine[0].code)).toBeVisible();
  });
  await owner.dispose();
  await ava.dispose();
});

test('[CONSIGNER PRODUCTS]: the product grid loads the next page as it scrolls to its end', async ({ page }) => {
  // 49 products sharing a word of this run: one page of 48 cards, then one more.
  const owner = await ownerApi();
  const sneakers = await templateNamed(owner, 'Sneakers');
  const word = unique('Pagewalk').replace(/-/g, '');
  for (let i = 0; i < 49; i += 1) await createProductApi(owner, { title: `${word} Trainer ${i}`, sku: `PW-${uniqueDigits(9)}`, templateId: sneakers.id });
  await owner.dispose();

  await page.setViewportSize(PHONE);
  await signInBrowser(page, DEMO.ava);
  await page.goto(`/?search=${encodeURIComponent(word)}`);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(48);
  await expect(page.getByTestId('search-summary')).toHaveText(`First 48 products match “${word}”`);
  // the newest first: the last one made leads
  await expect(cards.first()).toContainText(`${word} Trainer 48`);
  await page.getByTestId('product-grid-end').scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(49);
  await expect(cards.last()).toContainText(`${word} Trainer 0`);
  await expect(page.getByTestId('product-grid-end')).toHaveText('That is all 49 products. Missing one? Use Create New Product.');
  await expect(page.getByTestId('search-summary')).toHaveText(`49 products match “${word}”`);
});
