import type { stores } from '../db/schema/index.ts';

/**
 * The tenant: a store as the request resolved it (tenancy/resolve-store.ts), the one type services
 * take for "this request's store". `aliasHost` is set when the request came through one of the
 * store's previous addresses (store_host_aliases): that address's origin is the store's own for
 * the request (tenancy/origins.ts), while links in e-mails follow the current configuration.
 */
export type Tenant = typeof stores.$inferSelect & { aliasHost?: string };
