import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners, consignerTypes, markdownSchedules } from '../../db/schema/index.ts';

export type ConsignerTypeRow = typeof consignerTypes.$inferSelect;
export type NewConsignerType = typeof consignerTypes.$inferInsert;

// Account types compare as fee matching compares them (domain sameAccountType): trimmed, case-insensitive.
const accountTypeIs = (column: typeof consignerTypes.accountType | typeof consigners.accountType, name: string): SQL =>
  sql`lower(btrim(${column})) = ${name.trim().toLowerCase()}`;

// How many criteria a type sets: the general type of a name comes before its category and option ones.
const criteriaCount = sql`(${consignerTypes.category} is not null or coalesce(jsonb_array_length(${consignerTypes.categories}), 0) > 0)::int
  + (${consignerTypes.option1Value} is not null)::int + (${consignerTypes.option2Value} is not null)::int + (${consignerTypes.option3Value} is not null)::int`;

export const consignerTypesRepository = {
  /** The default first, then by name; within a name the general type first, then in creation order. */
  list: async (db: DbOrTx, storeId: string) =>
    db
      .select()
      .from(consignerTypes)
      .where(eq(consignerTypes.storeId, storeId))
      .orderBy(desc(consignerTypes.isDefault), sql`lower(btrim(${consignerTypes.accountType}))`, criteriaCount, asc(consignerTypes.createdAt), asc(consignerTypes.id)),
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(consignerTypes).where(and(eq(consignerTypes.storeId, storeId), eq(consignerTypes.id, id))).limit(1))[0] ?? null,
  findByAccountType: async (db: DbOrTx, storeId: string, accountType: string) =>
    db
      .select()
      .from(consignerTypes)
      .where(and(eq(consignerTypes.storeId, storeId), accountTypeIs(consignerTypes.accountType, accountType)))
      .orderBy(criteriaCount, asc(consignerTypes.createdAt), asc(consignerTypes.id)),
  /** The store's types, locked against a concurrent change of the default or a rename (call inside a transaction). */
  lockAll: async (db: DbOrTx, storeId: string) =>
    db
      .select({ id: consignerTypes.id, accountType: consignerTypes.accountType, isDefault: consignerTypes.isDefault })
      .from(consignerTypes)
      .where(eq(consignerTypes.storeId, storeId))
      .for('update'),
  insert: async (db: DbOrTx, values: NewConsignerType) => (await db.insert(consignerTypes).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<NewConsignerType>) =>
    (await db.update(consignerTypes).set(values).where(and(eq(consignerTypes.storeId, storeId), eq(consignerTypes.id, id))).returning())[0] ?? null,
  /** Takes the default flag from every type of the store but `keepId`. */
  clearDefaults: async (db: DbOrTx, storeId: string, keepId?: string) => {
    await db
      .update(consignerTypes)
      .set({ isDefault: false })
      .where(and(eq(consignerTypes.storeId, storeId), eq(consignerTypes.isDefault, true), keepId ? ne(consignerTypes.id, keepId) : undefined));
  },
  /**
   * Consigners using a type: pinned to it by id, or (when it is the last type of its name, `byName`)
   * naming its accountType without being pinned to another type.
   */
  countConsignersUsing: async (db: DbOrTx, storeId: string, type: { id: string; accountType: string }, byName: boolean) =>
    (
      await db
        .select({ n: count() })
        .from(consigners)
        .where(
          and(
            eq(consigners.storeId, storeId),
            or(eq(consigners.consignerTypeId, type.id), byName ? and(isNull(consigners.consignerTypeId), accountTypeIs(consigners.accountType, type.accountType)) : undefined),
          ),
        )
    )[0]?.n ?? 0,
  /**
   * A type's new name for its consigners: those pinned to it, and (`byName`) those naming the old
   * name without a pin. Returns how many changed. Call inside the transaction that renames the type.
   */
  renameConsigners: async (db: DbOrTx, storeId: string, type: { id: string; before: string; after: string }, byName: boolean) =>
    (
      await db
        .update(consigners)
        .set({ accountType: type.after })
        .where(
          and(
            eq(consigners.storeId, storeId),
            or(eq(consigners.consignerTypeId, type.id), byName ? and(isNull(consigners.consignerTypeId), accountTypeIs(consigners.accountType, type.before)) : undefined),
          ),
        )
        .returning({ id: consigners.id })
    ).length,
  /** The names of the types whose terms choose the markdown schedule (the markdowns module asks before a delete). */
  namesUsingSchedule: async (db: DbOrTx, storeId: string, scheduleId: string) =>
    (
      await db
        .select({ accountType: consignerTypes.accountType })
        .from(consignerTypes)
        .where(and(eq(consignerTypes.storeId, storeId), sql`${consignerTypes.consignmentTerms}->>'markdownScheduleId' = ${scheduleId}`))
        .orderBy(asc(consignerTypes.accountType))
    ).map((r) => r.accountType),
  /** For each markdown schedule some type's terms choose, those types' names (the list of schedules, in one query). */
  namesBySchedule: async (db: DbOrTx, storeId: string): Promise<Map<string, string[]>> => {
    const rows = await db
      .select({ scheduleId: sql<string>`${consignerTypes.consignmentTerms}->>'markdownScheduleId'`, accountType: consignerTypes.accountType })
      .from(consignerTypes)
      .where(and(eq(consignerTypes.storeId, storeId), sql`${consignerTypes.consignmentTerms}->>'markdownScheduleId' is not null`))
      .orderBy(asc(consignerTypes.accountType));
    const names = new Map<string, string[]>();
    for (const r of rows) names.set(r.scheduleId, [...(names.get(r.scheduleId) ?? []), r.accountType]);
    return names;
  },
  /**
   * Whether the store has this markdown schedule. The terms are jsonb, so no foreign key holds the
   * id: this reads only whether the markdowns module's row exists, as that key would.
   */
  scheduleExists: async (db: DbOrTx, storeId: string, scheduleId: string) =>
    (await db.select({ id: markdownSchedules.id }).from(markdownSchedules).where(and(eq(markdownSchedules.storeId, storeId), eq(markdownSchedules.id, scheduleId))).limit(1)).length > 0,
  remove: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.delete(consignerTypes).where(and(eq(consignerTypes.storeId, storeId), eq(consignerTypes.id, id))).returning({ id: consignerTypes.id }))[0] ?? null,
};
