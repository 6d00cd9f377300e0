import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, productTemplates, products, submittedProducts } from '../../db/schema/index.ts';

export type ProductTemplateRow = typeof productTemplates.$inferSelect;
export type NewProductTemplate = typeof productTemplates.$inferInsert;

export const templatesRepository = {
  list: async (db: DbOrTx, storeId: string) =>
    db.select().from(productTemplates).where(eq(productTemplates.storeId, storeId)).orderBy(asc(productTemplates.title), asc(productTemplates.createdAt)),
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(productTemplates).where(and(eq(productTemplates.storeId, storeId), eq(productTemplates.id, id))).limit(1))[0] ?? null,
  countForStore: async (db: DbOrTx, storeId: string) =>
    (await db.select({ n: count() }).from(productTemplates).where(eq(productTemplates.storeId, storeId)))[0]?.n ?? 0,
  /** Whether any inventory item or product of the store points at the template. */
  isInUse: async (db: DbOrTx, storeId: string, id: string) => {
    const [item] = await db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.productTemplateId, id)))
      .limit(1);
    if (item) return true;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.productTemplateId, id)))
      .limit(1);
    return !!product;
  },
  insert: async (db: DbOrTx, values: NewProductTemplate) => (await db.insert(productTemplates).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<NewProductTemplate>) =>
    (await db.update(productTemplates).set(values).where(and(eq(productTemplates.storeId, storeId), eq(productTemplates.id, id))).returning())[0] ?? null,
  /**
   * Submitted products keep their record without the template: the key (store_id, product_template_id)
   * has no ON DELETE SET NULL (it would null store_id; Citus refuses SET NULL (col)), so this clears it.
   * Call inside a transaction.
   */
  remove: async (db: DbOrTx, storeId: string, id: string) => {
    await db
      .update(submittedProducts)
      .set({ productTemplateId: null })
      .where(and(eq(submittedProducts.storeId, storeId), eq(submittedProducts.productTemplateId, id)));
    return (await db.delete(productTemplates).where(and(eq(productTemplates.storeId, storeId), eq(productTemplates.id, id))).returning({ id: productTemplates.id }))[0] ?? null;
  },
};
