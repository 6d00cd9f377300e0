// The storefront sync (docs/storefront-sync.md): an Admin connects the store to the fake
// Shopify shop on Settings' Shopify card (Test connection reads the shop; its locations are chosen for
// the store's), accepts a drop-off at a location that sells online, and sees the item synced on the
// sync health screen, and in the shop at its price with 1 in stock.
import { expect as baseExpect, test } from '../fixtures/test';
import { chooseOpenOption } from '../fixtures/antd';
import { signInBrowser } from '../fixtures/api';
import { DEMO } from '../fixtures/demo';
import { snap } from '../fixtures/screens';
import { SHOPIFY_FAKE_URL } from '../playwright.config';
import { gotoList, newProduct, pendingDropOffs, rowOf, signedIn } from './inventory-lists/lists.fixture';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const TOKEN = 'shpat_fake0123456789abcdef0123456789ab';
const WEBHOOK_SECRET = 'whsec-e2e-0123456789abcdef';

type FakeVariant = { sku: string; price: string; productTitle: string; productStatus: string; available: Record<string, number> };

async function fakeVariants(sku: string): Promise<FakeVariant[]> {
  const res = await fetch(`${SHOPIFY_FAKE_URL}/__fake/variants?sku=${encodeURIComponent(sku)}`);
  return ((await res.json()) as { variants: FakeVariant[] }).variants;
}

// The suite shares one demo store: turn the connection off again and forget its secrets, so the specs
// after this one meet a store without a storefront.
test.afterAll(async () => {
  const staff = await signedIn(DEMO.owner);
  const res = await staff.put('/api/storefront/connection', { data: { enabled: false, accessToken: null, webhookSecret: null, locations: [] } });
  expect(res.ok(), await res.text()).toBeTruthy();
});

test('[STOREFRONT]: an Admin connects the store to Shopify, accepts an item, and sees it synced', async ({ page }) => {
  await fetch(`${SHOPIFY_FAKE_URL}/__fake/reset`, { method: 'POST' });
  const staff = await signedIn(DEMO.owner);
  const ava = await signedIn(DEMO.ava);
  const product = await newProduct(staff, 'Shopify Runner');
  const [item] = await pendingDropOffs(staff, ava, product, [{ size: '9', price: 180 }]);

  await signInBrowser(page, DEMO.owner);
  await page.goto('/settings');
  const card = page.getByTestId('shopify-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('shopify-state')).toHaveText('Off');
  await expect(card.getByRole('switch', { name: 'Shopify sync on' })).toBeDisabled();

  // the shop and its two secrets, in password inputs; once saved they show only as set
  await card.getByLabel('Shop', { exact: true }).fill('backroom-test');
  await expect(card.getByLabel('Admin API access token', { exact: true })).toHaveAttribute('type', 'password');
  await card.getByLabel('Admin API access token', { exact: true }).fill(TOKEN);
  await card.getByLabel('Webhook signing secret', { exact: true }).fill(WEBHOOK_SECRET);
  await card.getByTestId('shopify-save-credentials').click();
  await expect(page.getByText('Shopify connection saved').first()).toBeVisible();
  await expect(card.getByTestId('shopify-accessToken')).toContainText('Set ····89ab');
  await expect(card.getByTestId('shopify-webhookSecret')).toContainText('Set ····cdef');

  // Test connection reads the shop; its locations become the choices
  await card.getByTestId('shopify-test').click();
  await expect(card.getByTestId('shopify-test-result')).toContainText('Connected to Backroom Test Shop');
  const locations = card.getByTestId('shopify-locations');
  await locations.getByLabel('Shopify location for Downtown').click();
  await chooseOpenOption(page, 'Shop floor');
  await locations.getByLabel('Online Store').check();
  await card.getByTestId('shopify-save-locations').click();
  await expect(page.getByText('Shopify connection saved').first()).toBeVisible();
  await card.getByRole('switch', { name: 'Shopify sync on' }).click();
  await expect(card.getByTestId('shopify-state')).toHaveText('Syncing');
  await expect(card.getByText('Backroom Test Shop', { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'settings-shopify-card');
  // nowhere the secrets
  expect(await page.content()).not.toContain(TOKEN);

  // accept the drop-off at Downtown, a location that sells online
  await gotoList(page, `/incomingInventory?search=${product.sku}`);
  await rowOf(page, item.code).getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept inventory' });
  await expect(dialog.getByTestId('accept-location')).toContainText('Downtown');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Inventory accepted')).toBeVisible();

  // the sync health screen (Settings › Shopify sync)
  await page.goto('/storefrontSync');
  await expect(page.getByRole('heading', { name: 'Shopify sync' })).toBeVisible();
  // turning the connection on started the first sync: every item on sale online, without a resync by hand
  const firstSync = page.getByTestId('sync-job');
  await expect(firstSync).toContainText('First sync');
  await expect(firstSync).toContainText('Done', { timeout: 60_000 });
  // (the suite's shared store may hold products an earlier spec pushed to the fake before its reset:
  // Shopify no longer has them, so those are made again as new products; the count is what matters here)
  await expect(page.getByTestId('sync-job-summary')).toContainText(/Finished .*: [\d,]+ of [\d,]+ items sent/);
  await page.getByRole('searchbox', { name: 'Search items' }).fill(item.code);
  await page.getByRole('searchbox', { name: 'Search items' }).press('Enter');
  const row = page.getByTestId('sync-row').filter({ hasText: item.code });
  await expect(row.getByTestId('sync-state')).toHaveText('Synced', { timeout: 30_000 });
  await expect(row).toContainText(product.title);
  const [inShop] = await fakeVariants(item.code);
  expect(inShop).toMatchObject({ price: '180.0', productTitle: product.title, productStatus: 'ACTIVE', available: { 'gid://shopify/Location/65000000001': 1 } });

  // the drift check finds nothing to say
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('last-drift-check')).toContainText('0 drifted');
  await page.getByRole('searchbox', { name: 'Search items' }).fill('');
  await page.getByRole('searchbox', { name: 'Search items' }).press('Enter');
  await snap(page, 'storefront-sync', async () => {
    await expect(page.getByTestId('sync-count-synced')).toBeVisible();
  });
});
