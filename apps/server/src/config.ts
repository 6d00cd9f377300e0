import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Every environment variable the server reads, parsed once at start-up.
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  // unset: every interface, IPv6 and IPv4 (so http://[::1]:3000 answers as http://127.0.0.1:3000 does)
  HOST: z.string().trim().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Backroom <no-reply@backroom.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(8 * 1024 * 1024),
  // The one public address of this server, for links in e-mails of stores without a domain of their own.
  APP_URL: z.string().url().optional(),
  // Which proxies may tell the client's address (X-Forwarded-For): 'true', 'false', or a comma list of
  // addresses, CIDR ranges or proxy-addr names. The default trusts proxies on private networks only.
  TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
  // Sign-in, sign-up, reset and verification throttling (docs/security.md). Only load tests turn it off.
  AUTH_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  // Successful and failed sign-ins from one address per minute (better-auth's limiter). Failures are
  // throttled much harder per account and address (shared/throttle.ts); the e2e suite, which signs its
  // demo users in through the API many times a minute from one address, raises this one.
  AUTH_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  CACHE_TTL_MS: z.coerce.number().int().min(0).optional(),
  // Bearer token of GET /metrics (docs/operations.md "Metrics"): required in production, optional elsewhere.
  METRICS_TOKEN: z.string().min(16).optional(),
  // Refuse (500) any response field its route's schema does not declare, instead of dropping it.
  // On in the API tests by default and in the e2e server; off for npm start and production (it costs a
  // JSON re-parse per response).
  STRICT_RESPONSES: z.enum(['true', 'false']).optional(),
  READ_CACHE: z.enum(['true', 'false']).optional(),
  // The Linnworks API's sign-in address (integrations/linnworks, docs/orders.md); tests point it at a fake.
  LINNWORKS_API_URL: z.string().url().default('https://api.linnworks.net'),
  LINNWORKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  // Payout providers' API hosts (docs/payouts-automated.md); the defaults are the real ones, tests
  // point them at local fakes. In NODE_ENV=test an unset host is a closed local port: a test never
  // reaches a real provider.
  CHECKBOOK_SANDBOX_URL: z.string().url().optional(),
  CHECKBOOK_LIVE_URL: z.string().url().optional(),
  PAYPAL_SANDBOX_URL: z.string().url().optional(),
  PAYPAL_LIVE_URL: z.string().url().optional(),
  // How long one call to a payout provider may take before it counts as no answer.
  PAYOUT_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // Where Shopify Admin API calls go instead of https://{shop}.myshopify.com (docs/storefront-sync.md
  // "Connection"): tests and the e2e suite point it at the fake shop. Ignored in production.
  SHOPIFY_ADMIN_ORIGIN: z.string().url().optional(),
  // From how many items a first sync or Resync all goes through Shopify's bulk import (docs/storefront-sync.md "Bulk first sync").
  STOREFRONT_BULK_MIN_ITEMS: z.coerce.number().int().min(1).default(250),
  // The waits (seconds) before each further round of an automated payout that met no answer or a
  // payment still in progress; after the last one the payout is Failed with the reason.
  AUTO_PAYOUT_BACKOFF_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'a comma list of whole seconds')
    .default('30,120,600,3600,21600'),
  // off only to measure what the store policies cost (bench/README.md "Row-level security")
  ROW_SECURITY: z.enum(['on', 'off']).default('on'),
  // writes before queued reads: PGlite (db/pglite-queue.ts) and the PostgreSQL pool (db/pg-lanes.ts); off only to measure what that changes
  WRITES_FIRST: z.enum(['on', 'off']).default('on'),
  // API reads in the works at once (http/read-admission.ts); 0 admits every read at once
  READS_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(16),
});

/** A payout provider's API origin per mode. */
export type ProviderHosts = { sandbox: string; live: string };

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  /** undefined: listen on '::' (IPv6 and IPv4), or '0.0.0.0' where the machine has no IPv6 */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemo: boolean;
  webDist: string;
  uploadDir: string;
  uploadMaxBytes: number;
  /** Origin e-mailed links are built on when the store has no domain (and always outside production). */
  appUrl: string;
  trustProxy: boolean | string[];
  authRateLimit: boolean;
  authSignInPerMinute: number;
  repoRoot: string;
  /**
   * How long a session, its actor and a Host's store may be kept in memory (auth/session-cache.ts,
   * tenancy/store-cache.ts); 0 turns these caches and the read cache off. Sessions, actors and read
   * answers are also dropped as soon as their store's version row moves (db/store-versions.ts), so
   * only the Host's store is bounded by it. 5 s by default, 0 in tests (the cache tests turn it on).
   */
  cacheTtlMs: number;
  /** The read cache of the busiest reads (http/read-cache.ts), on unless READ_CACHE=false or cacheTtlMs is 0. */
  readCache: boolean;
  /** Undeclared response fields are a 500 rather than dropped (http/response-serializer.ts). */
  strictResponses: boolean;
  /** Where Linnworks' AuthorizeByApplication is called; the session it gives names the server of the other calls. */
  linnworksApiUrl: string;
  /** How long one Linnworks call may take before the import gives up. */
  linnworksTimeoutMs: number;
  /** Checkbook's API origin per mode (its paths start /v3). */
  checkbookHosts: ProviderHosts;
  /** PayPal's REST API origin per mode (its paths start /v1). */
  paypalHosts: ProviderHosts;
  payoutHttpTimeoutMs: number;
  /** Seconds to wait before each further round of an automated payout (docs/payouts-automated.md). */
  autoPayoutBackoffSeconds: number[];
  /** GET /metrics asks for it as a bearer token when set; production without one never answers it. */
  metricsToken: string | undefined;
  /** Outside production only: the origin Shopify Admin API calls are sent to (a fake shop); null = Shopify itself. */
  shopifyAdminOrigin: string | null;
  /** From how many items a first sync or Resync all goes through Shopify's bulk import. */
  storefrontBulkMinItems: number;
  /** Requests run as the role the store policies restrict (db/row-security.ts). */
  rowSecurity: boolean;
  /** API reads in the works at once, the rest waiting unstarted (http/read-admission.ts); 0: no bound. */
  readsInFlight: number;
};

export function loadConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.parse(env);
  // Sessions signed with the public development secret could be forged: a real shop must set one.
  if (parsed.NODE_ENV === 'production' && !parsed.AUTH_SECRET && !overrides.authSecret) {
    throw new Error('AUTH_SECRET (16 or more characters) must be set when NODE_ENV=production');
  }
  // Links in e-mails never come from the request's Host: production must say where it is served.
  if (parsed.NODE_ENV === 'production' && !parsed.APP_URL && !overrides.appUrl) {
    throw new Error('APP_URL (e.g. https://backoffice.example.com) must be set when NODE_ENV=production');
  }
  const dataDir = overrides.dataDir ?? parsed.DATA_DIR;
  const isTest = (overrides.env ?? parsed.NODE_ENV) === 'test';
  // Port 9 (discard) on the loopback: nothing listens, a call fails at once and no money moves.
  const host = (value: string | undefined, real: string) => (value ? new URL(value).origin : isTest ? 'http://127.0.0.1:9' : real);
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST || undefined,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    rowSecurity: parsed.ROW_SECURITY === 'on',
    readsInFlight: parsed.READS_IN_FLIGHT,
    // A fixed development secret keeps sessions valid across restarts of the demo; production must set one.
    authSecret: parsed.AUTH_SECRET ?? 'backroom-development-secret-change-me',
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    logLevel: parsed.LOG_LEVEL,
    seedDemo: parsed.SEED_DEMO === 'true',
    webDist: parsed.WEB_DIST,
    uploadDir: path.join(dataDir, 'uploads'),
    uploadMaxBytes: parsed.UPLOAD_MAX_BYTES,
    appUrl: new URL(parsed.APP_URL ?? `http://localhost:${overrides.port ?? parsed.PORT}`).origin,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    authRateLimit: parsed.AUTH_RATE_LIMIT === 'on',
    authSignInPerMinute: parsed.AUTH_SIGNIN_PER_MINUTE,
    repoRoot,
    cacheTtlMs: parsed.CACHE_TTL_MS ?? ((overrides.env ?? parsed.NODE_ENV) === 'test' ? 0 : 5000),
    readCache: parsed.READ_CACHE !== 'false',
    metricsToken: parsed.METRICS_TOKEN || undefined,
    strictResponses: parsed.STRICT_RESPONSES ? parsed.STRICT_RESPONSES === 'true' : (overrides.env ?? parsed.NODE_ENV) === 'test',
    linnworksApiUrl: parsed.LINNWORKS_API_URL,
    linnworksTimeoutMs: parsed.LINNWORKS_TIMEOUT_MS,
    // docs.checkbook.io "API Basics": https://api.sandbox.checkbook.io/v3/ and https://api.checkbook.io/v3/
    checkbookHosts: { sandbox: host(parsed.CHECKBOOK_SANDBOX_URL, 'https://api.sandbox.checkbook.io'), live: host(parsed.CHECKBOOK_LIVE_URL, 'https://api.checkbook.io') },
    // PayPal's Payouts OpenAPI document (servers): https://api-m.sandbox.paypal.com and https://api-m.paypal.com
    paypalHosts: { sandbox: host(parsed.PAYPAL_SANDBOX_URL, 'https://api-m.sandbox.paypal.com'), live: host(parsed.PAYPAL_LIVE_URL, 'https://api-m.paypal.com') },
    payoutHttpTimeoutMs: parsed.PAYOUT_HTTP_TIMEOUT_MS,
    autoPayoutBackoffSeconds: parsed.AUTO_PAYOUT_BACKOFF_SECONDS.split(',').map(Number),
    // In NODE_ENV=test an unset origin is a closed local port, as for the payout providers: a test never reaches a real shop.
    shopifyAdminOrigin: (overrides.env ?? parsed.NODE_ENV) === 'production' ? null : parsed.SHOPIFY_ADMIN_ORIGIN ? new URL(parsed.SHOPIFY_ADMIN_ORIGIN).origin : isTest ? 'http://127.0.0.1:9' : null,
    storefrontBulkMinItems: parsed.STOREFRONT_BULK_MIN_ITEMS,
    ...overrides,
  };
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
