import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiClient, signInApi } from '../../fixtures/api';
import { DEMO } from '../../fixtures/demo';

type Envelope<T> = { data?: T; error?: string };

export type ApiProduct = { id: string; title: string; sku: string; image: string | null; productTemplateId: string; GTIN: { size: string; gtin: string }[] };
export type ApiTemplate = { id: string; title: string; category: string };

// A real 1x1 PNG (the server decodes every upload, so the bytes must be an image).
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Writes a tiny PNG to a temp file and returns its path. */
export function writePng(name = 'product.png'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-e2e-img-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(PNG_BASE64, 'base64'));
  return file;
}

/** A digit string no earlier run used (GTINs are unique per store). */
export function uniqueDigits(length = 13): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-length).padStart(length, '7');
}

async function body<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), text).toBe(status);
  return (JSON.parse(text) as Envelope<T>).data as T;
}

/** An API client signed in as the demo owner (Admin, every area). */
export async function ownerApi(): Promise<APIRequestContext> {
  const api = await apiClient();
  await signInApi(api, DEMO.owner);
  return api;
}

export async function templateNamed(api: APIRequestContext, title: string): Promise<ApiTemplate> {
  const list = await body<ApiTemplate[]>(await api.get('/api/productTemplates'), 200);
  const found = list.find((t) => t.title === title);
  if (!found) throw new Error(`No template ${title}`);
  return found;
}

export async function createProductApi(api: APIRequestContext, fields: { title: string; sku: string; templateId: string; image?: string }): Promise<ApiProduct> {
  const image = fields.image ?? '/demo-assets/dunk-low-panda.svg';
  return body<ApiProduct>(
    await api.post('/api/products', {
      data: { title: fields.title, sku: fields.sku, brand: 'E2E', category: 'Sneakers', gender: 'Unisex', productTemplateId: fields.templateId, imageList: [image] },
    }),
    201,
  );
}

/** Adds `count` Active items of a product for the demo consigner Ava, at Downtown. */
export async function addItemsApi(api: APIRequestContext, productId: string, count: number): Promise<{ id: string; code: string; productId: string }[]> {
  const options = await body<{ consigners: { label: string; value: { id: string; email: string } }[] }>(await api.get('/api/inventories/filterOptions'), 200);
  const ava = options.consigners.find((c) => c.value.email === DEMO.ava);
  if (!ava) throw new Error('Ava is not among the consigners');
  const rows = Array.from({ length: count }, (_, i) => ({
    productId,
    option1Value: String(9 + i),
    option2Value: 'New',
    option3Value: 'Good Box',
    price: 150 + i,
    quantity: 1,
    consigner: ava.value.id,
    location: 'Downtown',
  }));
  return body<{ id: string; code: string; productId: string }[]>(await api.post('/api/inventories', { data: { inventoryFormArray: rows } }), 201);
}

export async function getProductApi(api: APIRequestContext, id: string): Promise<{ status: number; product?: ApiProduct & { listingCount: number } }> {
  const response = await api.get(`/api/products/${id}`);
  const json = (await response.json()) as Envelope<ApiProduct & { listingCount: number }>;
  return { status: response.status(), product: json.data };
}
