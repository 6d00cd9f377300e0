import { and, asc, desc, eq, gte, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { IN_STOCK_STATUSES, type TermRequestKind } from '@backroom/domain';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, termReminders, termRequests } from '../../db/schema/index.ts';

const r = termRequests;
const i = inventoryItems;
const m = termReminders;

export type TermRequestRow = typeof termRequests.$inferSelect;

/** The consigner's requests at the end of a term, and the reminders sent before it (docs/consignment-terms.md). */
export const termRequestRepository = {
  /** The open request of an item (at most one: the partial unique index of migration 0048). */
  openFor: async (db: DbOrTx, storeId: string, inventoryId: string): Promise<TermRequestRow | null> =>
    (await db.select().from(r).where(and(eq(r.storeId, storeId), eq(r.inventoryId, inventoryId), eq(r.status, 'open'))).limit(1))[0] ?? null,
  create: async (db: DbOrTx, row: { storeId: string; inventoryId: string; consignerId: string; kind: TermRequestKind; endsOn: string | null }): Promise<TermRequestRow> =>
    (await db.insert(r).values(row).returning())[0],
  findById: async (db: DbOrTx, storeId: string, id: string): Promise<TermRequestRow | null> =>
    (await db.select().from(r).where(and(eq(r.storeId, storeId), eq(r.id, id))))[0] ?? null,
  /** One request, row-locked (a cancel and a staff action on the same request take turns). */
  lockById: async (db: DbOrTx, storeId: string, id: string): Promise<TermRequestRow | null> =>
    (await db.select().from(r).where(and(eq(r.storeId, storeId), eq(r.id, id))).for('update'))[0] ?? null,
  cancel: async (db: DbOrTx, storeId: string, id: string, at: Date): Promise<TermRequestRow> =>
    (await db.update(r).set({ status: 'cancelled', closedAt: at }).where(and(eq(r.storeId, storeId), eq(r.id, id))).returning())[0],
  /** Open requests, newest first: of one consigner, or the store's; of one item when asked. */
  listOpen: async (db: DbOrTx, storeId: string, f: { consignerId?: string; inventoryId?: string; limit: number }): Promise<TermRequestRow[]> =>
    db
      .select()
      .from(r)
      .where(and(eq(r.storeId, storeId), eq(r.status, 'open'), f.consignerId ? eq(r.consignerId, f.consignerId) : undefined, f.inventoryId ? eq(r.inventoryId, f.inventoryId) : undefined))
      .orderBy(desc(r.createdAt), asc(r.id))
      .limit(f.limit),
  /** Staff acted on the items: their open requests close with the action's word, in the action's transaction. */
  closeOpen: async (db: DbOrTx, storeId: string, inventoryIds: string[], close: { resolution: string; byId: string | null; byName: string; at: Date }): Promise<TermRequestRow[]> =>
    inventoryIds.length
      ? db
          .update(r)
          .set({ status: 'closed', resolution: close.resolution, closedById: close.byId, closedByName: close.byName, closedAt: close.at })
          .where(and(eq(r.storeId, storeId), eq(r.status, 'open'), inArray(r.inventoryId, inventoryIds)))
          .returning()
      : [],

  // ---- reminders -------------------------------------------------------------------------
  /** Items in stock ending from `today` to `until` with no reminder for that end yet, at most `limit`. */
  remindersDue: async (db: DbOrTx, storeId: string, today: string, until: string, limit: number) =>
    db
      .select({ id: i.id, code: i.code, title: i.title, consignerId: i.consignerId, option1Value: i.option1Value, location: i.location, price: i.price, consignmentEndsAt: i.consignmentEndsAt })
      .from(i)
      .where(
        and(
          eq(i.storeId, storeId),
          isNotNull(i.consignmentEndsAt),
          gte(i.consignmentEndsAt, today),
          lte(i.consignmentEndsAt, until),
          inArray(i.status, [...IN_STOCK_STATUSES]),
          notExists(db.select({ one: sql`1` }).from(m).where(and(eq(m.storeId, i.storeId), eq(m.inventoryId, i.id), eq(m.endsOn, i.consignmentEndsAt)))),
        ),
      )
      .orderBy(asc(i.consignmentEndsAt), asc(i.id))
      .limit(limit),
  /** Marks the reminders sent; answers the items this call marked (another run that got there first keeps its own). */
  claimReminders: async (db: DbOrTx, storeId: string, rows: { inventoryId: string; endsOn: string }[], at: Date): Promise<string[]> =>
    rows.length
      ? (
          await db
            .insert(m)
            .values(rows.map((x) => ({ storeId, inventoryId: x.inventoryId, endsOn: x.endsOn, sentAt: at })))
            .onConflictDoNothing()
            .returning({ inventoryId: m.inventoryId })
        ).map((x) => x.inventoryId)
      : [],
  /** The job's round, across stores: stores with an item in stock ending from `today` to `until`. */
  storesWithEndsBetween: async (db: DbOrTx, today: string, until: string): Promise<string[]> =>
    (
      await db
        .selectDistinct({ storeId: i.storeId })
        .from(i)
        .where(and(isNotNull(i.consignmentEndsAt), gte(i.consignmentEndsAt, today), lte(i.consignmentEndsAt, until), inArray(i.status, [...IN_STOCK_STATUSES])))
    ).map((x) => x.storeId),
};
