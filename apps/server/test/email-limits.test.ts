// E-mail sending is bounded per sender, per recipient's mailbox and per store, each store counted
// apart (docs/security.md, "E-mail limits"); every refusal is the one 429 with Retry-After.
import { extractLinks } from '../src/mail/mailer.ts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

let t: TestApp;
let owner: string;
let demoStoreId: string;
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(DEMO.owner);
  const [demo] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  demoStoreId = demo.id;
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t?.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const signup = (body: Record<string, string>, ip: string) => t.request({ method: 'POST', url: '/open/stores', body, headers: from(ip) });

function expectTooMany(res: Awaited<ReturnType<TestApp['request']>>, message: RegExp) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(json(res)).toEqual({ error: expect.stringMatching(message), code: 'TOO_MANY_REQUESTS' });
}

describe('store sign-up (POST /open/stores)', () => {
  it('signs up at most 5 stores an hour from one address', async () => {
    for (let i = 0; i < 5; i += 1) expect((await signup({ name: `Shop ${i}`, email: `owner${i}@shops.test`, handle: `addr-shop-${i}` }, '203.0.113.10')).statusCode).toBe(201);
    expectTooMany(await signup({ name: 'Shop 6', email: 'owner6@shops.test', handle: 'addr-shop-6' }, '203.0.113.10'), /^Too many stores were signed up\. Try again in \d+ minutes?\.$/);
    expect(await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'addr-shop-6'))).toEqual([]);
    // another address is not held up
    expect((await signup({ name: 'Shop 7', email: 'owner7@shops.test', handle: 'addr-shop-7' }, '203.0.113.11')).statusCode).toBe(201);
  });

  it('mails one mailbox at most 3 invites an hour, whatever the case or +tag, from any address', async () => {
    const emails = ['victim@mail.test', 'Victim+1@Mail.test', 'victim+shop@mail.test'];
    for (const [i, email] of emails.entries()) expect((await signup({ name: 'Shop', email, handle: `victim-${i}` }, `198.51.100.${i + 1}`)).statusCode).toBe(201);
    expectTooMany(await signup({ name: 'Shop', email: 'VICTIM+4@mail.test', handle: 'victim-4' }, '198.51.100.9'), /^Too many stores were signed up\./);
    const mails = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'victim+4@mail.test'));
    expect(mails).toEqual([]);
  });

  it('makes no link of the store name in the invite e-mail', async () => {
    const res = await signup({ name: 'URGENT: verify your bank at http://bank.evil.test/login', email: 'mark@mail.test', handle: 'phish' }, '192.0.2.50');
    expect(res.statusCode).toBe(201);
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'mark@mail.test'));
    expect(mail.subject).toBe('You are invited to URGENT: verify your bank at http[:]//bank[.]evil[.]test/login on Backroom');
    expect(mail.text).not.toContain('http://bank.evil.test');
    expect(extractLinks(mail.text)).toEqual([expect.stringContaining('/invite/')]);
  });
});

describe('invite resend (POST /api/employees/send/{id})', () => {
  it('resends one person’s invite at most 3 times an hour, then 429', async () => {
    const created = await t.request({ method: 'POST', url: '/api/employees', token: owner, body: { firstName: 'Ivy', lastName: 'Invitee', email: 'ivy@demo.test', accessControls: ['Inventory'] } });
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { id: string } }>(created).data.id;
    for (let i = 0; i < 3; i += 1) expect((await t.request({ method: 'POST', url: `/api/employees/send/${id}`, token: owner })).statusCode).toBe(200);
    expectTooMany(await t.request({ method: 'POST', url: `/api/employees/send/${id}`, token: owner }), /^Too many invites were sent\. Try again in \d+ minutes?\.$/);
    const mails = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'ivy@demo.test'));
    expect(mails).toHaveLength(4); // the invite and 3 resends
  });
});

describe('receipts (POST /api/sales/{id}/receipt)', () => {
  /** A recorded counter sale of a store (the receipt route reads it, it needs no items). */
  async function saleOf(storeId: string, name: string) {
    const [order] = await t.ctx.db.insert(s.orders).values({ storeId, name, source: 'counter', financialStatus: 'paid', paymentMethod: 'cash' }).returning();
    return order.id;
  }
  const receipt = (saleId: string, token: string, email: string, host?: string) => t.request({ method: 'POST', url: `/api/sales/${saleId}/receipt`, token, body: { email }, host });

  it('counts cust+1@ with cust@ (case and +tags are one mailbox)', async () => {
    const sale = await saleOf(demoStoreId, 'S-9001');
    for (const email of ['cust@buyers.test', 'cust+1@buyers.test', 'CUST+2@Buyers.test']) expect((await receipt(sale, owner, email)).statusCode).toBe(200);
    expectTooMany(await receipt(sale, owner, 'cust+3@buyers.test'), /^Too many receipts were sent to this address\./);
  });

  it("counts each store apart: another store's receipts to an address never block this store's", async () => {
    const otherSale = await saleOf(other.store.id, 'S-1');
    for (let i = 0; i < 3; i += 1) expect((await receipt(otherSale, other.token, 'shared@buyers.test', other.host)).statusCode).toBe(200);
    expectTooMany(await receipt(otherSale, other.token, 'shared@buyers.test', other.host), /^Too many receipts/);
    const sale = await saleOf(demoStoreId, 'S-9002');
    expect((await receipt(sale, owner, 'shared@buyers.test')).statusCode).toBe(200);
    const [latest] = await t.ctx.db.select().from(s.outbox).where(and(eq(s.outbox.to, 'shared@buyers.test'), eq(s.outbox.storeId, demoStoreId))).orderBy(desc(s.outbox.createdAt));
    expect(latest).toBeTruthy();
  });

  it('bounds what one employee sends, whatever the addresses', async () => {
    const cashier = await staff(t, demoStoreId, 'cashier@demo.backroom.test', { areas: ['Orders'] });
    const sale = await saleOf(demoStoreId, 'S-9003');
    for (let i = 0; i < 30; i += 1) expect((await receipt(sale, cashier, `buyer${i}@buyers.test`)).statusCode).toBe(200);
    expectTooMany(await receipt(sale, cashier, 'buyer31@buyers.test'), /^Too many receipts/);
    // the store's other staff still send
    expect((await receipt(sale, owner, 'buyer32@buyers.test')).statusCode).toBe(200);
  });
});
