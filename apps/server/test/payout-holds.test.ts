// The payout hold and the minimum payout (docs/consigner-account.md "Holds and the payout minimum"):
// the store settings, the hold's boundaries on Ready to Pay and on a payout, the minimum leaving a
// consigner out of a run, and a sale undone inside the hold reversed with no payout touched.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateLong, formatMoney, storeDayOf } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Readiness = {
  holdDays: number;
  minimum: number;
  today: string;
  requested: number;
  consigners: { consignerId: string; name: string; payable: number; held: number; heldUntil: { payableOn: string; amount: number }[]; belowMinimum: boolean; reason: string | null }[];
};

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Orders only
let stock: string; // Inventory only
let ava: string;
let other: Awaited<ReturnType<typeof otherStore>>;
const today = storeDayOf(new Date());

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  clerk = await staff(t, refs.store.id, 'holds-clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token?: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown) => t.request({ method: 'POST', url, token, body });
const put = (url: string, token: string, body: unknown) => t.request({ method: 'PUT', url, token, body });
const pay = (ids: string[], token = clerk) => post('/api/payouts/pay', token, { inventoriesToPay: ids, consignersAndInventories: [] });
const readiness = async (token = clerk) => json<{ data: Readiness }>(await get('/api/payouts/readiness', token)).data;
const rowOf = async (consignerId: string) => (await readiness()).consigners.find((c) => c.consignerId === consignerId);
const money = (minor: number) => formatMoney(minor, 'USD');

async function setPayoutRules(holdDays: number, minimum: number) {
  const res = await put(`/api/stores/${refs.store.id}`, owner, { payoutHoldDays: holdDays, payoutMinimum: minimum });
  expect(res.statusCode, res.body).toBe(200);
}

let serial = 0;
async function consigner() {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({ storeId: refs.store.id, firstName: `Held${serial}`, lastName: 'Payee', email: `held${serial}@holds.test`, isActive: true, acceptedTOS: true, payoutType: 'Bank', bankData: { accountName: 'Held', accountNumber: '0001', bank: 'Demo Bank' } })
    .returning();
  return row;
}

/** An item sold `daysAgo` store days ago (its sale entries dated at noon UTC that day), owing `total` minor units. */
async function soldDaysAgo(consignerId: string, total: number, daysAgo: number) {
  const price = total + 1000;
  const at = new Date(`${addDays(today, -daysAgo)}T12:00:00Z`);
  const item = await makeItem(t, refs, { status: 'Sold', consignerId, price, payout: total, payoutFee: 1000, total, soldOn: at, ledger: false });
  await t.ctx.db.insert(s.ledgerEntries).values([
    { storeId: refs.store.id, consignerId, kind: 'sale', amount: price, inventoryId: item.id, createdAt: at },
    { storeId: refs.store.id, consignerId, kind: 'fee', amount: total - price, inventoryId: item.id, createdAt: at },
  ]);
  return item;
}

describe('the hold and minimum settings', () => {
  it('are 0 by default, saved in major units and read back', async () => {
    const before = json<{ data: { payoutHoldDays: number; payoutMinimum: number } }>(await get(`/api/stores/${refs.store.id}`, owner)).data;
    expect(before.payoutHoldDays).toBe(0);
    expect(before.payoutMinimum).toBe(0);
    await setPayoutRules(14, 25.5);
    const after = json<{ data: { payoutHoldDays: number; payoutMinimum: number } }>(await get(`/api/stores/${refs.store.id}`, owner)).data;
    expect(after).toMatchObject({ payoutHoldDays: 14, payoutMinimum: 25.5 });
    const [row] = await t.ctx.db.select({ d: s.stores.payoutHoldDays, m: s.stores.payoutMinimum }).from(s.stores).where(eq(s.stores.id, refs.store.id));
    expect(row).toEqual({ d: 14, m: 2550 });
    await setPayoutRules(0, 0);
  });

  it('refuses a hold outside 0 to 365 whole days and a negative minimum (400, nothing saved)', async () => {
    for (const body of [{ payoutHoldDays: -1 }, { payoutHoldDays: 366 }, { payoutHoldDays: 1.5 }, { payoutHoldDays: 'ten' }, { payoutMinimum: -5 }, { payoutMinimum: 'lots' }, { payoutMinimum: 1e15 }]) {
      const res = await put(`/api/stores/${refs.store.id}`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ error: string }>(res).error).toBeTruthy();
    }
    const [row] = await t.ctx.db.select({ d: s.stores.payoutHoldDays, m: s.stores.payoutMinimum }).from(s.stores).where(eq(s.stores.id, refs.store.id));
    expect(row).toEqual({ d: 0, m: 0 });
  });
});

describe('the payout hold', () => {
  it('makes a sale payable on the day its hold ends, not the day before (Ready to Pay, readiness, pay)', async () => {
    await setPayoutRules(7, 0);
    const c = await consigner();
    const ripe = await soldDaysAgo(c.id, 1000, 7);
    const lastHeld = await soldDaysAgo(c.id, 2000, 6);
    const fresh = await soldDaysAgo(c.id, 4000, 0);

    const row = await rowOf(c.id);
    expect(row).toMatchObject({ payable: 10, held: 60, belowMinimum: false });
    expect(row!.heldUntil).toEqual([
      { payableOn: addDays(today, 1), amount: 20 },
      { payableOn: addDays(today, 7), amount: 40 },
    ]);

    const list = json<{ data: { rows: { id: string }[]; count: number; total: number } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${c.id}`, clerk)).data;
    expect(list.rows.map((r) => r.id)).toEqual([ripe.id]);
    expect(list.total).toBe(10);

    for (const held of [lastHeld, fresh]) {
      const refused = await pay([ripe.id, held.id]);
      expect(refused.statusCode).toBe(409);
      const until = held.id === lastHeld.id ? addDays(today, 1) : addDays(today, 7);
      expect(json<{ error: string }>(refused).error).toBe(`Item ${held.code} is on hold until ${formatDateLong(until)}`);
      const preview = await post('/api/payouts/preview', clerk, { inventoriesToPay: [held.id] });
      expect(preview.statusCode).toBe(409);
    }
    // nothing half-made by the refusals
    expect(await t.ctx.db.select().from(s.payoutItems).where(eq(s.payoutItems.consignerId, c.id))).toHaveLength(0);

    const made = await pay([ripe.id]);
    expect(made.statusCode, made.body).toBe(201);
    expect(json<{ data: { total: number } }>(made).data.total).toBe(10);

    // a hold of 0 is the behaviour before holds: everything sold is payable today
    await setPayoutRules(0, 0);
    expect(await rowOf(c.id)).toMatchObject({ payable: 60, held: 0, heldUntil: [] });
    const rest = json<{ data: { rows: { id: string }[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${c.id}`, clerk)).data;
    expect(rest.rows.map((r) => r.id).sort()).toEqual([lastHeld.id, fresh.id].sort());
    expect((await pay([lastHeld.id, fresh.id])).statusCode).toBe(201);
  });

  it('reverses a sale undone inside the hold without touching a payout', async () => {
    await setPayoutRules(10, 0);
    const c = await consigner();
    const item = await makeItem(t, refs, { status: 'Active', consignerId: c.id, price: 5000, payout: 4000, payoutFee: 1000, total: 4000 });
    const sold = await post('/api/sales', owner, { lines: [{ inventoryId: item.id }], paymentMethod: 'cash' });
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId = json<{ data: { sale: { id: string } } }>(sold).data.sale.id;

    expect(await rowOf(c.id)).toMatchObject({ payable: 0, held: 40, heldUntil: [{ payableOn: addDays(today, 10), amount: 40 }] });
    expect((await pay([item.id])).statusCode).toBe(409);

    const undone = await post(`/api/sales/${saleId}/undo`, owner);
    expect(undone.statusCode, undone.body).toBe(200);
    const [after] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
    expect(after.status).toBe('Active');
    expect(after.payoutId).toBeNull();
    expect(await t.ctx.db.select().from(s.payoutItems).where(eq(s.payoutItems.inventoryId, item.id))).toHaveLength(0);
    const [{ balance }] = await t.ctx.db
      .select({ balance: sql<number>`coalesce(sum(${s.ledgerEntries.amount}), 0)::int` })
      .from(s.ledgerEntries)
      .where(and(eq(s.ledgerEntries.storeId, refs.store.id), eq(s.ledgerEntries.consignerId, c.id)));
    expect(balance).toBe(0);
    expect(await rowOf(c.id)).toBeUndefined();
    await setPayoutRules(0, 0);
  });
});

describe('the minimum payout', () => {
  it('leaves a consigner below the minimum out of a run (422 naming them) and Ready to Pay says why', async () => {
    await setPayoutRules(0, 50);
    const low = await consigner();
    const high = await consigner();
    const lowItem = await soldDaysAgo(low.id, 3000, 2);
    const highItem = await soldDaysAgo(high.id, 6000, 2);

    const r = await readiness();
    expect(r.minimum).toBe(50);
    expect(r.consigners.find((c) => c.consignerId === low.id)).toMatchObject({ payable: 30, belowMinimum: true, reason: `Below the minimum payout of ${money(5000)}` });
    expect(r.consigners.find((c) => c.consignerId === high.id)).toMatchObject({ payable: 60, belowMinimum: false, reason: null });

    const refused = await pay([lowItem.id, highItem.id]);
    expect(refused.statusCode).toBe(422);
    expect(json<{ error: string }>(refused).error).toBe(`${low.firstName} ${low.lastName} is below the minimum payout of ${money(5000)} (${money(3000)} ready to pay)`);
    expect((await pay([highItem.id])).statusCode).toBe(201);

    // fees owed count: 55.00 sold less 10.00 owed is 45.00, below 50.00
    const owing = await consigner();
    const owingItem = await soldDaysAgo(owing.id, 5500, 1);
    await t.ctx.db.insert(s.ledgerEntries).values({ storeId: refs.store.id, consignerId: owing.id, kind: 'withdrawal_fee', amount: -1000 });
    expect((await pay([owingItem.id])).statusCode).toBe(422);
    expect((await rowOf(owing.id))?.payable).toBe(45);

    // exactly the minimum is paid
    await setPayoutRules(0, 45);
    expect((await pay([owingItem.id])).statusCode).toBe(201);
    await setPayoutRules(0, 0);
  });
});

describe('who sees Ready to Pay’s consigners', () => {
  it('answers 401 signed out, 403 without Orders and to a consigner, and only this store’s consigners', async () => {
    expect((await get('/api/payouts/readiness')).statusCode).toBe(401);
    expect((await get('/api/payouts/readiness', stock)).statusCode).toBe(403);
    expect((await get('/api/payouts/readiness', ava)).statusCode).toBe(403);
    const theirs = json<{ data: Readiness }>(await get('/api/payouts/readiness', other.token, other.host)).data;
    const ours = new Set((await readiness()).consigners.map((c) => c.consignerId));
    expect(theirs.consigners.some((c) => ours.has(c.consignerId))).toBe(false);
  });
});
