import { and, asc, count, desc, eq, getTableColumns, inArray, like, min, ne, sql, sum, type Column, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { inventoryItems, inventoryLogs, productGtins, products, type ModifiedField } from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type GtinRow = typeof productGtins.$inferSelect;


/**
 * How many of the newest products the first search step reads. A term found in at least one of
 * 40 products (2.5%) fills a page of 50 there; rarer terms go to the trigram index.
 */
export const SEARCH_RECENT_WINDOW = 2000;

const OFFSET_ZERO = sql`0` as unknown as number;

// search_text is lower-cased; % _ and \\ in a term are literal
const matchesAll = (terms: string[], column: Column) => terms.map((t) => like(column, containsPattern(t.toLowerCase())));

/** A product row as the search answers it: every column but search_text, with its GTINs. */
type ProductWithGtins = Omit<ProductRow, 'searchText'> & { gtins: { size: string; gtin: string }[] };
const { searchText: _searchText, ...productColumns } = getTableColumns(products);
// The product's GTINs in the same statement (one query less per search). The outer column is
// written table-qualified by hand: drizzle renders products.id as a bare "id" in a select's sql, which
// would bind to g.id inside the subquery.
const gtinsColumn = sql<{ size: string; gtin: string }[]>`(SELECT coalesce(json_agg(json_build_object('size', g.size, 'gtin', g.gtin) ORDER BY g.size, g.gtin), '[]'::json) FROM ${productGtins} g WHERE g.product_id = ${products}.id)`;

export const productsRepository = {
  /**
   * Step 1 of a search: the matches among the store's newest SEARCH_RECENT_WINDOW products, newest
   * first. It reads products in updated_at order and stops at `limit` matches, so a common term
   * costs a few hundred rows whatever the catalogue size.
   */
  searchRecentQuery: (db: DbOrTx, storeId: string, terms: string[], limit: number) => {
    const recent = db
      .select()
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(SEARCH_RECENT_WINDOW)
      .as('recent');
    return db
      .select()
      .from(recent)
      .where(and(...matchesAll(terms, recent.searchText)))
      .orderBy(desc(recent.updatedAt), desc(recent.id))
      .limit(limit);
  },
  /**
   * Step 2, when step 1 found fewer than a page: every match through the trigram index, then the
   * newest. The subquery's OFFSET 0 is a planner fence: without it PostgreSQL may walk updated_at
   * instead and, for a rare term, read most of the catalogue (seen at 19k rows for 'samba green').
   */
  searchAllQuery: (db: DbOrTx, storeId: string, terms: string[], limit: number) => {
    const matches = db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), ...matchesAll(terms, products.searchText)))
      // drizzle drops a numeric offset of 0, so the 0 goes in as SQL
      .offset(OFFSET_ZERO)
      .as('matches');
    return db.select().from(matches).orderBy(desc(matches.updatedAt), desc(matches.id)).limit(limit);
  },
  /**
   * Products whose title, SKU or brand contain every term (case-insensitive), newest first, each with
   * its GTINs; no terms lists the newest. Each step picks ids on narrow rows (id, updated_at,
   * search_text), then reads the full rows and GTINs of at most `limit` products in one statement.
   */
  search: async (db: DbOrTx, storeId: string, terms: string[], limit: number, offset = 0): Promise<ProductWithGtins[]> => {
    const full = (ids: SQLWrapper) =>
      db
        .select({ ...productColumns, gtins: gtinsColumn })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
        .orderBy(desc(products.updatedAt), desc(products.id));
    if (!terms.length) {
      const newest = db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.storeId, storeId))
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(limit);
      return full(offset ? newest.offset(offset) : newest);
    }
    // A later page (offset) is the same newest-first list of matches: when the newest window holds
    // offset + limit matches they are the newest ones overall, so step 1 answers it; a page past
    // the window goes to step 2 at once.
    if (offset + limit <= SEARCH_RECENT_WINDOW) {
      const recent = await full(productsRepository.searchRecentIds(db, storeId, terms, limit, offset));
      if (recent.length >= limit) return recent;
    }
    return full(productsRepository.searchAllIds(db, storeId, terms, limit, offset));
  },
  /** Step 1 as ids only (what search runs). */
  searchRecentIds: (db: DbOrTx, storeId: string, terms: string[], limit: number, offset = 0) => {
    const recent = db
      .select({ id: products.id, updatedAt: products.updatedAt, searchText: products.searchText })
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(SEARCH_RECENT_WINDOW)
      .as('recent');
    const ids = db
      .select({ id: recent.id })
      .from(recent)
      .where(and(...matchesAll(terms, recent.searchText)))
      .orderBy(desc(recent.updatedAt), desc(recent.id))
      .limit(limit);
    // page 1 keeps the exact statement the bench measured
    return offset ? ids.offset(offset) : ids;
  },
  /** Step 2 as ids only (what search runs); OFFSET 0 fences the matches as in searchAllQuery. */
  searchAllIds: (db: DbOrTx, storeId: string, terms: string[], limit: number, offset = 0) => {
    const matches = db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.storeId, storeId), ...matchesAll(terms, products.searchText)))
      .offset(OFFSET_ZERO)
      .as('matches');
    const ids = db.select({ id: matches.id }).from(matches).orderBy(desc(matches.updatedAt), desc(matches.id)).limit(limit);
    return offset ? ids.offset(offset) : ids;
  },
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(products).where(and(eq(products.storeId, storeId), eq(products.id, id))).limit(1))[0] ?? null,
  /** Other products of the store with the same SKU, ignoring case and surrounding spaces. */
  findBySku: async (db: DbOrTx, storeId: string, sku: string, exceptId: string) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), sql`lower(${products.sku}) = lower(${sku.trim()})`, ne(products.id, exceptId)))
      .orderBy(asc(products.createdAt))
      .limit(50),
  insert: async (db: DbOrTx, values: NewProduct) => (await db.insert(products).values(values).returning())[0],
  update: async (db: DbOrTx, storeId: string, id: string, values: Partial<NewProduct>) =>
    (await db.update(products).set(values).where(and(eq(products.storeId, storeId), eq(products.id, id))).returning())[0] ?? null,
  remove: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.delete(products).where(and(eq(products.storeId, storeId), eq(products.id, id))).returning({ id: products.id }))[0] ?? null,

  gtinsOf: async (db: DbOrTx, storeId: string, productIds: string[]) =>
    productIds.length
      ? db
          .select()
          .from(productGtins)
          .where(and(eq(productGtins.storeId, storeId), inArray(productGtins.productId, productIds)))
          .orderBy(asc(productGtins.size), asc(productGtins.gtin))
      : [],
  /** GTINs of the list already used by another product of the store, with that product. */
  gtinsTakenElsewhere: async (db: DbOrTx, storeId: string, gtins: string[], exceptProductId: string | null) =>
    gtins.length
      ? db
          .select({ gtin: productGtins.gtin, productId: products.id, title: products.title, sku: products.sku })
          .from(productGtins)
          .innerJoin(products, and(eq(products.storeId, productGtins.storeId), eq(products.id, productGtins.productId)))
          .where(
            and(
              eq(productGtins.storeId, storeId),
              inArray(productGtins.gtin, gtins),
              exceptProductId ? ne(productGtins.productId, exceptProductId) : undefined,
            ),
          )
      : [],
  replaceGtins: async (db: DbOrTx, storeId: string, productId: string, list: { size: string; gtin: string }[]) => {
    await db.delete(productGtins).where(and(eq(productGtins.storeId, storeId), eq(productGtins.productId, productId)));
    if (list.length) await db.insert(productGtins).values(list.map((g) => ({ storeId, productId, size: g.size, gtin: g.gtin })));
  },

  /** The product's inventory items (the header's "{n} listings"); a consigner counts their own. */
  countListings: async (db: DbOrTx, storeId: string, productId: string, consignerId?: string) =>
    (
      await db
        .select({ n: count() })
        .from(inventoryItems)
        .where(
          and(
            eq(inventoryItems.storeId, storeId),
            eq(inventoryItems.productId, productId),
            consignerId ? eq(inventoryItems.consignerId, consignerId) : undefined,
          ),
        )
    )[0]?.n ?? 0,
  /** Lowest price and units of the product's Active items, per option1 value (size). */
  lowestActivePrices: async (db: DbOrTx, storeId: string, productId: string) =>
    db
      .select({ option1Value: inventoryItems.option1Value, price: min(inventoryItems.price), quantity: sum(inventoryItems.quantity).mapWith(Number) })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.productId, productId), eq(inventoryItems.status, 'Active')))
      .groupBy(inventoryItems.option1Value),
  /** Keeps the denormalised title and SKU of the product's items in step with the product. */
  syncInventoryCopies: async (db: DbOrTx, storeId: string, productId: string, values: { title: string; sku: string }) =>
    db
      .update(inventoryItems)
      .set(values)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.productId, productId))),

  // Merge steps: each runs inside the merge transaction.
  /** Points the log entries of the source's items at the target's title; returns how many. */
  relabelLogsOfProduct: async (db: DbOrTx, storeId: string, fromProductId: string, title: string) =>
    (
      await db
        .update(inventoryLogs)
        .set({ productTitle: title })
        .where(
          and(
            eq(inventoryLogs.storeId, storeId),
            inArray(
              inventoryLogs.inventoryId,
              db.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.productId, fromProductId))),
            ),
          ),
        )
        .returning({ id: inventoryLogs.id })
    ).length,
  moveInventory: async (
    db: DbOrTx,
    storeId: string,
    fromProductId: string,
    to: { id: string; title: string; sku: string },
    by: { id: string; name: string },
  ) =>
    db
      .update(inventoryItems)
      .set({ productId: to.id, title: to.title, sku: to.sku, lastUpdatedById: by.id, lastUpdatedByName: by.name })
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.productId, fromProductId)))
      .returning({ id: inventoryItems.id }),
  insertLogs: async (
    db: DbOrTx,
    storeId: string,
    entries: { inventoryId: string; productTitle: string; modifiedFields: ModifiedField[] }[],
    by: { id: string; name: string },
  ) => {
    for (let i = 0; i < entries.length; i += 500) {
      await db
        .insert(inventoryLogs)
        .values(entries.slice(i, i + 500).map((e) => ({ storeId, ...e, lastUpdatedById: by.id, lastUpdatedByName: by.name })));
    }
  },
  moveGtins: async (db: DbOrTx, storeId: string, fromProductId: string, toProductId: string) =>
    (
      await db
        .update(productGtins)
        .set({ productId: toProductId })
        .where(and(eq(productGtins.storeId, storeId), eq(productGtins.productId, fromProductId)))
        .returning({ id: productGtins.id })
    ).length,
};
