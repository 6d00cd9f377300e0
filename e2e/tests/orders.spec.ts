// Orders as an Admin meets them (people doc sections 2 and 9): Orders > Find opens the order
// item table of the demo shop's seeded orders; Search Orders, the consigner filter (no store account),
// the quick ranges, pages, ordersExport.csv and Resync All Orders (no order source in the demo shop);
// then an order: its title, customer, line items linking to their items, and the resync a counter
// sale cannot have. Phone cards and screenshots at 1440 and 390 px.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { quickRange } from '@backroom/domain';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { chooseOpenOption, OPEN_DROPDOWN } from '../fixtures/antd';
import { DEMO } from '../fixtures/demo';
import { snap as snapAt } from '../fixtures/screens';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });

type Row = { id: string; order: { id: string; name: string }; item: { id: string; code: string; title: string } | null; consigner: { id: string; name: string } | null };
type Order = { id: string; name: string; customer: { first_name: string | null; email: string | null }; lineItems: { title: string; item: { id: string; code: string } | null }[] };

/** Screenshots from the top of the page (the shell's header and sider are fixed). */
async function snap(page: Page, name: string, check?: (width: number) => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name, check);
}

const rows = (page: Page): Locator => page.getByTestId('order-row');
const toast = (page: Page, text: string | RegExp): Locator => page.locator('.ant-message-notice').filter({ hasText: text });

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

test.describe('[ORDERS]: the orders screens of an Admin', () => {
  test('find orders by search, consigner and date, export them, open one and its items', async ({ page }) => {
    test.setTimeout(180_000);
    await signInBrowser(page, DEMO.owner);
    const all = await api<{ rows: Row[]; count: number }>(page, '/api/orders?pageSize=100');
    expect(all.count).toBeGreaterThan(2);

    // Orders > Find, from the menu.
    await page.goto('/findInventory');
    const menu = page.locator('.ant-layout-sider').getByTestId('main-menu');
    await menu.getByRole('menuitem', { name: 'Orders', exact: true }).click();
    await menu.getByTestId('menu-findOrders').click();
    await expect(page).toHaveURL(/\/findOrders$/);
    await expect(page.getByTestId('order-count')).toHaveText(`${all.count} items`);
    await expect(page.getByTestId('pagination-text')).toHaveText(`1-${Math.min(10, all.count)} of ${all.count} items`);
    await expect(rows(page)).toHaveCount(Math.min(10, all.count));
    await expect(rows(page).first().getByTestId('order-link')).toHaveText(all.rows[0].order.name);
    await snap(page, 'orders-list', async (width) => {
      await expect(page.getByTestId(width < 768 ? 'order-cards' : 'order-row').first()).toBeVisible();
      if (width < 768) await expect(page.locator('.ant-table')).toHaveCount(0);
    });

    // Search Orders: an order's name finds its line. A seeded demo order (S-1001 to S-1009: one line,
    // a customer): other specs (the counter sale, the payouts journey) may have sold before this one.
    const target = all.rows.find((r) => r.item && r.consigner && /^S-100\d$/.test(r.order.name))!;
    const search = page.getByTestId('order-search').locator('input');
    await search.fill(target.order.name);
    await search.press('Enter');
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('item-link')).toHaveText(target.item!.title);
    // ... and the item's code too
    await search.fill(target.item!.code);
    await search.press('Enter');
    await expect(rows(page).first().getByTestId('order-link')).toHaveText(target.order.name);
    await search.fill('');
    await expect(page.getByTestId('order-count')).toHaveText(`${all.count} items`);

    // The consigner select: no store account; picking one shows only their items.
    const consigner = target.consigner!;
    await page.getByTestId('consigner-filter').click();
    const dropdown = page.locator(OPEN_DROPDOWN);
    await expect(dropdown.getByTitle('Backroom Stock', { exact: true })).toHaveCount(0);
    await chooseOpenOption(page, consigner.name);
    await expect(dropdown).toHaveCount(0);
    const theirs = all.rows.filter((r) => r.consigner?.id === consigner.id).length;
    await expect(page.getByTestId('order-count')).toHaveText(`${theirs} ${theirs === 1 ? 'item' : 'items'}`);
    for (const name of await rows(page).getByTestId('consigner-link').allInnerTexts()) expect(name).toBe(consigner.name);
    await page.getByTestId('consigner-filter').locator('.ant-select-clear').click();
    await expect(page.getByTestId('order-count')).toHaveText(`${all.count} items`);

    // Quick ranges hold what the API counts for the same range (24 = the last 24 hours, every range
    // ends tomorrow). The seeded orders are days old; other specs may have sold today.
    const countIn = async (key: '24' | '1Y') => {
      const r = quickRange(key);
      return (await api<{ count: number }>(page, `/api/orders?orderDateRange=${encodeURIComponent(`${r.start!.toISOString()},${r.end.toISOString()}`)}`)).count;
    };
    const [inDay, inYear] = [await countIn('24'), await countIn('1Y')];
    expect(inYear).toBeGreaterThan(inDay);
    const range = page.getByTestId('order-range');
    await range.getByText('24', { exact: true }).click();
    await expect(page).toHaveURL(/range=24/);
    if (inDay > 0) await expect(page.getByTestId('order-count')).toHaveText(`${inDay} ${inDay === 1 ? 'item' : 'items'}`);
    // Nothing matches: the empty state.
    await search.fill('no-such-order-zzz');
    await search.press('Enter');
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    await expect(page.getByText('No orders match these filters.')).toBeVisible();
    await page.mouse.move(0, 0);
    await snap(page, 'orders-empty');
    await search.fill('');
    await search.press('Enter');
    await range.getByText('1Y', { exact: true }).click();
    await expect(page.getByTestId('order-count')).toHaveText(`${inYear} ${inYear === 1 ? 'item' : 'items'}`);
    await range.getByText('ALL', { exact: true }).click();
    await expect(page).not.toHaveURL(/range=/);

    // Pages: 20 a page.
    if (all.count > 10) {
      await page.getByTestId('orders-pagination').locator('.ant-pagination-item-2').click();
      await expect(page.getByTestId('pagination-text')).toHaveText(`11-${Math.min(20, all.count)} of ${all.count} items`);
      await page.getByTestId('orders-pagination').locator('.ant-pagination-item-1').click();
    }

    // Export: ordersExport.csv of the table.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-orders').click()]);
    expect(download.suggestedFilename()).toBe('ordersExport.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(csv[0]).toMatch(/^Order,Order date,Source,Order status,Payment,Customer,/);
    expect(csv).toHaveLength(all.count + 1);

    // Resync All Orders: the demo shop has no order source turned on, and says so.
    await page.getByTestId('resync-all').click();
    const noSource = toast(page, 'No order source is turned on for this store: orders are recorded at the counter only.');
    await expect(noSource).toBeVisible();
    await expect(noSource).toHaveCount(0, { timeout: 15_000 });

    // An order: its title, customer, line items linking to their items.
    const order = await api<Order>(page, `/api/orders/${target.order.id}`);
    await search.fill(target.order.name);
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).getByTestId('order-link').click();
    await expect(page).toHaveURL(new RegExp(`/orders/${target.order.id}$`));
    await expect(page.getByTestId('order-title')).toHaveText(`Order ${order.name}`);
    await expect(page.getByTestId('customer-name')).toHaveText(order.customer.first_name!);
    await expect(page.getByTestId('customer-contact')).toHaveText(order.customer.email!);
    // a counter sale: nothing in Shopify, nothing to resync it from
    await expect(page.getByTestId('view-in-shopify')).toHaveCount(0);
    await expect(page.getByTestId('resync-order')).toBeDisabled();
    await expect(page.getByTestId('order-line')).toHaveCount(order.lineItems.length);
    await snap(page, 'order-detail', async () => {
      await expect(page.getByTestId('order-title')).toBeVisible();
    });
    await page.getByTestId('line-item-link').first().click();
    await expect(page).toHaveURL(new RegExp(`/inventories/${order.lineItems[0].item!.id}$`));
    await expect(page.getByText(order.lineItems[0].item!.code).first()).toBeVisible();

    // An unknown order says so.
    await page.goto('/orders/7b0e5d3e-6a0a-4c3f-9d0e-1a2b3c4d5e6f');
    await expect(page.getByTestId('order-not-found')).toContainText('Order not found');
  });
});
