import { expect as baseExpect, test, type Page } from '../../fixtures/test';
import { signInBrowser } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';
import { OPEN_POPCONFIRM, openedDialog } from '../../fixtures/antd';
import { snap } from '../../fixtures/screens';
import { action, addItems, choose, consignerId, findProduct, getItem, listItems, signedIn, toast, type Item } from './stock';

// Screens render slowly on the shared test machine (development build, busy CPU).
const expect = baseExpect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

const timeline = (page: Page) => page.getByTestId('item-timeline');

async function newActiveItem(price: number, size: string): Promise<Item> {
  const api = await signedIn(DEMO.owner);
  const product = await findProduct(api, 'Air Force 1');
  const [item] = await addItems(api, [
    { productId: product.id, option1Value: size, option2Value: 'New', option3Value: 'Good Box', price, consigner: await consignerId(api, 'Ava Thompson'), location: 'Downtown' },
  ]);
  await api.dispose();
  return item;
}

test('[INVENTORY ITEM]: staff edit the price, change the owner and request a price change, each in the timeline', async ({ page }) => {
  const item = await newActiveItem(150, '9.5');
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/inventories/${item.id}`);

  const header = page.getByTestId('item-header');
  await expect(page.getByTestId('item-title')).toHaveText(item.title);
  await expect(page.getByTestId('item-status')).toHaveText('Active');
  await expect(page.getByTestId('item-code')).toHaveText(item.code);
  await expect(header).toContainText('SKU CW2288-111');
  await expect(timeline(page).getByTestId('timeline-entry')).toHaveCount(1);
  await expect(timeline(page)).toContainText('Olivia Bennett added this item');
  await expect(page.getByTestId('edit-card').getByLabel('Payout')).toBeVisible();
  // The header's print-label button (labels.spec.ts prints through it and reads the PDF back).
  await expect(page.getByRole('button', { name: 'Print label' })).toBeVisible();
  await snap(page, 'inventory-item');

  // Edit card: a new price saves with 'Saving' then 'Saved' and lands in the timeline.
  await page.getByTestId('edit-card').getByLabel('Price').fill('175');
  // Payout and Fees follow the price as it is typed (the live fee quote of Add Inventory), before Save.
  await expect(page.getByTestId('edit-card').getByLabel('Payout')).toHaveValue('134.75');
  await expect(page.getByTestId('item-fees')).toHaveText('Fees $40.25 · total $134.75');
  await snap(page, 'inventory-item-live-payout');
  await page.getByTestId('save-item').click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await expect(timeline(page).getByTestId('timeline-change').filter({ hasText: 'Price:' })).toHaveText('Price: $150.00 -> $175.00');
  // the fees follow the price
  await expect(timeline(page).getByTestId('timeline-change').filter({ hasText: 'Payout:' })).toContainText('-> $134.75');

  // The consignment's end date (a field of the domain's list, drawn as a date picker): saved, logged, cleared.
  const endsAt = page.getByTestId('edit-card').getByLabel('Consignment ends');
  await endsAt.click();
  await endsAt.fill('2027-03-31');
  await endsAt.press('Enter');
  await page.getByTestId('save-item').click();
  await expect(timeline(page).getByTestId('timeline-change').filter({ hasText: 'Consignment ends:' })).toHaveText('Consignment ends: 2027-03-31');
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await expect(endsAt).toHaveValue('2027-03-31');

  // Owner dropdown: the consigner changes, shown as Owner with names.
  await choose(page, 'Owner', 'Lena Park');
  // The Activity feed's wording (the domain's activityWording): Owner with the consigners' names, not ids.
  const ownerChange = timeline(page).getByTestId('timeline-entry').filter({ has: page.getByTestId('timeline-change').filter({ hasText: 'Owner:' }) });
  await expect(ownerChange.getByTestId('timeline-change').filter({ hasText: 'Owner:' })).toHaveText('Owner: Ava Thompson -> Lena Park');
  await expect(ownerChange).toContainText(/Olivia Bennett changed .*Owner/);
  await expect(timeline(page).getByTestId('timeline-entry').last()).toHaveText(/^Olivia Bennett added this item/);
  await expect(timeline(page)).not.toContainText(/empty|consignerId|[0-9a-f]{8}-[0-9a-f]{4}-/);
  await snap(page, 'inventory-item-timeline');

  // Request price change: empty is refused, then the request shows as pending.
  await page.getByTestId('request-price-change').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request' }).click();
  await expect(toast(page, 'Please enter a price')).toBeVisible();
  await page.getByLabel('Requested price').fill('0');
  await page.getByRole('dialog').getByRole('button', { name: 'Request' }).click();
  await expect(toast(page, 'You must set the valuee for the price change')).toBeVisible();
  await page.getByLabel('Requested price').fill('165');
  await page.getByRole('dialog').getByRole('button', { name: 'Request' }).click();
  await expect(toast(page, 'Requested price change: $165.00')).toBeVisible();
  await expect(page.getByTestId('pending-price-change')).toHaveText('Request for price change to $165.00 pending');
  await expect(page.getByTestId('item-status')).toHaveText('Price change');

  await snap(page, 'inventory-item-price-change');
});

test('[INVENTORY ITEM]: a consigner requests a price change through the API and staff see it pending', async ({ page }) => {
  const item = await newActiveItem(99, '12');
  const ava = await signedIn(DEMO.ava);
  await action(ava, 'requestPriceChange', { id: item.id, requestedPrice: 89.5 });
  await ava.dispose();

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/inventories/${item.id}`);
  await expect(page.getByTestId('pending-price-change')).toHaveText('Request for price change to $89.50 pending');
  await expect(timeline(page).getByTestId('timeline-entry').first()).toContainText('Ava Thompson');
  // the Activity feed's wording: a field with nothing before shows only its new value (no 'empty ->')
  await expect(timeline(page).getByTestId('timeline-change').filter({ hasText: 'Requested price:' })).toHaveText('Requested price: $89.50');
  await expect(timeline(page).getByTestId('timeline-entry').first()).toContainText(/Ava Thompson changed .*Requested price/);
  await expect(timeline(page)).not.toContainText('empty');
});

test('[INVENTORY ITEM]: staff withdraw an item early with a fee; the timeline shows it and editing stops', async ({ page }) => {
  const item = await newActiveItem(140, '8');
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/inventories/${item.id}`);
  await page.getByTestId('withdraw-item').click();
  // done zooming in before its checkbox is clicked (a click during the zoom was lost once under load)
  const dialog = await openedDialog(page, page.getByRole('dialog'));
  await expect(dialog.getByTestId('withdraw-confirmation')).toHaveText('Are you sure you want to request withdrawal of this item?');
  await expect(dialog.getByRole('button', { name: 'Okay' })).toBeVisible();
  await dialog.getByTestId('withdraw-early').click();
  await dialog.getByRole('spinbutton', { name: 'Withdrawal fee' }).fill('15');
  await snap(page, 'inventory-item-withdraw');
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(toast(page, 'Inventory withdrawn')).toBeVisible();
  await expect(page.getByTestId('item-status')).toHaveText('Withdrawn');
  // Edit is hidden for Withdrawn items; the details stay readable.
  await expect(page.getByTestId('edit-card')).toHaveCount(0);
  await expect(page.getByTestId('readonly-card')).toContainText('Withdrawal fee$15.00');
  await expect(page.getByTestId('withdraw-item')).toHaveCount(0);
  const changes = timeline(page).getByTestId('timeline-entry').first().getByTestId('timeline-change');
  await expect(changes.filter({ hasText: 'Status:' })).toHaveText('Status: Active -> Withdrawn');
  await expect(changes.filter({ hasText: 'Withdrawn early:' })).toHaveText('Withdrawn early: No -> Yes');
  await expect(changes.filter({ hasText: 'Withdrawal fee:' })).toHaveText('Withdrawal fee: $0.00 -> $15.00');
  await snap(page, 'inventory-item-withdrawn');

  const api = await signedIn(DEMO.owner);
  const after = await getItem(api, item.id);
  expect([after.status, after.isWithdrawnEarly, after.withdrawalFee]).toEqual(['Withdrawn', true, 15]);
  await api.dispose();
});

test('[INVENTORY ITEM]: a refused status change shows the server message, and a Pending item is deleted after "Sure to delete?"', async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const [pending] = await listItems(api, { status: 'Pending' });
  expect(pending, 'the demo data has Pending items').toBeTruthy();

  await signInBrowser(page, DEMO.owner);
  await page.goto(`/inventories/${pending.id}`);
  await expect(page.getByTestId('item-status')).toHaveText('Drop off pending');
  await choose(page, 'Status', 'Active');
  await expect(toast(page, 'This item has not been accepted, you must accept it via the incoming tab.')).toBeVisible();
  await expect(page.getByTestId('item-status')).toHaveText('Drop off pending');
  await snap(page, 'inventory-item-pending');

  await page.getByTestId('delete-item').click();
  await expect(page.locator(OPEN_POPCONFIRM)).toContainText('Sure to delete?');
  await page.locator(OPEN_POPCONFIRM).getByRole('button', { name: 'Yes' }).press('Enter');
  await expect(page.getByTestId('item-deleted')).toContainText('Inventory deleted');
  // The page moves on a second later, to the list the item was in.
  await expect(page).toHaveURL(/\/incomingInventory$/, { timeout: 5000 });
  const gone = await api.get(`/api/inventories/${pending.id}`);
  expect(gone.status()).toBe(404);
  await api.dispose();
});

test("[INVENTORY ITEM]: a store account's item shows Cost and no price-change request", async ({ page }) => {
  const api = await signedIn(DEMO.owner);
  const rows = await listItems(api, { status: 'Active' });
  const own = rows.find((r) => r.consigner?.isStoreAccount);
  expect(own, 'an Active store-account item in the demo data').toBeTruthy();
  await api.dispose();
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/inventories/${own!.id}`);
  await expect(page.getByTestId('edit-card').getByLabel('Cost')).toBeVisible();
  await expect(page.getByTestId('edit-card').getByLabel('Payout')).toHaveCount(0);
  await expect(page.getByTestId('request-price-change')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-item')).toBeVisible();
});

test('[INVENTORY ITEM]: the status control records a sale at the price (never a bare Sold); in safe mode the Sold item keeps its status', async ({ page }) => {
  const item = await newActiveItem(87, '8');
  const api = await signedIn(DEMO.owner);
  await signInBrowser(page, DEMO.owner);
  await page.goto(`/inventories/${item.id}`);
  await expect(page.getByTestId('item-status')).toHaveText('Active');
  // money statuses are not choosable: Sold, Pending sale and Paid come only from the sale and payout paths
  await page.getByTestId('status-select').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.getByTitle('Record a sale at $87.00')).toBeVisible();
  await expect(dropdown.locator('.ant-select-item-option', { hasText: /^Sold$/ })).toHaveCount(0);
  await snap(page, 'inventory-item-status-sale');
  await dropdown.getByTitle('Record a sale at $87.00').click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: `Record a sale of ${item.code}` });
  await dialog.getByText('Card', { exact: true }).click();
  await dialog.getByTestId('confirm-record-sale').click();
  await expect(toast(page, /Sale S-\d+ recorded/)).toBeVisible();
  await expect(page.getByTestId('item-status')).toHaveText('Sold');
  const sold = (await getItem(api, item.id)) as Item & { order: { name: string } | null };
  expect([sold.status, sold.order?.name]).toEqual(['Sold', expect.stringMatching(/^S-\d+$/)]);
  await api.dispose();
  await page.reload();
  await expect(page.getByTestId('item-status')).toHaveText('Sold');
  await expect(page.getByTestId('item-status')).toHaveClass(/ant-tag-green/);
  await expect(page.getByTestId('status-select')).toHaveClass(/ant-select-disabled/);
  await expect(page.getByText('Safe inventory status mode locks sold items.')).toBeVisible();
  await snap(page, 'inventory-item-sold');

  // its price is locked: a mistake in the sale is corrected with Correct sale, written to the ledger
  await page.getByTestId('correct-sale').click();
  const correction = page.locator('.ant-modal:visible').filter({ hasText: `Correct the sale of ${item.code}` });
  await correction.getByRole('button', { name: 'Record correction' }).click();
  await expect(correction.getByText('Say why the sale is corrected')).toBeVisible(); // the reason is required
  await correction.getByLabel('Price').fill('80');
  await correction.getByLabel('Reason').fill('Rang up at the wrong price');
  await snap(page, 'inventory-item-correct-sale');
  await correction.getByRole('button', { name: 'Record correction' }).click();
  await expect(toast(page, `Correction of ${item.code} recorded`)).toBeVisible();
  await expect(correction).toBeHidden();
  await expect(timeline(page)).toContainText('Rang up at the wrong price');
  const corrected = await signedIn(DEMO.owner);
  const after = (await getItem(corrected, item.id)) as Item & { payout: number };
  // the payout worked out again from the fees of the new price, and the ledger has the differences
  expect([after.status, after.price]).toEqual(['Sold', 80]);
  expect(after.payout).toBeLessThan(80);
  await corrected.dispose();
});

test('[INVENTORY ITEM]: an unknown item says so', async ({ page }) => {
  await signInBrowser(page, DEMO.owner);
  await page.goto('/inventories/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Inventory not found')).toBeVisible();
});

test('[INVENTORY ITEM]: an item shows the consignment terms it was accepted on, which later terms of its type do not change', async ({ page }) => {
  type Terms = { periodDays: number | null; minimumStayDays: number; earlyWithdrawalFee: number; renewalDays: number | null; renewalFee: number; endAction: string; graceDays: number };
  const api = await signedIn(DEMO.owner);
  const types = (await (await api.get('/api/consignerTypes')).json()).data as { id: string; terms: Terms }[];
  const putTerms = async (id: string, terms: Partial<Terms>) => expect((await api.put(`/api/consignerTypes/${id}/terms`, { data: terms })).status()).toBe(200);
  try {
    // every type, so whichever the item matches: 60 days, a 30-day minimum with a $15 early pickup, then donate
    for (const type of types) await putTerms(type.id, { periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 15, renewalDays: 30, renewalFee: 5, endAction: 'donate', graceDays: 7 });
    const item = await newActiveItem(140, '7');
    for (const type of types) await putTerms(type.id, { periodDays: 10, endAction: 'return' });

    await signInBrowser(page, DEMO.owner);
    await page.goto(`/inventories/${item.id}`);
    const card = page.getByTestId('item-terms');
    const ends = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await expect(card.getByTestId('item-terms-ends')).toHaveText(`${ends} (in 60 days) Running`);
    await expect(card).toContainText('Period60 days');
    await expect(card).toContainText('Minimum stay30 days, $15.00 to pick up earlier');
    await expect(card).toContainText('Renewal30 days for $5.00');
    await expect(card).toContainText('At the endDonate after 7 days of grace');
    await snap(page, 'inventory-item-terms');
  } finally {
    // the types' terms as they were, for the specs after this one
    for (const type of types) await putTerms(type.id, type.terms);
    await api.dispose();
  }
});
