import type { DbOrTx } from '../db/client.ts';
import { storesRepository, type StoreRow } from '../modules/stores/stores.repository.ts';

export type { StoreRow };

/**
 * The host name of a Host header, without port, brackets or a trailing dot, lower-cased and in the
 * WHATWG URL parser's canonical form: `[::1]:3000` is `::1`, `127.1` is `127.0.0.1`,
 * `LocalHost.:80` is `localhost`. Anything that is not a valid host gives ''.
 */
export function hostnameOf(hostHeader: string | undefined): string {
  const raw = (hostHeader ?? '').trim();
  // a Host header is host[:port] only: anything that would make a URL mean something else is no host
  if (!raw || /[/\\?#@\s]/.test(raw)) return '';
  try {
    return new URL(`http://${raw}`).hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  } catch {
    return '';
  }
}

/**
 * This machine, however it was typed: localhost, any 127.0.0.0/8 address or ::1. These serve the
 * first store like localhost (a newcomer's http://127.0.0.1:3000 opens the demo shop).
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Which store a request is for: its Host matched against domain, consignerUrl and inStoreUrl; else
 * the handle the user picked on the store landing page; else, on this machine (localhost, 127.0.0.1,
 * [::1], any port), the first store.
 */
export async function resolveStore(db: DbOrTx, hostHeader: string | undefined, handleHeader: string | undefined): Promise<StoreRow | null> {
  const host = hostnameOf(hostHeader);
  if (host) {
    const byHost = await storesRepository.findByHost(db, host);
    if (byHost) return byHost;
  }
  const handle = handleHeader?.trim().toLowerCase();
  if (handle) {
    const byHandle = await storesRepository.findByHandle(db, handle);
    if (byHandle) return byHandle;
  }
  if (isLoopbackHost(host)) {
    return storesRepository.first(db);
  }
  return null;
}
