// A new store's first hour (docs/first-hour.md): the store sign-up without SMTP, its links on the
// installation's host it signed up on, and the setup guide's steps computed from the store's data.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type Signup = { data: { store: { id: string; linkOrigin: string }; message: string; devInviteLink: string | null } };
type Setup = { data: { dismissed: boolean; steps: { key: string; done: boolean }[] } };

let t: TestApp;
const appUrl = () => t.ctx.config.appUrl;
const appPort = () => new URL(appUrl()).port;

beforeAll(async () => {
  // development without SMTP_URL: the case a newcomer's machine is in
  t = await createTestApp({ seed: false, config: { env: 'development', smtpUrl: undefined } });
});
afterAll(async () => t.close());
// every sign-up here comes from one address, past the hourly limit of store sign-ups per address
beforeEach(async () => {
  await t.ctx.db.delete(s.authThrottle);
});

const signup = (body: Record<string, string>, host = 'localhost') => t.request({ method: 'POST', url: '/open/stores', body, host });

describe('POST /open/stores', () => {
  it("names the owner as typed, adds the store account, and shows the invite link on the installation's host it was made on", async () => {
    const res = await signup({ name: 'Thrift Corner', ownerName: ' Jo  Marsh ', email: 'jo@thrift.test', handle: 'thrift' }, `thrift.localhost:${appPort()}`);
    expect(res.statusCode).toBe(201);
    const { data } = json<Signup>(res);
    expect(data.message).toBe('Please check your email to continue');
    const origin = `http://thrift.localhost:${appPort()}`;
    expect(data.devInviteLink).toMatch(new RegExp(`^${origin}/invite/[0-9a-f-]+\\?token=[\\w-]+&store=thrift$`));
    expect(data.store.linkOrigin).toBe(origin);

    const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, data.store.id));
    expect(owner).toMatchObject({ firstName: 'Jo', lastName: 'Marsh', role: 'Admin' });
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.storeId, data.store.id));
    expect(mail.text).toContain(data.devInviteLink!);
    const accounts = await t.ctx.db.select().from(s.consigners).where(and(eq(s.consigners.storeId, data.store.id), eq(s.consigners.isStoreAccount, true)));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ firstName: 'Thrift Corner', lastName: 'Stock', accountType: 'Store', emailNotifications: false });
    expect(accounts[0].email.endsWith('.invalid')).toBe(true);
  });

  it('never takes a link host from a request host that is not the installation', async () => {
    for (const [handle, host] of [['evil1', 'evil.example'], ['evil2', 'localhost.evil.example'], ['evil3', `x.-bad.localhost`], ['evil4', 'localhost']] as const) {
      const res = await signup({ name: 'Shop', email: `${handle}@shop.test`, handle }, host);
      expect(res.statusCode, host).toBe(201);
      const { data } = json<Signup>(res);
      expect(data.devInviteLink!.startsWith(`${appUrl()}/invite/`), host).toBe(true);
      const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, data.store.id));
      expect(row.signupHost).toBeNull();
    }
  });

  it('falls back to the start of the e-mail address when no name was typed', async () => {
    const { data } = json<Signup>(await signup({ name: 'Rose', email: 'rose.hand@shop.test', handle: 'rose' }));
    const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, data.store.id));
    expect(owner).toMatchObject({ firstName: 'rose.hand', lastName: '' });
  });

  it('gives no link with SMTP configured, nor outside development', async () => {
    t.ctx.config.smtpUrl = 'smtp://127.0.0.1:1';
    try {
      const res = await signup({ name: 'Mailer', email: 'm@shop.test', handle: 'mailer' });
      expect(json<Signup>(res).data.devInviteLink).toBeNull();
    } finally {
      t.ctx.config.smtpUrl = undefined;
    }
    t.ctx.config.env = 'production';
    try {
      const res = await signup({ name: 'Prod', email: 'p@shop.test', handle: 'prod' });
      expect(json<Signup>(res).data.devInviteLink).toBeNull();
    } finally {
      t.ctx.config.env = 'development';
    }
  });
});

describe('GET/PUT /api/stores/setup', () => {
  it("ticks each step from the store's data, can be dismissed, and needs a session", async () => {
    const host = 'setup.test';
    const email = 'owner@setup.test';
    const { data } = json<Signup>(await signup({ name: 'Setup Shop', ownerName: 'Sam Owner', email, handle: 'setup' }));
    await t.ctx.db.update(s.stores).set({ domain: host }).where(eq(s.stores.id, data.store.id));
    const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, data.store.id));
    const made = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host, headers: { origin: `http://${host}` }, body: { email, password: 'setup-password', name: 'Sam Owner' } });
    await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId: json<{ user: { id: string } }>(made).user.id } });
    const token = await t.signIn(email, 'setup-password', host);
    const get = async () => json<Setup>(await t.request({ method: 'GET', url: '/api/stores/setup', token, host })).data;
    const done = async () => (await get()).steps.filter((x) => x.done).map((x) => x.key);

    expect((await get()).steps.map((x) => x.key)).toEqual(['locations', 'template', 'fees', 'consigner', 'product', 'item', 'label']);
    expect(await done()).toEqual([]);

    expect((await t.request({ method: 'POST', url: '/api/locations', token, host, body: { name: 'Corner Shop' } })).statusCode).toBe(201);
    const template = await t.request({
      method: 'POST',
      url: '/api/productTemplates',
      token,
      host,
      body: { title: 'Clothing', brand: 'Various', category: 'Clothing', option1: 'Size', option1Values: [{ value: 'S' }, { value: 'M' }] },
    });
    expect(template.statusCode).toBe(201);
    expect(await done()).toEqual(['locations', 'template']);

    const dismissed = await t.request({ method: 'PUT', url: '/api/stores/setup', token, host, body: { dismissed: true } });
    expect(json<Setup>(dismissed).data.dismissed).toBe(true);
    expect((await get()).dismissed).toBe(true);
    expect((await t.request({ method: 'PUT', url: '/api/stores/setup', token, host, body: { dismissed: 'yes' } })).statusCode).toBe(400);

    const other = json<Signup>(await signup({ name: 'Other', email: 'o@other.test', handle: 'other' }));
    expect(other.data.store.id).not.toBe(data.store.id);
    expect((await t.request({ method: 'GET', url: '/api/stores/setup', host })).statusCode).toBe(401);
  });
});
