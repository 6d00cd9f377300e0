// Shopify's bulk import, the adapter's pushProducts and the fake shop's side of it (docs/storefront-sync.md
// "Bulk first sync"; shopify.dev/docs/api/usage/bulk-operations/imports), against the fake Admin API
// built from Shopify's 2026-10 schema (test/fixtures/shopify-admin-2026-10.graphql.gz: admin_2026-10.json.gz
// of `npm pack @shopify/dev-mcp@1.16.0`, printed as SDL by test/fixtures/refresh-shopify-schema.ts).
import { parse, validate } from 'graphql';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontProductInput } from '../src/storefront/adapter.ts';
import { createShopifyAdapter } from '../src/storefront/shopify/shopify-adapter.ts';
import {
  ALL_OPERATIONS,
  BULK_LINE_MUTATIONS,
  BULK_OPERATION,
  BULK_PRODUCT_SET,
  BULK_RUN_MUTATION,
  STAGED_UPLOADS_CREATE,
  type BulkOperationData,
  type BulkRunMutationData,
  type StagedUploadsData,
} from '../src/storefront/shopify/shopify-operations.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';

let fake: ShopifyFake;

beforeAll(async () => {
  fake = await startShopifyFake();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

// Whatever a test did, every call was valid against the schema and cost no more than the adapter's bound.
afterEach(() => {
  for (const call of fake.calls) {
    const operation = ALL_OPERATIONS.find((o) => o.name === call.operationName);
    if (!operation) continue;
    expect(['ok', 'throttled'], `${call.operationName}: ${JSON.stringify(call.errors)}`).toContain(call.outcome);
    expect(call.requestedQueryCost, call.operationName ?? '').toBeLessThanOrEqual(operation.cost(call.variables as never));
  }
});

const adapter = () => createShopifyAdapter({ shopDomain: fake.shopDomain, accessToken: fake.accessToken, fetch: fake.fetch, publicationIds: [fake.publications[0].id] });

function product(n: number, over: Partial<StorefrontProductInput> = {}): StorefrontProductInput {
  return {
    id: null,
    handle: `bulk-sneaker-${n}`,
    title: `Bulk Sneaker ${n}`,
    vendor: 'Nike',
    productType: 'Sneakers',
    tags: ['backroom'],
    options: ['Size', 'Condition'],
    variants: [
      { ref: `item-${n}-a`, id: null, sku: `BR-${n}-A`, priceMinor: 25000, optionValues: ['9', 'New'], initialStock: [{ locationId: fake.locations[0].id, quantity: 1 }] },
      { ref: `item-${n}-b`, id: null, sku: `BR-${n}-B`, priceMinor: 19999, optionValues: ['10', 'Used'], initialStock: [{ locationId: fake.locations[1].id, quantity: 1 }] },
    ],
    ...over,
  };
}

const fieldsCalled = () => fake.calls.map((c) => c.fields.join('+'));

describe('the bulk documents', () => {
  it('each line’s mutation is valid against Shopify’s 2026-10 schema', () => {
    for (const mutation of BULK_LINE_MUTATIONS) expect(validate(fake.schema, parse(mutation))).toEqual([]);
  });
});

describe('pushProducts', () => {
  it('stages a JSONL of productSet lines, runs it as one bulk mutation and reads each product back as a single push does', async () => {
    const outcomes = await adapter().pushProducts!([product(1), product(2), product(3)]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    for (const [i, outcome] of outcomes.entries()) {
      if (!outcome.ok) throw new Error(outcome.error);
      const inShop = fake.products.get(outcome.product.id)!;
      expect(inShop).toMatchObject({ title: `Bulk Sneaker ${i + 1}`, handle: `bulk-sneaker-${i + 1}`, status: 'ACTIVE' });
      expect(inShop.publicationIds.has(fake.publications[0].id)).toBe(true);
      expect(outcome.product.url).toBe(`https://${fake.shopDomain}/products/bulk-sneaker-${i + 1}`);
      for (const v of outcome.product.variants) {
        const variant = fake.variants.get(v.id)!;
        expect(variant.sku).toBe(v.sku);
        expect(variant.inventoryItemId).toBe(v.inventoryItemId);
      }
      // the stock a single push gives a new variant: 1 at its location
      const [a, b] = outcome.product.variants;
      expect(fake.available(a.inventoryItemId, fake.locations[0].id)).toBe(1);
      expect(fake.available(b.inventoryItemId, fake.locations[1].id)).toBe(1);
    }
    // no productSet or publishablePublish call of its own: the lines ran on Shopify's side
    const called = fieldsCalled();
    expect(called.filter((f) => f === 'productSet' || f === 'publishablePublish')).toEqual([]);
    expect(called.filter((f) => f === 'stagedUploadsCreate')).toHaveLength(2);
    expect(called.filter((f) => f === 'bulkOperationRunMutation')).toHaveLength(2);
    // the file went to the storage bucket as a form, the file last, without the access token
    const uploads = fake.requests.filter((r) => r.method === 'POST' && r.path === '/');
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      expect(String(upload.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
      expect(upload.headers['x-shopify-access-token']).toBeUndefined();
      expect(upload.body.lastIndexOf('name="file"')).toBeGreaterThan(upload.body.lastIndexOf('name="policy"'));
    }
    const file = [...fake.bulk.files.values()][0].trim().split('\n').map((l) => JSON.parse(l) as { identifier: unknown; input: { handle: string; variants: unknown[] } });
    expect(file.map((l) => l.identifier)).toEqual([{ handle: 'bulk-sneaker-1' }, { handle: 'bulk-sneaker-2' }, { handle: 'bulk-sneaker-3' }]);
    expect(file[0].input.variants).toHaveLength(2);
  });

  it('a second push updates the products by id, without publishing them again', async () => {
    const first = await adapter().pushProducts!([product(1)]);
    if (!first[0].ok) throw new Error(first[0].error);
    const pushed = first[0].product;
    fake.calls.length = 0;
    const again = await adapter().pushProducts!([
      product(1, { id: pushed.id, variants: pushed.variants.map((v, i) => ({ ...product(1).variants[i], id: v.id, priceMinor: 15000 })) }),
    ]);
    expect(again[0]).toMatchObject({ ok: true, product: { id: pushed.id } });
    expect(fake.products.size).toBe(1);
    expect([...fake.variants.values()].map((v) => v.price)).toEqual(['150.0', '150.0']);
    expect(fieldsCalled().filter((f) => f === 'bulkOperationRunMutation')).toHaveLength(1);
  });

  it('a line Shopify refuses fails only its product, in Shopify’s words; one the adapter refuses is not sent', async () => {
    const outcomes = await adapter().pushProducts!([
      product(1),
      product(2, { id: 'gid://shopify/Product/999999' }),
      product(3, { options: ['Size', 'Size'] }),
      product(4),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, true]);
    expect(outcomes[1]).toEqual({ ok: false, error: 'Shopify refused product Bulk Sneaker 2: Product does not exist' });
    expect(outcomes[2]).toEqual({ ok: false, error: 'Bulk Sneaker 3: two options have the same name' });
    const lines = [...fake.bulk.files.values()][0].trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(fake.products.size).toBe(2);
  });

  it('waits while another bulk mutation of the app runs on the shop (one at a time), then runs its own', async () => {
    const a = adapter();
    fake.bulk.hold();
    const first = a.pushProducts!([product(1)]);
    const other = createShopifyAdapter({ shopDomain: fake.shopDomain, accessToken: fake.accessToken, fetch: fake.fetch, publicationIds: [] });
    // another process's push meets OPERATION_IN_PROGRESS until the first one ends
    for (const started = Date.now(); fake.bulk.operations.size === 0; ) {
      if (Date.now() - started > 10_000) throw new Error('no bulk operation started');
      await new Promise((r) => setTimeout(r, 20));
    }
    const second = other.pushProducts!([product(2)]);
    for (const started = Date.now(); fake.calls.filter((c) => c.fields.includes('bulkOperationRunMutation')).length < 2; ) {
      if (Date.now() - started > 10_000) throw new Error('the second push never asked');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(fake.bulk.operations.size).toBe(1);
    fake.bulk.release();
    const [one, two] = await Promise.all([first, second]);
    expect(one[0].ok && two[0].ok).toBe(true);
    expect(fake.products.size).toBe(2);
  }, 60_000);
});

describe('the fake shop’s bulk mutation, as Shopify documents it', () => {
  const graphql = () => adapter().graphql;

  async function stagedTarget() {
    const data = await graphql().request<StagedUploadsData, { input: { resource: 'BULK_MUTATION_VARIABLES'; filename: string; mimeType: string; httpMethod: 'POST' }[] }>(STAGED_UPLOADS_CREATE, {
      input: [{ resource: 'BULK_MUTATION_VARIABLES', filename: 'vars.jsonl', mimeType: 'text/jsonl', httpMethod: 'POST' }],
    });
    const target = data.stagedUploadsCreate!.stagedTargets![0];
    expect(target.url).toBe('https://shopify-staged-uploads.storage.googleapis.com/');
    expect(target.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['key', 'policy', 'x-goog-signature', 'Content-Type', 'success_action_status']));
    return target;
  }

  async function stage(text: string) {
    const target = await stagedTarget();
    const form = new FormData();
    for (const p of target.parameters) form.append(p.name, p.value);
    form.append('file', new Blob([text], { type: 'text/jsonl' }));
    const res = await fake.fetch(target.url!, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    return { key: target.parameters.find((p) => p.name === 'key')!.value };
  }

  const run = (mutation: string, stagedUploadPath: string) =>
    graphql().request<BulkRunMutationData, { mutation: string; stagedUploadPath: string; clientIdentifier: string }>(BULK_RUN_MUTATION, { mutation, stagedUploadPath, clientIdentifier: 'backroom-test' });
  const read = async (id: string) => (await graphql().request<BulkOperationData, { id: string }>(BULK_OPERATION, { id })).bulkOperation!;

  it('runs CREATED -> RUNNING -> COMPLETED, counting objects, one bulk mutation at a time, to a JSONL result of one line per input line', async () => {
    const line = (n: number, over: Record<string, unknown> = {}) => JSON.stringify({ identifier: { handle: `p-${n}` }, input: { title: `P ${n}`, handle: `p-${n}`, ...over } });
    const { key } = await stage([line(1), line(2, { title: '' }), JSON.stringify({ identifier: { handle: 'p-3' }, input: { title: 'P 3', variants: 'no' } })].join('\n'));
    fake.bulk.hold();
    const started = (await run(BULK_PRODUCT_SET, key)).bulkOperationRunMutation!;
    expect(started.userErrors).toEqual([]);
    expect(started.bulkOperation).toMatchObject({ status: 'CREATED', objectCount: '0', url: null });
    // a second one while it runs
    const { key: other } = await stage(line(9));
    expect((await run(BULK_PRODUCT_SET, other)).bulkOperationRunMutation).toEqual({
      bulkOperation: null,
      userErrors: [{ field: null, message: `A bulk mutation operation for this app and shop is already in progress: ${started.bulkOperation!.id}.`, code: 'OPERATION_IN_PROGRESS' }],
    });
    expect((await read(started.bulkOperation!.id)).status).toBe('CREATED');
    fake.bulk.release();
    let op = await read(started.bulkOperation!.id);
    for (const t0 = Date.now(); op.status !== 'COMPLETED' && Date.now() - t0 < 10_000; op = await read(op.id)) await new Promise((r) => setTimeout(r, 20));
    expect(op).toMatchObject({ status: 'COMPLETED', objectCount: '3', errorCode: null });
    const text = await (await fake.fetch(op.url!)).text();
    const results = text.trim().split('\n').map((l) => JSON.parse(l) as { __lineNumber: number; data?: { productSet: { product: { id: string } | null; userErrors: { message: string }[] } }; errors?: { message: string }[] });
    expect(results.map((r) => r.__lineNumber)).toEqual([0, 1, 2]);
    expect(results[0].data!.productSet.product!.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    // a partial failure: this line's userErrors, the others applied
    expect(results[1].data!.productSet).toEqual({ product: null, userErrors: [{ field: ['input', 'title'], message: "Title can't be blank", code: 'INVALID_PRODUCT' }] });
    expect(results[2].errors?.[0].message).toMatch(/variants/);
    expect(fake.products.size).toBe(1);
  });

  it('refuses what Shopify refuses: an invalid mutation, a file it does not have, an upload that does not keep to its policy', async () => {
    const { key } = await stage('{"id":"gid://shopify/Product/1"}\n');
    expect((await run('mutation { shop { name } }', key)).bulkOperationRunMutation!.userErrors[0]).toMatchObject({ code: 'INVALID_MUTATION' });
    expect((await run(BULK_PRODUCT_SET, 'tmp/1/bulk/nothing/vars.jsonl')).bulkOperationRunMutation!.userErrors[0]).toMatchObject({ code: 'NO_SUCH_FILE', field: ['stagedUploadPath'] });
    const target = await stagedTarget();
    const form = new FormData();
    for (const p of target.parameters) form.append(p.name, p.name === 'policy' ? 'forged' : p.value);
    form.append('file', new Blob(['{}'], { type: 'text/jsonl' }));
    expect((await fake.fetch(target.url!, { method: 'POST', body: form })).status).toBe(403);
  });
});
