// What other modules may use of the storefront's own tables (docs/architecture.md, "Modules").
import { storefrontShopsRepository } from './storefront-shops.repository.ts';

/** Frees the Shopify shop a store held (a disconnect, or the shop's redact request). */
export const releaseShop = storefrontShopsRepository.release;
