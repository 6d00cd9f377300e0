// Store reference data an inventory change needs (locations, consigner types, consigners), read
// once per request or background job, and the location rules built on it.
import { INVENTORY_MESSAGES, LOCATION_MESSAGES, ONLINE_MARKETPLACE } from '@backroom/domain';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, unprocessable } from '../../http/errors.ts';
import {
  inventoryRepository,
  type ConsignerTypeRow,
  type InventoryConsignerRow,
  type LocationRow,
  type SubLocationRow,
} from './inventory.repository.ts';

export type InventoryLookups = ReturnType<typeof createLookups>;

export function createLookups(storeId: string) {
  let types: Promise<ConsignerTypeRow[]> | null = null;
  let locations: Promise<LocationRow[]> | null = null;
  let subLocations: Promise<SubLocationRow[]> | null = null;
  const consigners = new Map<string, InventoryConsignerRow>();
  return {
    storeId,
    consignerTypes: (db: DbOrTx) => (types ??= inventoryRepository.consignerTypes(db, storeId)),
    locations: (db: DbOrTx) => (locations ??= inventoryRepository.locations(db, storeId)),
    subLocations: (db: DbOrTx) => (subLocations ??= inventoryRepository.subLocations(db, storeId)),
    /** The store's consigner, or null. Balances change, so only use this for rules and fees. */
    consigner: async (db: DbOrTx, id: string) => {
      if (!consigners.has(id)) {
        const [row] = await inventoryRepository.consignersByIds(db, storeId, [id]);
        if (!row) return null;
        consigners.set(id, row);
      }
      return consigners.get(id)!;
    },
    consigners: async (db: DbOrTx, ids: string[]) => {
      const missing = [...new Set(ids)].filter((id) => !consigners.has(id));
      for (const row of await inventoryRepository.consignersByIds(db, storeId, missing)) consigners.set(row.id, row);
      return consigners;
    },
  };
}

const isMarketplace = (location: LocationRow) => location.isMarketplace || location.name === ONLINE_MARKETPLACE;

/**
 * Checks a location (and optional sub-location) an item is put at: it must be one of the store's,
 * ONLINE MARKETPLACE only for consigners with marketplaceLocation, and the sub-location must belong
 * to it; an archived location is refused. `missingMessage` is the spec's text for an absent location.
 */
export async function checkLocation(
  db: DbOrTx,
  lookups: InventoryLookups,
  input: { location: string | null | undefined; subLocation?: string | null; owner: Pick<InventoryConsignerRow, 'marketplaceLocation'> },
  missingMessage: string = INVENTORY_MESSAGES.locationRequired,
): Promise<{ location: string; subLocation: string | null }> {
  const name = input.location?.trim();
  if (!name) throw badRequest(missingMessage);
  const location = (await lookups.locations(db)).find((l) => l.name === name);
  if (!location) throw badRequest(`There is no location named ${name}`);
  // an archived location keeps the items it has and takes no new ones (docs/catalogue.md "Locations")
  if (location.archivedAt) throw unprocessable(LOCATION_MESSAGES.archived(name));
  if (isMarketplace(location) && !input.owner.marketplaceLocation) {
    throw unprocessable(`Only consigners with the online marketplace can use ${ONLINE_MARKETPLACE}`);
  }
  const subName = input.subLocation?.trim() || null;
  if (subName && !(await lookups.subLocations(db)).some((s) => s.locationName === name && s.name === subName)) {
    throw badRequest(`${subName} is not a sub-location of ${name}`);
  }
  return { location: name, subLocation: subName };
}
