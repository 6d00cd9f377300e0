import { LRUCache } from 'lru-cache';
import type { AppContext } from '../app-context.ts';
import { resolveStore, type ResolvedStore } from './resolve-store.ts';

/**
 * The store of a Host (and x-store-handle), kept for config.cacheTtlMs (5 s by default): every
 * request resolves its store first, one or two queries each time for a row that almost never
 * changes. Only found stores are kept (a new store's domain works at once); a store changed through
 * this process is dropped with invalidateStores, a change made elsewhere is seen within the TTL.
 */
export class StoreCache {
  private readonly stores: LRUCache<string, ResolvedStore>;
  private generation = 0;

  constructor(readonly ttlMs: number) {
    this.stores = new LRUCache({ max: 1000, ttl: Math.max(1, ttlMs) });
  }

  async resolve(ctx: AppContext, hostHeader: string | undefined, handleHeader: string | undefined): Promise<ResolvedStore | null> {
    if (this.ttlMs <= 0) return resolveStore(ctx.db, hostHeader, handleHeader);
    const key = `${hostHeader ?? ''}\u0000${handleHeader ?? ''}`;
    const hit = this.stores.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const store = await resolveStore(ctx.db, hostHeader, handleHeader);
    if (store && generation === this.generation) this.stores.set(key, store);
    return store;
  }

  invalidate() {
    this.generation += 1;
    this.stores.clear();
  }
}

const caches = new WeakMap<AppContext, StoreCache>();

export function storeCacheOf(ctx: AppContext): StoreCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new StoreCache(ctx.config.cacheTtlMs);
    caches.set(ctx, cache);
  }
  return cache;
}
