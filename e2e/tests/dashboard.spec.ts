// The owner's dashboard and the Activity feed (catalogue doc sections 2, 3 and 9): an Admin
// reads the stat cards and charts of the last 30 days (a counter sale made here shows in Revenue), the
// shop report's requests (a price request made here) and stock by category and location,
// follows Recent Activity's View All Activity to /activity, filters it and opens an item in a new
// tab; a limited employee has no Dashboard entry and is sent home from /dashboard.
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO } from '../fixtures/demo';
import { snap as snapAt } from '../fixtures/screens';
import { addActive, consignerId, newProduct, post, signedIn } from './inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });

async function snap(page: Page, name: string, check?: (width: number) => Promise<void>) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name, check);
}

test.describe('[DASHBOARD]: the owner reads the shop', () => {
  test('an Admin reads the dashboard, follows Recent Activity to /activity and opens an item', async ({ page, context }) => {
    test.setTimeout(180_000);
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Dash Runner');
    // five new items and a sale: at least six changes in the last 7 days for Recent Activity
    const [sold, kept] = await addActive(staff, product, [
      { size: '9', price: 250 },
      { size: '10', price: 90 },
      { size: '10.5', price: 95 },
      { size: '11', price: 100 },
      { size: '12', price: 105 },
    ]);
    await post(staff, '/api/sales', { lines: [{ inventoryId: sold.id }], paymentMethod: 'cash' });
    // Ava asks for a new price on one of them: a price request made today, waiting (declined at the end)
    const ava = await signedIn(DEMO.ava);
    await post(ava, '/api/inventories/requestPriceChange', { id: kept.id, requestedPrice: 85 });
    const before = await (await staff.get('/api/dashboard')).json();
    const revenue = (before.data.cards as { key: string; value: number }[]).find((c) => c.key === 'revenue')!.value;
    expect(revenue).toBeGreaterThanOrEqual(250);

    await signInBrowser(page, DEMO.owner);
    await page.goto('/findInventory');
    // Dashboard is the menu's first entry
    const menu = page.locator('.ant-layout-sider').getByTestId('main-menu');
    await expect(menu.getByRole('menuitem').first()).toHaveText(/Dashboard/);
    await menu.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    const revenueCard = page.getByTestId('stat-revenue');
    await expect(revenueCard).toContainText('Revenue');
    await expect(revenueCard).toContainText(`$${revenue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    await expect(revenueCard.getByTestId('stat-change')).toHaveText(/%$/);
    for (const key of ['cost', 'profit', 'inventoryValue', 'pendingPayouts', 'paidPayouts', 'ownedInventory', 'unitsInStock', 'unitsSold', 'newUnits', 'purchases']) {
      await expect(page.getByTestId(`stat-${key}`)).toBeVisible();
    }
    // the charts' chunk loads and draws
    await expect(page.getByTestId('chart-sales').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('chart-status').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('chart-consigners')).toContainText(/Ava|No consigner sales/);
    const listings = page.getByTestId('chart-listings');
    await expect(listings.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(listings).toContainText('Active listings');
    await expect(listings).toContainText('Inventory value');
    // the shop report: requests made in the period and waiting now, the stock by category and location
    type Card = { key: string; value: number; change: number };
    type Bucket = { key: string; label: string; items: number; value: number };
    const shop = before.data as { requests: { cards: Card[]; waiting: { priceRequests: number; withdrawalRequests: number } }; byCategory: Bucket[]; byLocation: Bucket[] };
    const priceCard = shop.requests.cards.find((c) => c.key === 'priceRequests')!;
    expect(priceCard.value).toBeGreaterThanOrEqual(1);
    expect(shop.requests.waiting.priceRequests).toBeGreaterThanOrEqual(1);
    const requests = page.getByTestId('shop-requests');
    const priceStat = requests.getByTestId('stat-priceRequests');
    await expect(priceStat).toContainText('Price requests');
    await expect(priceStat.locator('.ant-statistic-content')).toHaveText(priceCard.value.toLocaleString('en-US'));
    await expect(priceStat.getByTestId('stat-waiting')).toHaveText(`${shop.requests.waiting.priceRequests.toLocaleString('en-US')} waiting now`);
    await expect(requests.getByTestId('stat-withdrawalRequests').getByTestId('stat-waiting')).toHaveText(`${shop.requests.waiting.withdrawalRequests} waiting now`);
    await expect(requests.getByTestId('chart-requests').locator('svg.recharts-surface').first()).toBeVisible();
    const money = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const [testId, list] of [['shop-category', shop.byCategory], ['shop-location', shop.byLocation]] as const) {
      const top = list[0];
      expect(top.items).toBeGreaterThan(0);
      const row = page.getByTestId(testId).locator('tbody tr').first();
      await expect(row).toContainText(top.label);
      await expect(row).toContainText(String(top.items));
      await expect(row).toContainText(money(top.value));
    }
    const recent = page.getByTestId('recent-activity');
    await expect(recent.getByTestId('activity-card')).toHaveCount(6);
    await snap(page, 'dashboard', async () => {
      await expect(page.getByTestId('stat-revenue')).toBeVisible();
      await expect(page.getByTestId('shop-location').locator('tbody tr').first()).toContainText(shop.byLocation[0].label);
    });

    // the Consigner report tab: Ava's sale of today in her cards and best sellers
    await page.getByRole('tab', { name: 'Consigner report' }).click();
    await expect(page.getByText('Choose a consigner to see their sales')).toBeVisible();
    await page.getByTestId('report-consigner').click();
    await page.locator('.ant-select-dropdown:visible').getByText(/Ava Thompson/).first().click();
    const report = page.getByTestId('consigner-report');
    await expect(report.getByTestId('stat-sales')).toContainText('$');
    await expect(report.getByTestId('consigner-best')).toContainText(product.title);
    await expect(report.getByTestId('consigner-status')).toContainText('Active');
    // her portal's summary cards for these dates, as she reads them
    const summary = page.getByTestId('consigner-summary');
    await expect(summary).toContainText('Total Sales (before fees)');
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const own = (await (await staff.get(`/api/consigners/consignerReport?consigner=${await consignerId(staff, DEMO.ava)}&dateRangeStart=${dayAgo(29)}&dateRangeEnd=${dayAgo(0)}`)).json()).data;
    expect(own.totalSold).toBeGreaterThanOrEqual(250);
    await expect(summary).toContainText(`$${own.totalSold.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    await expect(summary).toContainText(`$${own.totalPending.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    await snap(page, 'reports', async () => {
      await expect(report.getByTestId('stat-sales')).toBeVisible();
    });
    const download = page.waitForEvent('download');
    await report.getByTestId('consigner-report-export').click();
    expect((await download).suggestedFilename()).toMatch(/^consigner-report-.*\.csv$/);
    await page.getByRole('tab', { name: 'Shop' }).click();
    await expect(recent.getByTestId('activity-card')).toHaveCount(6);

    // View All Activity -> /activity, grouped by day, newest first
    await recent.getByTestId('view-all-activity').click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
    const firstDay = page.getByTestId('activity-day').first();
    await expect(firstDay.getByRole('heading')).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/);
    // the product search finds the item just sold, with its status change and who made it
    await page.getByTestId('activity-search').locator('input').fill(product.title);
    const cards = page.getByTestId('activity-card');
    await expect(cards.first()).toContainText(product.title);
    await expect(cards.filter({ hasText: 'added this item' }).first()).toBeVisible();
    await expect(cards.filter({ hasText: /Status: .*Sold/ }).first()).toBeVisible();
    await expect(page.getByText('empty', { exact: true })).toHaveCount(0);
    // Last Updated By: the owner's changes only, then cleared
    await page.getByTestId('activity-updated-by').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Olivia Bennett', { exact: true }).click();
    await expect(cards.first()).toContainText('Olivia Bennett');
    await snap(page, 'activity', async () => {
      await expect(cards.first()).toBeVisible();
    });

    // a card opens the item in a new tab
    const soldCard = cards.filter({ hasText: /Status: .*Sold/ }).first();
    const [tab] = await Promise.all([context.waitForEvent('page'), soldCard.click()]);
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(new RegExp(`/inventories/${sold.id}$`));
    await expect(tab.getByText(sold.code).first()).toBeVisible();
    await tab.close();
    // put the shared demo back: Ava's price request declined (the item is Active again)
    await post(staff, '/api/inventories/declineInventoryPrice', { id: kept.id });
  });

  test('a limited employee has no Dashboard and is sent home from /dashboard', async ({ page }) => {
    await signInBrowser(page, DEMO.stock);
    await page.goto('/findInventory');
    await expect(page.getByRole('heading', { name: 'Find Inventory' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Dashboard', exact: true })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Activity', exact: true })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('dashboard-page')).toHaveCount(0);
    const api = await signedIn(DEMO.stock);
    expect((await api.get('/api/dashboard')).status()).toBe(403);
  });
});
