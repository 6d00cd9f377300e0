import type { Readable } from 'node:stream';
import {
  holdCutoffOf,
  nextMarkdownFor,
  storeDayOf,
  optionLabelsOf,
  sortSizes,
  toMajor,
  type SortOption,
  type ZConsignerRequestedItems,
  type ZDashboardInventory,
  type ZInventoryFilterOptions,
  type ZInventoryList,
  type ZInventoryPage,
  type ZLowestPriceForVariant,
  type ZLowestPriceInventories,
  type ZOrdersPayoutInventories,
  type ZStoreProducts,
  ZInventoryItem,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import { csvDocument } from '../../http/csv.ts';
import { JsonText } from '../../http/json-text.ts';
import type { CachedReads } from '../../http/read-cache.ts';
import { compiledValueSerializer } from '../../http/response-serializer.ts';
import type { StoreVersion } from '../../db/store-versions.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toInventoryItem, type InventoryItemResponse, type InventoryWithRelations } from '../inventory/index.ts';
import { schedulesByIds } from '../markdowns/index.ts';
import { toFilterOptions, toListItem, toProductGroup, valuesOfItems, valuesOfTemplates } from './inventory-queries.mapper.ts';
import { keptRowsOf, rowKey } from './kept-rows.ts';
import {
  inventoryQueriesRepository as repo,
  readyToPayHeldAfter,
  STORE_REQUEST_STATUSES,
  templateIdsOf,
  withTemplates,
  type InventoryFilter,
  type InventoryScope,
} from './inventory-queries.repository.ts';
import type {
  TDateInput,
  TInventoryFilterQuery,
  TPaginatedInventoriesQuery,
  ZConsignerRequestedItemsQuery,
  ZDashboardInventoryQuery,
  ZInventoriesQuery,
  ZLowestPriceForVariantBody,
  ZLowestPriceInventoriesBody,
  ZOrdersPayoutQuery,
  ZStoreProductsQuery,
} from '@backroom/domain';
import { EXPORT_HEADERS, sortSpec, type SortSpec } from './inventory-queries.sql.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Map.groupBy arrives with Node 21; the server runs on Node 20.
function groupBy<T, K>(list: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** GET /api/inventories and the other unpaginated lists answer at most this many rows. */
const LIST_CAP = 5000;
/** Items shown under each product of the grouped view (catalogue doc section 9: nested rows page size 10). */
const GROUP_ITEMS = 10;
export const EXPORT_BATCH = 2000;
/** Lists count exactly up to this many items, and give the planner's estimate above (countIsEstimate). */
const COUNT_EXACT_LIMIT = 10_000;

/** Consigners only ever see their own items: their id is part of every query's scope. */
export function scopeOf(store: Tenant, actor: Actor): InventoryScope {
  return actor.kind === 'consigner' ? { storeId: store.id, consignerId: actor.id } : { storeId: store.id };
}

/** The end of a range: a calendar date includes that whole day, a timestamp is taken as it is. */
export const rangeEnd = (d: TDateInput) => (d.dateOnly ? new Date(d.at.getTime() + DAY_MS) : d.at);

function toFilter(q: TInventoryFilterQuery): InventoryFilter {
  return {
    printed: q.printed,
    statuses: q.status,
    option1Values: q.option1Value,
    option2Values: q.option2Value,
    option3Values: q.option3Value,
    categories: q.category,
    locations: q.location,
    subLocations: q.subLocation,
    consignerIds: q.consigner,
    productIds: q.productId,
    search: q.search,
    orderDate: q.orderDateRange ? { from: q.orderDateRange.from.at, to: rangeEnd(q.orderDateRange.to) } : undefined,
  };
}

/** The rows of the page asked for: the page and its check (paginatedInventoriesFingerprint) read the same ones. */
const pageOf = (q: Pick<TPaginatedInventoriesQuery, 'pageSize' | 'currentPage'>) => ({ limit: q.pageSize, offset: (q.currentPage - 1) * q.pageSize });

const sortOf = (store: Tenant, option: SortOption) => sortSpec(option, { prioritizeStore: store.prioritizeStore });

/**
 * A page and the count. PostgreSQL runs both side by side on its pool. PGlite has one connection, so
 * there a searched list reads its matches once for both, and otherwise the page comes first: a page
 * that is not full ends the list (an empty first page: an empty list) and gives the count without
 * counting.
 */
async function findPageAndCount(ctx: AppContext, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }) {
  if (ctx.database.kind === 'postgres') {
    const [rows, { count, estimated }] = await Promise.all([repo.findPage(ctx.db, scope, filter, sort, page), repo.countUpTo(ctx.db, scope, filter, COUNT_EXACT_LIMIT)]);
    return { rows, count, estimated };
  }
  if (filter.search?.trim()) {
    const found = await repo.findSearchedPageAndCount(ctx.db, scope, filter, sort, page, COUNT_EXACT_LIMIT + 1);
    if (found) return { ...found, estimated: false };
  }
  const rows = await repo.findPage(ctx.db, scope, filter, sort, page);
  const ended = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  const { count, estimated } = ended ? { count: page.offset + rows.length, estimated: false } : await repo.countUpTo(ctx.db, scope, filter, COUNT_EXACT_LIMIT);
  return { rows, count, estimated };
}

/**
 * What a page of findPaginatedInventories reads, for the version its kept answer is compared by
 * (http/read-cache.ts): the items of its statuses, or of every status with no status filter and in the
 * grouped view (its per-product counts span the statuses), and what the rows join.
 */
export function paginatedInventoriesReads(q: Pick<TPaginatedInventoriesQuery, 'status' | 'groupBy'>): CachedReads {
  return { itemStatuses: q.status.length && q.groupBy !== 'product' ? q.status : 'all' };
}

/**
 * GET /api/inventories/paginatedInventories as text, put together from the rows' kept text (kept-rows.ts,
 * docs/scaling.md "A page put together from kept rows"): one statement gives the page's ids in order with
 * each item's row version and the count; only the rows not kept as they now are (changed, or made of
 * a consigner, product, order, template or schedule that changed since: `storeVersion`'s parts) are
 * read, with their relations. The same text as findPaginatedInventories's answer serialised (tested).
 * Not for the grouped view.
 */
export async function paginatedInventoriesText(ctx: AppContext, store: Tenant, actor: Actor, q: TPaginatedInventoriesQuery, storeVersion: StoreVersion | null): Promise<JsonText> {
  const scope = scopeOf(store, actor);
  const filter = toFilter(q);
  const page = pageOf(q);
  // everything the page's statement is made of: it is built once per key (the repository's builtOnce)
  const key = JSON.stringify([scope, filter, q.sortOption, store.prioritizeStore, page]);
  const { ids, count, estimated } = await pageIdsAndCount(ctx, scope, filter, sortOf(store, q.sortOption), page, key);
  const rows = await rowTexts(ctx, store, ids, { products: q.takeProducts, consigners: q.takeConsigners }, storeVersion);
  return JsonText.joined('{"data":{"rows":[', rows, ',', `],"count":${count},"countIsEstimate":${estimated}}}`);
}

/**
 * The page's ids with their row versions, and the count: one statement (a searched list on PGlite reads
 * its matches once for both, as findPageAndCount does); a count past the exact limit is the planner's
 * estimate.
 */
async function pageIdsAndCount(ctx: AppContext, scope: InventoryScope, filter: InventoryFilter, sort: SortSpec, page: { limit: number; offset: number }, key: string) {
  if (ctx.database.kind === 'pglite' && filter.search?.trim()) {
    const hits = await repo.searchedPageAndCountQuery(ctx.db, scope, filter, sort, page, COUNT_EXACT_LIMIT + 1);
    if (hits.length && hits[0].total <= COUNT_EXACT_LIMIT) return { ids: hits, count: hits[0].total, estimated: false };
  }
  const { ids, count: capped } = await repo.pageRowVersions(ctx.db, scope, filter, sort, page, COUNT_EXACT_LIMIT + 1, key);
  if (capped <= COUNT_EXACT_LIMIT) return { ids, count: capped, estimated: false };
  return { ids, ...(await repo.countUpTo(ctx.db, scope, filter, COUNT_EXACT_LIMIT)) };
}

const serializedRow = new Map<boolean, (row: unknown) => string>();
/** One row's JSON, as the route's serialiser writes it inside the page (strict where the routes are). */
function rowJson(ctx: AppContext, row: InventoryItemResponse): string {
  const strict = ctx.config.strictResponses;
  let serialize = serializedRow.get(strict);
  if (!serialize) {
    serialize = compiledValueSerializer(ZInventoryItem, strict, { method: 'GET', url: '/api/inventories/paginatedInventories' });
    serializedRow.set(strict, serialize);
  }
  return serialize(row);
}

/** When a row read at `now` would read differently: its days on the floor at the next whole day, its next markdown at the next store day. */
function rowUntil(item: { status: string; acceptedOn: Date | null }, now: Date): number {
  const nextDay = Date.parse(`${storeDayOf(now)}T00:00:00Z`) + DAY_MS;
  if (item.status !== 'Active' || !item.acceptedOn) return nextDay;
  const days = Math.floor((now.getTime() - item.acceptedOn.getTime()) / DAY_MS);
  return Math.min(nextDay, item.acceptedOn.getTime() + (days + 1) * DAY_MS);
}

type PageRow = { id: string; version: string; templateId: string | null };

/** The page's rows as JSON (UTF-8 bytes), in its order: kept where still current (kept-rows.ts), else read with their relations and kept. */
async function rowTexts(ctx: AppContext, store: Tenant, ids: PageRow[], take: { products: boolean; consigners: boolean }, storeVersion: StoreVersion | null): Promise<Buffer[]> {
  const kept = keptRowsOf(ctx, ctx.config.readCache && ctx.config.cacheTtlMs > 0);
  const shape = `${take.products ? 'p' : ''}${take.consigners ? 'c' : ''}`;
  // what else a row is made of; without the store's version nothing is kept
  const made = storeVersion ? `${storeVersion.people}.${storeVersion.catalogue}.${storeVersion.other}.${store.markdownFloor}` : null;
  const now = new Date();
  const texts = ids.map(({ id, version }) => (made === null ? null : kept.get(rowKey(store.id, shape, id), version, made, now.getTime())));
  const missing = ids.filter((_, n) => texts[n] === null);
  if (!missing.length) return texts as Buffer[];
  const templatesOf = (templateIds: string[]) => kept.templates(store.id, storeVersion?.other ?? null, templateIds, (wanted) => repo.templatesByIds(ctx.db, store.id, wanted));
  // the rows and their templates at once (on PostgreSQL, two connections): the page named the templates
  const [found, named] = await Promise.all([
    repo.findVersionedWithoutTemplates(
      ctx.db,
      store.id,
      missing.map((r) => r.id),
    ),
    templatesOf([...new Set(missing.flatMap((r) => r.templateId ?? []))]),
  ]);
  // a row whose template changed since the page was read names one not read yet
  const unread = templateIdsOf(found).filter((id) => !named.some((t) => t.id === id));
  const rows = withTemplates(found, unread.length ? [...named, ...(await templatesOf(unread))] : named);
  const items = await withNextMarkdowns(ctx, store, rows, rows.map((r) => toListItem(r, take, now)), now);
  const read = new Map<string, Buffer>();
  rows.forEach((row, n) => {
    const json = Buffer.from(rowJson(ctx, items[n]));
    read.set(row.item.id, json);
    if (made !== null) kept.keep(rowKey(store.id, shape, row.item.id), { version: row.version, made, until: rowUntil(row.item, now), json });
  });
  // a row deleted between the two statements is left out, as findPage leaves it
  return ids.flatMap(({ id }, n) => texts[n] ?? read.get(id) ?? []);
}

/** GET /api/inventories/paginatedInventories: one page of rows (or of product groups) and the count. */
export async function findPaginatedInventories(ctx: AppContext, store: Tenant, actor: Actor, q: TPaginatedInventoriesQuery): Promise<z.input<typeof ZInventoryPage>> {
  const scope = scopeOf(store, actor);
  const filter = toFilter(q);
  const sort = sortOf(store, q.sortOption);
  const page = pageOf(q);
  const take = { products: q.takeProducts, consigners: q.takeConsigners };
  const now = new Date();

  if (q.groupBy === 'product') {
    const groups = await repo.findProductGroups(ctx.db, scope, filter, q.sortOption, page);
    const count = groups.length ? groups[0].groups : page.offset === 0 ? 0 : await repo.countProductGroups(ctx.db, scope, filter);
    const productIds = groups.map((g) => g.productId);
    const perGroup = Math.min(q.groupItems, GROUP_ITEMS);
    // without items, the products themselves (with items, the first item carries its product)
    const [items, products] = await Promise.all([
      perGroup > 0 ? repo.findFirstItemsOfProducts(ctx.db, scope, filter, sort, productIds, perGroup) : [],
      perGroup > 0 ? [] : repo.productRefs(ctx.db, store.id, productIds),
    ]);
    const byProduct = groupBy(
      items.map((r) => toListItem(r, take, now)),
      (item) => item.productId,
    );
    const productById = new Map(products.map((p) => [p.id, p]));
    return { rows: groups.map((g) => toProductGroup(g, byProduct.get(g.productId) ?? [], productById.get(g.productId))), count, countIsEstimate: false };
  }

  const { rows, count, estimated } = await findPageAndCount(ctx, scope, filter, sort, page);
  return { rows: await withNextMarkdowns(ctx, store, rows, rows.map((r) => toListItem(r, take, now)), now), count, countIsEstimate: estimated };
}

/**
 * Each Active item's next markdown (the portal's "Next markdown" line, docs/consignment-terms.md
 * "Markdowns"): read only when a row of the page is on a schedule, so other pages cost nothing more.
 */
async function withNextMarkdowns(ctx: AppContext, store: Tenant, rows: InventoryWithRelations[], items: InventoryItemResponse[], now: Date): Promise<InventoryItemResponse[]> {
  const scheduleIds = [...new Set(rows.filter((r) => r.item.status === 'Active').flatMap((r) => r.item.consignmentTerms?.markdownScheduleId ?? []))];
  if (!scheduleIds.length) return items;
  const schedules = new Map((await schedulesByIds(ctx.db, store.id, scheduleIds)).map((sc) => [sc.id, sc] as const));
  const today = storeDayOf(now);
  return items.map((out, i) => {
    const { item } = rows[i];
    const schedule = schedules.get(item.consignmentTerms?.markdownScheduleId ?? '');
    if (!schedule) return out;
    const next = nextMarkdownFor(
      { status: item.status, acceptedOn: item.acceptedOn ? storeDayOf(item.acceptedOn) : null, price: item.price, basePrice: item.markdownBasePrice, minimumPrice: item.minimumPrice, category: item.category, productTemplateId: item.productTemplateId },
      schedule,
      store.markdownFloor,
      today,
    );
    return { ...out, nextMarkdown: next };
  });
}

/** GET /api/inventories: every matching item (up to LIST_CAP, by the sort) and the count. */
export async function findInventories(ctx: AppContext, store: Tenant, actor: Actor, q: z.output<typeof ZInventoriesQuery>): Promise<z.input<typeof ZInventoryList>> {
  const scope = scopeOf(store, actor);
  const filter = toFilter(q);
  const { rows, count, estimated } = await findPageAndCount(ctx, scope, filter, sortOf(store, q.sortOption), { limit: LIST_CAP, offset: 0 });
  const now = new Date();
  const take = { products: q.takeProducts, consigners: q.takeConsigners };
  return { rows: rows.map((r) => toListItem(r, take, now)), count, countIsEstimate: estimated };
}

/**
 * GET /api/inventories/filterOptions: what the filters offer. Staff get the store's own lists (every
 * status, the templates' option values, categories, locations, consigners) without scanning items;
 * a consigner gets the values of their own items, and only themselves as consigner.
 */
export async function getFilterOptions(ctx: AppContext, store: Tenant, actor: Actor): Promise<z.input<typeof ZInventoryFilterOptions>> {
  const scope = scopeOf(store, actor);
  const templates = repo.templateOptions(ctx.db, store.id);
  const [values, locations, subLocations, consigners, optionNames] = await Promise.all([
    actor.kind === 'consigner'
      ? repo.distinctValues(ctx.db, scope).then(valuesOfItems)
      : Promise.all([templates, repo.productCategories(ctx.db, store.id)]).then(([t, c]) => valuesOfTemplates(t, c)),
    repo.locations(ctx.db, store.id),
    repo.subLocations(ctx.db, store.id),
    repo.consigners(ctx.db, store.id, scope.consignerId),
    // the filters show the templates' own names for the options ('Box', not 'Option 3')
    templates.then(optionLabelsOf),
  ]);
  return toFilterOptions({
    values,
    optionNames,
    locations,
    subLocations,
    consigners,
    forConsigner: actor.kind === 'consigner' ? { marketplaceLocation: actor.consigner.marketplaceLocation } : null,
  });
}

/**
 * GET /api/inventories/exportInventory: the CSV of every matching item in the list's order, streamed.
 * Batches of CSV text are read by keyset and written as the client takes them, so memory stays flat.
 */
export function exportInventory(ctx: AppContext, store: Tenant, actor: Actor, q: TInventoryFilterQuery): Readable {
  const batches = repo.exportCsvBatches(ctx.db, scopeOf(store, actor), toFilter(q), sortOf(store, q.sortOption), EXPORT_BATCH);
  return csvDocument(EXPORT_HEADERS, batches, (err) => ctx.log.error({ err }, 'inventory export failed'));
}

/**
 * GET /api/inventories/getStoreProducts: catalogue products (search over title, SKU, brand) with the
 * units on hand at the location, per size - Request Items lists the sizes the store has none of.
 * Stock counts are store-wide for consigners too: they are levels, not other consigners' items.
 */
export async function getStoreProducts(ctx: AppContext, store: Tenant, q: z.output<typeof ZStoreProductsQuery>): Promise<z.input<typeof ZStoreProducts>> {
  const { rows, count } = await repo.findProducts(ctx.db, store.id, q.search, q.take);
  const productIds = rows.map((r) => r.product.id);
  const stock = productIds.length ? await repo.variantStock(ctx.db, store.id, { productIds, location: q.location }) : [];
  const stockOf = groupBy(stock, (s) => s.productId);
  const products = rows.map(({ product, template }) => {
    const variants = stockOf.get(product.id) ?? [];
    const units = (size: string) => variants.filter((v) => v.option1Value === size).reduce((n, v) => n + v.qty, 0);
    const sizes = sortSizes([...new Set([...(template?.option1Values ?? []).map((o) => o.value), ...variants.map((v) => v.option1Value ?? '').filter(Boolean)])]);
    const templatePrice = new Map((template?.option1Values ?? []).map((o) => [o.value, o.price === null || o.price === undefined ? null : toMajor(o.price)]));
    return {
      id: product.id,
      title: product.title,
      brand: product.brand,
      sku: product.sku,
      category: product.category,
      gender: product.gender,
      image: product.image,
      productTemplateId: product.productTemplateId,
      price: product.price === null ? null : toMajor(product.price),
      stock: variants.reduce((n, v) => n + v.qty, 0),
      // the size's store-request price, when the template gives one (minor units there, as every amount)
      forRequest: sizes.map((size) => ({ size, inventory: units(size), price: templatePrice.get(size) ?? null })),
    };
  });
  const inventories = stock.map((s) => ({
    productId: s.productId,
    option1Value: s.option1Value,
    option2Value: s.option2Value,
    option3Value: s.option3Value,
    qty: s.qty,
    lowestPrice: toMajor(s.lowestPrice),
  }));
  return { products, inventories, count };
}

/**
 * GET /api/inventories/consignerRequestedItems: the Store Request page - items consigners offered
 * in answer to store requests (Consignment or Buying), grouped by product.
 */
export async function findConsignerRequestedItems(ctx: AppContext, store: Tenant, actor: Actor, q: z.output<typeof ZConsignerRequestedItemsQuery>): Promise<z.input<typeof ZConsignerRequestedItems>> {
  const filter: InventoryFilter = {
    statuses: q.sale === 'all' ? [...STORE_REQUEST_STATUSES] : [q.sale],
    consignerIds: q.consigner ? [q.consigner] : undefined,
    locations: q.location ? [q.location] : undefined,
    search: q.search,
  };
  const { rows, count } = await repo.findWhere(ctx.db, scopeOf(store, actor), filter, undefined, sortOf(store, 'newestUpdated'), LIST_CAP);
  const now = new Date();
  const items = rows.map((r) => toInventoryItem(r, now));
  const groups = groupBy(items, (item) => item.productId);
  const products = [...groups.values()].map((list) => ({ ...list[0].product, inventories: list }));
  return { products, count };
}

/**
 * POST /api/inventories/lowestPriceInventories: per SKU and variant, the lowest price on the shop
 * floor and its units - the listings a consigner prices against, so their own are left out.
 */
export async function findLowestPriceInventories(ctx: AppContext, store: Tenant, actor: Actor, body: z.output<typeof ZLowestPriceInventoriesBody>): Promise<z.input<typeof ZLowestPriceInventories>> {
  const skus = [...new Set(body.productSkus)];
  if (!skus.length) return { inventories: [] };
  const consignerId = actor.kind === 'consigner' ? actor.id : (body.consigner ?? undefined);
  const stock = await repo.variantStock(ctx.db, store.id, { skus, excludeConsignerId: consignerId });
  return {
    inventories: stock.map((s) => ({
      sku: s.sku,
      productId: s.productId,
      option1Value: s.option1Value,
      option2Value: s.option2Value,
      option3Value: s.option3Value,
      qty: s.qty,
      price: toMajor(s.lowestPrice),
    })),
  };
}

/** POST /api/inventories/getLowestPriceForVariant: lowest price and units on hand of one variant. */
export async function findLowestPriceForVariant(ctx: AppContext, store: Tenant, body: z.output<typeof ZLowestPriceForVariantBody>): Promise<z.input<typeof ZLowestPriceForVariant>> {
  const given = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? undefined : v);
  const { qty, price } = await repo.variantLowest(ctx.db, store.id, {
    productId: body.productId,
    option1Value: given(body.option1Value),
    option2Value: given(body.option2Value),
    option3Value: given(body.option3Value),
    location: given(body.location),
  });
  return { key: body.key ?? null, qty, price: price === null ? null : toMajor(price) };
}

/**
 * GET /api/inventories/ordersPayoutInventories: items ready to pay - sold and in no payout yet, and
 * items the store bought from their consigner once accepted (payout status Buying, 'Ready to Pay').
 * Store-account items are left out: the shop does not pay itself.
 */
export async function findOrdersPayoutInventories(ctx: AppContext, store: Tenant, actor: Actor, q: z.output<typeof ZOrdersPayoutQuery>): Promise<z.input<typeof ZOrdersPayoutInventories>> {
  const scope = scopeOf(store, actor);
  const filter: InventoryFilter = {
    consignerIds: q.consigner,
    search: q.search,
    orderDate: q.orderDateRange ? { from: q.orderDateRange.from.at, to: rangeEnd(q.orderDateRange.to) } : undefined,
  };
  // held sales are left out (the store's payout hold); Ready to Pay shows them apart (GET /api/payouts/readiness)
  const ready = readyToPayHeldAfter(store.payoutHoldDays > 0 ? holdCutoffOf(storeDayOf(new Date()), store.payoutHoldDays) : null, store.payoutHoldFrom === 'shipping');
  const [{ rows, count }, total] = await Promise.all([
    repo.findWhere(ctx.db, scope, filter, ready, sortOf(store, 'oldestUpdated'), LIST_CAP),
    repo.sumTotals(ctx.db, scope, filter, ready),
  ]);
  const now = new Date();
  return { rows: rows.map((r) => toInventoryItem(r, now)), count, total: toMajor(total) };
}

type Summary = { count: number; units: number; value: number; payout: number; cost: number };
const ZERO: Summary = { count: 0, units: 0, value: 0, payout: 0, cost: 0 };
const add = (a: Summary, b: Summary): Summary => ({
  count: a.count + b.count,
  units: a.units + b.units,
  value: a.value + b.value,
  payout: a.payout + b.payout,
  cost: a.cost + b.cost,
});
const inMajor = (s: Summary) => ({ count: s.count, units: s.units, value: toMajor(s.value), payout: toMajor(s.payout), cost: toMajor(s.cost) });
const byStatus = (rows: (Summary & { status: string })[]) => rows.map((r) => ({ status: r.status, ...inMajor(r) })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));

// Items in the shop and unsold: the stock a dashboard values.
const ON_HAND = new Set(['Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit', 'PendingSale']);

/**
 * GET /api/inventories/getdasboardInventory: for the range (default the last 30 days), items added,
 * accepted and sold, each by status, plus the current stock by status. Values are price x quantity;
 * payout is what consigners are owed (total); cost is the store accounts' cost.
 */
export async function getDashboardInventory(
  ctx: AppContext,
  store: Tenant,
  actor: Actor,
  q: z.output<typeof ZDashboardInventoryQuery>,
  now = new Date(),
): Promise<z.input<typeof ZDashboardInventory>> {
  const to = q.dateRangeEnd ? rangeEnd(q.dateRangeEnd) : now;
  const from = q.dateRangeStart ? q.dateRangeStart.at : new Date(to.getTime() - 30 * DAY_MS);
  const scope = scopeOf(store, actor);
  const [current, added, accepted, sold] = await Promise.all([
    repo.statusSummary(ctx.db, scope),
    repo.statusSummary(ctx.db, scope, { column: 'createdAt', from, to }),
    repo.statusSummary(ctx.db, scope, { column: 'acceptedOn', from, to }),
    repo.statusSummary(ctx.db, scope, { column: 'soldOn', from, to }),
  ]);
  const total = (rows: Summary[]) => inMajor(rows.reduce(add, ZERO));
  return {
    dateRangeStart: from.toISOString(),
    dateRangeEnd: to.toISOString(),
    byStatus: byStatus(current),
    totals: total(current),
    onHand: total(current.filter((r) => ON_HAND.has(r.status))),
    added: { ...total(added), byStatus: byStatus(added) },
    accepted: { ...total(accepted), byStatus: byStatus(accepted) },
    sold: { ...total(sold), byStatus: byStatus(sold) },
  };
}
