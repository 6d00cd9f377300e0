import { fileURLToPath } from 'node:url';
import { expect, test } from '../../fixtures/test';
import { LIST_VIEWS, type ListViewKey } from '@backroom/domain';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { snap } from '../../fixtures/screens';
import { gotoList } from './lists.fixture';

const VIEWS = Object.keys(LIST_VIEWS) as ListViewKey[];

test.describe('[INVENTORY LISTS]: every list page at 1440 and 390 px', () => {
  for (const view of VIEWS) {
    test(`${LIST_VIEWS[view].title} (/${view}) shows its items on the demo data`, async ({ page }) => {
      await signInBrowser(page, DEMO.owner);
      await gotoList(page, `/${view}`);
      await expect(page.getByTestId('list-title')).toHaveText(LIST_VIEWS[view].title);
      // the demo store has items in every status: each list has rows, none shows its empty state
      await expect(page.getByTestId('pagination-text')).toHaveText(/^1-\d+ of \d+ items$/);
      await expect(page.getByTestId('list-empty')).toHaveCount(0);
      await snap(page, `inventory-list-${view}`, async (width) => {
        if (width < 768) {
          await expect(page.getByTestId('inventory-card').first()).toBeVisible();
          await expect(page.getByTestId('open-filters')).toBeVisible();
        } else {
          await expect(page.getByTestId('inventory-table').locator('.ant-table-row').first()).toBeVisible();
          await expect(page.getByTestId('desktop-filters')).toBeVisible();
        }
      });
    });
  }

  test('the grouped view, the accept dialog and the phone filters modal', async ({ page }) => {
    await signInBrowser(page, DEMO.owner);
    await gotoList(page, '/findInventory?view=grouped&pageSize=20');
    await expect(page.getByTestId('product-group').first()).toBeVisible();
    await page.getByTestId('grouped-view').locator('.ant-collapse-header').first().click();
    // an opened group reads its items then
    await expect(page.getByTestId('grouped-view').getByTestId('group-table').locator('.ant-table-row').first()).toBeVisible();
    await snap(page, 'inventory-list-grouped');

    await gotoList(page, '/incomingInventory');
    await page.getByTestId('inventory-table').getByRole('button', { name: 'Accept' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Accept inventory' })).toBeVisible();
    await snap(page, 'inventory-list-accept-dialog');

    await page.setViewportSize({ width: 390, height: 844 });
    await gotoList(page, '/findInventory');
    await page.getByTestId('open-filters').click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    await page.screenshot({ path: fileURLToPath(new URL('../../screenshots/inventory-list-filters-modal-390.png', import.meta.url)) });
  });
});
