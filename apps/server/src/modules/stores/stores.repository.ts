import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  consigners,
  consignerTypes,
  employees,
  inventoryItems,
  locations,
  products,
  storeHostAliases,
  stores,
  subLocations,
  uploadedImages,
} from '../../db/schema/index.ts';

export type StoreRow = typeof stores.$inferSelect;
export type NewStore = typeof stores.$inferInsert;
export type StoreHostAliasRow = typeof storeHostAliases.$inferSelect;
/** The columns PUT /api/stores/{id} may write. */
export type StoreSettingsValues = Partial<Omit<NewStore, 'id' | 'handle' | 'shop' | 'consignerCname' | 'tenantId' | 'maintenanceMode' | 'createdAt' | 'updatedAt'>>;

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

export const storesRepository = {
  findById: async (db: DbOrTx, id: string) => (await db.select().from(stores).where(eq(stores.id, id)).limit(1))[0] ?? null,
  findByHandle: async (db: DbOrTx, handle: string) =>
    (await db.select().from(stores).where(eq(stores.handle, handle.toLowerCase())).limit(1))[0] ?? null,
  findByDomain: async (db: DbOrTx, domain: string) =>
    (await db.select().from(stores).where(eq(stores.domain, domain.toLowerCase())).limit(1))[0] ?? null,
  /**
   * The store a host name serves (its domain, consigner URL or in-store URL), and whether an alias
   * of it still waits for this host to be reached (storeHostAliasesRepository.markNewHostSeen).
   */
  findByHost: async (db: DbOrTx, host: string) => {
    const [row] = await db
      .select({
        store: stores,
        // written out: drizzle leaves columns unqualified inside sql``, and both tables have an id
        aliasWaiting: sql<boolean>`exists (select 1 from "store_host_aliases" a where a."store_id" = "stores"."id" and a."replaced_by" = ${host} and a."new_host_seen_at" is null)`,
      })
      .from(stores)
      .where(currentHostIs(host))
      .limit(1);
    return row ?? null;
  },
  /** The oldest store (what localhost serves). */
  first: async (db: DbOrTx) => (await db.select().from(stores).orderBy(asc(stores.createdAt), asc(stores.id)).limit(1))[0] ?? null,
  insert: async (db: DbOrTx, values: NewStore) => (await db.insert(stores).values(values).returning())[0],
  /** Writes the settings; the row is locked by the caller's transaction (findForUpdate). */
  updateSettings: async (db: DbOrTx, id: string, values: StoreSettingsValues) => (await db.update(stores).set(values).where(eq(stores.id, id)).returning())[0] ?? null,
  findForUpdate: async (db: DbOrTx, id: string) => (await db.select().from(stores).where(eq(stores.id, id)).for('update').limit(1))[0] ?? null,
  /** Other stores that answer on one of `hosts` now (their current addresses). */
  storesUsingHosts: async (db: DbOrTx, hosts: string[], exceptStoreId: string) => {
    if (hosts.length === 0) return [];
    return db
      .select({ id: stores.id, domain: stores.domain, consignerUrl: stores.consignerUrl, inStoreUrl: stores.inStoreUrl })
      .from(stores)
      .where(and(ne(stores.id, exceptStoreId), or(inArray(stores.domain, hosts), inArray(stores.consignerUrl, hosts), inArray(stores.inStoreUrl, hosts))));
  },
  insertLocations: async (db: DbOrTx, storeId: string, list: { name: string; isMarketplace?: boolean }[]) =>
    db.insert(locations).values(list.map((l) => ({ storeId, name: l.name, isMarketplace: l.isMarketplace ?? false }))).returning(),
  insertSubLocations: async (db: DbOrTx, storeId: string, list: { name: string; locationName: string }[]) =>
    list.length ? db.insert(subLocations).values(list.map((l) => ({ storeId, ...l }))).returning() : [],
  insertConsignerTypes: async (db: DbOrTx, storeId: string, list: Omit<typeof consignerTypes.$inferInsert, 'storeId'>[]) =>
    db.insert(consignerTypes).values(list.map((t) => ({ ...t, storeId }))).returning(),
};

/** A store's previous addresses (docs/people.md, "Store settings"). */
export const storeHostAliasesRepository = {
  /** The store an alias that still answers leads to. */
  findStoreByActiveAlias: async (db: DbOrTx, host: string, cutoff: Date) => {
    const [row] = await db
      .select({ store: stores })
      .from(storeHostAliases)
      .innerJoin(stores, eq(stores.id, storeHostAliases.storeId))
      .where(and(eq(storeHostAliases.host, host), aliasActive(cutoff)))
      .limit(1);
    return row?.store ?? null;
  },
  /** The new address served the store: its aliases start their grace period. */
  markNewHostSeen: async (db: DbOrTx, storeId: string, host: string, at: Date) =>
    db
      .update(storeHostAliases)
      .set({ newHostSeenAt: at })
      .where(and(eq(storeHostAliases.storeId, storeId), eq(storeHostAliases.replacedBy, host), isNull(storeHostAliases.newHostSeenAt))),
  listForStore: async (db: DbOrTx, storeId: string) =>
    db.select().from(storeHostAliases).where(eq(storeHostAliases.storeId, storeId)).orderBy(asc(storeHostAliases.replacedAt), asc(storeHostAliases.host)),
  /** Aliases of other stores that still answer on one of `hosts`. */
  activeOfOtherStores: async (db: DbOrTx, hosts: string[], exceptStoreId: string, cutoff: Date) => {
    if (hosts.length === 0) return [];
    return db
      .select()
      .from(storeHostAliases)
      .where(and(inArray(storeHostAliases.host, hosts), ne(storeHostAliases.storeId, exceptStoreId), aliasActive(cutoff)));
  },
  /** Drops the aliases whose grace period is over (any store's): they no longer answer. */
  deleteExpired: async (db: DbOrTx, cutoff: Date) =>
    db
      .delete(storeHostAliases)
      .where(
        or(
          and(isNotNull(storeHostAliases.replacedBy), lte(storeHostAliases.newHostSeenAt, cutoff)),
          and(isNull(storeHostAliases.replacedBy), lte(storeHostAliases.replacedAt, cutoff)),
        ),
      ),
  deleteHosts: async (db: DbOrTx, storeId: string, hosts: string[]) =>
    hosts.length ? db.delete(storeHostAliases).where(and(eq(storeHostAliases.storeId, storeId), inArray(storeHostAliases.host, hosts))) : undefined,
  /** Aliases that waited for `from` now wait for `to` (an address changed again before it was reached). */
  repoint: async (db: DbOrTx, storeId: string, from: string, to: string | null, at: Date) =>
    db
      .update(storeHostAliases)
      .set({ replacedBy: to, ...(to === null ? { replacedAt: at } : {}), newHostSeenAt: null })
      .where(and(eq(storeHostAliases.storeId, storeId), eq(storeHostAliases.replacedBy, from))),
  upsert: async (db: DbOrTx, values: { storeId: string; host: string; replacedBy: string | null; replacedAt: Date }) =>
    db
      .insert(storeHostAliases)
      .values({ ...values, newHostSeenAt: null })
      .onConflictDoUpdate({ target: [storeHostAliases.storeId, storeHostAliases.host], set: { replacedBy: values.replacedBy, replacedAt: values.replacedAt, newHostSeenAt: null } }),
};

/** What a store uses (GET /api/stores/usage): counts only, each scoped by store. */
export const storeUsageRepository = {
  itemsByStatus: async (db: DbOrTx, storeId: string) =>
    db.select({ status: inventoryItems.status, count: count() }).from(inventoryItems).where(eq(inventoryItems.storeId, storeId)).groupBy(inventoryItems.status),
  consigners: async (db: DbOrTx, storeId: string) =>
    (
      await db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${consigners.isActive})`.mapWith(Number),
          storeAccounts: sql<number>`count(*) filter (where ${consigners.isStoreAccount})`.mapWith(Number),
        })
        .from(consigners)
        .where(eq(consigners.storeId, storeId))
    )[0],
  employees: async (db: DbOrTx, storeId: string) =>
    (
      await db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${employees.isActive})`.mapWith(Number),
          invitePending: sql<number>`count(*) filter (where ${employees.fbUserId} is null)`.mapWith(Number),
        })
        .from(employees)
        .where(eq(employees.storeId, storeId))
    )[0],
  images: async (db: DbOrTx, storeId: string) =>
    (
      await db
        .select({
          count: count(),
          bytes: sql<number>`coalesce(sum(${uploadedImages.bytes}::bigint + ${uploadedImages.originalBytes}::bigint), 0)`.mapWith(Number),
        })
        .from(uploadedImages)
        .where(eq(uploadedImages.storeId, storeId))
    )[0],
  locations: async (db: DbOrTx, storeId: string) => (await db.select({ n: count() }).from(locations).where(eq(locations.storeId, storeId)))[0].n,
  products: async (db: DbOrTx, storeId: string) => (await db.select({ n: count() }).from(products).where(eq(products.storeId, storeId)))[0].n,
  inventoryCount: async (db: DbOrTx, storeId: string) => (await db.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.storeId, storeId)))[0].n,
};
