import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { bankForm } from './consigners-fixtures.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, json, type TestApp } from './helpers.ts';

// docs/security.md "Identity model": a person joins a store only by their own act; a store never
// changes, verifies or resets the sign-in of someone who has not joined it; nothing a store reads
// carries another store's person's credential; verified before trusted. Two stores, the real mail
// path (the outbox), development mode (the dev mailbox exists).

type Mail = { to: string; subject: string; text: string; links: string[] };

let t: TestApp;
let storeB: { id: string };
let adminB: string;
const B_HOST = 'attacker-shop.test';
const originB = { origin: `http://${B_HOST}` };
const local = { origin: 'http://localhost' };

const mailsTo = (email: string) => t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, email)).orderBy(desc(s.outbox.createdAt));
const mailbox = async (token: string, host?: string) => json<{ data: Mail[] }>(await t.request({ method: 'GET', url: '/api/dev/outbox', token, host })).data;
const userOf = async (email: string) => (await t.ctx.db.select().from(s.user).where(eq(s.user.email, email)))[0];
const signupCookie = (form: object) => `newConsigner=${encodeURIComponent(JSON.stringify(form))}`;
const bearerOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-auth-token']);

beforeAll(async () => {
  t = await createTestApp({ config: { env: 'development' } });
  const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Attacker Shop', email: 'boss@attacker-shop.test', handle: 'attacker' } });
  storeB = json<{ data: { store: { id: string } } }>(res).data.store;
  await t.ctx.db.update(s.stores).set({ domain: B_HOST }).where(eq(s.stores.id, storeB.id));
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, storeB.id));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: B_HOST, headers: originB, body: { email: 'boss@attacker-shop.test', password: 'attacker-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  expect((await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } })).statusCode).toBe(200);
  adminB = await t.signIn('boss@attacker-shop.test', 'attacker-password', B_HOST);
});
afterAll(async () => t.close());

describe("another store's Admin cannot take over store A's owner", () => {
  let consignerId: string;

  it('adding a consigner with the owner’s e-mail links nothing and mails an invitation', async () => {
    const res = await t.request({ method: 'POST', url: '/api/consigners/createFromAdmin', host: B_HOST, token: adminB, body: { ...bankForm, email: DEMO.owner } });
    expect(res.statusCode).toBe(201);
    const created = json<{ data: { id: string; hasAccount: boolean; invited: boolean } }>(res).data;
    expect(created).toMatchObject({ hasAccount: false, invited: true });
    consignerId = created.id;
    const owner = await userOf(DEMO.owner);
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, consignerId));
    expect(row.fbUserId).toBeNull();
    // the invitation is store B's mail, to the owner; B's dev mailbox shows it without its link
    const [invite] = await mailsTo(DEMO.owner);
    expect(invite).toMatchObject({ storeId: storeB.id, subject: 'Attacker Shop invites you to sell with them on Backroom' });
    const shown = (await mailbox(adminB, B_HOST)).find((m) => m.to === DEMO.owner)!;
    expect(shown.links).toEqual([]);
    expect(shown.text).not.toContain(row.inviteToken!);
    expect(shown.text).toContain('[link hidden');
    // B signs in nobody as A's owner: A's owner is no account of store B
    expect((await t.ctx.db.select().from(s.consigners).where(and(eq(s.consigners.storeId, storeB.id), eq(s.consigners.fbUserId, owner.id)))).length).toBe(0);
  });

  it('"Reset Password" on that record sends the invitation again, never a reset; the owner’s password still works', async () => {
    const before = (await mailsTo(DEMO.owner)).length;
    const res = await t.request({ method: 'POST', url: `/api/consigners/${consignerId}/sendPasswordReset`, host: B_HOST, token: adminB });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { message: string } }>(res).data.message).toBe(`${DEMO.owner} already has a Backroom sign-in: an invitation to join was sent to ${DEMO.owner}`);
    const mails = await mailsTo(DEMO.owner);
    expect(mails.length).toBe(before + 1);
    expect(mails.some((m) => m.text.includes('/reset-password/'))).toBe(false);
    // B's mailbox holds no usable link for the owner
    for (const m of (await mailbox(adminB, B_HOST)).filter((x) => x.to === DEMO.owner)) {
      expect(m.links).toEqual([]);
      expect(m.text).not.toMatch(/token=|reset-password/);
    }
    // the Admin's own "set a password" is refused too
    expect((await t.request({ method: 'PUT', url: '/api/consigners/updatePassword', host: B_HOST, token: adminB, body: { email: DEMO.owner, password: 'attacker-pass-1' } })).statusCode).toBe(409);
    const ownerToken = await t.signIn(DEMO.owner, DEMO_PASSWORD);
    const me = json<{ data: { kind: string; role: string } }>(await t.request({ method: 'GET', url: '/api/me', token: ownerToken })).data;
    expect(me).toMatchObject({ kind: 'employee', role: 'Admin' });
  });

  it('the invitation is accepted only by its person, signed in with the verified invited address', async () => {
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, consignerId));
    const invite = await t.request({ method: 'GET', url: `/open/consigners/invite/${consignerId}?token=${row.inviteToken}` });
    expect(json<{ data: { email: string; storeName: string } }>(invite).data).toMatchObject({ email: DEMO.owner, storeName: 'Attacker Shop' });
    expect((await t.request({ method: 'GET', url: `/open/consigners/invite/${consignerId}?token=wrong` })).statusCode).toBe(403);
    const accept = (token?: string, bearer?: string) => t.request({ method: 'PUT', url: `/open/consigners/accept/${consignerId}`, token: bearer, host: B_HOST, body: { token: token ?? row.inviteToken } });
    expect((await accept()).statusCode).toBe(401);
    expect((await accept(undefined, adminB)).statusCode).toBe(403);
    const ownerToken = await t.signIn(DEMO.owner, DEMO_PASSWORD, B_HOST);
    expect((await accept('not-the-token', ownerToken)).statusCode).toBe(403);
    expect((await accept(undefined, ownerToken)).statusCode).toBe(200);
    expect((await accept(undefined, ownerToken)).statusCode).toBe(409);
    const [linked] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, consignerId));
    expect(linked.fbUserId).toBe((await userOf(DEMO.owner)).id);
  });
});

describe('an unverified sign-up gains nothing', () => {
  it('an unverified sign-up accepting another store’s employee invite does not get store A’s consigner', async () => {
    // Store A has this person as a consigner (added by staff, with bank details), not yet joined.
    const ownerA = await t.signIn(DEMO.owner);
    const address = 'carla@victim.test';
    const added = await t.request({ method: 'POST', url: '/api/consigners/createFromAdmin', token: ownerA, body: { ...bankForm, email: address } });
    expect(added.statusCode).toBe(201);
    const carlaA = json<{ data: { id: string } }>(added).data;
    // Someone else signs up with that address (never verified) and store B invites it as an employee.
    const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: B_HOST, headers: originB, body: { email: address, password: 'squatter-pass-1', name: 'Carla' } });
    const squatter = json<{ user: { id: string } }>(signup).user.id;
    const invited = await t.request({ method: 'POST', url: '/api/employees', host: B_HOST, token: adminB, body: { firstName: 'Carla', lastName: 'X', email: address } });
    expect(invited.statusCode).toBe(201);
    const [employee] = await t.ctx.db.select().from(s.employees).where(and(eq(s.employees.storeId, storeB.id), eq(s.employees.email, address)));
    // The sign-in existed before the invite: accepting it needs that person signed in, verified, and
    // the invite never marks it verified.
    const accepted = await t.request({ method: 'PUT', url: `/open/employees/accept/${employee.id}`, body: { token: employee.inviteToken, fbUserId: squatter } });
    expect(accepted.statusCode).toBe(401);
    expect(json(accepted).error).toBe('This e-mail address already has a Backroom sign-in: sign in with it to accept the invite');
    const [squat] = await t.ctx.db.select().from(s.user).where(eq(s.user.id, squatter));
    expect(squat.emailVerified).toBe(false);
    const [stillInvited] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.id, employee.id));
    expect(stillInvited.fbUserId).toBeNull();
    // On store A the sign-in is nobody: A's consigner stays unlinked, its bank details unread.
    const token = await t.signIn(address, 'squatter-pass-1');
    const me = await t.request({ method: 'GET', url: '/api/me', token });
    expect(me.statusCode).toBe(404); // a member of no store
    expect(JSON.stringify(json(me))).not.toContain('GB33BUKB');
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, carlaA.id));
    expect(row.fbUserId).toBeNull();
  });

  it('an unverified sign-up cannot create a consigner with bank details; the owner’s reset discards its sessions', async () => {
    const address = 'dora@victim.test';
    const form = { ...bankForm, firstName: 'Dora', email: address, bankData: { routingType: 'ibanNumber', accountName: 'Mallory', ibanNumber: 'GB94BARC10201530093459' } };
    const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: local, body: { email: address, password: 'squatter-pass-2', name: 'Dora' } });
    expect(signup.statusCode).toBe(200);
    const squatter = bearerOf(signup);
    const created = await t.request({ method: 'POST', url: '/api/consigners', token: squatter, body: form });
    expect(created.statusCode).toBe(403);
    expect(json(created).error).toBe('Verify your e-mail address first: a seller account with bank or payout details is created only for a verified address');
    // nor through the kept sign-up record
    const me = await t.request({ method: 'GET', url: '/api/me', token: squatter, headers: { cookie: signupCookie(form) } });
    expect(me.statusCode).toBe(403);
    expect(json(me).code).toBe('EMAIL_NOT_VERIFIED');
    expect((await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.email, address))).length).toBe(0);

    // The address's owner takes the sign-in back with a reset: the squatter's sessions end.
    expect((await t.request({ method: 'POST', url: '/api/auth/request-password-reset', headers: local, body: { email: address, redirectTo: '/reset-password' } })).statusCode).toBe(200);
    const [mail] = await mailsTo(address);
    const resetToken = mail.text.match(/\/api\/auth\/reset-password\/([^?\s]+)/)![1];
    expect((await t.request({ method: 'POST', url: '/api/auth/reset-password', headers: local, body: { token: resetToken, newPassword: 'dora-own-pass-1' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: squatter })).statusCode).toBe(401);
    const own = await t.signIn(address, 'dora-own-pass-1');
    const mine = await t.request({ method: 'POST', url: '/api/consigners', token: own, body: { ...form, bankData: { routingType: 'ibanNumber', accountName: 'Dora', ibanNumber: 'GB33BUKB20201555555555' } } });
    expect(mine.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.email, address));
    expect(row.bankData).toMatchObject({ accountName: 'Dora' });
  });
});

describe('a sign-in a store made for its record stays its owner’s to take', () => {
  it('the address’s owner resets it through another store; the store’s password and sessions end, B’s mailbox shows no link', async () => {
    const ownerA = await t.signIn(DEMO.owner);
    const address = 'gale@owner.test';
    const added = await t.request({ method: 'POST', url: '/api/consigners/createFromAdmin', token: ownerA, body: { ...bankForm, email: address } });
    const gale = json<{ data: { id: string } }>(added).data;
    // Store A makes a sign-in for its record and sets a password its staff know.
    expect((await t.request({ method: 'POST', url: `/api/consigners/${gale.id}/sendPasswordReset`, token: ownerA })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: '/api/consigners/updatePassword', token: ownerA, body: { email: address, password: 'store-knows-1' } })).statusCode).toBe(200);
    expect((await userOf(address)).emailVerified).toBe(false);
    const staffSession = await t.signIn(address, 'store-knows-1');
    // The address's owner asks through store B: the reset is mailed to the address.
    const before = (await mailsTo(address)).length;
    expect((await t.request({ method: 'POST', url: '/api/auth/request-password-reset', host: B_HOST, headers: originB, body: { email: address, redirectTo: '/reset-password' } })).statusCode).toBe(200);
    const mails = await mailsTo(address);
    expect(mails.length).toBe(before + 1);
    expect(mails[0].storeId).toBe(storeB.id);
    // B's Admin cannot read its link: the person joined no store of B's.
    const seen = (await mailbox(adminB, B_HOST)).filter((m) => m.to === address);
    expect(seen.length).toBe(1);
    expect(seen[0].links).toEqual([]);
    expect(seen[0].text).not.toContain('/reset-password/');
    const resetToken = mails[0].text.match(/\/api\/auth\/reset-password\/([^?\s]+)/)![1];
    expect((await t.request({ method: 'POST', url: '/api/auth/reset-password', host: B_HOST, headers: originB, body: { token: resetToken, newPassword: 'gale-own-pass-1' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: staffSession })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/auth/sign-in/email', headers: local, body: { email: address, password: 'store-knows-1' } })).statusCode).toBe(401);
    expect((await userOf(address)).emailVerified).toBe(true);
  });

  it('a verified sign-in that joined another store is not reset through this one', async () => {
    const resetsThroughB = async () => (await mailsTo(DEMO.ava)).filter((m) => m.storeId === storeB.id && m.subject === 'Reset your Backroom password').length;
    const before = await resetsThroughB();
    expect((await t.request({ method: 'POST', url: '/api/auth/request-password-reset', host: B_HOST, headers: originB, body: { email: DEMO.ava, redirectTo: '/reset-password' } })).statusCode).toBe(200);
    expect(await resetsThroughB()).toBe(before);
  });
});

describe('what a store may do to its members, and what a member may not undo', () => {
  it('a consigner disabled by staff stays disabled after accepting the terms, and is signed out', async () => {
    const ownerA = await t.signIn(DEMO.owner);
    const added = await t.request({ method: 'POST', url: '/api/consigners/createFromAdmin', token: ownerA, body: { ...bankForm, email: 'erin@shop.test' } });
    const erin = json<{ data: { id: string } }>(added).data;
    await t.request({ method: 'POST', url: `/api/consigners/${erin.id}/sendPasswordReset`, token: ownerA });
    const [mail] = await mailsTo('erin@shop.test');
    const resetToken = mail.text.match(/\/api\/auth\/reset-password\/([^?\s]+)/)![1];
    expect((await t.request({ method: 'POST', url: '/api/auth/reset-password', headers: local, body: { token: resetToken, newPassword: 'erin-pass-123' } })).statusCode).toBe(200);
    const before = await t.signIn('erin@shop.test', 'erin-pass-123');
    expect((await t.request({ method: 'GET', url: '/api/me', token: before })).statusCode).toBe(200);

    expect((await t.request({ method: 'PUT', url: `/api/consigners/${erin.id}`, token: ownerA, body: { isActive: false } })).statusCode).toBe(200);
    // the session held before the disable is gone, cached or not
    expect((await t.request({ method: 'GET', url: '/api/me', token: before })).statusCode).toBe(401);
    const again = await t.signIn('erin@shop.test', 'erin-pass-123');
    const accepted = await t.request({ method: 'POST', url: '/api/me/acceptTerms', token: again });
    expect(json<{ data: { isActive: boolean; acceptedTOS: boolean } }>(accepted).data).toMatchObject({ acceptedTOS: true, isActive: false });
    expect(json(await t.request({ method: 'GET', url: `/api/consigners/${erin.id}`, token: again })).code).toBe('DISABLED');
    // nor through their own record
    expect((await t.request({ method: 'PUT', url: `/api/consigners/${erin.id}`, token: again, body: { isActive: true } })).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, erin.id));
    expect(row.isActive).toBe(false);
  });

  it('changing one’s password ends one’s other sessions, whatever the client asks', async () => {
    const first = await t.signIn(DEMO.ava);
    const second = await t.signIn(DEMO.ava);
    expect((await t.request({ method: 'GET', url: '/api/me', token: second })).statusCode).toBe(200);
    const changed = await t.request({ method: 'POST', url: '/api/auth/change-password', token: first, headers: local, body: { currentPassword: DEMO_PASSWORD, newPassword: 'ava-new-pass-1', revokeOtherSessions: false } });
    expect(changed.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: second })).statusCode).toBe(401);
    const current = bearerOf(changed) !== 'undefined' ? bearerOf(changed) : await t.signIn(DEMO.ava, 'ava-new-pass-1');
    expect((await t.request({ method: 'GET', url: '/api/me', token: current })).statusCode).toBe(200);
  });

  it('disabling an employee or changing their role ends their sessions', async () => {
    const ownerA = await t.signIn(DEMO.owner);
    const [stock] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, DEMO.stock));
    const held = await t.signIn(DEMO.stock);
    expect((await t.request({ method: 'GET', url: '/api/me', token: held })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: `/api/employees/${stock.id}`, token: ownerA, body: { role: 'Admin' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: held })).statusCode).toBe(401);
    const next = await t.signIn(DEMO.stock);
    expect((await t.request({ method: 'PUT', url: `/api/employees/${stock.id}`, token: ownerA, body: { role: 'Employee', isActive: false } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: next })).statusCode).toBe(401);
    await t.request({ method: 'PUT', url: `/api/employees/${stock.id}`, token: ownerA, body: { isActive: true } });
  });
});
