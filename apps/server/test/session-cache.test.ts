import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { SessionCache } from '../src/auth/session-cache.ts';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

// The session, actor and store caches (docs/api-foundation.md) with a short TTL: sessions and actors are
// versioned (db/store-versions.ts), so a change made through this process or behind its back (another
// server, the database) is seen at once; the store by Host within the TTL.
const TTL_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { cacheTtlMs: TTL_MS } });
}, 600_000); // seeding took over 2 minutes on the shared machine
afterAll(async () => {
  await t.close();
});

describe('SessionCache', () => {
  const request = (authorization: string) => ({ headers: { authorization }, cookies: {} }) as unknown as FastifyRequest;
  const identity = { userId: 'u1', email: 'a@b.test', name: 'A', emailVerified: true };
  const found = async () => ({ identity, expiresAt: new Date(Date.now() + 60_000) });

  it('asks better-auth once per credential while the entry lives, again after a session change', async () => {
    const cache = new SessionCache(60_000, t.ctx.database);
    let loads = 0;
    const load = async () => ((loads += 1), found());
    expect(await cache.identity(request('Bearer one'), load)).toEqual(identity);
    expect(await cache.identity(request('Bearer one'), load)).toEqual(identity);
    expect(loads).toBe(1);
    await cache.identity(request('Bearer two'), load);
    expect(loads).toBe(2);
    cache.invalidateSessions();
    await cache.identity(request('Bearer one'), load);
    expect(loads).toBe(3);
  });

  it('keeps no entry past the session expiry, and none when turned off', async () => {
    let loads = 0;
    const expired = async () => ((loads += 1), { identity, expiresAt: new Date(Date.now() - 1) });
    const cache = new SessionCache(60_000, t.ctx.database);
    await cache.identity(request('Bearer x'), expired);
    await cache.identity(request('Bearer x'), expired);
    expect(loads).toBe(2);
    const off = new SessionCache(0, t.ctx.database);
    await off.identity(request('Bearer y'), expired);
    await off.identity(request('Bearer y'), expired);
    expect(loads).toBe(4);
  });

  it('does not store an answer that started before an invalidation', async () => {
    const cache = new SessionCache(60_000, t.ctx.database);
    let loads = 0;
    const slow = async () => {
      loads += 1;
      cache.invalidateUser('u1'); // e.g. the user was disabled while the lookup ran
      return found();
    };
    const counted = async () => ((loads += 1), found());
    await cache.identity(request('Bearer z'), slow);
    await cache.identity(request('Bearer z'), counted);
    expect(loads).toBe(2);
    await cache.identity(request('Bearer z'), counted);
    expect(loads).toBe(2);
  });
});

describe('session and actor cache', () => {
  it('refuses a signed-out session at once', async () => {
    const token = await t.signIn(DEMO.owner);
    expect((await t.request({ method: 'GET', url: '/api/me', token })).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', token, body: {}, headers: { origin: 'http://localhost' } });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/employees', token })).statusCode).toBe(401);
  });

  it('refuses an employee disabled straight in the database on the next request', async () => {
    const cache = await createTestApp({ config: { cacheTtlMs: 600_000 } });
    try {
      const token = await cache.signIn(DEMO.stock);
      const url = '/api/inventories/paginatedInventories?pageSize=10';
      expect((await cache.request({ method: 'GET', url, token })).statusCode).toBe(200);
      expect((await cache.request({ method: 'GET', url, token })).statusCode).toBe(200);
      // behind the app's back, as another server process or psql would
      await cache.ctx.database.executeSql('update employees set is_active = false where email = $1', [DEMO.stock]);
      const res = await cache.request({ method: 'GET', url, token });
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('DISABLED');
    } finally {
      await cache.close();
    }
  }, 600_000);

  it('refuses an employee disabled in the database', async () => {
    const token = await t.signIn(DEMO.stock);
    const url = '/api/inventories/paginatedInventories?pageSize=10';
    expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(200);
    await t.ctx.db.update(s.employees).set({ isActive: false }).where(eq(s.employees.email, DEMO.stock));
    try {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe('DISABLED');
    } finally {
      await t.ctx.db.update(s.employees).set({ isActive: true }).where(eq(s.employees.email, DEMO.stock));
    }
  });

  it('lets a consigner in as soon as the terms are accepted', async () => {
    await t.ctx.db.update(s.consigners).set({ acceptedTOS: false }).where(eq(s.consigners.email, DEMO.ava));
    const token = await t.signIn(DEMO.ava);
    const url = '/api/inventories/paginatedInventories?pageSize=10';
    const before = await t.request({ method: 'GET', url, token });
    expect(json(before).code).toBe('TERMS');
    expect((await t.request({ method: 'POST', url: '/api/me/acceptTerms', token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(200);
    expect(json<{ data: { acceptedTOS: boolean } }>(await t.request({ method: 'GET', url: '/api/me', token })).data.acceptedTOS).toBe(true);
  });
});

describe('store by Host cache', () => {
  it('sees a store change made in the database within the TTL', async () => {
    const token = await t.signIn(DEMO.owner);
    expect((await t.request({ method: 'GET', url: '/open/stores/current' })).statusCode).toBe(200);
    await t.ctx.db.update(s.stores).set({ maintenanceMode: true }).where(eq(s.stores.handle, 'demo'));
    try {
      await sleep(TTL_MS + 100);
      expect(json<{ data: { maintenanceMode: boolean } }>(await t.request({ method: 'GET', url: '/open/stores/current' })).data.maintenanceMode).toBe(true);
      expect(json(await t.request({ method: 'GET', url: '/api/employees', token })).code).toBe('MAINTENANCE');
    } finally {
      await t.ctx.db.update(s.stores).set({ maintenanceMode: false }).where(eq(s.stores.handle, 'demo'));
    }
  });

  it('does not remember a Host that matched no store', async () => {
    expect((await t.request({ method: 'GET', url: '/open/stores/current', host: 'new-shop.test' })).statusCode).toBe(404);
    await t.ctx.db.update(s.stores).set({ domain: 'new-shop.test' }).where(eq(s.stores.handle, 'demo'));
    try {
      expect((await t.request({ method: 'GET', url: '/open/stores/current', host: 'new-shop.test' })).statusCode).toBe(200);
    } finally {
      await t.ctx.db.update(s.stores).set({ domain: 'demo.backroom.local' }).where(eq(s.stores.handle, 'demo'));
    }
  });
});
