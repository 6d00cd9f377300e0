import { expect as baseExpect, test } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO, unique } from '../../fixtures/demo';
import { snap } from '../../fixtures/screens';
import { ownerApi } from './catalogue-helpers';
import { OPEN_DROPDOWN, OPEN_POPCONFIRM, openedDialog } from '../../fixtures/antd';

// The machine is shared with other suites: allow slow screens, and long journeys.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

test('[SETTINGS]: staff add and edit a product template; delete is refused while in use and offered only with several templates', async ({ page }) => {
  await signInBrowser(page, DEMO.owner);
  await page.goto('/productTemplates');
  const rows = page.getByTestId('template-row');
  await expect(rows.filter({ hasText: 'Sneakers' }).first()).toBeVisible({ timeout: 30_000 });
  await snap(page, 'product-templates');

  await page.getByRole('button', { name: 'Add template' }).click();
  const dialog = await openedDialog(page, page.getByRole('dialog', { name: 'Add product template' }));
  await dialog.getByRole('button', { name: 'Add template' }).click();
  for (const text of ['Title required', 'Brand required', 'Category required', 'Option 1 required', 'Option 1 values required']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }

  const title = unique('E2E Boots');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Brand', { exact: true }).fill('Various');
  await dialog.getByLabel('Category', { exact: true }).fill('Boots');
  await dialog.getByLabel('Weight (grams)').fill('1500');
  await dialog.getByLabel('Option 1 name').fill('Size');
  await dialog.getByLabel('Option 1 values').fill(' 8 , 9:150,10,, 11 ');
  // values are split on commas and trimmed; a price follows a colon
  await expect(dialog.getByTestId('values-preview').first()).toHaveText(/8\s*9 · \$150\.00\s*10\s*11/);
  await dialog.getByLabel('Option 2 values').fill('New, Used');
  await dialog.getByRole('button', { name: 'Add template' }).click();
  await expect(page.getByText('Option 2 has values, please enter title for option 2.').first()).toBeVisible();
  await dialog.getByLabel('Option 2 name').fill('Condition');
  await snap(page, 'product-template-dialog');
  await dialog.getByRole('button', { name: 'Add template' }).click();
  await expect(page.getByText('Template added')).toBeVisible();
  const row = rows.filter({ hasText: title });
  await expect(row).toContainText('1500 g');
  await expect(row).toContainText('Condition');
  for (const size of ['8', '9', '10', '11']) await expect(row.getByText(size, { exact: true })).toBeVisible();

  // editing: option names are fixed, other fields change
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit template: ${title}` });
  await expect(edit.getByLabel('Option 1 name')).toBeDisabled();
  await expect(edit.getByLabel('Option 2 name')).toBeDisabled();
  await expect(edit.getByLabel('Option 1 values')).toHaveValue('8, 9:150, 10, 11');
  await edit.getByLabel('Option 1 values').fill('8, 9:150, 10, 11, 12');
  await edit.getByLabel('Weight (grams)').fill('1600');
  await snap(page, 'product-template-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(row).toContainText('1600 g');
  await expect(row.getByText('12', { exact: true })).toBeVisible();

  // the Sneakers template carries demo inventory: deleting it is refused with the spec's message
  const sneakers = rows.filter({ hasText: 'Sneakers' }).filter({ hasText: 'Good Box' });
  await sneakers.getByRole('button', { name: 'Delete Sneakers' }).click();
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByText('This template is in use and cannot be deleted.')).toBeVisible();
  await expect(sneakers).toBeVisible();
  await expect(page.locator(OPEN_POPCONFIRM)).toHaveCount(0);

  // an unused template is deleted
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByText(`${title} deleted`)).toBeVisible();
  await expect(rows.filter({ hasText: title })).toHaveCount(0);

  // with a single template, Delete is not offered (people doc section 2)
  const api = await ownerApi();
  const all = (await (await api.get('/api/productTemplates')).json()) as { data: unknown[] };
  await api.dispose();
  await page.route('**/api/productTemplates', (route) => route.fulfill({ json: { data: all.data.slice(0, 1) } }));
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(rows.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});

test('[SETTINGS]: staff filter sub-locations by location, add one and rename it', async ({ page }) => {
  await signInBrowser(page, DEMO.owner);
  await page.goto('/subLocations');
  const rows = page.getByTestId('sublocation-row');
  await expect(rows.filter({ hasText: 'Shelf A' })).toBeVisible({ timeout: 30_000 });
  await snap(page, 'sublocations');

  await page.getByLabel('Filter by location').click();
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: 'Uptown' }).click();
  await expect(rows.filter({ hasText: 'Window' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Shelf A' })).toHaveCount(0);
  for (const r of await rows.all()) await expect(r).toContainText('Uptown');

  await page.getByRole('button', { name: 'Add sublocation' }).first().click();
  // opened and done zooming in before its button is clicked (a click during the zoom was lost once
  // under load: the dialog open, no message)
  const dialog = await openedDialog(page, page.getByRole('dialog', { name: 'Add sublocation' }));
  // the filter's location is the default; clearing both shows the spec's messages
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Sublocation required', { exact: true })).toBeVisible();
  await page.getByRole('dialog', { name: 'Add sublocation' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Filter by location').click();
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: 'All locations' }).click();
  await page.getByRole('button', { name: 'Add sublocation' }).first().click();
  await openedDialog(page, dialog);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Location required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Sublocation required', { exact: true })).toBeVisible();
  await snap(page, 'sublocation-dialog');

  const name = unique('Rack');
  await dialog.getByLabel('Location', { exact: true }).click();
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: 'Warehouse' }).click();
  // The pick is taken and the dialog still open (once in a full run the dialog closed here with no
  // request sent: the option click seems to have reached the modal's mask; not reproduced since).
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-select').first()).toContainText('Warehouse');
  await dialog.getByLabel('Sublocation').fill(name);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`${name} added to Warehouse`)).toBeVisible();
  await expect(rows.filter({ hasText: name })).toContainText('Warehouse');

  // rename through the dialog
  await rows.filter({ hasText: name }).getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${name}` });
  await rename.getByLabel('Sublocation').fill(`${name} North`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rows.filter({ hasText: `${name} North` })).toBeVisible();

  // the same name twice at one location is refused with the server's message
  await page.getByRole('button', { name: 'Add sublocation' }).first().click();
  await dialog.getByLabel('Location', { exact: true }).click();
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: 'Warehouse' }).click();
  await dialog.getByLabel('Sublocation').fill(`${name} North`);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`The sublocation ${name} North already exists at Warehouse`)).toBeVisible();
});
