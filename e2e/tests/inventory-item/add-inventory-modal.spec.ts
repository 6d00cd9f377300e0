import { expect as baseExpect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { snap } from '../../fixtures/screens';
import { choose, findProduct, listItems, signedIn, toast } from './stock';
import { OPEN_DROPDOWN } from '../../fixtures/antd';

// Screens render slowly on the shared test machine (development build, busy CPU).
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

const PRODUCT = 'Nike Dunk Low Retro Panda';

test('[ADD INVENTORY]: staff add three sizes of a product through the modal and find them Active at the location', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const product = await findProduct(api, PRODUCT);
  const before = await listItems(api, { productId: product.id, status: 'Active' });

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/?search=${encodeURIComponent('Dunk Low Panda')}`);
  await page.getByTestId('product-card').filter({ hasText: PRODUCT }).click();
  const modal = page.getByTestId('add-inventory-form');
  await expect(modal.getByTestId('add-inventory-title')).toHaveText(PRODUCT);
  await expect(modal.getByLabel('Template')).toBeVisible();
  await expect(modal.getByText('Pick a size above to add a row for it.')).toBeVisible();
  // staff may use the online marketplace location
  await modal.getByLabel('Location', { exact: true }).click();
  await expect(page.locator(OPEN_DROPDOWN).getByTitle('ONLINE MARKETPLACE')).toBeVisible();
  await page.keyboard.press('Escape');
  await snap(page, 'add-inventory-modal');

  // Sizes come in size order; each picked size becomes a row with quantity 1.
  const sizes = await modal.getByTestId('size-picker').locator('.ant-tag').allInnerTexts();
  expect(sizes.slice(0, 4)).toEqual(['4', '4.5', '5', '5.5']);
  for (const size of ['11', '9', '10']) await modal.getByLabel(`Size ${size}`, { exact: true }).click();
  const rows = modal.getByTestId('add-inventory-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('9');
  await expect(rows.nth(0).getByLabel('Quantity for 9')).toHaveValue('1');

  // Incomplete rows are refused with the spec's row message.
  await modal.getByTestId('add-product').click();
  await expect(toast(page, 'Please select Size, Condition, Box, Price, and Quantity first')).toBeVisible();

  const prices = { '9': '121.50', '10': '131.50', '11': '141.50' } as const;
  for (const [i, size] of (['9', '10', '11'] as const).entries()) {
    const row = rows.nth(i);
    await choose(page, `Condition for ${size}`, 'New', row);
    await choose(page, `Box for ${size}`, 'Good Box', row);
    await row.getByLabel(`Price for ${size}`).fill(prices[size]);
  }
  await modal.getByTestId('add-product').click();
  await expect(toast(page, 'Please select a consigner')).toBeVisible();

  // The fee figures need a consigner, then follow the row live.
  await choose(page, 'Consigner for 9', 'Lena Park', rows.nth(0));
  await expect(rows.nth(0).getByTestId('row-fees')).toContainText('Payout $93.55');
  await rows.nth(0).getByRole('button', { name: 'Duplicate' }).click();
  await expect(rows).toHaveCount(4);
  await rows.nth(1).getByLabel('Remove 9').click();
  await expect(rows).toHaveCount(3);
  for (const [i, size] of (['10', '11'] as const).entries()) await choose(page, `Consigner for ${size}`, 'Lena Park', rows.nth(i + 1));
  await expect(rows.nth(2).getByTestId('row-fees')).toContainText('Payout $108.95');

  await modal.getByTestId('add-product').click();
  await expect(toast(page, 'Please select a location')).toBeVisible();
  await choose(page, 'Location', 'Downtown', modal);
  await choose(page, 'Sub-location', 'Shelf A', modal);
  await snap(page, 'add-inventory-modal-filled');

  await modal.getByTestId('add-product').click();
  await expect(toast(page, `Inventory added to ${PRODUCT}`)).toBeVisible();
  await expect(page.getByTestId('add-inventory-modal')).toBeHidden();

  const after = await listItems(api, { productId: product.id, status: 'Active' });
  const added = after.filter((a) => !before.some((b) => b.id === a.id));
  expect(added.map((a) => [a.option1Value, a.price, a.location, a.subLocation, a.consigner?.firstName]).sort()).toEqual([
    ['10', 131.5, 'Downtown', 'Shelf A', 'Lena'],
    ['11', 141.5, 'Downtown', 'Shelf A', 'Lena'],
    ['9', 121.5, 'Downtown', 'Shelf A', 'Lena'],
  ]);

  // Now size 9 has a lowest price: the pre-approval range and the price alert show for a new row.
  await page.getByTestId('product-card').filter({ hasText: PRODUCT }).click();
  await modal.getByLabel('Size 9', { exact: true }).click();
  await choose(page, 'Condition for 9', 'New', rows.first());
  await choose(page, 'Box for 9', 'Good Box', rows.first());
  await rows.first().getByLabel('Price for 9').fill('150');
  await expect(rows.first().getByTestId('preapproval-range')).toHaveText('Preapproval Range: $101.50 – $151.50');
  await expect(rows.first().getByTestId('price-alert')).toContainText('This price is well above the lowest listing.');
  await snap(page, 'add-inventory-modal-preapproval');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('add-inventory-modal')).toBeHidden();
  await api.dispose();
});

test('[ADD INVENTORY]: the product page Add Inventory button opens the same modal', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const product = await findProduct(api, 'Samba OG');
  await api.dispose();
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Add Inventory' }).first().click();
  await expect(page.getByTestId('add-inventory-title')).toHaveText(product.title);
});

test('[ADD INVENTORY]: a product the store asks for shows the store-request card: 3 sizes, then More sizes shows the rest', async ({ page }) => {
  type Requests = { products: { location: string; sizes: string[]; priceRange: { low: number; high: number } | null }[] };
  const api = await signedIn(DEMO.owner);
  // The demo's Buying offers answer store requests that carry a range (the seed's store_requests rows).
  const [offer] = await listItems(api, { status: 'Buying' });
  expect(offer, 'the demo data has Buying offers').toBeTruthy();
  const res = await api.get('/api/storeRequests', { params: { productId: offer.productId } });
  expect(res.ok()).toBeTruthy();
  const requests = ((await res.json()) as { data: Requests }).data.products;
  expect(requests.map((r) => r.location), 'the offer answers a request at its location').toContain(offer.location);
  const sizes = requests[0].sizes;
  expect(sizes.length).toBeGreaterThan(3);
  const range = requests.find((r) => r.location === offer.location)!.priceRange!;
  expect(offer.price).toBeGreaterThanOrEqual(range.low);
  expect(offer.price).toBeLessThanOrEqual(range.high);
  await api.dispose();

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/?search=${encodeURIComponent(offer.title)}`);
  await page.getByTestId('product-card').filter({ hasText: offer.title }).first().click();
  const modal = page.getByTestId('add-inventory-form');
  await expect(modal.getByTestId('add-inventory-title')).toHaveText(offer.title);
  const card = modal.getByTestId('store-request-card');
  // No location chosen yet: every location it is asked for, each with its range.
  await expect(card.getByTestId('request-heading')).toHaveText('Your store is asking consigners for this');
  await expect(card.getByTestId('request-place')).toHaveCount(requests.length);
  const money = (n: number) => `$${n.toFixed(2)}`;
  await expect(card.getByTestId('request-place').filter({ hasText: offer.location! }).getByTestId('request-range')).toHaveText(`${money(range.low)} – ${money(range.high)}`);
  // 3 sizes, then More sizes reveals the rest (and Fewer sizes folds them again).
  await expect(card.getByTestId('request-size')).toHaveText(sizes.slice(0, 3));
  await expect(card.getByTestId('more-sizes')).toHaveText(`More sizes (${sizes.length - 3})`);
  await snap(page, 'add-inventory-request-card');
  await card.getByTestId('more-sizes').click();
  await expect(card.getByTestId('request-size')).toHaveText(sizes);
  await expect(card.getByTestId('more-sizes')).toHaveText('Fewer sizes');
  await expect(card.getByTestId('more-sizes')).toHaveAttribute('aria-expanded', 'true');
  await snap(page, 'add-inventory-request-card-all-sizes');
  await card.getByTestId('more-sizes').click();
  await expect(card.getByTestId('request-size')).toHaveCount(3);

  // A location chosen: only that location's request.
  await choose(page, 'Location', offer.location!, modal);
  await expect(card.getByTestId('request-place')).toHaveCount(1);
  await expect(card.getByTestId('request-place')).toContainText(offer.location!);
  // The online marketplace is not a place the store asks for items at: no card.
  await choose(page, 'Location', 'ONLINE MARKETPLACE', modal);
  await expect(card).toHaveCount(0);
});
