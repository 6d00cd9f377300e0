import type { AppConfig } from '../config.ts';
import type { ResolvedStore } from '../tenancy/resolve-store.ts';

// The origins a store is served on, from configuration only (docs/security.md). Nothing here reads
// Host or X-Forwarded-Host: those are the client's to choose.

type OriginConfig = Pick<AppConfig, 'env' | 'appUrl'>;
type StoreHosts = Pick<ResolvedStore, 'domain' | 'consignerUrl' | 'inStoreUrl' | 'aliasHost'>;

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string, scheme: 'https' | 'http'): string | null {
  try {
    return new URL(value.includes('://') ? value : `${scheme}://${value}`).origin;
  } catch {
    return null;
  }
}

const configuredHosts = (store: StoreHosts | null) => (store ? [store.domain, store.consignerUrl, store.inStoreUrl].filter((h): h is string => !!h?.trim()) : []);
// A request through a previous address of the store (still in its grace period) comes from that origin too.
const storeHosts = (store: StoreHosts | null) => (store?.aliasHost ? [...configuredHosts(store), store.aliasHost] : configuredHosts(store));

/**
 * Where the links e-mailed for this store point: in production the store's own domain (then its
 * consigner and in-store addresses) over https, else APP_URL. Outside production always APP_URL
 * (default http://localhost:PORT), as seeded domains such as demo.backroom.local do not resolve.
 */
export function storeLinkOrigin(config: OriginConfig, store: StoreHosts | null): string {
  if (config.env === 'production') {
    // the configured addresses only: a previous address stops answering after its grace period
    for (const host of configuredHosts(store)) {
      const origin = originOf(host, 'https');
      if (origin) return origin;
    }
  }
  return config.appUrl;
}

/** The origins a browser page of this store may send state-changing requests from. */
export function storeOrigins(config: OriginConfig, store: StoreHosts | null): string[] {
  const origins = new Set<string>([config.appUrl]);
  for (const host of storeHosts(store)) {
    const secure = originOf(host, 'https');
    if (secure) origins.add(secure);
    // Outside production a store's host may be tried over plain http (a hosts-file entry).
    const plain = config.env === 'production' ? null : originOf(host, 'http');
    if (plain) origins.add(plain);
  }
  return [...origins];
}

/** Is `origin` (an Origin header, or a Referer) one of this store's own? */
export function isStoreOrigin(config: OriginConfig, store: StoreHosts | null, origin: string | undefined | null): boolean {
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (storeOrigins(config, store).includes(url.origin)) return true;
  // Local development: the web app may be served by Vite or on another local port.
  return config.env !== 'production' && (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTNAMES.has(url.hostname);
}

/** The origin a request was sent from: Origin, else the Referer's origin. */
export function requestSourceOrigin(origin: string | undefined | null, referer: string | undefined | null): string | null {
  if (origin) return origin;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
