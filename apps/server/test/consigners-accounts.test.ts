// A consigner's sign-in account (docs/people.md): the staff Reset Password button, verification e-mails,
// passwords set by an Admin or changed by the consigner, and a consigner added by staff claimed by
// the identity that proves its e-mail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { bankForm, identity, latestMailTo, otherStore, PASSWORD, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, json, type TestApp } from './helpers.ts';
import { demoRefs, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string;
let stock: string;
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  clerk = await staff(t, refs.store.id, 'clerk@demo.backroom.test', { areas: ['Consigners'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const post = (url: string, token: string | undefined, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const put = (url: string, token: string | undefined, body: unknown) => t.request({ method: 'PUT', url, token, body });

async function newConsigner(email: string) {
  const res = await post('/api/consigners/createFromAdmin', owner, { ...bankForm, email });
  expect(res.statusCode).toBe(201);
  return json<{ data: { id: string; hasAccount: boolean } }>(res).data;
}

describe('POST /api/consigners/{id}/sendPasswordReset', () => {
  it('e-mails a reset link to a consigner added by staff; the reset lets them in, e-mail proven', async () => {
    const kai = await newConsigner('kai@shop.test');
    expect(kai.hasAccount).toBe(false);
    const res = await post(`/api/consigners/${kai.id}/sendPasswordReset`, owner);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { message: string } }>(res).data.message).toBe('Email instructions sent to kai@shop.test');
    const mail = await latestMailTo(t, 'kai@shop.test');
    const token = mail!.text.match(/\/api\/auth\/reset-password\/([^?\s]+)/)![1];
    const reset = await post('/api/auth/reset-password', undefined, { newPassword: 'kai-new-password', token });
    expect(reset.statusCode).toBe(200);
    const kaiToken = await t.signIn('kai@shop.test', 'kai-new-password');
    const me = json<{ data: { kind: string; id: string; emailVerified: boolean; acceptedTOS: boolean } }>(await t.request({ method: 'GET', url: '/api/me', token: kaiToken })).data;
    expect(me).toMatchObject({ kind: 'consigner', id: kai.id, emailVerified: true, acceptedTOS: false });
    // the store's terms first, then their own record
    expect(json(await t.request({ method: 'GET', url: `/api/consigners/${kai.id}`, token: kaiToken })).code).toBe('TERMS');
    await post('/api/me/acceptTerms', kaiToken);
    expect((await t.request({ method: 'GET', url: `/api/consigners/${kai.id}`, token: kaiToken })).statusCode).toBe(200);
  });

  it('needs Consigners access and a consigner of this store', async () => {
    expect((await post(`/api/consigners/${refs.consigner.ava.id}/sendPasswordReset`, stock)).statusCode).toBe(403);
    expect((await post(`/api/consigners/${refs.consigner.ava.id}/sendPasswordReset`, other.token, undefined, other.host)).statusCode).toBe(404);
  });

  it('is limited like the reset e-mails of the sign-in page', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await post(`/api/consigners/${refs.consigner.lena.id}/sendPasswordReset`, owner)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('PUT /api/consigners/updatePassword', () => {
  it('lets an Admin with Consigners access set the password of a consigner of this store', async () => {
    await newConsigner('vic@shop.test');
    const res = await put('/api/consigners/updatePassword', owner, { email: 'VIC@shop.test', password: 'vic-password-1' });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { message: string } }>(res).data.message).toBe('Password has been updated');
    expect(await t.signIn('vic@shop.test', 'vic-password-1')).toBeTruthy();
  });

  it('refuses other staff, unknown consigners, short passwords and accounts used at another store', async () => {
    expect((await put('/api/consigners/updatePassword', clerk, { email: DEMO.ava, password: 'new-password' })).statusCode).toBe(403);
    expect((await put('/api/consigners/updatePassword', stock, { email: DEMO.ava, password: 'new-password' })).statusCode).toBe(403);
    expect((await put('/api/consigners/updatePassword', owner, { email: 'nobody@shop.test', password: 'new-password' })).statusCode).toBe(404);
    expect(json(await put('/api/consigners/updatePassword', owner, { email: DEMO.ava, password: 'short' })).error).toBe('Password must be at least 8 characters');
    await newConsigner('boss@other.test');
    const shared = await put('/api/consigners/updatePassword', owner, { email: 'boss@other.test', password: 'taken-over-1' });
    expect(shared.statusCode).toBe(409);
    expect(await t.signIn('boss@other.test', PASSWORD, other.host)).toBeTruthy();
  });

  it('lets a consigner change their own password with the current one', async () => {
    const marco = await t.signIn(DEMO.marco);
    expect(json(await put('/api/consigners/updatePassword', marco, { email: DEMO.marco, password: 'marco-new-1' })).error).toBe('Current password is required');
    expect(json(await put('/api/consigners/updatePassword', marco, { email: DEMO.marco, password: 'marco-new-1', currentPassword: 'wrong-one' })).error).toBe('The current password is not correct');
    expect((await put('/api/consigners/updatePassword', marco, { email: DEMO.ava, password: 'marco-new-1', currentPassword: DEMO_PASSWORD })).statusCode).toBe(403);
    expect((await put('/api/consigners/updatePassword', marco, { email: DEMO.marco, password: 'marco-new-1', currentPassword: DEMO_PASSWORD })).statusCode).toBe(200);
    expect(await t.signIn(DEMO.marco, 'marco-new-1')).toBeTruthy();
  });
});

describe('POST /api/consigners/verify', () => {
  it('re-sends the verification e-mail of an unverified consigner account, for the signed-in consigner', async () => {
    await newConsigner('una@shop.test');
    await put('/api/consigners/updatePassword', owner, { email: 'una@shop.test', password: 'una-password-1' });
    const una = await t.signIn('una@shop.test', 'una-password-1');
    // not verified: no bank details in /api/me yet
    const me = json<{ data: { emailVerified: boolean; bankData: unknown } }>(await t.request({ method: 'GET', url: '/api/me', token: una })).data;
    expect(me).toMatchObject({ emailVerified: false, bankData: null });
    const res = await post('/api/consigners/verify', una, { email: 'una@shop.test' });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { message: string } }>(res).data.message).toMatch(/verification e-mail is on its way/);
    expect((await latestMailTo(t, 'una@shop.test'))?.subject).toBe('Verify your e-mail');
  });

  it('answers alike for unknown addresses and others’ addresses, sending nothing', async () => {
    const ava = await t.signIn(DEMO.ava);
    const unknown = await post('/api/consigners/verify', owner, { email: 'ghost@shop.test' });
    const others = await post('/api/consigners/verify', ava, { email: 'una2@shop.test' });
    expect([unknown.statusCode, others.statusCode]).toEqual([200, 200]);
    expect(json<{ data: unknown }>(unknown).data).toEqual(json<{ data: unknown }>(others).data);
    expect(await latestMailTo(t, 'ghost@shop.test')).toBeNull();
  });

  it('needs a signed-in user of this store (staff: Consigners access), and a valid e-mail', async () => {
    expect((await post('/api/consigners/verify', undefined, { email: DEMO.ava })).statusCode).toBe(401);
    expect((await post('/api/consigners/verify', stock, { email: DEMO.ava })).statusCode).toBe(403);
    const outsider = await staff(t, other.store.id, 'clerk@other.test', { host: other.host });
    expect(json(await post('/api/consigners/verify', outsider, { email: DEMO.ava })).code).toBe('WRONG_STORE');
    expect(json(await post('/api/consigners/verify', owner, { email: 'nope' })).error).toBe('Please enter a valid email');
  });
});

describe('a consigner added by staff joins only by accepting the invitation (docs/security.md "Identity model")', () => {
  it('is not claimed by signing in; "Reset Password" mails the invitation, which its person accepts', async () => {
    const zoe = await newConsigner('zoe@shop.test');
    await identity(t, 'zoe@shop.test');
    const token = await t.signIn('zoe@shop.test', PASSWORD);
    expect((await t.request({ method: 'GET', url: '/api/me', token })).statusCode).toBe(404);
    const sent = await post(`/api/consigners/${zoe.id}/sendPasswordReset`, owner);
    expect(json<{ data: { message: string } }>(sent).data.message).toBe('zoe@shop.test already has a Backroom sign-in: an invitation to join was sent to zoe@shop.test');
    const mail = await latestMailTo(t, 'zoe@shop.test');
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe(`/invite/consigner/${zoe.id}`);
    const accepted = await t.request({ method: 'PUT', url: `/open/consigners/accept/${zoe.id}`, token, body: { token: link.searchParams.get('token') } });
    expect(accepted.statusCode).toBe(200);
    const me = json<{ data: { kind: string; id: string } }>(await t.request({ method: 'GET', url: '/api/me', token })).data;
    expect(me).toMatchObject({ kind: 'consigner', id: zoe.id });
  });

  it('links nothing when staff add an address that already has a sign-in: it is invited', async () => {
    await identity(t, 'yan@shop.test');
    const yan = await newConsigner('yan@shop.test');
    expect(yan.hasAccount).toBe(false);
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, yan.id));
    expect(row.fbUserId).toBeNull();
    expect(row.inviteToken).toBeTruthy();
    expect((await latestMailTo(t, 'yan@shop.test'))!.subject).toMatch(/invites you/);
  });
});
