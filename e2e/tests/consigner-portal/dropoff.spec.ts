import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { chooseOpenOption } from '../../fixtures/antd';
import { DEMO, DEMO_STORE } from '../../fixtures/demo';
import { DESKTOP, PHONE, snap } from '../../fixtures/screens';
import { newProduct, post, signedIn, type Item, type Product } from '../inventory-lists/lists.fixture';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');

type Row = { size: string; price: number; quantity: number };

/** Ava asks the store to take these items (Requested: the demo store pre-approves nothing). */
async function request(ava: APIRequestContext, product: Product, rows: Row[]): Promise<Item[]> {
  const items = await post<Item[]>(ava, '/api/inventories', {
    inventoryFormArray: rows.map((r) => ({ productId: product.id, option1Value: r.size, option2Value: 'New', option3Value: 'Good Box', price: r.price, quantity: r.quantity })),
  });
  for (const item of items) expect(item.status).toBe('Requested');
  return items;
}

/** ...and the store accepts the requests for drop-off at a location (Pending). */
async function accept(staff: APIRequestContext, items: Item[], location: string): Promise<void> {
  await post(staff, '/api/inventories/acceptRequestToSell', { ids: items.map((i) => i.id), location });
}

const cards = (page: Page) => page.getByTestId('dropoff-card');
const cardsOf = (page: Page, code: string) => page.locator(`[data-testid="dropoff-card"][data-code="${code}"]`);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test.describe('[CONSIGNER PORTAL]: Requested and Drop Off Pending', () => {
  test('a consigner on a phone filters, checks, prints the manifest and cancels drop-offs', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const ava = await signedIn(DEMO.ava);
    const product = await newProduct(staff, 'Dropoff Runner');
    const [r1, r2] = await request(ava, product, [
      { size: '9', price: 120, quantity: 1 },
      { size: '10', price: 130, quantity: 2 },
    ]);
    const [p1, p2, p3] = await request(ava, product, [
      { size: '11', price: 150, quantity: 3 },
      { size: '12', price: 160, quantity: 1 },
      { size: '13', price: 170, quantity: 1 },
    ]);
    await accept(staff, [p1, p3], 'Downtown');
    await accept(staff, [p2], 'Uptown');
    // Marco's drop-off of the same product never shows on Ava's screens
    const marco = await signedIn(DEMO.marco);
    const [his] = await request(marco, product, [{ size: '9', price: 99, quantity: 1 }]);

    await signInBrowser(page, DEMO.ava);

    // ---- on a desk first: the table, its select-all and the manifest of the checked rows
    await page.setViewportSize(DESKTOP);
    await page.goto(`/dropoffPending?search=${product.sku}`);
    const table = page.getByTestId('dropoff-table');
    await expect(table.locator('.ant-table-row')).toHaveCount(3);
    await expect(page.getByTestId('cancel-checked')).toBeDisabled();
    await table.locator('thead .ant-checkbox-input').check();
    await expect(page.getByTestId('checked-count')).toHaveText('3 checked');
    await expect(page.getByTestId('cancel-checked')).toBeEnabled();
    await page.getByTestId('print-manifest').click();
    const dialog = page.getByRole('dialog', { name: 'Print Manifest' });
    const manifest = dialog.getByTestId('manifest');
    await expect(dialog).toContainText('The 3 checked items.');
    await expect(manifest.getByTestId('manifest-row')).toHaveCount(3);
    await expect(manifest.getByTestId('manifest-total')).toHaveText('3 lines · 5 items in total');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'consigner-dropoff-manifest-1440.png'), animations: 'disabled' });
    await dialog.getByTestId('manifest-close').click();
    await expect(dialog).toBeHidden();
    await table.locator('thead .ant-checkbox-input').uncheck();
    await expect(page.getByTestId('checked-count')).toHaveText('0 checked');

    // ---- Drop Off Pending on a phone: the accepted drop-offs, one card per unit
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByTestId('dropoff-title')).toHaveText('Drop Off Pending');
    await expect(page.getByTestId('dropoff-count')).toHaveText('3 items');
    await expect(cards(page)).toHaveCount(5);
    await expect(cardsOf(page, p1.code)).toHaveCount(3);
    await expect(cardsOf(page, p1.code).getByTestId('card-unit')).toHaveText(['1 of 3', '2 of 3', '3 of 3']);
    await expect(cardsOf(page, p2.code)).toHaveCount(1);
    await expect(cardsOf(page, his.code)).toHaveCount(0);
    const tag = cardsOf(page, p2.code).getByTestId('dropoff-status');
    await expect(tag).toHaveText('Drop off pending');
    await expect(tag).toHaveClass(/ant-tag-red/);
    // one page: no pager
    await expect(page.getByTestId('dropoff-pagination')).toHaveCount(0);
    // no horizontal scroll of the page on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // nothing checked: the bulk cancel is disabled
    await expect(page.getByTestId('checked-count')).toHaveText('0 checked');
    await expect(page.getByTestId('cancel-checked')).toBeDisabled();

    // location filter, then All again
    await page.getByTestId('dropoff-location').click();
    await chooseOpenOption(page, 'Uptown');
    await expect(page).toHaveURL(/location=Uptown/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cardsOf(page, p2.code)).toHaveCount(1);
    await expect(page.getByTestId('dropoff-count')).toHaveText('1 item');
    await page.getByTestId('dropoff-location').click();
    await chooseOpenOption(page, 'All locations');
    await expect(cards(page)).toHaveCount(5);

    // select all (the page), then none: the bulk cancel follows
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('checked-count')).toHaveText('3 checked');
    await expect(page.getByTestId('cancel-checked')).toBeEnabled();
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('checked-count')).toHaveText('0 checked');
    await expect(page.getByTestId('cancel-checked')).toBeDisabled();

    await snap(page, 'consigner-dropoff-pending', async (width) => {
      if (width === DESKTOP.width) await expect(page.getByTestId('dropoff-table').locator('.ant-table-row')).toHaveCount(3);
      else await expect(cards(page)).toHaveCount(5);
    });
    await page.setViewportSize(PHONE);
    await expect(cards(page)).toHaveCount(5);

    // ---- Print Manifest with nothing checked: every item of the list
    await page.evaluate(() => {
      const w = window as unknown as { __printed: number; print: () => void };
      w.__printed = 0;
      w.print = () => {
        w.__printed += 1;
      };
    });
    await page.getByTestId('print-manifest').click();
    await expect(dialog).toContainText('Every item of this list (nothing is checked).');
    await expect(manifest.getByTestId('manifest-row')).toHaveCount(3);
    await expect(manifest.getByTestId('manifest-store')).toHaveText(DEMO_STORE.name);
    await expect(manifest.getByTestId('manifest-consigner')).toHaveText('Ava Thompson');
    await expect(manifest.getByTestId('manifest-email')).toHaveText(DEMO.ava);
    await expect(manifest.getByTestId('manifest-total')).toHaveText('3 lines · 5 items in total');
    const p1Row = manifest.getByTestId('manifest-row').filter({ hasText: p1.code });
    await expect(p1Row).toContainText(product.title);
    await expect(p1Row).toContainText(product.sku);
    await expect(p1Row).toContainText('11 · New · Good Box');
    await expect(p1Row).toContainText('$150.00');
    await expect(p1Row.locator('td').nth(6)).toHaveText('3');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'consigner-dropoff-manifest-390.png'), animations: 'disabled' });
    await dialog.getByTestId('manifest-print-button').click();
    expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
    // on paper: the manifest alone, without the app or the dialog around it
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('manifest-print')).toBeVisible();
    await expect(page.getByTestId('manifest-print').getByTestId('manifest-row')).toHaveCount(3);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('dropoff-title')).toBeHidden();
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'consigner-dropoff-manifest-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(PHONE);
    await dialog.getByTestId('manifest-close').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('manifest-print')).toHaveCount(0);

    // ---- checked items only: two of the three
    await cardsOf(page, p1.code).first().getByRole('checkbox').check();
    await cardsOf(page, p3.code).getByRole('checkbox').check();
    await expect(page.getByTestId('checked-count')).toHaveText('2 checked');
    // every card of a checked item shows it checked
    await expect(cardsOf(page, p1.code).nth(2).getByRole('checkbox')).toBeChecked();
    await page.getByTestId('print-manifest').click();
    await expect(manifest.getByTestId('manifest-row')).toHaveCount(2);
    await expect(manifest.getByTestId('manifest-total')).toHaveText('2 lines · 4 items in total');
    await expect(manifest).not.toContainText(p2.code);
    await dialog.getByTestId('manifest-close').click();
    await expect(dialog).toBeHidden();

    // ---- cancel one drop-off from its card
    await cardsOf(page, p3.code).getByTestId('cancel-dropoff').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to cancel this Dropoff?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).press('Enter');
    await expect(toast(page, 'Dropoff has been cancelled')).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(cardsOf(page, p3.code)).toHaveCount(0);
    await expect(page.getByTestId('dropoff-count')).toHaveText('2 items');
    // the cancelled item left the checked ones; P1 stays checked
    await expect(page.getByTestId('checked-count')).toHaveText('1 checked');
    expect((await ava.get(`/api/inventories/${p3.id}`)).status()).toBe(404);

    // ---- Requested: the requests the store has not answered, cancelled all at once
    await page.goto(`/dropoff?search=${product.sku}`);
    await expect(page.getByTestId('dropoff-title')).toHaveText('Requested');
    await expect(page.getByTestId('dropoff-count')).toHaveText('2 items');
    await expect(cards(page)).toHaveCount(3);
    await expect(cardsOf(page, r2.code)).toHaveCount(2);
    await expect(cardsOf(page, r1.code).getByTestId('dropoff-status')).toHaveText('Requested');
    await expect(page.getByTestId('cancel-checked')).toBeDisabled();
    await snap(page, 'consigner-dropoff-requested', async (width) => {
      if (width === DESKTOP.width) await expect(page.getByTestId('dropoff-table').locator('.ant-table-row')).toHaveCount(2);
      else await expect(cards(page)).toHaveCount(3);
    });
    await page.setViewportSize(PHONE);
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('checked-count')).toHaveText('2 checked');
    await page.getByTestId('cancel-checked').click();
    const bulk = page.getByRole('dialog').filter({ hasText: 'Do you want to cancel all checked items?' });
    await bulk.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Dropoff has been cancelled')).toBeVisible();
    // nothing left for this search
    await expect(page.getByTestId('dropoff-empty')).toContainText('No items match these filters.');
    await expect(page.getByTestId('dropoff-count')).toHaveText('0 items');
    for (const item of [r1, r2]) expect((await ava.get(`/api/inventories/${item.id}`)).status()).toBe(404);
    // Marco's request was never touched
    expect((await marco.get(`/api/inventories/${his.id}`)).status()).toBe(200);

    // ---- an empty list points to Products: Marco (the demo gives him no requests) once his are cancelled
    const mine = await marco.get('/api/inventories?status=Requested');
    const ids = ((await mine.json()) as { data: { rows: { id: string }[] } }).data.rows.map((r) => r.id);
    expect(ids).toContain(his.id);
    await post(marco, '/api/inventories/cancelDropoff', { ids });
    await signInBrowser(page, DEMO.marco);
    await page.goto('/dropoff');
    const empty = page.getByTestId('dropoff-empty');
    await expect(empty).toContainText('No drop-off requests yet.');
    await expect(empty).toContainText('List items from Products');
    await expect(page.getByTestId('dropoff-bar')).toHaveCount(0);
    await snap(page, 'consigner-dropoff-empty');
    await empty.getByRole('link').click();
    await expect(page).toHaveURL(/\/$/);
  });
});
