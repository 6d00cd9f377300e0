// What other modules may use of the inventory-queries module (docs/architecture.md, "Modules").
export { findPaginatedInventories, rangeEnd } from './inventory-queries.service.ts';
