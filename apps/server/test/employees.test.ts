import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

let t: TestApp;
let ownerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerToken = await t.signIn(DEMO.owner);
});
afterAll(async () => t.close());

describe('employee invitation', () => {
  let employeeId: string;
  let inviteToken: string;

  it('refuses missing fields with the form messages', async () => {
    const res = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: 'Kim', lastName: '', email: 'kim@shop.test' } });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(/last name/i);
  });

  it('refuses employees without Employees access and consigners', async () => {
    const stock = await t.signIn(DEMO.stock);
    expect((await t.request({ method: 'POST', url: '/api/employees', token: stock, body: { firstName: 'A', lastName: 'B', email: 'ab@shop.test' } })).statusCode).toBe(403);
    const ava = await t.signIn(DEMO.ava);
    expect((await t.request({ method: 'POST', url: '/api/employees', token: ava, body: { firstName: 'A', lastName: 'B', email: 'ab@shop.test' } })).statusCode).toBe(403);
  });

  it('creates the employee and e-mails an invite link', async () => {
    const res = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: 'Kim', lastName: 'Lee', email: 'Kim@Shop.test', accessControls: ['Inventory', 'Products'] } });
    expect(res.statusCode).toBe(201);
    const employee = json<{ data: { id: string; email: string; fbUserId: string | null; accessControls: string[] } }>(res).data;
    // the areas come back in the spec's order
    expect(employee).toMatchObject({ email: 'kim@shop.test', fbUserId: null, accessControls: ['Products', 'Inventory'] });
    employeeId = employee.id;
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'kim@shop.test'));
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe(`/invite/${employeeId}`);
    inviteToken = link.searchParams.get('token')!;
    const dup = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: 'Kim', lastName: 'Lee', email: 'kim@shop.test' } });
    expect(dup.statusCode).toBe(409);
  });

  it('shows the invite only with its token', async () => {
    expect((await t.request({ method: 'GET', url: `/open/employees/${employeeId}?token=wrong` })).statusCode).toBe(403);
    const ok = await t.request({ method: 'GET', url: `/open/employees/${employeeId}?token=${inviteToken}` });
    expect(json<{ data: { email: string } }>(ok).data.email).toBe('kim@shop.test');
  });

  it('links the identity that signs up from the invite, verified, then the employee signs in', async () => {
    const stranger = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email: 'someone@else.test', password: 'someone-password', name: 'X' } });
    const wrong = await t.request({ method: 'PUT', url: `/open/employees/accept/${employeeId}`, body: { token: inviteToken, fbUserId: json<{ user: { id: string } }>(stranger).user.id } });
    expect(wrong.statusCode).toBe(403);

    const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email: 'kim@shop.test', password: 'kim-password', name: 'Kim Lee' } });
    const accept = await t.request({ method: 'PUT', url: `/open/employees/accept/${employeeId}`, body: { token: inviteToken, fbUserId: json<{ user: { id: string } }>(signup).user.id } });
    expect(accept.statusCode).toBe(200);
    const token = await t.signIn('kim@shop.test', 'kim-password');
    const me = json<{ data: { kind: string; emailVerified: boolean; accessControls: string[] } }>(await t.request({ method: 'GET', url: '/api/me', token })).data;
    expect(me).toMatchObject({ kind: 'employee', emailVerified: true, accessControls: ['Products', 'Inventory'] });

    const again = await t.request({ method: 'PUT', url: `/open/employees/accept/${employeeId}`, body: { token: inviteToken, fbUserId: 'x' } });
    expect(again.statusCode).toBe(409);
    const resend = await t.request({ method: 'POST', url: `/api/employees/send/${employeeId}`, token: ownerToken });
    expect(resend.statusCode).toBe(409);
  });

  it('accepts an invite through /api/employees/accept/{id} for the signed-in account only', async () => {
    const created = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@shop.test' } });
    const ana = json<{ data: { id: string } }>(created).data;
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'ana@shop.test'));
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email: 'ana@shop.test', password: 'ana-password', name: 'Ana' } });
    const anaUserId = json<{ user: { id: string } }>(signup).user.id;
    const url = `/api/employees/accept/${ana.id}`;

    expect((await t.request({ method: 'PUT', url, body: { token, fbUserId: anaUserId } })).statusCode).toBe(401);
    const anaToken = await t.signIn('ana@shop.test', 'ana-password');
    const otherUser = await t.request({ method: 'PUT', url, token: anaToken, body: { token, fbUserId: 'someone-else' } });
    expect([otherUser.statusCode, json(otherUser)]).toEqual([403, { error: 'You can only accept an invite for your own account' }]);
    expect((await t.request({ method: 'PUT', url, token: anaToken, body: { token: 'wrong', fbUserId: anaUserId } })).statusCode).toBe(403);
    const missing = await t.request({ method: 'PUT', url, token: anaToken, body: { token } });
    expect(missing.statusCode).toBe(400);

    const ok = await t.request({ method: 'PUT', url, token: anaToken, body: { token, fbUserId: anaUserId } });
    expect(ok.statusCode).toBe(200);
    const me = json<{ data: { kind: string } }>(await t.request({ method: 'GET', url: '/api/me', token: anaToken })).data;
    expect(me.kind).toBe('employee');
  });
});

describe('employee search', () => {
  const search = async (q: string) => {
    const res = await t.request({ method: 'GET', url: `/api/employees?search=${encodeURIComponent(q)}`, token: ownerToken });
    expect(res.statusCode).toBe(200);
    return json<{ data: { email: string }[] }>(res).data.map((e) => e.email);
  };

  it('takes % and _ literally, not as wildcards matching everyone', async () => {
    const created = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: 'Jo', lastName: 'Ann', email: 'jo_ann@shop.test' } });
    expect(created.statusCode).toBe(201);
    expect((await search('')).length).toBeGreaterThan(2);
    expect(await search('_')).toEqual(['jo_ann@shop.test']);
    expect(await search('o_a')).toEqual(['jo_ann@shop.test']);
    expect(await search('%')).toEqual([]);
    expect(await search('j%n')).toEqual([]);
  });
});
