import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { signInBrowser, waitForMail } from '../fixtures/api';
import { DEMO } from '../fixtures/demo';
import { chooseOpenOption, pickOption } from '../fixtures/antd';
import { newProduct, signedIn } from './inventory-lists/lists.fixture';

// Store requests (docs/store-requests.md): staff share what they ask for, a signed-out visitor opens
// the public catalogue, a consigner answers within the range and outside it, staff accept.
const SHOTS = process.env.STORE_REQUESTS_SHOTS ?? '/tmp/requests-shots';

async function shoot(page: Page, name: string, ready: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // the screen has drawn its list on the new width before the picture
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('[STORE REQUESTS]: Request Items, the public catalogue and Store Request', () => {
  test('staff share a request link that a signed-out visitor opens, and e-mail it to consigners', async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Wanted Runner');

    await signInBrowser(page, DEMO.owner);
    await page.goto(`/request?search=${product.sku}`);
    await expect(page.getByTestId('request-items-title')).toHaveText('Request Items');
    // the first location is preselected
    await expect(page.getByTestId('request-location')).toContainText('Downtown');
    await expect(page.getByTestId('request-items-count')).toHaveText('1 product');
    const card = page.getByTestId('request-card').filter({ hasText: product.title });
    await expect(card).toContainText('Any price');

    // staff put a price range on the request
    await card.getByTestId('set-range').click();
    const dialog = page.getByRole('dialog', { name: 'Requested price range' });
    await dialog.getByTestId('range-low').fill('120');
    await dialog.getByTestId('range-high').fill('80');
    await dialog.getByTestId('range-save').click();
    await expect(dialog.getByText('The lowest price cannot be above the highest price')).toBeVisible();
    await dialog.getByTestId('range-low').fill('80');
    await dialog.getByTestId('range-high').fill('120');
    await dialog.getByTestId('range-save').click();
    await expect(page.getByText('Price range saved')).toBeVisible();
    await expect(card.getByTestId('request-range')).toHaveText('$80.00 – $120.00');

    await page.getByTestId('share-request').click();
    await expect(page.getByText('Link copied!')).toBeVisible();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toMatch(/\/catalogue\/demo\?location=Downtown$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await page.getByTestId('email-request').click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Send' }).press('Enter');
    await expect(page.getByText('Email sent!')).toBeVisible();
    const mail = await waitForMail(DEMO.marco, /is looking for items at Downtown/);
    expect(mail.text).toContain('/catalogue/demo?location=Downtown');
    await page.goto('/request');
    await expect(page.getByTestId('request-card').first()).toBeVisible();
    await shoot(page, 'request', 'request-card');

    // a visitor who is not signed in opens the link
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(new URL(link).pathname + new URL(link).search);
    await expect(anonymous.getByRole('heading', { name: 'Backroom Demo is looking for' })).toBeVisible();
    await expect(anonymous.getByTestId('catalogue-location')).toContainText('Downtown');
    await anonymous.getByTestId('catalogue-search').locator('input').fill(product.sku);
    await anonymous.getByTestId('catalogue-search').locator('input').press('Enter');
    const publicCard = anonymous.getByTestId('request-card').filter({ hasText: product.title });
    await expect(publicCard.getByTestId('request-range')).toHaveText('$80.00 – $120.00');
    await expect(anonymous.getByTestId('catalogue-count')).toHaveText('1 product requested at Downtown');
    // nothing private: no consigner's name on the page
    await expect(anonymous.locator('body')).not.toContainText('Thompson');
    await anonymous.getByTestId('catalogue-search').locator('input').fill('');
    await anonymous.getByTestId('catalogue-search').locator('input').press('Enter');
    await expect(anonymous.getByTestId('request-card').first()).toBeVisible();
    await shoot(anonymous, 'catalogue', 'request-card');
    // the way to offer: sign in, then Store Request
    await anonymous.getByTestId('catalogue-signin').click();
    await expect(anonymous).toHaveURL(/\/login\?next=%2FstoreRequest$/);
    await visitor.close();
  });

  test('a consigner answers a store request within the range and outside it; staff accept the offer', async ({ page, browser }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Asked Runner');
    const set = await staff.put('/api/storeRequests/priceRange', { data: { productId: product.id, location: 'Downtown', priceRange: { low: 80, high: 120 } } });
    expect(set.ok(), await set.text()).toBeTruthy();

    await signInBrowser(page, DEMO.ava);
    await page.goto('/');
    // Store Request is in the consigner's menu now
    await page.goto('/storeRequest');
    await expect(page.getByTestId('store-request-title')).toHaveText('Store Request');
    await expect(page.getByTestId('requested-location')).toContainText('Downtown');
    // the Store Request page's sale-type filter (All, Buying, Consignment: people doc section 2)
    await expect(page.getByTestId('sale-type-filter')).toContainText('AllBuyingConsignment');
    await page.getByTestId('requested-search').locator('input').fill(product.sku);
    await page.getByTestId('requested-search').locator('input').press('Enter');
    const card = page.getByTestId('request-card').filter({ hasText: product.title });
    await card.getByTestId('offer-open').click();

    const dialog = page.getByRole('dialog', { name: 'Offer an item' });
    await expect(dialog).toContainText('$80.00 – $120.00');
    await dialog.getByTestId('offer-size').click();
    // a long size list is virtual: type to bring the size into view
    await page.keyboard.type('10');
    await chooseOpenOption(page, '10');
    await pickOption(page, dialog.getByTestId('offer-option2'), 'New');
    await pickOption(page, dialog.getByTestId('offer-option3'), 'Good Box');
    // outside the range: refused, the price field in red
    await dialog.getByTestId('offer-price').fill('150');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(dialog.getByText('Price is not within the requested price range.')).toBeVisible();
    await expect(dialog.locator('.ant-input-number-status-error')).toBeVisible();
    // within it: sent
    await dialog.getByTestId('offer-price').fill('100');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByText('Your offer has been sent to the store')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('offer-group').filter({ hasText: product.title }).getByTestId('offer-row');
    await expect(row).toContainText('$100.00');
    await expect(row).toContainText('Consignment');
    await expect(row).toContainText('Range $80.00–$120.00');
    await shoot(page, 'store-request-consigner', 'offer-row');
    await page.getByRole('tab', { name: 'What the store needs' }).click();
    await expect(page.getByTestId('request-card').first()).toBeVisible();
    await shoot(page, 'store-request-consigner-needs', 'request-card');
    // on a phone the consigner's filters open in a modal titled Filter too; the sale type chosen there
    // is how Offer starts
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('requested-filter-button').click();
    const filter = page.getByRole('dialog', { name: 'Filter' });
    await expect(filter).toBeVisible();
    await expect(filter.getByTestId('requested-location')).toContainText('Downtown');
    await page.screenshot({ path: `${SHOTS}/store-request-consigner-filter-390.png`, animations: 'disabled' });
    await filter.getByTestId('sale-type-filter').getByText('Buying').click();
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sale=Buying/);
    await page.getByTestId('request-card').first().getByTestId('offer-open').click();
    await expect(page.getByRole('dialog', { name: 'Offer an item' }).getByRole('radio', { name: 'Buying' })).toBeChecked();
    await page.getByRole('dialog', { name: 'Offer an item' }).getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });

    // staff accept it on their Store Request
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInBrowser(staffPage, DEMO.owner);
    await staffPage.goto(`/storeRequest?search=${product.sku}`);
    await expect(staffPage.getByTestId('store-request-count')).toHaveText('1 offer');
    const offer = staffPage.getByTestId('offer-row').first();
    await expect(offer).toContainText('Ava Thompson');
    await offer.getByTestId('offer-accept').click();
    const accept = staffPage.getByRole('dialog', { name: 'Accepted Inventory' });
    await expect(accept).toContainText('$80.00 – $120.00');
    await expect(accept.getByRole('spinbutton')).toHaveValue('100');
    await accept.getByRole('spinbutton').fill('130');
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(accept.getByText('Price is not within the requested price range.')).toBeVisible();
    await accept.getByRole('spinbutton').fill('110');
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(staffPage.getByText('Inventory accepted successfully')).toBeVisible();
    await expect(staffPage.getByTestId('offers-empty')).toBeVisible();
    await staffPage.goto('/storeRequest');
    await shoot(staffPage, 'store-request-staff', 'offer-row');
    // on a phone the filters open in a modal titled Filter
    await staffPage.setViewportSize({ width: 390, height: 844 });
    await staffPage.getByTestId('offers-filter-button').click();
    await expect(staffPage.getByRole('dialog', { name: 'Filter' })).toBeVisible();
    await staffPage.screenshot({ path: `${SHOTS}/store-request-staff-filter-390.png`, animations: 'disabled' });
    await staffContext.close();
  });
});
