import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as s from '../src/db/schema/index.ts';
import { DEMO, json, type TestApp } from './helpers.ts';

export type SecondStore = { id: string; host: string; token: string };

/** A second store on its own domain with a signed-in Admin (as test/tenancy.test.ts builds it). */
export async function createSecondStore(t: TestApp, handle = 'second'): Promise<SecondStore> {
  const host = `${handle}.test`;
  const email = `boss@${host}`;
  const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: `Shop ${handle}`, email, handle } });
  if (res.statusCode !== 201) throw new Error(`store signup failed: ${res.body}`);
  const store = json<{ data: { store: { id: string } } }>(res).data.store;
  await t.ctx.db.update(s.stores).set({ domain: host }).where(eq(s.stores.id, store.id));
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, store.id));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host, headers: { origin: `http://${host}` }, body: { email, password: 'second-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } });
  return { id: store.id, host, token: await t.signIn(email, 'second-password', host) };
}

export type Tokens = { owner: string; stock: string; ava: string; marco: string };

export async function signInDemo(t: TestApp): Promise<Tokens> {
  return { owner: await t.signIn(DEMO.owner), stock: await t.signIn(DEMO.stock), ava: await t.signIn(DEMO.ava), marco: await t.signIn(DEMO.marco) };
}

export async function demoStore(t: TestApp) {
  const [store] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  return store;
}

export async function demoTemplates(t: TestApp) {
  const store = await demoStore(t);
  return t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.storeId, store.id));
}

/** A real PNG made by sharp. */
export async function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipartBody(file: { field?: string; filename: string; contentType: string; data: Buffer }) {
  const boundary = `----backroom${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file.data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
