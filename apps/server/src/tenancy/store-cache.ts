import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { resolveStore } from './resolve-store.ts';
import type { Tenant } from './tenant.ts';

/** What the cache needs of the app's context (TenancyContext has it): tenancy stands below the context. */
type TenancyContext = { config: Pick<AppConfig, 'env' | 'cacheTtlMs'>; db: DbOrTx };

/**
 * The store of a Host (and x-store-handle), kept for config.cacheTtlMs (5 s by default): every
 * request resolves its store first, one or two queries each time for a row that almost never
 * changes. Only found stores are kept (a new store's domain works at once); a store changed through
 * this process is dropped with invalidateStores, a change made elsewhere is seen within the TTL.
 */
class StoreCache {
  private readonly stores: LRUCache<string, Tenant>;
  private generation = 0;

  constructor(readonly ttlMs: number) {
    this.stores = new LRUCache({ max: 1000, ttl: Math.max(1, ttlMs) });
  }

  async resolve(ctx: TenancyContext, hostHeader: string | undefined, handleHeader: string | undefined): Promise<Tenant | null> {
    // production: only hosts the store has proven resolve it (docs/security.md)
    const opts = { provenOnly: ctx.config.env === 'production' };
    if (this.ttlMs <= 0) return resolveStore(ctx.db, hostHeader, handleHeader, new Date(), opts);
    const key = `${hostHeader ?? ''}\u0000${handleHeader ?? ''}`;
    const hit = this.stores.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const store = await resolveStore(ctx.db, hostHeader, handleHeader, new Date(), opts);
    if (store && generation === this.generation) this.stores.set(key, store);
    return store;
  }

  invalidate() {
    this.generation += 1;
    this.stores.clear();
  }
}

const caches = new WeakMap<TenancyContext, StoreCache>();

export function storeCacheOf(ctx: TenancyContext): StoreCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new StoreCache(ctx.config.cacheTtlMs);
    caches.set(ctx, cache);
  }
  return cache;
}
