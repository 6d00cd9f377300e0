import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, lineItems, orders, payoutItems } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
export type LineItemRow = typeof lineItems.$inferSelect;
type NewLineItem = typeof lineItems.$inferInsert;

/** An order's lines with their items (salesRepository.lineItemsWithItems). */
export type SaleLines = Awaited<ReturnType<(typeof salesRepository)['lineItemsWithItems']>>;

// Any 64-bit number of our own for pg_advisory_xact_lock's first key: the sales of one store.
const SALES_LOCK_NAMESPACE = 110_011;

/** The only Drizzle user of the sales write side; every function is scoped by store. */
export const salesRepository = {
  /**
   * Serialises the sales of one store until the transaction ends: order names are given out one
   * after the other, and a sale sent twice at once finds the first one's order.
   */
  lockStoreSales: async (tx: DbOrTx, storeId: string) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SALES_LOCK_NAMESPACE}::int, hashtext(${storeId}))`);
  },

  findByExternalId: async (db: DbOrTx, storeId: string, source: string, externalId: string) =>
    (await db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.source, source as OrderRow['source']), eq(orders.externalId, externalId))).limit(1))[0] ?? null,

  findById: async (db: DbOrTx, storeId: string, id: string) => (await db.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.id, id))).limit(1))[0] ?? null,

  /** Reads and row-locks an order: two undos (or an undo and a payment) of it run one after the other. */
  lockById: async (tx: DbOrTx, storeId: string, id: string) =>
    (await tx.select().from(orders).where(and(eq(orders.storeId, storeId), eq(orders.id, id))).for('update'))[0] ?? null,

  /** The highest number of the store's counter names 'S-<n>' (0 when none). */
  lastCounterNumber: async (db: DbOrTx, storeId: string) => {
    const [row] = await db
      .select({ n: sql<string>`coalesce(max(substring(${orders.name} from 3)::bigint), 0)::text` })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), sql`${orders.name} ~ '^S-[0-9]{1,15}$'`));
    return Number(row?.n ?? 0);
  },

  /** Which of these names the store's orders already use. */
  takenNames: async (db: DbOrTx, storeId: string, names: string[]) =>
    names.length ? (await db.select({ name: orders.name }).from(orders).where(and(eq(orders.storeId, storeId), inArray(orders.name, names)))).map((r) => r.name) : [],

  /** The newest orders of one source, with their line counts. */
  recentOrders: async (db: DbOrTx, storeId: string, source: OrderRow['source'], limit: number) => {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.source, source)))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(limit);
    const counts = rows.length
      ? await db
          .select({ orderId: lineItems.orderId, n: count() })
          .from(lineItems)
          .where(and(eq(lineItems.storeId, storeId), inArray(lineItems.orderId, rows.map((r) => r.id))))
          .groupBy(lineItems.orderId)
      : [];
    const byOrder = new Map(counts.map((c) => [c.orderId, Number(c.n)]));
    return rows.map((order) => ({ order, itemCount: byOrder.get(order.id) ?? 0 }));
  },

  insertOrder: async (tx: DbOrTx, values: NewOrder) => (await tx.insert(orders).values(values).returning())[0],

  updateOrder: async (tx: DbOrTx, storeId: string, id: string, values: Partial<Omit<NewOrder, 'id' | 'storeId'>>) =>
    (await tx.update(orders).set(values).where(and(eq(orders.storeId, storeId), eq(orders.id, id))).returning())[0],

  insertLineItems: async (tx: DbOrTx, values: NewLineItem[]) => (values.length ? tx.insert(lineItems).values(values).returning() : []),

  lineItems: async (db: DbOrTx, storeId: string, orderId: string) =>
    db.select().from(lineItems).where(and(eq(lineItems.storeId, storeId), eq(lineItems.orderId, orderId))).orderBy(asc(lineItems.title), asc(lineItems.id)),

  /** An order's lines with their items' codes, options and status, and whether each item is in a payout. */
  lineItemsWithItems: async (db: DbOrTx, storeId: string, orderId: string) => {
    const rows = await db
      .select({
        line: lineItems,
        item: {
          code: inventoryItems.code,
          status: inventoryItems.status,
          option1Value: inventoryItems.option1Value,
          option2Value: inventoryItems.option2Value,
          option3Value: inventoryItems.option3Value,
          payoutId: inventoryItems.payoutId,
        },
        // payout_items' key is (store_id, inventory_id): at most one row per line
        payoutItem: payoutItems.payoutId,
      })
      .from(lineItems)
      .leftJoin(inventoryItems, and(eq(inventoryItems.storeId, lineItems.storeId), eq(inventoryItems.id, lineItems.inventoryId)))
      .leftJoin(payoutItems, and(eq(payoutItems.storeId, lineItems.storeId), eq(payoutItems.inventoryId, lineItems.inventoryId)))
      .where(and(eq(lineItems.storeId, storeId), eq(lineItems.orderId, orderId)))
      .orderBy(asc(lineItems.title), asc(inventoryItems.code), asc(lineItems.id));
    return rows.map(({ line, item, payoutItem }) => ({ line, item, inPayout: payoutItem !== null || (item?.payoutId ?? null) !== null }));
  },

  deactivateLineItems: async (tx: DbOrTx, storeId: string, orderId: string) => {
    await tx.update(lineItems).set({ active: false }).where(and(eq(lineItems.storeId, storeId), eq(lineItems.orderId, orderId)));
  },

  /** Some lines of an order taken back (a storefront cancellation or refund). */
  deactivateLines: async (tx: DbOrTx, storeId: string, lineIds: string[]) => {
    if (!lineIds.length) return;
    await tx.update(lineItems).set({ active: false }).where(and(eq(lineItems.storeId, storeId), inArray(lineItems.id, lineIds)));
  },

  /** Flags lines for staff (docs/storefront-orders.md "Flagged lines"); a line keeps its first flag. */
  flagLines: async (tx: DbOrTx, storeId: string, flags: { lineId: string; flag: NonNullable<LineItemRow['flag']>; message: string }[]) => {
    for (const f of flags) {
      await tx
        .update(lineItems)
        .set({ flag: f.flag, flagMessage: f.message })
        .where(and(eq(lineItems.storeId, storeId), eq(lineItems.id, f.lineId), sql`${lineItems.flag} is null`));
    }
  },

  /**
   * A corrected sale (sale-corrections.service.ts): the item's standing line takes the corrected
   * unit price and, when given, cost, so the dashboard's revenue and profit move with the ledger's
   * sale_adjustment and fee_adjustment (the per-day sums follow by the lines' statement triggers).
   */
  correctSaleLine: async (tx: DbOrTx, storeId: string, inventoryId: string, orderId: string, to: { price: number; cost?: number }) => {
    await tx
      .update(lineItems)
      .set({ price: to.price, ...(to.cost === undefined ? {} : { cost: to.cost }) })
      .where(and(eq(lineItems.storeId, storeId), eq(lineItems.orderId, orderId), eq(lineItems.inventoryId, inventoryId), eq(lineItems.active, true)));
  },

  /** Which of these items are in a payout (payout_items or the item's payoutId). */
  itemsInPayouts: async (db: DbOrTx, storeId: string, inventoryIds: string[]) => {
    if (!inventoryIds.length) return new Set<string>();
    const rows = await db
      .select({ id: payoutItems.inventoryId })
      .from(payoutItems)
      .where(and(eq(payoutItems.storeId, storeId), inArray(payoutItems.inventoryId, inventoryIds)))
      .union(
        db
          .select({ id: inventoryItems.id })
          .from(inventoryItems)
          .where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.id, inventoryIds), sql`${inventoryItems.payoutId} is not null`)),
      );
    return new Set(rows.map((r) => r.id));
  },
};
