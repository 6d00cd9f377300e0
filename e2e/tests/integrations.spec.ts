// The Integrations card on /settings (docs/payouts.md): an Admin enters Checkbook's keys in password inputs,
// sees them only as "Set ····abcd", turns the provider on, chooses Live, replaces a key and removes
// one (which turns the provider off). The page and the API never show a saved secret.
import { expect as baseExpect, test } from '../fixtures/test';
import { signInBrowser } from '../fixtures/api';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { DEMO } from '../fixtures/demo';
import { snap } from '../fixtures/screens';
import { ownerApi } from './catalogue/catalogue-helpers';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const KEY = 'd6aa2703655f4ba2af2a56202961ca86';
const SECRET = 'dXbCgzYBMibj8ZwuQMd2NXr6rtvjZ8';
const NEW_SECRET = 'replaced-secret-0000-Q7K2';

test('[SETTINGS]: an Admin sets up Checkbook on the Integrations card; secrets are never shown again', async ({ page }) => {
  const api = await ownerApi();
  try {
    await signInBrowser(page, DEMO.owner);
    await page.goto('/settings');
    const card = page.getByTestId('integrations-card');
    await expect(card).toBeVisible();
    await expect(card.getByText('Automated payout is off')).toBeVisible();
    const checkbook = card.getByTestId('integration-checkbook');
    for (const kind of ['checkbook', 'paypal', 'linnworks']) await expect(card.getByTestId(`integration-${kind}-state`)).toHaveText('Off');
    await expect(card.getByTestId('integration-linnworks-mode')).toHaveCount(0);
    // without its keys, Checkbook cannot be turned on
    await expect(checkbook.getByRole('switch', { name: 'Checkbook on' })).toBeDisabled();

    // the keys go in password inputs; once saved they show only as set, with their last four characters
    const keyInput = checkbook.getByLabel('API key', { exact: true });
    await expect(keyInput).toHaveAttribute('type', 'password');
    await keyInput.fill(KEY);
    await checkbook.getByLabel('API secret', { exact: true }).fill(SECRET);
    await checkbook.getByTestId('integration-checkbook-save').click();
    await expect(page.getByText('Integration saved').first()).toBeVisible();
    await expect(checkbook.getByTestId('integration-checkbook-apiKey')).toContainText('Set ····ca86');
    await expect(checkbook.getByTestId('integration-checkbook-apiSecret')).toContainText('Set ····vjZ8');
    await expect(checkbook.getByLabel('API key', { exact: true })).toHaveCount(0);

    // on, and live
    await checkbook.getByRole('switch', { name: 'Checkbook on' }).click();
    await expect(card.getByTestId('integration-checkbook-state')).toHaveText('On');
    await checkbook.locator('label.ant-radio-button-wrapper', { hasText: 'Live' }).click();
    await expect(card.getByTestId('integration-checkbook-mode')).toHaveText('Live');
    await expect(checkbook.getByText('Real money moves.')).toBeVisible();

    // a fresh load shows the same, and nowhere the secrets
    await page.reload();
    await expect(card.getByTestId('integration-checkbook-state')).toHaveText('On');
    await expect(card.getByTestId('integration-checkbook-mode')).toHaveText('Live');
    const html = await page.content();
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain(KEY);
    const listed = await (await api.get('/api/stores/integrations')).text();
    expect(listed).not.toContain(SECRET);
    expect(listed).toContain('"isSet":true');
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'settings-integrations', async () => {
      await expect(card.getByTestId('integration-checkbook-apiSecret')).toContainText('Set ····vjZ8');
    });

    // replace the secret: only the new value's last four show
    await checkbook.getByTestId('integration-checkbook-replace').click();
    await expect(checkbook.getByLabel('API key', { exact: true })).toHaveAttribute('placeholder', 'Leave empty to keep the saved one');
    await checkbook.getByLabel('API secret', { exact: true }).fill(NEW_SECRET);
    await checkbook.getByTestId('integration-checkbook-save').click();
    await expect(checkbook.getByTestId('integration-checkbook-apiSecret')).toContainText('Set ····Q7K2');
    await expect(checkbook.getByTestId('integration-checkbook-apiKey')).toContainText('Set ····ca86');

    // remove the key: asked first, and Checkbook goes off with it
    await checkbook.getByRole('button', { name: 'Remove the API key' }).click();
    const confirm = page.locator(OPEN_POPCONFIRM);
    await expect(confirm).toContainText('Checkbook will be turned off.');
    await confirm.getByRole('button', { name: 'Remove' }).press('Enter');
    await expect(checkbook.getByTestId('integration-checkbook-apiKey')).toContainText('Not set');
    await expect(card.getByTestId('integration-checkbook-state')).toHaveText('Off');
    await expect(checkbook.getByRole('switch', { name: 'Checkbook on' })).toBeDisabled();
  } finally {
    // leave the demo store as it was: no provider set up
    await api.put('/api/stores/integrations/checkbook', { data: { enabled: false, mode: 'sandbox', credentials: { apiKey: null, apiSecret: null } } });
    await api.dispose();
  }
});
