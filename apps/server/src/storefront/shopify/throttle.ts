// Shopify's GraphQL rate limit as the adapter sees it (docs/storefront-sync.md "Throttling"): a leaky
// bucket per app and shop. Every reply carries extensions.cost.throttleStatus {maximumAvailable,
// currentlyAvailable, restoreRate}; a query runs only when the bucket holds its requested cost, else
// Shopify answers THROTTLED. So before each query the adapter projects what the bucket holds now (the
// last status plus what has been restored since, minus the queries of this process still in flight)
// and waits until it holds the query's cost.

export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };

export type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A small margin over the computed wait: the status read is a moment old and restored points are fractional. */
const WAIT_MARGIN_MS = 20;
const MAX_WAIT_ROUNDS = 8;

export class CostBucket {
  private status: (ThrottleStatus & { at: number }) | null = null;
  private reserved = 0;

  constructor(private readonly clock: Clock = realClock) {}

  /** The points the bucket is projected to hold now for a new query (what is in flight excluded). */
  projected(): number | null {
    if (!this.status) return null;
    const { maximumAvailable, currentlyAvailable, restoreRate, at } = this.status;
    const restored = ((this.clock.now() - at) / 1000) * restoreRate;
    return Math.min(maximumAvailable, currentlyAvailable + restored) - this.reserved;
  }

  /** How long to wait before a query of this cost fits (0 when it fits now or nothing is known yet). */
  waitFor(cost: number): number {
    const projected = this.projected();
    if (projected === null || !this.status) return 0;
    // A status is read when its reply arrives, a little after Shopify computed it (and Shopify rounds
    // down), so the projection runs slightly ahead of Shopify's bucket: keep a tenth of a second's
    // restore in hand, or queries sent at the edge meet THROTTLED. A query larger than the whole bucket
    // can never fit: send it once the bucket is full.
    const margin = Math.ceil(this.status.restoreRate / 10) + 1;
    const needed = Math.min(cost + margin, this.status.maximumAvailable);
    if (projected >= needed) return 0;
    const rate = this.status.restoreRate > 0 ? this.status.restoreRate : 1;
    return Math.ceil(((needed - projected) / rate) * 1000) + WAIT_MARGIN_MS;
  }

  /**
   * Waits until a query of this cost fits, then holds its points until `release`. Returns how long it
   * waited in all (0 when it did not).
   */
  async reserve(cost: number): Promise<number> {
    let waited = 0;
    // Waits again only when queries of this process took the restored points meanwhile; a few rounds
    // at most, then the query goes and a THROTTLED reply (retried) settles it.
    for (let round = 0, wait = this.waitFor(cost); wait > 0 && round < MAX_WAIT_ROUNDS; round++, wait = this.waitFor(cost)) {
      await this.clock.sleep(wait);
      waited += wait;
    }
    this.reserved += cost;
    return waited;
  }

  release(cost: number): void {
    this.reserved = Math.max(0, this.reserved - cost);
  }

  /** Takes the throttle status of a reply as the new truth. */
  observe(status: ThrottleStatus): void {
    this.status = { ...status, at: this.clock.now() };
  }

  snapshot(): ThrottleStatus | null {
    if (!this.status) return null;
    const { maximumAvailable, currentlyAvailable, restoreRate } = this.status;
    return { maximumAvailable, currentlyAvailable, restoreRate };
  }
}

export type BackoffOptions = {
  /** The first retry waits about this long; each further one twice as long. */
  baseDelayMs: number;
  /** No single wait is longer than this. */
  maxDelayMs: number;
};

/**
 * The wait before retry number `retry` (1 for the first retry): exponential, capped, with "equal
 * jitter" (half of it fixed, half random) so that many jobs failing together do not retry together
 * and each still backs off.
 */
export function backoffDelay(retry: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/**
 * A Retry-After header in milliseconds: Shopify sends seconds, possibly fractional ("2.0"); an HTTP
 * date is read too. Null when absent or unreadable; never more than `capMs`.
 */
export function retryAfterMs(header: string | null | undefined, capMs: number, now: () => number = Date.now): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(capMs, Math.round(Number(text) * 1000));
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.min(capMs, Math.max(0, date - now()));
}
