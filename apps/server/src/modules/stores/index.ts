// What other modules may use of the stores module (docs/architecture.md, "Modules").
export { ONLINE_MARKETPLACE } from './stores.service.ts';
