import {
  compareSizes,
  INVENTORY_MESSAGES,
  MAX_IMAGES,
  optionalText,
  optionalTextOf,
  PEOPLE_MESSAGES,
  requiredString,
  safeString,
  searchWords,
  ZMoney,
  ZProductInput,
  type TProductInput,
  type ZProductDetail,
  type ZProductJobStarted,
  type ZProductMergeResult,
  type ZSubmittedProductCreated,
} from '@backroom/domain';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ModifiedField } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { STOREFRONT_NOT_CONNECTED } from '../../storefront/storefront.ts';
import { resyncProductJob } from '../../storefront/storefront-resync.service.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { findTemplate } from '../templates/index.ts';
import { CATALOGUE_MESSAGES } from '../../shared/catalogue-messages.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../shared/pg-errors.ts';
import { toDuplicateProduct, toProduct, toSubmittedProduct, toVariantPrice } from './products.mapper.ts';
import { productsRepository, type NewProduct, type ProductRow } from './products.repository.ts';
import { submittedProductsRepository, type SubmittedStatus } from './submitted-products.repository.ts';

const MERGE_JOB = 'products.merge';
const RESYNC_JOB = 'storefront.resyncProduct';

const isUuid = (v: string) => z.uuid().safeParse(v).success;

/** POST and PUT /api/products body, as sent; the domain's ZProductInput words the refusals. */
type ProductBody = {
  title?: string | null;
  sku?: string | null;
  brand?: string | null;
  category?: string | null;
  gender?: string | null;
  productTemplateId?: string | null;
  image?: string | null;
  imageList?: string[] | null;
  color?: string | null;
  year?: number | string | null;
  stockXId?: string | null;
  shopifyId?: string | null;
  GTIN?: { size?: string | null; gtin?: string | null }[] | null;
  /** major units */
  price?: number | string | null;
  /** create only: the submission this product was filled from */
  submittedProductId?: string | null;
};

type ParsedProduct = TProductInput & { yearNumber: number | null };

function parseProduct(body: ProductBody): ParsedProduct {
  // A single `image` counts as the image list when no list is sent.
  const imageList = body.imageList?.length ? body.imageList : body.image ? [body.image] : (body.imageList ?? undefined);
  const parsed = ZProductInput.safeParse({ ...body, imageList, year: body.year === null || body.year === undefined ? body.year : String(body.year) });
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const year = parsed.data.year;
  if (year !== null && !/^\d{1,4}$/.test(year)) throw badRequest(CATALOGUE_MESSAGES.yearInvalid);
  const seen = new Set<string>();
  for (const g of parsed.data.GTIN) {
    if (seen.has(g.gtin)) throw badRequest(CATALOGUE_MESSAGES.gtinListedTwice(g.gtin));
    seen.add(g.gtin);
  }
  return { ...parsed.data, yearNumber: year === null ? null : Number(year) };
}

/** The product's own price, typed in major units; empty clears it. */
function parsePrice(price: number | string | null): number | null {
  if (price === null || price === '') return null;
  const parsed = ZMoney.safeParse(price);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  if (parsed.data < 0) throw badRequest(CATALOGUE_MESSAGES.priceInvalid);
  return parsed.data;
}

function productValues(input: ParsedProduct): Omit<NewProduct, 'storeId'> {
  return {
    title: input.title,
    sku: input.sku,
    brand: input.brand,
    category: input.category,
    gender: input.gender,
    color: input.color,
    year: input.yearNumber,
    image: input.image,
    imageList: input.imageList,
    productTemplateId: input.productTemplateId,
    stockXId: input.stockXId,
    shopifyId: input.shopifyId,
  };
}

async function requireTemplate(db: DbOrTx, storeId: string, id: string) {
  if (!isUuid(id) || !(await findTemplate(db, storeId, id))) throw badRequest(CATALOGUE_MESSAGES.templateNotFound);
}

async function findProductOrThrow(db: DbOrTx, storeId: string, id: string): Promise<ProductRow> {
  const product = await productsRepository.findById(db, storeId, id);
  if (!product) throw notFound(CATALOGUE_MESSAGES.productNotFound);
  return product;
}

/** GTINs are unique per store: a GTIN scanned at intake must name one product and size. */
async function checkGtinsFree(db: DbOrTx, storeId: string, gtins: { gtin: string }[], productId: string | null) {
  const [taken] = await productsRepository.gtinsTakenElsewhere(db, storeId, gtins.map((g) => g.gtin), productId);
  if (taken) throw conflict(CATALOGUE_MESSAGES.gtinTaken(taken.gtin, taken.title, taken.sku));
}

// Two saves racing for one GTIN: the unique index refuses the second.
function gtinRaceAsConflict(err: unknown): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(CATALOGUE_MESSAGES.gtinTakenNow);
  throw err;
}

async function withGtins(db: DbOrTx, storeId: string, product: ProductRow) {
  return toProduct(product, await productsRepository.gtinsOf(db, storeId, [product.id]));
}

/** GET /api/products?search=: every word must appear in the title, SKU or brand. */
/** GET /api/products: one page (1-based) of the matches, newest first; a short page is the last. */
export async function searchProducts(ctx: AppContext, store: Tenant, query: { search?: string; limit: number; page?: number }) {
  const offset = ((query.page ?? 1) - 1) * query.limit;
  const rows = await productsRepository.search(ctx.db, store.id, searchWords(query.search), query.limit, offset);
  return rows.map((r) => toProduct(r, r.gtins));
}

/** GET /api/products/{id}: the product, its duplicates (same SKU) and its listing count. */
export async function getProduct(ctx: AppContext, store: Tenant, actor: Actor, id: string): Promise<z.input<typeof ZProductDetail>> {
  const product = await findProductOrThrow(ctx.db, store.id, id);
  const gtins = await productsRepository.gtinsOf(ctx.db, store.id, [id]);
  const duplicates = await productsRepository.findBySku(ctx.db, store.id, product.sku, id);
  const listingCount = await productsRepository.countListings(ctx.db, store.id, id, actor.kind === 'consigner' ? actor.id : undefined);
  return { ...toProduct(product, gtins), duplicateProducts: duplicates.map(toDuplicateProduct), listingCount };
}

export async function createProduct(ctx: AppContext, store: Tenant, body: ProductBody) {
  const input = parseProduct(body);
  const price = parsePrice(body.price ?? null);
  return ctx.db
    .transaction(async (tx) => {
      await requireTemplate(tx, store.id, input.productTemplateId);
      await checkGtinsFree(tx, store.id, input.GTIN, null);
      const product = await productsRepository.insert(tx, { storeId: store.id, ...productValues(input), price });
      await productsRepository.replaceGtins(tx, store.id, product.id, input.GTIN);
      if (body.submittedProductId) {
        // filled from a consigner's submission: it leaves the to-do list
        const submitted = isUuid(body.submittedProductId) ? await submittedProductsRepository.findById(tx, store.id, body.submittedProductId) : null;
        if (!submitted) throw notFound(CATALOGUE_MESSAGES.submittedProductNotFound);
        await submittedProductsRepository.setStatus(tx, store.id, submitted.id, 'created');
      }
      return withGtins(tx, store.id, product);
    })
    .catch(gtinRaceAsConflict);
}

/**
 * PUT /api/products/{id}: the same fields as create. A body without GTIN keeps the product's GTINs
 * (the Save button and the GTIN editor can save separately); a GTIN list, even empty, replaces them.
 * A body without price keeps the price.
 */
export async function updateProduct(ctx: AppContext, store: Tenant, id: string, body: ProductBody) {
  const input = parseProduct(body);
  const replaceGtins = body.GTIN !== undefined && body.GTIN !== null;
  return ctx.db
    .transaction(async (tx) => {
      const existing = await findProductOrThrow(tx, store.id, id);
      await requireTemplate(tx, store.id, input.productTemplateId);
      if (replaceGtins) {
        await checkGtinsFree(tx, store.id, input.GTIN, id);
        await productsRepository.replaceGtins(tx, store.id, id, input.GTIN);
      }
      const values = { ...productValues(input), ...(body.price === undefined ? {} : { price: parsePrice(body.price) }) };
      const product = (await productsRepository.update(tx, store.id, id, values))!;
      if (product.title !== existing.title || product.sku !== existing.sku) {
        await productsRepository.syncInventoryCopies(tx, store.id, id, { title: product.title, sku: product.sku });
      }
      return withGtins(tx, store.id, product);
    })
    .catch(gtinRaceAsConflict);
}

/** GET /api/products/lowestVariantPrices/{id}: lowest Active price per option1 value, in size order. */
export async function lowestVariantPrices(ctx: AppContext, store: Tenant, id: string) {
  await findProductOrThrow(ctx.db, store.id, id);
  const rows = await productsRepository.lowestActivePrices(ctx.db, store.id, id);
  rows.sort((a, b) => (a.option1Value === null ? 1 : b.option1Value === null ? -1 : compareSizes(a.option1Value, b.option1Value)));
  return rows.map(toVariantPrice);
}

// ---------------------------------------------------------------------------------------------
// Submitted products: consigners ask for a product that is missing from the catalogue.

type SubmittedBody = {
  title?: string | null;
  brand?: string | null;
  sku?: string | null;
  category?: string | null;
  gender?: string | null;
  image?: string | null;
  imageList?: string[] | null;
  productTemplateId?: string | null;
  stockXId?: string | null;
};

// Only a title is needed: a consigner may not know the SKU or brand of what they bring.
const ZSubmittedProduct = z.object({
  title: requiredString(CATALOGUE_MESSAGES.submittedTitleRequired),
  brand: optionalText,
  sku: optionalText,
  category: optionalText,
  gender: optionalText,
  image: optionalTextOf('url', 'Image URL'),
  imageList: z
    .array(safeString('url', 'Image URL').trim())
    .max(MAX_IMAGES, `At most ${MAX_IMAGES} images`)
    .nullish()
    .transform((v) => (v ?? []).filter(Boolean)),
  productTemplateId: optionalText,
  stockXId: optionalText,
});

/** GET /api/products/submittedProducts: staff see the store's, a consigner their own. */
export async function listSubmittedProducts(ctx: AppContext, store: Tenant, actor: Actor, query: { search?: string; status: SubmittedStatus | 'all' }) {
  const rows = await submittedProductsRepository.list(ctx.db, store.id, {
    search: query.search?.trim(),
    consignerId: actor.kind === 'consigner' ? actor.id : undefined,
    status: query.status === 'all' ? undefined : query.status,
  });
  return rows.map(toSubmittedProduct);
}

export async function submitProduct(ctx: AppContext, store: Tenant, actor: Actor, body: SubmittedBody): Promise<z.input<typeof ZSubmittedProductCreated>> {
  const parsed = ZSubmittedProduct.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  const input = parsed.data;
  if (input.productTemplateId) await requireTemplate(ctx.db, store.id, input.productTemplateId);
  const row = await submittedProductsRepository.insert(ctx.db, {
    storeId: store.id,
    consignerId: actor.kind === 'consigner' ? actor.id : null,
    ...input,
    image: input.image ?? input.imageList[0] ?? null,
  });
  return { submittedProduct: toSubmittedProduct(row), message: PEOPLE_MESSAGES.productSubmitted };
}

// ---------------------------------------------------------------------------------------------
// Background work: merge and storefront resync.

/** POST /api/products/merge: checks both products, then merges in the background. */
export async function mergeProducts(
  ctx: AppContext,
  store: Tenant,
  actor: Actor,
  input: { fromProductId: string; toProductId: string },
): Promise<z.input<typeof ZProductJobStarted>> {
  if (input.fromProductId === input.toProductId) throw badRequest(CATALOGUE_MESSAGES.mergeSameProduct);
  await findProductOrThrow(ctx.db, store.id, input.fromProductId);
  await findProductOrThrow(ctx.db, store.id, input.toProductId);
  const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: MERGE_JOB, payload: { ...input }, total: 1, createdBy: actorStamp(actor) });
  await ctx.jobs.dispatch(job);
  return { message: INVENTORY_MESSAGES.mergingProduct, jobId: job.id };
}

/**
 * The merge itself, in one transaction: the source's item logs take the target's title, its items
 * move to the target (each with a log entry saying so), its GTINs move, and the source is deleted.
 */
async function runMerge(
  ctx: AppContext,
  storeId: string,
  fromProductId: string,
  toProductId: string,
  by: { id: string; name: string },
): Promise<z.input<typeof ZProductMergeResult>> {
  return ctx.db.transaction(async (tx) => {
    const from = await productsRepository.findById(tx, storeId, fromProductId);
    const to = await productsRepository.findById(tx, storeId, toProductId);
    if (!from || !to) throw new Error('One of the products no longer exists; nothing was merged.');
    const movedLogs = await productsRepository.relabelLogsOfProduct(tx, storeId, from.id, to.title);
    const moved = await productsRepository.moveInventory(tx, storeId, from.id, to, by);
    const fields: ModifiedField[] = [{ variableChanged: 'productId', beforeValue: from.id, afterValue: to.id }];
    if (from.title !== to.title) fields.push({ variableChanged: 'title', beforeValue: from.title, afterValue: to.title });
    if (from.sku !== to.sku) fields.push({ variableChanged: 'sku', beforeValue: from.sku, afterValue: to.sku });
    await productsRepository.insertLogs(tx, storeId, moved.map((item) => ({ inventoryId: item.id, productTitle: to.title, modifiedFields: fields })), by);
    const movedGtins = await productsRepository.moveGtins(tx, storeId, from.id, to.id);
    await productsRepository.remove(tx, storeId, from.id);
    return {
      fromProductId: from.id,
      toProductId: to.id,
      movedInventory: moved.length,
      movedGtins,
      movedLogs,
      storefront: from.shopifyId ? `${STOREFRONT_NOT_CONNECTED} The storefront product ${from.shopifyId} was not deleted.` : null,
    };
  });
}

export async function resyncProduct(ctx: AppContext, store: Tenant, actor: Actor, id: string): Promise<z.input<typeof ZProductJobStarted>> {
  await findProductOrThrow(ctx.db, store.id, id);
  const job = await ctx.jobs.create(ctx.db, { storeId: store.id, kind: RESYNC_JOB, payload: { productId: id }, total: 1, createdBy: actorStamp(actor) });
  await ctx.jobs.dispatch(job);
  return { message: INVENTORY_MESSAGES.resyncingProduct, jobId: job.id };
}

/** Registers the catalogue's job handlers; called once when the routes are registered. */
export function registerProductJobs(ctx: AppContext) {
  ctx.jobs.register(MERGE_JOB, async ({ job, itemDone }) => {
    const { fromProductId, toProductId } = job.payload as { fromProductId: string; toProductId: string };
    const by = { id: job.createdById ?? 'system', name: job.createdByName ?? 'System' };
    const result = await runMerge(ctx, job.storeId, fromProductId, toProductId, by);
    await itemDone();
    return result;
  }, { area: 'Products' });
  // Pushed to the shop inside the job (docs/storefront-sync.md "Resyncs"); without a connection it says so.
  ctx.jobs.register(RESYNC_JOB, async (jobCtx) => resyncProductJob(ctx, jobCtx.job.storeId, String(jobCtx.job.payload.productId), jobCtx), { area: 'Products' });
}

/**
 * Scan intake's attach dialog (catalogue doc section 4): an unknown scanned code becomes a GTIN of a
 * product and size, so the next scan of it finds them. The product's other GTINs stay; the code must
 * not name another product already.
 */
export async function attachGtin(ctx: AppContext, store: Tenant, productId: string, size: string, gtin: string) {
  return ctx.db
    .transaction(async (tx) => {
      const product = await findProductOrThrow(tx, store.id, productId);
      await checkGtinsFree(tx, store.id, [{ gtin }], productId);
      const current = (await productsRepository.gtinsOf(tx, store.id, [productId])).filter((g) => g.gtin !== gtin);
      await productsRepository.replaceGtins(tx, store.id, productId, [...current.map((g) => ({ size: g.size, gtin: g.gtin })), { size, gtin }]);
      return withGtins(tx, store.id, product);
    })
    .catch(gtinRaceAsConflict);
}
