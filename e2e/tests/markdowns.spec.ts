import { expect as baseExpect, test } from '../fixtures/test';
import { getJson, signInBrowser } from '../fixtures/api';
import { OPEN_POPCONFIRM, pickOption } from '../fixtures/antd';
import { DEMO, unique } from '../fixtures/demo';
import { pageOverflow } from '../fixtures/layout';
import { snap } from '../fixtures/screens';
import { addActive, getItem, newProduct, signedIn } from './inventory-lists/lists.fixture';

// The machine is shared with other suites: allow slow screens.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

type ApiType = { id: string; accountType: string };
type Schedule = { id: string; name: string };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const shown = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('[MARKDOWNS]: an Admin makes a schedule on /markdowns with a preview, a type chooses it, the daily run marks an item down, and the consigner sees the next markdown', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const standard = (await getJson<ApiType[]>(api, '/api/consignerTypes')).body.data!.find((t) => t.accountType === 'Standard')!;
  const name = unique('Sneaker markdown');
  try {
    await signInBrowser(page, DEMO.owner);
    await page.goto('/markdowns');
    await expect(page.getByTestId('markdowns-card')).toBeVisible();

    // a new schedule: the two default steps; a bad step is refused in the domain's words
    await page.getByTestId('add-schedule').click();
    const form = page.getByTestId('schedule-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Step 2 percent off').fill('95');
    await page.getByTestId('save-schedule').click();
    await expect(form.getByText('Percent off can be at most 90')).toBeVisible();
    await form.getByLabel('Step 2 percent off').fill('25');

    // the preview before saving: the demo's Active consigned stock it would mark down today
    await page.getByTestId('preview-button').click();
    const preview = page.getByTestId('markdown-preview');
    await expect(preview.getByTestId('preview-summary')).toContainText('off in all');
    await expect(preview.getByTestId('preview-row').first()).toBeVisible();
    await expect(preview).toContainText('10% off after 30 days');
    await snap(page, 'markdowns-preview', async () => {
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });

    await page.getByTestId('save-schedule').click();
    await expect(page.getByText(`Schedule ${name} saved`)).toBeVisible();
    const row = page.getByTestId('schedule-row').filter({ hasText: name });
    await expect(row).toContainText('25% off after 60 days');
    await expect(row).toContainText('No consigner type yet');
    await snap(page, 'markdowns', async () => {
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });
    const schedule = (await getJson<Schedule[]>(api, '/api/markdownSchedules')).body.data!.find((s) => s.name === name)!;

    // the Standard type's terms choose it on /fees
    await page.goto('/fees');
    await page
      .locator(`[data-testid="consigner-type-row"][data-type-id="${standard.id}"]`)
      .getByRole('button', { name: /^Terms of Standard/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Consignment terms: Standard' });
    await pickOption(page, dialog.getByLabel('Markdown schedule'), name);
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await expect(page.getByText('Terms of Standard saved')).toBeVisible();

    // stock added now locks the schedule in its terms
    const product = await newProduct(api, 'Markdown Runner');
    const [item] = await addActive(api, product, [{ size: '10', price: 200 }]);
    expect((await getItem(api, item.id)) as unknown).toMatchObject({ price: 200, consignmentTerms: { markdownScheduleId: schedule.id } });

    // the daily run, on the day the item is 31 days old (the dev-mode hook passes the day in)
    const run = await api.post('/api/dev/markdowns/run', { data: { day: day(31) } });
    expect(run.status(), await run.text()).toBe(200);
    expect(((await run.json()) as { data: { changed: number } }).data.changed).toBeGreaterThanOrEqual(1);
    expect(await getItem(api, item.id)).toMatchObject({ price: 180 });
    // a second run the same day changes nothing
    expect(((await (await api.post('/api/dev/markdowns/run', { data: { day: day(31) } })).json()) as { data: { changed: number } }).data.changed).toBe(0);

    await page.goto(`/inventories/${item.id}`);
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Markdown:' })).toHaveText('Markdown: 10% off after 30 days, $200.00 → $180.00');
    await expect(page.getByTestId('timeline-change').filter({ hasText: 'Price:' })).toHaveText('Price: $200.00 -> $180.00');

    // the consigner's Inventory: the next markdown under Days Active (25% at 60 days)
    await signInBrowser(page, DEMO.ava);
    await page.goto('/inventory');
    await page.getByTestId('list-search').locator('input').fill(product.sku);
    await page.getByTestId('list-search').locator('input').press('Enter');
    const next = `25% off on ${shown(day(60))}`;
    await expect(page.locator(`tr[data-row-key="${item.id}"]`).getByTestId('next-markdown')).toHaveText(next);
    await snap(page, 'portal-next-markdown', async (width) => {
      if (width < 768) await expect(page.getByTestId('inventory-card').filter({ hasText: item.code }).getByTestId('next-markdown')).toHaveText(next);
      await expect.poll(() => pageOverflow(page)).toBe(0);
    });

    // back as staff: with the type's terms cleared, the schedule is deleted behind a confirmation
    expect((await api.put(`/api/consignerTypes/${standard.id}/terms`, { data: {} })).status()).toBe(200);
    await signInBrowser(page, DEMO.owner);
    await page.goto('/markdowns');
    await page.getByTestId('schedule-row').filter({ hasText: name }).getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.locator(OPEN_POPCONFIRM);
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Schedule ${name} deleted`)).toBeVisible();
    await expect(page.getByTestId('schedule-row').filter({ hasText: name })).toHaveCount(0);
  } finally {
    // the other specs expect the demo store without terms
    await api.put(`/api/consignerTypes/${standard.id}/terms`, { data: {} });
    await api.dispose();
  }
});
