// Retry Auto Payout racing a hand mark-paid (docs/payouts-automated.md "One lock, one order"): the
// retry, mark-paid, the payout job's claim of a send and its answers all lock the payout and then its
// cheques, so a share marked paid by hand is never also sent to its provider, and a cheque being sent
// is never marked paid by hand. The race is run many times against the Checkbook fake and every
// second payment counted (it must be 0). On PGlite transactions run one at a time, so the race can
// only be lost on PostgreSQL (DATABASE_URL); the outcome is checked on both.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { runAutoPayoutRound } from '../src/modules/payouts/automated/auto-payout-job.ts';
import { AUTO_PAYOUT_JOB } from '../src/modules/payouts/automated/auto-payout-queue.ts';
import { startCheckbookFake, type CheckbookFake } from './fakes/checkbook-fake.ts';
import { startPaypalFake, type PaypalFake } from './fakes/paypal-fake.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

const RUNS = 50;

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let checkbook: CheckbookFake;
let paypal: PaypalFake;

beforeAll(async () => {
  [checkbook, paypal] = await Promise.all([startCheckbookFake(), startPaypalFake()]);
  t = await createTestApp({
    config: {
      checkbookHosts: { sandbox: checkbook.url, live: 'http://127.0.0.1:9' },
      paypalHosts: { sandbox: paypal.url, live: 'http://127.0.0.1:9' },
      payoutHttpTimeoutMs: 2_000,
      autoPayoutBackoffSeconds: [0, 0],
    },
  });
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  await t.ctx.db.update(s.stores).set({ automatedPayout: true }).where(eq(s.stores.id, refs.store.id));
  const res = await t.request({ method: 'PUT', url: '/api/stores/integrations/checkbook', token: owner, body: { enabled: true, mode: 'sandbox', credentials: checkbook.keys } });
  expect(res.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([checkbook?.close(), paypal?.close()]);
});

const post = (url: string, body: unknown) => t.request({ method: 'POST', url, token: owner, body });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One round of the payout job, as the queue runs it (its own background_jobs row). */
async function jobRound(payoutId: string) {
  const job = await t.ctx.jobs.create(t.ctx.db, { storeId: refs.store.id, kind: AUTO_PAYOUT_JOB, payload: { payoutId, round: 0, consignerIds: null }, total: 1 });
  try {
    await runAutoPayoutRound(t.ctx, { job, itemDone: async () => {}, itemFailed: async () => {}, recordOutcomes: async () => {}, setTotal: async () => {} });
  } finally {
    await t.ctx.db.update(s.backgroundJobs).set({ status: 'completed' }).where(eq(s.backgroundJobs.id, job.id));
  }
}

async function payoutOf(id: string) {
  return (await t.ctx.db.select().from(s.payouts).where(eq(s.payouts.id, id)))[0];
}

/** Waits until every queued round of the payout job has run. */
async function queueDrained(timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const jobs = await t.ctx.db.select().from(s.backgroundJobs).where(eq(s.backgroundJobs.kind, AUTO_PAYOUT_JOB));
    if (jobs.every((j) => j.status === 'completed' || j.status === 'failed')) return;
    if (Date.now() - started > timeoutMs) throw new Error('payout job rounds still queued');
    await sleep(200);
  }
}

describe('Retry Auto Payout racing a hand mark-paid', () => {
  it(`pays each consigner once in ${RUNS} races: never marked paid by hand and sent, never sent twice`, async () => {
    // RUNS + 1 payouts (the first times a retry and its round) whose Checkbook cheque was refused (the consigner's e-mail blocked): Failed
    const cases: { payoutId: string; consignerId: string; email: string }[] = [];
    for (let i = 0; i <= RUNS; i += 1) {
      const [c] = await t.ctx.db
        .insert(s.consigners)
        .values({ storeId: refs.store.id, firstName: `Race${i}`, lastName: 'Payee', email: `refuse-race${i}@bank.test`, isActive: true, acceptedTOS: true, payoutType: 'Bank', bankData: { accountName: 'Race', accountNumber: `77${i}`, bank: 'Demo Bank' } })
        .returning();
      const item = await makeItem(t, refs, { status: 'Sold', consignerId: c.id, price: 6_000, payout: 5_000, payoutFee: 1_000, total: 5_000, soldOn: new Date() });
      const res = await post('/api/payouts/pay', { inventoriesToPay: [item.id], consignersAndInventories: [] });
      expect(res.statusCode).toBe(201);
      const payoutId = json<{ data: { id: string } }>(res).data.id;
      await jobRound(payoutId);
      expect((await payoutOf(payoutId)).status).toBe('Failed');
      const email = `race${i}@bank.test`;
      await t.ctx.db.update(s.consigners).set({ email }).where(eq(s.consigners.id, c.id));
      cases.push({ payoutId, consignerId: c.id, email });
    }
    expect(checkbook.created()).toHaveLength(0);

    // Each race: staff press Retry Auto Payout (its round runs at once) while another marks the
    // consigner paid by hand, a few milliseconds apart either way.
    const handPaid = new Set<string>();
    // The hand mark-paid starts later and later across the runs, so some land while the job claims.
    const started = Date.now();
    const retried = await post('/api/checkbook/retryAutoPayout', { payoutId: cases[0].payoutId });
    const retryMs = Date.now() - started;
    await jobRound(cases[0].payoutId);
    const roundMs = Date.now() - started;
    const races = cases.slice(1);
    expect(retried.statusCode).toBe(200);
    for (const [i, c] of races.entries()) {
      const lag = Math.round(retryMs * 0.5 + ((roundMs - retryMs * 0.5) * i) / races.length);
      const [, marked] = await Promise.all([
        (async () => {
          const res = await post('/api/checkbook/retryAutoPayout', { payoutId: c.payoutId });
          if (res.statusCode === 200) await jobRound(c.payoutId);
        })(),
        (async () => {
          await sleep(lag);
          return post(`/api/payouts/paid/${c.payoutId}`, { consignersInventoryToBeMarkedAsPaid: [c.consignerId] });
        })(),
      ]);
      // 200 also when the provider had paid the share already (nothing left to mark): what it marked counts
      if (marked.statusCode === 200 && json<{ data: { markedConsignerIds: string[] } }>(marked).data.markedConsignerIds.includes(c.consignerId)) handPaid.add(c.consignerId);
      else if (marked.statusCode !== 200) expect([marked.statusCode, json(marked).error]).toEqual([409, 'Auto payout is in progress, check back later.']);
    }
    await queueDrained();

    // Every consigner paid exactly once: by hand, or by one Checkbook cheque.
    let secondSends = 0;
    let sent = 0;
    for (const c of cases) {
      const cheques = checkbook.created().filter((ch) => ch.recipient === c.email).length;
      sent += cheques;
      const payments = cheques + (handPaid.has(c.consignerId) ? 1 : 0);
      if (payments > 1) secondSends += payments - 1;
      const payout = await payoutOf(c.payoutId);
      expect(payout.status).toBe('Paid');
      const ledger = await t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.payoutId, c.payoutId), eq(s.ledgerEntries.kind, 'payout')));
      expect(ledger.map((e) => e.amount)).toEqual([-5_000]);
    }
    console.info(`payout race: ${RUNS} races (retry ${retryMs} ms, its round ${roundMs} ms), ${handPaid.size} marked paid by hand, ${sent} sent by Checkbook, ${secondSends} second sends`);
    expect(secondSends).toBe(0);
    expect(sent + handPaid.size).toBe(RUNS + 1);
  }, 300_000);
});
