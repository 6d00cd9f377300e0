// Keyboard-only journeys (docs/accessibility.md): signing in, Find Inventory to an item, and a counter
// sale, with Tab, typing and Enter only; every control reached shows where the focus is.
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo';
import { addActive, gotoList, newProduct, signedIn } from './inventory-lists/lists.fixture';

const expect = baseExpect.configure({ timeout: 20_000 });

/** The focused element, or the antd wrapper that draws its focus, shows a ring (an outline or a shadow). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const visible = await page.evaluate(() => {
    let el: Element | null = document.activeElement;
    for (let depth = 0; el && depth < 4; depth += 1, el = el.parentElement) {
      const style = getComputedStyle(el);
      if ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none') return true;
    }
    return false;
  });
  expect(visible, 'the focused control shows it has the focus').toBe(true);
}

/** Presses Tab until `target` (or something inside it) has the focus, then checks the focus is visible. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

test.describe('[ACCESSIBILITY]: keyboard only', () => {
  test('sign in with Tab, typing and Enter', async ({ page }) => {
    await page.goto('/login');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(DEMO.owner);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/(login|storeSignup)/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  test('Find Inventory to an item: search, then open the item from its row', async ({ page, context }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Keyboard Runner');
    const [item] = await addActive(staff, product, [{ size: '9', price: 75 }]);
    await signInBrowser(page, DEMO.owner);
    await gotoList(page, '/findInventory');
    await tabTo(page, page.getByTestId('list-search').locator('input'));
    await page.keyboard.type(item.code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${item.code}`));
    const row = page.getByTestId('inventory-table').locator('.ant-table-row').filter({ hasText: item.code });
    await expect(row).toHaveCount(1);
    // the row's Edit link opens the item in a new tab, as it does for a click
    await tabTo(page, row.getByTestId('edit-link'));
    const [opened] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await expect(opened).toHaveURL(new RegExp(`/inventories/${item.id}$`));
    await expect(opened.getByText(item.code).first()).toBeVisible();
    await opened.close();
  });

  test('a counter sale: scan a code, then complete the sale', async ({ page }) => {
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Keyboard Sale');
    const [item] = await addActive(staff, product, [{ size: '10', price: 42 }]);
    await signInBrowser(page, DEMO.owner);
    await page.goto('/sell');
    await tabTo(page, page.getByTestId('sell-code-input'));
    await page.keyboard.type(item.code);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sale-line')).toHaveCount(1);
    await expect(page.getByTestId('complete-sale')).toBeEnabled();
    // the payment method: Tab into the group (its radios are drawn as buttons: the focus is on the
    // radio inside the Cash button), Space takes it
    await tabTo(page, page.getByTestId('payment-method').locator('label').filter({ hasText: 'Cash' }));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('payment-method').getByRole('radio', { name: 'Cash' })).toBeChecked();
    await tabTo(page, page.getByTestId('complete-sale'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('receipt-view')).toBeVisible();
    await expect(page.getByTestId('receipt-view')).toContainText(item.code);
  });
});
