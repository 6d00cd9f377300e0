import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { storeHostAliases, stores } from '../db/schema/index.ts';

// Which store answers a host, a handle or an id: the tenant lookups (docs/architecture.md, "A
// request's path"). The stores module writes the settings and aliases these read.

const currentHostIs = (host: string) => or(eq(stores.domain, host), eq(stores.consignerUrl, host), eq(stores.inStoreUrl, host));

/**
 * An alias still answers: its new address has not served the store yet, or did so after `cutoff`;
 * a host that was cleared (no replacement) answers until `cutoff` from its replacement.
 */
function aliasActive(cutoff: Date): SQL {
  return or(
    and(isNotNull(storeHostAliases.replacedBy), or(isNull(storeHostAliases.newHostSeenAt), gt(storeHostAliases.newHostSeenAt, cutoff))),
    and(isNull(storeHostAliases.replacedBy), gt(storeHostAliases.replacedAt, cutoff)),
  )!;
}

export const tenancyRepository = {
  findById: async (db: DbOrTx, id: string) => (await db.select().from(stores).where(eq(stores.id, id)).limit(1))[0] ?? null,
  findByHandle: async (db: DbOrTx, handle: string) =>
    (await db.select().from(stores).where(eq(stores.handle, handle.toLowerCase())).limit(1))[0] ?? null,
  /**
   * The store a host name serves (its domain, consigner URL or in-store URL), and whether an alias
   * of it still waits for this host to be reached (markNewHostSeen).
   */
  findByHost: async (db: DbOrTx, host: string, opts: { provenOnly?: boolean } = {}) => {
    const [row] = await db
      .select({
        store: stores,
        // written out: drizzle leaves columns unqualified inside sql``, and both tables have an id
        aliasWaiting: sql<boolean>`exists (select 1 from "store_host_aliases" a where a."store_id" = "stores"."id" and a."replaced_by" = ${host} and a."new_host_seen_at" is null)`,
      })
      .from(stores)
      .where(opts.provenOnly ? and(currentHostIs(host), sql`${host} = any(${stores.provenHosts})`) : currentHostIs(host))
      .limit(1);
    return row ?? null;
  },
  /** The oldest store (what localhost serves). */
  first: async (db: DbOrTx) => (await db.select().from(stores).orderBy(asc(stores.createdAt), asc(stores.id)).limit(1))[0] ?? null,
  /** The store an alias that still answers leads to. */
  findStoreByActiveAlias: async (db: DbOrTx, host: string, cutoff: Date, opts: { provenOnly?: boolean } = {}) => {
    const [row] = await db
      .select({ store: stores })
      .from(storeHostAliases)
      .innerJoin(stores, eq(stores.id, storeHostAliases.storeId))
      .where(and(eq(storeHostAliases.host, host), aliasActive(cutoff), opts.provenOnly ? eq(storeHostAliases.proven, true) : undefined))
      .limit(1);
    return row?.store ?? null;
  },
  /** The new address served the store: its aliases start their grace period. */
  markNewHostSeen: async (db: DbOrTx, storeId: string, host: string, at: Date) =>
    db
      .update(storeHostAliases)
      .set({ newHostSeenAt: at })
      .where(and(eq(storeHostAliases.storeId, storeId), eq(storeHostAliases.replacedBy, host), isNull(storeHostAliases.newHostSeenAt))),
  /** Other stores that answer on one of `hosts` now (their current addresses). */
  storesUsingHosts: async (db: DbOrTx, hosts: string[], exceptStoreId: string) => {
    if (hosts.length === 0) return [];
    return db
      .select({ id: stores.id, domain: stores.domain, consignerUrl: stores.consignerUrl, inStoreUrl: stores.inStoreUrl })
      .from(stores)
      .where(and(ne(stores.id, exceptStoreId), or(inArray(stores.domain, hosts), inArray(stores.consignerUrl, hosts), inArray(stores.inStoreUrl, hosts))));
  },
  /** Aliases of other stores that still answer on one of `hosts`. */
  activeAliasesOfOtherStores: async (db: DbOrTx, hosts: string[], exceptStoreId: string, cutoff: Date) => {
    if (hosts.length === 0) return [];
    return db
      .select()
      .from(storeHostAliases)
      .where(and(inArray(storeHostAliases.host, hosts), ne(storeHostAliases.storeId, exceptStoreId), aliasActive(cutoff)));
  },
};
