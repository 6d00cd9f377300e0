import { expect as baseExpect, test } from '../fixtures/test';
import { getJson, signInBrowser } from '../fixtures/api';
import { pickOption } from '../fixtures/antd';
import { DEMO } from '../fixtures/demo';
import { pageOverflow } from '../fixtures/layout';
import { snap } from '../fixtures/screens';
import { addActive, consignerId, getItem, newProduct, signedIn } from './inventory-lists/lists.fixture';

// The machine is shared with other suites: allow slow screens.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

type ApiType = { id: string; accountType: string; terms: { periodDays: number | null } };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('[TERMS]: an Admin gives a consigner type 30-day terms on /fees, then extends, renews and returns expiring items on /expiringInventory', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const standard = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data!.find((t) => t.accountType === 'Standard')!;
  try {
    // /fees: the Standard type's terms
    await signInBrowser(page, DEMO.owner);
    await page.goto('/fees');
    const row = page.locator(`[data-testid="consigner-type-row"][data-type-id="${standard.id}"]`);
    await expect(row.getByTestId('terms-button')).toHaveText('No end');
    await row.getByRole('button', { name: 'Terms of Standard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consignment terms: Standard' });
    await dialog.getByLabel('Consignment period').fill('0');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(dialog.getByText('Consignment period must be at least 1 day')).toBeVisible();
    await dialog.getByLabel('Consignment period').fill('30');
    await dialog.getByLabel('Minimum stay').fill('7');
    await dialog.getByLabel('Renewal fee').fill('5');
    await dialog.getByLabel('Days of grace').fill('3');
    await pickOption(page, dialog.getByLabel('When the term ends'), 'Return to the consigner');
    await snap(page, 'fees-terms-dialog');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(page.getByText('Terms of Standard saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('terms-button')).toHaveText('30 days, then return · 7-day minimum');

    // stock added now takes the terms (its end 30 days out); one moved to end in 3 days, one ended 5 days ago
    const product = await newProduct(api, 'Terms Runner');
    const [soon, late] = await addActive(api, product, [
      { size: '9', price: 140 },
      { size: '10', price: 150 },
    ]);
    expect((await getJson<{ consignmentEndsAt: string }>(api, `/api/inventories/${soon.id}`)).body.data!.consignmentEndsAt).toBe(day(30));
    for (const [item, end] of [
      [soon, day(3)],
      [late, day(-5)],
    ] as const) {
      expect((await api.put(`/api/inventories/${item.id}`, { data: { consignmentEndsAt: end } })).status()).toBe(200);
    }

    // the menu entry under Inventory (open on an Inventory screen) opens the list
    await page.goto('/findInventory');
    await page.getByTestId('menu-expiringInventory').click();
    await expect(page).toHaveURL(/\/expiringInventory$/);
    // the address moves before the screen's code has loaded: search on the screen, not on Find's
    await expect(page.getByText('Items in stock whose consignment ends soon')).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(product.sku);
    await search.press('Enter');
    const rows = page.getByTestId('expiring-row');
    await expect(rows).toHaveCount(2);
    // the one that ended first, then the one ending soon
    await expect(rows.nth(0)).toContainText(late.code);
    await expect(rows.nth(0).getByTestId('term-state')).toHaveText('Due');
    await expect(rows.nth(1)).toContainText(soon.code);
    await expect(rows.nth(1).getByTestId('term-state')).toHaveText('Ending');
    await expect(rows.nth(1)).toContainText('in 3 days');
    await snap(page, 'expiring-inventory', async () => {
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });

    // extend the one ending soon by 10 days
    await rows.filter({ hasText: soon.code }).getByRole('checkbox').check();
    await page.getByTestId('extend-selected').click();
    const extend = page.getByRole('dialog', { name: 'Extend 1 item' });
    await extend.getByLabel('Extend the end by').fill('10');
    await extend.getByRole('button', { name: 'Extend', exact: true }).click();
    await expect(page.getByText('1 item extended by 10 days.')).toBeVisible();
    await expect(rows.filter({ hasText: soon.code })).toContainText('in 13 days');

    // renew the ended one: a whole period (30 days) from today, the renewal fee charged once
    await rows.filter({ hasText: late.code }).getByRole('checkbox').check();
    await page.getByTestId('renew-selected').click();
    await expect(page.getByRole('dialog').getByText('Renewal fees of $5.00 are charged to the consigners', { exact: false })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Renew' }).click();
    await expect(page.getByText('1 item renewed.')).toBeVisible();
    await expect(rows.filter({ hasText: late.code })).toHaveCount(0);
    expect((await getJson<{ consignmentEndsAt: string }>(api, `/api/inventories/${late.id}`)).body.data!.consignmentEndsAt).toBe(day(30));
    await pickOption(page, page.getByLabel('Ending within'), 'Next 30 days');
    await expect(rows.filter({ hasText: late.code })).toBeVisible();

    // return the other to the consigner: it leaves stock as withdrawn
    await rows.filter({ hasText: soon.code }).getByRole('checkbox').check();
    await page.getByTestId('return-selected').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Return' }).click();
    await expect(page.getByText('1 item returned to the consigner.')).toBeVisible();
    await expect(rows.filter({ hasText: soon.code })).toHaveCount(0);
    expect(await getItem(api, soon.id)).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: false, withdrawalFee: 0 });

    // each item's timeline says what happened
    await page.goto(`/inventories/${late.id}`);
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Renewal fee:' })).toHaveText('Renewal fee: $5.00');
    await page.goto(`/inventories/${soon.id}`);
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Term ended:' })).toHaveText('Term ended: returned');

    // nothing matches a search for an unknown code: the empty state says so
    await page.goto('/expiringInventory');
    await search.fill('NO-SUCH-CODE');
    await search.press('Enter');
    await expect(page.getByText('No expiring item matches this search.')).toBeVisible();
  } finally {
    // the other specs expect the demo store without terms
    await api.put(`/api/consignerTypes/${standard.id}/terms`, { data: {} });
    await api.dispose();
  }
});

test('[TERMS]: staff donate one ended item and convert another to store stock, each after a confirmation', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  try {
    const product = await newProduct(api, 'Terms Donor');
    const [give, keep] = await addActive(api, product, [
      { size: '8', price: 90 },
      { size: '11', price: 120 },
    ]);
    for (const item of [give, keep]) expect((await api.put(`/api/inventories/${item.id}`, { data: { consignmentEndsAt: day(-4) } })).status()).toBe(200);
    const storeAccount = await consignerId(api, DEMO.storeAccount);

    await signInBrowser(page, DEMO.owner);
    await page.goto('/expiringInventory');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(product.sku);
    await search.press('Enter');
    const rows = page.getByTestId('expiring-row');
    await expect(rows).toHaveCount(2);

    // donate: the dialog says what happens; the item leaves stock as withdrawn
    await rows.filter({ hasText: give.code }).getByRole('checkbox').check();
    await expect(page.getByTestId('donate-selected')).toHaveText('Donate (1)');
    await page.getByTestId('donate-selected').click();
    const donate = page.getByRole('dialog', { name: 'Donate 1 item?' });
    await expect(donate).toContainText('The consigner is owed nothing for it');
    await snap(page, 'expiring-inventory-donate-confirm');
    await donate.getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByText('1 item donated.')).toBeVisible();
    await expect(rows.filter({ hasText: give.code })).toHaveCount(0);
    expect(await getItem(api, give.id)).toMatchObject({ status: 'Withdrawn', withdrawalFee: 0 });

    // convert: cancelling changes nothing; confirming makes the store account the owner
    await rows.filter({ hasText: keep.code }).getByRole('checkbox').check();
    await page.getByTestId('convert-selected').click();
    const convert = page.getByRole('dialog', { name: 'Convert 1 item to store stock?' });
    await expect(convert).toContainText('The store account becomes the owner at a cost of 0');
    await convert.getByRole('button', { name: 'Cancel' }).click();
    await expect(convert).toBeHidden();
    expect((await getItem(api, keep.id)).consignerId).not.toBe(storeAccount);
    await page.getByTestId('convert-selected').click();
    await convert.getByRole('button', { name: 'Convert' }).click();
    await expect(page.getByText('1 item converted to store stock.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    expect(await getItem(api, keep.id)).toMatchObject({ status: 'Active', consignerId: storeAccount, consignmentEndsAt: null, cost: 0 });

    // each item's timeline says how its term ended
    await page.goto(`/inventories/${give.id}`);
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Term ended:' })).toHaveText('Term ended: donated');
    await page.goto(`/inventories/${keep.id}`);
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Term ended:' })).toHaveText('Term ended: converted to store stock');
  } finally {
    await api.dispose();
  }
});

test("[TERMS]: the consigner's portal Inventory shows each item's consignment end date, under Days Active and on the phone card", async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  try {
    const product = await newProduct(api, 'Terms Portal');
    const [ending, open] = await addActive(api, product, [
      { size: '9', price: 110 },
      { size: '12', price: 130 },
    ]);
    const endsOn = day(20);
    expect((await api.put(`/api/inventories/${ending.id}`, { data: { consignmentEndsAt: endsOn } })).status()).toBe(200);
    const shown = new Date(`${endsOn}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

    await signInBrowser(page, DEMO.ava);
    await page.goto('/inventory');
    await page.getByTestId('list-search').locator('input').fill(product.sku);
    await page.getByTestId('list-search').locator('input').press('Enter');
    // a line under Days Active ("Ends Dec 19, 2026"); an item without an end has none
    const endLine = page.locator(`tr[data-row-key="${ending.id}"]`).getByTestId('consignment-end');
    await expect(endLine).toHaveText(shown);
    await expect(page.locator(`tr[data-row-key="${ending.id}"]`)).toContainText(`Ends ${shown}`);
    await expect(page.locator(`tr[data-row-key="${open.id}"]`).getByTestId('consignment-end')).toHaveCount(0);
    await snap(page, 'portal-inventory-end-date', async (width) => {
      if (width < 768) {
        const card = page.getByTestId('inventory-card').filter({ hasText: ending.code });
        await expect(card.getByTestId('consignment-end')).toHaveText(shown);
        await expect(card).toContainText('Consignment ends');
        // an item without an end says nothing about it
        await expect(page.getByTestId('inventory-card').filter({ hasText: open.code }).getByTestId('consignment-end')).toHaveCount(0);
      } else {
        // the end date takes no column: the table does not scroll sideways on a 1440 px screen
        await expect(page.getByText('Scroll sideways to see every column')).toBeHidden();
      }
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });
  } finally {
    await api.dispose();
  }
});
