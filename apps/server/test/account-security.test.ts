import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, json, type TestApp } from './helpers.ts';

// docs/security.md, security: account e-mails belong to their recipient's store, links come from
// configuration, sign-in is throttled in the database, cookie requests must come from the store.

type Mail = { to: string; subject: string; links: string[] };

let t: TestApp;
let storeB: { id: string };
let ownerBToken: string;

const B_HOST = 'second.test';

beforeAll(async () => {
  // Development mode: the dev mailbox is registered only there.
  t = await createTestApp({ config: { env: 'development' } });
  const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Second Shop', email: 'boss@second.test', handle: 'second' } });
  storeB = json<{ data: { store: { id: string } } }>(res).data.store;
  await t.ctx.db.update(s.stores).set({ domain: B_HOST }).where(eq(s.stores.id, storeB.id));
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, storeB.id));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: B_HOST, headers: { origin: `http://${B_HOST}` }, body: { email: 'boss@second.test', password: 'second-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  expect((await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } })).statusCode).toBe(200);
  ownerBToken = await t.signIn('boss@second.test', 'second-password', B_HOST);
});
afterAll(async () => t.close());

const mailsTo = (email: string) => t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, email));
const requestReset = (email: string, opts: { host?: string; headers?: Record<string, string> } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    host: opts.host,
    body: { email, redirectTo: '/reset-password' },
    headers: { origin: `http://${opts.host ?? 'localhost'}`, ...opts.headers },
  });
const mailbox = async (token: string, host?: string) => json<{ data: Mail[] }>(await t.request({ method: 'GET', url: '/api/dev/outbox', token, host })).data;

describe('account e-mails belong to the recipient’s store', () => {
  it("sends nothing when another store's staff ask for the owner's reset, and answers the same", async () => {
    const before = (await mailsTo(DEMO.owner)).length;
    // store B's admin asks, through store B, for store A's owner
    const asked = await requestReset(DEMO.owner, { host: B_HOST });
    expect(asked.statusCode).toBe(200);
    expect((await mailsTo(DEMO.owner)).length).toBe(before);
    expect((await mailbox(ownerBToken, B_HOST)).some((m) => m.to === DEMO.owner)).toBe(false);

    // exactly the answer an account of that store gets, and the one an unknown address gets
    const real = await requestReset(DEMO.ava);
    const unknown = await requestReset('nobody-here@example.test');
    expect(json(asked)).toEqual(json(real));
    expect(json(unknown)).toEqual(json(real));
  });

  it('sends nothing for a reset asked through a Host that is no store', async () => {
    const before = (await mailsTo(DEMO.stock)).length;
    const res = await requestReset(DEMO.stock, { host: 'attacker.example' });
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(DEMO.stock)).length).toBe(before);
  });

  it("files the reset under the account's own store, where only that store's Admin sees it", async () => {
    expect((await requestReset(DEMO.marco)).statusCode).toBe(200);
    const [mail] = await mailsTo(DEMO.marco);
    const [demo] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
    expect(mail.storeId).toBe(demo.id);

    const ownerA = await t.signIn(DEMO.owner);
    const boxA = await mailbox(ownerA);
    expect(boxA.some((m) => m.to === DEMO.marco && /reset/i.test(m.subject))).toBe(true);
    expect(boxA.some((m) => m.to === 'boss@second.test')).toBe(false);
    const boxB = await mailbox(ownerBToken, B_HOST);
    expect(boxB.some((m) => m.to === 'boss@second.test')).toBe(true);
    expect(boxB.some((m) => m.to.endsWith('@demo.backroom.test'))).toBe(false);
  });

  it('keeps the dev mailbox to Admins', async () => {
    const stock = await t.signIn(DEMO.stock);
    const employee = await t.request({ method: 'GET', url: '/api/dev/outbox', token: stock });
    expect(employee.statusCode).toBe(403);
    expect(json(employee).error).toBe('Only an Admin can open the dev mailbox');
    const consigner = await t.request({ method: 'GET', url: '/api/dev/outbox', token: await t.signIn(DEMO.ava) });
    expect(consigner.statusCode).toBe(403);
  });

  it('says with the signed-in user whether the dev mailbox is theirs, so the user menu never grows later', async () => {
    const me = async (token: string) => json<{ data: { devMailbox: boolean } }>(await t.request({ method: 'GET', url: '/api/me', token })).data.devMailbox;
    expect(await me(await t.signIn(DEMO.owner))).toBe(true);
    expect(await me(await t.signIn(DEMO.stock))).toBe(false);
    expect(await me(await t.signIn(DEMO.ava))).toBe(false);
  });
});

describe('links come from configuration, never from the request', () => {
  it('builds the reset link on APP_URL whatever Host or X-Forwarded-Host say', async () => {
    await requestReset(DEMO.storeAccount, { headers: { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' } });
    const [mail] = await mailsTo(DEMO.storeAccount);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${t.ctx.config.appUrl}/api/auth/reset-password/`)).toBe(true);
    expect(mail.text).not.toContain('attacker.example');
  });

  it('builds invite links on APP_URL too', async () => {
    const owner = await t.signIn(DEMO.owner);
    const res = await t.request({
      method: 'POST',
      url: '/api/employees',
      token: owner,
      body: { firstName: 'Ivy', lastName: 'Poison', email: 'ivy@demo.backroom.test', accessControls: [] },
      headers: { 'x-forwarded-host': 'attacker.example' },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo('ivy@demo.backroom.test');
    expect(mail.text).toContain(`${t.ctx.config.appUrl}/invite/`);
    expect(mail.text).not.toContain('attacker.example');
  });
});

describe('sign-in throttling', () => {
  const signIn = (email: string, password: string, ip = '192.0.2.10') =>
    t.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email, password }, headers: { origin: 'http://localhost', 'x-forwarded-for': ip } });

  it('refuses an account with 429 and a wait time after 5 failures, the right password included, across a restart', async () => {
    const email = 'locked@example.test';
    const up = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', body: { email, password: 'the-right-one', name: 'Locked' }, headers: { origin: 'http://localhost' } });
    expect(up.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong-${i}`)).statusCode).toBe(401);

    const refused = await signIn(email, 'the-right-one');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // from another address too: the count is the account's
    expect((await signIn(email, 'the-right-one', '198.51.100.20')).statusCode).toBe(429);

    // a new server on the same database still refuses: the count is in the database
    const { app: restarted } = await buildApp(t.ctx.config, t.ctx.database);
    try {
      const again = await restarted.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: 'the-right-one' }),
      });
      expect(again.statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  }, 120_000);

  it('refuses an address after 20 failures, whatever the account', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await signIn(`guess-${i}@example.test`, 'wrong-password', ip)).statusCode).toBe(401);
    const refused = await signIn(DEMO.owner, DEMO_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    // the same account from an address of its own is not held up
    expect((await signIn(DEMO.owner, DEMO_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
  }, 120_000);

  it('lets a person who mistyped a few times sign in, and forgets those failures', async () => {
    for (let i = 0; i < 4; i++) expect((await signIn(DEMO.marco, 'typo', '192.0.2.44')).statusCode).toBe(401);
    expect((await signIn(DEMO.marco, DEMO_PASSWORD, '192.0.2.44')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(DEMO.marco, 'typo', '192.0.2.44')).statusCode).toBe(401);
    expect((await signIn(DEMO.marco, DEMO_PASSWORD, '192.0.2.44')).statusCode).toBe(200);
  }, 120_000);

  it('limits reset e-mails per address asked for, whether or not it has an account', async () => {
    for (let i = 0; i < 3; i++) expect((await requestReset('mailbomb@example.test')).statusCode).toBe(200);
    const refused = await requestReset('mailbomb@example.test');
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe('Too many password reset e-mails were asked for. Try again in 15 minutes.');
  });

  it("limits requests per address with better-auth's own limiter, stored in the database", async () => {
    // distinct addresses asked for, so only the per-client-address limit (10 a minute) applies
    const ask = (i: number) => requestReset(`nobody-${i}@example.test`, { headers: { 'x-forwarded-for': '198.51.100.99' } });
    for (let i = 0; i < 10; i++) expect((await ask(i)).statusCode).toBe(200);
    const refused = await ask(10);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toMatch(/^Too many requests\. Try again in (\d+ seconds?|1 minute)\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.ctx.db.select().from(s.rateLimit).where(eq(s.rateLimit.key, '198.51.100.99|/request-password-reset'));
    expect(rows[0]?.count).toBe(10);
  });

  it('is on unless AUTH_RATE_LIMIT=off', () => {
    expect(loadConfig({}, {}).authRateLimit).toBe(true);
    expect(loadConfig({}, { AUTH_RATE_LIMIT: 'off' }).authRateLimit).toBe(false);
  });
});

describe('cookie requests must come from the store', () => {
  let cookie: string;
  beforeAll(async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email: DEMO.ava, password: DEMO_PASSWORD }, headers: { origin: 'http://localhost' } });
    cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='))!.split(';')[0];
  });
  const acceptTerms = (headers: Record<string, string>) => t.request({ method: 'POST', url: '/api/me/acceptTerms', headers: { cookie, ...headers } });

  it('refuses a state-changing cookie request from another site', async () => {
    const res = await acceptTerms({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: 'This request did not come from a page of this store', code: 'BAD_ORIGIN' });
    expect((await acceptTerms({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await acceptTerms({})).statusCode).toBe(403);
    // better-auth's own routes too
    expect((await t.request({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: 'https://evil.example' } })).statusCode).toBe(403);
  });

  it("accepts the store's own origin (and, in development, local ones), and bearer tokens from anywhere", async () => {
    expect((await acceptTerms({ origin: t.ctx.config.appUrl })).statusCode).toBe(200);
    expect((await acceptTerms({ referer: 'http://localhost:5173/settings' })).statusCode).toBe(200);
    const token = await t.signIn(DEMO.ava);
    expect((await t.request({ method: 'POST', url: '/api/me/acceptTerms', token, headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ config: { env: 'production', appUrl: 'https://backoffice.example' } });
  });
  afterAll(async () => prod.close());

  it('has no dev mailbox route at all', async () => {
    // better-auth trusts only configured origins in production, so the sign-in comes from APP_URL
    const signIn = await prod.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email: DEMO.owner, password: DEMO_PASSWORD }, headers: { origin: 'https://backoffice.example' } });
    const owner = signIn.headers['set-auth-token'] as string;
    expect(owner).toBeTruthy();
    const res = await prod.request({ method: 'GET', url: '/api/dev/outbox', token: owner });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Not found' });
    const me = await prod.request({ method: 'GET', url: '/api/me', token: owner });
    expect(json<{ data: { devMailbox: boolean } }>(me).data.devMailbox).toBe(false);
  });

  it('sets a Secure session cookie', async () => {
    const res = await prod.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email: DEMO.owner, password: DEMO_PASSWORD }, headers: { origin: 'https://backoffice.example' } });
    expect(res.statusCode).toBe(200);
    const session = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='))!;
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*Secure/i);
  });

  it("mails links on the store's own domain, never on a forwarded host", async () => {
    await prod.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      host: 'demo.backroom.local',
      body: { email: DEMO.marco, redirectTo: '/reset-password' },
      headers: { origin: 'https://demo.backroom.local', 'x-forwarded-host': 'attacker.example' },
    });
    const [mail] = await prod.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, DEMO.marco));
    expect(mail.text).toContain('https://demo.backroom.local/api/auth/reset-password/');
    expect(mail.text).not.toContain('attacker.example');
  });

  it('accepts cookie requests only from the store’s own origins', async () => {
    const res = await prod.request({ method: 'POST', url: '/api/auth/sign-in/email', host: 'demo.backroom.local', body: { email: DEMO.ava, password: DEMO_PASSWORD }, headers: { origin: 'https://demo.backroom.local' } });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='))!.split(';')[0];
    const accept = (origin: string) => prod.request({ method: 'POST', url: '/api/me/acceptTerms', host: 'demo.backroom.local', headers: { cookie, origin } });
    expect((await accept('http://localhost:3000')).statusCode).toBe(403);
    expect((await accept('http://demo.backroom.local')).statusCode).toBe(403);
    expect((await accept('https://demo.backroom.local')).statusCode).toBe(200);
    expect((await accept('https://backoffice.example')).statusCode).toBe(200);
  });
});
