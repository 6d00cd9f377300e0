import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '@backroom/domain';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { consigners, inventoryItems, locations, productTemplates, products, storeRequests } from '../../db/schema/index.ts';

/** A product is requested at a location while it has no units on hand (Active) there. */
const noStockAt = (storeId: string, location: string | SQL) =>
  sql`not exists (select 1 from ${inventoryItems} where ${inventoryItems.storeId} = ${storeId} and ${inventoryItems.productId} = ${products.id} and ${inventoryItems.status} = 'Active' and ${inventoryItems.location} = ${location})`;

function matches(search: string | undefined) {
  const words = searchWords(search);
  return words.length ? and(...words.map((w) => sql`${products.searchText} like ${containsPattern(w)}`)) : undefined;
}

// What a request shows of its product: the catalogue's fields, the template's sizes and the range.
const requestColumns = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  sku: products.sku,
  category: products.category,
  image: products.image,
  productTemplateId: products.productTemplateId,
  option1Values: productTemplates.option1Values,
  priceLow: storeRequests.priceLow,
  priceHigh: storeRequests.priceHigh,
};

export const storeRequestsRepository = {
  /** The locations a store asks for items at: every one but the online marketplace and the archived ones, by name. */
  locationNames: async (db: DbOrTx, storeId: string) =>
    (
      await db
        .select({ name: locations.name })
        .from(locations)
        .where(and(eq(locations.storeId, storeId), eq(locations.isMarketplace, false), isNull(locations.archivedAt)))
        .orderBy(asc(locations.name))
    ).map((l) => l.name),

  /** One page of the products requested at `location` (by title), with their sizes and range, and the count. */
  requestedProducts: async (db: DbOrTx, storeId: string, q: { location: string; search?: string; limit: number; offset: number }) => {
    const where = and(eq(products.storeId, storeId), noStockAt(storeId, q.location), matches(q.search));
    const [rows, [{ count }]] = await Promise.all([
      db
        .select({ ...requestColumns, location: sql<string>`${q.location}::text` })
        .from(products)
        .leftJoin(productTemplates, and(eq(productTemplates.storeId, products.storeId), eq(productTemplates.id, products.productTemplateId)))
        .leftJoin(storeRequests, and(eq(storeRequests.storeId, products.storeId), eq(storeRequests.productId, products.id), eq(storeRequests.location, q.location)))
        .where(where)
        .orderBy(asc(products.title), asc(products.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ count: sql<number>`count(*)::int` }).from(products).where(where),
    ]);
    return { rows, count };
  },

  /**
   * One product's requests: at each of the store's request locations (or only `location`) where it has
   * nothing on hand, by location name, with the range of each. Another store's product: none.
   */
  productRequests: async (db: DbOrTx, storeId: string, productId: string, location: string | null) =>
    db
      .select({ ...requestColumns, location: locations.name })
      .from(products)
      .innerJoin(locations, and(eq(locations.storeId, products.storeId), eq(locations.isMarketplace, false), isNull(locations.archivedAt), location === null ? undefined : eq(locations.name, location)))
      .leftJoin(productTemplates, and(eq(productTemplates.storeId, products.storeId), eq(productTemplates.id, products.productTemplateId)))
      .leftJoin(storeRequests, and(eq(storeRequests.storeId, products.storeId), eq(storeRequests.productId, products.id), eq(storeRequests.location, locations.name)))
      .where(and(eq(products.storeId, storeId), eq(products.id, productId), noStockAt(storeId, sql`${locations.name}`)))
      .orderBy(asc(locations.name))
      .limit(100),

  findProduct: async (db: DbOrTx, storeId: string, productId: string) =>
    (await db.select({ id: products.id }).from(products).where(and(eq(products.storeId, storeId), eq(products.id, productId))).limit(1))[0] ?? null,

  /** The range of the request for a product at a location, or null. */
  findRange: async (db: DbOrTx, storeId: string, productId: string, location: string) =>
    (
      await db
        .select({ low: storeRequests.priceLow, high: storeRequests.priceHigh })
        .from(storeRequests)
        .where(and(eq(storeRequests.storeId, storeId), eq(storeRequests.productId, productId), eq(storeRequests.location, location)))
        .limit(1)
    )[0] ?? null,

  upsertRange: async (db: DbOrTx, row: { storeId: string; productId: string; location: string; priceLow: number; priceHigh: number; updatedById: string; updatedByName: string }) => {
    const now = new Date();
    await db
      .insert(storeRequests)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [storeRequests.storeId, storeRequests.productId, storeRequests.location],
        set: { priceLow: row.priceLow, priceHigh: row.priceHigh, updatedById: row.updatedById, updatedByName: row.updatedByName, updatedAt: now },
      });
  },

  deleteRange: async (db: DbOrTx, storeId: string, productId: string, location: string) => {
    await db.delete(storeRequests).where(and(eq(storeRequests.storeId, storeId), eq(storeRequests.productId, productId), eq(storeRequests.location, location)));
  },

  /** The store's consigners, with what decides whether the store-request e-mail goes to them. */
  recipients: async (db: DbOrTx, storeId: string) =>
    db
      .select({
        id: consigners.id,
        firstName: consigners.firstName,
        email: consigners.email,
        deletedAt: consigners.deletedAt,
        isActive: consigners.isActive,
        isStoreAccount: consigners.isStoreAccount,
        emailNotifications: consigners.emailNotifications,
      })
      .from(consigners)
      .where(eq(consigners.storeId, storeId))
      .orderBy(asc(consigners.id)),
};
