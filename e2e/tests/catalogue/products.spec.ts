import { expect as baseExpect, test, type Page } from '../../fixtures/test';
import { apiClient, signInApi, signInBrowser } from '../../fixtures/api';
import { DEMO, unique } from '../../fixtures/demo';
import { snap } from '../../fixtures/screens';
import { addItemsApi, createProductApi, getProductApi, ownerApi, templateNamed, uniqueDigits, writePng } from './catalogue-helpers';
import { OPEN_DROPDOWN } from '../../fixtures/antd';

// The machine is shared with other suites: allow slow screens, and long journeys.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: option }).first().click();
}

test('[CATALOGUE]: the product search finds products by title, SKU or brand and shows an empty state', async ({ page }) => {
  await signInBrowser(page, DEMO.owner);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Add Products' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('welcome-title')).toHaveText('Welcome, Olivia');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await snap(page, 'products-search');

  // typing searches on its own; the cards show title and price in the store currency
  await page.getByLabel('Search products').fill('panda');
  const panda = page.getByTestId('product-card').filter({ hasText: 'Nike Dunk Low Retro Panda' });
  await expect(panda).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(panda.getByTestId('product-card-price')).toHaveText('$130.00');
  await expect(page).toHaveURL(/\?search=panda$/);

  // by SKU, with the Search button
  await page.getByLabel('Search products').fill('DD1391');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-summary')).toHaveText('1 product matches “DD1391”');

  // by brand, several words must all match
  await page.getByLabel('Search products').fill('adidas samba');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card')).toContainText('adidas Samba OG Cloud White');

  await page.getByLabel('Search products').fill('no such product anywhere');
  await expect(page.getByText('No product matches “no such product anywhere”.')).toBeVisible();
  await snap(page, 'products-search-empty');

  // a card opens the Add Inventory modal for that product
  await page.getByLabel('Search products').fill('panda');
  await panda.click();
  const addInventory = page.getByRole('dialog', { name: 'Add Inventory' });
  await expect(addInventory).toBeVisible();
  await expect(addInventory).toContainText('Nike Dunk Low Retro Panda');
  await expect(page).toHaveURL(/\?search=panda$/);
});

test('[CATALOGUE]: a card whose image fails falls back to the raw image URL, then to a placeholder', async ({ page }) => {
  const api = await ownerApi();
  const sneakers = await templateNamed(api, 'Sneakers');
  const word = `Fallback${uniqueDigits(6)}`;
  const resized = await createProductApi(api, { title: `${word} Resized`, sku: `FB-${uniqueDigits(6)}`, templateId: sneakers.id, image: '/demo-assets/air-max-90.svg?w=300' });
  const missing = await createProductApi(api, { title: `${word} Missing`, sku: `FB-${uniqueDigits(6)}`, templateId: sneakers.id, image: `/uploads/missing-${uniqueDigits(6)}.webp` });
  // the resized variant fails to load; the raw URL (the same address without its query) works
  await page.route(/air-max-90\.svg\?w=300/, (route) => route.abort());
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/?search=${word}`);
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  const resizedCard = page.getByTestId('product-card').filter({ hasText: resized.title });
  const img = resizedCard.getByRole('img', { name: resized.title, exact: true });
  await expect(img).toHaveAttribute('src', '/demo-assets/air-max-90.svg');
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // nothing to fall back to: a neutral placeholder, not a broken image
  const missingCard = page.getByTestId('product-card').filter({ hasText: missing.title });
  await expect(missingCard.getByRole('img', { name: `${missing.title} (no image)` })).toBeVisible();
  await expect(missingCard.locator('img')).toHaveCount(0);
});

test('[CATALOGUE]: staff create a product with an uploaded image and GTINs, save, resync and manage GTINs', async ({ page }) => {
  await signInBrowser(page, DEMO.owner);
  await page.goto('/');
  await page.getByRole('link', { name: 'Create New Product' }).first().click();
  await expect(page).toHaveURL(/\/products\/create$/);
  await expect(page.getByRole('heading', { name: 'Create product' })).toBeVisible({ timeout: 30_000 });
  await snap(page, 'product-create');

  // the form's rules (catalogue doc section 5)
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  for (const text of ['Title is required.', 'SKU is required.', 'Brand is required.', 'Category is required.', 'Gender is required.', 'Product template is required.', 'You must upload at least one image']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await snap(page, 'product-create-errors');

  const title = unique('E2E Runner');
  const sku = `E2E-${uniqueDigits(8)}`;
  const gtin = uniqueDigits();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel('Brand', { exact: true }).fill('E2E Brand');
  await pickOption(page, 'Product template', 'Sneakers (Sneakers)');
  // the template fills the category it implies
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Sneakers');
  await page.getByLabel('Gender', { exact: true }).fill('Men');
  await page.locator('input[type=file]').setInputFiles(writePng());
  await expect(page.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
  await expect(page.getByText('You must upload at least one image')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add GTIN' }).click();
  await page.getByLabel('Size 1', { exact: true }).fill('9');
  await page.getByLabel('GTIN 1', { exact: true }).fill(gtin);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const productId = page.url().split('/').pop()!;
  await expect(page.getByTestId('product-title')).toHaveText(title);
  await expect(page.getByTestId('product-sku')).toContainText(sku);
  await expect(page.getByTestId('product-listings-count')).toHaveText('0 listings');
  await expect(page.getByTestId('gtin-summary')).toContainText(gtin);
  // the uploaded image is served from the uploads and shown in the header
  const headerImage = page.locator(`img[alt="${title}"]`).first();
  await expect(headerImage).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
  expect(await headerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('product-listings')).toContainText('No inventory of this product yet.');
  await snap(page, 'product-page');

  // Save: 'Saving' then 'Saved', and the change is stored
  await page.getByLabel('Color').fill('Black/Gum');
  await page.getByRole('button', { name: /Save$/ }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const api = await ownerApi();
  await expect.poll(async () => ((await getProductApi(api, productId)).product as { color?: string } | undefined)?.color).toBe('Black/Gum');

  // Manage GTINS: edit the rows in the modal
  await page.getByRole('button', { name: 'Manage GTINS' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Manage GTINS' });
  await expect(modal.getByLabel('GTIN 1', { exact: true })).toHaveValue(gtin);
  await modal.getByRole('button', { name: 'Add GTIN' }).click();
  const gtin2 = uniqueDigits();
  await modal.getByLabel('Size 2', { exact: true }).fill('10');
  await modal.getByLabel('GTIN 2', { exact: true }).fill(gtin2);
  await snap(page, 'product-gtins');
  await modal.getByRole('button', { name: 'Save GTINs' }).click();
  await expect(page.getByText('GTINs saved')).toBeVisible();
  await expect(page.getByTestId('gtin-summary')).toContainText(gtin2);
  expect((await getProductApi(api, productId)).product?.GTIN).toEqual([
    { size: '9', gtin },
    { size: '10', gtin: gtin2 },
  ]);
  // a GTIN already used by another product is refused with the server's message
  await page.getByRole('button', { name: 'Manage GTINS' }).first().click();
  await modal.getByLabel('GTIN 2', { exact: true }).fill('019000000100');
  await modal.getByRole('button', { name: 'Save GTINs' }).click();
  await expect(page.getByText(/GTIN 019000000100 is already used by Nike Air Max 90 Infrared/)).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // Resync: the spec's confirmation, the toast, then what the job found
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Resync product' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to resync this product?' });
  await expect(confirm).toContainText('Back up its images and data first.');
  await confirm.getByRole('button', { name: 'Resync' }).press('Enter');
  await expect(page.getByText('Resyncing product in background')).toBeVisible();
  await expect(page.getByText('Product not resynced')).toBeVisible();
  await api.dispose();
});

test('[CATALOGUE]: Duplicate opens the create form prefilled in a new tab, and the duplicate lists the original', async ({ page, context }) => {
  const api = await ownerApi();
  const sneakers = await templateNamed(api, 'Sneakers');
  const sku = `DUP-${uniqueDigits(8)}`;
  const original = await createProductApi(api, { title: unique('E2E Original'), sku, templateId: sneakers.id });
  await api.dispose();

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/products/${original.id}`);
  await expect(page.getByTestId('product-title')).toHaveText(original.title);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Duplicate' }).click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/products\/create\?/);
  const query = new URL(tab.url()).searchParams;
  expect(query.get('title')).toBe(original.title);
  expect(query.get('sku')).toBe(sku);
  expect(query.get('image_url')).toBe('/demo-assets/dunk-low-panda.svg');
  await expect(tab.getByLabel('Title', { exact: true })).toHaveValue(original.title);
  await expect(tab.getByLabel('SKU', { exact: true })).toHaveValue(sku);
  await expect(tab.getByLabel('Brand', { exact: true })).toHaveValue('E2E');
  await expect(tab.getByLabel('Category', { exact: true })).toHaveValue('Sneakers');
  await expect(tab.getByText('Prefilled from another product')).toBeVisible();
  await snap(tab, 'product-duplicate-prefilled');

  // the copy needs its template, then is created and shows the original as a duplicate
  await tab.getByLabel('Title', { exact: true }).fill(`${original.title} (copy)`);
  await pickOption(tab, 'Product template', 'Sneakers (Sneakers)');
  await tab.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(tab.getByTestId('product-title')).toHaveText(`${original.title} (copy)`);
  const duplicates = tab.getByTestId('duplicate-product');
  await expect(duplicates).toHaveCount(1);
  await expect(duplicates).toContainText(original.title);
  await expect(tab.getByText(`1 other product has the SKU ${sku}`)).toBeVisible();
  await duplicates.getByText(original.title).click();
  await expect(tab).toHaveURL(new RegExp(`/products/${original.id}$`));
  await expect(tab.getByTestId('product-title')).toHaveText(original.title);
  await tab.close();
});

test('[CATALOGUE]: merging a duplicate moves its inventory into the current product and deletes it', async ({ page }) => {
  const api = await ownerApi();
  const sneakers = await templateNamed(api, 'Sneakers');
  const sku = `MRG-${uniqueDigits(8)}`;
  const target = await createProductApi(api, { title: unique('E2E Merge Target'), sku, templateId: sneakers.id });
  const source = await createProductApi(api, { title: unique('E2E Merge Source'), sku, templateId: sneakers.id, image: '/demo-assets/air-max-90.svg' });
  const items = await addItemsApi(api, source.id, 2);
  await addItemsApi(api, target.id, 1);

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/products/${target.id}`);
  await expect(page.getByTestId('product-listings-count')).toHaveText('1 listing');
  await expect(page.getByTestId('duplicate-product')).toContainText(source.title);

  await page.getByTestId('duplicate-product').getByRole('button', { name: 'Merge' }).click();
  const modal = page.getByRole('dialog', { name: /Merge a product into this one/ });
  await expect(modal.getByTestId('merge-picked')).toContainText(source.title);
  await snap(page, 'product-merge');
  await modal.getByRole('button', { name: 'Merge', exact: true }).click();

  const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to merge this item into the current product?' });
  await expect(confirm).toContainText('The selected product will be deleted from the portal and the storefront, and its inventory moved into the current product.');
  await confirm.getByRole('button', { name: 'Merge' }).press('Enter');
  await expect(page.getByText('Merging product in background').first()).toBeVisible();
  await expect(modal.getByTestId('merge-moved-items')).toHaveText('2 items moved to this product');
  await snap(page, 'product-merge-done');
  await modal.getByRole('button', { name: 'Done' }).click();

  // the target lists the moved items; the source is gone
  await expect(page.getByTestId('product-listings-count')).toHaveText('3 listings');
  await expect(page.getByTestId('listing-count')).toContainText('3');
  // the product's inventory list shows the moved items
  for (const item of items) await expect(page.getByTestId('product-listings')).toContainText(item.code);
  await expect(page.getByTestId('duplicate-product')).toHaveCount(0);
  for (const item of items) {
    const moved = await api.get(`/api/inventories/${item.id}`);
    expect(((await moved.json()) as { data: { productId: string } }).data.productId).toBe(target.id);
  }
  expect((await getProductApi(api, source.id)).status).toBe(404);
  await page.goto(`/products/${source.id}`);
  await expect(page.getByText('Product not found')).toBeVisible();
  await page.goto(`/?search=${encodeURIComponent(source.title)}`);
  await expect(page.getByText(`No product matches “${source.title}”.`)).toBeVisible();

  // merging by search: any product can be picked
  const other = await createProductApi(api, { title: unique('E2E Search Source'), sku: `SRC-${uniqueDigits(8)}`, templateId: sneakers.id });
  await page.goto(`/products/${target.id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Merge a product into this one' }).click();
  await modal.getByText('Search a product').click();
  await modal.getByLabel('Product to merge').fill(other.title);
  // the list first shows the newest products, then this search's answer: click once that is in,
  // not while the options are being redrawn under the pointer
  const options = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`);
  await expect(options).toHaveCount(1);
  await options.filter({ hasText: other.title }).click();
  await expect(modal.getByTestId('merge-picked')).toContainText(other.title);
  await modal.getByRole('button', { name: 'Merge', exact: true }).click();
  await page.getByRole('dialog').filter({ hasText: 'Do you want to merge this item into the current product?' }).getByRole('button', { name: 'Merge' }).click();
  await expect(modal.getByTestId('merge-moved-items')).toHaveText('0 items moved to this product');
  expect((await getProductApi(api, other.id)).status).toBe(404);
  await api.dispose();
});

test('[CATALOGUE]: staff fill a product from a consigner submission, which then leaves the list', async ({ page }) => {
  const title = unique('E2E Submitted Jacket');
  const ava = await apiClient();
  await signInApi(ava, DEMO.ava);
  const submitted = await ava.post('/api/products/submittedProducts', { data: { title, brand: 'Submitted Brand', sku: 'SUB-1', imageList: ['/demo-assets/denim-jacket.svg'] } });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await ava.dispose();

  await signInBrowser(page, DEMO.owner);
  await page.goto('/products/create');
  await page.getByLabel('Search submitted products').fill(title);
  const row = page.getByTestId('submitted-product').filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Fill' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Brand', { exact: true })).toHaveValue('Submitted Brand');
  await expect(page.getByText(`Filled from the submission “${title}”`)).toBeVisible();
  await snap(page, 'product-create-filled');
  await page.getByLabel('SKU', { exact: true }).fill(`SUB-${uniqueDigits(8)}`);
  await pickOption(page, 'Product template', 'Apparel (Apparel)');
  await page.getByLabel('Gender', { exact: true }).fill('Men');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByTestId('product-title')).toHaveText(title);

  await page.goto('/products/create');
  await page.getByLabel('Search submitted products').fill(title);
  await expect(page.getByText('No submission matches this search.')).toBeVisible();
});

test('[CATALOGUE]: a consigner searches products, submits a missing one for review and sees a product with their listings', async ({ page }) => {
  await signInBrowser(page, DEMO.ava);
  await page.goto('/');
  await expect(page.getByTestId('welcome-title')).toHaveText('Welcome, Ava', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await page.getByLabel('Search products').fill('panda');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await snap(page, 'consigner-products-search');

  // a card opens the Add Inventory modal (the listing goes on the review list: consigner-portal/products.spec.ts)
  await page.getByTestId('product-card').click();
  await expect(page.getByTestId('add-inventory-title')).toHaveText('Nike Dunk Low Retro Panda');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('add-inventory-title')).toHaveCount(0);
  const found = (await (await page.request.get('/api/products', { params: { search: 'panda' } })).json()) as { data: { id: string }[] };
  await page.goto(`/productItem/${found.data[0].id}`);
  await expect(page.getByTestId('product-title')).toHaveText('Nike Dunk Low Retro Panda');
  await expect(page.getByTestId('product-listings-count')).toHaveText(/^\d+ listings?$/);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByTestId('create-listing')).toBeVisible();
  await snap(page, 'consigner-product-item');

  await page.goto('/');
  await page.getByRole('link', { name: 'Create New Product' }).first().click();
  await expect(page.getByRole('heading', { name: 'Request a product' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Product For Review' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(unique('E2E Consigner Request'));
  await page.getByLabel('Brand').fill('Rare Brand');
  await page.locator('input[type=file]').setInputFiles(writePng('mine.png'));
  await expect(page.locator('.ant-upload-list-item').first()).toBeVisible();
  await snap(page, 'consigner-request-product');
  await page.getByRole('button', { name: 'Submit Product For Review' }).click();
  await expect(page.getByText('Your product has been submited!')).toBeVisible();
  await snap(page, 'consigner-request-product-done');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome-title')).toBeVisible();
});

test('[ACCESS]: product screens need Products; an Inventory-only employee is sent home', async ({ page }) => {
  await signInBrowser(page, DEMO.stock);
  for (const path of ['/products/create', '/productTemplates', '/subLocations']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  // '/' without Products is the welcome card, not the search
  await expect(page.getByTestId('access-areas')).toHaveText('Inventory');
  await expect(page.getByLabel('Search products')).toHaveCount(0);
});
