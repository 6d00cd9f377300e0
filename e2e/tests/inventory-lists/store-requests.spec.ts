import { expect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { expectEmpty, getItem, logChange, newProduct, post, rowOf, rows, signedIn, type Item, type Product, gotoList } from './lists.fixture';
import type { APIRequestContext } from '@playwright/test';

/** A consigner answers a store request: the item offered on consignment or for the store to buy. */
async function offer(consigner: APIRequestContext, product: Product, saleType: 'Buying' | 'Consignment', price: number): Promise<Item> {
  const [item] = await post<Item[]>(consigner, '/api/inventories', {
    inventoryFormArray: [{ productId: product.id, option1Value: '9', option2Value: 'New', option3Value: 'Good Box', price, quantity: 1, saleType, location: 'Downtown', storeRequestPriceRange: { low: 80, high: 120 } }],
  });
  expect(item.status).toBe(saleType);
  return item;
}

test.describe('[INVENTORY LISTS]: Buying and Consignment', () => {
  test('the store buys an offered item, then accepts the drop-off paying by Checkbooks', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const marco = await signedIn(DEMO.marco);
    const product = await newProduct(staff, 'Buying Runner');
    const item = await offer(marco, product, 'Buying', 100);

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/buyingInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Buying');
    // The range a consigner sends is ignored (docs/security.md): the store's own request will carry it.
    await expect(rowOf(page, item.code)).not.toContainText('Range');
    await rowOf(page, item.code).getByRole('button', { name: 'Buy' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Yes' }).press('Enter');
    await expect(page.getByText('The store is buying this item')).toBeVisible();
    await expectEmpty(page);
    expect((await getItem(staff, item.id)).status).toBe('Pending');

    // On Incoming the bought item asks for the payment type too.
    await gotoList(page, `/incomingInventory?search=${product.sku}`);
    await rowOf(page, item.code).getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept inventory' });
    await dialog.getByTestId('accept-location').click();
    // the offer names its location (a store request is a product at a location), so Downtown may be chosen already
    await page.locator('.ant-select-item-option[title="Downtown"]').click();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog.getByText('Please select a payment type')).toBeVisible();
    await dialog.getByLabel('Checkbooks').check();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Inventory accepted')).toBeVisible();
    expect(await getItem(staff, item.id)).toMatchObject({ status: 'Active', location: 'Downtown', paymentType: 'auto' });
    expect(await logChange(staff, item.id, 'status', 'Active')).toBeTruthy();
  });

  test('a consignment offer is accepted at its price, another is cancelled', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Consign Runner');
    const accept = await offer(ava, product, 'Consignment', 110);
    const cancel = await offer(ava, product, 'Consignment', 90);

    await signInBrowser(page, DEMO.stock);
    await gotoList(page, `/requestInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Consignment');
    await expect(rows(page)).toHaveCount(2);

    await rowOf(page, accept.code).getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accepted Inventory' });
    // The consigner's range was dropped (docs/security.md), so none is shown and the offered price stands.
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText('$80.00 – $120.00');
    await expect(dialog.getByRole('spinbutton')).toHaveValue('110');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    // the toast by its text, not the last one shown (another toast may come after it); a refusal's
    // toast is in the failure's page snapshot
    await expect(page.locator('.ant-message-notice').filter({ hasText: 'Inventory accepted successfully' })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await getItem(staff, accept.id)).toMatchObject({ status: 'Pending', price: 110 });

    await rowOf(page, cancel.code).getByRole('button', { name: 'Cancel Dropoff' }).click();
    await page.getByRole('tooltip').filter({ hasText: 'Do you want to cancel this Dropoff?' }).getByRole('button', { name: 'Yes' }).press('Enter');
    await expect(page.getByText('Dropoff has been cancelled')).toBeVisible();
    await expectEmpty(page);
    expect((await staff.get(`/api/inventories/${cancel.id}`)).status()).toBe(404);
  });
});
