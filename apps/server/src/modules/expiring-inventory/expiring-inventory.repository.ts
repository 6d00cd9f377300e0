import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { IN_STOCK_STATUSES, type TermRequestKind } from '@backroom/domain';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { consigners, inventoryItems, termRequests } from '../../db/schema/index.ts';

export type ExpiringFilter = { until: string; search?: string; requested?: 'any' | TermRequestKind; offset: number; limit: number };

const i = inventoryItems;
const c = consigners;
const r = termRequests;

/** The store's items in stock whose consignment ends on or before `until` (ended ones included). */
function where(storeId: string, f: Pick<ExpiringFilter, 'until' | 'search' | 'requested'>) {
  const term = f.search?.trim();
  const pattern = term ? containsPattern(term) : null;
  return and(
    eq(i.storeId, storeId),
    isNotNull(i.consignmentEndsAt),
    lte(i.consignmentEndsAt, f.until),
    inArray(i.status, [...IN_STOCK_STATUSES]),
    pattern ? or(ilike(i.code, pattern), ilike(i.title, pattern), ilike(i.sku, pattern), ilike(sql`${c.firstName} || ' ' || ${c.lastName}`, pattern)) : undefined,
    f.requested === 'any' ? isNotNull(r.id) : f.requested ? eq(r.kind, f.requested) : undefined,
  );
}

/** The item's open request, if any (one at most: migration 0048's partial unique index). */
const openRequest = and(eq(r.storeId, i.storeId), eq(r.inventoryId, i.id), eq(r.status, 'open'));

/** The expiring list (GET /api/expiringInventory): read-only, over the inventory and consigner rows of one store. */
export const expiringInventoryRepository = {
  page: async (db: DbOrTx, storeId: string, f: ExpiringFilter) => {
    const on = and(eq(c.storeId, i.storeId), eq(c.id, i.consignerId));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: i.id,
          code: i.code,
          title: i.title,
          consignerId: i.consignerId,
          firstName: c.firstName,
          lastName: c.lastName,
          consignmentEndsAt: i.consignmentEndsAt,
          consignmentTerms: i.consignmentTerms,
          requestId: r.id,
          requestKind: r.kind,
          requestedAt: r.createdAt,
        })
        .from(i)
        .innerJoin(c, on)
        .leftJoin(r, openRequest)
        .where(where(storeId, f))
        .orderBy(asc(i.consignmentEndsAt), asc(i.code))
        .limit(f.limit)
        .offset(f.offset),
      db.select({ total: count() }).from(i).innerJoin(c, on).leftJoin(r, openRequest).where(where(storeId, f)),
    ]);
    return { rows, total };
  },
  /** The daily job: the store's items in stock whose term ended before `today`, as item rows (the job decides which are due). */
  endedBefore: async (db: DbOrTx, storeId: string, today: string) =>
    db
      .select()
      .from(i)
      .where(and(eq(i.storeId, storeId), isNotNull(i.consignmentEndsAt), lt(i.consignmentEndsAt, today), inArray(i.status, [...IN_STOCK_STATUSES])))
      .orderBy(asc(i.consignmentEndsAt), asc(i.id)),
  /** The daily job, across stores (a scheduled round, no request's store): the stores with an item in stock whose term ended before `today`. */
  storesWithEndedItems: async (db: DbOrTx, today: string): Promise<string[]> =>
    (
      await db
        .selectDistinct({ storeId: i.storeId })
        .from(i)
        .where(and(isNotNull(i.consignmentEndsAt), lt(i.consignmentEndsAt, today), inArray(i.status, [...IN_STOCK_STATUSES])))
    ).map((r) => r.storeId),
  /** The store's own stock as a consigner (the store account made with the store), the oldest if there are several. */
  storeAccountId: async (db: DbOrTx, storeId: string): Promise<string | null> => {
    const [row] = await db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.storeId, storeId), eq(c.isStoreAccount, true), isNull(c.deletedAt)))
      .orderBy(asc(c.createdAt))
      .limit(1);
    return row?.id ?? null;
  },
};
export type ExpiringRow = Awaited<ReturnType<typeof expiringInventoryRepository.page>>['rows'][number];
