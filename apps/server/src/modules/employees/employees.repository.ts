import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { employeeLogs, employees, user } from '../../db/schema/index.ts';

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeLogRow = typeof employeeLogs.$inferSelect;

/** A store rarely has more than a few dozen staff; the list stops here all the same. */
const MAX_EMPLOYEES_LISTED = 1000;
const MAX_LOGS_LISTED = 200;

export const employeesRepository = {
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(employees).where(and(eq(employees.storeId, storeId), eq(employees.id, id))).limit(1))[0] ?? null,
  /** Unscoped lookup for the open invite routes, which know no store yet. */
  findByIdAnyStore: async (db: DbOrTx, id: string) => (await db.select().from(employees).where(eq(employees.id, id)).limit(1))[0] ?? null,
  findByEmail: async (db: DbOrTx, storeId: string, email: string) =>
    (await db.select().from(employees).where(and(eq(employees.storeId, storeId), eq(employees.email, email))).limit(1))[0] ?? null,
  list: async (db: DbOrTx, storeId: string, search?: string) => {
    const q = search?.trim();
    const p = q ? containsPattern(q) : '';
    const where = q
      ? and(eq(employees.storeId, storeId), or(ilike(employees.firstName, p), ilike(employees.lastName, p), ilike(employees.email, p)))
      : eq(employees.storeId, storeId);
    return db.select().from(employees).where(where).orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id)).limit(MAX_EMPLOYEES_LISTED);
  },
  /**
   * Every employee of the store, locked until the transaction ends: two changes that could each
   * remove one of the last two Admins run one after the other, and the second sees the first.
   */
  lockStaff: async (tx: DbOrTx, storeId: string) => tx.select().from(employees).where(eq(employees.storeId, storeId)).orderBy(asc(employees.id)).for('update'),
  remove: async (tx: DbOrTx, storeId: string, id: string) => {
    await tx.delete(employees).where(and(eq(employees.storeId, storeId), eq(employees.id, id)));
  },
  insertLog: async (tx: DbOrTx, values: typeof employeeLogs.$inferInsert) => {
    await tx.insert(employeeLogs).values(values);
  },
  listLogs: async (db: DbOrTx, storeId: string, employeeId: string) =>
    db
      .select()
      .from(employeeLogs)
      .where(and(eq(employeeLogs.storeId, storeId), eq(employeeLogs.employeeId, employeeId)))
      .orderBy(desc(employeeLogs.createdAt), desc(employeeLogs.id))
      .limit(MAX_LOGS_LISTED),
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
