import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners, inventoryItems, products, scans } from '../../db/schema/index.ts';

export type ScanRow = typeof scans.$inferSelect;

// The compact item a stock-take lists: the item, its product's image as a fallback, its consigner's name.
const itemColumns = {
  id: inventoryItems.id,
  code: inventoryItems.code,
  title: inventoryItems.title,
  sku: inventoryItems.sku,
  status: inventoryItems.status,
  option1Value: inventoryItems.option1Value,
  price: inventoryItems.price,
  image: sql<string | null>`coalesce(${inventoryItems.image}, ${products.image})`,
  location: inventoryItems.location,
  subLocation: inventoryItems.subLocation,
  consignerId: inventoryItems.consignerId,
  consignerFirstName: consigners.firstName,
  consignerLastName: consigners.lastName,
};

const itemQuery = (db: DbOrTx) =>
  db
    .select(itemColumns)
    .from(inventoryItems)
    .leftJoin(products, and(eq(products.storeId, inventoryItems.storeId), eq(products.id, inventoryItems.productId)))
    .leftJoin(consigners, and(eq(consigners.storeId, inventoryItems.storeId), eq(consigners.id, inventoryItems.consignerId)));

/** Stock-takes (GET/POST /api/scans) and the item lookups behind them; every query scoped by store. */
export const scansRepository = {
  /** One item by its code (the unique (store, code) index); codes are stored upper case. */
  itemByCode: async (db: DbOrTx, storeId: string, code: string) =>
    (await itemQuery(db)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.code, code.toUpperCase())))
      .limit(1))[0] ?? null,

  /** The consigner scan intake was opened for (its name goes into a refusal). */
  consigner: async (db: DbOrTx, storeId: string, id: string) =>
    (await db
      .select({ id: consigners.id, firstName: consigners.firstName, lastName: consigners.lastName })
      .from(consigners)
      .where(and(eq(consigners.storeId, storeId), eq(consigners.id, id)))
      .limit(1))[0] ?? null,

  items: async (db: DbOrTx, storeId: string, ids: readonly string[]) =>
    ids.length === 0 ? [] : itemQuery(db).where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.id, [...ids]))).orderBy(inventoryItems.title, inventoryItems.code),

  /** Items recorded at a location in the given statuses, at most `limit` (the (store, status, location) index). */
  itemsAt: async (db: DbOrTx, storeId: string, location: string, statuses: readonly string[], limit: number) =>
    itemQuery(db)
      .where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.status, [...statuses]), eq(inventoryItems.location, location)))
      .limit(limit),

  /** Ids of the store's items among `ids` (the rest are unknown or another store's). */
  existingIds: async (db: DbOrTx, storeId: string, ids: readonly string[]) =>
    (await db.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.id, [...ids])))).map((r) => r.id),

  /** Items recorded at a location in the given statuses (the (store, status, location) index). */
  idsAt: async (db: DbOrTx, storeId: string, location: string, statuses: readonly string[]) =>
    (
      await db
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.status, [...statuses]), eq(inventoryItems.location, location)))
    ).map((r) => r.id),

  insert: async (db: DbOrTx, row: typeof scans.$inferInsert) => (await db.insert(scans).values(row).returning())[0],

  list: async (db: DbOrTx, storeId: string, limit: number) => db.select().from(scans).where(eq(scans.storeId, storeId)).orderBy(desc(scans.createdAt)).limit(limit),

  byId: async (db: DbOrTx, storeId: string, id: string) => (await db.select().from(scans).where(and(eq(scans.storeId, storeId), eq(scans.id, id))).limit(1))[0] ?? null,
};

export type ScanItemRow = NonNullable<Awaited<ReturnType<typeof scansRepository.itemByCode>>>;
