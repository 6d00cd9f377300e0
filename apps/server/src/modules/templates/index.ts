// What other modules may use of the templates module (docs/architecture.md, "Modules").
import { templatesRepository } from './templates.repository.ts';

/** A product template of the store, by id (products read the template a product follows). */
export const findTemplate = templatesRepository.findById;
