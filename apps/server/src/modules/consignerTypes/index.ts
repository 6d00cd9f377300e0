// What other modules may use of the consignerTypes module (docs/architecture.md, "Modules").
import { consignerTypesRepository } from './consignerTypes.repository.ts';

/** The consigner types' names whose terms choose a markdown schedule (a schedule in use is not deleted; the list of schedules reads them all at once). */
export const consignerTypeRecords = { namesUsingSchedule: consignerTypesRepository.namesUsingSchedule, namesBySchedule: consignerTypesRepository.namesBySchedule };
