// Pushing many products at once through Shopify's bulk import (docs/storefront-sync.md "Bulk first
// sync"; shopify.dev/docs/api/usage/bulk-operations/imports). The per-product push spends about 600
// points a product of ten items, so a first sync of 10,000 items waits on the cost bucket for minutes;
// a bulk mutation runs on Shopify's side and is not charged per line.
//
// 1. stagedUploadsCreate (resource BULK_MUTATION_VARIABLES, POST): a storage url and form parameters;
// 2. the JSONL file (one line of productSet variables per product, as productSetInput builds them for a
//    single push) sent there as multipart/form-data, the parameters first and the file last;
// 3. bulkOperationRunMutation(mutation, stagedUploadPath = the `key` parameter); one bulk mutation runs
//    per shop at a time: OPERATION_IN_PROGRESS (another of our processes) is waited out;
// 4. bulkOperation(id:) polled until it ends (the bulk_operations/finish webhook would tell too: polling
//    needs no subscription and costs a point a poll);
// 5. the result file read: one JSON line per input line, `__lineNumber` naming it, the mutation's
//    payload under `data` (a refused line has its userErrors there: the others are applied).
// New products are then published the same way (publishablePublish lines). A file stays under 20 MB
// (split into several operations, one after the other, beyond that).
import { StorefrontError, type BulkPushOptions, type BulkPushOutcome, type PushedProduct, type PushedVariant, type StorefrontProductInput } from '../adapter.ts';
import type { ShopifyGraphql } from './shopify-client.ts';
import {
  BULK_OPERATION,
  BULK_PRODUCT_SET,
  BULK_PUBLISH,
  BULK_RUN_MUTATION,
  STAGED_UPLOADS_CREATE,
  type BulkOperationData,
  type BulkOperationNode,
  type BulkProductSetLine,
  type BulkPublishLine,
  type BulkRunMutationData,
  type PushedVariantNode,
  type StagedUploadsData,
} from './shopify-operations.ts';
import { productSetInput, refused, userErrorsOf, validateProduct } from './shopify-product-input.ts';
import { productStatusOf } from './shopify-values.ts';
import { backoffDelay, realClock, type Clock } from './throttle.ts';

/** A variables file stays under this (Shopify takes up to 100 MB; smaller files fail and retry cheaper). */
export const MAX_BULK_FILE_BYTES = 20 * 1024 * 1024;
/** How long a bulk push waits for another bulk mutation of this app on the shop to end before giving up. */
const BUSY_WAIT_MS = 15 * 60_000;
/** Polls start quick (a small operation ends in a second or two) and slow down to this. */
const POLL_FIRST_MS = 250;
const POLL_MAX_MS = 2_000;
/** The storage hosts are retried this many times on a network failure or a 5xx. */
const STORAGE_ATTEMPTS = 4;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export type ShopifyBulkDeps = {
  graphql: ShopifyGraphql;
  /** The fetch of the storage hosts (the client's custom fetch in tests, else the global one); never given the access token. */
  fetch?: Fetch;
  clock?: Clock;
  publicationIds: string[];
  /** Reads the variants of a product past the first page of a line's answer. */
  allVariantIds: (productId: string, first: { nodes: PushedVariantNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }) => Promise<PushedVariantNode[]>;
};

/** One result line: the mutation's payload, or why Shopify could not run the line. */
type LineResult<T> = { data: T } | { error: string };

export function createShopifyBulk(deps: ShopifyBulkDeps) {
  const clock = deps.clock ?? realClock;
  const fetchStorage: Fetch = deps.fetch ?? ((url, init) => fetch(url, init));
  // one bulk mutation at a time per shop: this process's own pushes queue here rather than meet OPERATION_IN_PROGRESS
  let queue: Promise<unknown> = Promise.resolve();

  async function storage(url: string, init: RequestInit | undefined, what: string): Promise<Response> {
    let last = '';
    for (let attempt = 1; attempt <= STORAGE_ATTEMPTS; attempt++) {
      try {
        const response = await fetchStorage(url, init);
        if (response.ok) return response;
        last = `${response.status}: ${(await response.text()).replace(/\s+/g, ' ').slice(0, 300)}`;
        if (response.status < 500) break;
      } catch (err) {
        last = (err as Error).message;
      }
      if (attempt < STORAGE_ATTEMPTS) await clock.sleep(backoffDelay(attempt, { baseDelayMs: 500, maxDelayMs: 5_000 }, Math.random));
    }
    throw new StorefrontError('unavailable', `Shopify's storage refused ${what} (${last})`);
  }

  async function stageFile(lines: string[]): Promise<string> {
    const data = await deps.graphql.request<StagedUploadsData, { input: { resource: 'BULK_MUTATION_VARIABLES'; filename: string; mimeType: string; httpMethod: 'POST' }[] }>(STAGED_UPLOADS_CREATE, {
      input: [{ resource: 'BULK_MUTATION_VARIABLES', filename: 'backroom-bulk.jsonl', mimeType: 'text/jsonl', httpMethod: 'POST' }],
    });
    const payload = data.stagedUploadsCreate;
    const errors = userErrorsOf(payload?.userErrors);
    if (errors.length) throw refused('the staged upload', errors);
    const target = payload?.stagedTargets?.[0];
    const key = target?.parameters.find((p) => p.name === 'key')?.value;
    if (!target?.url || !key) throw new StorefrontError('response', 'Shopify answered stagedUploadsCreate without an upload target');
    const form = new FormData();
    for (const p of target.parameters) form.append(p.name, p.value);
    // the file goes last: the storage reads the parameters before it
    form.append('file', new Blob([lines.join('\n') + '\n'], { type: 'text/jsonl' }), 'backroom-bulk.jsonl');
    await storage(target.url, { method: 'POST', body: form }, 'the bulk variables file');
    return key;
  }

  async function start(mutation: string, stagedUploadPath: string): Promise<BulkOperationNode> {
    const started = clock.now();
    for (let attempt = 1; ; attempt++) {
      const data = await deps.graphql.request<BulkRunMutationData, { mutation: string; stagedUploadPath: string; clientIdentifier: string }>(BULK_RUN_MUTATION, {
        mutation,
        stagedUploadPath,
        clientIdentifier: `backroom-${stagedUploadPath.split('/').at(-2) ?? 'bulk'}`,
      });
      const payload = data.bulkOperationRunMutation;
      const errors = userErrorsOf(payload?.userErrors);
      // another bulk mutation of this app on the shop (another server process): wait for it to end
      if (errors.some((e) => e.code === 'OPERATION_IN_PROGRESS') && clock.now() - started < BUSY_WAIT_MS) {
        await clock.sleep(backoffDelay(attempt, { baseDelayMs: 1_000, maxDelayMs: 30_000 }, Math.random));
        continue;
      }
      if (errors.length) throw refused('the bulk operation', errors);
      if (!payload?.bulkOperation) throw new StorefrontError('response', 'Shopify answered bulkOperationRunMutation without the operation');
      return payload.bulkOperation;
    }
  }

  async function finish(operation: BulkOperationNode, lines: number, onProgress: (done: number) => void): Promise<BulkOperationNode> {
    let current = operation;
    let wait = POLL_FIRST_MS;
    while (current.status === 'CREATED' || current.status === 'RUNNING' || current.status === 'CANCELING') {
      await clock.sleep(wait);
      wait = Math.min(POLL_MAX_MS, Math.round(wait * 1.5));
      const data = await deps.graphql.request<BulkOperationData, { id: string }>(BULK_OPERATION, { id: current.id });
      if (!data.bulkOperation) throw new StorefrontError('response', `Shopify no longer knows bulk operation ${current.id}`);
      current = data.bulkOperation;
      onProgress(Math.min(lines, Number(current.objectCount) || 0));
    }
    return current;
  }

  /** Runs one mutation over the lines (each a JSON object of its variables); one result per line, in order. */
  async function runLines<T>(mutation: string, lines: string[], onProgress: (done: number) => void): Promise<LineResult<T>[]> {
    const results: LineResult<T>[] = [];
    let offset = 0;
    for (const part of filesOf(lines)) {
      const before = offset;
      const run = queue.then(async () => {
        const path = await stageFile(part);
        const operation = await finish(await start(mutation, path), part.length, (n) => onProgress(before + n));
        return { operation, text: operation.url ? await (await storage(operation.url, undefined, 'the bulk result file')).text() : operation.partialDataUrl ? await (await storage(operation.partialDataUrl, undefined, 'the bulk result file')).text() : '' };
      });
      queue = run.catch(() => undefined);
      const { operation, text } = await run;
      const byLine = new Map<number, Record<string, unknown>>();
      for (const raw of text.split('\n')) {
        if (!raw.trim()) continue;
        const line = JSON.parse(raw) as Record<string, unknown>;
        if (typeof line.__lineNumber === 'number') byLine.set(line.__lineNumber, line);
      }
      const ended = operation.status === 'COMPLETED' ? null : `Shopify's bulk operation ${operation.id} ended ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ''}`;
      for (let n = 0; n < part.length; n++) {
        const line = byLine.get(n);
        const errors = (line?.errors as { message?: string }[] | undefined)?.map((e) => e.message).filter(Boolean);
        if (line?.data && !errors?.length) results.push({ data: line.data as T });
        else results.push({ error: errors?.length ? `Shopify could not run the line: ${errors.join('; ')}` : (ended ?? `Shopify's bulk result has no line ${n}`) });
      }
      offset += part.length;
      onProgress(offset);
    }
    return results;
  }

  async function pushProducts(products: StorefrontProductInput[], options: BulkPushOptions = {}): Promise<BulkPushOutcome[]> {
    const outcomes: BulkPushOutcome[] = products.map(() => ({ ok: false, error: '' }));
    const sent: number[] = [];
    for (const [i, product] of products.entries()) {
      try {
        validateProduct(product);
        sent.push(i);
      } catch (err) {
        if (!(err instanceof StorefrontError)) throw err;
        outcomes[i] = { ok: false, error: err.message };
      }
    }
    const total = sent.length;
    const lines = sent.map((i) => JSON.stringify({ identifier: products[i].id ? { id: products[i].id } : { handle: products[i].handle }, input: productSetInput(products[i]) }));
    const results = await runLines<BulkProductSetLine>(BULK_PRODUCT_SET, lines, (n) => options.onProgress?.(n, total));
    const pushed = new Map<number, PushedProduct>();
    for (const [k, i] of sent.entries()) {
      const product = products[i];
      const result = results[k];
      if ('error' in result) {
        outcomes[i] = { ok: false, error: result.error };
        continue;
      }
      const payload = result.data.productSet;
      const errors = userErrorsOf(payload?.userErrors);
      if (errors.length || !payload?.product) {
        outcomes[i] = { ok: false, error: errors.length ? refused(`product ${product.title}`, errors).message : 'Shopify answered productSet without its result' };
        continue;
      }
      const saved = payload.product;
      const nodes = saved.variants.pageInfo.hasNextPage ? await deps.allVariantIds(saved.id, saved.variants) : saved.variants.nodes;
      const bySku = new Map(nodes.filter((n) => n.sku).map((n) => [n.sku as string, n]));
      const missing = product.variants.find((v) => !bySku.has(v.sku));
      if (missing) {
        outcomes[i] = { ok: false, error: `Shopify's answer for product ${saved.id} lacks the variant with SKU ${missing.sku}` };
        continue;
      }
      const variants: PushedVariant[] = product.variants.map((v) => ({ ref: v.ref, id: bySku.get(v.sku)!.id, sku: v.sku, inventoryItemId: bySku.get(v.sku)!.inventoryItem.id }));
      pushed.set(i, { id: saved.id, handle: saved.handle, status: productStatusOf(saved.status), url: null, variants });
    }
    // a new product goes to the configured publications, as a single push does
    const toPublish = deps.publicationIds.length ? [...pushed.keys()].filter((i) => !products[i].id) : [];
    if (toPublish.length) {
      const input = deps.publicationIds.map((publicationId) => ({ publicationId }));
      const published = await runLines<BulkPublishLine>(
        BULK_PUBLISH,
        toPublish.map((i) => JSON.stringify({ id: pushed.get(i)!.id, input })),
        () => undefined,
      );
      for (const [k, i] of toPublish.entries()) {
        const result = published[k];
        const errors = 'error' in result ? [] : userErrorsOf(result.data.publishablePublish?.userErrors);
        const error = 'error' in result ? result.error : errors.length ? refused(`to publish product ${pushed.get(i)!.id}`, errors).message : null;
        // unpublished, it is not done: the next push (by its handle) finds it and publishes it
        if (error) {
          outcomes[i] = { ok: false, error };
          pushed.delete(i);
        } else if (!('error' in result)) pushed.get(i)!.url = result.data.publishablePublish?.publishable?.onlineStoreUrl ?? null;
      }
    }
    for (const [i, product] of pushed) outcomes[i] = { ok: true, product };
    return outcomes;
  }

  return { pushProducts };
}

/** The lines in files of at most MAX_BULK_FILE_BYTES each. */
function filesOf(lines: string[]): string[][] {
  const files: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (current.length && bytes + size > MAX_BULK_FILE_BYTES) {
      files.push(current);
      current = [];
      bytes = 0;
    }
    current.push(line);
    bytes += size;
  }
  if (current.length) files.push(current);
  return files;
}
