import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners } from '../../db/schema/index.ts';

export type ConsignerRow = typeof consigners.$inferSelect;
export type NewConsigner = typeof consigners.$inferInsert;

export const consignersRepository = {
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(consigners).where(and(eq(consigners.storeId, storeId), eq(consigners.id, id))).limit(1))[0] ?? null,
  findByUserId: async (db: DbOrTx, userId: string) => db.select().from(consigners).where(eq(consigners.fbUserId, userId)),
  findByEmail: async (db: DbOrTx, storeId: string, email: string) =>
    (await db.select().from(consigners).where(and(eq(consigners.storeId, storeId), eq(consigners.email, email))).limit(1))[0] ?? null,
  insert: async (db: DbOrTx, values: NewConsigner) => (await db.insert(consigners).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<NewConsigner>) =>
    (await db.update(consigners).set(values).where(and(eq(consigners.storeId, storeId), eq(consigners.id, id))).returning())[0] ?? null,
};
