// Factories of the consigners API tests: staff of any role and areas, another store, a new consigner.
import { desc, eq } from 'drizzle-orm';
import * as s from '../src/db/schema/index.ts';
import { json, type TestApp } from './helpers.ts';

export const PASSWORD = 'a-good-password';
let serial = 0;

/** A signed-up, verified identity (its own client address, so sign-up limits never bite). */
export async function identity(t: TestApp, email: string, host = 'localhost') {
  serial += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    host,
    headers: { origin: `http://${host}`, 'x-forwarded-for': `10.9.${Math.floor(serial / 250)}.${serial % 250}` },
    body: { email, password: PASSWORD, name: email.split('@')[0] },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up of ${email}: ${res.statusCode} ${res.body}`);
  const userId = json<{ user: { id: string } }>(res).user.id;
  await t.ctx.db.update(s.user).set({ emailVerified: true }).where(eq(s.user.id, userId));
  return userId;
}

/** A staff member of the store, signed in: role and areas as given (null areas = every area). */
export async function staff(t: TestApp, storeId: string, email: string, opts: { role?: 'Admin' | 'Employee'; areas?: string[] | null; host?: string } = {}) {
  const userId = await identity(t, email, opts.host);
  await t.ctx.db.insert(s.employees).values({ storeId, firstName: 'Staff', lastName: email.split('@')[0], email, role: opts.role ?? 'Employee', accessControls: opts.areas ?? null, fbUserId: userId });
  return t.signIn(email, PASSWORD, opts.host);
}

/** A second store on its own domain, with an Admin signed in there. */
export async function otherStore(t: TestApp, host = 'other.test') {
  const [store] = await t.ctx.db.insert(s.stores).values({ name: 'Other Shop', supportEmail: 'help@other.test', handle: 'other', domain: host }).returning();
  const token = await staff(t, store.id, 'boss@other.test', { role: 'Admin', areas: null, host });
  return { store, token, host };
}

export const bankForm = {
  firstName: 'Nora',
  lastName: 'Quinn',
  email: 'nora@shop.test',
  phone: '+44 20 7946 0958',
  address: '1 High Street, London',
  payoutType: 'Bank',
  bankData: { routingType: 'ibanNumber', accountName: 'Nora Quinn', ibanNumber: 'GB33BUKB20201555555555' },
};

export async function latestMailTo(t: TestApp, to: string) {
  return (await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, to)).orderBy(desc(s.outbox.createdAt)).limit(1))[0] ?? null;
}
