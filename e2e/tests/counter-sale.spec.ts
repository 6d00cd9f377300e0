// The counter sale (/sell; docs/sales.md) on a phone: three items sold by scanning, typing
// and searching, the refusals the server gives, the receipt (and its e-mail and print view), then
// another sale undone from Recent sales with its item back on sale, and the sale found in Orders > Find.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser, waitForMail } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { PHONE, snap as snapAt } from '../fixtures/screens';
import { addActive, getItem, newProduct, post, signedIn } from './inventory-lists/lists.fixture';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Screenshots from the top of the page at 1440 and 390 px, then back to the phone. */
async function snap(page: Page, name: string, check?: (width: number) => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name, check);
  await page.setViewportSize(PHONE);
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

test.describe('[SELL]: the counter sale', () => {
  test('on a phone: sell three items by scan, typed code and search, see and e-mail the receipt, undo another sale', async ({ page }) => {
    test.setTimeout(300_000);
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Counter Runner');
    const [scanned, typed, searched, other, keyed, edited] = await addActive(staff, product, [
      { size: '9', price: 120 },
      { size: '10', price: 85.5 },
      { size: '11', price: 40 },
      { size: '12', price: 60 },
      { size: '13', price: 30 },
      { size: '14', price: 25 },
    ]);
    // another sale, made earlier at the counter (through the API): undone at the end
    const earlier = await post<{ sale: { id: string; name: string } }>(staff, '/api/sales', { lines: [{ inventoryId: other.id }], paymentMethod: 'cash', saleKey: unique('e2e-sale') });

    await signInBrowser(page, DEMO.owner);
    await page.setViewportSize(PHONE);
    await page.goto('/sell');
    const input = page.getByTestId('sell-code-input');
    await expect(input).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sale-empty')).toBeVisible();
    await expect(page.getByTestId('complete-sale')).toBeDisabled();
    await snap(page, 'counter-sale-empty');

    // A scanner types the code and sends Enter; a person may type it in lower case.
    await input.fill(scanned.code);
    await input.press('Enter');
    await expect(page.getByTestId('sale-line')).toHaveCount(1);
    await input.fill(typed.code.toLowerCase());
    await input.press('Enter');
    await expect(page.getByTestId('sale-line')).toHaveCount(2);
    // the same item twice is not added again
    await input.fill(scanned.code);
    await input.press('Enter');
    await expect(toast(page, `${scanned.code} is already in this sale`)).toBeVisible();
    await expect(page.getByTestId('sale-line')).toHaveCount(2);
    // the basket itself says so, and marks the line, after the toast has gone
    await expect(page.getByTestId('sell-already')).toContainText(`${scanned.code} is already in this sale`);
    await expect(page.getByTestId('sale-line').filter({ hasText: scanned.code })).toHaveClass(/br-sell-line-again/);
    // refusals are the server's: an unknown code, an item already sold
    await input.fill('NOPE12345');
    await input.press('Enter');
    await expect(page.getByTestId('sell-refusal')).toContainText('No item with code NOPE12345');
    await input.fill(other.code);
    await input.press('Enter');
    await expect(page.getByTestId('sell-refusal')).toContainText(`${other.code} cannot be sold: it is Sold`);

    // By search: the product's SKU finds its Active items not yet in the sale.
    await input.fill(product.sku);
    const option = page.getByTestId('sell-search-option').filter({ hasText: searched.code });
    await expect(option).toBeVisible();
    // searched, the two sold at the end, and the two already in the sale, marked and not offered again
    await expect(page.getByTestId('sell-search-option')).toHaveCount(5);
    await expect(page.getByTestId('sell-search-in-sale')).toHaveCount(2);
    await expect(page.getByTestId('sell-search-option').filter({ hasText: scanned.code }).getByTestId('sell-search-in-sale')).toBeVisible();
    await option.click();
    await expect(page.getByTestId('sale-line')).toHaveCount(3);
    await expect(input).toHaveValue('');
    // the next add clears the notice
    await expect(page.getByTestId('sell-already')).toHaveCount(0);
    await expect(page.getByTestId('sale-total')).toHaveText('$245.50');
    await expect(page.getByTestId('sale-line').filter({ hasText: typed.code }).getByTestId('line-price')).toHaveText('$85.50');

    // Payment method and customer, then Complete sale.
    const email = `${unique('buyer').toLowerCase()}@example.test`;
    await page.getByTestId('payment-method').getByText('Card', { exact: true }).click();
    await page.getByTestId('customer-name').fill('Jordan');
    await page.getByTestId('customer-email').fill(email);
    await expect(page.getByTestId('complete-sale')).toHaveText(/Complete sale · \$245\.50/);
    // adding an item clears the last refusal
    await expect(page.getByTestId('sell-refusal')).toHaveCount(0);
    await snap(page, 'counter-sale-cart', async () => {
      await expect(page.getByTestId('sale-line')).toHaveCount(3);
    });
    await page.getByTestId('complete-sale').click();

    // The receipt.
    const receipt = page.getByTestId('receipt-view');
    await expect(receipt).toBeVisible();
    await expect(toast(page, /^Sale S-\d+ recorded$/)).toBeVisible();
    const name = (await receipt.getByTestId('receipt-name').innerText()).replace('Receipt ', '');
    expect(name).toMatch(/^S-\d+$/);
    await expect(receipt.getByTestId('receipt-line')).toHaveCount(3);
    await expect(receipt.getByTestId('receipt-total')).toHaveText('$245.50');
    await expect(receipt).toContainText('Paid by card');
    await expect(receipt).toContainText(`Customer: Jordan · ${email}`);
    await expect(receipt.getByTestId('undo-sale')).toBeEnabled();
    expect(new URL(page.url()).searchParams.get('receipt')).toBeTruthy();
    for (const item of [scanned, typed, searched]) expect((await getItem(staff, item.id)).status).toBe('Sold');
    const mail = await waitForMail(email, new RegExp(`Your receipt from .* \\(${name}\\)`));
    expect(mail.text).toContain('$245.50');
    await expect(page.getByTestId('recent-sale').first()).toContainText(name);
    await snap(page, 'counter-sale-receipt');
    // on paper: the receipt alone, without the app around it
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 800, height: 1000 });
    await expect(page.locator('.br-print-root .br-receipt-paper')).toBeVisible();
    await expect(page.getByTestId('receipt-view')).toBeHidden();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'counter-sale-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(PHONE);

    // Undo the other sale from Recent sales: its item goes back on sale.
    await page.getByTestId('recent-sale').filter({ hasText: earlier.sale.name }).click();
    await expect(receipt.getByTestId('receipt-name')).toHaveText(`Receipt ${earlier.sale.name}`);
    await receipt.getByTestId('undo-sale').click();
    const confirm = page.locator(OPEN_POPCONFIRM);
    await expect(confirm).toContainText(`Undo sale ${earlier.sale.name}?`);
    await confirm.getByRole('button', { name: 'Undo sale' }).press('Enter');
    await expect(toast(page, `Sale ${earlier.sale.name} undone; its items are back on sale`)).toBeVisible();
    await expect(receipt.getByTestId('receipt-undone')).toBeVisible();
    await expect(receipt.getByTestId('undo-sale')).toHaveCount(0);
    await expect(page.getByTestId('recent-sale').filter({ hasText: earlier.sale.name })).toContainText('Undone');
    expect((await getItem(staff, other.id)).status).toBe('Active');
    expect((await getItem(staff, scanned.id)).status).toBe('Sold');
    await snap(page, 'counter-sale-undone');

    // New sale: an empty register again.
    await page.getByTestId('new-sale').click();
    await expect(page.getByTestId('sale-empty')).toBeVisible();

    // A sale key that comes back with another basket (the first answer lost, the basket edited since):
    // 409 with the sale it recorded; this basket is not sold, and the next try is a new sale.
    const lostKey = unique('e2e-lost');
    const recorded = await post<{ sale: { id: string; name: string } }>(staff, '/api/sales', { lines: [{ inventoryId: keyed.id }], paymentMethod: 'cash', saleKey: lostKey });
    const sentKeys: string[] = [];
    await page.route('**/api/sales', async (route) => {
      if (route.request().method() !== 'POST') return route.continue(); // Recent sales
      const body = route.request().postDataJSON() as { saleKey: string };
      sentKeys.push(body.saleKey);
      // the first attempt goes out under the key of the sale already recorded
      await route.continue(sentKeys.length === 1 ? { postData: JSON.stringify({ ...body, saleKey: lostKey }) } : undefined);
    });
    await input.fill(edited.code);
    await input.press('Enter');
    await expect(page.getByTestId('sale-line')).toHaveCount(1);
    await page.getByTestId('payment-method').getByText('Cash', { exact: true }).click();
    await page.getByTestId('complete-sale').click();
    await expect(page.getByTestId('sell-refusal')).toContainText(
      `Sale ${recorded.sale.name} was already recorded under this sale key with other items or another payment method: this basket was NOT sold.`,
    );
    await expect(page.getByTestId('open-recorded-sale')).toHaveText(`Open ${recorded.sale.name}`);
    await expect(page.getByTestId('sale-line')).toHaveCount(1);
    expect((await getItem(staff, edited.id)).status).toBe('Active');
    await snap(page, 'counter-sale-key-reused');
    await page.getByTestId('complete-sale').click();
    await expect(receipt).toBeVisible();
    await expect(receipt.getByTestId('receipt-line')).toHaveCount(1);
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[1]).not.toBe(sentKeys[0]);
    expect((await getItem(staff, edited.id)).status).toBe('Sold');
    await page.unroute('**/api/sales');

    // The sale is an order: Orders > Find finds it by its name, with its three items (docs/payouts.md's loop).
    await page.goto('/findOrders');
    const search = page.getByTestId('order-search').locator('input');
    await search.fill(name);
    await search.press('Enter');
    const orderRows = page.getByTestId('order-row');
    await expect(orderRows).toHaveCount(3);
    for (const link of await orderRows.getByTestId('order-link').allInnerTexts()) expect(link).toBe(name);
    await orderRows.first().getByTestId('order-link').click();
    await expect(page.getByTestId('order-title')).toHaveText(`Order ${name}`);
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    await staff.dispose();
  });
});
