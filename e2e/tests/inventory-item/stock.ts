// API helpers of the inventory item specs: items are made and read as the app would, through the API.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiClient, signInApi } from '../../fixtures/api';
import { pickOption } from '../../fixtures/antd';

type Envelope<T> = { data?: T; error?: string };

export type Item = {
  id: string;
  code: string;
  title: string;
  status: string;
  price: number;
  requestedPrice: number | null;
  minimumPrice?: number | null;
  location: string | null;
  subLocation: string | null;
  option1Value: string | null;
  option3Value: string | null;
  consignerId: string;
  consigner: { firstName: string; lastName: string; isStoreAccount: boolean } | null;
  isWithdrawnEarly: boolean;
  withdrawalFee: number;
  productId: string;
};

export async function signedIn(email: string): Promise<APIRequestContext> {
  const api = await apiClient();
  await signInApi(api, email);
  return api;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), JSON.stringify(body)).toBeTruthy();
  return body.data as T;
}

export async function findProduct(api: APIRequestContext, search: string): Promise<{ id: string; title: string }> {
  const products = await data<{ id: string; title: string }[]>(await api.get('/api/products', { params: { search } }));
  expect(products.length, `a product matching ${search}`).toBeGreaterThan(0);
  return products[0];
}

export async function consignerId(api: APIRequestContext, name: string): Promise<string> {
  const options = await data<{ consigners: { label: string; value: { id: string } }[] }>(await api.get('/api/inventories/filterOptions'));
  const found = options.consigners.find((c) => c.label === name);
  expect(found, `consigner ${name}`).toBeTruthy();
  return found!.value.id;
}

/** Staff add Active items at a location (POST /api/inventories). */
export async function addItems(
  api: APIRequestContext,
  rows: { productId: string; option1Value: string; option2Value?: string | null; option3Value?: string | null; price: number; consigner: string; location: string }[],
): Promise<Item[]> {
  const response = await api.post('/api/inventories', { data: { inventoryFormArray: rows.map((r) => ({ quantity: 1, ...r })) } });
  return data<Item[]>(response);
}

export async function getItem(api: APIRequestContext, id: string): Promise<Item> {
  return data<Item>(await api.get(`/api/inventories/${id}`));
}

export async function listItems(api: APIRequestContext, query: Record<string, string | number>): Promise<Item[]> {
  return (await data<{ rows: Item[] }>(await api.get('/api/inventories/paginatedInventories', { params: { pageSize: 100, ...query } }))).rows;
}

export async function action(api: APIRequestContext, name: string, body: Record<string, unknown>): Promise<void> {
  await data(await api.post(`/api/inventories/${name}`, { data: body }));
}

/** Picks `option` in the antd select labelled `label` (inside `scope`, default the page). */
export async function choose(page: Page, label: string | RegExp, option: string, scope?: Locator): Promise<void> {
  await pickOption(page, (scope ?? page).getByLabel(label, { exact: typeof label === 'string' }), option);
}

/** The antd message toast currently showing `text`. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
