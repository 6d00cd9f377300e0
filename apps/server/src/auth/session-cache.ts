import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/client.ts';
import { versionsOfRequest } from '../db/store-versions.ts';
import type { Actor, Identity } from './actor-types.ts';

/**
 * A cache of who is signed in (docs/api-foundation.md): the better-auth session behind a credential
 * (bearer token or session cookie) and the consigner or employee it is in a store. Every signed-in
 * request paid 4 to 5 queries for these before its own work.
 *
 * Versioned as the read cache is (db/store-versions.ts, docs/scaling.md "Several server processes"):
 * an actor is kept with its store's people version (staff, consigners, the store row), a session with
 * the users' and sessions' version, both read at the start of the request; a kept one is used only
 * while that version has not moved. So a change made anywhere (another server process, psql) is seen
 * on the next request: a user disabled on one process is refused on every process next time. The TTL
 * (config.cacheTtlMs) only bounds how long an entry is kept. Changes made through this process also
 * drop entries at once (the version would miss them anyway):
 * - any /api/auth/* call but sign-in and sign-up (sign-out, session revocation, password reset or
 *   change, e-mail verification, user update) drops every cached session;
 * - a write to an employee or consigner (role, areas, disabled, terms) calls invalidateUser;
 * - a write to a store calls invalidateStore (its actors) and invalidateStores (tenancy/store-cache.ts).
 * Only found sessions and found actors are kept: a miss always asks the database again.
 */
export class SessionCache {
  private readonly identities: LRUCache<string, { identity: Identity; version: string }>;
  private readonly actors: LRUCache<string, { actor: Actor; version: string }>;
  /** Bumped by every invalidation: a lookup that started before one does not store its answer. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly database: Pick<Database, 'kind' | 'queryInScope' | 'writes'>,
    max = 10_000,
  ) {
    this.identities = new LRUCache({ max, ttl: Math.max(1, ttlMs), ttlAutopurge: false });
    this.actors = new LRUCache({ max, ttl: Math.max(1, ttlMs), ttlAutopurge: false });
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The session's identity, from the cache or `load` (better-auth), keyed by the credential presented. */
  async identity(request: FastifyRequest, load: () => Promise<{ identity: Identity; expiresAt: Date } | null>): Promise<Identity | null> {
    const key = credentialOf(request);
    if (!this.enabled || !key) return (await load())?.identity ?? null;
    const version = (await versionsOfRequest(this.database, request)).global.people;
    const hit = this.identities.get(key);
    if (hit?.version === version) return hit.identity;
    const generation = this.generation;
    const found = await load();
    if (found && generation === this.generation) {
      const ttl = Math.min(this.ttlMs, found.expiresAt.getTime() - Date.now());
      if (ttl > 0) this.identities.set(key, { identity: found.identity, version }, { ttl });
    }
    return found?.identity ?? null;
  }

  /** The consigner or employee of this user in this store (only when found), from the cache or `load`. */
  async actor<T extends { status: string }>(request: FastifyRequest, storeId: string, identity: Identity, load: () => Promise<T>, actorOf: (found: T) => Actor | null): Promise<T | { status: 'found'; actor: Actor }> {
    if (!this.enabled) return load();
    const key = `${storeId}\u0000${identity.userId}`;
    const versions = await versionsOfRequest(this.database, request);
    // the request's own store is the one whose version was read
    const version = versions.store && request.store?.id === storeId ? versions.store.people : null;
    const hit = this.actors.get(key);
    // the identity is today's (e-mail verified may have changed); the row is the cached one
    if (hit && version !== null && hit.version === version) return { status: 'found', actor: { ...hit.actor, identity } };
    const generation = this.generation;
    const found = await load();
    const actor = actorOf(found);
    if (actor && version !== null && generation === this.generation) this.actors.set(key, { actor, version });
    return found;
  }

  invalidateUser(userId: string) {
    this.generation += 1;
    for (const key of [...this.actors.keys()]) if (key.endsWith(`\u0000${userId}`)) this.actors.delete(key);
    for (const [key, kept] of [...this.identities.entries()]) if (kept.identity.userId === userId) this.identities.delete(key);
  }

  invalidateStore(storeId: string) {
    this.generation += 1;
    for (const key of [...this.actors.keys()]) if (key.startsWith(`${storeId}\u0000`)) this.actors.delete(key);
  }

  invalidateSessions() {
    this.generation += 1;
    this.identities.clear();
  }
}

const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/** What identifies the session: the bearer token and the session cookie, as presented. */
function credentialOf(request: FastifyRequest): string {
  const bearer = request.headers.authorization ?? '';
  const cookie = SESSION_COOKIES.map((name) => request.cookies?.[name] ?? '').join('\u0000');
  return bearer || cookie.replaceAll('\u0000', '') ? `${bearer}\u0000${cookie}` : '';
}

const caches = new WeakMap<AppContext, SessionCache>();

/** The app's session cache (one per app, so tests' apps do not share one). */
export function sessionCacheOf(ctx: AppContext): SessionCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SessionCache(ctx.config.cacheTtlMs, ctx.database);
    caches.set(ctx, cache);
  }
  return cache;
}

// better-auth calls that cannot end or change an existing session
const KEEPS_SESSIONS = /^\/api\/auth\/(get-session|sign-in\/|sign-up\/|ok$|error$)/;

/** Drops the cached sessions once an /api/auth call that may end or change one has been answered. */
export function registerSessionCacheInvalidation(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request) => {
    if (request.url.startsWith('/api/auth/') && !KEEPS_SESSIONS.test(request.url)) sessionCacheOf(ctx).invalidateSessions();
  });
}
