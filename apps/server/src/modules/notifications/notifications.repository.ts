import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners } from '../../db/schema/index.ts';

/** The consigners an action's e-mails may go to, with what decides whether they get one. */
export const notificationsRepository = {
  recipients: async (db: DbOrTx, storeId: string, ids: readonly string[]) =>
    ids.length
      ? db
          .select({
            id: consigners.id,
            firstName: consigners.firstName,
            email: consigners.email,
            deletedAt: consigners.deletedAt,
            isStoreAccount: consigners.isStoreAccount,
            emailNotifications: consigners.emailNotifications,
            notificationSettings: consigners.notificationSettings,
          })
          .from(consigners)
          .where(and(eq(consigners.storeId, storeId), inArray(consigners.id, [...ids])))
      : [],
};
