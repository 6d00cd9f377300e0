import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { asSystem } from '../db/row-security.ts';
import { consigners, employees } from '../db/schema/index.ts';

export type ConsignerRow = typeof consigners.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;

/**
 * Who a signed-in identity is in each store: the actor lookups of auth/actor.ts (spec: consigner first,
 * then employee). Across the installation (a record in another store makes the answer "wrong store"):
 * a named cross-store path (db/row-security.ts).
 */
export const actorRepository = {
  consignersOfUser: async (db: DbOrTx, userId: string): Promise<ConsignerRow[]> => asSystem(() => db.select().from(consigners).where(eq(consigners.fbUserId, userId))),
  employeesOfUser: async (db: DbOrTx, userId: string): Promise<EmployeeRow[]> => asSystem(() => db.select().from(employees).where(eq(employees.fbUserId, userId))),
};
