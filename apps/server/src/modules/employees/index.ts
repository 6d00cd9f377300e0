// What other modules may use of the employees module (docs/architecture.md, "Modules").
import { employeesRepository } from './employees.repository.ts';

export { enqueueInvite, inviteLinkOf } from './employees.service.ts';

/** Writes an employee record (a new store's first Admin, stores.service.ts signupStore). */
export const insertEmployee = employeesRepository.insert;
