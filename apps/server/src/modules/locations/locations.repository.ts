import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;

const active = isNull(locations.archivedAt);

export const locationsRepository = {
  /** The store's locations; archived ones only with `includeArchived` (pickers never offer them). */
  list: async (db: DbOrTx, storeId: string, opts: { includeArchived?: boolean } = {}) =>
    db
      .select()
      .from(locations)
      .where(opts.includeArchived ? eq(locations.storeId, storeId) : and(eq(locations.storeId, storeId), active))
      .orderBy(asc(locations.name)),
  findByName: async (db: DbOrTx, storeId: string, name: string) =>
    (await db.select().from(locations).where(and(eq(locations.storeId, storeId), eq(locations.name, name))).limit(1))[0] ?? null,
  /** The location holding this name whatever its case (names are unique that way, migration 0040). */
  findByNameAnyCase: async (db: DbOrTx, storeId: string, name: string) =>
    (await db.select().from(locations).where(and(eq(locations.storeId, storeId), sql`lower(${locations.name}) = lower(${name})`)).limit(1))[0] ?? null,
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(locations).where(and(eq(locations.storeId, storeId), eq(locations.id, id))).limit(1))[0] ?? null,
  /** The row locked for a rename or an archive: two changes of one location wait for each other. */
  lockById: async (tx: DbOrTx, storeId: string, id: string) =>
    (await tx.select().from(locations).where(and(eq(locations.storeId, storeId), eq(locations.id, id))).limit(1).for('update'))[0] ?? null,
  insert: async (db: DbOrTx, storeId: string, name: string) => (await db.insert(locations).values({ storeId, name }).returning())[0],
  setArchived: async (tx: DbOrTx, storeId: string, id: string, archivedAt: Date | null) =>
    (await tx.update(locations).set({ archivedAt }).where(and(eq(locations.storeId, storeId), eq(locations.id, id))).returning())[0] ?? null,
  countActivePhysical: async (tx: DbOrTx, storeId: string) =>
    (await tx.select({ n: sql<number>`count(*)::int` }).from(locations).where(and(eq(locations.storeId, storeId), eq(locations.isMarketplace, false), active)))[0]?.n ?? 0,
  /** Whether the storefront connection stocks this location online (store_integrations, kind shopify). */
  sellsOnline: async (db: DbOrTx, storeId: string, name: string) => {
    const rows = (await db.execute(sql`
      select exists (
        select 1 from store_integrations i, jsonb_array_elements(coalesce(i.settings->'locations', '[]'::jsonb)) l
        where i.store_id = ${storeId} and i.kind = 'shopify' and l->>'location' = ${name}
      ) as found`)) as unknown as { rows: { found: boolean }[] };
    return Boolean(rows.rows[0]?.found);
  },

  /**
   * Renames a location everywhere its name is kept: items, sub-locations, store requests' price
   * ranges, stock-takes and the storefront's location mapping, in the caller's transaction. Items
   * keep their location by name (docs/catalogue.md "Locations"): each moved item gets one inventory
   * log entry (location: old -> new), written by the same statement that moves it.
   */
  rename: async (tx: DbOrTx, storeId: string, change: { id: string; from: string; to: string }, by: { id: string; name: string }) => {
    const [renamed] = await tx.update(locations).set({ name: change.to }).where(and(eq(locations.storeId, storeId), eq(locations.id, change.id))).returning();
    const field = JSON.stringify([{ variableChanged: 'location', beforeValue: change.from, afterValue: change.to }]);
    const moved = (await tx.execute(sql`
      with moved as (
        update inventory_items set location = ${change.to}, last_updated_by_id = ${by.id}, last_updated_by_name = ${by.name}, updated_at = now()
        where store_id = ${storeId} and location = ${change.from}
        returning id, title
      ), logged as (
        insert into inventory_logs (store_id, inventory_id, product_title, last_updated_by_id, last_updated_by_name, modified_fields)
        select ${storeId}, id, title, ${by.id}, ${by.name}, ${field}::jsonb from moved
        returning 1
      )
      select count(*)::int as n from logged`)) as unknown as { rows: { n: number }[] };
    await tx.execute(sql`update sub_locations set location_name = ${change.to} where store_id = ${storeId} and location_name = ${change.from}`);
    await tx.execute(sql`update store_requests set location = ${change.to} where store_id = ${storeId} and location = ${change.from}`);
    await tx.execute(sql`update scans set location = ${change.to} where store_id = ${storeId} and location = ${change.from}`);
    await tx.execute(sql`
      update store_integrations set settings = jsonb_set(settings, '{locations}', (
        select coalesce(jsonb_agg(case when l->>'location' = ${change.from} then jsonb_set(l, '{location}', to_jsonb(${change.to}::text)) else l end), '[]'::jsonb)
        from jsonb_array_elements(settings->'locations') l))
      where store_id = ${storeId} and kind = 'shopify' and jsonb_typeof(settings->'locations') = 'array'`);
    return { renamed: renamed ?? null, itemsMoved: Number(moved.rows[0]?.n ?? 0) };
  },
};
