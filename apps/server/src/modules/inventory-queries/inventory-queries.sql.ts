// SQL building blocks of the inventory read side: the filter state as a WHERE clause, the eleven
// sort options as ORDER BY keys, and keyset predicates over those keys. Used by the repository only.
import { INVENTORY_CSV_FIELDS, labelOfField, searchWords, type SortOption } from '@backroom/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { consigners, inventoryItems as i, inventoryProductStats as stats, orders, products } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';
import { csvSql, type CsvSqlCell } from '../../http/csv.ts';

/** Who is asking: always a store, and for a consigner only their own items. */
export type InventoryScope = { storeId: string; consignerId?: string };

export type InventoryFilter = {
  printed?: boolean;
  statuses?: readonly string[];
  option1Values?: readonly string[];
  option2Values?: readonly string[];
  option3Values?: readonly string[];
  categories?: readonly string[];
  locations?: readonly string[];
  subLocations?: readonly string[];
  consignerIds?: readonly string[];
  productIds?: readonly string[];
  search?: string;
  /** Order date from (inclusive) to (exclusive). */
  orderDate?: { from: Date; to: Date };
};

/**
 * What search looks at. The expression is exactly the one of the trigram GIN index
 * inventory_search_trgm_idx (migration 0004), so `LIKE '%term%'` is answered by the index.
 */
const SEARCH_EXPR = sql`lower(${i.title} || ' ' || ${i.sku} || ' ' || ${i.code})`;

export function searchCondition(expr: SQL, search: string | undefined): SQL | undefined {
  // every word (lower-cased, as `expr` is) must appear
  const words = searchWords(search);
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`${expr} like ${containsPattern(w)}`));
}

function oneOf(column: AnyPgColumn, values: readonly string[] | undefined): SQL | undefined {
  if (!values?.length) return undefined;
  // a single value as `=` keeps the planner's estimates (and index choice) exact
  return values.length === 1 ? eq(column, values[0]) : inArray(column, [...values]);
}

export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function filterWhere(scope: InventoryScope, f: InventoryFilter): SQL {
  const conds: (SQL | undefined)[] = [
    eq(i.storeId, scope.storeId),
    scope.consignerId ? eq(i.consignerId, scope.consignerId) : undefined,
    oneOf(i.consignerId, f.consignerIds),
    oneOf(i.status, f.statuses),
    oneOf(i.productId, f.productIds),
    oneOf(i.option1Value, f.option1Values),
    oneOf(i.option2Value, f.option2Values),
    oneOf(i.option3Value, f.option3Values),
    oneOf(i.category, f.categories),
    oneOf(i.location, f.locations),
    oneOf(i.subLocation, f.subLocations),
    f.printed === undefined ? undefined : eq(i.printed, f.printed),
    searchCondition(SEARCH_EXPR, f.search),
    f.orderDate
      ? sql`${i.orderId} in (select ${orders.id} from ${orders} where ${orders.storeId} = ${scope.storeId} and ${orders.orderDate} >= ${ts(f.orderDate.from)} and ${orders.orderDate} < ${ts(f.orderDate.to)})`
      : undefined,
  ];
  return and(...conds.filter((c): c is SQL => c !== undefined))!;
}

/** A sort key: a never-null expression and the SQL type its text form is cast back to for keysets. */
export type SortKey = { expr: SQL; type: 'timestamptz' | 'integer' | 'numeric' | 'text' | 'uuid' };
export type SortSpec = { keys: SortKey[]; dir: 'asc' | 'desc' };

const key = (expr: SQL | AnyPgColumn, type: SortKey['type']): SortKey => ({ expr: sql`${expr}`, type });
const ID = key(i.id, 'uuid');

// Size sort (catalogue doc section 5): the key of inventory_size_key (migration 0006) - numbers
// numerically, then XXS..XXL, then other text in natural order, as compareSizes of the domain -
// compared byte-wise. Items without a size sort after every size ('3'), so first when descending:
// high-to-low is exactly the reverse of low-to-high, and one index (migration 0008, same expression)
// serves both.
const SIZE_KEY = key(sql`(coalesce(inventory_size_key(${i.option1Value}), '3') collate "C")`, 'text');

/**
 * inventoryPriority: the order in which a variant's units would be sold - the store's own stock first
 * when the store prioritises it (store setting prioritizeStore), then the lowest price, then the
 * longest on the floor (accepted first), then the oldest listing.
 */
function priorityKeys(prioritizeStore: boolean): SortKey[] {
  const storeFirst = key(
    sql`(case when exists (select 1 from ${consigners} where ${consigners.id} = ${i.consignerId} and ${consigners.isStoreAccount}) then 0 else 1 end)`,
    'integer',
  );
  return [
    ...(prioritizeStore ? [storeFirst] : []),
    key(i.price, 'integer'),
    key(sql`coalesce(${i.acceptedOn}, 'infinity'::timestamptz)`, 'timestamptz'),
    key(i.createdAt, 'timestamptz'),
    ID,
  ];
}

export function sortSpec(option: SortOption, opts: { prioritizeStore: boolean }): SortSpec {
  switch (option) {
    case 'oldestCreated':
      return { keys: [key(i.createdAt, 'timestamptz'), ID], dir: 'asc' };
    case 'newestCreated':
      return { keys: [key(i.createdAt, 'timestamptz'), ID], dir: 'desc' };
    case 'oldestUpdated':
      return { keys: [key(i.updatedAt, 'timestamptz'), ID], dir: 'asc' };
    case 'newestUpdated':
      return { keys: [key(i.updatedAt, 'timestamptz'), ID], dir: 'desc' };
    case 'lowestPrice':
      return { keys: [key(i.price, 'integer'), ID], dir: 'asc' };
    case 'highestPrice':
      return { keys: [key(i.price, 'integer'), ID], dir: 'desc' };
    case 'lowestPayout':
      return { keys: [key(i.payout, 'integer'), ID], dir: 'asc' };
    case 'highestPayout':
      return { keys: [key(i.payout, 'integer'), ID], dir: 'desc' };
    case 'inventoryPriority':
      return { keys: priorityKeys(opts.prioritizeStore), dir: 'asc' };
    case 'sizeLowToHigh':
      return { keys: [SIZE_KEY, ID], dir: 'asc' };
    case 'sizeHighToLow':
      return { keys: [SIZE_KEY, ID], dir: 'desc' };
  }
}

export function orderBy(spec: SortSpec): SQL[] {
  const dir = sql.raw(spec.dir);
  return spec.keys.map((k) => sql`${k.expr} ${dir}`);
}

/** The keys as text, selected with each row so the next batch can start after it. */
export function keyColumns(spec: SortSpec): Record<string, SQL<string>> {
  return Object.fromEntries(spec.keys.map((k, n) => [`k${n}`, sql<string>`(${k.expr})::text`]));
}

/** Rows after the given key values in the sort order: (k0, k1, ...) > (v0, v1, ...) (or < when descending). */
export function afterKeys(spec: SortSpec, values: string[]): SQL {
  const lhs = sql.join(
    spec.keys.map((k) => sql`${k.expr}`),
    sql`, `,
  );
  const rhs = sql.join(
    spec.keys.map((k, n) => sql`${values[n]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return spec.dir === 'asc' ? sql`(${lhs}) > (${rhs})` : sql`(${lhs}) < (${rhs})`;
}

/** What the grouped view orders its products by: an aggregate of one value of their items, or the title. */
type GroupKey = { value: 'createdAt' | 'updatedAt' | 'price' | 'payout'; agg: 'min' | 'max'; dir: 'asc' | 'desc' } | { value: 'title'; dir: 'asc' };

/**
 * How the grouped view orders its products for a sort option: by the matching aggregate of their
 * items (newest update first, lowest price first...); size sorts and priority order products by title.
 * Ties go by product id in the same direction.
 */
function groupKey(option: SortOption): GroupKey {
  switch (option) {
    case 'oldestCreated':
      return { value: 'createdAt', agg: 'min', dir: 'asc' };
    case 'newestCreated':
      return { value: 'createdAt', agg: 'max', dir: 'desc' };
    case 'oldestUpdated':
      return { value: 'updatedAt', agg: 'min', dir: 'asc' };
    case 'newestUpdated':
      return { value: 'updatedAt', agg: 'max', dir: 'desc' };
    case 'lowestPrice':
    case 'inventoryPriority':
      return { value: 'price', agg: 'min', dir: 'asc' };
    case 'highestPrice':
      return { value: 'price', agg: 'max', dir: 'desc' };
    case 'lowestPayout':
      return { value: 'payout', agg: 'min', dir: 'asc' };
    case 'highestPayout':
      return { value: 'payout', agg: 'max', dir: 'desc' };
    case 'sizeLowToHigh':
    case 'sizeHighToLow':
      return { value: 'title', dir: 'asc' };
  }
}

const productTitle = (storeId: string, productId: AnyPgColumn) =>
  sql`(select ${products.title} from ${products} where ${products.storeId} = ${storeId} and ${products.id} = ${productId})`;

/** ORDER BY of the grouped view over the items, grouped by product. */
export function groupOrder(option: SortOption, storeId: string): SQL[] {
  const k = groupKey(option);
  const dir = sql.raw(k.dir);
  const expr = k.value === 'title' ? productTitle(storeId, i.productId) : sql`${sql.raw(k.agg)}(${i[k.value]})`;
  return [sql`${expr} ${dir}`, sql`${i.productId} ${dir}`];
}

const STAT_OF = {
  createdAt: { min: stats.minCreatedAt, max: stats.maxCreatedAt },
  updatedAt: { min: stats.minUpdatedAt, max: stats.maxUpdatedAt },
  price: { min: stats.minPrice, max: stats.maxPrice },
  payout: { min: stats.minPayout, max: stats.maxPayout },
} as const;

/**
 * The same ORDER BY over inventory_product_stats grouped by product: the least of the statuses' least
 * values (or the greatest of their greatest) is the aggregate over the items themselves.
 */
export function statsGroupOrder(option: SortOption, storeId: string): SQL[] {
  const k = groupKey(option);
  const dir = sql.raw(k.dir);
  const expr = k.value === 'title' ? productTitle(storeId, stats.productId) : sql`${sql.raw(k.agg)}(${STAT_OF[k.value][k.agg]})`;
  return [sql`${expr} ${dir}`, sql`${stats.productId} ${dir}`];
}

/**
 * The grouped view reads inventory_product_stats when the list asks for nothing that table does not
 * hold: statuses and products only, no consigner's scope. Then the filter on it; else null (the
 * items are aggregated). Any other filter, known today or added later, has the items read.
 */
export function statsFilter(scope: InventoryScope, f: InventoryFilter): SQL | null {
  const { statuses, productIds, search, ...rest } = f;
  const other = Object.values(rest).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  if (scope.consignerId || other || searchWords(search).length > 0) return null;
  return and(eq(stats.storeId, scope.storeId), oneOf(stats.status, statuses), oneOf(stats.productId, productIds))!;
}

// ---- CSV export -------------------------------------------------------------------------------
// Each row's CSV line is written by Postgres with the cells of the one CSV writer (http/csv.ts):
// text neutralised against formulas and quoted, money as decimal major units with 2 places, times
// ISO 8601 in UTC as the API gives them.

const money = (x: AnyPgColumn) => csvSql.number(sql`${x}::numeric / 100`, 2);

const EXPORT_COLUMNS: [string, CsvSqlCell][] = [
  ['Id', csvSql.text(i.id)],
  ['Code', csvSql.text(i.code)],
  ['Title', csvSql.text(i.title)],
  ['SKU', csvSql.text(i.sku)],
  ['Status', csvSql.text(i.status)],
  ['Category', csvSql.text(i.category)],
  ['Option 1', csvSql.text(i.option1Value)],
  ['Option 2', csvSql.text(i.option2Value)],
  ['Option 3', csvSql.text(i.option3Value)],
  ['Price', money(i.price)],
  ['Payout', money(i.payout)],
  ['Payout Fee', money(i.payoutFee)],
  ['Total', money(i.total)],
  ['Cost', money(i.cost)],
  ['Quantity', csvSql.number(i.quantity)],
  ['Location', csvSql.text(i.location)],
  ['Sub-location', csvSql.text(i.subLocation)],
  ['Consigner', csvSql.text(sql`nullif(trim(${consigners.firstName} || ' ' || ${consigners.lastName}), '')`)],
  ['Consigner Email', csvSql.text(consigners.email)],
  ['Printed', csvSql.boolean(i.printed)],
  ['Accepted On', csvSql.timestamp(i.acceptedOn)],
  ['Sold On', csvSql.timestamp(i.soldOn)],
  ['Order', csvSql.text(orders.name)],
  ['Order Date', csvSql.timestamp(orders.orderDate)],
  ['Tracking Code', csvSql.text(i.trackingCode)],
  ['Notes', csvSql.text(i.notes)],
  // the item's fields the domain's list marks for export (inventory-fields.ts), as stored (days as YYYY-MM-DD)
  ...INVENTORY_CSV_FIELDS.map((field): [string, CsvSqlCell] => [labelOfField(field), csvSql.text(i[field])]),
  ['Created At', csvSql.timestamp(i.createdAt)],
  ['Updated At', csvSql.timestamp(i.updatedAt)],
];

export const EXPORT_HEADERS = EXPORT_COLUMNS.map(([header]) => header);

/** One item's CSV line; the query joins consigners and orders. */
export const csvLine = () => csvSql.line(EXPORT_COLUMNS.map(([, cell]) => cell));
