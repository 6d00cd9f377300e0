import { LOCATION_MESSAGES, ONLINE_MARKETPLACE, ZLocationCreate, ZLocationUpdate } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../shared/pg-errors.ts';
import { toLocation } from './locations.mapper.ts';
import { locationsRepository, type LocationRow } from './locations.repository.ts';

/**
 * Whether the actor may use the ONLINE MARKETPLACE location. Staff run it (they accept, transfer and
 * ship from it), so they always see it; a consigner needs marketplaceLocation and a store that runs
 * an online marketplace (catalogue doc section 2, Add Inventory modal).
 */
function canUseMarketplace(store: Tenant, actor: Actor): boolean {
  if (actor.kind === 'employee') return true;
  return store.onlineMarketplace && actor.consigner.marketplaceLocation;
}

const isMarketplace = (l: LocationRow) => l.isMarketplace || l.name === ONLINE_MARKETPLACE;

/**
 * GET /api/locations: the store's locations, physical ones first, the marketplace last. Archived ones
 * leave every picker; the /locations screen asks for them (`includeArchived`, staff with Settings).
 */
export async function listLocations(ctx: AppContext, store: Tenant, actor: Actor, opts: { includeArchived?: boolean } = {}) {
  const rows = await locationsRepository.list(ctx.db, store.id, opts);
  const marketplace = canUseMarketplace(store, actor);
  return rows
    .filter((l) => !l.isMarketplace || marketplace)
    .sort((a, b) => Number(a.isMarketplace) - Number(b.isMarketplace))
    .map(toLocation);
}

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw badRequest(result.error.issues[0].message);
  return result.data;
}

/** A name held by another location of the store, whatever its case, is a 409 (the index holds it too). */
const duplicateAsConflict =
  (name: string) =>
  (err: unknown): never => {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(LOCATION_MESSAGES.taken(name));
    throw err;
  };

/** POST /api/locations: a branch or a warehouse. */
export async function createLocation(ctx: AppContext, store: Tenant, input: unknown) {
  const { name } = parsed(ZLocationCreate.safeParse(input));
  const taken = await locationsRepository.findByNameAnyCase(ctx.db, store.id, name);
  if (taken) throw conflict(LOCATION_MESSAGES.taken(taken.name));
  return toLocation(await locationsRepository.insert(ctx.db, store.id, name).catch(duplicateAsConflict(name)));
}

/**
 * PUT /api/locations/{id}: rename, archive or bring back. ONLINE MARKETPLACE keeps its name and stays
 * (catalogue spec: items there are shipped by the consigner). A rename moves every item, sub-location,
 * price range, stock-take and storefront mapping at the old name in one transaction.
 */
export async function updateLocation(ctx: AppContext, store: Tenant, actor: Actor, id: string, input: unknown) {
  const change = parsed(ZLocationUpdate.safeParse(input));
  return ctx.db
    .transaction(async (tx) => {
      let location = await locationsRepository.lockById(tx, store.id, id);
      if (!location) throw notFound(LOCATION_MESSAGES.notFound);
      const renaming = change.name !== undefined && change.name !== location.name;
      const archiving = change.archived !== undefined && change.archived !== (location.archivedAt !== null);
      if ((renaming || archiving) && isMarketplace(location)) throw unprocessable(LOCATION_MESSAGES.marketplaceFixed);
      if (renaming) {
        const name = change.name!;
        const taken = await locationsRepository.findByNameAnyCase(tx, store.id, name);
        if (taken && taken.id !== location.id) throw conflict(LOCATION_MESSAGES.taken(taken.name));
        const { renamed } = await locationsRepository.rename(tx, store.id, { id, from: location.name, to: name }, actorStamp(actor));
        if (!renamed) throw notFound(LOCATION_MESSAGES.notFound);
        location = renamed;
      }
      if (archiving && change.archived) {
        if ((await locationsRepository.countActivePhysical(tx, store.id)) <= 1) throw unprocessable(LOCATION_MESSAGES.lastLocation(location.name));
        if (await locationsRepository.sellsOnline(tx, store.id, location.name)) throw conflict(LOCATION_MESSAGES.sellsOnline(location.name));
      }
      if (archiving) location = (await locationsRepository.setArchived(tx, store.id, id, change.archived ? new Date() : null)) ?? location;
      return toLocation(location);
    })
    .catch(duplicateAsConflict(change.name ?? ''));
}
