import type { LocationRow } from './locations.repository.ts';

/** label and value let select inputs use a location as it comes (the spec's filter-option shape). */
export function toLocation(l: LocationRow) {
  return { id: l.id, name: l.name, isMarketplace: l.isMarketplace, label: l.name, value: l.name };
}
