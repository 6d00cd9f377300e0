// One shop's Admin GraphQL API through @shopify/admin-api-client (docs/storefront-sync.md "Adapter and
// fake"): the API version pinned, each call paced by the cost bucket (throttle.ts), retried on THROTTLED,
// 429, 5xx and network failures with exponential backoff and jitter a bounded number of times, and every
// failure turned into a StorefrontError with Shopify's own words.
//
// The client's own retries stay off: it retries 429 and 503 only, after a fixed second, and reads a
// Retry-After of "2.0" seconds as 2 milliseconds.
import { randomUUID } from 'node:crypto';
import { cleanText } from '@backroom/domain';
import { createAdminApiClient, type ClientResponse } from '@shopify/admin-api-client';
import { StorefrontError, type StorefrontErrorKind } from '../adapter.ts';
import { shopifyAdminDomain } from './shopify-values.ts';
import { backoffDelay, CostBucket, realClock, retryAfterMs, type BackoffOptions, type Clock, type ThrottleStatus } from './throttle.ts';
import { SHOPIFY_API_VERSION } from './shopify-version.ts';

export { SHOPIFY_API_VERSION };

/** A GraphQL document the adapter sends, with an upper bound of its requested cost for given variables. */
export type ShopifyOperation<TVariables> = {
  name: string;
  query: string;
  /** By Shopify's published rules (object 1, connection 2 + first x node, mutation 10); real costs are often lower. */
  cost: (variables: TVariables) => number;
};

export type ShopifyCallEvent =
  | { type: 'wait'; operation: string; ms: number }
  | { type: 'retry'; operation: string; attempt: number; ms: number; kind: StorefrontErrorKind; message: string }
  | { type: 'reply'; operation: string; requestedQueryCost: number | null; actualQueryCost: number | null; throttleStatus: ThrottleStatus | null }
  /** The pinned version has left Shopify's support window (about a year after its release): time to move the pin. */
  | { type: 'unsupported-version'; apiVersion: string; supportedVersions: string[] }
  /** Shopify's X-Shopify-API-Deprecated-Reason on a reply: the adapter uses something going away. */
  | { type: 'deprecation'; notice: string };

export type ShopifyClientOptions = {
  /** 'my-shop.myshopify.com' (or the bare handle 'my-shop'). */
  shopDomain: string;
  /** The Admin API access token of the shop's custom app. */
  accessToken: string;
  /** Tests point the client at the fake shop (admin-api-client's customFetchApi). */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** How long one call may take before it counts as no answer. */
  timeoutMs?: number;
  /** Sends of one call at most, the first included. */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  clock?: Clock;
  random?: () => number;
  /** Waits, retries and each reply's cost, for logs and the sync health screen. */
  onEvent?: (event: ShopifyCallEvent) => void;
};

export const SHOPIFY_DEFAULTS = { timeoutMs: 30_000, maxAttempts: 5, backoff: { baseDelayMs: 1_000, maxDelayMs: 30_000 } } as const;

/** A retry never waits longer than this, whatever a Retry-After says. */
const MAX_RETRY_AFTER_MS = 60_000;

type Failure = { kind: StorefrontErrorKind; message: string; status: number | null; retryable: boolean; minDelayMs?: number };

type GraphqlError = { message?: string; extensions?: { code?: string } };

export type ShopifyGraphql = {
  readonly shopDomain: string;
  request<TData, TVariables extends Record<string, unknown>>(operation: ShopifyOperation<TVariables>, variables: TVariables): Promise<TData>;
  /** The last throttle status Shopify reported, as the bucket projects it. */
  throttleStatus(): ThrottleStatus | null;
};

export function createShopifyGraphql(options: ShopifyClientOptions): ShopifyGraphql {
  const shopDomain = shopifyAdminDomain(options.shopDomain);
  if (!options.accessToken) throw new StorefrontError('auth', 'No Admin API access token is set for this shop');
  const clock = options.clock ?? realClock;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? SHOPIFY_DEFAULTS.timeoutMs;
  const maxAttempts = Math.max(1, options.maxAttempts ?? SHOPIFY_DEFAULTS.maxAttempts);
  const backoff = options.backoff ?? SHOPIFY_DEFAULTS.backoff;
  const emit = options.onEvent ?? (() => {});
  const bucket = new CostBucket(clock);

  const client = createAdminApiClient({
    storeDomain: shopDomain,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken: options.accessToken,
    userAgentPrefix: 'Backroom',
    retries: 0,
    customFetchApi: options.fetch,
    // The client would warn on the console; the adapter's caller hears of it through onEvent instead.
    logger: (log) => {
      if (log.type === 'Unsupported_Api_Version') emit({ type: 'unsupported-version', apiVersion: log.content.apiVersion, supportedVersions: log.content.supportedApiVersions });
      if (log.type === 'HTTP-Response-GraphQL-Deprecation-Notice') emit({ type: 'deprecation', notice: oneLine(log.content.deprecationNotice) });
    },
  });

  /** Shopify's words from a non-2xx answer's body: `{"errors": "..."}` or `{"errors": [{message}]}`. */
  async function bodyMessage(response: Response | undefined): Promise<string> {
    if (!response) return '';
    let text = '';
    try {
      text = await response.text();
    } catch {
      return '';
    }
    try {
      const body = JSON.parse(text) as { errors?: unknown };
      if (typeof body.errors === 'string') return oneLine(body.errors);
      if (Array.isArray(body.errors)) return oneLine(body.errors.map((e: GraphqlError) => e?.message ?? '').filter(Boolean).join('; '));
    } catch {
      // not JSON: an HTML error page says nothing useful
    }
    return /^\s*</.test(text) ? '' : oneLine(text);
  }

  async function classify(response: ClientResponse<unknown>, cost: number): Promise<Failure | null> {
    const errors = response.errors;
    if (!errors) {
      if (response.data !== undefined && response.data !== null) return null;
      return { kind: 'response', status: null, retryable: true, message: 'Shopify answered without data' };
    }
    const status = errors.networkStatusCode ?? null;
    if (status === null) {
      const message = errors.message ?? '';
      if (/timeout|aborted/i.test(message)) return { kind: 'unavailable', status, retryable: true, message: `Shopify did not answer within ${timeoutMs / 1000} s` };
      return { kind: 'unavailable', status, retryable: true, message: `Could not reach Shopify: ${oneLine(message.replace(/^GraphQL Client: /, ''))}` };
    }
    if (status === 429) {
      const said = await bodyMessage(errors.response);
      const retryAfter = retryAfterMs(errors.response?.headers.get('retry-after'), MAX_RETRY_AFTER_MS);
      return { kind: 'throttled', status, retryable: true, minDelayMs: retryAfter ?? undefined, message: `Shopify answered 429 Too Many Requests${said ? `: ${said}` : ''}` };
    }
    if (status >= 500) {
      const said = await bodyMessage(errors.response);
      return { kind: 'unavailable', status, retryable: true, message: `Shopify answered ${status}${said ? `: ${said}` : ''}` };
    }
    if (status === 401 || status === 403) {
      const said = await bodyMessage(errors.response);
      return { kind: 'auth', status, retryable: false, message: `Shopify refused the access token (${status})${said ? `: ${said}` : ''}` };
    }
    if (status === 404) {
      return { kind: 'response', status, retryable: false, message: `Shopify answered 404 for ${shopDomain} (Admin API ${SHOPIFY_API_VERSION}): is the shop domain right?` };
    }
    if (status < 200 || status >= 300) {
      const said = await bodyMessage(errors.response);
      return { kind: 'response', status, retryable: false, message: `Shopify answered ${status}${said ? `: ${said}` : ''}` };
    }
    const graphqlErrors = (errors.graphQLErrors ?? []) as GraphqlError[];
    if (graphqlErrors.length === 0) {
      // a 200 the client could not read (cut off, or not JSON)
      return { kind: 'response', status, retryable: true, message: `Shopify's answer could not be read: ${oneLine((errors.message ?? '').replace(/^GraphQL Client: /, ''))}` };
    }
    const codes = graphqlErrors.map((e) => e.extensions?.code ?? '');
    const message = oneLine(graphqlErrors.map((e) => e.message ?? '').filter(Boolean).join('; ')) || 'Shopify answered with errors';
    if (codes.includes('THROTTLED')) {
      // the reply's throttle status is already in the bucket: wait until the query fits again
      return { kind: 'throttled', status, retryable: true, minDelayMs: bucket.waitFor(cost), message: `Shopify throttled the call: ${message}` };
    }
    if (codes.includes('INTERNAL_SERVER_ERROR')) return { kind: 'unavailable', status, retryable: true, message: `Shopify failed: ${message}` };
    if (codes.includes('ACCESS_DENIED')) return { kind: 'auth', status, retryable: false, message: `Shopify denied access: ${message}` };
    return { kind: 'invalid-query', status, retryable: false, message: `Shopify refused the query: ${message}` };
  }

  async function request<TData, TVariables extends Record<string, unknown>>(operation: ShopifyOperation<TVariables>, variables: TVariables): Promise<TData> {
    const cost = operation.cost(variables);
    for (let attempt = 1; ; attempt++) {
      const waited = await bucket.reserve(cost);
      if (waited > 0) emit({ type: 'wait', operation: operation.name, ms: waited });
      let response: ClientResponse<TData>;
      try {
        response = await client.request<TData>(operation.query, { variables, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        // the client answers failures as values; anything thrown is a failure of the call itself
        response = { errors: { message: err instanceof Error ? err.message : String(err) } };
      } finally {
        bucket.release(cost);
      }
      const costInfo = response.extensions?.cost;
      const status = readThrottleStatus(costInfo?.throttleStatus);
      if (status) bucket.observe(status);
      if (costInfo || status) {
        emit({ type: 'reply', operation: operation.name, requestedQueryCost: costInfo?.requestedQueryCost ?? null, actualQueryCost: costInfo?.actualQueryCost ?? null, throttleStatus: status });
      }
      const failure = await classify(response, cost);
      if (!failure) return response.data as TData;
      if (!failure.retryable || attempt >= maxAttempts) {
        const tries = attempt > 1 ? ` (after ${attempt} attempts)` : '';
        throw new StorefrontError(failure.kind, `${failure.message}${tries}`, { status: failure.status, attempts: attempt });
      }
      const delay = Math.max(backoffDelay(attempt, backoff, random), failure.minDelayMs ?? 0);
      emit({ type: 'retry', operation: operation.name, attempt, ms: delay, kind: failure.kind, message: failure.message });
      await clock.sleep(delay);
    }
  }

  return { shopDomain, request, throttleStatus: () => bucket.snapshot() };
}

function readThrottleStatus(value: { maximumAvailable?: number; currentlyAvailable?: number; restoreRate?: number } | undefined): ThrottleStatus | null {
  if (!value) return null;
  const { maximumAvailable, currentlyAvailable, restoreRate } = value;
  if (![maximumAvailable, currentlyAvailable, restoreRate].every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  return { maximumAvailable: maximumAvailable as number, currentlyAvailable: currentlyAvailable as number, restoreRate: restoreRate as number };
}

/** Text from Shopify as one bounded line (it is shown to staff). */
export function oneLine(text: string): string {
  // control characters never reach a message
  return cleanText(text, { oneLine: true }).slice(0, 500);
}

/** A fresh idempotency key (Shopify's @idempotent directive). */
export const newIdempotencyKey = () => randomUUID();
