import type { SubLocationRow } from './subLocations.repository.ts';

export function toSubLocation(s: SubLocationRow) {
  return { id: s.id, name: s.name, locationName: s.locationName };
}
