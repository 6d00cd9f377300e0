import type { AppConfig } from '../config.ts';
import type { Tenant } from './tenant.ts';

// The origins a store is served on, from configuration only (docs/security.md). Nothing here reads
// Host or X-Forwarded-Host: those are the client's to choose.

type OriginConfig = Pick<AppConfig, 'env' | 'appUrl'>;
type StoreHosts = Pick<Tenant, 'domain' | 'consignerUrl' | 'inStoreUrl' | 'aliasHost' | 'provenHosts'> & { signupHost?: string | null };

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string, scheme: 'https' | 'http'): string | null {
  try {
    return new URL(value.includes('://') ? value : `${scheme}://${value}`).origin;
  } catch {
    return null;
  }
}

const configuredHosts = (store: StoreHosts | null) => (store ? [store.domain, store.consignerUrl, store.inStoreUrl].filter((h): h is string => !!h?.trim()) : []);
/**
 * The configured hosts the store has proven it owns (store_host_proofs, copied onto the store row):
 * the only ones links, redirects and, in production, origins may use (docs/security.md).
 */
export const provenStoreHosts = (store: StoreHosts | null) => configuredHosts(store).filter((h) => store?.provenHosts?.includes(h));
// A request through a previous address of the store (still in its grace period) comes from that origin
// too. In production only proven hosts count: an unproven one does not even resolve the store.
function storeHosts(config: OriginConfig, store: StoreHosts | null) {
  const own = config.env === 'production' ? provenStoreHosts(store) : configuredHosts(store);
  return store?.aliasHost ? [...own, store.aliasHost] : own;
}

/**
 * A host of this installation: a name under APP_URL's host (with APP_URL http://localhost:3000,
 * thrift.localhost; with https://backroom.example, thrift.backroom.example). The operator holds that
 * name and every name under it, so a link there reaches this installation whatever a request says;
 * APP_URL's own host and any other name give null (docs/security.md "A store's sign-up host").
 */
export function installationHost(config: OriginConfig, hostname: string | null | undefined): string | null {
  const host = hostname?.trim().toLowerCase().replace(/\.$/, '');
  if (!host || !/^[a-z0-9.-]+$/.test(host)) return null;
  const own = new URL(config.appUrl).hostname.toLowerCase();
  return host.endsWith(`.${own}`) && !host.slice(0, -own.length - 1).split('.').some((label) => !label || label.startsWith('-') || label.endsWith('-')) ? host : null;
}

/** APP_URL with the installation host in place of its own (same scheme and port). */
function installationOrigin(config: OriginConfig, host: string): string {
  const url = new URL(config.appUrl);
  url.hostname = host;
  return url.origin;
}

/**
 * Where the links e-mailed for this store point: in production the store's own domain (then its
 * consigner and in-store addresses) over https once the store has proven it owns it; else the
 * installation's host the store signed up on (installationHost), else APP_URL. Outside production
 * never the store's own domains (seeded ones such as demo.backroom.local do not resolve).
 */
export function storeLinkOrigin(config: OriginConfig, store: StoreHosts | null): string {
  if (config.env === 'production') {
    // the configured and proven addresses only: a previous address stops answering after its grace period
    for (const host of provenStoreHosts(store)) {
      const origin = originOf(host, 'https');
      if (origin) return origin;
    }
  }
  // the installation's name it signed up on, checked again: APP_URL may have changed since
  const signupHost = installationHost(config, store?.signupHost);
  if (signupHost) return installationOrigin(config, signupHost);
  return config.appUrl;
}

/** The origins a browser page of this store may send state-changing requests from. */
export function storeOrigins(config: OriginConfig, store: StoreHosts | null): string[] {
  const origins = new Set<string>([config.appUrl]);
  // the installation's name the store signed up on: its links point there, so its pages are there too
  const signupHost = installationHost(config, store?.signupHost);
  if (signupHost) origins.add(installationOrigin(config, signupHost));
  for (const host of storeHosts(config, store)) {
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

/**
 * Whether the store may send people to `url` (its redirect URL, the back link of the reset screen):
 * APP_URL's origin, or one of its proven hosts over https (also http outside production).
 */
export function isStoreRedirect(config: OriginConfig, store: StoreHosts | null, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.origin === new URL(config.appUrl).origin) return true;
  const schemeOk = target.protocol === 'https:' || (config.env !== 'production' && target.protocol === 'http:');
  return schemeOk && !target.username && !target.password && provenStoreHosts(store).includes(target.hostname.replace(/\.$/, ''));
}
