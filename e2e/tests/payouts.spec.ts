// Paying consigners as an Admin meets it (people doc sections 2, 4, 5 and 8): Ready to Pay
// refuses a payout of nothing, pays items of two demo consigners sold at the counter after the confirmation that
// lists each with their total (a double click makes one payout), the payout screen marks it paid, the
// payouts list finds it (a consigner's row, their Bank Details), and the consigner sees it paid.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO } from '../fixtures/demo';
import { chooseOpenOption, OPEN_POPCONFIRM } from '../fixtures/antd';
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
    const marcoItems = await addActive(staff, product, [{ size: '11', price: 250 }, { size: '12', price: 60 }, { size: '13', price: 40 }], DEMO.marco);
    // Marco withdraws one early: the 15.00 fee is taken from this payout (net payable, docs/payouts.md)
    const early = marcoItems.pop()!;
    await post(staff, '/api/inventories/withdrawInventory', { id: early.id, isWithdrawnEarly: true, withdrawalFee: 15 });
    await post(staff, '/api/sales', { lines: [...avaItems, ...marcoItems].map((i) => ({ inventoryId: i.id })), paymentMethod: 'cash' });
    const ready = await data<{ rows: ReadyItem[]; count: number; total: number }>(staff, '/api/inventories/ordersPayoutInventories');
    const ofAva = ready.rows.filter((r) => avaItems.some((i) => i.id === r.id));
    const ofMarco = ready.rows.filter((r) => marcoItems.some((i) => i.id === r.id));
    expect(ofAva).toHaveLength(2);
    expect(ofMarco).toHaveLength(2);
    const chosen = [...ofAva, ...ofMarco];
    // what the payout sends each: the items less the fees they owe (15.00 for Marco at least)
    const preview = await post<{ consigners: { consignerId: string; gross: number; carried: number; total: number }[] }>(staff, '/api/payouts/preview', {
      inventoriesToPay: [...ofAva, ...ofMarco].map((r) => r.id),
    });
    const planOf = (id: string) => preview.consigners.find((c) => c.consignerId === id)!;
    const avaPlan = planOf(ofAva[0]!.consignerId);
    const marcoPlan = planOf(ofMarco[0]!.consignerId);
    expect(marcoPlan.gross).toBe(ofMarco.reduce((s, r) => s + cents(r.total), 0) / 100);
    expect(marcoPlan.carried).toBeLessThanOrEqual(-15);
    const avaTotal = avaPlan.total;
    const marcoTotal = marcoPlan.total;
    const itemsTotal = [...ofAva, ...ofMarco].reduce((s, r) => s + cents(r.total), 0) / 100;
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
    await chooseOpenOption(page, 'Ava Thompson');
    await expect(page).toHaveURL(/consigner=/);
    await expect(rows).toHaveCount(Math.min(ready.rows.filter((r) => r.consigner?.email === DEMO.ava).length, 10));
    await page.getByTestId('consigner-filter').locator('.ant-select-clear').click();
    await expect(page).not.toHaveURL(/consigner=/);
    await expect(rows).toHaveCount(Math.min(ready.count, 10));

    // the test's items (a search by their SKU), Select All, then one chosen out and back in by its checkbox
    const search = page.getByTestId('ready-search').locator('input');
    await search.fill(product.sku);
    await search.press('Enter');
    // the search keeps the cleared filter cleared (two quick changes both land)
    await expect(page).toHaveURL(/search=/);
    await expect(page).not.toHaveURL(/consigner=/);
    await expect(rows).toHaveCount(chosen.length);
    await expect(rows.filter({ hasText: zeroItem.code }).getByTestId('zero-payout-tag')).toBeVisible();
    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('selected-count')).toHaveText(`${chosen.length} selected · ${usd(itemsTotal)}`);
    const first = rows.filter({ hasText: ofMarco[0]!.code });
    await first.getByRole('checkbox').uncheck();
    await expect(page.getByTestId('selected-count')).toHaveText(`${chosen.length - 1} selected · ${usd(itemsTotal - ofMarco[0]!.total)}`);
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
    // the deduction is shown before paying: Marco's items less the fees he owes
    await expect(shares.filter({ hasText: 'Marco Rossi' }).getByTestId('share-deduction')).toHaveText(`${usd(marcoPlan.gross)} less ${usd(-marcoPlan.carried)} fees owed`);
    await expect(modal.getByTestId('payout-deduction')).toContainText('Fees owed taken');
    await snap(page, 'payouts-confirm-deduction');
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
    await expect(cards.filter({ hasText: 'Marco Rossi' }).getByTestId('share-total')).toHaveText(usd(marcoTotal));
    await expect(cards.filter({ hasText: 'Marco Rossi' }).getByTestId('share-deduction')).toContainText(`−${usd(-marcoPlan.carried)}`);

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
    await confirm.getByRole('button', { name: 'Mark as paid' }).press('Enter');
    await expect(toast(page, 'Status changed to paid!')).toBeVisible();
    await expect(page.getByTestId('payout-title')).toHaveText(`Payout ${made.name} - Paid`);
    await expect(page.getByTestId('mark-paid')).toHaveCount(0);
    await expect(cards.first().getByTestId('cheque-tag').first()).toContainText('Paid');
    await snap(page, 'payout-detail', async (width) => {
      await expect(page.getByTestId('payout-title')).toBeVisible();
      if (width < 768) await expect(cards.first().getByTestId('share-items')).toBeVisible();
    });

    // the Activity feed says what the payout did to each item, naming the payout (no empty 'changed this item')
    await page.goto('/activity');
    const feed = page.getByTestId('activity-card');
    await expect(feed.filter({ hasText: `added this item to payout ${made.name}` })).toHaveCount(chosen.length);
    await expect(feed.filter({ hasText: 'Status: Sold -> Paid' }).filter({ hasText: `Payout: ${made.name}` }).first()).toBeVisible();
    await expect(feed.filter({ hasText: /changed this item/ })).toHaveCount(0);
    await snap(page, 'activity-payout');

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
