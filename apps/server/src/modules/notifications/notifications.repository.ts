import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners } from '../../db/schema/index.ts';

/** What decides whether a consigner gets an e-mail (wantsNotice), and where it goes. */
const RECIPIENT = {
  id: consigners.id,
  firstName: consigners.firstName,
  email: consigners.email,
  deletedAt: consigners.deletedAt,
  isStoreAccount: consigners.isStoreAccount,
  emailNotifications: consigners.emailNotifications,
  notificationSettings: consigners.notificationSettings,
};

/** The consigners e-mails may go to, with what decides whether they get one. */
export const notificationsRepository = {
  /** Those of an action's items. */
  recipients: async (db: DbOrTx, storeId: string, ids: readonly string[]) =>
    ids.length
      ? db
          .select(RECIPIENT)
          .from(consigners)
          .where(and(eq(consigners.storeId, storeId), inArray(consigners.id, [...ids])))
      : [],
  /** Every consigner of the store (not deleted, not the store's own account), in a stable order for a job to resume by. */
  storeRecipients: async (db: DbOrTx, storeId: string) =>
    db
      .select(RECIPIENT)
      .from(consigners)
      .where(and(eq(consigners.storeId, storeId), isNull(consigners.deletedAt), eq(consigners.isStoreAccount, false)))
      .orderBy(asc(consigners.id)),
};
