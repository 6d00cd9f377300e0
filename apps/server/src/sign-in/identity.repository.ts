import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { consigners, employees, user } from '../db/schema/index.ts';
import { asSystem } from '../db/row-security.ts';

/** Where a sign-in stands towards one store (docs/security.md "Identity model"). */
export type RecipientStanding = { exists: boolean; verified: boolean; joinedHere: boolean; joinedAnywhere: boolean };

export const identityRepository = {
  /** A password reset link reached the address: the identity's e-mail counts as verified. */
  markVerified: async (db: DbOrTx, userId: string) => {
    await db.update(user).set({ emailVerified: true }).where(and(eq(user.id, userId), eq(user.emailVerified, false)));
  },

  /** The stores whose consigner or employee record is linked to the sign-in (the stores it joined). */
  joinedStores: async (db: DbOrTx, userId: string): Promise<string[]> => {
    // a person's stores across the installation: a named cross-store path (db/row-security.ts)
    const [asConsigner, asEmployee] = await asSystem(() => Promise.all([
      db.select({ storeId: consigners.storeId }).from(consigners).where(and(eq(consigners.fbUserId, userId), isNull(consigners.deletedAt))),
      db.select({ storeId: employees.storeId }).from(employees).where(eq(employees.fbUserId, userId)),
    ]));
    return [...new Set([...asConsigner, ...asEmployee].map((r) => r.storeId))];
  },

  /** The store has an invitation to this address waiting (an employee or consigner record not yet linked). */
  hasPendingInvite: async (db: DbOrTx, storeId: string, email: string): Promise<boolean> => {
    const address = email.toLowerCase();
    const [c] = await db
      .select({ id: consigners.id })
      .from(consigners)
      .where(and(eq(consigners.storeId, storeId), isNull(consigners.deletedAt), isNull(consigners.fbUserId), isNotNull(consigners.inviteToken), eq(sql`lower(${consigners.email})`, address)))
      .limit(1);
    if (c) return true;
    const [e] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.storeId, storeId), isNull(employees.fbUserId), isNotNull(employees.inviteToken), eq(sql`lower(${employees.email})`, address)))
      .limit(1);
    return !!e;
  },

  /** For each address: its sign-in (if any), whether it is verified, and whether it joined this store or any. */
  standingOf: async (db: DbOrTx, storeId: string, emails: readonly string[]): Promise<Map<string, RecipientStanding>> => {
    const addresses = [...new Set(emails.map((e) => e.toLowerCase()))];
    const result = new Map<string, RecipientStanding>();
    if (!addresses.length) return result;
    const users = await db.select({ id: user.id, email: user.email, verified: user.emailVerified }).from(user).where(inArray(sql`lower(${user.email})`, addresses));
    const ids = users.map((u) => u.id);
    // whether the address joined any store: across the installation (db/row-security.ts)
    const links = ids.length
      ? await asSystem(async () => [
          ...(await db.select({ userId: consigners.fbUserId, storeId: consigners.storeId }).from(consigners).where(and(inArray(consigners.fbUserId, ids), isNull(consigners.deletedAt)))),
          ...(await db.select({ userId: employees.fbUserId, storeId: employees.storeId }).from(employees).where(inArray(employees.fbUserId, ids))),
        ])
      : [];
    for (const address of addresses) {
      const u = users.find((x) => x.email.toLowerCase() === address);
      const mine = u ? links.filter((l) => l.userId === u.id) : [];
      result.set(address, { exists: !!u, verified: !!u?.verified, joinedHere: mine.some((l) => l.storeId === storeId), joinedAnywhere: mine.length > 0 });
    }
    return result;
  },
};
