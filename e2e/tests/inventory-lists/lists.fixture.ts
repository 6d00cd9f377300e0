// Test data for the inventory list specs, made through the API as the shop and its consigners would:
// a product of its own per test (so a search by its SKU shows exactly the test's items), items added
// by staff (Active) or dropped off by a consigner (Requested, then Pending once staff accept the request).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiClient, signInApi } from '../../fixtures/api';
import { DEMO, unique } from '../../fixtures/demo';

export type Item = {
  id: string;
  code: string;
  status: string;
  price: number;
  requestedPrice: number | null;
  location: string | null;
  subLocation: string | null;
  option1Value: string | null;
  trackingCode: string | null;
  isWithdrawnEarly: boolean;
  withdrawalFee: number;
  paymentType: string | null;
  consignerId: string;
};
export type Product = { id: string; sku: string; title: string };
export type LogEntry = { modifiedFields: { variableChanged: string; beforeValue: unknown; afterValue: unknown }[]; lastUpdatedBy: { name: string } | null };

export async function signedIn(email: string): Promise<APIRequestContext> {
  const api = await apiClient();
  await signInApi(api, email);
  return api;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, label: string): Promise<T> {
  const text = await response.text();
  expect(response.ok(), `${label}: ${response.status()} ${text}`).toBeTruthy();
  return (JSON.parse(text) as { data: T }).data;
}

/** A new sneaker product with a unique SKU (letters and digits only, so a search finds exactly it). */
export async function newProduct(staff: APIRequestContext, title = 'Lists Runner'): Promise<Product> {
  const templates = await data<{ id: string; category: string }[]>(await staff.get('/api/productTemplates'), 'templates');
  const template = templates.find((t) => t.category === 'Sneakers')!;
  const sku = unique('LST').replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 18);
  return data<Product>(
    await staff.post('/api/products', {
      data: { title: `${title} ${sku.slice(-4)}`, sku, brand: 'Backroom Test', category: 'Sneakers', gender: 'Men', productTemplateId: template.id, imageList: ['/demo-assets/air-max-90.svg'] },
    }),
    'create product',
  );
}

export async function consignerId(staff: APIRequestContext, email: string): Promise<string> {
  const options = await data<{ consigners: { value: { id: string; email: string } }[] }>(await staff.get('/api/inventories/filterOptions'), 'filter options');
  return options.consigners.find((c) => c.value.email === email)!.value.id;
}

type Row = { size: string; price: number; location?: string; subLocation?: string };

/** Staff add items at a location: they are Active at once. */
export async function addActive(staff: APIRequestContext, product: Product, rows: Row[], owner: string = DEMO.ava): Promise<Item[]> {
  const consigner = await consignerId(staff, owner);
  return data<Item[]>(
    await staff.post('/api/inventories', {
      data: {
        inventoryFormArray: rows.map((r) => ({
          productId: product.id,
          option1Value: r.size,
          option2Value: 'New',
          option3Value: 'Good Box',
          price: r.price,
          quantity: 1,
          consigner,
          location: r.location ?? 'Downtown',
          subLocation: r.subLocation ?? null,
        })),
      },
    }),
    'add items',
  );
}

/** A consigner asks to drop items off. A new product has no price to pre-approve against: Requested. */
export async function requestDropOffs(consigner: APIRequestContext, product: Product, rows: Row[]): Promise<Item[]> {
  const items = await data<Item[]>(
    await consigner.post('/api/inventories', {
      data: { inventoryFormArray: rows.map((r) => ({ productId: product.id, option1Value: r.size, option2Value: 'New', option3Value: 'Good Box', price: r.price, quantity: 1 })) },
    }),
    'request drop-offs',
  );
  for (const item of items) expect(item.status).toBe('Requested');
  return items;
}

/** Drop-offs on their way in (Pending): requested by the consigner, request accepted by staff. */
export async function pendingDropOffs(staff: APIRequestContext, consigner: APIRequestContext, product: Product, rows: Row[]): Promise<Item[]> {
  const items = await requestDropOffs(consigner, product, rows);
  await data(await staff.post('/api/inventories/acceptRequestToSell', { data: { ids: items.map((i) => i.id), location: 'Downtown' } }), 'accept requests');
  const pending = await Promise.all(items.map((i) => getItem(staff, i.id)));
  for (const item of pending) expect(item.status).toBe('Pending');
  return pending;
}

export async function getItem(api: APIRequestContext, id: string): Promise<Item> {
  return data<Item>(await api.get(`/api/inventories/${id}`), `item ${id}`);
}

export async function itemLogs(api: APIRequestContext, id: string): Promise<LogEntry[]> {
  return (await data<{ inventoryLogs: LogEntry[] }>(await api.get(`/api/inventoryLogs/${id}`), `logs ${id}`)).inventoryLogs;
}

/** The newest log entry changing `field` to `after`, or undefined. */
export async function logChange(api: APIRequestContext, id: string, field: string, after: unknown): Promise<LogEntry | undefined> {
  const logs = await itemLogs(api, id);
  return logs.find((l) => l.modifiedFields.some((f) => f.variableChanged === field && String(f.afterValue) === String(after)));
}

export async function post<T = unknown>(api: APIRequestContext, path: string, body: unknown): Promise<T> {
  return data<T>(await api.post(path, { data: body }), path);
}

/** The list's rows (desktop table) or cards (phone). */
export function rows(page: Page) {
  return page.getByTestId('inventory-table').locator('.ant-table-row');
}

export function rowOf(page: Page, text: string) {
  return rows(page).filter({ hasText: text });
}

/** Waits until the list shows no item (after the last one was accepted, declined...). */
export async function expectEmpty(page: Page) {
  await expect(page.getByTestId('list-empty')).toBeVisible();
}

/**
 * Opens a page holding an inventory list and waits until the list has answered (rows or its empty
 * state). Each test starts with a cold browser cache; on the shared 2-core machine the first load
 * can take longer than the default 10 s expectation.
 */
export async function gotoList(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('[data-testid^="inventory-list-"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pagination-text').or(page.getByTestId('list-empty')).first()).toBeVisible({ timeout: 30_000 });
}
