import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../app-context.ts';
import type { WriteWatch } from '../db/write-watch.ts';

/**
 * Answers of the busiest reads (the inventory list page, the product search), kept as the JSON text
 * that was sent, so that the same request asked again before anything changed costs neither the
 * queries nor the serialisation (issue 9: a shop's busiest hour is many people on the same screens).
 *
 * An answer is kept only when no write of this process ran while it was read (db/write-watch.ts) and
 * is served only while no write has happened since: a change made through this server is seen by the
 * next request, never a stale page. A change made by another process (a second server, psql) is seen
 * within the TTL (config.cacheTtlMs, 5 s, as the session cache). The key holds the store, who is
 * asking (a consigner's own view, or staff's) and the whole URL; the route checks access before it
 * asks the cache, so a hit is never served to someone the route would refuse.
 * Off when the TTL is 0 (the API tests) or with READ_CACHE=false (bench/api-load.ts --no-read-cache).
 */
export class ReadCache {
  private readonly answers: LRUCache<string, Kept>;
  /** Reads of the same key under way, shared by the requests that come while one runs. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly writes: WriteWatch,
    readonly ttlMs: number,
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.answers = new LRUCache({ maxSize: maxBytes, sizeCalculation: (v) => v.body.length + 100, ttl: Math.max(1, ttlMs), ttlAutopurge: false });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The answer kept for `key`, while nothing has been written since. */
  hit(key: string): Kept | null {
    const found = this.answers.get(key);
    if (!found) return null;
    if (found.version !== this.writes.version || !this.writes.quiet) {
      this.answers.delete(key);
      return null;
    }
    return found;
  }

  /** Keeps `body` if nothing was written since `version` was read. */
  keep(key: string, version: number, body: string): void {
    // kept as bytes: a hit is written to the socket without encoding 100 KB of text again
    if (version === this.writes.version && this.writes.quiet) this.answers.set(key, { version, body: Buffer.from(body) });
  }

  /** Runs `read`, or joins the same read already under way at this version. */
  async shared<T>(key: string, version: number, read: () => Promise<T>): Promise<T> {
    const runningKey = `${version}\u0000${key}`;
    const running = this.running.get(runningKey) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.running.delete(runningKey));
    this.running.set(runningKey, started);
    return started;
  }

  get writeVersion(): number {
    return this.writes.version;
  }

  get writesQuiet(): boolean {
    return this.writes.quiet;
  }
}

/** An answer as sent, and compressed the first time a client that accepts it asks again. */
type Kept = { version: number; body: Buffer; br?: Buffer; gzip?: Buffer };

// A 100 KB list page is 8 to 10 KB compressed, in about 0.5 ms, paid once per kept answer rather than
// on every request (brotli at quality 4 compresses better than gzip at 6 and faster).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
function encoded(kept: Kept, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  if (kept.body.length < 1024 || !acceptEncoding) return { body: kept.body, encoding: null };
  if (/\bbr\b/.test(acceptEncoding)) return { body: (kept.br ??= zlib.brotliCompressSync(kept.body, BROTLI)), encoding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: (kept.gzip ??= zlib.gzipSync(kept.body, { level: 6 })), encoding: 'gzip' };
  return { body: kept.body, encoding: null };
}

const caches = new WeakMap<AppContext, ReadCache>();

export function readCacheOf(ctx: AppContext): ReadCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ReadCache(ctx.database.writes, ctx.config.readCache ? ctx.config.cacheTtlMs : 0);
    caches.set(ctx, cache);
  }
  return cache;
}

/** The view of the data an actor has: a consigner sees only their own items, staff the store's. */
export const viewOf = (actor: { kind: string; id: string }) => (actor.kind === 'consigner' ? `consigner:${actor.id}` : 'staff');

const KEEP = Symbol('readCacheKeep');
type Keep = { key: string; version: number };

/**
 * The answer of a cacheable read: the kept text when there is one (sent as it is), else `read()`,
 * whose serialised answer is kept by the onSend hook below if it is a 200 and nothing was written
 * meanwhile. `who` names the view of the data the caller has (e.g. 'staff' or 'consigner:<id>').
 */
export async function cachedRead<T>(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, who: string, read: () => Promise<T>): Promise<T | FastifyReply> {
  const cache = readCacheOf(ctx);
  if (!cache.enabled || !request.store) return read();
  const key = `${request.store.id}\u0000${who}\u0000${request.url}`;
  const kept = cache.hit(key);
  if (kept) {
    const { body, encoding } = encoded(kept, request.headers['accept-encoding']);
    reply.header('content-type', 'application/json; charset=utf-8').header('x-read-cache', 'hit').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }
  const version = cache.writeVersion;
  if (!cache.writesQuiet) return read();
  const answer = await cache.shared(key, version, read);
  (request as FastifyRequest & { [KEEP]?: Keep })[KEEP] = { key, version };
  return answer;
}

/** Keeps the serialised answers of cachedRead. */
export function registerReadCache(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const keep = (request as FastifyRequest & { [KEEP]?: Keep })[KEEP];
    if (keep && reply.statusCode === 200 && typeof payload === 'string') readCacheOf(ctx).keep(keep.key, keep.version, payload);
    return payload;
  });
}
