import type { ZLocation } from '@backroom/domain';
import type { z } from 'zod';
import type { LocationRow } from './locations.repository.ts';

/** label and value let select inputs use a location as it comes (the spec's filter-option shape). */
export function toLocation(l: LocationRow): z.input<typeof ZLocation> {
  return { id: l.id, name: l.name, isMarketplace: l.isMarketplace, archived: l.archivedAt !== null, label: l.name, value: l.name };
}
