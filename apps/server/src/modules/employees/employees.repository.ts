import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { employees, user } from '../../db/schema/index.ts';

export type EmployeeRow = typeof employees.$inferSelect;

export const employeesRepository = {
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(employees).where(and(eq(employees.storeId, storeId), eq(employees.id, id))).limit(1))[0] ?? null,
  /** Unscoped lookup for the open invite routes, which know no store yet. */
  findByIdAnyStore: async (db: DbOrTx, id: string) => (await db.select().from(employees).where(eq(employees.id, id)).limit(1))[0] ?? null,
  findByUserId: async (db: DbOrTx, userId: string) => db.select().from(employees).where(eq(employees.fbUserId, userId)),
  findByEmail: async (db: DbOrTx, storeId: string, email: string) =>
    (await db.select().from(employees).where(and(eq(employees.storeId, storeId), eq(employees.email, email))).limit(1))[0] ?? null,
  list: async (db: DbOrTx, storeId: string, search?: string) => {
    const q = search?.trim();
    const p = q ? containsPattern(q) : '';
    const where = q
      ? and(eq(employees.storeId, storeId), or(ilike(employees.firstName, p), ilike(employees.lastName, p), ilike(employees.email, p)))
      : eq(employees.storeId, storeId);
    return db.select().from(employees).where(where).orderBy(asc(employees.firstName), asc(employees.lastName));
  },
  insert: async (db: DbOrTx, values: typeof employees.$inferInsert) => (await db.insert(employees).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<typeof employees.$inferInsert>) =>
    (await db.update(employees).set(values).where(and(eq(employees.storeId, storeId), eq(employees.id, id))).returning())[0] ?? null,
  /** The better-auth identity an invite is accepted with. */
  findIdentity: async (db: DbOrTx, userId: string) => (await db.select().from(user).where(eq(user.id, userId)).limit(1))[0] ?? null,
  /** The invite link proved the e-mail address: the identity counts as verified, named as the employee. */
  verifyIdentity: async (db: DbOrTx, userId: string, name: string) => {
    await db.update(user).set({ emailVerified: true, name }).where(eq(user.id, userId));
  },
};
