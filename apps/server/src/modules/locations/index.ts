// What other modules may use of the locations module (docs/architecture.md, "Modules").
import { locationsRepository } from './locations.repository.ts';

export type { LocationRow } from './locations.repository.ts';

/** A store's locations as rows: checked by name (scans, sub-locations), listed (storefront connection). */
export const locationRecords = {
  findByName: locationsRepository.findByName,
  list: locationsRepository.list,
};
