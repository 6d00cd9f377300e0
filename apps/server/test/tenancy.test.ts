import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { hostnameOf, isLoopbackHost } from '../src/tenancy/resolve-store.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

let t: TestApp;
let storeB: { id: string; handle: string };
let ownerBToken: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second store with its own domain and its own admin, who accepts the invite.
  const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Second Shop', email: 'boss@second.test', handle: 'second' } });
  expect(res.statusCode).toBe(201);
  storeB = json<{ data: { store: { id: string; handle: string } } }>(res).data.store;
  await t.ctx.db.update(s.stores).set({ domain: 'second.test' }).where(eq(s.stores.id, storeB.id));
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, storeB.id));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: 'second.test', headers: { origin: 'http://second.test' }, body: { email: 'boss@second.test', password: 'second-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  const accept = await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } });
  expect(accept.statusCode).toBe(200);
  ownerBToken = await t.signIn('boss@second.test', 'second-password', 'second.test');
});
afterAll(async () => t.close());

describe('store resolution', () => {
  it('serves the first store on localhost', async () => {
    const res = await t.request({ method: 'GET', url: '/open/stores/current' });
    expect(json<{ data: { handle: string } }>(res).data.handle).toBe('demo');
  });

  it('resolves a store by its domain, and by the handle picked on the landing page', async () => {
    expect(json<{ data: { handle: string } }>(await t.request({ method: 'GET', url: '/open/stores/current', host: 'second.test' })).data.handle).toBe('second');
    expect(json<{ data: { handle: string } }>(await t.request({ method: 'GET', url: '/open/stores/current', host: 'shops.example', headers: { 'x-store-handle': 'second' } })).data.handle).toBe('second');
    expect(json<{ data: { handle: string } }>(await t.request({ method: 'GET', url: '/open/stores/demo.backroom.local' })).data.handle).toBe('demo');
  });

  it('serves the first store on 127.0.0.1 and [::1] too, with any port, as on localhost', async () => {
    for (const host of ['localhost:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000', '[::1]', '127.0.0.2:8080', 'LOCALHOST.:3000']) {
      const res = await t.request({ method: 'GET', url: '/open/stores/current', host });
      expect({ host, status: res.statusCode, handle: json<{ data?: { handle: string } }>(res).data?.handle }).toEqual({ host, status: 200, handle: 'demo' });
    }
    // and the demo owner signs in there and is at home
    const token = await t.signIn(DEMO.owner, undefined, '127.0.0.1:3000');
    expect((await t.request({ method: 'GET', url: '/api/me', token, host: '[::1]:3000' })).statusCode).toBe(200);
  });

  it('reads the host name of a Host header exactly: port, brackets and case aside, nothing else counts', () => {
    expect(hostnameOf('[::1]:3000')).toBe('::1');
    expect(hostnameOf('Second.Test:8443')).toBe('second.test');
    expect(hostnameOf('127.1')).toBe('127.0.0.1');
    // not a host: never the loopback's first store
    for (const bad of ['evil.example@localhost', 'localhost/x', 'localhost:abc', '[::1', '']) expect(isLoopbackHost(hostnameOf(bad))).toBe(false);
    for (const far of ['128.0.0.1', '127.0.0.1.evil.example', 'localhost.evil.example', '::2']) expect(isLoopbackHost(hostnameOf(far))).toBe(false);
  });

  it('answers 404 for an unknown domain', async () => {
    const res = await t.request({ method: 'GET', url: '/open/stores/current', host: 'nobody.example' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Store not found' });
  });

  it('looks stores up by handle with the spec messages', async () => {
    expect(json(await t.request({ method: 'GET', url: '/open/stores/handle/nope' }))).toEqual({ error: "Handle doesn't exist." });
    expect(json<{ data: { name: string } }>(await t.request({ method: 'GET', url: '/open/stores/handle/second' })).data.name).toBe('Second Shop');
  });
});

describe('isolation between stores', () => {
  it('signs a user of store A out of store B (WRONG_STORE), whatever the token', async () => {
    const tokenA = await t.signIn(DEMO.owner);
    const res = await t.request({ method: 'GET', url: '/api/me', token: tokenA, host: 'second.test' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('WRONG_STORE');
    const list = await t.request({ method: 'GET', url: '/api/employees', token: tokenA, host: 'second.test' });
    expect(list.statusCode).toBe(403);
  });

  it("never shows store A's rows to store B's admin, even by id", async () => {
    const employeesB = json<{ data: { email: string }[] }>(await t.request({ method: 'GET', url: '/api/employees', token: ownerBToken, host: 'second.test' })).data;
    expect(employeesB.map((e) => e.email)).toEqual(['boss@second.test']);
    const [sam] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, DEMO.stock));
    const byId = await t.request({ method: 'GET', url: `/api/employees/${sam.id}`, token: ownerBToken, host: 'second.test' });
    expect(byId.statusCode).toBe(404);
    const resend = await t.request({ method: 'POST', url: `/api/employees/send/${sam.id}`, token: ownerBToken, host: 'second.test' });
    expect(resend.statusCode).toBe(404);
  });

  it("does not let store B's admin act on store A by sending A's handle from B's domain", async () => {
    const res = await t.request({ method: 'GET', url: '/api/employees', token: ownerBToken, host: 'second.test', headers: { 'x-store-handle': 'demo' } });
    // the domain wins over the header, so this is store B's own list
    expect(json<{ data: { email: string }[] }>(res).data.map((e) => e.email)).toEqual(['boss@second.test']);
    const onA = await t.request({ method: 'GET', url: '/api/employees', token: ownerBToken });
    expect(onA.statusCode).toBe(403);
    expect(json(onA).code).toBe('WRONG_STORE');
  });
});

describe('store signup', () => {
  it.each([
    [{ name: '', email: 'a@shop.test', handle: 'abc' }],
    [{ name: 'Shop', email: 'not-an-email', handle: 'abc' }],
    [{ name: 'Shop', email: 'a@shop.test', handle: '' }],
  ])('refuses %j with the spec message', async (body) => {
    const res = await t.request({ method: 'POST', url: '/open/stores', body });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'Please enter a valid email, name and handle' });
  });

  it('takes the spec query parameters, creates locations and an Admin owner, and e-mails the invite', async () => {
    const res = await t.request({ method: 'POST', url: '/open/stores?name=Third%20Shop&email=third@shop.test&handle=third&platform=shopify' });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { message: string } }>(res).data.message).toBe('Please check your email to continue');
    const store = json<{ data: { store: { id: string } } }>(res).data.store;
    const locations = await t.ctx.db.select().from(s.locations).where(eq(s.locations.storeId, store.id));
    expect(locations.map((l) => l.name).sort()).toEqual(['Main Store', 'ONLINE MARKETPLACE']);
    const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, store.id));
    expect(owner).toMatchObject({ role: 'Admin', accessControls: null, email: 'third@shop.test' });
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'third@shop.test'));
    expect(mail.text).toContain(`/invite/${owner.id}?token=${owner.inviteToken}&store=third`);
  });

  it('refuses a handle that is taken', async () => {
    const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Copy', email: 'c@shop.test', handle: 'demo' } });
    expect(res.statusCode).toBe(409);
  });
});
