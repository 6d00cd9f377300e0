import type { SortOption } from '@backroom/domain';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client.ts';
import { mappedByPlan } from '../../db/row-mapper.ts';
import { statementNameOf } from '../../db/statement-names.ts';
import { saleHeldSql } from '../../db/sale-hold.ts';
import { consigners, inventoryItems as i, inventoryProductStats as stats, locations, orders, productTemplates, products, subLocations } from '../../db/schema/index.ts';
import type { InventoryWithRelations } from '../inventory/index.ts';
import {
  afterKeys,
  csvLine,
  filterWhere,
  groupOrder,
  keyColumns,
  orderBy,
  searchCondition,
  statsFilter,
  statsGroupOrder,
  ts,
  type InventoryFilter,
  type InventoryScope,
  type SortSpec,
} from './inventory-queries.sql.ts';

export type { InventoryFilter, InventoryScope } from './inventory-queries.sql.ts';

const RELATIONS = {
  item: i,
  product: { id: products.id, title: products.title, sku: products.sku, image: products.image },
  consigner: {
    id: consigners.id,
    firstName: consigners.firstName,
    lastName: consigners.lastName,
    email: consigners.email,
    isActive: consigners.isActive,
    isStoreAccount: consigners.isStoreAccount,
  },
  order: { id: orders.id, name: orders.name, orderDate: orders.orderDate, createdAt: orders.createdAt },
};
const TEMPLATE = {
  id: productTemplates.id,
  option1: productTemplates.option1,
  option2: productTemplates.option2,
  option3: productTemplates.option3,
  category: productTemplates.category,
  option1Values: productTemplates.option1Values,
  option2Values: productTemplates.option2Values,
  option3Values: productTemplates.option3Values,
};

/** Items with their product, consigner and order: one query with three primary-key joins. */
function selectWithRelations(db: DbOrTx, versioned = false) {
  return db
    .select(versioned ? { ...RELATIONS, version: sql<string>`${i}.xmin::text` } : RELATIONS)
    .from(i)
    .leftJoin(products, and(eq(products.storeId, i.storeId), eq(products.id, i.productId)))
    .leftJoin(consigners, and(eq(consigners.storeId, i.storeId), eq(consigners.id, i.consignerId)))
    .leftJoin(orders, and(eq(orders.storeId, i.storeId), eq(orders.id, i.orderId)));
}

/**
 * Rows for these ids with their relations, in the order of the ids. Templates (few, with long option
 * lists) are read once for the page rather than joined onto every row.
 */
async function findWithRelations(db: DbOrTx, storeId: string, ids: string[]): Promise<InventoryWithRelations[]> {
  const rows = await findWithoutTemplates(db, storeId, ids, false);
  return withTemplates(rows, await templatesByIds(db, storeId, templateIdsOf(rows)));
}

/** Rows for these ids with their product, consigner and order, in the order of the ids; their templates are the caller's (withTemplates). */
async function findWithoutTemplates(db: DbOrTx, storeId: string, ids: string[], versioned: boolean) {
  if (!ids.length) return [];
  // one array parameter: on PGlite a 50-parameter IN list costs more than the rows themselves; the
  // statement built once, its values given to it
  const statement = builtOnce(
    db,
    `rows\u0000${versioned}`,
    () => selectWithRelations(db, versioned).where(and(eq(i.storeId, sql.placeholder('storeId')), sql`${i.id} = any(${sql.placeholder('ids')}::uuid[])`)),
    true,
  );
  const rows = await statement.execute({ storeId, ids });
  const position = new Map(ids.map((id, n) => [id, n]));
  return rows.sort((a, b) => position.get(a.item.id)! - position.get(b.item.id)!);
}

export type TemplateOfRow = NonNullable<InventoryWithRelations['template']>;

/** The templates these rows name, each once. */
export const templateIdsOf = (rows: { item: { productTemplateId: string | null } }[]) => [...new Set(rows.flatMap((r) => r.item.productTemplateId ?? []))];

/** The store's templates of these ids, in one query. */
async function templatesByIds(db: DbOrTx, storeId: string, ids: string[]): Promise<TemplateOfRow[]> {
  if (!ids.length) return [];
  // one array parameter, built once (as the rows' statement above)
  const statement = builtOnce(db, 'templates', () =>
    db
      .select(TEMPLATE)
      .from(productTemplates)
      .where(and(eq(productTemplates.storeId, sql.placeholder('storeId')), sql`${productTemplates.id} = any(${sql.placeholder('ids')}::uuid[])`)),
    true,
  );
  return statement.execute({ storeId, ids });
}

/** The rows with their templates (given, by id). */
export function withTemplates<R extends { item: { productTemplateId: string | null } }>(rows: R[], templates: TemplateOfRow[]) {
  const templateById = new Map(templates.map((t) => [t.id, t]));
  return rows.map((r) => ({ ...r, template: r.item.productTemplateId ? (templateById.get(r.item.productTemplateId) ?? null) : null }));
}

/** The statement of pageRowVersions (below). */
function pageRowVersionsQuery(db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }, cap: number) {
  const where = filterWhere(scope, filter);
  // the sort keys as columns, to put the page's rows in order again once joined to the count
  const keys = Object.fromEntries(sort.keys.map((k, n) => [`k${n}`, sql`${k.expr}`.as(`k${n}`)]));
  // one scan of the items, no self-join: a planner without fresh statistics (PGlite runs no autovacuum)
  // cannot turn it into a loop over the page
  const rows = db
    .select({ id: sql<string>`${i.id}`.as('id'), version: sql<string>`${i}.xmin::text`.as('version'), templateId: sql<string | null>`${i.productTemplateId}`.as('template_id'), ...keys })
    .from(i)
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const counted = db
    .select({ count: sql<number>`count(*)::int`.as('count') })
    .from(db.select({ one: sql<number>`1`.as('one') }).from(i).where(where).limit(cap).as('capped'))
    .as('counted');
  const dir = sql.raw(sort.dir);
  return db
    .select({ id: rows.id, version: rows.version, templateId: rows.templateId, count: counted.count })
    .from(counted)
    .leftJoin(rows, sql`true`)
    .orderBy(...sort.keys.map((_, n) => sql`${sql.identifier('page')}.${sql.identifier(`k${n}`)} ${dir}`));
}

type Executable<T> = { execute: (placeholders?: Record<string, unknown>) => Promise<T> };
/**
 * Statements built once per database handle and `key` (everything a statement is made of, values
 * included: the caller's to give): drizzle builds a query's text anew on every run, 0.5 to 1 ms of the
 * list page's 1 to 2 ms statement on PGlite. Unnamed statements (`prepare('')`): nothing is kept on the
 * database's side, so a key of any search term costs it nothing. Without a key, built as usual.
 * `named`: a statement of one fixed text (its values all placeholders) is also prepared on each
 * PostgreSQL connection under that name, parsed and planned once per connection rather than on every
 * run (the rows of a page by their ids: 80 columns and three joins); 'by text': named after its text
 * (db/statement-names.ts), for one whose text depends on the filters and sort it was given.
 */
const built = new WeakMap<object, LRUCache<string, Executable<unknown>>>();
type Buildable<T> = { prepare: (name: string) => Executable<T>; toSQL: () => { sql: string } };
function builtOnce<T>(db: DbOrTx, key: string | undefined, build: () => Buildable<T>, named: boolean | 'by text' = false): Executable<T> {
  if (key === undefined) return mappedByPlan(build().prepare(''));
  let kept = built.get(db);
  if (!kept) {
    kept = new LRUCache({ max: 2000 });
    built.set(db, kept);
  }
  let statement = kept.get(key) as Executable<T> | undefined;
  if (!statement) {
    const query = build();
    statement = mappedByPlan(query.prepare(statementNameOf(key, named, () => query.toSQL().sql)));
    kept.set(key, statement);
  }
  return statement;
}

const countOf = sql<number>`count(*)::int`;

export const inventoryQueriesRepository = {
  /** One page: the ids by the sort (narrow, index-ordered), then those rows with their relations. */
  findPage: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }) => {
    const ids = await inventoryQueriesRepository.pageIdsQuery(db, scope, filter, sort, page);
    return findWithRelations(
      db,
      scope.storeId,
      ids.map((r) => r.id),
    );
  },

  /**
   * The count, exact up to `exactUpTo` matches (counting stops there: at most that many index
   * entries are read); above it the planner's estimate from the table statistics, never below
   * exactUpTo + 1. Counting 100,000+ rows exactly on every page view is what made the big lists slow.
   */
  countUpTo: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, exactUpTo: number): Promise<{ count: number; estimated: boolean }> => {
    const where = filterWhere(scope, filter);
    const [{ count }] = await inventoryQueriesRepository.cappedCountQuery(db, scope, filter, exactUpTo + 1);
    if (count <= exactUpTo) return { count, estimated: false };
    const explained = (await db.execute(sql`explain (format json) ${db.select({ id: i.id }).from(i).where(where)}`)) as unknown as { rows: Record<string, unknown>[] };
    const raw = explained.rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return { count: Math.max(exactUpTo + 1, Math.round(plan[0]?.Plan['Plan Rows'] ?? 0)), estimated: true };
  },

  /**
   * A searched list's page and exact count from one read of its matches. A search is answered by a
   * bitmap scan of the trigram index, which the page query and the count query would each pay
   * (15 ms apiece on PGlite for a broad word at 200,000 items); here the matches, at most `cap`, are
   * read once with their sort keys, counted by a window and sorted for the page. Null when the
   * matches reach the cap (too many to count this way) or the page is past the end (no row to carry
   * the count): the caller then counts the usual way.
   */
  findSearchedPageAndCount: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }, cap: number) => {
    const query = inventoryQueriesRepository.searchedPageAndCountQuery(db, scope, filter, sort, page, cap);
    const hits = await query;
    if (!hits.length || hits[0].total >= cap) return null;
    const rows = await findWithRelations(
      db,
      scope.storeId,
      hits.map((r) => r.id),
    );
    return { rows, count: hits[0].total };
  },

  searchedPageAndCountQuery: (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }, cap: number) => {
    const keys = Object.fromEntries(sort.keys.map((k, n) => [`k${n}`, sql`${k.expr}`.as(`k${n}`)]));
    const matches = db
      .select({ id: i.id, version: sql<string>`${i}.xmin::text`.as('version'), templateId: sql<string | null>`${i.productTemplateId}`.as('template_id'), ...keys })
      .from(i)
      .where(filterWhere(scope, filter))
      .limit(cap)
      .as('matches');
    const dir = sql.raw(sort.dir);
    return db
      .select({ id: matches.id, version: matches.version, templateId: matches.templateId, total: sql<number>`(count(*) over ())::int` })
      .from(matches)
      .orderBy(...sort.keys.map((_, n) => sql`${sql.identifier(`k${n}`)} ${dir}`))
      .limit(page.limit)
      .offset(page.offset);
  },

  /** The page's ids in sort order (also what bench/inventory-queries.ts EXPLAINs). */
  pageIdsQuery: (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }) =>
    db
      .select({ id: i.id })
      .from(i)
      .where(filterWhere(scope, filter))
      .orderBy(...orderBy(sort))
      .limit(page.limit)
      .offset(page.offset),

  /**
   * A page without its rows (the list's answer is put together from kept rows, kept-rows.ts): the page's
   * ids in order, each with its item's row version (xmin, which moves with every change of the row) and
   * template (so the rows and their templates can be read at once), and the count of matches up to
   * `cap`. One statement on the items alone, of at least one row: a page past the end is one row of the
   * count and no id. With `key` (everything the statement is made of but the cap), built once per key
   * (builtOnce).
   */
  pageRowVersions: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }, cap: number, key?: string) => {
    const found = await builtOnce(db, key === undefined ? undefined : `${key}\u0000${cap}`, () => pageRowVersionsQuery(db, scope, filter, sort, page, cap), 'by text').execute();
    return { count: found[0]?.count ?? 0, ids: found.filter((r): r is { id: string; version: string; templateId: string | null; count: number } => r.id !== null) };
  },

  /**
   * Rows for these ids with their product, consigner and order and their item's row version, in the
   * order of the ids; not their templates (templatesByIds, withTemplates): the caller may have them kept.
   */
  findVersionedWithoutTemplates: (db: DbOrTx, storeId: string, ids: string[]) => findWithoutTemplates(db, storeId, ids, true) as Promise<(Omit<InventoryWithRelations, 'template'> & { version: string })[]>,

  templatesByIds,

  /** count(*) of at most `cap` matching rows. */
  cappedCountQuery: (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, cap: number) => {
    const capped = db
      .select({ one: sql<number>`1`.as('one') })
      .from(i)
      .where(filterWhere(scope, filter))
      .limit(cap)
      .as('capped');
    return db.select({ count: countOf }).from(capped);
  },

  /**
   * Grouped view: a page of products (with item and unit counts) ordered by the given aggregate, each
   * row carrying the number of groups (a window over the grouped rows, so one read gives the page and
   * its count; a page past the end has no row to carry it: countProductGroups then). With no filter
   * but statuses and products, from inventory_product_stats (a row per status and product); else
   * from the matching items.
   */
  findProductGroups: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, option: SortOption, page: { limit: number; offset: number }) =>
    inventoryQueriesRepository.productGroupsQuery(db, scope, filter, option, page),

  productGroupsQuery: (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, option: SortOption, page: { limit: number; offset: number }) => {
    const groups = sql<number>`(count(*) over ())::int`.mapWith(Number);
    const fromStats = statsFilter(scope, filter);
    const query = fromStats
      ? db
          .select({ productId: stats.productId, items: sql<number>`sum(${stats.items})::int`.mapWith(Number), units: sql<number>`sum(${stats.units})::int`.mapWith(Number), groups })
          .from(stats)
          .where(fromStats)
          .groupBy(stats.productId)
          .orderBy(...statsGroupOrder(option, scope.storeId))
      : db
          .select({ productId: i.productId, items: countOf, units: sql<number>`coalesce(sum(${i.quantity}), 0)::int`, groups })
          .from(i)
          .where(filterWhere(scope, filter))
          .groupBy(i.productId)
          .orderBy(...groupOrder(option, scope.storeId));
    return query.limit(page.limit).offset(page.offset);
  },

  countProductGroups: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter) => {
    const fromStats = statsFilter(scope, filter);
    // a hash aggregate of the products, cheaper than count(distinct), which sorts every row
    const groups = fromStats
      ? db.select({ productId: stats.productId }).from(stats).where(fromStats).groupBy(stats.productId).as('groups')
      : db.select({ productId: i.productId }).from(i).where(filterWhere(scope, filter)).groupBy(i.productId).as('groups');
    return (await db.select({ count: countOf }).from(groups))[0].count;
  },

  /**
   * The first `perGroup` items of each of these products, by the sort, with their relations, product
   * by product: the items ranked within their product and read with their relations in one query.
   */
  findFirstItemsOfProducts: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, productIds: string[], perGroup: number) => {
    if (!productIds.length) return [];
    const ranked = db
      .select({ id: i.id, rank: sql<number>`row_number() over (partition by ${i.productId} order by ${sql.join(orderBy(sort), sql`, `)})`.as('rank') })
      .from(i)
      .where(and(filterWhere(scope, filter), sql`${i.productId} = any(${sql.param(productIds)}::uuid[])`))
      .as('ranked');
    const rows = await db
      .select(RELATIONS)
      .from(ranked)
      .innerJoin(i, and(eq(i.storeId, scope.storeId), eq(i.id, ranked.id)))
      .leftJoin(products, and(eq(products.storeId, i.storeId), eq(products.id, i.productId)))
      .leftJoin(consigners, and(eq(consigners.storeId, i.storeId), eq(consigners.id, i.consignerId)))
      .leftJoin(orders, and(eq(orders.storeId, i.storeId), eq(orders.id, i.orderId)))
      .where(sql`${ranked.rank} <= ${perGroup}`)
      .orderBy(i.productId, ranked.rank);
    return withTemplates(rows, await templatesByIds(db, scope.storeId, templateIdsOf(rows)));
  },

  /** The product of each of these ids, as a list row shows it. */
  productRefs: async (db: DbOrTx, storeId: string, productIds: string[]) =>
    productIds.length
      ? db
          .select({ id: products.id, title: products.title, sku: products.sku, image: products.image })
          .from(products)
          .where(and(eq(products.storeId, storeId), sql`${products.id} = any(${sql.param(productIds)}::uuid[])`))
      : [],

  /**
   * The export reader: CSV text in sort order, one chunk per batch, each batch starting after the last
   * row of the one before (keyset), so memory stays flat and every batch is a short index-range query.
   * Postgres writes the CSV lines and joins each batch into one value: on PGlite, turning wide rows
   * into JS objects costs ~4x more than the whole query (bench/README.md).
   */
  exportCsvBatches: async function* (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, batchSize: number): AsyncGenerator<string> {
    const where = filterWhere(scope, filter);
    const keys = keyColumns(sort);
    const readBatch = async (after: string[] | null): Promise<{ text: string | null; count: number; last: string[] }> => {
      const batch = db
        .select({
          line: sql<string>`${csvLine()}`.as('line'),
          n: sql<number>`row_number() over (order by ${sql.join(orderBy(sort), sql`, `)})`.as('n'),
          ...Object.fromEntries(Object.entries(keys).map(([name, expr]) => [name, expr.as(name)])),
        })
        .from(i)
        .leftJoin(consigners, and(eq(consigners.storeId, i.storeId), eq(consigners.id, i.consignerId)))
        .leftJoin(orders, and(eq(orders.storeId, i.storeId), eq(orders.id, i.orderId)))
        .where(after ? and(where, afterKeys(sort, after)) : where)
        .orderBy(...orderBy(sort))
        .limit(batchSize)
        .as('batch');
      // the sort keys of the batch's last row, where the next batch starts
      const lastKeys = Object.keys(keys).map((name) => sql`(array_agg(${sql.identifier('batch')}.${sql.identifier(name)} order by ${batch.n} desc))[1]`);
      const [row] = await db
        .select({
          text: sql<string | null>`string_agg(${batch.line}, E'\\n' order by ${batch.n})`,
          count: countOf,
          last: sql<string[]>`json_build_array(${sql.join(lastKeys, sql`, `)})`.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as string[]),
        })
        .from(batch);
      return row;
    };
    for (let after: string[] | null = null; ; ) {
      const { text, count, last } = await readBatch(after);
      if (count > 0 && text !== null) yield text;
      if (count < batchSize) return;
      after = last;
    }
  },

  /** Distinct values of the filterable columns in one pass (grouping sets). */
  distinctValues: async (db: DbOrTx, scope: InventoryScope) =>
    db
      .select({
        set: sql<number>`grouping(${i.status}, ${i.option1Value}, ${i.option2Value}, ${i.option3Value}, ${i.category}, ${i.location}, ${i.subLocation})`.mapWith(Number),
        status: i.status,
        option1Value: i.option1Value,
        option2Value: i.option2Value,
        option3Value: i.option3Value,
        category: i.category,
        location: i.location,
        subLocation: i.subLocation,
      })
      .from(i)
      .where(filterWhere(scope, {}))
      .groupBy(
        sql`grouping sets ((${i.status}), (${i.option1Value}), (${i.option2Value}), (${i.option3Value}), (${i.category}), (${i.location}, ${i.subLocation}))`,
      ),

  templateOptions: async (db: DbOrTx, storeId: string) =>
    db
      .select({
        category: productTemplates.category,
        option1: productTemplates.option1,
        option2: productTemplates.option2,
        option3: productTemplates.option3,
        option1Values: productTemplates.option1Values,
        option2Values: productTemplates.option2Values,
        option3Values: productTemplates.option3Values,
      })
      .from(productTemplates)
      .where(eq(productTemplates.storeId, storeId))
      .orderBy(asc(productTemplates.createdAt)),

  productCategories: async (db: DbOrTx, storeId: string) =>
    (await db.selectDistinct({ category: products.category }).from(products).where(eq(products.storeId, storeId))).map((r) => r.category),

  locations: async (db: DbOrTx, storeId: string) => db.select().from(locations).where(eq(locations.storeId, storeId)).orderBy(asc(locations.name)),

  subLocations: async (db: DbOrTx, storeId: string) =>
    db.select().from(subLocations).where(eq(subLocations.storeId, storeId)).orderBy(asc(subLocations.locationName), asc(subLocations.name)),

  consigners: async (db: DbOrTx, storeId: string, onlyId?: string) =>
    db
      .select({
        id: consigners.id,
        firstName: consigners.firstName,
        lastName: consigners.lastName,
        email: consigners.email,
        isStoreAccount: consigners.isStoreAccount,
      })
      .from(consigners)
      .where(and(eq(consigners.storeId, storeId), onlyId ? eq(consigners.id, onlyId) : undefined))
      .orderBy(asc(consigners.firstName), asc(consigners.lastName), asc(consigners.email)),

  /** Catalogue products by title, SKU or brand (products.search_text, trigram-indexed by the catalogue). */
  findProducts: async (db: DbOrTx, storeId: string, search: string | undefined, take: number) => {
    const where = and(eq(products.storeId, storeId), searchCondition(sql`${products.searchText}`, search));
    const [rows, [{ count }]] = await Promise.all([
      db
        .select({
          product: products,
          template: { id: productTemplates.id, option1Values: productTemplates.option1Values },
        })
        .from(products)
        .leftJoin(productTemplates, and(eq(productTemplates.storeId, products.storeId), eq(productTemplates.id, products.productTemplateId)))
        .where(where)
        .orderBy(asc(products.title), asc(products.id))
        .limit(take),
      db.select({ count: countOf }).from(products).where(where),
    ]);
    return { rows, count };
  },

  /** Units on hand (Active) per product variant, optionally at one location. */
  variantStock: async (db: DbOrTx, storeId: string, where: { productIds?: string[]; skus?: string[]; location?: string; excludeConsignerId?: string }) => {
    const conds = [
      eq(i.storeId, storeId),
      eq(i.status, 'Active'),
      where.productIds ? inArray(i.productId, where.productIds) : undefined,
      where.skus ? inArray(i.sku, where.skus) : undefined,
      where.location ? eq(i.location, where.location) : undefined,
      where.excludeConsignerId ? ne(i.consignerId, where.excludeConsignerId) : undefined,
    ];
    return db
      .select({
        productId: i.productId,
        sku: i.sku,
        option1Value: i.option1Value,
        option2Value: i.option2Value,
        option3Value: i.option3Value,
        qty: sql<number>`coalesce(sum(${i.quantity}), 0)::int`,
        lowestPrice: sql<number>`min(${i.price})::int`,
      })
      .from(i)
      .where(and(...conds))
      .groupBy(i.productId, i.sku, i.option1Value, i.option2Value, i.option3Value);
  },

  /** The lowest price and unit count of one variant on hand. */
  variantLowest: async (
    db: DbOrTx,
    storeId: string,
    v: { productId: string; option1Value?: string; option2Value?: string; option3Value?: string; location?: string },
  ) => {
    const conds = [
      eq(i.storeId, storeId),
      eq(i.productId, v.productId),
      eq(i.status, 'Active'),
      v.option1Value !== undefined ? eq(i.option1Value, v.option1Value) : undefined,
      v.option2Value !== undefined ? eq(i.option2Value, v.option2Value) : undefined,
      v.option3Value !== undefined ? eq(i.option3Value, v.option3Value) : undefined,
      v.location !== undefined ? eq(i.location, v.location) : undefined,
    ];
    const [row] = await db
      .select({ qty: sql<number>`coalesce(sum(${i.quantity}), 0)::int`, price: sql<number | null>`min(${i.price})` })
      .from(i)
      .where(and(...conds));
    return { qty: row?.qty ?? 0, price: row?.price === null || row?.price === undefined ? null : Number(row.price) };
  },

  /** Rows (up to `limit`, by the sort) and count of items matching the filter and an extra condition. */
  findWhere: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, extra: SQL | undefined, sort: SortSpec, limit: number) => {
    const where = and(filterWhere(scope, filter), extra);
    const [ids, [{ count }]] = await Promise.all([
      db
        .select({ id: i.id })
        .from(i)
        .where(where)
        .orderBy(...orderBy(sort))
        .limit(limit),
      db.select({ count: countOf }).from(i).where(where),
    ]);
    return {
      rows: await findWithRelations(
        db,
        scope.storeId,
        ids.map((r) => r.id),
      ),
      count,
    };
  },

  /** Money sums of the items matching the filter plus an extra condition. */
  sumTotals: async (db: DbOrTx, scope: InventoryScope, filter: InventoryFilter, extra: SQL | undefined) =>
    (
      await db
        .select({ total: sql<number>`coalesce(sum(${i.total}), 0)::bigint`.mapWith(Number) })
        .from(i)
        .where(and(filterWhere(scope, filter), extra))
    )[0].total,

  /** Counts, units and values by status, with an optional date window on one timestamp column. */
  statusSummary: async (db: DbOrTx, scope: InventoryScope, window?: { column: 'createdAt' | 'soldOn' | 'acceptedOn'; from?: Date; to?: Date }) => {
    const column = window ? i[window.column] : undefined;
    const conds = [
      filterWhere(scope, {}),
      column && window?.from ? sql`${column} >= ${ts(window.from)}` : undefined,
      column && window?.to ? sql`${column} < ${ts(window.to)}` : undefined,
      column && window ? isNotNull(column) : undefined,
    ];
    return db
      .select({
        status: i.status,
        count: countOf,
        units: sql<number>`coalesce(sum(${i.quantity}), 0)::bigint`.mapWith(Number),
        value: sql<number>`coalesce(sum(${i.price}::bigint * ${i.quantity}), 0)::bigint`.mapWith(Number),
        payout: sql<number>`coalesce(sum(${i.total}::bigint), 0)::bigint`.mapWith(Number),
        cost: sql<number>`coalesce(sum(coalesce(${i.cost}, 0)::bigint * ${i.quantity}), 0)::bigint`.mapWith(Number),
      })
      .from(i)
      .where(and(...conds))
      .groupBy(i.status);
  },
};

/** Ready to pay (payout doc section 2): sold and in no payout yet, or bought by the store and accepted. */
export const READY_TO_PAY: SQL = and(
  isNull(i.payoutId),
  or(eq(i.status, 'Sold'), and(or(isNotNull(i.buyingId), isNotNull(i.paymentType)), isNotNull(i.acceptedOn))),
  sql`not exists (select 1 from ${consigners} where ${consigners.id} = ${i.consignerId} and ${consigners.isStoreAccount})`,
)!;

/**
 * Ready to pay under the store's payout hold (docs/consigner-account.md): a sold item whose latest
 * sale (its ledger 'sale' entry) is on a store day after `cutoff` (holdCutoffOf) is held and left out;
 * with `fromShipping`, an online order's item counts from the day its order shipped and is held while
 * it has not shipped.
 */
export function readyToPayHeldAfter(cutoff: string | null, fromShipping = false): SQL {
  if (cutoff === null) return READY_TO_PAY;
  const heldFrom = new Date(`${cutoff}T00:00:00Z`);
  heldFrom.setUTCDate(heldFrom.getUTCDate() + 1);
  return and(READY_TO_PAY, sql`not (${i.status} = 'Sold' and ${saleHeldSql(i.storeId, i.id, heldFrom, fromShipping)})`)!;
}

export const STORE_REQUEST_STATUSES = ['Consignment', 'Buying'] as const;
