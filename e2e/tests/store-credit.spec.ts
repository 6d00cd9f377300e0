// Store credit (docs/consigner-account.md "Store credit"): the store gives a 20 % bonus on credit; staff
// pay a consigner who takes payouts as store credit from Ready to Pay (the confirmation says credit and
// bonus, and the share is settled at once); at the counter a sale is paid with that consigner's credit,
// found by the code on their account; the consigner sees the credit and its history on a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { apiClient, createActiveConsigner, signInApi, signInBrowser } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { DESKTOP, PHONE, snap } from '../fixtures/screens';
import { addActive, newProduct, post, signedIn } from './inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'credit-pass-1';

type Credit = { code: string; balance: number; bonusPercent: number; paidAsCredit: boolean; movements: { kind: string; amount: number }[] };

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  const text = await response.text();
  expect(response.ok(), `${path}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

async function put(api: APIRequestContext, path: string, body: unknown) {
  const res = await api.put(path, { data: body });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('[STORE CREDIT]: a payout taken as credit with the bonus, spent at the counter, seen in the portal', () => {
  test('pay as store credit (+20 %) -> sell at the counter with that credit -> the consigner sees it on a phone', async ({ page }) => {
    test.setTimeout(240_000);
    const email = `${unique('credit')}@credit.backroom.test`;
    await createActiveConsigner(email, PASSWORD);
    const me = await apiClient();
    await signInApi(me, email, PASSWORD);
    const { id: meId } = await data<{ id: string }>(me, '/api/me');
    const staff = await signedIn(DEMO.owner);
    const { id: storeId } = await data<{ id: string }>(staff, '/open/stores/current');
    const saved = await data<{ payoutOptions: string[]; storeCreditBonus: number }>(staff, `/api/stores/${storeId}`);
    try {
      // the store offers store credit with a 20 % bonus; this consigner takes their payouts as credit
      await put(staff, `/api/stores/${storeId}`, { payoutOptions: [...new Set([...saved.payoutOptions, 'Store credit'])], storeCreditBonus: 20 });
      await put(staff, `/api/consigners/${meId}`, { payoutType: 'Store credit' });
      // an item of theirs sold at the counter: ready to pay
      const product = await newProduct(staff, 'Credit Runner');
      const [sold] = await addActive(staff, product, [{ size: '9', price: 150 }], email);
      await post(staff, '/api/sales', { lines: [{ inventoryId: sold!.id }], paymentMethod: 'cash' });
      const preview = await post<{ consigners: { consignerId: string; total: number; storeCredit?: boolean; creditBonus?: number }[] }>(staff, '/api/payouts/preview', { inventoriesToPay: [sold!.id] });
      const plan = preview.consigners[0]!;
      expect(plan).toMatchObject({ consignerId: meId, storeCredit: true });
      const bonus = Math.floor(plan.total * 20) / 100;
      expect(plan.creditBonus).toBe(bonus);

      // Staff pay it from Ready to Pay: the confirmation says store credit and the bonus
      await page.setViewportSize(DESKTOP);
      await signInBrowser(page, DEMO.owner);
      await page.goto('/pendingPayouts');
      const search = page.getByTestId('ready-search').locator('input');
      await search.fill(product.sku);
      await search.press('Enter');
      await expect(page.getByTestId('ready-row')).toHaveCount(1, { timeout: 30_000 });
      await page.getByTestId('select-all').click();
      await page.getByTestId('payout-items').click();
      const modal = page.getByTestId('payout-confirm');
      await expect(modal.getByTestId('share-store-credit')).toHaveText(`Store credit + ${usd(bonus)} bonus`);
      await expect(modal.getByTestId('payout-store-credit')).toContainText('Store credit is paid at once');
      await snap(page, 'store-credit-payout-confirm');
      await modal.getByTestId('confirm-payout').click();
      await expect(page).toHaveURL(/\/payouts\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(page.getByTestId('payout-title')).toHaveText(/^Payout PO-\d+ - Paid$/);
      const credit = await data<Credit>(me, `/api/payouts/consigner/${meId}/credit`);
      expect(credit).toMatchObject({ balance: plan.total + bonus, bonusPercent: 20, paidAsCredit: true });

      // The counter: a sale paid with their credit, the consigner found by the code on their account
      const [shoe] = await addActive(staff, product, [{ size: '10', price: 40 }]);
      await page.goto('/sell');
      const input = page.getByTestId('sell-code-input');
      await expect(input).toBeVisible({ timeout: 30_000 });
      await input.fill(shoe!.code);
      await input.press('Enter');
      await expect(page.getByTestId('sale-line')).toHaveCount(1);
      await page.getByTestId('payment-method').getByText('Store credit', { exact: true }).click();
      const picker = page.getByTestId('credit-picker');
      await picker.getByTestId('credit-holder').click();
      await page.keyboard.type(credit.code);
      const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: credit.code });
      await expect(option).toHaveCount(1);
      await expect(option).toContainText(usd(credit.balance));
      await option.click();
      await expect(picker.getByTestId('credit-balance')).toHaveText(`Test Consigner has ${usd(credit.balance)} of store credit`);
      await snap(page, 'store-credit-counter');
      await page.getByTestId('complete-sale').click();
      await expect(page).toHaveURL(/receipt=/);
      await expect(page.getByTestId('receipt-view').getByText('Paid by store credit')).toBeVisible();
      const after = await data<Credit>(me, `/api/payouts/consigner/${meId}/credit`);
      expect(after.balance).toBeCloseTo(credit.balance - 40, 2);

      // The consigner, on a phone: the card with the balance, the code and the movements
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await signInBrowser(page, email, PASSWORD);
      await page.goto('/payouts');
      const card = page.getByTestId('store-credit');
      await expect(card.getByTestId('store-credit-balance')).toHaveText(usd(after.balance));
      await expect(card.getByTestId('credit-code')).toHaveText(credit.code);
      await expect(card).toContainText('with a 20% store bonus');
      const moves = card.getByTestId('credit-movement');
      await expect(moves).toHaveCount(3);
      await expect(moves.nth(0)).toContainText('Spent in store');
      await expect(moves.nth(0)).toContainText(`−${usd(40)}`);
      await expect(card).toContainText('Store bonus');
      await expect(card).toContainText(`+${usd(bonus)}`);
      await expect(card).toContainText('Payout taken as credit');
      await noSidewaysScroll(page);
      await card.scrollIntoViewIfNeeded();
      await snap(page, 'store-credit-portal');
    } finally {
      // the e2e server is shared by the other journeys: the store's settings go back
      await put(staff, `/api/stores/${storeId}`, { payoutOptions: saved.payoutOptions, storeCreditBonus: saved.storeCreditBonus });
      await me.dispose();
      await staff.dispose();
    }
  });
});
