// Store reference data several screens read: locations, sub-locations, product templates and the
// inventory filter options (catalogue doc sections 3 and 7).
import { useQuery } from '@tanstack/react-query';
import type { InventoryStatus, SortOption } from '@backroom/domain';
import { apiFetch } from './api';

export interface StoreLocation {
  id: string;
  name: string;
  isMarketplace: boolean;
  label: string;
  value: string;
}

export interface SubLocation {
  id: string;
  name: string;
  locationName: string;
}

export interface OptionValue {
  value: string;
  price?: number | null;
}

export interface ProductTemplate {
  id: string;
  title: string;
  brand: string | null;
  category: string | null;
  gender: string | null;
  weight: number | null;
  option1: string;
  option2: string | null;
  option3: string | null;
  option1Values: OptionValue[];
  option2Values: OptionValue[];
  option3Values: OptionValue[];
}

export interface ConsignerOption {
  label: string;
  value: { id: string; email: string; isStoreAccount: boolean };
}

export interface InventoryFilterOptions {
  statuses: InventoryStatus[];
  locations: { label: string; value: string; id: string; name: string }[];
  subLocations: SubLocation[];
  option1Values: string[];
  option2Values: string[];
  option3Values: string[];
  categories: string[];
  consigners: ConsignerOption[];
  sortOption: { label: string; value: SortOption }[];
}

export const lookupKeys = {
  locations: ['lookups', 'locations'] as const,
  subLocations: ['lookups', 'subLocations'] as const,
  templates: ['lookups', 'productTemplates'] as const,
  filterOptions: ['lookups', 'inventoryFilterOptions'] as const,
};

const REFERENCE_STALE_MS = 5 * 60 * 1000;

/** The store's locations; ONLINE MARKETPLACE only for users who may use it (the server decides). */
export function useLocations() {
  return useQuery({
    queryKey: lookupKeys.locations,
    queryFn: ({ signal }) => apiFetch<StoreLocation[]>('/api/locations', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** Every sub-location of the store; pick a location's with `subLocationsOf`. */
export function useSubLocations() {
  return useQuery({
    queryKey: lookupKeys.subLocations,
    queryFn: ({ signal }) => apiFetch<SubLocation[]>('/api/subLocations', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function subLocationsOf(all: readonly SubLocation[] | undefined, location: string | null | undefined): SubLocation[] {
  if (!location || !all) return [];
  return all.filter((s) => s.locationName === location);
}

export function useProductTemplates() {
  return useQuery({
    queryKey: lookupKeys.templates,
    queryFn: ({ signal }) => apiFetch<ProductTemplate[]>('/api/productTemplates', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** GET /api/inventories/filterOptions: statuses, locations, option values, categories, consigners. */
export function useInventoryFilterOptions(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.filterOptions,
    queryFn: ({ signal }) => apiFetch<InventoryFilterOptions>('/api/inventories/filterOptions', { signal }),
    staleTime: 60 * 1000,
    enabled,
  });
}
