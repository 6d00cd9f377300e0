// docs/people.md: PUT /api/employees/{id}, POST /api/employees/deleteEmployee/{id} and the employee log.
// The session cache is on with a long TTL, so a change is only seen on the employee's next request
// because the change drops their cached session (not because the cache expired).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MESSAGES } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Employee = { id: string; role: string; isActive: boolean; accessControls: string[] | null; firstName: string; lastName: string; fbUserId: string | null };
type Log = { action: string; changes: { field: string; before: unknown; after: unknown }[]; byName: string | null };

let t: TestApp;
let ownerToken: string;
let ownerId: string;
let storeId: string;

beforeAll(async () => {
  t = await createTestApp({ config: { cacheTtlMs: 60_000 } });
  ownerToken = await t.signIn(DEMO.owner);
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, DEMO.owner));
  ownerId = owner.id;
  storeId = owner.storeId;
}, 600_000);
afterAll(async () => t.close());

const put = (id: string, body: unknown, token = ownerToken) => t.request({ method: 'PUT', url: `/api/employees/${id}`, token, body });
const del = (id: string, token = ownerToken) => t.request({ method: 'POST', url: `/api/employees/deleteEmployee/${id}`, token });
const logs = async (id: string) => json<{ data: Log[] }>(await t.request({ method: 'GET', url: `/api/employees/${id}/logs`, token: ownerToken })).data;

/** An employee invited by the owner who accepted the invite; returns their id and a signed-in token. */
async function hire(name: string, accessControls: string[]): Promise<{ id: string; token: string }> {
  const email = `${name.toLowerCase()}@staff.test`;
  const created = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: name, lastName: 'Staff', email, accessControls } });
  expect(created.statusCode, created.body).toBe(201);
  const id = json<{ data: Employee }>(created).data.id;
  const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, email));
  const inviteToken = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email, password: `${name}-password`, name } });
  const accepted = await t.request({ method: 'PUT', url: `/open/employees/accept/${id}`, body: { token: inviteToken, fbUserId: json<{ user: { id: string } }>(signup).user.id } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id, token: await t.signIn(email, `${name}-password`) };
}

describe('PUT /api/employees/{id}', () => {
  let kim: { id: string; token: string };
  beforeAll(async () => {
    kim = await hire('Kim', ['Inventory', 'Employees']);
  });

  it('changes names, areas and enabled, in the spec order, with a log entry of who changed what', async () => {
    const res = await put(kim.id, { firstName: ' Kimberly ', accessControls: ['Orders', 'Inventory', 'Employees', 'Orders'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: Employee }>(res).data).toMatchObject({ firstName: 'Kimberly', lastName: 'Staff', accessControls: ['Inventory', 'Employees', 'Orders'], isActive: true, role: 'Employee' });
    const [latest] = await logs(kim.id);
    expect(latest).toMatchObject({ action: 'updated', byName: 'Olivia Bennett' });
    expect(latest.changes).toEqual([
      { field: 'firstName', before: 'Kim', after: 'Kimberly' },
      { field: 'accessControls', before: ['Inventory', 'Employees'], after: ['Inventory', 'Employees', 'Orders'] },
    ]);
    // the history holds the invite and the acceptance too, newest first
    expect((await logs(kim.id)).map((l) => l.action)).toEqual(['updated', 'accepted', 'invited']);

    // sending the same values again changes nothing and logs nothing
    const same = await put(kim.id, { accessControls: ['Inventory', 'Employees', 'Orders'], isActive: true });
    expect(same.statusCode).toBe(200);
    expect(await logs(kim.id)).toHaveLength(3);
    const [row] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.id, kim.id));
    expect(row.updatedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '   ' }, 'Last name is required'],
    [{ firstName: 'x'.repeat(201) }, 'First name must be at most 200 characters'],
    [{ accessControls: ['Inventory', 'Kitchen'] }, 'Access areas are Dashboard, Products, Inventory, Consigners, Employees, Orders, Settings, InStoreApp'],
    [{ accessControls: Array(9).fill('Inventory') }, 'At most 8 access areas'],
    [{ isActive: 'yes' }, 'isActive must be true or false'],
    [{ role: 'Owner' }, 'Role must be Admin or Employee'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await put(kim.id, body);
    expect([res.statusCode, json(res).error]).toEqual([400, message]);
  });

  it('refuses a bad id, an unknown employee, another area, a consigner and another store', async () => {
    expect((await put('not-a-uuid', {})).statusCode).toBe(400);
    expect((await put('00000000-0000-4000-8000-000000000000', { isActive: false })).statusCode).toBe(404);
    const stock = await t.signIn(DEMO.stock);
    expect(json((await put(kim.id, { isActive: false }, stock))).error).toBe('You need Employees access for this');
    expect((await del(kim.id, stock)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/employees/${kim.id}/logs`, token: stock })).statusCode).toBe(403);
    const ava = await t.signIn(DEMO.ava);
    expect((await put(kim.id, { isActive: false }, ava)).statusCode).toBe(403);
    expect((await del(kim.id, ava)).statusCode).toBe(403);

    // The Admin of another store, on its own domain, finds no such employee.
    const created = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Other Shop', email: 'boss@other.test', handle: 'othershop' } });
    const otherStoreId = json<{ data: { store: { id: string } } }>(created).data.store.id;
    await t.ctx.db.update(s.stores).set({ domain: 'other.test' }).where(eq(s.stores.id, otherStoreId));
    const [boss] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, otherStoreId));
    const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: 'other.test', headers: { origin: 'http://other.test' }, body: { email: 'boss@other.test', password: 'other-password', name: 'Boss' } });
    await t.request({ method: 'PUT', url: `/open/employees/accept/${boss.id}`, body: { token: boss.inviteToken, fbUserId: json<{ user: { id: string } }>(signup).user.id } });
    const other = await t.signIn('boss@other.test', 'other-password', 'other.test');
    for (const res of [
      await t.request({ method: 'PUT', url: `/api/employees/${kim.id}`, host: 'other.test', token: other, body: { isActive: false } }),
      await t.request({ method: 'POST', url: `/api/employees/deleteEmployee/${kim.id}`, host: 'other.test', token: other }),
      await t.request({ method: 'GET', url: `/api/employees/${kim.id}/logs`, host: 'other.test', token: other }),
    ]) {
      expect([res.statusCode, json(res).error]).toEqual([404, 'Employee not found']);
    }
    // and the other store's owner cannot be reached from here either
    expect((await put(boss.id, { isActive: false })).statusCode).toBe(404);
    const [kimRow] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.id, kim.id));
    expect(kimRow.isActive).toBe(true);
  });

  it('lets staff who are not Admins manage staff, but not Admins, roles or areas they lack', async () => {
    const lee = await hire('Lee', ['Inventory']);
    // Kim has Inventory, Employees and Orders
    expect((await put(lee.id, { accessControls: ['Inventory', 'Orders'] }, kim.token)).statusCode).toBe(200);
    const settings = await put(lee.id, { accessControls: ['Inventory', 'Settings', 'Consigners'] }, kim.token);
    expect([settings.statusCode, json(settings).error]).toEqual([403, EMPLOYEE_MESSAGES.grantOwnOnly(['Consigners', 'Settings'])]);
    const own = await put(kim.id, { accessControls: ['Inventory', 'Employees', 'Orders', 'Settings'] }, kim.token);
    expect(json(own).error).toBe(EMPLOYEE_MESSAGES.grantOwnOnly(['Settings']));
    const invite = await t.request({ method: 'POST', url: '/api/employees', token: kim.token, body: { firstName: 'Sly', lastName: 'Fox', email: 'sly@staff.test', accessControls: ['Settings'] } });
    expect([invite.statusCode, json(invite).error]).toEqual([403, EMPLOYEE_MESSAGES.grantOwnOnly(['Settings'])]);
    expect(json(await put(lee.id, { role: 'Admin' }, kim.token)).error).toBe(EMPLOYEE_MESSAGES.roleByAdminOnly);
    expect(json(await put(ownerId, { accessControls: ['Inventory'] }, kim.token)).error).toBe(EMPLOYEE_MESSAGES.adminByAdminOnly);
    expect(json(await del(ownerId, kim.token)).error).toBe(EMPLOYEE_MESSAGES.adminByAdminOnly);
    expect((await put(lee.id, { isActive: false }, kim.token)).statusCode).toBe(200);
    expect((await put(lee.id, { isActive: true }, kim.token)).statusCode).toBe(200);
  });

  it('refuses disabling or deleting oneself', async () => {
    const disable = await put(kim.id, { isActive: false }, kim.token);
    expect([disable.statusCode, json(disable).error]).toEqual([422, EMPLOYEE_MESSAGES.selfDisable]);
    const remove = await del(kim.id, kim.token);
    expect([remove.statusCode, json(remove).error]).toEqual([422, EMPLOYEE_MESSAGES.selfDelete]);
    const ownerSelf = await del(ownerId);
    expect([ownerSelf.statusCode, json(ownerSelf).error]).toEqual([422, EMPLOYEE_MESSAGES.selfDelete]);
  });
});

describe('the next request sees the change', () => {
  it('refuses an area taken away, then a disabled employee, then a deleted one', async () => {
    const max = await hire('Max', ['Inventory', 'Employees']);
    const list = () => t.request({ method: 'GET', url: '/api/employees', token: max.token });
    const me = () => t.request({ method: 'GET', url: '/api/me', token: max.token });
    expect((await list()).statusCode).toBe(200); // the actor is cached now (TTL 60 s)

    expect((await put(max.id, { accessControls: ['Inventory'] })).statusCode).toBe(200);
    const refused = await list();
    expect([refused.statusCode, json(refused).error]).toEqual([403, 'You need Employees access for this']);
    expect(json<{ data: { accessControls: string[] } }>(await me()).data.accessControls).toEqual(['Inventory']);

    expect((await put(max.id, { isActive: false })).statusCode).toBe(200);
    // a disable ends every session (docs/security.md "Identity model"); signing in again meets the gate
    expect((await me()).statusCode).toBe(401);
    max.token = await t.signIn('max@staff.test', 'Max-password');
    const disabled = await t.request({ method: 'GET', url: '/api/inventories/paginatedInventories', token: max.token });
    expect([disabled.statusCode, json(disabled).code]).toEqual([403, 'DISABLED']);
    expect(json<{ data: { isActive: boolean } }>(await me()).data.isActive).toBe(false);

    expect((await put(max.id, { isActive: true })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/inventories/paginatedInventories', token: max.token })).statusCode).toBe(200);

    const removed = await del(max.id);
    expect([removed.statusCode, json(removed)]).toEqual([200, { data: { id: max.id } }]);
    expect((await me()).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/inventories/paginatedInventories', token: max.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/employees/${max.id}`, token: ownerToken })).statusCode).toBe(404);
    // the log of the deleted employee stays, with who deleted them
    const [entry] = await t.ctx.db.select().from(s.employeeLogs).where(eq(s.employeeLogs.employeeId, max.id)).orderBy(s.employeeLogs.createdAt);
    expect(entry).toBeDefined();
    const deleted = (await t.ctx.db.select().from(s.employeeLogs).where(eq(s.employeeLogs.employeeId, max.id))).find((l) => l.action === 'deleted');
    expect(deleted).toMatchObject({ employeeName: 'Max Staff', byName: 'Olivia Bennett' });
  });
});

describe('the last active Admin', () => {
  it('cannot be deleted, disabled or demoted while no other Admin can run the store', async () => {
    // the owner alone: demoting themself is refused
    const role = await put(ownerId, { role: 'Employee' });
    expect([role.statusCode, json(role).error]).toEqual([409, EMPLOYEE_MESSAGES.lastAdminDemote]);
    const settings = await put(ownerId, { accessControls: ['Dashboard', 'Products', 'Inventory', 'Consigners', 'Employees', 'Orders', 'InStoreApp'] });
    expect([settings.statusCode, json(settings).error]).toEqual([409, EMPLOYEE_MESSAGES.lastAdminDemote]);
    // areas that do not run the store may go
    expect((await put(ownerId, { accessControls: ['Employees', 'Settings', 'Inventory', 'Products', 'Dashboard'] })).statusCode).toBe(200);

    // a second Admin who has not accepted an invite does not count
    const invited = await t.request({ method: 'POST', url: '/api/employees', token: ownerToken, body: { firstName: 'Pat', lastName: 'Pending', email: 'pat@staff.test' } });
    const pat = json<{ data: Employee }>(invited).data;
    expect((await put(pat.id, { role: 'Admin', accessControls: ['Employees', 'Settings'] })).statusCode).toBe(200);
    expect((await put(ownerId, { role: 'Employee' })).statusCode).toBe(409);

    // Rae, promoted and signed in, runs the store too: now the owner may step back from Settings
    const rae = await hire('Rae', ['Inventory']);
    expect((await put(rae.id, { role: 'Admin', accessControls: ['Employees', 'Settings'] })).statusCode).toBe(200);
    // a role change ends the person's sessions: Rae signs in again
    expect((await t.request({ method: 'GET', url: '/api/me', token: rae.token })).statusCode).toBe(401);
    rae.token = await t.signIn('rae@staff.test', 'Rae-password');
    expect((await put(ownerId, { accessControls: ['Employees', 'Inventory', 'Products', 'Dashboard'] })).statusCode).toBe(200);
    // and Rae is the last one
    const remove = await del(rae.id);
    expect([remove.statusCode, json(remove).error]).toEqual([409, EMPLOYEE_MESSAGES.lastAdminDelete]);
    const disable = await put(rae.id, { isActive: false });
    expect([disable.statusCode, json(disable).error]).toEqual([409, EMPLOYEE_MESSAGES.lastAdminDisable]);
    expect(json(await put(rae.id, { role: 'Employee' })).error).toBe(EMPLOYEE_MESSAGES.lastAdminDemote);
    expect(json(await put(rae.id, { accessControls: ['Settings'] })).error).toBe(EMPLOYEE_MESSAGES.lastAdminDemote);
    const [raeRow] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.id, rae.id));
    expect(raeRow).toMatchObject({ role: 'Admin', isActive: true, accessControls: ['Employees', 'Settings'] });

    // Rae gives the owner Settings back (an Admin grants any area), then the owner may let Rae go
    expect((await put(ownerId, { accessControls: null }, rae.token)).statusCode).toBe(400);
    expect((await put(ownerId, { accessControls: ['Employees', 'Settings', 'Inventory', 'Products', 'Dashboard'] }, rae.token)).statusCode).toBe(200);
    expect((await put(rae.id, { role: 'Employee' })).statusCode).toBe(200);
  });

  it('two Admins taken away at once: one change wins, the other finds the last Admin', async () => {
    const sol = await hire('Sol', ['Inventory']);
    expect((await put(sol.id, { role: 'Admin', accessControls: ['Employees', 'Settings'] })).statusCode).toBe(200);
    // Zed is an Admin who does not run the store (no Settings): both changes are Zed's
    const zed = await hire('Zed', ['Inventory']);
    expect((await put(zed.id, { role: 'Admin', accessControls: ['Employees'] })).statusCode).toBe(200);
    zed.token = await t.signIn('zed@staff.test', 'Zed-password'); // the role change ended Zed's sessions
    const [a, b] = await Promise.all([put(sol.id, { isActive: false }, zed.token), put(ownerId, { role: 'Employee' }, zed.token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const staff = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, storeId));
    const running = staff.filter((e) => e.role === 'Admin' && e.isActive && e.fbUserId && (e.accessControls === null || e.accessControls.includes('Settings')));
    expect(running).toHaveLength(1);
  });
});
