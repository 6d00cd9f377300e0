import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { consigners, employees } from '../db/schema/index.ts';

export type ConsignerRow = typeof consigners.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;

/** Who a signed-in identity is in each store: the actor lookups of auth/actor.ts (spec: consigner first, then employee). */
export const actorRepository = {
  consignersOfUser: async (db: DbOrTx, userId: string): Promise<ConsignerRow[]> => db.select().from(consigners).where(eq(consigners.fbUserId, userId)),
  employeesOfUser: async (db: DbOrTx, userId: string): Promise<EmployeeRow[]> => db.select().from(employees).where(eq(employees.fbUserId, userId)),
};
