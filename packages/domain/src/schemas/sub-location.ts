import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../messages.ts';
import { requiredString } from './common.ts';

export const ZSubLocationInput = z.object({
  locationName: requiredString(PEOPLE_MESSAGES.locationRequired, 'name', 'Location'),
  name: requiredString(PEOPLE_MESSAGES.sublocationRequired, 'name', 'Sub-location name'),
});
export type TSubLocationInput = z.infer<typeof ZSubLocationInput>;

// ---------------------------------------------------------------------------------------------
// Responses (docs/api-foundation.md).

/** A location of the store; label and value let select inputs use it as it comes. archived: out of every picker (docs/catalogue.md "Locations"). */
export const ZLocation = z.object({ id: z.string(), name: z.string(), isMarketplace: z.boolean(), archived: z.boolean(), label: z.string(), value: z.string() });

// ---------------------------------------------------------------------------------------------
// Adding, renaming and archiving a location (docs/catalogue.md "Locations"). Not in the spec: the
// words are ours.

export const LOCATION_MESSAGES = {
  nameRequired: 'Please enter a location name',
  notFound: 'Location not found',
  taken: (name: string) => `There is already a location named ${name} in this store`,
  marketplaceFixed: 'ONLINE MARKETPLACE is the online marketplace of the store: it cannot be renamed or archived',
  lastLocation: (name: string) => `${name} is the only location of the store: add another before archiving it`,
  sellsOnline: (name: string) => `${name} sells online: take it out of the storefront's locations (Settings, Shopify) before archiving it`,
  archived: (name: string) => `${name} is archived: choose another location`,
} as const;

/** POST /api/locations */
export const ZLocationCreate = z.object({ name: requiredString(LOCATION_MESSAGES.nameRequired, 'name', 'Location name') });
/** PUT /api/locations/{id}: a new name, archive (true) or bring back (false), or both. */
export const ZLocationUpdate = z.object({
  name: requiredString(LOCATION_MESSAGES.nameRequired, 'name', 'Location name').optional(),
  archived: z.boolean().optional(),
});
/** GET /api/locations: archived ones only when asked (the /locations screen). */
export const ZLocationListQuery = z.object({ archived: z.enum(['include', 'exclude']).optional() });
export type TLocationCreate = z.infer<typeof ZLocationCreate>;
export type TLocationUpdate = z.infer<typeof ZLocationUpdate>;

/** A shelf or bin of a location (catalogue doc section 3). */
export const ZSubLocation = z.object({ id: z.string(), name: z.string(), locationName: z.string() });
