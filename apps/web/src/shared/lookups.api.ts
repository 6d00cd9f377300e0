// Store reference data several screens read: locations, sub-locations, product templates and the
// inventory filter options (catalogue doc sections 3 and 7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TConsignerType, TInventoryFilterOptions, ZLocation, ZProductTemplate, ZSubLocation, ZTemplateOptionValue } from '@backroom/domain';
import { apiFetch } from './api';

// The shapes are the domain's response schemas: one declaration, shared with the server.
export type StoreLocation = z.output<typeof ZLocation>;
export type SubLocation = z.output<typeof ZSubLocation>;
export type OptionValue = z.output<typeof ZTemplateOptionValue>;
export type ProductTemplate = z.output<typeof ZProductTemplate>;
/** GET /api/inventories/filterOptions (the domain's ZInventoryFilterOptions). */
export type InventoryFilterOptions = TInventoryFilterOptions;
/** A consigner type (fee schedule): sellingFee a percent, minFee and flatFee in major units. */
export type ConsignerType = TConsignerType;

// Every lookup is cached under 'lookups', so a change to one (a new sub-location, an edited
// template) is refreshed everywhere by invalidating lookupKeys.all.
export const lookupKeys = {
  all: ['lookups'] as const,
  locations: ['lookups', 'locations'] as const,
  subLocations: (location?: string) => ['lookups', 'subLocations', location ?? 'all'] as const,
  templates: ['lookups', 'productTemplates'] as const,
  filterOptions: ['lookups', 'inventoryFilterOptions'] as const,
  consignerTypes: ['lookups', 'consignerTypes'] as const,
};

const REFERENCE_STALE_MS = 5 * 60 * 1000;

/** One lookup: a GET of store reference data, cached under its key for `staleTime`. */
function lookupQuery<T>(queryKey: readonly unknown[], path: string, opts: { query?: Record<string, string | undefined>; staleTime?: number } = {}) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiFetch<T>(path, { query: opts.query, signal }),
    staleTime: opts.staleTime ?? REFERENCE_STALE_MS,
  });
}

export const lookupQueries = {
  /** The store's locations, physical first; ONLINE MARKETPLACE only for users who may use it (the server decides). */
  locations: () => lookupQuery<StoreLocation[]>(lookupKeys.locations, '/api/locations'),
  /** The sub-locations of one location, or all of the store's (pick a location's with `subLocationsOf`). */
  subLocations: (location?: string) => lookupQuery<SubLocation[]>(lookupKeys.subLocations(location), '/api/subLocations', { query: { location } }),
  templates: () => lookupQuery<ProductTemplate[]>(lookupKeys.templates, '/api/productTemplates'),
  /** GET /api/inventories/filterOptions: statuses, locations, option values, categories, consigners. */
  filterOptions: () => lookupQuery<InventoryFilterOptions>(lookupKeys.filterOptions, '/api/inventories/filterOptions', { staleTime: 60 * 1000 }),
  /** GET /api/consignerTypes (staff with Settings or Consigners): the default first, then by name. */
  consignerTypes: () => lookupQuery<ConsignerType[]>(lookupKeys.consignerTypes, '/api/consignerTypes', { staleTime: 60 * 1000 }),
};

export const useLocations = () => useQuery(lookupQueries.locations());
export const useSubLocations = (location?: string) => useQuery(lookupQueries.subLocations(location));
export const useProductTemplates = () => useQuery(lookupQueries.templates());
export const useConsignerTypes = () => useQuery(lookupQueries.consignerTypes());
export const useInventoryFilterOptions = (enabled = true) => useQuery({ ...lookupQueries.filterOptions(), enabled });

export function subLocationsOf(all: readonly SubLocation[] | undefined, location: string | null | undefined): SubLocation[] {
  if (!location || !all) return [];
  return all.filter((s) => s.locationName === location);
}
