import { searchWords } from '@backroom/domain';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { submittedProducts } from '../../db/schema/index.ts';

export type SubmittedProductRow = typeof submittedProducts.$inferSelect;
export type SubmittedStatus = SubmittedProductRow['status'];

export const submittedProductsRepository = {
  list: async (db: DbOrTx, storeId: string, filter: { search?: string; consignerId?: string; status?: SubmittedStatus }) => {
    const where: (SQL | undefined)[] = [eq(submittedProducts.storeId, storeId)];
    if (filter.consignerId) where.push(eq(submittedProducts.consignerId, filter.consignerId));
    if (filter.status) where.push(eq(submittedProducts.status, filter.status));
    for (const term of searchWords(filter.search)) {
      const p = containsPattern(term);
      where.push(or(ilike(submittedProducts.title, p), ilike(submittedProducts.sku, p), ilike(submittedProducts.brand, p)));
    }
    return db.select().from(submittedProducts).where(and(...where)).orderBy(desc(submittedProducts.createdAt)).limit(200);
  },
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(submittedProducts).where(and(eq(submittedProducts.storeId, storeId), eq(submittedProducts.id, id))).limit(1))[0] ?? null,
  insert: async (db: DbOrTx, values: typeof submittedProducts.$inferInsert) => (await db.insert(submittedProducts).values(values).returning())[0],
  setStatus: async (db: DbOrTx, storeId: string, id: string, status: SubmittedStatus) =>
    db.update(submittedProducts).set({ status }).where(and(eq(submittedProducts.storeId, storeId), eq(submittedProducts.id, id))),
};
