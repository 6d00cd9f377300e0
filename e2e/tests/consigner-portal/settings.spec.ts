// The consigner's settings on a phone (people doc section 2 "Consigner settings", section 5):
// a fresh consigner changes their profile ('Your details have been updated successfully.'), turns
// their e-mails off and on again and finds them saved after a reload, and sees their bank details
// read-only with the way to change them (the store's support address, a mailto link).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../../fixtures/test';
import { apiClient, createActiveConsigner, signInApi, signInBrowser } from '../../fixtures/api';
import { DEMO, DEMO_STORE, unique } from '../../fixtures/demo';
import { smallTouchTargets } from '../../fixtures/layout';
import { PHONE, snap as snapAt } from '../../fixtures/screens';

const expect = baseExpect.configure({ timeout: 20_000 });
const PASSWORD = 'portal-settings-pass';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');

type Consigner = { firstName: string; phone: string; address: string; emailNotifications: boolean; notificationSettings: Record<string, boolean>; bankDataSubmitted: boolean };

async function data<T>(api: APIRequestContext, url: string): Promise<T> {
  const response = await api.get(url);
  const text = await response.text();
  expect(response.ok(), `${url}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapAt(page, name);
  await page.setViewportSize(PHONE);
}

/** Save, then the success dialog, closed with OK. */
async function saveAndConfirm(page: Page, shot?: string) {
  await page.getByTestId('settings-save').click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: 'Your details have been updated successfully.' });
  await expect(dialog).toBeVisible();
  if (shot) await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-${PHONE.width}.png`), animations: 'disabled' });
  // answered by keyboard, as the confirmations are (docs/testing.md): the dialog may still be zooming in
  await dialog.getByRole('button', { name: 'OK' }).press('Enter');
  await expect(dialog).toHaveCount(0);
}

test.describe('[CONSIGNER PORTAL]: Settings', () => {
  test('a consigner on a phone changes their profile and e-mails, and finds their bank details read-only', async ({ page }) => {
    test.setTimeout(150_000);
    const email = `${unique('settings')}@portal.backroom.test`;
    // signed up with PayPal payout details: their bank details are submitted
    await createActiveConsigner(email, PASSWORD);
    const me = await apiClient();
    await signInApi(me, email, PASSWORD);
    const { id } = await data<{ id: string }>(me, '/api/me');
    const record = () => data<Consigner>(me, `/api/consigners/${id}`);
    expect((await record()).bankDataSubmitted).toBe(true);

    await page.setViewportSize(PHONE);
    await signInBrowser(page, email, PASSWORD);
    await page.goto('/settings');
    await expect(page.getByTestId('settings-form')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    // the e-mail is the sign-in's: shown, not editable
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).toBeDisabled();

    // Profile: a bad phone is refused on the screen, a good one saved
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Phone').fill('12');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Please enter a phone number including the area code')).toBeVisible();
    await page.getByLabel('Phone').fill('+1 646 555 0123');
    await page.getByLabel('Address').fill('22 Market Street, Springfield');
    await saveAndConfirm(page, 'consigner-settings-saved');
    expect(await record()).toMatchObject({ firstName: 'Robin', phone: '+1 646 555 0123', address: '22 Market Street, Springfield' });
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    await snap(page, 'consigner-settings');

    // Notifications: all off, saved, still off after a reload
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const all = page.getByTestId('notify-all');
    await expect(all).toBeChecked();
    await expect(page.getByText('I am paid')).toBeVisible();
    await all.click();
    await expect(all).not.toBeChecked();
    await expect(page.getByTestId('notify-onPayout')).toBeDisabled();
    await saveAndConfirm(page);
    expect((await record()).emailNotifications).toBe(false);
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByTestId('notify-all')).not.toBeChecked();
    await snap(page, 'consigner-settings-notifications');

    // on again, with one kind of e-mail off
    await page.getByTestId('notify-all').click();
    // a row is its switch's label: a tap on its words turns it
    await page.getByText('An item of mine sells').click();
    await expect(page.getByTestId('notify-onProductSold')).not.toBeChecked();
    // every control a finger meets is 40 px or more (a switch's target is its 56 px row)
    const switchLabels = ['E-mail notifications', 'My drop-off is accepted', 'An item of mine sells', 'I am paid', 'My price change is answered', 'My withdrawal is answered', 'Consignment ending reminders'];
    const small = (await smallTouchTargets(page.locator('.br-portal-settings'))).filter((t) => !switchLabels.some((l) => t.what.includes(l)));
    expect(small).toEqual([]);
    for (const row of await page.locator('[data-testid^="notify-row-"]').all()) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await saveAndConfirm(page);
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByTestId('notify-all')).toBeChecked();
    await expect(page.getByTestId('notify-onProductSold')).not.toBeChecked();
    await expect(page.getByTestId('notify-onPayout')).toBeChecked();
    const saved = await record();
    expect(saved.emailNotifications).toBe(true);
    expect(saved.notificationSettings).toEqual({ onInventoryAccept: true, onPayout: true, onProductSold: false, onPriceAcceptOrDecline: true, onWithdrawAcceptOrDecline: true, onConsignmentEnding: true });

    // Bank: read-only, the warning with the store's support address as a mailto link
    await page.getByRole('tab', { name: 'Bank' }).click();
    const readOnly = page.getByTestId('bank-readonly');
    await expect(readOnly.getByTestId('bank-warning')).toContainText('Bank information cannot be changed after submission');
    await expect(readOnly.getByTestId('bank-support-mail')).toHaveAttribute('href', `mailto:${DEMO_STORE.supportEmail}`);
    await expect(readOnly.getByTestId('bank-details')).toContainText(email);
    await expect(page.locator('[data-testid="settings-form"] input[name="payoutEmail"], #payoutEmail')).toHaveCount(0);
    // read-only: nothing to save, so no Save (it comes back on the other tabs)
    await expect(page.getByTestId('settings-save')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'consigner-settings-bank');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByTestId('settings-save')).toBeVisible();
    await me.dispose();

    // A consigner with nothing on file yet (the demo's store account) gets the payout form instead, with
    // the store's bank rules; nothing is submitted here (the demo record stays as it is).
    await signInBrowser(page, DEMO.storeAccount);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Bank' }).click();
    await expect(page.getByTestId('bank-readonly')).toHaveCount(0);
    await expect(page.getByText('once you submit them, only the store can change them')).toBeVisible();
    await page.locator('.ant-radio-button-wrapper', { hasText: 'PayPal' }).click();
    await expect(page.getByLabel('PayPal account email')).toBeVisible();
    await page.getByTestId('settings-save').click();
    // the touched bank fields are checked with the store's rules: nothing is sent
    await expect(page.getByText('Payout account email is required')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Bank' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
    await snap(page, 'consigner-settings-bank-form');
  });
});
