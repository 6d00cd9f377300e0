import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners, inventoryItems, markdownScheduleLogs, markdownSchedules } from '../../db/schema/index.ts';

export type MarkdownScheduleRow = typeof markdownSchedules.$inferSelect;
export type NewMarkdownSchedule = typeof markdownSchedules.$inferInsert;
export type NewMarkdownScheduleLog = typeof markdownScheduleLogs.$inferInsert;

const m = markdownSchedules;
const i = inventoryItems;
const scheduleIdOf = sql<string | null>`${i.consignmentTerms}->>'markdownScheduleId'`;

// What the job and the preview read of an item: its price, floor, age and what a schedule limits by.
const candidateColumns = {
  id: i.id,
  consignerId: i.consignerId,
  code: i.code,
  sku: i.sku,
  title: i.title,
  price: i.price,
  minimumPrice: i.minimumPrice,
  markdownBasePrice: i.markdownBasePrice,
  acceptedOn: i.acceptedOn,
  category: i.category,
  productTemplateId: i.productTemplateId,
  scheduleId: scheduleIdOf,
};
export type MarkdownCandidate = { id: string; consignerId: string; code: string; sku: string; title: string; price: number; minimumPrice: number | null; markdownBasePrice: number | null; acceptedOn: Date | null; category: string | null; productTemplateId: string | null; scheduleId: string | null };

/**
 * What a run can change (markdowns.service runOf): for each step, the items accepted in the days it is
 * in force (`from` inclusive, null: no bound; `before` exclusive) priced above what it sets, held at
 * the floor: markedDownPrice of the base (the price when none) and floorOf. The service still decides
 * each item by the domain's markdownOf; this only leaves out what it would answer null for.
 */
export type Reach = { bands: { from: Date | null; before: Date; percentOff: number }[]; storeFloor: number };
const reachOf = (reach: Reach | undefined) =>
  reach
    ? or(
        ...reach.bands.map((b) =>
          and(
            b.from ? gte(i.acceptedOn, b.from) : undefined,
            lt(i.acceptedOn, b.before),
            sql`${i.price} > greatest((coalesce(${i.markdownBasePrice}, ${i.price})::bigint * ${100 - b.percentOff}::integer + 50) / 100, coalesce(${i.minimumPrice}, 0), ${reach.storeFloor}::integer)`,
          ),
        ),
      )
    : undefined;

// the partial index of migration 0051 (inventory_store_markdown_idx): its predicate written out, not as parameters
const activeOnSchedule = sql`${i.status} = 'Active' AND ${scheduleIdOf} IS NOT NULL`;

export const markdownsRepository = {
  list: async (db: DbOrTx, storeId: string) => db.select().from(m).where(eq(m.storeId, storeId)).orderBy(asc(sql`lower(${m.name})`), asc(m.createdAt), asc(m.id)),
  findById: async (db: DbOrTx, storeId: string, id: string) => (await db.select().from(m).where(and(eq(m.storeId, storeId), eq(m.id, id))).limit(1))[0] ?? null,
  lockById: async (db: DbOrTx, storeId: string, id: string) => (await db.select().from(m).where(and(eq(m.storeId, storeId), eq(m.id, id))).for('update'))[0] ?? null,
  byIds: async (db: DbOrTx, storeId: string, ids: string[]) => (ids.length ? db.select().from(m).where(and(eq(m.storeId, storeId), inArray(m.id, ids))) : []),
  insert: async (db: DbOrTx, values: NewMarkdownSchedule) => (await db.insert(m).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<NewMarkdownSchedule>) =>
    (await db.update(m).set(values).where(and(eq(m.storeId, storeId), eq(m.id, id))).returning())[0] ?? null,
  remove: async (db: DbOrTx, storeId: string, id: string) => (await db.delete(m).where(and(eq(m.storeId, storeId), eq(m.id, id))).returning({ id: m.id }))[0] ?? null,
  insertLog: async (db: DbOrTx, values: NewMarkdownScheduleLog) => {
    await db.insert(markdownScheduleLogs).values(values);
  },
  logsOf: async (db: DbOrTx, storeId: string, scheduleId: string) =>
    db.select().from(markdownScheduleLogs).where(and(eq(markdownScheduleLogs.storeId, storeId), eq(markdownScheduleLogs.scheduleId, scheduleId))).orderBy(asc(markdownScheduleLogs.createdAt)),
  /**
   * The store's Active items whose locked terms name a schedule (`scheduleId`: that one only), by
   * code. `reach` leaves out what no step can change: items accepted on or after `acceptedBefore`
   * (too young for the first step) and items at or below their floor (the store's or their own).
   */
  scheduledActive: async (db: DbOrTx, storeId: string, scheduleId?: string, reach?: Reach): Promise<MarkdownCandidate[]> =>
    db
      .select(candidateColumns)
      .from(i)
      .where(and(eq(i.storeId, storeId), activeOnSchedule, isNotNull(i.acceptedOn), scheduleId ? sql`${scheduleIdOf} = ${scheduleId}` : undefined, reachOf(reach)))
      .orderBy(asc(i.code)),
  /** The store's Active consigned items (not its own stock), for the preview of a schedule no item names yet. */
  consignedActive: async (db: DbOrTx, storeId: string, reach?: Reach): Promise<MarkdownCandidate[]> =>
    db
      .select(candidateColumns)
      .from(i)
      .innerJoin(consigners, and(eq(consigners.storeId, i.storeId), eq(consigners.id, i.consignerId)))
      .where(and(eq(i.storeId, storeId), eq(i.status, 'Active'), isNotNull(i.acceptedOn), eq(consigners.isStoreAccount, false), sql`${i.buyingId} is null`, reachOf(reach)))
      .orderBy(asc(i.code)),
  /** The daily job, across stores (a scheduled round, no request's store): the stores with an Active item on a schedule. */
  storesWithScheduledItems: async (db: DbOrTx): Promise<string[]> =>
    (
      await db
        .selectDistinct({ storeId: i.storeId })
        .from(i)
        .where(activeOnSchedule)
    ).map((r) => r.storeId),
};
