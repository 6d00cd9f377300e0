import { and, asc, count, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  consigners,
  consignerTypes,
  employees,
  inventoryItems,
  locations,
  products,
  storeHostAliases,
  storeHostProofs,
  stores,
  subLocations,
  uploadedImages,
} from '../../db/schema/index.ts';
import { asSystem } from '../../db/row-security.ts';

export type StoreRow = typeof stores.$inferSelect;
type NewStore = typeof stores.$inferInsert;
export type StoreHostAliasRow = typeof storeHostAliases.$inferSelect;
export type StoreHostProofRow = typeof storeHostProofs.$inferSelect;
/** The columns PUT /api/stores/{id} may write. */
export type StoreSettingsValues = Partial<Omit<NewStore, 'id' | 'handle' | 'shop' | 'consignerCname' | 'tenantId' | 'maintenanceMode' | 'provenHosts' | 'signupHost' | 'setupDismissedAt' | 'createdAt' | 'updatedAt'>>;

export const storesRepository = {
  findById: async (db: DbOrTx, id: string) => (await db.select().from(stores).where(eq(stores.id, id)).limit(1))[0] ?? null,
  findByHandle: async (db: DbOrTx, handle: string) =>
    (await db.select().from(stores).where(eq(stores.handle, handle.toLowerCase())).limit(1))[0] ?? null,
  findByDomain: async (db: DbOrTx, domain: string) =>
    (await db.select().from(stores).where(eq(stores.domain, domain.toLowerCase())).limit(1))[0] ?? null,
  insert: async (db: DbOrTx, values: NewStore) => (await db.insert(stores).values(values).returning())[0],
  /** Writes the settings; the row is locked by the caller's transaction (findForUpdate). */
  updateSettings: async (db: DbOrTx, id: string, values: StoreSettingsValues) => (await db.update(stores).set(values).where(eq(stores.id, id)).returning())[0] ?? null,
  findForUpdate: async (db: DbOrTx, id: string) => (await db.select().from(stores).where(eq(stores.id, id)).for('update').limit(1))[0] ?? null,
  insertLocations: async (db: DbOrTx, storeId: string, list: { name: string; isMarketplace?: boolean }[]) =>
    db.insert(locations).values(list.map((l) => ({ storeId, name: l.name, isMarketplace: l.isMarketplace ?? false }))).returning(),
  insertSubLocations: async (db: DbOrTx, storeId: string, list: { name: string; locationName: string }[]) =>
    list.length ? db.insert(subLocations).values(list.map((l) => ({ storeId, ...l }))).returning() : [],
  insertConsignerTypes: async (db: DbOrTx, storeId: string, list: Omit<typeof consignerTypes.$inferInsert, 'storeId'>[]) =>
    db.insert(consignerTypes).values(list.map((t) => ({ ...t, storeId }))).returning(),
  /** The store's own stock as a consigner (isStoreAccount): no sign-in, no e-mails, terms not asked. */
  insertStoreAccount: async (db: DbOrTx, storeId: string, values: { firstName: string; lastName: string; email: string; accountType: string }) =>
    (
      await db
        .insert(consigners)
        .values({ storeId, ...values, isStoreAccount: true, isActive: true, acceptedTOS: true, marketplaceLocation: true, emailNotifications: false })
        .returning()
    )[0],
};

/** A store's previous addresses (docs/people.md, "Store settings"). */
export const storeHostAliasesRepository = {
  listForStore: async (db: DbOrTx, storeId: string) =>
    db.select().from(storeHostAliases).where(eq(storeHostAliases.storeId, storeId)).orderBy(asc(storeHostAliases.replacedAt), asc(storeHostAliases.host)),
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
  upsert: async (db: DbOrTx, values: { storeId: string; host: string; replacedBy: string | null; replacedAt: Date; proven: boolean }) =>
    db
      .insert(storeHostAliases)
      .values({ ...values, newHostSeenAt: null })
      .onConflictDoUpdate({
        target: [storeHostAliases.storeId, storeHostAliases.host],
        set: { replacedBy: values.replacedBy, replacedAt: values.replacedAt, newHostSeenAt: null, proven: values.proven },
      }),
};

/** Proofs that a store owns its hosts (docs/security.md, "A store's own hosts, once proven"). */
export const storeHostProofsRepository = {
  listForStore: async (db: DbOrTx, storeId: string) => db.select().from(storeHostProofs).where(eq(storeHostProofs.storeId, storeId)).orderBy(asc(storeHostProofs.host)),
  /** Adds a row with a new token for each host that has none; existing rows keep theirs. */
  ensure: async (db: DbOrTx, storeId: string, rows: { host: string; token: string }[]) =>
    rows.length ? db.insert(storeHostProofs).values(rows.map((r) => ({ storeId, ...r }))).onConflictDoNothing() : undefined,
  /** Drops the proofs of hosts the store no longer has: a host set again is proven again. */
  deleteExcept: async (db: DbOrTx, storeId: string, keep: string[]) =>
    db.delete(storeHostProofs).where(keep.length ? and(eq(storeHostProofs.storeId, storeId), sql`${storeHostProofs.host} <> all(${sql.param(keep)}::text[])`) : eq(storeHostProofs.storeId, storeId)),
  /**
   * Hosts among `hosts` another store has proven: other stores' proofs, a named cross-store path
   * (db/row-security.ts; inside a transaction, the transaction's scope applies).
   */
  provenByOtherStores: async (db: DbOrTx, hosts: string[], exceptStoreId: string) =>
    hosts.length
      ? asSystem(() =>
          db
            .select({ host: storeHostProofs.host })
            .from(storeHostProofs)
            .where(and(inArray(storeHostProofs.host, hosts), ne(storeHostProofs.storeId, exceptStoreId), isNotNull(storeHostProofs.provenAt))),
        )
      : [],
  /** Writes a check's outcome, only if the host still has the token that was checked. */
  recordCheck: async (
    db: DbOrTx,
    storeId: string,
    host: string,
    token: string,
    outcome: { provenAt: Date | null; provenBy: StoreHostProofRow['provenBy']; checkedAt: Date; checkError: string | null },
  ) =>
    (
      await db
        .update(storeHostProofs)
        // a host proven anew starts its daily re-checks' count again
        .set({ ...outcome, failedRechecks: 0 })
        .where(and(eq(storeHostProofs.storeId, storeId), eq(storeHostProofs.host, host), eq(storeHostProofs.token, token), isNull(storeHostProofs.provenAt)))
        .returning()
    )[0] ?? null,
  /** Every store's proven hosts but the seeded ones, for the daily re-check: a named cross-store path (db/row-security.ts). */
  provenForRecheck: async (db: DbOrTx) =>
    asSystem(() =>
      db
        .select()
        .from(storeHostProofs)
        .where(and(isNotNull(storeHostProofs.provenAt), ne(storeHostProofs.provenBy, 'seed')))
        .orderBy(asc(storeHostProofs.storeId), asc(storeHostProofs.host)),
    ),
  /**
   * A re-check's outcome, only if the host is still proven with the token that was checked: found,
   * the count of failed re-checks starts again; not found, it grows, and at `withdrawAt` the proof goes.
   */
  recordRecheck: async (db: DbOrTx, storeId: string, host: string, token: string, outcome: { found: true } | { found: false; error: string; withdrawAt: number }, now: Date) =>
    (
      await db
        .update(storeHostProofs)
        .set(
          outcome.found
            ? { checkedAt: now, failedRechecks: 0, checkError: null }
            : {
                checkedAt: now,
                failedRechecks: sql`${storeHostProofs.failedRechecks} + 1`,
                checkError: outcome.error,
                provenAt: sql`case when ${storeHostProofs.failedRechecks} + 1 >= ${outcome.withdrawAt} then null else ${storeHostProofs.provenAt} end`,
                provenBy: sql`case when ${storeHostProofs.failedRechecks} + 1 >= ${outcome.withdrawAt} then null else ${storeHostProofs.provenBy} end`,
              },
        )
        .where(and(eq(storeHostProofs.storeId, storeId), eq(storeHostProofs.host, host), eq(storeHostProofs.token, token), isNotNull(storeHostProofs.provenAt)))
        .returning()
    )[0] ?? null,
  provenHosts: async (db: DbOrTx, storeId: string) =>
    (await db.select({ host: storeHostProofs.host }).from(storeHostProofs).where(and(eq(storeHostProofs.storeId, storeId), isNotNull(storeHostProofs.provenAt)))).map((r) => r.host),
  /** The store row's copy of its proven hosts (read by links, origins and Host resolution). */
  copyToStore: async (db: DbOrTx, storeId: string, hosts: string[]) =>
    (await db.update(stores).set({ provenHosts: hosts }).where(eq(stores.id, storeId)).returning())[0] ?? null,
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
