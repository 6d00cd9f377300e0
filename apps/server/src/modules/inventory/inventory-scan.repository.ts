import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, productGtins, products } from '../../db/schema/index.ts';

/** Lookups behind the scan operation: a scanned barcode may be an item code, a GTIN or a SKU. */
export const inventoryScanRepository = {
  itemByCode: async (db: DbOrTx, storeId: string, code: string) =>
    (await db.select().from(inventoryItems).where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.code, code.toUpperCase()))).limit(1))[0] ?? null,

  productByGtin: async (db: DbOrTx, storeId: string, gtin: string) =>
    (
      await db
        .select({ product: products, size: productGtins.size })
        .from(productGtins)
        .innerJoin(products, and(eq(products.storeId, productGtins.storeId), eq(products.id, productGtins.productId)))
        .where(and(eq(productGtins.storeId, storeId), eq(productGtins.gtin, gtin)))
        .limit(1)
    )[0] ?? null,

  productBySku: async (db: DbOrTx, storeId: string, sku: string) =>
    (
      await db
        .select()
        .from(products)
        .where(and(eq(products.storeId, storeId), sql`lower(${products.sku}) = lower(${sku})`))
        .orderBy(desc(products.updatedAt))
        .limit(1)
    )[0] ?? null,

  /** Items of a product waiting to be taken in (drop-offs), optionally of one size and consigner. */
  intakeCandidates: async (
    db: DbOrTx,
    storeId: string,
    q: { productId: string; size: string | null; consignerId?: string; excludeIds: string[]; statuses: string[] },
  ) =>
    db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.storeId, storeId),
          eq(inventoryItems.productId, q.productId),
          inArray(inventoryItems.status, q.statuses),
          q.size ? eq(inventoryItems.option1Value, q.size) : undefined,
          q.consignerId ? eq(inventoryItems.consignerId, q.consignerId) : undefined,
          q.excludeIds.length ? notInArray(inventoryItems.id, q.excludeIds) : undefined,
        ),
      )
      .orderBy(inventoryItems.createdAt)
      .limit(50),
};
