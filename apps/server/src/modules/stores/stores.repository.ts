import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consignerTypes, locations, stores, subLocations } from '../../db/schema/index.ts';

export type StoreRow = typeof stores.$inferSelect;
export type NewStore = typeof stores.$inferInsert;

export const storesRepository = {
  findById: async (db: DbOrTx, id: string) => (await db.select().from(stores).where(eq(stores.id, id)).limit(1))[0] ?? null,
  findByHandle: async (db: DbOrTx, handle: string) =>
    (await db.select().from(stores).where(eq(stores.handle, handle.toLowerCase())).limit(1))[0] ?? null,
  findByDomain: async (db: DbOrTx, domain: string) =>
    (await db.select().from(stores).where(eq(stores.domain, domain.toLowerCase())).limit(1))[0] ?? null,
  /** The store a host name serves: its domain, consigner URL or in-store URL. */
  findByHost: async (db: DbOrTx, host: string) =>
    (await db.select().from(stores).where(or(eq(stores.domain, host), eq(stores.consignerUrl, host), eq(stores.inStoreUrl, host))).limit(1))[0] ?? null,
  /** The oldest store (what localhost serves). */
  first: async (db: DbOrTx) => (await db.select().from(stores).orderBy(asc(stores.createdAt), asc(stores.id)).limit(1))[0] ?? null,
  insert: async (db: DbOrTx, values: NewStore) => (await db.insert(stores).values(values).returning())[0],
  insertLocations: async (db: DbOrTx, storeId: string, list: { name: string; isMarketplace?: boolean }[]) =>
    db.insert(locations).values(list.map((l) => ({ storeId, name: l.name, isMarketplace: l.isMarketplace ?? false }))).returning(),
  insertSubLocations: async (db: DbOrTx, storeId: string, list: { name: string; locationName: string }[]) =>
    list.length ? db.insert(subLocations).values(list.map((l) => ({ storeId, ...l }))).returning() : [],
  insertConsignerTypes: async (db: DbOrTx, storeId: string, list: Omit<typeof consignerTypes.$inferInsert, 'storeId'>[]) =>
    db.insert(consignerTypes).values(list.map((t) => ({ ...t, storeId }))).returning(),
};
