import type { ZSubLocation } from '@backroom/domain';
import type { z } from 'zod';
import type { SubLocationRow } from './subLocations.repository.ts';

export function toSubLocation(s: SubLocationRow): z.input<typeof ZSubLocation> {
  return { id: s.id, name: s.name, locationName: s.locationName };
}
