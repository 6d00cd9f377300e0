import type { PayoutStatus } from '@backroom/domain';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cheques, consigners, payouts, type ChequeSentRequest } from '../../../db/schema/index.ts';

export type AutoChequeRow = typeof cheques.$inferSelect & {
  firstName: string;
  lastName: string;
  email: string;
  payoutType: string | null;
  bankData: (typeof consigners.$inferSelect)['bankData'];
};

/**
 * The cheques of automated payouts (docs/payouts-automated.md "States of a cheque"). Every change of
 * a cheque's send state is one conditional statement, so two runs cannot both claim a cheque and an
 * answer never overwrites a cheque marked paid in between.
 */
export const autoPayoutRepository = {
  /** The payout's cheques paid through a provider, with their consigner, in payout order. */
  automatedCheques: async (db: DbOrTx, storeId: string, payoutId: string): Promise<AutoChequeRow[]> =>
    db
      .select({
        id: cheques.id,
        storeId: cheques.storeId,
        payoutId: cheques.payoutId,
        consignerId: cheques.consignerId,
        amount: cheques.amount,
        status: cheques.status,
        provider: cheques.provider,
        sequence: cheques.sequence,
        externalId: cheques.externalId,
        failureReason: cheques.failureReason,
        attempts: cheques.attempts,
        sentAt: cheques.sentAt,
        sentRequest: cheques.sentRequest,
        createdAt: cheques.createdAt,
        firstName: consigners.firstName,
        lastName: consigners.lastName,
        email: consigners.email,
        payoutType: consigners.payoutType,
        bankData: consigners.bankData,
      })
      .from(cheques)
      .innerJoin(consigners, and(eq(consigners.storeId, cheques.storeId), eq(consigners.id, cheques.consignerId)))
      .where(and(eq(cheques.storeId, storeId), eq(cheques.payoutId, payoutId), ne(cheques.provider, 'manual')))
      .orderBy(asc(consigners.firstName), asc(consigners.lastName), asc(cheques.consignerId), asc(cheques.sequence), asc(cheques.id)),

  /**
   * Claims a cheque for a new send attempt, recording what it sends before it is sent: from Pending,
   * or Failed by a definite failure (sent_at cleared). Answers the attempt's number, or null when it
   * was not claimable (another run has it).
   */
  claimNewAttempt: async (db: DbOrTx, storeId: string, chequeId: string, request: ChequeSentRequest, now: Date): Promise<{ attempts: number; sentAt: Date } | null> => {
    const [row] = await db
      .update(cheques)
      .set({ status: 'Sent', attempts: sql`${cheques.attempts} + 1`, sentAt: now, sentRequest: request, externalId: null, failureReason: null })
      .where(and(eq(cheques.storeId, storeId), eq(cheques.id, chequeId), or(eq(cheques.status, 'Pending'), and(eq(cheques.status, 'Failed'), isNull(cheques.sentAt)))))
      .returning({ attempts: cheques.attempts, sentAt: cheques.sentAt });
    return row ? { attempts: row.attempts, sentAt: row.sentAt! } : null;
  },

  /** Takes an unanswered attempt (Sent, or Failed without an answer) back to Sent for a resend under its key. */
  resumeAttempt: async (db: DbOrTx, storeId: string, chequeId: string) =>
    (
      await db
        .update(cheques)
        .set({ status: 'Sent' })
        .where(and(eq(cheques.storeId, storeId), eq(cheques.id, chequeId), inArray(cheques.status, ['Sent', 'Failed']), isNull(cheques.externalId), sql`${cheques.sentAt} is not null`))
        .returning({ id: cheques.id })
    ).length > 0,

  /** The provider took the cheque: paid, or still in progress (Sent with its id). */
  recordTaken: async (db: DbOrTx, storeId: string, chequeId: string, values: { paid: boolean; externalId: string }) =>
    db
      .update(cheques)
      .set({ status: values.paid ? 'Paid' : 'Sent', externalId: values.externalId, failureReason: null })
      .where(and(eq(cheques.storeId, storeId), eq(cheques.id, chequeId), eq(cheques.status, 'Sent'))),

  /** A definite failure: nothing was paid by this attempt; the next one takes a new key (sent_at cleared). */
  recordFailed: async (db: DbOrTx, storeId: string, chequeId: string, values: { reason: string; externalId: string | null }) =>
    db
      .update(cheques)
      .set({ status: 'Failed', failureReason: values.reason, externalId: values.externalId, sentAt: null })
      .where(and(eq(cheques.storeId, storeId), eq(cheques.id, chequeId), inArray(cheques.status, ['Pending', 'Sent', 'Failed']))),

  /** No answer: the attempt stays open under its key (Sent), with why. */
  recordNoAnswer: async (db: DbOrTx, storeId: string, chequeId: string, reason: string) =>
    db
      .update(cheques)
      .set({ failureReason: reason })
      .where(and(eq(cheques.storeId, storeId), eq(cheques.id, chequeId), eq(cheques.status, 'Sent'))),

  /**
   * Gives an unanswered attempt up (Failed, its key and sent_at kept): a retry inside the provider's
   * window sends it again under the same key; after it, only staff can tell (by hand).
   */
  giveUpUnanswered: async (db: DbOrTx, storeId: string, chequeId: string, reason: string) =>
    db
      .update(cheques)
      .set({ status: 'Failed', failureReason: reason })
      .where(and(eq(cheques.storeId, storeId), eq(cheques.id, chequeId), eq(cheques.status, 'Sent'), isNull(cheques.externalId))),

  /** The payout's status from one of `from` to `to`; answers whether it changed (two runs: one wins). */
  moveStatus: async (db: DbOrTx, storeId: string, payoutId: string, from: readonly PayoutStatus[], to: { status: 'Pending' | 'Failed'; failureReason: string | null }) =>
    (
      await db
        .update(payouts)
        .set(to)
        .where(and(eq(payouts.storeId, storeId), eq(payouts.id, payoutId), inArray(payouts.status, [...from])))
        .returning({ id: payouts.id })
    ).length > 0,
};
