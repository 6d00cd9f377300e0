// What other modules may use of the consignerTypes module (docs/architecture.md, "Modules").
import { consignerTypesRepository } from './consignerTypes.repository.ts';

/** The consigner types' names whose terms choose a markdown schedule (a schedule in use is not deleted). */
export const consignerTypeRecords = { namesUsingSchedule: consignerTypesRepository.namesUsingSchedule };
