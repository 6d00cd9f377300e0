import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { versionsOfRequest, type StoreVersion } from '../db/store-versions.ts';
import { JsonText } from './json-text.ts';

/** What the cache needs of the app's context (ReadCacheContext has it): http/ stands below the context. */
type ReadCacheContext = { database: Pick<Database, 'writes' | 'queryInScope' | 'kind'>; config: Pick<AppConfig, 'readCache' | 'cacheTtlMs'> };

/** What the cache has done since the app started (GET /metrics-like counts, and the tests). */
export type ReadCacheStats = { hits: number; misses: number; kept: number; revalidated: number; entries: number; entriesByStore: Record<string, number> };

/**
 * Answers of the busiest reads (the inventory list page, the product search), kept as the JSON text
 * that was sent, so that the same request asked again before anything changed costs neither the
 * queries nor the serialisation (a shop's busiest hour is many people on the same screens).
 *
 * Kept per store and view, versioned by what they read (docs/scaling.md "Several server processes"):
 * an answer is kept with the store's version of what it reads (`reads`, below: the catalogue, or the
 * items of some statuses and what they join), as read before the answer was read (db/store-versions.ts:
 * a row per store, its parts moved by triggers in the transaction of a change of the store's rows), and
 * served only while that version is still the same: an Active item's price change leaves the product
 * search's answers and the list pages of other statuses. A write in one store
 * leaves every other store's answers; a change made anywhere (this process, another one, psql) is
 * seen by the next request. The key holds the store, who is asking (a consigner's own view, or
 * staff's) and the whole URL; the route checks access before it asks the cache, so a hit is never
 * served to someone the route would refuse.
 * Off when config.cacheTtlMs is 0 (the API tests) or with READ_CACHE=false (bench/api-load.ts --no-read-cache).
 */
const KEPT_FOR_MS = 10 * 60_000;

class ReadCache {
  private readonly answers: LRUCache<string, Kept>;
  /** Reads of the same key under way, shared by the requests that come while one runs. */
  private readonly running = new Map<string, Promise<unknown>>();
  readonly counts = { hits: 0, misses: 0, kept: 0, revalidated: 0 };

  constructor(
    readonly ttlMs: number,
    maxBytes = 64 * 1024 * 1024,
  ) {
    // the version, not the time, says when an answer is stale: the TTL only frees what nobody asks again
    this.answers = new LRUCache({ maxSize: maxBytes, sizeCalculation: (v) => v.body.length + 100, ttl: KEPT_FOR_MS, ttlAutopurge: false });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The answer kept for `key` at the store's `version`, or null (counted: a hit or a miss). */
  hit(key: string, version: string): Kept | null {
    const found = this.answers.get(key);
    if (found && found.version === version) {
      this.counts.hits += 1;
      return found;
    }
    this.counts.misses += 1;
    return null;
  }

  /**
   * The answer kept for `key` at another version, when `text` is what it says: what it is made of has
   * not changed since it was read (a list page put together again from its rows). It is then kept at
   * `version`, and sent as it was kept (compressed once).
   */
  unchanged(key: string, version: string, body: Buffer): Kept | null {
    const found = this.answers.get(key);
    if (!found || !found.body.equals(body)) return null;
    this.counts.misses -= 1;
    this.counts.revalidated += 1;
    found.version = version;
    return found;
  }

  /** Keeps `body`, read at the store's `version` (or a later one: it is then never served). */
  keep(key: string, version: string, body: string | Buffer): Kept {
    this.counts.kept += 1;
    // kept as bytes: a hit is written to the socket without encoding 100 KB of text again
    const kept = { version, body: typeof body === 'string' ? Buffer.from(body) : body };
    this.answers.set(key, kept);
    return kept;
  }

  /** Runs `read`, or joins the same read already under way at this version. */
  async shared<T>(key: string, version: string, read: () => Promise<T>): Promise<T> {
    const runningKey = `${version}\u0000${key}`;
    const running = this.running.get(runningKey) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.running.delete(runningKey));
    this.running.set(runningKey, started);
    return started;
  }

  stats(): ReadCacheStats {
    const entriesByStore: Record<string, number> = {};
    let entries = 0;
    for (const key of this.answers.keys()) {
      const store = key.slice(0, key.indexOf('\u0000'));
      entriesByStore[store] = (entriesByStore[store] ?? 0) + 1;
      entries += 1;
    }
    return { ...this.counts, entries, entriesByStore };
  }
}

/** An answer as sent, and compressed the first time a client that accepts it asks again. */
type Kept = { version: string; body: Buffer; br?: Buffer; gzip?: Buffer };

// A 100 KB list page is 8 to 10 KB compressed, in about 0.5 ms, paid once per kept answer rather than
// on every request (brotli at quality 4 compresses better than gzip at 6 and faster).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
function encoded(kept: Kept, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  if (kept.body.length < 1024 || !acceptEncoding) return { body: kept.body, encoding: null };
  if (/\bbr\b/.test(acceptEncoding)) return { body: (kept.br ??= zlib.brotliCompressSync(kept.body, BROTLI)), encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: (kept.gzip ??= zlib.gzipSync(kept.body, { level: 6 })), encoding: 'gzip' };
  return { body: kept.body, encoding: null };
}

const caches = new WeakMap<ReadCacheContext, ReadCache>();

function readCacheOf(ctx: ReadCacheContext): ReadCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ReadCache(ctx.config.readCache ? ctx.config.cacheTtlMs : 0);
    caches.set(ctx, cache);
  }
  return cache;
}

/** The read cache's counts and what it holds per store (the tests, bench/api-load.ts). */
export const readCacheStats = (ctx: ReadCacheContext): ReadCacheStats => readCacheOf(ctx).stats();

/** The view of the data an actor has: a consigner sees only their own items, staff the store's. */
export const viewOf = (actor: { kind: string; id: string }) => (actor.kind === 'consigner' ? `consigner:${actor.id}` : 'staff');

const KEEP = Symbol('readCacheKeep');
type Keep = { key: string; version: string };

/**
 * What a cached read reads of the store: only its catalogue (the product search), or the items of
 * some statuses ('all': of every status) with what they join (products, consigners, locations,
 * orders, the ledger, the store's settings: every part but the item history and the report tables).
 */
export type CachedReads = 'catalogue' | { itemStatuses: readonly string[] | 'all' };

/** The version of what `reads` reads, from the store's row (db/store-versions.ts, migration 0055). */
export function versionOfReads(version: StoreVersion | null, reads: CachedReads): string {
  if (!version) return '';
  if (reads === 'catalogue') return version.catalogue;
  const items =
    reads.itemStatuses === 'all' ? `all:${version.items}` : [...reads.itemStatuses].sort().map((status) => `${status}:${version.itemStatuses[status] ?? 0}`).join(',');
  return `${version.other}.${version.people}.${version.catalogue}.${items}`;
}

/** The version of the request's store (db/store-versions.ts), read once per request: what a read made of kept parts compares. */
export async function storeVersionOfRequest(ctx: ReadCacheContext, request: FastifyRequest): Promise<StoreVersion | null> {
  return (await versionsOfRequest(ctx.database, request)).store;
}

/**
 * The answer of a cacheable read: the kept text when there is one (sent as it is), else `read()`,
 * whose serialised answer is kept by the onSend hook below if it is a 200. `who` names the view of
 * the data the caller has (e.g. 'staff' or 'consigner:<id>'); `reads`, the part of the store's data
 * `read` reads, whose version the answer is kept with.
 *
 * A read may answer JsonText, text put together from parts kept apart (a list page from its kept rows,
 * docs/scaling.md "A page put together from kept rows"): when it is the text already kept at another
 * version, the kept answer is sent again (`x-read-cache: revalidated`, its compressed bytes reused) and
 * kept at the new version; else the text is kept and sent.
 */
export async function cachedRead<T>(
  ctx: ReadCacheContext,
  request: FastifyRequest,
  reply: FastifyReply,
  who: string,
  reads: CachedReads,
  read: () => Promise<T | JsonText>,
): Promise<T | FastifyReply> {
  const cache = readCacheOf(ctx);
  if (!cache.enabled || !request.store) {
    const answer = await read();
    return answer instanceof JsonText ? reply.header('content-type', 'application/json; charset=utf-8').send(answer.body) : answer;
  }
  const key = `${request.store.id}\u0000${who}\u0000${request.url}`;
  // read before the answer is: a write committed while it runs moves it, so that answer is never served
  const version = versionOfReads((await versionsOfRequest(ctx.database, request)).store, reads);
  const current = cache.hit(key, version);
  if (current) return sendKept(reply, request, current, 'hit');
  const answer = await cache.shared(key, version, read);
  if (answer instanceof JsonText) {
    const same = cache.unchanged(key, version, answer.body);
    return sendKept(reply, request, same ?? cache.keep(key, version, answer.body), same ? 'revalidated' : 'read');
  }
  (request as FastifyRequest & { [KEEP]?: Keep })[KEEP] = { key, version };
  return answer;
}

function sendKept(reply: FastifyReply, request: FastifyRequest, kept: Kept, how: 'hit' | 'revalidated' | 'read'): FastifyReply {
  const { body, encoding } = encoded(kept, request.headers['accept-encoding']);
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  // an answer read afresh says nothing, as one the onSend hook keeps
  if (how !== 'read') reply.header('x-read-cache', how);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/** Keeps the serialised answers of cachedRead. */
export function registerReadCache(app: FastifyInstance, ctx: ReadCacheContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const keep = (request as FastifyRequest & { [KEEP]?: Keep })[KEEP];
    if (keep && reply.statusCode === 200 && typeof payload === 'string') readCacheOf(ctx).keep(keep.key, keep.version, payload);
    return payload;
  });
}
