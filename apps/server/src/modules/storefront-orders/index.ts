// What other modules may use of the storefront-orders module (docs/architecture.md, "Modules").
export { applyStorefrontOrder, reconcileStorefrontOrders } from './storefront-orders.service.ts';
