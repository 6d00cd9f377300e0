import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;

export const locationsRepository = {
  list: async (db: DbOrTx, storeId: string) => db.select().from(locations).where(eq(locations.storeId, storeId)).orderBy(asc(locations.name)),
  findByName: async (db: DbOrTx, storeId: string, name: string) =>
    (await db.select().from(locations).where(and(eq(locations.storeId, storeId), eq(locations.name, name))).limit(1))[0] ?? null,
};
