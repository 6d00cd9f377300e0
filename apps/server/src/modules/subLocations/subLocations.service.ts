import { ZSubLocationInput } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { actorStamp, type Actor } from '../../auth/actor.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { locationRecords } from '../locations/index.ts';
import { CATALOGUE_MESSAGES } from '../../shared/catalogue-messages.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../shared/pg-errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toSubLocation } from './subLocations.mapper.ts';
import { subLocationsRepository } from './subLocations.repository.ts';

function parse(input: { name?: string | null; locationName?: string | null }) {
  const parsed = ZSubLocationInput.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

function duplicateAsConflict(name: string, locationName: string) {
  return (err: unknown): never => {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw conflict(CATALOGUE_MESSAGES.subLocationExists(name, locationName));
    throw err;
  };
}

export async function listSubLocations(ctx: AppContext, store: Tenant, locationName?: string) {
  return (await subLocationsRepository.list(ctx.db, store.id, locationName?.trim() || undefined)).map(toSubLocation);
}

/** POST /api/subLocations: the location must be one of the store's. */
export async function createSubLocation(ctx: AppContext, store: Tenant, input: { name?: string | null; locationName?: string | null }) {
  const { name, locationName } = parse(input);
  if (!(await locationRecords.findByName(ctx.db, store.id, locationName))) throw badRequest(CATALOGUE_MESSAGES.unknownLocation(locationName));
  if (await subLocationsRepository.findByName(ctx.db, store.id, locationName, name)) throw conflict(CATALOGUE_MESSAGES.subLocationExists(name, locationName));
  const row = await subLocationsRepository.insert(ctx.db, { storeId: store.id, name, locationName }).catch(duplicateAsConflict(name, locationName));
  return toSubLocation(row);
}

/**
 * PUT /api/subLocations/{id}: renames it. Items keep their sub-location by name, so the ones at the
 * old name are renamed with it, each with an inventory log entry, in the same transaction.
 */
export async function renameSubLocation(ctx: AppContext, store: Tenant, actor: Actor, id: string, input: { name?: string | null }) {
  const existing = await subLocationsRepository.findById(ctx.db, store.id, id);
  if (!existing) throw notFound(CATALOGUE_MESSAGES.subLocationNotFound);
  const { name } = parse({ name: input.name, locationName: existing.locationName });
  if (name === existing.name) return toSubLocation(existing);
  return ctx.db
    .transaction(async (tx) => {
      const renamed = await subLocationsRepository.rename(tx, store.id, id, name);
      if (!renamed) throw notFound(CATALOGUE_MESSAGES.subLocationNotFound);
      await subLocationsRepository.renameOnInventory(tx, store.id, { locationName: existing.locationName, from: existing.name, to: name }, actorStamp(actor));
      return toSubLocation(renamed);
    })
    .catch(duplicateAsConflict(name, existing.locationName));
}
