import type { DbOrTx } from '../db/client.ts';
import { tenancyRepository } from './tenancy.repository.ts';
import type { Tenant } from './tenant.ts';

/**
 * How long a previous address keeps answering once its replacement has served the store (a
 * replaced address that was cleared counts from its replacement). docs/people.md, "Store settings".
 */
export const ALIAS_GRACE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which an alias's grace period has run out. */
export function aliasCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - ALIAS_GRACE_DAYS * DAY_MS);
}

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
 * against a previous address still in its grace period; else the handle the user picked on the
 * store landing page; else, on this machine (localhost, 127.0.0.1, [::1], any port), the first store.
 * A request through a new address marks it reached, which starts the grace period of the addresses
 * it replaced. With `provenOnly` (production), a host the store has not proven it owns (and a
 * previous address that was not proven) resolves nothing (docs/security.md).
 */
export async function resolveStore(
  db: DbOrTx,
  hostHeader: string | undefined,
  handleHeader: string | undefined,
  now: Date = new Date(),
  opts: { provenOnly?: boolean } = {},
): Promise<Tenant | null> {
  const host = hostnameOf(hostHeader);
  if (host) {
    const byHost = await tenancyRepository.findByHost(db, host, opts);
    if (byHost) {
      if (byHost.aliasWaiting) await tenancyRepository.markNewHostSeen(db, byHost.store.id, host, now);
      return byHost.store;
    }
    const byAlias = await tenancyRepository.findStoreByActiveAlias(db, host, aliasCutoff(now), opts);
    if (byAlias) return { ...byAlias, aliasHost: host };
  }
  const handle = handleHeader?.trim().toLowerCase();
  if (handle) {
    const byHandle = await tenancyRepository.findByHandle(db, handle);
    if (byHandle) return byHandle;
  }
  if (isLoopbackHost(host)) {
    return tenancyRepository.first(db);
  }
  return null;
}

/** A store by id, as a tenant: for work that runs outside a request (jobs, webhooks, mail). */
export async function findTenant(db: DbOrTx, storeId: string): Promise<Tenant | null> {
  return tenancyRepository.findById(db, storeId);
}

/** A store by its handle (the public catalogue's address, /open/catalogue/{handle}). */
export async function findTenantByHandle(db: DbOrTx, handle: string): Promise<Tenant | null> {
  return tenancyRepository.findByHandle(db, handle);
}

/**
 * Which of `hosts` another store answers on now: one of its current addresses, or a previous
 * address still in its grace period (`cutoff`, aliasCutoff).
 */
export async function hostsAnsweringOtherStores(db: DbOrTx, hosts: string[], exceptStoreId: string, cutoff: Date): Promise<(string | null)[]> {
  return [
    ...(await tenancyRepository.storesUsingHosts(db, hosts, exceptStoreId)).flatMap((s) => [s.domain, s.consignerUrl, s.inStoreUrl]),
    ...(await tenancyRepository.activeAliasesOfOtherStores(db, hosts, exceptStoreId, cutoff)).map((a) => a.host),
  ];
}
