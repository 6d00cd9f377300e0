// Store requests (docs/store-requests.md): Request Items, the price range staff set on a request,
// the e-mail inviting consigners, and the public catalogue.
import {
  cataloguePath,
  composeStoreRequestEmail,
  plainTextName,
  toMajor,
  wantsStoreRequestEmail,
  type PriceRange,
  type TSetStoreRequestRange,
  type TStoreRequestsQuery,
  type ZPublicCatalogue,
  type ZStoreRequests,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { storeLinkOrigin } from '../../tenancy/origins.ts';
import { throttleOf } from '../../shared/throttle.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { findTenantByHandle } from '../../tenancy/resolve-store.ts';
import { storeRequestsRepository as repo } from './store-requests.repository.ts';

const EMAIL_PATH = '/consigners/sendStoreRequestedItemsEmail' as const;

/** The location asked for when the store has it, else the first one (Request Items preselects it). */
function pickLocation(names: string[], asked: string | null): string | null {
  if (asked) {
    if (!names.includes(asked)) throw badRequest('Please select a location');
    return asked;
  }
  return names[0] ?? null;
}

type RequestRow = Awaited<ReturnType<typeof repo.productRequests>>[number];

const toRequestProduct = (r: RequestRow) => ({
  id: r.id,
  title: r.title,
  brand: r.brand,
  sku: r.sku,
  category: r.category,
  image: r.image,
  productTemplateId: r.productTemplateId,
  sizes: (r.option1Values ?? []).map((o) => o.value),
  priceRange: r.priceLow !== null && r.priceHigh !== null ? { low: toMajor(r.priceLow), high: toMajor(r.priceHigh) } : null,
  location: r.location,
});

async function requestsAt(db: DbOrTx, storeId: string, q: TStoreRequestsQuery): Promise<z.input<typeof ZStoreRequests>> {
  const locations = await repo.locationNames(db, storeId);
  if (q.productId) {
    // one product (the Add Inventory modal's card): at the asked location, else at every location
    if (q.location && !locations.includes(q.location)) throw badRequest('Please select a location');
    const rows = await repo.productRequests(db, storeId, q.productId, q.location ?? null);
    return { location: q.location ?? null, locations, count: rows.length, products: rows.map(toRequestProduct) };
  }
  const location = pickLocation(locations, q.location);
  if (!location) return { location: null, locations, products: [], count: 0 };
  const { rows, count } = await repo.requestedProducts(db, storeId, { location, search: q.search ?? undefined, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { location, locations, count, products: rows.map(toRequestProduct) };
}

/** GET /api/storeRequests: the products with no units on hand at a location, with their ranges. */
export function listStoreRequests(ctx: AppContext, store: Tenant, q: TStoreRequestsQuery) {
  return requestsAt(ctx.db, store.id, q);
}

/** PUT /api/storeRequests/priceRange: staff set, or remove, the price range of a product's request at a location. */
export async function setStoreRequestRange(ctx: AppContext, store: Tenant, actor: EmployeeActor, body: TSetStoreRequestRange): Promise<{ productId: string; location: string; priceRange: PriceRange | null }> {
  const locations = await repo.locationNames(ctx.db, store.id);
  if (!locations.includes(body.location)) throw badRequest('Please select a location');
  if (!(await repo.findProduct(ctx.db, store.id, body.productId))) throw notFound('Product not found');
  if (body.priceRange) {
    await repo.upsertRange(ctx.db, {
      storeId: store.id,
      productId: body.productId,
      location: body.location,
      priceLow: body.priceRange.low,
      priceHigh: body.priceRange.high,
      updatedById: actor.id,
      updatedByName: actor.name,
    });
  } else {
    await repo.deleteRange(ctx.db, store.id, body.productId, body.location);
  }
  const range = body.priceRange ? { low: toMajor(body.priceRange.low), high: toMajor(body.priceRange.high) } : null;
  return { productId: body.productId, location: body.location, priceRange: range };
}

/**
 * The range a consigner's answer to a store request must lie in (minor units): the store's own,
 * from its request for the product at the answer's location, never from the client.
 */
export async function storeRequestRangeOf(db: DbOrTx, storeId: string, productId: string, location: string): Promise<PriceRange | null> {
  return repo.findRange(db, storeId, productId, location);
}

/**
 * POST /api/consigners/sendStoreRequestedItemsEmail: one e-mail per consigner who wants e-mails,
 * with the public catalogue link (the store's configured address, never the request's Host).
 * Written to the outbox in one transaction and delivered after it commits; 3 per store in 15 minutes.
 */
export async function sendStoreRequestedItemsEmail(ctx: AppContext, store: Tenant, body: { location: string | null }): Promise<{ sent: number; link: string }> {
  const locations = await repo.locationNames(ctx.db, store.id);
  if (body.location && !locations.includes(body.location)) throw badRequest('Please select a location');
  const link = `${storeLinkOrigin(ctx.config, store)}${cataloguePath(store.handle, body.location)}`;
  const people = (await repo.recipients(ctx.db, store.id)).filter(wantsStoreRequestEmail);
  await throttleOf(ctx).enforce(EMAIL_PATH, { store: store.id });
  const location = body.location ?? locations[0] ?? null;
  const count = location ? (await repo.requestedProducts(ctx.db, store.id, { location, limit: 1, offset: 0 })).count : 0;
  const ids = await ctx.db.transaction(async (tx) => {
    const queued: string[] = [];
    for (const person of people) {
      const mail = composeStoreRequestEmail({ storeName: plainTextName(store.name), firstName: person.firstName, location: body.location, count, link });
      queued.push((await ctx.mailer.enqueue(tx, { storeId: store.id, to: person.email.trim(), ...mail })).id);
    }
    return queued;
  });
  try {
    await ctx.mailer.deliverIds(ids);
  } catch (err) {
    // the e-mails are in the outbox: a delivery problem is logged, not the caller's
    ctx.log.error({ err }, 'store request e-mail delivery failed');
  }
  return { sent: ids.length, link };
}

/** GET /open/catalogue/{handle}: the public page; nothing private (no consigner, cost or payout). */
export async function publicCatalogue(ctx: AppContext, handle: string, q: TStoreRequestsQuery): Promise<z.input<typeof ZPublicCatalogue>> {
  const store = await findTenantByHandle(ctx.db, handle);
  if (!store) throw notFound('Catalogue not found');
  const list = await requestsAt(ctx.db, store.id, q);
  return { ...list, store: { name: store.name, handle: store.handle, logo: store.logo ?? null, currency: store.currency, isBuyingStore: store.isBuyingStore } };
}
