import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { toLocation } from './locations.mapper.ts';
import { locationsRepository } from './locations.repository.ts';

/**
 * Whether the actor may use the ONLINE MARKETPLACE location. Staff run it (they accept, transfer and
 * ship from it), so they always see it; a consigner needs marketplaceLocation and a store that runs
 * an online marketplace (catalogue doc section 2, Add Inventory modal).
 */
export function canUseMarketplace(store: StoreRow, actor: Actor): boolean {
  if (actor.kind === 'employee') return true;
  return store.onlineMarketplace && actor.consigner.marketplaceLocation;
}

/** GET /api/locations: the store's locations, physical ones first, the marketplace last. */
export async function listLocations(ctx: AppContext, store: StoreRow, actor: Actor) {
  const rows = await locationsRepository.list(ctx.db, store.id);
  const marketplace = canUseMarketplace(store, actor);
  return rows
    .filter((l) => !l.isMarketplace || marketplace)
    .sort((a, b) => Number(a.isMarketplace) - Number(b.isMarketplace))
    .map(toLocation);
}
