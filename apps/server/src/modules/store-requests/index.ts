// What other modules may use of the store-requests module (docs/architecture.md, "Modules").
export { storeRequestRangeOf } from './store-requests.service.ts';
