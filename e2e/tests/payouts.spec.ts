// Paying consigners as an Admin meets it (issue 11, people doc sections 2, 4, 5 and 8): Ready to Pay
// refuses a payout of nothing, pays items of two demo consigners sold at the counter after the confirmation that
// lists each with their total (a double click makes one payout), the payout screen marks it paid, the
// payouts list finds it (a consigner's row, their Bank Details), and the consigner sees it paid.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO } from '../fixtures/demo';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { snap as snapAt } from '../fixtures/screens';
import { addActive, newProduct, post, signedIn } from './inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });

type ReadyItem = { id: string; code: string; total: number; consignerId: string; consigner: { firstName: string; lastName: string; email: string } | null };
type Share = { consignerId: string; name: string; status: string; total: number; itemCount: number };
type PayoutRow = { id: string; name: string; status: string; total: number; itemCount: number; consigners: Share[] };
type ConsignerPayout = { id: string; name: string; status: string; shareStatus: string; total: number; inventories: { id: string; status: string }[] };

/** Screenshots from the top of the page (the shell's header and sider are fixed). */
async function snap(page: Page, name: string, check?: (width: number) => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name, check);
}

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  const text = await response.text();
  expect(response.ok(), `${path}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** '$1,234.50' as the screens show an amount of the demo store (USD, 2 decimals). */
function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const cents = (n: number) => Math.round(n * 100);

test.describe('[PAYOUTS]: paying consigners their sold items', () => {
  test('Ready to Pay -> confirmation -> the payout marked paid -> found in Payouts -> paid for the consigner', async ({ page }) => {
    test.setTimeout(180_000);
    const staff = await signedIn(DEMO.owner);
    // Items of two demo consigners sold at the counter: a product of the test's own, so a search by its
    // SKU shows exactly them. Ava's $4 item pays her nothing after her $5 minimum fee.
    const product = await newProduct(staff, 'Payout Runner');
    const avaItems = await addActive(staff, product, [{ size: '9', price: 120 }, { size: '10', price: 4 }], DEMO.ava);
    const marcoItems = await addActive(staff, product, [{ size: '11', price: 250 }, { size: '12', price: 60 }], DEMO.marco);
    await post(staff, '/api/sales', { lines: [...avaItems, ...marcoItems].map((i) => ({ inventoryId: i.id })), paymentMethod: 'cash' });
    const ready = await data<{ rows: ReadyItem[]; count: number; total: number }>(staff, '/api/inventories/ordersPayoutInventories');
    const ofAva = ready.rows.filter((r) => avaItems.some((i) => i.id === r.id));
    const ofMarco = ready.rows.filter((r) => marcoItems.some((i) => i.id === r.id));
    expect(ofAva).toHaveLength(2);
    expect(ofMarco).toHaveLength(2);
    const chosen = [...ofAva, ...ofMarco];
    const avaTotal = ofAva.reduce((s, r) => s + cents(r.total), 0) / 100;
    const marcoTotal = ofMarco.reduce((s, r) => s + cents(r.total), 0) / 100;
    const zeroItem = ofAva.find((r) => r.total === 0)!;
    expect(zeroItem, 'the $4 item pays nothing').toBeTruthy();
    const before = await data<{ total: number }>(staff, '/api/payouts?pageSize=10');

    await signInBrowser(page, DEMO.owner);
    await page.goto('/pendingPayouts');
    await expect(page.getByTestId('ready-count')).toHaveText(`${ready.count} ${ready.count === 1 ? 'item' : 'items'} · ${usd(ready.total)}`, { timeout: 30_000 });
    const rows = page.getByTestId('ready-row');
    await expect(rows).toHaveCount(Math.min(ready.count, 10));

    // Payout Items with nothing chosen
    await page.getByTestId('payout-items').click();
    await expect(toast(page, 'Please select at least 1 item')).toBeVisible();
    await expect(page.getByTestId('payout-confirm')).toHaveCount(0);

    // Select All takes every ready item; the consigner filter narrows the list to one consigner
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count')).toHaveText(`${ready.count} selected · ${usd(ready.total)}`);
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count')).toHaveText('0 selected');
    await page.getByTestId('consigner-filter').click();
    await page.locator('.ant-select-dropdown:visible:not([class*="-leave"])').getByTitle('Ava Thompson', { exact: true }).click();
    await expect(page).toHaveURL(/consigner=/);
    await expect(rows).toHaveCount(Math.min(ready.rows.filter((r) => r.consigner?.email === DEMO.ava).length, 10));
    await page.getByTestId('consigner-filter').locator('.ant-select-clear').click();
    await expect(rows).toHaveCount(Math.min(ready.count, 10));

    // the test's items (a search by their SKU), Select All, then one chosen out and back in by its checkbox
    const search = page.getByTestId('ready-search').locator('input');
    await search.fill(product.sku);
    await search.press('Enter');
    await expect(rows).toHaveCount(chosen.length);
    await expect(rows.filter({ hasText: zeroItem.code }).getByTestId('zero-payout-tag')).toBeVisible();
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count')).toHaveText(`${chosen.length} selected · ${usd(avaTotal + marcoTotal)}`);
    const first = rows.filter({ hasText: ofMarco[0]!.code });
    await first.getByRole('checkbox').uncheck();
    await expect(page.getByTestId('selected-count')).toHaveText(`${chosen.length - 1} selected · ${usd(avaTotal + marcoTotal - ofMarco[0]!.total)}`);
    await first.getByRole('checkbox').check();
    await snap(page, 'payouts-ready', async (width) => {
      if (width < 768) await expect(page.getByTestId('ready-cards')).toBeVisible();
      else await expect(page.locator('.br-pay-table')).toBeVisible();
    });
    await page.getByTestId('payout-items').click();
    const modal = page.getByTestId('payout-confirm');
    await expect(modal.locator('.ant-modal-title')).toHaveText('You are going to make a payout!');
    const shares = modal.getByTestId('payout-share');
    await expect(shares).toHaveCount(2);
    await expect(shares.filter({ hasText: 'Ava Thompson' }).getByTestId('share-total')).toHaveText(usd(avaTotal));
    await expect(shares.filter({ hasText: 'Marco Rossi' }).getByTestId('share-total')).toHaveText(usd(marcoTotal));
    await expect(modal.getByTestId('payout-total')).toHaveText(usd(avaTotal + marcoTotal));
    await expect(modal.getByTestId('zero-payout-warning')).toContainText('*The current price will give a payout of $0.');

    // a double click on the confirmation makes one payout
    await modal.getByTestId('confirm-payout').dblclick();
    await expect(page).toHaveURL(/\/payouts\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const payoutId = new URL(page.url()).pathname.split('/').pop()!;
    const after = await data<{ total: number; rows: PayoutRow[] }>(staff, '/api/payouts?pageSize=10');
    expect(after.total).toBe(before.total + 1);
    const made = after.rows.find((p) => p.id === payoutId)!;
    expect(made.itemCount).toBe(chosen.length);

    // the payout: 'Payout {name} - {status}', item count, total, a card per consigner with cheque tags
    await expect(page.getByTestId('payout-title')).toHaveText(`Payout ${made.name} - Pending`);
    await expect(page.getByTestId('payout-items')).toContainText(String(chosen.length));
    await expect(page.getByTestId('payout-total')).toContainText(usd(avaTotal + marcoTotal));
    const cards = page.getByTestId('share-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Ava Thompson' }).getByTestId('share-total')).toHaveText(usd(avaTotal));
    await expect(cards.filter({ hasText: 'Ava Thompson' }).getByTestId('cheque-tag').first()).toContainText('Pending');

    // Export CSV
    const download = page.waitForEvent('download');
    await page.getByTestId('export-payout').click();
    expect((await download).suggestedFilename()).toBe('payouts.csv');

    await snap(page, 'payout-detail-pending', async () => {
      await expect(page.getByTestId('mark-paid')).toBeVisible();
    });

    // mark as paid
    await page.getByTestId('mark-paid').click();
    const confirm = page.locator(OPEN_POPCONFIRM);
    await confirm.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(toast(page, 'Status changed to paid!')).toBeVisible();
    await expect(page.getByTestId('payout-title')).toHaveText(`Payout ${made.name} - Paid`);
    await expect(page.getByTestId('mark-paid')).toHaveCount(0);
    await expect(cards.first().getByTestId('cheque-tag').first()).toContainText('Paid');
    await snap(page, 'payout-detail', async (width) => {
      await expect(page.getByTestId('payout-title')).toBeVisible();
      if (width < 768) await expect(cards.first().getByTestId('share-items')).toBeVisible();
    });

    // the payouts list finds it; its row opens to its consigners, each with Bank Details
    await page.goto(`/payouts?search=${made.name}`);
    const listRow = page.getByTestId('payout-row').filter({ hasText: made.name });
    await expect(listRow).toHaveCount(1, { timeout: 30_000 });
    await expect(listRow.getByTestId('payout-status')).toHaveText('Paid');
    // the status filter: Pending hides it, Paid shows it
    await page.getByTestId('status-filter').getByText('Pending', { exact: true }).click();
    await expect(page.getByTestId('payouts-empty')).toBeVisible();
    await page.getByTestId('status-filter').getByText('Paid', { exact: true }).click();
    await expect(listRow).toHaveCount(1);
    await listRow.click();
    const shareRows = page.getByTestId('payout-share-row');
    await expect(shareRows).toHaveCount(2);
    await shareRows.filter({ hasText: 'Ava Thompson' }).getByTestId('bank-details-button').click();
    const bank = page.getByTestId('bank-details');
    await expect(bank).toContainText('Ava Thompson');
    await expect(bank.getByTestId('bank-share-total')).toHaveText(usd(avaTotal));
    await expect(bank.getByTestId('bank-payout-type')).toHaveText('Bank');
    await expect(bank.getByTestId('bank-fields')).toContainText('Account number');
    await snap(page, 'payouts-bank-details');
    await bank.getByRole('button', { name: 'Done' }).click();
    await expect(bank).toBeHidden();
    await snap(page, 'payouts-list', async (width) => {
      if (width < 768) {
        // a phone: cards; the payout opened on the desktop still shows its consigners, and folds
        const card = page.getByTestId('payout-row').filter({ hasText: made.name });
        await expect(card.getByTestId('payout-share-row')).toHaveCount(2);
        await expect(card.getByTestId('bank-details-button')).toHaveCount(2);
      }
    });
    await page.getByTestId('payout-row').filter({ hasText: made.name }).getByTestId('view-payout').click();
    await expect(page).toHaveURL(`/payouts/${payoutId}`);

    // the consigner sees their share paid
    const ava = await signedIn(DEMO.ava);
    const avaId = ofAva[0]!.consignerId;
    const own = await data<{ rows: ConsignerPayout[] }>(ava, `/api/payouts/consigner/${avaId}`);
    const mine = own.rows.find((p) => p.id === payoutId)!;
    expect(mine.status).toBe('Paid');
    expect(mine.shareStatus).toBe('Paid');
    expect(mine.total).toBe(avaTotal);
    expect(mine.inventories.map((i) => i.status)).toEqual(['Paid', 'Paid']);
    await Promise.all([staff.dispose(), ava.dispose()]);
  });
});
