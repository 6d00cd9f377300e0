// Consigner statements (docs/consigner-account.md "Statements"): staff open a consigner's statement
// on the consigner screen, change the month and download its CSV and PDF; the consigner, on a phone, opens
// /statements in the portal, sees their closing balance and downloads the PDF. Staff e-mail the month's
// statements from the consigners list and the consigner's e-mail arrives. The ledger is made by real flows: a
// counter sale of two items, a payout of one, a correction of the other.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from '../fixtures/test';
import { apiClient, createActiveConsigner, linkOf, signInApi, signInBrowser, waitForMail } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { DESKTOP, PHONE, snap } from '../fixtures/screens';
import { addActive, newProduct, post, signedIn } from './inventory-lists/lists.fixture';

// Screens render slowly on the shared two-core test machine.
const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'statement-pass-1';

type Statement = { key: string; label: string; previous: string; opening: number; sales: number; fees: number; payouts: number; adjustments: number; closing: number; entries: { kind: string; memo: string | null }[] };

async function data<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  const text = await response.text();
  expect(response.ok(), `${path}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

/** '$1,234.50' as the screens show an amount of the demo store (USD); '-$5.00' below zero. */
const usd = (amount: number) => `${amount < 0 ? '-' : ''}$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const thisMonth = () => new Date().toISOString().slice(0, 7);

test.describe('[STATEMENTS]: a consigner statement', () => {
  test('staff read a month, change month and download the CSV; the consigner on a phone sees their closing balance', async ({ page }) => {
    test.setTimeout(240_000);
    const email = `${unique('statement')}@statements.backroom.test`;
    await createActiveConsigner(email, PASSWORD);
    const me = await apiClient();
    await signInApi(me, email, PASSWORD);
    const { id: meId } = await data<{ id: string }>(me, '/api/me');

    // two items sold at the counter, one paid out, the other's sale corrected with a formula-looking reason
    const staff = await signedIn(DEMO.owner);
    const product = await newProduct(staff, 'Statement Runner');
    const [paid, kept] = await addActive(staff, product, [{ size: '9', price: 150 }, { size: '10', price: 80 }], email);
    await post(staff, '/api/sales', { lines: [{ inventoryId: paid!.id }, { inventoryId: kept!.id }], paymentMethod: 'cash' });
    const payout = await post<{ id: string }>(staff, '/api/payouts/pay', { inventoriesToPay: [paid!.id], consignersAndInventories: [] });
    await post(staff, `/api/payouts/paid/${payout.id}`, {});
    await post(staff, `/api/inventories/${kept!.id}/adjustments`, { price: 90, reason: '=1+2 rang up low' });

    const month = thisMonth();
    const st = await data<Statement>(staff, `/api/consigners/${meId}/statements?month=${month}`);
    expect(st).toMatchObject({ opening: 0, sales: 240 });
    expect(st.payouts).toBeLessThan(0);
    expect(Math.round((st.opening + st.sales + st.fees + st.payouts + st.adjustments) * 100)).toBe(Math.round(st.closing * 100));
    expect(st.closing).toBeGreaterThan(0);

    // Staff: the consigner screen's Statement, this month by default
    await page.setViewportSize(DESKTOP);
    await signInBrowser(page, DEMO.owner);
    await page.goto(`/consigners/${meId}`);
    const panel = page.getByTestId('statement');
    await expect(panel.getByTestId('statement-closing')).toContainText(usd(st.closing));
    await expect(panel.getByTestId('statement-opening')).toContainText(usd(0));
    await expect(panel.getByTestId('statement-sales')).toContainText(usd(240));
    await expect(panel.getByTestId('statement-payouts')).toContainText(usd(st.payouts));
    await expect(panel.getByTestId('statement-entries').locator('.ant-table-row')).toHaveCount(st.entries.length);
    await expect(panel.getByTestId('statement-entries')).toContainText('=1+2 rang up low');
    await panel.scrollIntoViewIfNeeded();
    await snap(page, 'statement-staff');

    // the month before: nothing yet, the closing is the opening of this month (0)
    await panel.getByTestId('statement-prev').click();
    await expect(page).toHaveURL(new RegExp(`month=${st.previous}`));
    await expect(panel.getByTestId('statement-empty')).toContainText('No ledger entries this month');
    await expect(panel.getByTestId('statement-closing')).toContainText(usd(0));
    await panel.getByTestId('statement-next').click();
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    await expect(panel.getByTestId('statement-closing')).toContainText(usd(st.closing));

    // Download CSV: the file of the month, the formula-looking reason written as text
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('statement-download').click()]);
    expect(download.suggestedFilename()).toBe(`statement-${month}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('Date,Line,Entry,Memo,Item ID,Order ID,Payout ID,Amount');
    expect(lines[1]).toBe(`${month}-01,Opening balance,,,,,,0`);
    expect(csv).toContain(",'=1+2 rang up low,");
    expect(csv).not.toMatch(/(^|,)=1\+2/m);
    expect(lines.at(-1)).toMatch(new RegExp(`,Closing balance,,,,,,${st.closing}$`));
    expect(lines.filter((l) => /,Sale,/.test(l))).toHaveLength(2);

    // Download PDF: the same month, drawn by the server, read back with poppler's pdftotext
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('statement-download-pdf').click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`statement-${month}.pdf`);
    const pdfText = execFileSync('pdftotext', ['-layout', (await pdfDownload.path())!, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain(`Statement of account, ${st.label}`);
    expect(pdfText).toMatch(new RegExp(`Closing balance\\s+${usd(st.closing).replace(/[$.]/g, '\\$&')}`));
    expect(pdfText).toContain('=1+2 rang up low');

    // the year-end summary: this year, opening at 0 on 1 January, closing where this month closes
    await panel.getByTestId('statement-period').getByText('Year').click();
    await expect(page).toHaveURL(new RegExp(`year=${month.slice(0, 4)}(&|$)`));
    await expect(panel.getByTestId('statement-opening')).toContainText(usd(0));
    await expect(panel.getByTestId('statement-closing')).toContainText(usd(st.closing));
    await expect(panel.getByTestId('statement-entries').locator('.ant-table-row')).toHaveCount(st.entries.length);

    // E-mail statements from the consigners list: this month's, to every consigner with something in it
    await page.goto('/consigners');
    await page.getByTestId('email-statements-open').click();
    const dialog = page.getByTestId('email-statements');
    await dialog.getByTestId('email-statements-month').click();
    const monthName = new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    await page.locator('.ant-picker-dropdown:visible').getByText(monthName, { exact: true }).click();
    await expect(dialog.getByTestId('email-statements-month')).toHaveValue(st.label);
    await dialog.getByTestId('email-statements-send').click();
    await expect(dialog.getByTestId('email-statements-progress')).toContainText(/\d+ statements? e-mailed/, { timeout: 60_000 });
    await snap(page, 'email-statements');
    const mail = await waitForMail(email, new RegExp(`^Your ${st.label} statement from `));
    expect(mail.text).toContain(`Closing balance: ${usd(st.closing)}`);
    expect(linkOf(mail, '/statements')).toMatch(new RegExp(`/statements\\?month=${month}$`));
    await dialog.getByTestId('email-statements-close').click();
    await expect(dialog).toBeHidden();

    // The consigner on a phone: /statements from the menu's address, their closing balance
    await page.context().clearCookies();
    await page.setViewportSize(PHONE);
    await signInBrowser(page, email, PASSWORD);
    // a failing answer shows the error and Retry; the next answer the statement
    const failing = '**/api/consigners/*/statements?*';
    await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The ledger is resting' }) }));
    await page.goto('/statements');
    await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible();
    const mine = page.getByTestId('statement');
    await expect(mine.getByTestId('statement-error')).toContainText('The ledger is resting');
    await page.unroute(failing);
    await mine.getByRole('button', { name: 'Retry' }).click();
    await expect(mine.getByTestId('statement-closing')).toContainText(usd(st.closing));
    // cards, not a sideways-scrolling table
    await expect(mine.getByTestId('statement-entry')).toHaveCount(st.entries.length);
    await expect(mine.locator('.ant-table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // the consigner downloads the month's PDF on the phone
    const [own] = await Promise.all([page.waitForEvent('download'), mine.getByTestId('statement-download-pdf').click()]);
    expect(own.suggestedFilename()).toBe(`statement-${month}.pdf`);
    expect(fs.readFileSync((await own.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await snap(page, 'statement-portal');
    await page.setViewportSize(PHONE);
    await me.dispose();
    await staff.dispose();
  });
});
