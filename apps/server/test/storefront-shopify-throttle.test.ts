// Shopify's rate limit and failures as the adapter meets them (docs/storefront-sync.md
// "Throttling and retries"): it waits for the cost bucket rather than being refused, retries a
// THROTTLED reply, a 429, a 5xx, a timeout and a lost answer with exponential backoff and jitter a
// bounded number of times, and then fails with a clear error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontProductInput } from '../src/storefront/adapter.ts';
import { createShopifyAdapter, type ShopifyAdapterOptions } from '../src/storefront/shopify/shopify-adapter.ts';
import type { ShopifyCallEvent } from '../src/storefront/shopify/shopify-client.ts';
import { backoffDelay, CostBucket, retryAfterMs, type Clock } from '../src/storefront/shopify/throttle.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';

let fake: ShopifyFake;

beforeAll(async () => {
  fake = await startShopifyFake();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

function adapterFor(over: Partial<ShopifyAdapterOptions> = {}) {
  const events: ShopifyCallEvent[] = [];
  const adapter = createShopifyAdapter({
    shopDomain: fake.shopDomain,
    accessToken: fake.accessToken,
    fetch: fake.fetch,
    backoff: { baseDelayMs: 10, maxDelayMs: 200 },
    onEvent: (e) => events.push(e),
    ...over,
  });
  return { adapter, events };
}

/** A clock whose waits are recorded and pass at once: the adapter's time moves on, the fake's bucket does not refill. */
function instantClock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  let skipped = 0;
  return {
    slept,
    now: () => performance.now() + skipped,
    sleep: async (ms) => {
      slept.push(ms);
      skipped += ms;
    },
  };
}

const product = (n: number, variants: number): StorefrontProductInput => ({
  id: null,
  handle: `product-${n}`,
  title: `Product ${n}`,
  options: ['Size'],
  variants: Array.from({ length: variants }, (_, i) => ({ ref: `${n}-${i}`, id: null, sku: `P${n}-${i}`, priceMinor: 1000, optionValues: [String(i + 1)], initialStock: [{ locationId: fake.locations[0].id, quantity: 1 }] })),
});

describe('the cost bucket', () => {
  it('projects what Shopify restores over time and what is in flight, and waits for what a query needs', () => {
    let t = 0;
    const bucket = new CostBucket({ now: () => t, sleep: async () => {} });
    expect(bucket.waitFor(500)).toBe(0); // nothing known yet: send, and learn from the reply
    bucket.observe({ maximumAvailable: 1000, currentlyAvailable: 100, restoreRate: 50 });
    expect(bucket.waitFor(90)).toBe(0);
    // the points kept in hand: a tenth of a second's restore and one (5 + 1 at 50 a second)
    expect(bucket.waitFor(100)).toBe(120 + 20); // 6 points short: 120 ms, and a time margin
    expect(bucket.waitFor(300)).toBe(4120 + 20); // 206 points at 50 a second, and a time margin
    t = 2000;
    expect(bucket.projected()).toBe(200);
    expect(bucket.waitFor(300)).toBe(2120 + 20);
    t = 100_000;
    expect(bucket.projected()).toBe(1000); // never more than the bucket holds
    expect(bucket.waitFor(5000)).toBe(0); // a query larger than the bucket goes once it is full
  });

  it('counts the points of queries in flight until they are released', async () => {
    const bucket = new CostBucket({ now: () => 0, sleep: async () => {} });
    bucket.observe({ maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 100 });
    expect(await bucket.reserve(700)).toBe(0);
    expect(bucket.waitFor(700)).toBe(4110 + 20); // 300 held, 700 + 11 in hand needed: 411 points at 100 a second
    bucket.release(700);
    expect(bucket.waitFor(700)).toBe(0);
  });

  it('backs off exponentially with jitter, capped', () => {
    const options = { baseDelayMs: 1000, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, options, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, options, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(10, options, () => 1)).toBe(30_000);
  });

  it('reads Retry-After in seconds (as Shopify sends it) or as a date, capped', () => {
    expect(retryAfterMs('2.0', 60_000)).toBe(2000);
    expect(retryAfterMs('0.5', 60_000)).toBe(500);
    expect(retryAfterMs('3600', 60_000)).toBe(60_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:05 GMT', 60_000, () => Date.parse('2026-11-26T10:00:00Z'))).toBe(5000);
    expect(retryAfterMs('soon', 60_000)).toBeNull();
    expect(retryAfterMs(null, 60_000)).toBeNull();
  });
});

describe('throttling', () => {
  it('waits for the bucket to hold a query’s cost instead of being refused', async () => {
    fake.setBucket({ maximumAvailable: 1000, restoreRate: 1000 });
    const { adapter, events } = adapterFor();
    // ten products of 25 variants: reading them back costs the full 780 points the query asks for
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) ids.push((await adapter.pushProduct(product(n, 25))).id);
    for (let i = 0; i < 3; i++) expect(await adapter.fetchProducts(ids)).toHaveLength(10);
    expect(fake.calls.filter((c) => c.fields[0] === 'nodes').map((c) => [c.outcome, c.requestedQueryCost, c.actualQueryCost])).toEqual([
      ['ok', 780, 780],
      ['ok', 780, 780],
      ['ok', 780, 780],
    ]);
    // never refused: every call waited until the bucket held its cost
    expect(fake.calls.every((c) => c.outcome === 'ok')).toBe(true);
    expect(events.some((e) => e.type === 'retry')).toBe(false);
    // the second and third reads each found about 220 points left and waited for the rest
    const waits = events.filter((e): e is Extract<ShopifyCallEvent, { type: 'wait' }> => e.type === 'wait' && e.operation === 'BackroomProducts');
    expect(waits.length).toBeGreaterThanOrEqual(2);
    for (const wait of waits.slice(-2)) expect(wait.ms).toBeGreaterThan(300);
  });

  it('paces calls made at once from one process the same way', async () => {
    fake.setBucket({ maximumAvailable: 1000, restoreRate: 1000 });
    const { adapter, events } = adapterFor();
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) ids.push((await adapter.pushProduct(product(n, 25))).id);
    fake.calls.length = 0;
    const reads = await Promise.all([adapter.fetchProducts(ids), adapter.fetchProducts(ids), adapter.fetchProducts(ids)]);
    expect(reads.map((r) => r.length)).toEqual([10, 10, 10]);
    expect(fake.calls.map((c) => c.outcome)).toEqual(['ok', 'ok', 'ok']);
    expect(events.filter((e) => e.type === 'wait').length).toBeGreaterThanOrEqual(2);
  });

  it('retries a THROTTLED reply once the bucket holds the query’s cost again', async () => {
    // another process emptied the bucket: this one learns it from the THROTTLED reply
    fake.setBucket({ maximumAvailable: 1000, restoreRate: 200, currentlyAvailable: 0 });
    const { adapter, events } = adapterFor();
    const shop = await adapter.checkConnection();
    expect(shop.name).toBe('Backroom Test Shop');
    expect(fake.calls.map((c) => c.outcome)).toEqual(['throttled', 'ok']);
    expect(fake.calls[0].errors).toEqual([{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }]);
    const retry = events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ operation: 'BackroomCheckConnection', attempt: 1, kind: 'throttled', message: 'Shopify throttled the call: Throttled' });
    // it waited for the query's 95 points to come back at 200 a second, not just the backoff
    const reply = events.find((e): e is Extract<ShopifyCallEvent, { type: 'reply' }> => e.type === 'reply');
    expect(reply?.requestedQueryCost).toBe(95);
    const held = reply?.throttleStatus?.currentlyAvailable ?? 0;
    expect(held).toBeLessThan(95);
    expect((retry as { ms: number }).ms).toBeGreaterThanOrEqual(((95 - held) / 200) * 1000);
  });

  it('gives up on a throttle that does not lift, after its last attempt, with a clear error', async () => {
    fake.setBucket({ maximumAvailable: 1000, restoreRate: 1, currentlyAvailable: 0 });
    const clock = instantClock();
    const { adapter } = adapterFor({ clock, maxAttempts: 3 });
    await expect(adapter.checkConnection()).rejects.toMatchObject({ kind: 'throttled', attempts: 3, message: 'Shopify throttled the call: Throttled (after 3 attempts)' });
    expect(fake.calls.map((c) => c.outcome)).toEqual(['throttled', 'throttled', 'throttled']);
    // each wait was the time for 95 points at 1 a second
    expect(clock.slept).toHaveLength(2);
    for (const ms of clock.slept) expect(ms).toBeGreaterThanOrEqual(90_000);
  });

  it('retries a 429, waiting at least its Retry-After', async () => {
    fake.failNext(2, 429, { retryAfterSeconds: 0.05 });
    const { adapter, events } = adapterFor();
    expect((await adapter.checkConnection()).domain).toBe(fake.shopDomain);
    expect(fake.requests).toHaveLength(3);
    const retries = events.filter((e) => e.type === 'retry');
    expect(retries.map((e) => (e as { kind: string }).kind)).toEqual(['throttled', 'throttled']);
    for (const retry of retries) expect((retry as { ms: number }).ms).toBeGreaterThanOrEqual(50);
    expect((retries[0] as { message: string }).message).toBe('Shopify answered 429 Too Many Requests: Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.');
  });
});

describe('failures', () => {
  it('retries a 5xx with growing waits and succeeds when Shopify recovers', async () => {
    fake.failNext(2, 503);
    const clock = instantClock();
    const { adapter } = adapterFor({ clock, random: () => 1, backoff: { baseDelayMs: 100, maxDelayMs: 1000 } });
    await adapter.unpublish((await adapter.pushProduct(product(1, 1))).id);
    expect(clock.slept).toEqual([100, 200]);
    expect([...fake.products.values()].map((p) => p.status)).toEqual(['DRAFT']);
  });

  it('gives up after its last attempt with the status and Shopify’s words', async () => {
    fake.failNext(10, 500);
    const clock = instantClock();
    const { adapter } = adapterFor({ clock, maxAttempts: 4, random: () => 0, backoff: { baseDelayMs: 1000, maxDelayMs: 2500 } });
    const error = await adapter.pushProduct(product(1, 1)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StorefrontError', kind: 'unavailable', status: 500, attempts: 4, message: 'Shopify answered 500: Internal Server Error (after 4 attempts)' });
    expect(fake.requests).toHaveLength(4);
    expect(clock.slept).toEqual([500, 1000, 1250]);
    expect(fake.products.size).toBe(0);
  });

  it('retries a call that got no answer in time', async () => {
    fake.fail('POST', { kind: 'hang' });
    const { adapter, events } = adapterFor({ timeoutMs: 300 });
    expect((await adapter.checkConnection()).name).toBe('Backroom Test Shop');
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ kind: 'unavailable', message: 'Shopify did not answer within 0.3 s' });
  });

  it('retries a first push whose answer was lost: the product exists once', async () => {
    fake.fail('POST', { kind: 'lose-answer' });
    const { adapter, events } = adapterFor({ publicationIds: [fake.publications[0].id] });
    const pushed = await adapter.pushProduct(product(1, 2));
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ operation: 'BackroomProductSet', kind: 'unavailable', message: expect.stringMatching(/^Could not reach Shopify/) });
    expect(fake.calls.filter((c) => c.fields[0] === 'productSet')).toHaveLength(2);
    expect([...fake.products.keys()]).toEqual([pushed.id]);
    expect(fake.variants.size).toBe(2);
  });

  it('retries a stock change whose answer was lost: applied once, under the same key', async () => {
    const { adapter } = adapterFor();
    const [item] = (await adapter.pushProduct(product(1, 1))).variants;
    fake.calls.length = 0;
    fake.fail('POST', { kind: 'lose-answer' });
    await adapter.setStock([{ inventoryItemId: item.inventoryItemId, locationId: fake.locations[0].id, quantity: 0, expected: 1 }]);
    // the retry met compare-and-swap on a quantity already changed, but its key answered the first result
    expect(fake.calls.map((c) => c.fields[0])).toEqual(['inventorySetQuantities', 'inventorySetQuantities']);
    expect(fake.calls[0].variables.key).toBe(fake.calls[1].variables.key);
    expect(fake.available(item.inventoryItemId, fake.locations[0].id)).toBe(0);
  });

  it('never retries a refusal', async () => {
    const { adapter } = adapterFor();
    await expect(adapter.unpublish('gid://shopify/Product/1')).rejects.toMatchObject({ kind: 'refused', attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });
});
