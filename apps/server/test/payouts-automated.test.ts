// Automated payouts end to end (docs/payouts-automated.md): a payout made through the
// payouts API is sent by the payout job to local fakes of Checkbook and PayPal, with retries and
// back-off; a success settles the consigners (items Paid, log entries, ledger), a failure sets the
// payout Failed with the provider's reason, and POST /api/checkbook/retryAutoPayout sends the unpaid
// cheques again without ever paying one twice. On PGlite, and on PostgreSQL with DATABASE_URL.
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { startCheckbookFake, type CheckbookFake } from './fakes/checkbook-fake.ts';
import { header } from './fakes/http-fake.ts';
import { startPaypalFake, type PaypalFake } from './fakes/paypal-fake.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Orders access
let stock: string; // no Orders access
let ava: string; // a consigner
let checkbook: CheckbookFake;
let paypal: PaypalFake;

beforeAll(async () => {
  [checkbook, paypal] = await Promise.all([startCheckbookFake(), startPaypalFake()]);
  t = await createTestApp({
    config: {
      checkbookHosts: { sandbox: checkbook.url, live: 'http://127.0.0.1:9' },
      paypalHosts: { sandbox: paypal.url, live: 'http://127.0.0.1:9' },
      payoutHttpTimeoutMs: 400,
      // three rounds at most, the next at once: the waits are the job queue's polling (0.5 s)
      autoPayoutBackoffSeconds: [0, 0],
    },
  });
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  clerk = await staff(t, refs.store.id, 'payout-clerk@demo.backroom.test', { areas: ['Orders'] });
  await t.ctx.db.update(s.stores).set({ automatedPayout: true }).where(eq(s.stores.id, refs.store.id));
  const setUp = async (kind: string, credentials: Record<string, string>) => {
    const res = await t.request({ method: 'PUT', url: `/api/stores/integrations/${kind}`, token: owner, body: { enabled: true, mode: 'sandbox', credentials } });
    expect(res.statusCode).toBe(200);
  };
  await setUp('checkbook', checkbook.keys);
  await setUp('paypal', paypal.credentials);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([checkbook?.close(), paypal?.close()]);
});
beforeEach(() => {
  checkbook.reset();
  paypal.reset();
});

const post = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const retry = (payoutId: string, token = owner, extra: Record<string, unknown> = {}, host?: string) => post('/api/checkbook/retryAutoPayout', token, { payoutId, ...extra }, host);

let serial = 0;
async function consigner(payoutType: 'Bank' | 'PayPal', email?: string) {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({
      storeId: refs.store.id,
      firstName: `Auto${String(serial).padStart(3, '0')}`,
      lastName: 'Payee',
      email: payoutType === 'Bank' ? (email ?? `auto${serial}@bank.test`) : `auto${serial}@shop.test`,
      isActive: true,
      acceptedTOS: true,
      payoutType,
      bankData: payoutType === 'PayPal' ? { email: email ?? `auto${serial}@paypal.test` } : { accountName: `Auto ${serial}`, accountNumber: `0009${serial}`, bank: 'Demo Bank' },
    })
    .returning();
  return row;
}

const soldItem = (consignerId: string, total: number) =>
  makeItem(t, refs, { status: 'Sold', consignerId, price: total + 1000, payout: total, payoutFee: 1000, total, soldOn: new Date('2026-10-20T10:00:00Z') });

/** Makes a payout of the items through the payouts API (which hands it to the payout job). */
async function payOut(ids: string[]) {
  const res = await post('/api/payouts/pay', owner, { inventoriesToPay: ids, consignersAndInventories: [] });
  expect(res.statusCode).toBe(201);
  return json<{ data: { id: string } }>(res).data.id;
}

async function stored(payoutId: string) {
  const [payout] = await t.ctx.db.select().from(s.payouts).where(eq(s.payouts.id, payoutId));
  const cheques = await t.ctx.db.select().from(s.cheques).where(eq(s.cheques.payoutId, payoutId)).orderBy(asc(s.cheques.consignerId), asc(s.cheques.sequence));
  const items = await t.ctx.db
    .select({ id: s.inventoryItems.id, status: s.inventoryItems.status, amount: s.payoutItems.amount, consignerId: s.payoutItems.consignerId })
    .from(s.payoutItems)
    .innerJoin(s.inventoryItems, and(eq(s.inventoryItems.storeId, s.payoutItems.storeId), eq(s.inventoryItems.id, s.payoutItems.inventoryId)))
    .where(eq(s.payoutItems.payoutId, payoutId));
  const ledger = await t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.payoutId, payoutId), eq(s.ledgerEntries.kind, 'payout')));
  return { payout, cheques, items, ledger };
}

/** Waits until the payout job has finished with the payout: Paid or Failed, nothing in flight. */
async function settled(payoutId: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const st = await stored(payoutId);
    if ((st.payout.status === 'Paid' || st.payout.status === 'Failed') && !st.cheques.some((c) => c.status === 'Sent' && c.externalId === null)) {
      // and no round of it left in the queue
      const open = await t.ctx.db.select().from(s.backgroundJobs).where(and(eq(s.backgroundJobs.kind, 'payouts.autoPayout')));
      if (open.every((j) => j.status === 'completed' || j.status === 'failed')) return st;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`payout ${payoutId} still ${st.payout.status}: ${JSON.stringify(st.cheques.map((c) => [c.status, c.failureReason]))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const checkbookPosts = () => checkbook.requests.filter((r) => r.path === '/v3/check/digital');
const paypalPosts = () => paypal.requests.filter((r) => r.path === '/v1/payments/payouts');

describe('the payout job', () => {
  it('pays bank consigners by Checkbook digital cheques and PayPal consigners by PayPal Payouts, then settles the payout', async () => {
    const bank = await consigner('Bank');
    const pp = await consigner('PayPal');
    const items = [await soldItem(bank.id, 250_000), await soldItem(bank.id, 200_000), await soldItem(pp.id, 1_250)];
    const id = await payOut(items.map((i) => i.id));
    const st = await settled(id);

    expect(st.payout).toMatchObject({ status: 'Paid', failureReason: null, provider: 'mixed' });
    expect(st.payout.paidAt).toBeInstanceOf(Date);
    // one digital cheque per 2,000, each under its cheque's id
    const bankCheques = st.cheques.filter((c) => c.consignerId === bank.id);
    expect(bankCheques.map((c) => [c.amount, c.status, c.provider, c.attempts])).toEqual([
      [200_000, 'Paid', 'checkbook', 1],
      [200_000, 'Paid', 'checkbook', 1],
      [50_000, 'Paid', 'checkbook', 1],
    ]);
    expect(checkbookPosts().map((r) => header(r, 'idempotency-key')).sort()).toEqual(bankCheques.map((c) => c.id).sort());
    expect(checkbook.created().map((c) => [c.amount, c.recipient]).sort(([a], [b]) => Number(a) - Number(b))).toEqual([
      [500, bank.email],
      [2000, bank.email],
      [2000, bank.email],
    ]);
    expect(checkbookPosts()[0].json).toMatchObject({ name: `${bank.firstName} Payee`, description: expect.stringMatching(new RegExp(`^${refs.store.name} payout ${st.payout.name} \\(cheque \\d of 3\\)$`)) });
    expect(bankCheques.map((c) => c.externalId).sort()).toEqual(checkbook.created().map((c) => c.id).sort());
    // PayPal: one batch keyed by the cheque, to the consigner's PayPal e-mail
    const [ppCheque] = st.cheques.filter((c) => c.consignerId === pp.id);
    expect(ppCheque).toMatchObject({ status: 'Paid', provider: 'paypal', externalId: [...paypal.batches.keys()][0] });
    expect(paypalPosts()[0].json).toMatchObject({ sender_batch_header: { sender_batch_id: ppCheque.id }, items: [{ receiver: pp.bankData!.email, amount: { value: '12.50', currency: 'USD' }, sender_item_id: ppCheque.id }] });

    // settled in one go: items Paid with their log entries, a ledger 'payout' entry per item
    expect(st.items.every((i) => i.status === 'Paid')).toBe(true);
    expect(st.ledger.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-250_000, -200_000, -1_250]);
    expect((await logsOf(t, items[0].id)).at(-1)).toMatchObject({ lastUpdatedByName: 'Automated payout', modifiedFields: [{ variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Paid' }, { variableChanged: 'payoutId' }] });
  });

  it('pays a Buying payout through its provider once staff press Pay, crediting the agreed price then paying it out', async () => {
    const seller = await consigner('Bank');
    const bought = await makeItem(t, refs, { consignerId: seller.id, status: 'Active', buyingId: crypto.randomUUID(), paymentType: 'auto', price: 9000, payout: 9000, payoutFee: 0, total: 9000 });
    const id = await payOut([bought.id]);
    expect((await stored(id)).payout.status).toBe('Buying');
    expect((await post(`/api/payouts/paid/${id}`, owner, {})).statusCode).toBe(200);
    const st = await settled(id);
    expect(st.payout.status).toBe('Paid');
    expect(checkbook.created().map((c) => c.amount)).toEqual([90]);
    const ledger = await t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.payoutId, id));
    expect(ledger.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['payout', -9000],
      ['sale', 9000],
    ]);
  });

  it('sets the payout Failed with Checkbook’s reason, and a retry after the fix pays it under a new key', async () => {
    const bank = await consigner('Bank', 'refuse-me@bank.test');
    const item = await soldItem(bank.id, 7_500);
    const id = await payOut([item.id]);
    const failed = await settled(id);
    expect(failed.payout).toMatchObject({ status: 'Failed', failureReason: `${bank.firstName} Payee: Checkbook answered 400: Recipient is blocked` });
    expect(failed.cheques).toMatchObject([{ status: 'Failed', failureReason: 'Checkbook answered 400: Recipient is blocked', externalId: null, attempts: 1, sentAt: null }]);
    expect(failed.items[0].status).toBe('Sold');
    expect(failed.ledger).toEqual([]);
    expect(checkbook.created()).toHaveLength(0);

    // the consigner's e-mail fixed, the retry sends a new attempt
    await t.ctx.db.update(s.consigners).set({ email: 'fixed@bank.test' }).where(eq(s.consigners.id, bank.id));
    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { message: string; status: string; chequeCount: number } }>(res).data).toMatchObject({ message: 'Auto payout retry successful!', status: 'Pending', chequeCount: 1 });
    const paid = await settled(id);
    expect(paid.payout.status).toBe('Paid');
    expect(paid.cheques).toMatchObject([{ status: 'Paid', attempts: 2, externalId: checkbook.created()[0].id }]);
    expect(header(checkbookPosts().at(-1)!, 'idempotency-key')).toBe(`${failed.cheques[0].id}-2`);
    expect(checkbook.created()).toHaveLength(1);
    expect(paid.ledger.map((e) => e.amount)).toEqual([-7_500]);
  });

  it('resends a cheque whose answers were lost under the same key in every round, and never pays it twice', async () => {
    const bank = await consigner('Bank');
    const item = await soldItem(bank.id, 30_000);
    // Checkbook makes the cheque, but no answer reaches Backroom, round after round
    checkbook.fail('POST /v3/check/digital', { kind: 'lose-answer' }, { kind: 'lose-answer' }, { kind: 'lose-answer' });
    const id = await payOut([item.id]);
    const failed = await settled(id);
    expect(checkbookPosts()).toHaveLength(3);
    expect(new Set(checkbookPosts().map((r) => header(r, 'idempotency-key')))).toEqual(new Set([failed.cheques[0].id]));
    expect(checkbook.created()).toHaveLength(1);
    expect(failed.payout.status).toBe('Failed');
    expect(failed.payout.failureReason).toMatch(/^Auto\d+ Payee: Could not reach Checkbook/);
    // the attempt stays open under its key: Failed without an answer, sent_at kept
    expect(failed.cheques).toMatchObject([{ status: 'Failed', externalId: null, attempts: 1 }]);
    expect(failed.cheques[0].sentAt).toBeInstanceOf(Date);

    // the retry sends it again under the same key: Checkbook answers with the cheque it made
    expect((await retry(id)).statusCode).toBe(200);
    const paid = await settled(id);
    expect(paid.payout.status).toBe('Paid');
    expect(paid.cheques).toMatchObject([{ status: 'Paid', attempts: 1, externalId: checkbook.created()[0].id }]);
    expect(checkbook.created()).toHaveLength(1);
  });

  it('treats a timeout as no answer: retried with back-off, then Failed with the reason', async () => {
    const bank = await consigner('Bank');
    const item = await soldItem(bank.id, 4_000);
    checkbook.fail('POST /v3/check/digital', { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const id = await payOut([item.id]);
    const failed = await settled(id);
    expect(failed.payout.failureReason).toBe(`${bank.firstName} Payee: No answer from Checkbook within 0.4 s`);
    expect(checkbookPosts()).toHaveLength(3);
    expect(checkbook.created()).toHaveLength(0);
    const jobs = await t.ctx.db.select().from(s.backgroundJobs).where(eq(s.backgroundJobs.kind, 'payouts.autoPayout'));
    expect(jobs.filter((j) => (j.payload as { payoutId: string }).payoutId === id).map((j) => (j.payload as { round: number }).round).sort()).toEqual([0, 1, 2]);
  });

  it('retries a PayPal cheque whose answer was lost: PayPal refuses the repeated sender_batch_id and links the original', async () => {
    const pp = await consigner('PayPal');
    const item = await soldItem(pp.id, 5_000);
    paypal.fail('POST /v1/payments/payouts', { kind: 'lose-answer' });
    const id = await payOut([item.id]);
    const st = await settled(id);
    expect(st.payout.status).toBe('Paid');
    expect(paypalPosts()).toHaveLength(2);
    expect(paypalPosts().map((r) => (r.json as { sender_batch_header: { sender_batch_id: string } }).sender_batch_header.sender_batch_id)).toEqual([st.cheques[0].id, st.cheques[0].id]);
    expect(paypal.batches.size).toBe(1);
    expect(paypal.paidItems()).toHaveLength(1);
    expect(st.cheques[0].externalId).toBe([...paypal.batches.keys()][0]);
  });

  it('fails a PayPal item the provider failed, and retries it as a new batch once the e-mail is fixed', async () => {
    const pp = await consigner('PayPal', 'fail-unregistered@paypal.test');
    const item = await soldItem(pp.id, 2_000);
    const id = await payOut([item.id]);
    const failed = await settled(id);
    const firstBatch = [...paypal.batches.keys()][0];
    expect(failed.payout.failureReason).toBe(`${pp.firstName} Payee: PayPal payout FAILED (RECEIVER_UNREGISTERED: Receiver is unregistered)`);
    expect(failed.cheques).toMatchObject([{ status: 'Failed', externalId: firstBatch, sentAt: null }]);

    await t.ctx.db.update(s.consigners).set({ bankData: { email: 'good@paypal.test' } }).where(eq(s.consigners.id, pp.id));
    expect((await retry(id)).statusCode).toBe(200);
    const paid = await settled(id);
    expect(paid.payout.status).toBe('Paid');
    expect(paypal.batches.size).toBe(2);
    expect(paypal.paidItems()).toHaveLength(1);
    expect(paypal.batches.get(paid.cheques[0].externalId!)!.senderBatchId).toBe(`${paid.cheques[0].id}-2`);
  });

  it('keeps a PayPal payment still processing in flight: a retry looks it up rather than sending it again', async () => {
    const pp = await consigner('PayPal', 'pending-review@paypal.test');
    const item = await soldItem(pp.id, 3_000);
    const id = await payOut([item.id]);
    const failed = await settled(id);
    expect(failed.payout).toMatchObject({ status: 'Failed', failureReason: `${pp.firstName} Payee: PayPal Payouts is still processing this payment: retry later to check it again` });
    expect(failed.cheques).toMatchObject([{ status: 'Sent', externalId: expect.any(String) }]);
    paypal.settle(failed.cheques[0].externalId!, 'SUCCESS');
    expect((await retry(id)).statusCode).toBe(200);
    const paid = await settled(id);
    expect(paid.payout.status).toBe('Paid');
    expect(paypalPosts()).toHaveLength(1);
  });

  it('fails a cheque without a usable provider or details, with a clear reason', async () => {
    const pp = await consigner('PayPal');
    await t.ctx.db.update(s.consigners).set({ bankData: { email: null } }).where(eq(s.consigners.id, pp.id));
    const item = await soldItem(pp.id, 1_000);
    const id = await payOut([item.id]);
    const failed = await settled(id);
    expect(failed.cheques[0]).toMatchObject({ status: 'Failed', failureReason: 'This consigner has no PayPal e-mail in their payout details: add it and retry', attempts: 0 });
    expect(paypalPosts()).toHaveLength(0);

    // PayPal turned off meanwhile: the retry fails the cheque with why
    await t.request({ method: 'PUT', url: '/api/stores/integrations/paypal', token: owner, body: { enabled: false } });
    await t.ctx.db.update(s.consigners).set({ bankData: { email: 'back@paypal.test' } }).where(eq(s.consigners.id, pp.id));
    try {
      expect((await retry(id)).statusCode).toBe(200);
      const again = await settled(id);
      expect(again.payout.failureReason).toBe(`${pp.firstName} Payee: PayPal Payouts is turned off in Settings > Integrations: turn it on and retry, or mark this consigner paid by hand`);
      expect(paypalPosts()).toHaveLength(0);
    } finally {
      await t.request({ method: 'PUT', url: '/api/stores/integrations/paypal', token: owner, body: { enabled: true } });
    }
  });
});

describe('POST /api/checkbook/retryAutoPayout', () => {
  let failedId: string;
  beforeAll(async () => {
    const bank = await consigner('Bank', 'refuse-again@bank.test');
    const id = await payOut([(await soldItem(bank.id, 9_900)).id]);
    await settled(id);
    await t.ctx.db.update(s.consigners).set({ email: 'fine@bank.test' }).where(eq(s.consigners.id, bank.id));
    failedId = id;
  });

  it('refuses bad input (400), other staff and consigners (403), another store’s payout (404)', async () => {
    expect((await post('/api/checkbook/retryAutoPayout', owner, { payoutId: 'PO-1' })).statusCode).toBe(400);
    expect((await post('/api/checkbook/retryAutoPayout', owner, {})).statusCode).toBe(400);
    expect((await retry(failedId, owner, { consignersAndInventories: [{ inventories: [] }] })).statusCode).toBe(400);
    expect((await retry(failedId, stock)).statusCode).toBe(403);
    expect((await retry(failedId, ava)).statusCode).toBe(403);
    const other = await otherStore(t, 'retry-other.test');
    expect((await retry(failedId, other.token, {}, other.host)).statusCode).toBe(404);
    expect((await retry(failedId, owner, { consignersAndInventories: [refs.consigner.marco.id] })).statusCode).toBe(404);
    expect((await t.ctx.db.select().from(s.payouts).where(eq(s.payouts.id, failedId)))[0].status).toBe('Failed');
  });

  it('retries once when sent twice at once (one 200, one 409), and pays once', async () => {
    const [a, b] = await Promise.all([retry(failedId, clerk), retry(failedId, clerk)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(json([a, b].find((r) => r.statusCode === 409)!).error).toBe('Only a Failed payout can be retried; this one is Pending');
    const paid = await settled(failedId);
    expect(paid.payout.status).toBe('Paid');
    expect(checkbook.created()).toHaveLength(1);
    expect(paid.ledger).toHaveLength(1);
    const again = await retry(failedId);
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('Only a Failed payout can be retried; this one is Paid');
  });

  it('refuses a payout paid by hand', async () => {
    await t.ctx.db.update(s.stores).set({ automatedPayout: false }).where(eq(s.stores.id, refs.store.id));
    try {
      const bank = await consigner('Bank');
      const id = await payOut([(await soldItem(bank.id, 1_000)).id]);
      const res = await retry(id);
      expect(res.statusCode).toBe(409);
      expect(json(res).error).toBe('This payout is paid by hand: mark it as paid');
    } finally {
      await t.ctx.db.update(s.stores).set({ automatedPayout: true }).where(eq(s.stores.id, refs.store.id));
    }
  });
});
