import { and, asc, desc, eq, gte, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { consigners, inventoryItems, lineItems, orderLineCounts, orders } from '../../db/schema/index.ts';
import { csvSql, type CsvSqlCell } from '../../http/csv.ts';

export type OrderRow = typeof orders.$inferSelect;
export type LineItemRow = typeof lineItems.$inferSelect;

/** The filters of the order item table, resolved (docs/orders.md "The order item table"). */
export type OrdersListFilter = {
  /** lower-cased words, each somewhere in the order, the line or its item */
  words: string[];
  consignerId?: string;
  /** order date from (inclusive) to (exclusive) */
  orderDate?: { from: Date; to: Date };
  /** only the lines flagged for staff (line_items_store_flagged_idx) */
  flagged?: boolean;
};

const o = orders;
const l = lineItems;
const i = inventoryItems;
const c = consigners;

const consignerName = sql<string>`trim(${c.firstName} || ' ' || ${c.lastName})`;

/** The item a line sold and its consigner: in a row of the order item table and in an order's lines. */
const itemColumns = {
  itemId: i.id,
  itemCode: i.code,
  itemTitle: i.title,
  itemSku: i.sku,
  option1Value: i.option1Value,
  option2Value: i.option2Value,
  option3Value: i.option3Value,
  itemPrice: i.price,
  itemPayout: i.payout,
  itemStatus: i.status,
  consignerId: c.id,
  consignerName,
};

/** The columns of a row of the order item table. */
const rowColumns = {
  id: l.id,
  title: l.title,
  sku: l.sku,
  price: l.price,
  quantity: l.quantity,
  active: l.active,
  flag: l.flag,
  flagMessage: l.flagMessage,
  orderId: o.id,
  orderName: o.name,
  orderDate: o.orderDate,
  source: o.source,
  orderStatus: o.status,
  financialStatus: o.financialStatus,
  ...itemColumns,
};
export type OrderItemListRow = {
  id: string;
  title: string;
  sku: string | null;
  price: number;
  quantity: number;
  active: boolean;
  flag: LineItemRow['flag'];
  flagMessage: string | null;
  orderId: string;
  orderName: string;
  orderDate: Date;
  source: OrderRow['source'];
  orderStatus: OrderRow['status'];
  financialStatus: string;
  itemId: string | null;
  itemCode: string | null;
  itemTitle: string | null;
  itemSku: string | null;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  itemPrice: number | null;
  itemPayout: number | null;
  itemStatus: string | null;
  consignerId: string | null;
  consignerName: string | null;
};

/**
 * WHERE of the order item table: the line's store and the filters, on line_items alone (the order's
 * date and the search text are on each line, migration 0020): the order dates are a range of
 * line_items_store_date_idx, each search word a LIKE the trigram index line_items_search_text_trgm_idx
 * answers (all words at once), a consigner the lines of their items.
 */
function listWhere(storeId: string, f: OrdersListFilter): SQL {
  return and(
    eq(l.storeId, storeId),
    f.orderDate ? gte(l.orderDate, f.orderDate.from) : undefined,
    f.orderDate ? lt(l.orderDate, f.orderDate.to) : undefined,
    f.flagged ? sql`${l.flag} is not null` : undefined,
    f.consignerId ? sql`${l.inventoryId} in (select ${i.id} from ${i} where ${i.storeId} = ${storeId} and ${i.consignerId} = ${f.consignerId})` : undefined,
    ...f.words.map((w) => like(l.searchText, containsPattern(w))),
  )!;
}

/** Newest order first, an order's lines together: line_items_store_date_idx read backwards. */
const orderBy = (reverse: boolean) => (reverse ? [asc(l.orderDate), asc(l.orderId), asc(l.id)] : [desc(l.orderDate), desc(l.orderId), desc(l.id)]);

/** ordersExport.csv: one line per row of the order item table, money in major units. */
const EXPORT_COLUMNS: [string, CsvSqlCell][] = [
  ['Order', csvSql.text(o.name)],
  ['Order date', csvSql.timestamp(o.orderDate)],
  ['Source', csvSql.text(o.source)],
  ['Order status', csvSql.text(o.status)],
  ['Payment', csvSql.text(o.financialStatus)],
  ['Customer', csvSql.text(sql`trim(coalesce(${o.customer} ->> 'first_name', '') || ' ' || coalesce(${o.customer} ->> 'last_name', ''))`)],
  ['Customer email', csvSql.text(sql`${o.customer} ->> 'email'`)],
  ['Customer phone', csvSql.text(sql`${o.customer} ->> 'phone'`)],
  ['Item code', csvSql.text(i.code)],
  ['Title', csvSql.text(sql`coalesce(${i.title}, ${l.title})`)],
  ['SKU', csvSql.text(sql`coalesce(${i.sku}, ${l.sku})`)],
  ['Option 1', csvSql.text(i.option1Value)],
  ['Option 2', csvSql.text(i.option2Value)],
  ['Option 3', csvSql.text(i.option3Value)],
  ['Line price', csvSql.number(sql`${l.price}::numeric / 100`, 2)],
  ['Quantity', csvSql.number(l.quantity)],
  ['Item price', csvSql.number(sql`${i.price}::numeric / 100`, 2)],
  ['Payout', csvSql.number(sql`${i.payout}::numeric / 100`, 2)],
  ['Item status', csvSql.text(i.status)],
  ['Consigner', csvSql.text(consignerName)],
  ['Consigner id', csvSql.text(c.id)],
  ['Line active', csvSql.boolean(l.active)],
  ['Needs attention', csvSql.text(l.flagMessage)],
];
export const ORDERS_EXPORT_HEADER = EXPORT_COLUMNS.map(([name]) => name);

export const ordersRepository = {
  /**
   * One page of the order item table and the number of all its rows. The page's line ids come first
   * from the lines alone (the rows skipped by the offset are never joined), then their order, item and
   * consigner; a page past the middle is read from the far end in reverse, so the last page costs what
   * the first does.
   */
  list: async (db: DbOrTx, storeId: string, f: OrdersListFilter, page: { limit: number; offset: number }) => {
    const where = listWhere(storeId, f);
    const filtered = f.words.length > 0 || !!f.consignerId || !!f.orderDate || !!f.flagged;
    // unfiltered, the store's count kept by line_items' triggers; else the lines counted
    const [{ total }] = filtered
      ? await db.select({ total: sql<number>`count(*)::int` }).from(l).where(where)
      : [{ total: (await db.select({ lines: orderLineCounts.lines }).from(orderLineCounts).where(eq(orderLineCounts.storeId, storeId)))[0]?.lines ?? 0 }];
    if (page.offset >= total) return { rows: [] as OrderItemListRow[], total };
    const take = Math.min(page.limit, total - page.offset);
    const fromEnd = page.offset > total / 2;
    const ids = (
      await db
        .select({ id: l.id })
        .from(l)
        .where(where)
        .orderBy(...orderBy(fromEnd))
        .limit(take)
        .offset(fromEnd ? total - page.offset - take : page.offset)
    ).map((r) => r.id);
    if (fromEnd) ids.reverse();
    const found = (await db
      .select(rowColumns)
      .from(l)
      .innerJoin(o, and(eq(o.storeId, l.storeId), eq(o.id, l.orderId)))
      .leftJoin(i, and(eq(i.storeId, l.storeId), eq(i.id, l.inventoryId)))
      .leftJoin(c, and(eq(c.storeId, i.storeId), eq(c.id, i.consignerId)))
      .where(and(eq(l.storeId, storeId), inArray(l.id, ids)))) as OrderItemListRow[];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
  },

  /** ordersExport.csv in list order, one chunk of CSV lines per batch (keyset on the list order). */
  exportCsvBatches: async function* (db: DbOrTx, storeId: string, f: OrdersListFilter, batchSize: number): AsyncGenerator<string> {
    const cells = EXPORT_COLUMNS.map(([, cell]) => cell);
    let after: { orderDate: Date; orderId: string; lineId: string } | null = null;
    for (;;) {
      const afterKey: SQL | undefined = after
        ? sql`(${l.orderDate}, ${l.orderId}, ${l.id}) < (${after.orderDate.toISOString()}::timestamptz, ${after.orderId}::uuid, ${after.lineId}::uuid)`
        : undefined;
      const rows: { line: string; orderDate: Date; orderId: string; lineId: string }[] = await db
        .select({ line: csvSql.line(cells), orderDate: l.orderDate, orderId: l.orderId, lineId: l.id })
        .from(l)
        .innerJoin(o, and(eq(o.storeId, l.storeId), eq(o.id, l.orderId)))
        .leftJoin(i, and(eq(i.storeId, l.storeId), eq(i.id, l.inventoryId)))
        .leftJoin(c, and(eq(c.storeId, i.storeId), eq(c.id, i.consignerId)))
        .where(and(listWhere(storeId, f), afterKey))
        .orderBy(...orderBy(false))
        .limit(batchSize);
      if (rows.length) yield rows.map((r) => r.line).join('\n');
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = { orderDate: last.orderDate, orderId: last.orderId, lineId: last.lineId };
    }
  },

  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(o).where(and(eq(o.storeId, storeId), eq(o.id, id))).limit(1))[0] ?? null,

  findByExternalId: async (db: DbOrTx, storeId: string, source: OrderRow['source'], externalId: string) =>
    (await db.select().from(o).where(and(eq(o.storeId, storeId), eq(o.source, source), eq(o.externalId, externalId))).limit(1))[0] ?? null,

  /** The external ids of the given ones that are already recorded for a source. */
  knownExternalIds: async (db: DbOrTx, storeId: string, source: OrderRow['source'], externalIds: string[]) => {
    if (!externalIds.length) return new Set<string>();
    const rows = await db
      .select({ externalId: o.externalId })
      .from(o)
      .where(and(eq(o.storeId, storeId), eq(o.source, source), inArray(o.externalId, externalIds)));
    return new Set(rows.map((r) => r.externalId!));
  },

  /** An order's lines with the items they sold and the items' consigners. */
  lines: async (db: DbOrTx, storeId: string, orderId: string) =>
    db
      .select({
        id: l.id,
        title: l.title,
        sku: l.sku,
        price: l.price,
        quantity: l.quantity,
        active: l.active,
        flag: l.flag,
        flagMessage: l.flagMessage,
        inventoryId: l.inventoryId,
        ...itemColumns,
      })
      .from(l)
      .leftJoin(i, and(eq(i.storeId, l.storeId), eq(i.id, l.inventoryId)))
      .leftJoin(c, and(eq(c.storeId, i.storeId), eq(c.id, i.consignerId)))
      .where(and(eq(l.storeId, storeId), eq(l.orderId, orderId)))
      .orderBy(asc(l.id)),

  /** Changes an order's header fields (customer, name) after a resync. */
  updateOrder: async (db: DbOrTx, storeId: string, id: string, values: Partial<Pick<OrderRow, 'customer' | 'name' | 'financialStatus' | 'orderDate'>>) =>
    (await db.update(o).set(values).where(and(eq(o.storeId, storeId), eq(o.id, id))).returning())[0] ?? null,

  /** The consigner select of the orders screen: live consigners of the store, store accounts left out, by name. */
  filterConsigners: async (db: DbOrTx, storeId: string) =>
    db
      .select({ id: c.id, name: consignerName, email: c.email })
      .from(c)
      .where(and(eq(c.storeId, storeId), isNull(c.deletedAt), eq(c.isStoreAccount, false)))
      .orderBy(asc(c.firstName), asc(c.lastName), asc(c.id)),

  /** The store's items by code (an import matches a line's SKU to the code of an item). */
  itemsByCode: async (db: DbOrTx, storeId: string, codes: string[]) => {
    if (!codes.length) return [];
    return db
      .select({ id: i.id, code: i.code, status: i.status, price: i.price, title: i.title, sku: i.sku })
      .from(i)
      .where(and(eq(i.storeId, storeId), inArray(i.code, codes)));
  },
};
