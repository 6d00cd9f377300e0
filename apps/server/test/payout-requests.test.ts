// Payouts on request (docs/consigner-account.md "Payouts on request"): a consigner asks from the
// portal, staff pay the request through the one payout path; one request at a time, one payout per
// request (also sent twice at once), the hold and the minimum respected, who may do what.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatDateLong, storeDayOf } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Request = { id: string; consignerId: string; status: string; amount: number; payoutId: string | null; payoutName: string | null };
type Account = { payable: number; held: number; heldUntil: { payableOn: string; amount: number }[]; holdDays: number; minimum: number; canRequest: boolean; reason: string | null; request: Request | null };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Orders only
let stock: string; // Inventory only
let ava: string;
let marco: string;
let other: Awaited<ReturnType<typeof otherStore>>;
const today = storeDayOf(new Date());

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  clerk = await staff(t, refs.store.id, 'requests-clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const avaId = () => refs.consigner.ava.id;
const get = (url: string, token?: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token?: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const ask = (token = ava) => post('/api/payouts/requests', token, { confirm: true });
const account = async (id = avaId(), token = ava) => json<{ data: Account }>(await get(`/api/payouts/consigner/${id}/account`, token)).data;

async function setPayoutRules(holdDays: number, minimumMinor: number) {
  await t.ctx.db.update(s.stores).set({ payoutHoldDays: holdDays, payoutMinimum: minimumMinor }).where(eq(s.stores.id, refs.store.id));
}

/** Ava's slate wiped: her ready items paid in an earlier payout of the demo's, her requests gone, so each test starts from zero. */
async function clearAva() {
  await t.ctx.db.delete(s.payoutRequests).where(eq(s.payoutRequests.storeId, refs.store.id));
  const ready = await t.ctx.db
    .select({ id: s.inventoryItems.id })
    .from(s.inventoryItems)
    .where(and(eq(s.inventoryItems.storeId, refs.store.id), eq(s.inventoryItems.consignerId, avaId()), inArray(s.inventoryItems.status, ['Sold'])));
  if (ready.length) await t.ctx.db.update(s.inventoryItems).set({ status: 'Paid' }).where(inArray(s.inventoryItems.id, ready.map((r) => r.id)));
  await t.ctx.db.delete(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, refs.store.id), eq(s.ledgerEntries.consignerId, avaId())));
}

/** A sold item of Ava's, sold `daysAgo` days ago, owing `total` minor units (sale and fee entries as a sale writes). */
async function soldDaysAgo(total: number, daysAgo = 1, consignerId = avaId()) {
  const price = total + 1000;
  const at = new Date(`${addDays(today, -daysAgo)}T12:00:00Z`);
  const item = await makeItem(t, refs, { status: 'Sold', consignerId, price, payout: total, payoutFee: 1000, total, soldOn: at, ledger: false });
  await t.ctx.db.insert(s.ledgerEntries).values([
    { storeId: refs.store.id, consignerId, kind: 'sale', amount: price, inventoryId: item.id, createdAt: at },
    { storeId: refs.store.id, consignerId, kind: 'fee', amount: total - price, inventoryId: item.id, createdAt: at },
  ]);
  return item;
}

beforeEach(async () => {
  await setPayoutRules(0, 0);
  await clearAva();
});

describe('asking to be paid', () => {
  it('makes one open request of what is payable; asked again it answers the same one', async () => {
    await soldDaysAgo(2500);
    await soldDaysAgo(1500);
    const before = await account();
    expect(before).toMatchObject({ payable: 40, held: 0, canRequest: true, reason: null, request: null });

    const first = await ask();
    expect(first.statusCode, first.body).toBe(201);
    const made = json<{ data: Request }>(first).data;
    expect(made).toMatchObject({ consignerId: avaId(), status: 'Open', amount: 40, payoutId: null });

    const again = await ask();
    expect(again.statusCode).toBe(200);
    expect(json<{ data: Request }>(again).data.id).toBe(made.id);
    expect(await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.consignerId, avaId()))).toHaveLength(1);
    expect(await account()).toMatchObject({ canRequest: false, request: { id: made.id, status: 'Open' } });
  });

  it('makes one request when asked twice at once', async () => {
    await soldDaysAgo(2500);
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => json<{ data: Request }>(a).data.id)).size).toBe(1);
    expect(await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.consignerId, avaId()))).toHaveLength(1);
  });

  it('refuses with nothing payable, inside the hold and below the minimum (422, nothing written)', async () => {
    const nothing = await ask();
    expect(nothing.statusCode).toBe(422);
    expect(json<{ error: string }>(nothing).error).toBe('Nothing is ready to pay yet');

    await setPayoutRules(5, 0);
    await soldDaysAgo(3000, 1);
    const held = await ask();
    expect(held.statusCode).toBe(422);
    expect(json<{ error: string }>(held).error).toBe(`Your sales are on hold until ${formatDateLong(addDays(today, 4))}: ask then`);
    expect(await account()).toMatchObject({ payable: 0, held: 30, canRequest: false, heldUntil: [{ payableOn: addDays(today, 4), amount: 30 }] });

    await setPayoutRules(0, 5000);
    const low = await ask();
    expect(low.statusCode).toBe(422);
    expect(json<{ error: string }>(low).error).toBe('The store pays out from $50.00: $30.00 is ready to pay');
    expect(await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.consignerId, avaId()))).toHaveLength(0);

    await setPayoutRules(0, 3000);
    expect((await ask()).statusCode).toBe(201);
  });

  it('refuses bad input (400), signed out (401), staff (403)', async () => {
    await soldDaysAgo(2500);
    for (const body of [undefined, {}, { confirm: false }, { confirm: 'yes' }, []]) {
      const res = await post('/api/payouts/requests', ava, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ error: string }>(res).error).toBeTruthy();
    }
    expect((await post('/api/payouts/requests', undefined, { confirm: true })).statusCode).toBe(401);
    expect((await ask(owner)).statusCode).toBe(403);
    expect((await ask(clerk)).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.storeId, refs.store.id))).toHaveLength(0);
  });
});

describe('cancelling a request', () => {
  it('lets the consigner cancel their own open request, then ask again', async () => {
    await soldDaysAgo(2500);
    const made = json<{ data: Request }>(await ask()).data;
    const cancelled = await post(`/api/payouts/requests/${made.id}/cancel`, ava);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<{ data: Request }>(cancelled).data.status).toBe('Cancelled');
    const twice = await post(`/api/payouts/requests/${made.id}/cancel`, ava);
    expect(twice.statusCode).toBe(409);
    const next = await ask();
    expect(next.statusCode).toBe(201);
    expect(json<{ data: Request }>(next).data.id).not.toBe(made.id);
  });

  it('answers 404 for another consigner’s or another store’s request, 403 to staff, 400 for a bad id', async () => {
    await soldDaysAgo(2500);
    const made = json<{ data: Request }>(await ask()).data;
    expect((await post(`/api/payouts/requests/${made.id}/cancel`, marco)).statusCode).toBe(404);
    expect((await post(`/api/payouts/requests/${made.id}/cancel`, owner)).statusCode).toBe(403);
    expect((await post(`/api/payouts/requests/${made.id}/pay`, other.token, undefined, other.host)).statusCode).toBe(404);
    expect((await post('/api/payouts/requests/not-a-uuid/cancel', ava)).statusCode).toBe(400);
    expect((await post(`/api/payouts/requests/${crypto.randomUUID()}/pay`, clerk)).statusCode).toBe(404);
    expect((await get(`/api/payouts/consigner/${avaId()}/account`, marco)).statusCode).toBe(404);
    expect((await get(`/api/payouts/consigner/${avaId()}/account`, other.token, other.host)).statusCode).toBe(404);
    expect((await get(`/api/payouts/consigner/${avaId()}/account`, stock)).statusCode).toBe(403);
    expect((await get(`/api/payouts/consigner/${avaId()}/account`)).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.id, made.id));
    expect(row.status).toBe('Open');
  });
});

describe('paying a request', () => {
  it('pays the consigner’s payable items in one payout (held ones left), shown on Ready to Pay, closed when paid', async () => {
    await setPayoutRules(3, 0);
    const ready1 = await soldDaysAgo(2500, 5);
    const ready2 = await soldDaysAgo(1500, 3);
    const held = await soldDaysAgo(9000, 1);
    const made = json<{ data: Request }>(await ask()).data;
    expect(made.amount).toBe(40);

    const board = json<{ data: { requested: number; consigners: { consignerId: string; request: Request | null; payable: number; held: number }[] } }>(await get('/api/payouts/readiness', clerk)).data;
    expect(board.requested).toBe(1);
    expect(board.consigners[0]).toMatchObject({ consignerId: avaId(), payable: 40, held: 90, request: { id: made.id, status: 'Open' } });

    expect((await post(`/api/payouts/requests/${made.id}/pay`, stock)).statusCode).toBe(403);
    expect((await post(`/api/payouts/requests/${made.id}/pay`, ava)).statusCode).toBe(403);

    const paid = await post(`/api/payouts/requests/${made.id}/pay`, clerk);
    expect(paid.statusCode, paid.body).toBe(201);
    const payout = json<{ data: { id: string; name: string; total: number; inventories: string[] } }>(paid).data;
    expect(payout.total).toBe(40);
    expect(payout.inventories.sort()).toEqual([ready1.id, ready2.id].sort());
    const [heldRow] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, held.id));
    expect(heldRow.payoutId).toBeNull();
    expect(await account()).toMatchObject({ canRequest: false, request: { id: made.id, status: 'Paying', payoutId: payout.id, payoutName: payout.name } });

    // sent again: the same request makes no second payout
    const again = await post(`/api/payouts/requests/${made.id}/pay`, clerk);
    expect(again.statusCode).toBe(409);
    expect(json<{ error: string }>(again).error).toBe('This request is already being paid');
    // nor can the consigner cancel it now
    expect((await post(`/api/payouts/requests/${made.id}/cancel`, ava)).statusCode).toBe(409);

    const marked = await post(`/api/payouts/paid/${payout.id}`, clerk, {});
    expect(marked.statusCode, marked.body).toBe(200);
    const [closed] = await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.id, made.id));
    expect(closed.status).toBe('Paid');
    expect(closed.closedAt).not.toBeNull();
    // the ledger: the payout entries took exactly what was paid; the held sale is still owed
    const acct = await account();
    expect(acct).toMatchObject({ payable: 0, held: 90, request: { status: 'Paid' } });
  });

  it('pays once when paid twice at once', async () => {
    const items = [await soldDaysAgo(2500, 2), await soldDaysAgo(3500, 2)];
    const made = json<{ data: Request }>(await ask()).data;
    const answers = await Promise.all([post(`/api/payouts/requests/${made.id}/pay`, clerk), post(`/api/payouts/requests/${made.id}/pay`, owner)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const payoutIds = await t.ctx.db.selectDistinct({ id: s.payoutItems.payoutId }).from(s.payoutItems).where(inArray(s.payoutItems.inventoryId, items.map((i) => i.id)));
    expect(payoutIds).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.id, made.id));
    expect(row).toMatchObject({ status: 'Paying', payoutId: payoutIds[0].id });
  });

  it('closes a request paid through Ready to Pay’s own payout too', async () => {
    const item = await soldDaysAgo(2500, 2);
    const made = json<{ data: Request }>(await ask()).data;
    const res = await post('/api/payouts/pay', clerk, { inventoriesToPay: [item.id], consignersAndInventories: [] });
    expect(res.statusCode).toBe(201);
    const payoutId = json<{ data: { id: string } }>(res).data.id;
    expect((await post(`/api/payouts/requests/${made.id}/pay`, clerk)).statusCode).toBe(409);
    await post(`/api/payouts/paid/${payoutId}`, clerk, {});
    const [row] = await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.id, made.id));
    expect(row).toMatchObject({ status: 'Paid', payoutId });
  });

  it('refuses to pay a request whose money went below the minimum since (422), and keeps it open', async () => {
    await soldDaysAgo(6000, 2);
    const made = json<{ data: Request }>(await ask()).data;
    await setPayoutRules(0, 10000);
    const res = await post(`/api/payouts/requests/${made.id}/pay`, clerk);
    expect(res.statusCode).toBe(422);
    const [row] = await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.id, made.id));
    expect(row.status).toBe('Open');
  });
});
