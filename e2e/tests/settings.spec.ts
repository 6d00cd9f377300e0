// Store settings and Billing ("Store settings"): an Admin changes the store, sees a required
// field's message, uploads a logo and sees it on the sign-in page; the resync says honestly that
// nothing was sent; Billing shows the store's usage.
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { snap } from '../fixtures/screens';
import { ownerApi, writePng } from './catalogue/catalogue-helpers';

// The machine is shared with other suites: allow slow screens.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

type Settings = { id: string; name: string; logo: string | null; bankFields: string; inStoreUrl: string | null };
type Usage = { items: { total: number }; consigners: { total: number }; employees: { total: number }; images: { count: number; bytes: number } };

test('[SETTINGS]: an Admin changes the store settings and sees the new logo on the sign-in page; Billing shows the usage', async ({ page }) => {
  const api = await ownerApi();
  const storeId = ((await (await api.get('/open/stores/current')).json()) as { data: { id: string } }).data.id;
  const original = ((await (await api.get(`/api/stores/${storeId}`)).json()) as { data: Settings }).data;
  const newName = unique('Demo Shop');
  try {
    await signInBrowser(page, DEMO.owner);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByText('Edit admin settings here')).toBeVisible();
    await expect(page.getByTestId('settings-logout')).toBeVisible();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(original.name);
    await expect(page.getByTestId('consigner-cname')).toBeDisabled();
    await snap(page, 'settings');

    // A required field left empty answers its message, and nothing is saved.
    await name.fill('');
    const portal = page.getByLabel('Consigner portal URL');
    await portal.fill('');
    await page.getByTestId('save-settings').click();
    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Domain is required', { exact: true })).toBeVisible();
    await portal.fill('consign.demo.backroom.local');

    // The new name, a logo through the image upload, and the bank fields consigners fill in.
    await name.fill(newName);
    await page.getByTestId('logo-field').locator('input[type=file]').setInputFiles(writePng('logo.png'));
    const preview = page.getByTestId('logo-preview').getByTestId('store-logo');
    await expect(preview).toHaveAttribute('src', /^\/uploads\/.+-web\.webp$/);
    const logo = (await preview.getAttribute('src'))!;
    await page.getByRole('radio', { name: /^Local/ }).check();
    await page.getByTestId('save-settings').click();
    await expect(page.getByText('Settings saved!')).toBeVisible();
    // the back office follows at once: the sider shows the new name
    await expect(page.getByTestId('sider')).toContainText(newName);

    // The storefront resync reports what it did: no storefront is connected, so nothing was sent.
    await page.getByRole('button', { name: 'Resync all inventory' }).click();
    await expect(page.getByTestId('resync-result')).toContainText('Nothing was sent to a storefront');
    await expect(page.getByTestId('resync-result')).toContainText('would be resynced once a storefront is connected');

    // Saved for good: a fresh load shows the new values.
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(newName);
    await expect(page.getByRole('radio', { name: /^Local/ })).toBeChecked();

    // The sign-in page shows the new logo.
    await page.getByTestId('settings-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('store-logo')).toHaveAttribute('src', logo);
    expect(await page.getByTestId('store-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Billing: the store's usage, the same figures the API gives.
    await signInBrowser(page, DEMO.owner);
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
    const usage = ((await (await api.get('/api/stores/usage')).json()) as { data: Usage }).data;
    expect(usage.images.count).toBeGreaterThan(0);
    await expect(page.getByTestId('usage-items')).toContainText(usage.items.total.toLocaleString('en-US'));
    await expect(page.getByTestId('usage-consigners')).toContainText(usage.consigners.total.toLocaleString('en-US'));
    await expect(page.getByTestId('usage-employees')).toContainText(usage.employees.total.toLocaleString('en-US'));
    await expect(page.getByTestId('usage-images')).toContainText(`${usage.images.count} uploaded image`);
    await expect(page.getByTestId('usage-images')).not.toContainText('0 B');
    await expect(page.getByTestId('usage-status-row').first()).toBeVisible();
    await snap(page, 'billing');

    // Proof of ownership (docs/security.md): the seeded addresses are proven; a new one is not, and the
    // card shows the TXT record and the file that would prove it. A check of a name that cannot
    // exist (.invalid) fails and says why.
    const newHost = `instore-${Date.now().toString(36)}.invalid`;
    await page.goto('/settings');
    await expect(page.getByTestId('host-proof-demo.backroom.local').getByTestId('host-proof-state')).toHaveText(/^Proven on \w+ \d{1,2}, \d{4}$/);
    await expect(page.getByTestId('host-proof-consign.demo.backroom.local').getByTestId('host-proof-state')).toContainText('Proven on');
    await page.getByLabel('In-store URL').fill(newHost);
    await page.getByTestId('save-settings').click();
    await expect(page.getByText('Settings saved!')).toBeVisible();
    const proof = page.getByTestId(`host-proof-${newHost}`);
    await expect(proof.getByTestId('host-proof-state')).toHaveText('Not proven');
    await expect(page.getByTestId('host-proof-instore.demo.backroom.local')).toHaveCount(0);
    await expect(proof.getByTestId('host-proof-dns-name')).toHaveText(`_backroom-verify.${newHost}`);
    await expect(proof.getByTestId('host-proof-dns-value')).toHaveText(/^backroom-verify=[A-Za-z0-9_-]{32}$/);
    await expect(proof.getByTestId('host-proof-file-url')).toHaveText(`https://${newHost}/.well-known/backroom-verify.txt`);
    await expect(proof.getByTestId('host-proof-file-content')).toHaveText((await proof.getByTestId('host-proof-dns-value').textContent())!);
    await expect(proof.getByRole('button', { name: /Copy txt value/i })).toBeVisible();
    await expect(page.getByTestId('host-proofs-link-origin')).toHaveText(new URL(page.url()).origin);
    await proof.getByTestId('host-proof-check').click();
    await expect(proof.getByTestId('host-proof-state')).toHaveText('Check failed', { timeout: 45_000 });
    await expect(proof.getByTestId('host-proof-error')).toContainText(`DNS _backroom-verify.${newHost}:`);
    await snap(page, 'settings-domains');
  } finally {
    // the demo store as the other journeys expect it (the in-store address is proven again only by a new seed)
    const res = await api.put(`/api/stores/${storeId}`, { data: { name: original.name, logo: original.logo, bankFields: original.bankFields, inStoreUrl: original.inStoreUrl } });
    expect(res.status(), await res.text()).toBe(200);
    await api.dispose();
  }
});
