import { expect as baseExpect, test } from '../fixtures/test';
import { apiClient, getJson, signInApi, signInBrowser } from '../fixtures/api';
import { DEMO, unique } from '../fixtures/demo';
import { pageOverflow, smallTouchTargets } from '../fixtures/layout';
import { OPEN_POPCONFIRM } from '../fixtures/antd';
import { snap } from '../fixtures/screens';

// The machine is shared with other suites: allow slow screens.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

type ApiType = { id: string; accountType: string; sellingFee: number; minFee: number; isDefault: boolean };

test('[FEES]: an Admin adds a consigner type, edits a fee inline and makes it the default', async ({ page }) => {
  const api = await apiClient();
  await signInApi(api, DEMO.owner);
  const name = unique('Gold');
  try {
    await signInBrowser(page, DEMO.owner);
    await page.goto('/fees');
    const rows = page.getByTestId('consigner-type-row');
    const standard = rows.filter({ hasText: 'Standard' });
    await expect(standard).toContainText('20%');
    await expect(standard).toContainText('$5.00');
    await expect(standard.getByRole('switch', { name: 'Default Standard' })).toBeChecked();
    await snap(page, 'fees', async (width) => {
      await expect.poll(() => pageOverflow(page)).toBe(0);
      if (width < 768) await expect.poll(() => smallTouchTargets(page.getByTestId('fees-card'))).toEqual([]);
    });

    // the dialog, with the spec's messages first
    await page.getByRole('button', { name: 'Add consigner type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add consigner type' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    for (const text of ['Consigner type required', 'Fee required', 'Min fee required']) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    await dialog.getByLabel('Consigner type').fill(name);
    await dialog.getByLabel('Selling fee').fill('15');
    await dialog.getByLabel('Min fee').fill('2.50');
    await dialog.getByLabel('Category').fill('Sneakers');
    await expect(dialog.getByText('Consigner type required', { exact: true })).toHaveCount(0);
    // close the category suggestions before the picture
    await dialog.getByText('Add consigner type', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await snap(page, 'fees-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Consigner type added!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows.filter({ hasText: name })).toBeVisible();
    const created = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data!.find((t) => t.accountType === name)!;
    // the row by its id: while its name is being edited, the name is in an input, not in the row's text
    const row = page.locator(`[data-testid="consigner-type-row"][data-type-id="${created.id}"]`);
    await expect(row).toContainText('15%');
    await expect(row).toContainText('$2.50');
    await expect(row).toContainText('Sneakers');
    await expect(row.getByRole('switch', { name: `Default ${name}` })).not.toBeChecked();

    // inline edit: an emptied required cell asks for it, a new fee is saved
    await row.getByRole('button', { name: 'Edit Selling Fee' }).click();
    const fee = row.getByLabel('Selling Fee', { exact: true });
    await fee.fill('');
    await fee.press('Enter');
    await expect(row.getByText('Please Input Selling Fee!')).toBeVisible();
    await fee.fill('17.5');
    await fee.press('Enter');
    await expect(page.getByText('Consigner type saved')).toBeVisible();
    await expect(row).toContainText('17.5%');
    await expect(row.getByText('Please Input Selling Fee!')).toHaveCount(0);

    await row.getByRole('button', { name: 'Edit Account Type' }).click();
    const accountType = row.getByLabel('Account Type', { exact: true });
    await accountType.fill('  ');
    await accountType.press('Enter');
    await expect(row.getByText('Please Input Account Type!')).toBeVisible();
    await accountType.press('Escape');
    await expect(row.getByText('Please Input Account Type!')).toHaveCount(0);
    await expect(row).toContainText(name);

    const saved = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data!.find((t) => t.id === created.id)!;
    expect(saved).toMatchObject({ sellingFee: 17.5, minFee: 2.5, isDefault: false });

    // make it the default: the old default is unset, and the default cannot be switched off on its own
    await row.getByRole('switch', { name: `Default ${name}` }).click();
    await expect(page.getByText(`${name} is now the default type`)).toBeVisible();
    await expect(row.getByRole('switch', { name: `Default ${name}` })).toBeChecked();
    await expect(row.getByRole('switch', { name: `Default ${name}` })).toBeDisabled();
    await expect(standard.getByRole('switch', { name: 'Default Standard' })).not.toBeChecked();
    await expect(standard.getByRole('switch', { name: 'Default Standard' })).toBeEnabled();
    await page.reload();
    await expect(row.getByRole('switch', { name: `Default ${name}` })).toBeChecked();
    await expect(standard.getByRole('switch', { name: 'Default Standard' })).not.toBeChecked();
    const defaults = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data!.filter((t) => t.isDefault);
    expect(defaults.map((t) => t.accountType)).toEqual([name]);

    // back to Standard, then the new type can go; a type a consigner uses cannot
    await standard.getByRole('switch', { name: 'Default Standard' }).click();
    await expect(page.getByText('Standard is now the default type')).toBeVisible();
    await expect(row.getByRole('switch', { name: `Default ${name}` })).not.toBeChecked();

    const store = rows.filter({ hasText: /^Store/ });
    await store.getByRole('button', { name: 'Delete Store' }).click();
    await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(page.getByText('This consigner type is used by 1 consigner and cannot be deleted: give them another type first')).toBeVisible();
    await expect(store).toBeVisible();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.locator(OPEN_POPCONFIRM)).toContainText('This action cannot be undone');
    await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(page.getByText('Consigner type deleted')).toBeVisible();
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
  } finally {
    // whatever happened above, the demo store keeps Standard as its default for the other specs
    const types = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data ?? [];
    const standardType = types.find((t) => t.accountType === 'Standard');
    if (standardType && !standardType.isDefault) await api.put(`/api/consignerTypes/${standardType.id}`, { data: { isDefault: true } });
    await api.dispose();
  }
});
