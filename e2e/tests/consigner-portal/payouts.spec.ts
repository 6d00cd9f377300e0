// The consigner's Payout page on a phone (people doc section 2 "Consigner portal Payout page"):
// a fresh consigner's item sold at the counter and paid out by the store shows on the Paid tab with
// its amount and its item (SKU cut at 10 characters, date sold YY/MM/DD); an item the store bought
// from them shows on Ready to Pay; the summary gives their figures; a date range with none of it empties.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../../fixtures/test';
import { apiClient, createActiveConsigner, signInApi, signInBrowser } from '../../fixtures/api';
import { DEMO, unique } from '../../fixtures/demo';
import { smallTouchTargets } from '../../fixtures/layout';
import { PHONE, snap as snapAt } from '../../fixtures/screens';
import { addActive, newProduct, post, signedIn, type Item } from '../inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'portal-money-pass';

type ConsignerPayout = { id: string; name: string; shareStatus: string; total: number; inventories: { id: string; soldOn: string | null }[] };

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  const text = await response.text();
  expect(response.ok(), `${path}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

/** '$1,234.50' as the screens show an amount of the demo store (USD, 2 decimals). */
const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Screenshots from the top of the page (the shell's header is fixed), back to the phone afterwards. */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name);
  await page.setViewportSize(PHONE);
}

test.describe('[CONSIGNER PORTAL]: Payout', () => {
  test('a consigner on a phone sees their paid payout with its amount and item, and what the store bought from them', async ({ page }) => {
    test.setTimeout(180_000);
    // a consigner of their own, so the figures are exactly this test's
    const email = `${unique('payee')}@portal.backroom.test`;
    await createActiveConsigner(email, PASSWORD);
    const me: APIRequestContext = await apiClient();
    await signInApi(me, email, PASSWORD);
    const { id: meId } = await data<{ id: string }>(me, '/api/me');

    // staff sell one of their items at the counter and pay it out
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Portal Payout');
    const [sold] = await addActive(staff, product, [{ size: '9', price: 150 }], email);
    await post(staff, '/api/sales', { lines: [{ inventoryId: sold!.id }], paymentMethod: 'cash' });
    const made = await post<{ id: string; name: string }>(staff, '/api/payouts/pay', { inventoriesToPay: [sold!.id], consignersAndInventories: [] });
    await post(staff, `/api/payouts/paid/${made.id}`, {});
    const [mine] = (await data<{ rows: ConsignerPayout[] }>(me, `/api/payouts/consigner/${meId}?shareStatus=Paid`)).rows;
    expect(mine).toMatchObject({ id: made.id, shareStatus: 'Paid' });
    expect(mine!.total).toBeGreaterThan(0);

    // the store buys an item they offered, and takes it in paying cash: owed, not yet paid
    const [offered] = await post<Item[]>(me, '/api/inventories', {
      inventoryFormArray: [{ productId: product.id, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', price: 90, quantity: 1, saleType: 'Buying', location: 'Downtown' }],
    });
    await post(staff, '/api/inventories/storeBuyRequestedInventory', { id: offered!.id });
    await post(staff, '/api/inventories/acceptInventory', { id: offered!.id, location: 'Downtown', paymentType: 'cash' });

    await page.setViewportSize(PHONE);
    await signInBrowser(page, email, PASSWORD);
    await page.goto('/payouts');
    await expect(page.locator('.br-portal-payouts .ant-card-head-title')).toHaveText('Payout');
    // no date range by default: everything
    await expect(page.getByTestId('range-from')).toHaveValue('');
    await expect(page.getByTestId('range-to')).toHaveValue('');

    // the summary: their sale before fees, their payout, nothing pending
    await expect(page.getByTestId('report-sales')).toContainText(usd(150));
    await expect(page.getByTestId('report-payout')).toContainText(usd(mine!.total));
    await expect(page.getByTestId('report-pending')).toContainText(usd(0));

    // Paid is the default tab: one card, the payout's name and their amount
    await expect(page.getByRole('tab', { name: /Paid/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByTestId('payout-row');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('payout-name')).toHaveText(made.name);
    await expect(card.getByTestId('payout-amount')).toHaveText(usd(mine!.total));
    await expect(card.getByTestId('payout-status')).toHaveText('Paid');
    // its item: SKU cut at 10 characters plus an ellipsis, date sold YY/MM/DD, the amount
    await card.getByTestId('expand-payout').click();
    const line = card.getByTestId('payout-item');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(product.title);
    await expect(line.getByTestId('item-sku')).toHaveText(`${product.sku.slice(0, 10)}...`);
    const soldOn = new Date(mine!.inventories[0]!.soldOn!);
    const yymmdd = `${String(soldOn.getFullYear()).slice(2)}/${String(soldOn.getMonth() + 1).padStart(2, '0')}/${String(soldOn.getDate()).padStart(2, '0')}`;
    await expect(line).toContainText(`Sold ${yymmdd}`);
    await expect(line.getByTestId('item-amount')).toHaveText(usd(mine!.total));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await smallTouchTargets(page.locator('.br-portal-payouts'))).toEqual([]);
    await snap(page, 'consigner-payouts');

    // Ready to Pay: the bought item, its agreed price, no payout made yet
    await page.getByRole('tab', { name: /Ready to Pay/ }).click();
    await expect(page).toHaveURL(/tab=ready/);
    const bought = page.getByTestId('ready-row');
    await expect(bought).toHaveCount(1);
    await expect(bought).toContainText(product.title);
    await expect(bought.getByTestId('ready-amount')).toHaveText(usd(90));
    await expect(bought.getByTestId('bought-state')).toHaveText('Awaiting payout');
    await expect(page.getByTestId('ready-owed')).toContainText(usd(90));
    await snap(page, 'consigner-payouts-ready');

    // a date range long before: nothing paid, nothing sold in it
    await page.goto('/payouts?from=2020-01-01&to=2020-01-31');
    await expect(page.getByTestId('range-from')).toHaveValue('2020-01-01');
    await expect(page.getByTestId('payouts-empty')).toContainText('Nothing matches these dates');
    await expect(page.getByTestId('report-payout')).toContainText(usd(0));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('payout-row')).toHaveCount(1);
    await me.dispose();
    await staff.dispose();
  });
});
