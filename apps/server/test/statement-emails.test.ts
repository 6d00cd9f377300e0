// A month's statements e-mailed to the store's consigners (docs/consigner-account.md "E-mailing a
// month's statements"): a background job writes one e-mail per consigner who wants payout e-mails and
// has something in the month (entries, or a balance still open), with the six figures and a link to the
// portal's statement from configuration; a second start while one runs is the same job; only staff
// with Consigners access of the store start one or read its progress.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, type DemoRefs } from './inventory-fixtures.ts';

type Started = { jobId: string; month: string; message: string; alreadyRunning: boolean };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let other: Awaited<ReturnType<typeof otherStore>>;
const tag = crypto.randomBytes(3).toString('hex');
const email = (name: string) => `${name}-${tag}@statement-mail.test`;

const start = (month: unknown, token = owner, headers?: Record<string, string>) =>
  t.request({ method: 'POST', url: '/api/consigners/emailStatements', token, body: { month }, headers });
const mailsTo = (to: string) => t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, to));

/** A consigner of the demo store with these ledger entries (minor units). */
async function consigner(name: string, entries: { kind: 'sale' | 'fee' | 'payout'; amount: number; at: string }[], extra: Partial<typeof s.consigners.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({ storeId: refs.store.id, firstName: name, lastName: 'Mail', email: email(name.toLowerCase()), isActive: true, ...extra })
    .returning();
  if (entries.length) {
    await t.ctx.db.insert(s.ledgerEntries).values(entries.map((e) => ({ storeId: refs.store.id, consignerId: row.id, createdById: refs.owner.id, kind: e.kind, amount: e.amount, createdAt: new Date(e.at) })));
  }
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  other = await otherStore(t);
  // March 2024, long before the demo's own ledger: only these consigners have anything in it
  await consigner('Sally', [
    { kind: 'sale', amount: 10_000, at: '2024-03-05T10:00:00Z' },
    { kind: 'fee', amount: -2_000, at: '2024-03-05T10:00:00Z' },
  ]);
  await consigner('Bella', [{ kind: 'sale', amount: 5_000, at: '2024-01-20T10:00:00Z' }]);
  await consigner('Quinn', []);
  await consigner('Olive', [{ kind: 'sale', amount: 7_000, at: '2024-03-09T10:00:00Z' }], { notificationSettings: { onInventoryAccept: true, onPayout: false, onProductSold: true, onPriceAcceptOrDecline: true, onWithdrawAcceptOrDecline: true } });
  await consigner('Edna', [{ kind: 'sale', amount: 7_000, at: '2024-03-09T10:00:00Z' }], { emailNotifications: false });
  await consigner('Gone', [{ kind: 'sale', amount: 7_000, at: '2024-03-09T10:00:00Z' }], { deletedAt: new Date() });
}, 120_000);
afterAll(async () => t?.close());

describe('e-mailing a month', () => {
  it('writes each consigner with something in the month their figures and a link to the portal statement', async () => {
    const res = await start('2024-03', owner, { 'x-forwarded-host': 'evil.test' });
    expect(res.statusCode, res.body).toBe(202);
    const started = json<{ data: Started }>(res).data;
    expect(started).toMatchObject({ month: '2024-03', alreadyRunning: false, message: 'The statements are being e-mailed' });
    const job = await waitForJob(t, owner, started.jobId);
    expect(job.status).toBe('completed');

    const [sally] = await mailsTo(email('sally'));
    expect(sally.subject).toBe('Your March 2024 statement from Backroom Demo');
    for (const line of ['Hi Sally,', 'Opening balance: $0.00', 'Sales: $100.00', 'Fees: -$20.00', 'Payouts: $0.00', 'Adjustments: $0.00', 'Closing balance: $80.00']) expect(sally.text).toContain(line);
    const link = /https?:\/\/\S+/.exec(sally.text)![0];
    expect(new URL(link).pathname + new URL(link).search).toBe('/statements?month=2024-03');
    expect(link).not.toContain('evil.test');

    // nothing in March, but a balance still open: the statement says so
    const [bella] = await mailsTo(email('bella'));
    expect(bella.text).toContain('Opening balance: $50.00');
    expect(bella.text).toContain('Closing balance: $50.00');

    // nothing ever: no e-mail; payout e-mails off, or all e-mails off: none; a deleted consigner: none
    for (const name of ['quinn', 'olive', 'edna', 'gone']) expect(await mailsTo(email(name)), name).toHaveLength(0);

    // every live consigner of the store (not its own account) was looked at, and the result says what became of them
    const live = (await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, refs.store.id))).filter((c) => !c.deletedAt && !c.isStoreAccount);
    const full = json<{ data: { total: number; done: number; result: { sent: number; nothingToSend: number; emailsOff: number } } }>(await t.request({ method: 'GET', url: `/api/jobs/${started.jobId}`, token: owner })).data;
    expect(full.total).toBe(live.length);
    expect(full.done).toBe(live.length);
    expect(full.result.sent + full.result.nothingToSend + full.result.emailsOff).toBe(live.length);
    expect(full.result.emailsOff).toBeGreaterThanOrEqual(2);
    const sent = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.subject, 'Your March 2024 statement from Backroom Demo'));
    expect(sent).toHaveLength(full.result.sent);
    // another store's consigners get nothing of this store
    expect(sent.every((m) => m.storeId === refs.store.id)).toBe(true);
  });

  it('starts one job when asked twice at once, and e-mails each consigner once', async () => {
    const [a, b] = await Promise.all([start('2024-04'), start('2024-04')]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const [ja, jb] = [json<{ data: Started }>(a).data, json<{ data: Started }>(b).data];
    expect(ja.jobId).toBe(jb.jobId);
    expect([ja.alreadyRunning, jb.alreadyRunning].sort()).toEqual([false, true]);
    expect([ja, jb].find((j) => j.alreadyRunning)!.message).toBe("This month's statements are already being e-mailed");
    await waitForJob(t, owner, ja.jobId);
    // April: Sally's and Bella's balances are still open
    expect((await mailsTo(email('sally'))).filter((m) => m.subject.startsWith('Your April 2024'))).toHaveLength(1);
    const jobs = await t.ctx.db.select().from(s.backgroundJobs).where(eq(s.backgroundJobs.kind, 'statements.emailMonth'));
    expect(jobs.filter((j) => (j.payload as { month: string }).month === '2024-04')).toHaveLength(1);
  });
});

describe('who may start one, and with what', () => {
  it('refuses a month that is not YYYY-MM with the message', async () => {
    for (const month of ['2024-13', '2024-3', '', 202403, null, '1999-12']) {
      const res = await start(month);
      expect(res.statusCode, String(month)).toBe(400);
      expect(json(res).error, String(month)).toMatch(/^(Month must be YYYY-MM, e\.g\. 2026-11|Statements cover 2000-01 to 2100-12)$/);
    }
    expect((await t.request({ method: 'POST', url: '/api/consigners/emailStatements', token: owner, body: {} })).statusCode).toBe(400);
  });

  it('answers 401 signed out, 403 without Consigners access or for a consigner, and keeps the job from another store', async () => {
    expect((await start('2024-05', '')).statusCode).toBe(401);
    expect((await start('2024-05', await t.signIn(DEMO.stock))).statusCode).toBe(403);
    expect((await start('2024-05', await t.signIn(DEMO.marco))).statusCode).toBe(403);
    const orders = await staff(t, refs.store.id, `orders-${tag}@statement-mail.test`, { areas: ['Orders'] });
    expect((await start('2024-05', orders)).statusCode).toBe(403);

    // another store's Admin starts their own store's job: it looks at their consigners only
    const theirs = await t.request({ method: 'POST', url: '/api/consigners/emailStatements', token: other.token, host: other.host, body: { month: '2024-03' } });
    expect(theirs.statusCode).toBe(202);
    const theirJob = json<{ data: Started }>(theirs).data.jobId;
    const readTheirs = async () => json<{ data: { status: string; total: number; result: { sent: number } | null } }>(await t.request({ method: 'GET', url: `/api/jobs/${theirJob}`, token: other.token, host: other.host })).data;
    await expect.poll(async () => (await readTheirs()).status, { timeout: 20_000 }).toBe('completed');
    expect(await readTheirs()).toMatchObject({ total: 0, result: { sent: 0 } });
    // and cannot read this store's job
    const ours = json<{ data: Started }>(await start('2024-06')).data.jobId;
    expect((await t.request({ method: 'GET', url: `/api/jobs/${ours}`, token: other.token, host: other.host })).statusCode).toBe(404);
  });
});
