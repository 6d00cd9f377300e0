import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { user } from '../db/schema/index.ts';

export const identityRepository = {
  /** A password reset link reached the address: the identity's e-mail counts as verified. */
  markVerified: async (db: DbOrTx, userId: string) => {
    await db.update(user).set({ emailVerified: true }).where(and(eq(user.id, userId), eq(user.emailVerified, false)));
  },
};
