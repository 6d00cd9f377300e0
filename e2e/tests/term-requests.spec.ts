import { expect as baseExpect, test } from '../fixtures/test';
import { getJson, signInBrowser } from '../fixtures/api';
import { pickOption } from '../fixtures/antd';
import { DEMO } from '../fixtures/demo';
import { pageOverflow } from '../fixtures/layout';
import { PHONE, snap } from '../fixtures/screens';
import { addActive, newProduct, signedIn } from './inventory-lists/lists.fixture';

// The machine is shared with other suites: allow slow screens.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

type ApiType = { id: string; accountType: string };
type Expiring = { items: { id: string; request: { kind: string } | null }[] };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test("[TERMS]: a consigner asks to renew from their phone; staff see the request on /expiringInventory, renew, and the request closes", async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const standard = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data!.find((t) => t.accountType === 'Standard')!;
  const storeId = (await getJson<{ id: string }>(api, '/open/stores/current')).body.data!.id;
  try {
    // 30-day terms with a renewal fee; an item of Ava's accepted under them, its end moved to 5 days from now
    expect((await api.put(`/api/consignerTypes/${standard.id}/terms`, { data: { periodDays: 30, renewalFee: 5, endAction: 'return' } })).status()).toBe(200);
    const product = await newProduct(api, 'Renew Runner');
    const [item, other] = await addActive(api, product, [
      { size: '9', price: 140 },
      { size: '10', price: 150 },
    ]);
    expect((await api.put(`/api/inventories/${item.id}`, { data: { consignmentEndsAt: day(5) } })).status()).toBe(200);

    // the consigner, on a phone: the card's "Ask to renew", behind a confirmation
    await page.setViewportSize(PHONE);
    await signInBrowser(page, DEMO.ava);
    await page.goto('/inventory');
    await page.getByTestId('list-search').locator('input').fill(product.sku);
    await page.getByTestId('list-search').locator('input').press('Enter');
    const card = page.getByTestId('inventory-card').filter({ hasText: item.code });
    await expect(card).toContainText('Consignment ends');
    await card.getByTestId('term-ask-renew').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Ask the store to renew this item?' });
    await expect(confirm).toContainText(item.code);
    // "Not now" sends nothing
    await confirm.getByRole('button', { name: 'Not now' }).click();
    await expect(confirm).toBeHidden();
    expect((await getJson<Expiring>(api, `/api/expiringInventory?search=${item.code}`)).body.data!.items[0].request).toBeNull();
    await card.getByTestId('term-ask-renew').click();
    await confirm.getByRole('button', { name: 'Ask to renew' }).click();
    await expect(page.getByText('Renewal requested').first()).toBeVisible();
    await expect(card.getByTestId('term-request-tag')).toHaveText('Renewal requested');
    await expect(card.getByTestId('term-ask-renew')).toHaveCount(0);
    expect((await getJson<Expiring>(api, `/api/expiringInventory?search=${item.code}`)).body.data!.items[0].request).toMatchObject({ kind: 'renew' });
    await snap(page, 'term-requests-portal', async (width) => {
      if (width < 768) await expect(card.getByTestId('term-request-tag')).toBeVisible();
      else {
        const row = page.locator(`tr[data-row-key="${item.id}"]`);
        await expect(row.getByTestId('term-request-tag')).toHaveText('Renewal requested');
        // the other item (its end 30 days out) offers the menu in its Days Active cell
        await expect(page.locator(`tr[data-row-key="${other.id}"]`).getByTestId('term-request-menu')).toBeVisible();
      }
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });

    // staff: the request is tagged and filtered on /expiringInventory; renewing closes it
    await signInBrowser(page, DEMO.owner);
    await page.goto('/expiringInventory');
    await pickOption(page, page.getByLabel('Requests'), 'Asked to renew');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(product.sku);
    await search.press('Enter');
    const rows = page.getByTestId('expiring-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(item.code);
    await expect(rows.nth(0).getByTestId('term-request')).toHaveText('Requested: renew');
    await snap(page, 'term-requests-staff', async () => {
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });
    await rows.nth(0).getByRole('checkbox').check();
    await page.getByTestId('renew-selected').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Renew' }).click();
    await expect(page.getByText('1 item renewed.')).toBeVisible();
    // renewed: a new end 30 days after the old one, so it leaves the 14-day list and the filter
    await expect(rows).toHaveCount(0);
    const after = await getJson<{ consignmentEndsAt: string }>(api, `/api/inventories/${item.id}`);
    expect(after.body.data!.consignmentEndsAt).toBe(day(35));
    expect((await getJson<Expiring>(api, `/api/expiringInventory?withinDays=60&search=${item.code}`)).body.data!.items[0].request).toBeNull();
    // the item's timeline says the request was answered
    await page.goto(`/inventories/${item.id}`);
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Term request:' }).first()).toBeVisible();

    // the reminder e-mail's days are the store's own (Settings): 10 days before the end
    await page.goto('/settings');
    const reminderDays = page.getByTestId('term-reminder-days');
    await reminderDays.scrollIntoViewIfNeeded();
    await expect(reminderDays).toHaveValue('7');
    await reminderDays.fill('10');
    await page.getByTestId('save-settings').click();
    await expect(page.getByText('Settings saved!')).toBeVisible();
    expect((await getJson<{ termReminderDays: number }>(api, `/api/stores/${storeId}`)).body.data!.termReminderDays).toBe(10);

    // the consigner's card no longer shows the request: it offers the two asks again
    await signInBrowser(page, DEMO.ava);
    await page.setViewportSize(PHONE);
    await page.goto('/inventory');
    await page.getByTestId('list-search').locator('input').fill(product.sku);
    await page.getByTestId('list-search').locator('input').press('Enter');
    await expect(card.getByTestId('term-ask-pickup')).toBeVisible();
    await expect(card.getByTestId('term-request-tag')).toHaveCount(0);
  } finally {
    // the other specs expect the demo store without terms, reminding a week before
    await api.put(`/api/consignerTypes/${standard.id}/terms`, { data: {} });
    await api.put(`/api/stores/${storeId}`, { data: { termReminderDays: 7 } });
    await api.dispose();
  }
});
