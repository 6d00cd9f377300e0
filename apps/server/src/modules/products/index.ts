// What other modules may use of the products module (docs/architecture.md, "Modules").
export { attachGtin } from './products.service.ts';
