import { expect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { addActive, expectEmpty, getItem, logChange, newProduct, post, rowOf, rows, signedIn, gotoList } from './lists.fixture';

test.describe('[INVENTORY LISTS]: price change and withdrawal requests', () => {
  test('staff accept one price change request and decline another', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Price Runner');
    const [accept, decline] = await addActive(staff, product, [
      { size: '9', price: 180 },
      { size: '10', price: 190 },
    ]);
    // The consigner asks through the API (the consigner portal comes later).
    await post(ava, '/api/inventories/requestPriceChange', { id: accept.id, requestedPrice: 165 });
    await post(ava, '/api/inventories/requestPriceChange', { id: decline.id, requestedPrice: 150 });

    await signInBrowser(page, DEMO.stock);
    await gotoList(page, `/pendingPriceChangeInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Price Change');
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, accept.code).getByTestId('price-pending')).toHaveText('Requested $165.00');
    await expect(rowOf(page, accept.code)).toContainText('$180.00');

    await rowOf(page, accept.code).getByRole('button', { name: 'Accept' }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Do you want to accept this price change request?' });
    await confirm.getByRole('button', { name: 'Yes' }).press('Enter');
    await expect(page.getByText('Price change accepted')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    expect(await getItem(staff, accept.id)).toMatchObject({ status: 'Active', price: 165, requestedPrice: null });
    expect(await logChange(staff, accept.id, 'price', 165)).toBeTruthy();

    // Decline is one click.
    await rowOf(page, decline.code).getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Price change declined')).toBeVisible();
    await expectEmpty(page);
    expect(await getItem(staff, decline.id)).toMatchObject({ status: 'Active', price: 190, requestedPrice: null });
    expect(await logChange(staff, decline.id, 'status', 'Active')).toBeTruthy();
  });

  test('staff accept one withdrawal request, decline another, and withdraw a third early with a fee', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Withdraw Runner');
    const [accept, decline, early] = await addActive(staff, product, [
      { size: '9', price: 200 },
      { size: '10', price: 210 },
      { size: '11', price: 220 },
    ]);
    await post(ava, '/api/inventories/requestInventoryWithdrawal', { id: accept.id });
    await post(ava, '/api/inventories/requestInventoryWithdrawal', { id: decline.id });

    await signInBrowser(page, DEMO.owner);
    await gotoList(page, `/pendingWithdrawalInventory?search=${product.sku}`);
    await expect(page.getByTestId('list-title')).toHaveText('Withdrawal Request');
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, accept.code).getByTestId('status-tag')).toHaveText('Withdrawal request');

    await rowOf(page, accept.code).getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Withdrawal accepted')).toBeVisible();
    await rowOf(page, decline.code).getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Withdrawal declined')).toBeVisible();
    await expectEmpty(page);
    expect((await getItem(staff, accept.id)).status).toBe('Withdrawn');
    expect((await getItem(staff, decline.id)).status).toBe('WithdrawalDeclined');
    expect(await logChange(staff, accept.id, 'status', 'Withdrawn')).toBeTruthy();

    // Staff withdraw an item themselves, early, charging a fee to the consigner.
    await gotoList(page, `/findInventory?search=${product.sku}`);
    await rowOf(page, early.code).getByRole('button', { name: 'Withdraw' }).click();
    // The item screen's dialog, in the spec's words: an Active item would get a withdrawal request.
    const dialog = page.getByRole('dialog', { name: 'Withdraw' });
    await expect(dialog.getByTestId('withdraw-confirmation')).toHaveText('Are you sure you want to request withdrawal of this item?');
    await dialog.getByTestId('withdraw-early').check();
    await dialog.getByTestId('withdraw-fee').fill('15');
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByText('Inventory withdrawn')).toBeVisible();
    await expect(rowOf(page, early.code)).toHaveCount(0);
    expect(await getItem(staff, early.id)).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: true, withdrawalFee: 15 });
    expect(await logChange(staff, early.id, 'status', 'Withdrawn')).toBeTruthy();

    // Both withdrawn items are on the Withdrawn list, which has no bulk action.
    await gotoList(page, `/withdrawnInventory?search=${product.sku}`);
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, early.code).getByTestId('status-tag')).toHaveText('Withdrawn');
    await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  });
});
