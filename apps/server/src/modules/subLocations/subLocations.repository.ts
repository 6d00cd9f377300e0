import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, inventoryLogs, subLocations } from '../../db/schema/index.ts';

export type SubLocationRow = typeof subLocations.$inferSelect;

export const subLocationsRepository = {
  list: async (db: DbOrTx, storeId: string, locationName?: string) =>
    db
      .select()
      .from(subLocations)
      .where(locationName ? and(eq(subLocations.storeId, storeId), eq(subLocations.locationName, locationName)) : eq(subLocations.storeId, storeId))
      .orderBy(asc(subLocations.locationName), asc(subLocations.name)),
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(subLocations).where(and(eq(subLocations.storeId, storeId), eq(subLocations.id, id))).limit(1))[0] ?? null,
  findByName: async (db: DbOrTx, storeId: string, locationName: string, name: string) =>
    (
      await db
        .select()
        .from(subLocations)
        .where(and(eq(subLocations.storeId, storeId), eq(subLocations.locationName, locationName), eq(subLocations.name, name)))
        .limit(1)
    )[0] ?? null,
  insert: async (db: DbOrTx, values: typeof subLocations.$inferInsert) => (await db.insert(subLocations).values(values).returning())[0],
  rename: async (db: DbOrTx, storeId: string, id: string, name: string) =>
    (await db.update(subLocations).set({ name }).where(and(eq(subLocations.storeId, storeId), eq(subLocations.id, id))).returning())[0] ?? null,
  /** Inventory keeps the sub-location by name: items at the old name follow a rename. */
  renameOnInventory: async (
    db: DbOrTx,
    storeId: string,
    change: { locationName: string; from: string; to: string },
    by: { id: string; name: string },
  ) => {
    const moved = await db
      .update(inventoryItems)
      .set({ subLocation: change.to, lastUpdatedById: by.id, lastUpdatedByName: by.name })
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.location, change.locationName), eq(inventoryItems.subLocation, change.from)))
      .returning({ id: inventoryItems.id, title: inventoryItems.title });
    for (let i = 0; i < moved.length; i += 500) {
      await db.insert(inventoryLogs).values(
        moved.slice(i, i + 500).map((item) => ({
          storeId,
          inventoryId: item.id,
          productTitle: item.title,
          lastUpdatedById: by.id,
          lastUpdatedByName: by.name,
          modifiedFields: [{ variableChanged: 'subLocation', beforeValue: change.from, afterValue: change.to }],
        })),
      );
    }
    return moved.length;
  },
};
