// Payouts on request and the payout hold (docs/consigner-account.md): a consigner on a phone asks to be
// paid from the portal's Payout page (behind a confirmation), staff see the request on Ready to Pay
// (Requested) and pay it in one action; then the Settings screen sets a 7-day hold and a new sale
// shows on hold, apart, with the day it becomes payable (Ready to Pay and the portal). Then the hold
// counted from shipping: set on Settings, an item sold in the (fake) Shopify storefront and not shipped
// shows on Ready to Pay as awaiting shipping.
import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { apiClient, createActiveConsigner, signInApi, signInBrowser } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { DESKTOP, PHONE, snap } from '../fixtures/screens';
import { SHOPIFY_FAKE_URL } from '../playwright.config';
import { addActive, newProduct, post, signedIn } from './inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'request-pass-1';

type Account = { payable: number; held: number; canRequest: boolean; request: { id: string; status: string; payoutId: string | null } | null };

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  const text = await response.text();
  expect(response.ok(), `${path}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayPlus = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function confirm(page: Page, button: string) {
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: button }).press('Enter');
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('[PAYOUT REQUESTS]: a consigner asks to be paid, staff pay the request; the hold', () => {
  test('portal request on a phone -> Requested on Ready to Pay -> paid in one action; a 7-day hold shows a new sale apart', async ({ page }) => {
    test.setTimeout(240_000);
    const email = `${unique('asker')}@requests.backroom.test`;
    await createActiveConsigner(email, PASSWORD);
    const me = await apiClient();
    await signInApi(me, email, PASSWORD);
    const { id: meId } = await data<{ id: string }>(me, '/api/me');
    const staff = await signedIn(DEMO.owner);
    const { id: storeId } = await data<{ id: string }>(staff, '/open/stores/current');
    try {
      // two items of theirs sold at the counter (no hold yet: payable at once)
      const product = await newProduct(staff, 'Request Runner');
      const items = await addActive(staff, product, [{ size: '9', price: 150 }, { size: '10', price: 90 }], email);
      await post(staff, '/api/sales', { lines: items.map((i) => ({ inventoryId: i.id })), paymentMethod: 'cash' });
      const before = await data<Account>(me, `/api/payouts/consigner/${meId}/account`);
      expect(before.canRequest).toBe(true);
      expect(before.payable).toBeGreaterThan(0);

      // The consigner, on a phone: the balance, Request payout behind a confirmation
      await page.setViewportSize(PHONE);
      await signInBrowser(page, email, PASSWORD);
      await page.goto('/payouts');
      const balance = page.getByTestId('payout-balance');
      await expect(balance.getByTestId('balance-payable')).toHaveText(usd(before.payable));
      await balance.getByTestId('request-payout').click();
      await expect(page.locator(OPEN_POPCONFIRM)).toContainText('Ask the store to pay you?');
      await confirm(page, 'Request payout');
      await expect(page.locator('.ant-message-notice').filter({ hasText: 'Payout requested' })).toBeVisible();
      await expect(balance.getByTestId('request-status')).toContainText(`You asked for a payout of ${usd(before.payable)}`);
      await expect(balance.getByTestId('request-payout')).toHaveCount(0);
      // cancelled (confirmed), then asked again: one open request at a time
      await balance.getByTestId('cancel-request').click();
      await confirm(page, 'Cancel request');
      await expect(page.locator('.ant-message-notice').filter({ hasText: 'Payout request cancelled' })).toBeVisible();
      await balance.getByTestId('request-payout').click();
      await confirm(page, 'Request payout');
      await expect(balance.getByTestId('request-status')).toContainText(`You asked for a payout of ${usd(before.payable)}`);
      await noSidewaysScroll(page);
      await snap(page, 'payout-request-portal');
      const asked = await data<Account>(me, `/api/payouts/consigner/${meId}/account`);
      expect(asked.request?.status).toBe('Open');

      // Staff: Ready to Pay lists the request; the Requested filter shows it; Pay request makes the payout
      await page.context().clearCookies();
      await page.setViewportSize(DESKTOP);
      await signInBrowser(page, DEMO.owner);
      await page.goto('/pendingPayouts');
      const panel = page.getByTestId('readiness-panel');
      await expect(panel).toBeVisible();
      await panel.getByTestId('readiness-filter').getByText(/^Requested/).click();
      const row = panel.getByTestId('readiness-row').filter({ hasText: 'Requested' }).filter({ has: page.getByTestId('pay-request') }).first();
      await expect(row).toContainText(usd(before.payable));
      await snap(page, 'ready-to-pay-requested');
      await row.getByTestId('pay-request').click();
      await confirm(page, 'Pay');
      await expect(page).toHaveURL(/\/payouts\/[0-9a-f-]{36}$/);
      await expect(page.getByText(/^Payout PO-\d+ - Pending$/)).toBeVisible();
      const paying = await data<Account>(me, `/api/payouts/consigner/${meId}/account`);
      expect(paying.request).toMatchObject({ id: asked.request!.id, status: 'Paying' });
      // marked paid: the request is closed, nothing is left to pay
      await post(staff, `/api/payouts/paid/${paying.request!.payoutId}`, {});
      const done = await data<Account>(me, `/api/payouts/consigner/${meId}/account`);
      expect(done).toMatchObject({ payable: 0, request: { status: 'Paid' } });

      // The hold, set on the Settings screen: a sale from now on is payable 7 days later
      await page.goto('/settings');
      const hold = page.getByTestId('payout-hold-days');
      await hold.scrollIntoViewIfNeeded();
      await hold.fill('7');
      await page.getByTestId('save-settings').click();
      await expect(page.getByText('Settings saved!')).toBeVisible();
      const [late] = await addActive(staff, product, [{ size: '11', price: 60 }], email);
      await post(staff, '/api/sales', { lines: [{ inventoryId: late!.id }], paymentMethod: 'cash' });
      const held = await data<Account>(me, `/api/payouts/consigner/${meId}/account`);
      expect(held.payable).toBe(0);
      expect(held.held).toBeGreaterThan(0);

      await page.goto('/pendingPayouts');
      await expect(panel.getByTestId('readiness-rules')).toContainText('Sales are payable 7 days after the sale');
      const heldRow = panel.getByTestId('readiness-row').filter({ has: page.getByTestId('held-cell').filter({ hasText: usd(held.held) }) }).first();
      await expect(heldRow.getByTestId('held-cell')).toContainText(`from ${longDate(dayPlus(7))}`);
      // the held sale is not among the items a payout can take
      await expect(page.getByTestId('ready-row').filter({ hasText: late!.code })).toHaveCount(0);
      await snap(page, 'ready-to-pay-held');

      // the consigner sees it on hold, with the day
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await signInBrowser(page, email, PASSWORD);
      await page.goto('/payouts');
      await expect(balance.getByTestId('balance-held')).toHaveText(usd(held.held));
      await expect(balance).toContainText(`Payable from ${longDate(dayPlus(7))}`);
      await expect(balance.getByTestId('request-payout')).toBeDisabled();
      await noSidewaysScroll(page);
      await snap(page, 'payout-request-held');
      await page.setViewportSize(PHONE);
    } finally {
      // the e2e server is shared by the other journeys: the store goes back to no hold
      const res = await staff.put(`/api/stores/${storeId}`, { data: { payoutHoldDays: 0, payoutMinimum: 0 } });
      expect(res.ok(), await res.text()).toBeTruthy();
      await me.dispose();
      await staff.dispose();
    }
  });

  test('the hold counted from shipping, saved on Settings: an online sale not shipped shows awaiting shipping', async ({ page }) => {
    test.setTimeout(240_000);
    const SECRET = 'whsec-e2e-holds-0123456789abcdef';
    const email = `${unique('shipper')}@holds.backroom.test`;
    await createActiveConsigner(email, PASSWORD);
    const staff = await signedIn(DEMO.owner);
    const { id: storeId } = await data<{ id: string }>(staff, '/open/stores/current');
    const shopRes = await fetch(`${SHOPIFY_FAKE_URL}/__fake/shop`);
    const shop = (await shopRes.json()) as { shopDomain: string; accessToken: string; locations: { id: string }[] };
    try {
      const connected = await staff.put('/api/storefront/connection', {
        data: { shopDomain: shop.shopDomain, accessToken: shop.accessToken, webhookSecret: SECRET, locations: [{ location: 'Downtown', shopifyLocationId: shop.locations[0].id }], enabled: true },
      });
      expect(connected.ok(), await connected.text()).toBeTruthy();

      // Settings: a 5-day hold, counted from shipping for online orders
      await page.setViewportSize(DESKTOP);
      await signInBrowser(page, DEMO.owner);
      await page.goto('/settings');
      const hold = page.getByTestId('payout-hold-days');
      await hold.scrollIntoViewIfNeeded();
      await hold.fill('5');
      await page.getByLabel('Count the hold from').click();
      await page.locator('.ant-select-dropdown:visible').getByText('Shipping (online orders)').click();
      await page.getByTestId('save-settings').click();
      await expect(page.getByText('Settings saved!')).toBeVisible();
      expect(await data<{ payoutHoldDays: number; payoutHoldFrom: string }>(staff, `/api/stores/${storeId}`)).toMatchObject({ payoutHoldDays: 5, payoutHoldFrom: 'shipping' });
      // read back after a reload
      await page.reload();
      await expect(page.getByTestId('payout-hold-from')).toContainText('Shipping (online orders)');

      // a customer buys the consigner's item in the shop: orders/paid, signed by the shop (matched by its code as SKU)
      const product = await newProduct(staff, 'Shipping Runner');
      const [item] = await addActive(staff, product, [{ size: '8', price: 120 }], email);
      const orderId = Date.now();
      const payload = {
        id: orderId,
        admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
        name: `#E2E${orderId % 100000}`,
        created_at: new Date().toISOString(),
        financial_status: 'paid',
        currency: 'USD',
        test: false,
        fulfillment_status: null,
        line_items: [{ id: orderId * 10, admin_graphql_api_id: `gid://shopify/LineItem/${orderId * 10}`, variant_id: null, sku: item!.code, title: 'Shipping Runner', quantity: 1, current_quantity: 1, price: '120.00' }],
      };
      const raw = JSON.stringify(payload);
      const delivered = await staff.post('/api/webhooks/shopify', {
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/paid',
          'x-shopify-shop-domain': shop.shopDomain,
          'x-shopify-webhook-id': randomUUID(),
          'x-shopify-api-version': '2026-01',
          'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(raw).digest('base64'),
        },
        data: raw,
      });
      expect(delivered.ok(), await delivered.text()).toBeTruthy();

      // Ready to Pay: the sale is on hold with no date, awaiting shipping, and not among the items to pay
      await page.goto('/pendingPayouts');
      const panel = page.getByTestId('readiness-panel');
      await expect(panel.getByTestId('readiness-rules')).toContainText('online orders 5 days after they ship');
      const row = panel.getByTestId('readiness-row').filter({ has: page.getByTestId('held-awaiting-shipping') }).first();
      await expect(row.getByTestId('held-awaiting-shipping')).toContainText('awaiting shipping');
      await expect(page.getByTestId('ready-row').filter({ hasText: item!.code })).toHaveCount(0);
      await snap(page, 'ready-to-pay-awaiting-shipping');
    } finally {
      // the e2e server is shared by the other journeys: no hold, and no Shopify connection
      const res = await staff.put(`/api/stores/${storeId}`, { data: { payoutHoldDays: 0, payoutMinimum: 0, payoutHoldFrom: 'sale' } });
      expect(res.ok(), await res.text()).toBeTruthy();
      const off = await staff.put('/api/storefront/connection', { data: { enabled: false, accessToken: null, webhookSecret: null, locations: [] } });
      expect(off.ok(), await off.text()).toBeTruthy();
      await staff.dispose();
    }
  });
});
