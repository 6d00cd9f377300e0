// The ledger is the truth (design.md "Money"; docs/sales.md, docs/payouts.md, docs/statuses.md): money
// statuses only through the sale, undo and payout paths; a sold item's money locked and corrected by
// adjustments; net payable payouts that take the fees owed; 64-bit sums. After every write the
// consigner report equals the consigner's ledger.
import { toMajor } from '@backroom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Share = { consignerId: string; total: number; gross: number; carried: number; cheques: { amount: number }[] };
type Report = { totalSold: number; totalPaid: number; totalPending: number };

let t: TestApp;
let refs: DemoRefs;
let owner: string; // Admin, every area
let stock: string; // Employee with Inventory only
let clerk: string; // Employee with Orders only
let ava: string; // consigner
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  clerk = await staff(t, refs.store.id, 'ledger-clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const put = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'PUT', url, token, body, host });
const sell = async (inventoryId: string) => {
  const res = await post('/api/sales', owner, { lines: [{ inventoryId }], paymentMethod: 'cash' });
  expect(res.statusCode).toBe(201);
  return json<{ data: { sale: { id: string } } }>(res).data.sale;
};
const pay = async (ids: string[]) => {
  const res = await post('/api/payouts/pay', owner, { inventoriesToPay: ids, consignersAndInventories: [] });
  expect(res.statusCode).toBe(201);
  return json<{ data: { id: string; total: number } }>(res).data;
};
const markPaid = async (payoutId: string) => expect((await post(`/api/payouts/paid/${payoutId}`, owner, {})).statusCode).toBe(200);
const shareOf = async (payoutId: string, consignerId: string) =>
  json<{ data: { payout: { consigners: Share[] } } }>(await get(`/api/payouts/${payoutId}`, owner)).data.payout.consigners.find((c) => c.consignerId === consignerId)!;
const dashboard = async () => {
  const cards = json<{ data: { cards: { key: string; value: number }[] } }>(await get('/api/dashboard', owner)).data.cards;
  return { revenue: cards.find((c) => c.key === 'revenue')!.value, profit: cards.find((c) => c.key === 'profit')!.value };
};
const report = async (consignerId: string) => json<{ data: Report }>(await get(`/api/consigners/consignerReport?consigner=${consignerId}`, owner)).data;

let serial = 0;
/** A fresh consigner of the demo store, so each case reads its own books. */
async function consigner() {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({ storeId: refs.store.id, firstName: `Ledger${serial}`, lastName: 'Test', email: `ledger${serial}@ledger.test`, isActive: true, acceptedTOS: true, payoutType: 'Bank' })
    .returning();
  return row;
}
const activeItem = (consignerId: string, over: Partial<typeof s.inventoryItems.$inferInsert> = {}) => makeItem(t, refs, { consignerId, price: 10000, payout: 7000, payoutFee: 3000, total: 7000, ...over });

/** The consigner report equals the ledger: Total Sales, Total Payout and Pending Payout. */
async function expectBooks(consignerId: string) {
  const kinds = await ledgerRepository.sumsByKind(t.ctx.db, refs.store.id, consignerId);
  const balance = (await ledgerRepository.balances(t.ctx.db, refs.store.id, [consignerId])).get(consignerId) ?? 0;
  const sum = (...k: (keyof typeof kinds)[]) => k.reduce((a, kind) => a + (kinds[kind] ?? 0), 0);
  const ledger = { totalSold: toMajor(sum('sale', 'sale_undone', 'sale_adjustment')), totalPaid: toMajor(0 - sum('payout', 'payout_deduction')), totalPending: toMajor(balance) };
  expect(await report(consignerId)).toMatchObject(ledger);
  return ledger;
}

describe('money statuses are reached only through the sale, undo and payout paths', () => {
  it.each(['Sold', 'Paid', 'PendingSale'])('refuses PUT status %s on an Active item (Inventory-only staff and Admin): no sale, nothing Ready to Pay', async (status) => {
    const c = await consigner();
    const item = await activeItem(c.id);
    for (const token of [stock, owner]) {
      const res = await put(`/api/inventories/${item.id}`, token, { status });
      expect(res.statusCode).toBe(422);
      expect(json<{ error: string }>(res).error).toMatch(/only (by recording a sale|when its payout is paid)/);
    }
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Active', orderId: null });
    // the bulk edit (PUT /api/inventories) refuses it the same way, naming the item
    const bulk = await put('/api/inventories', stock, { inventories: [{ id: item.id, status }] });
    expect(bulk.statusCode).toBe(422);
    expect(json<{ error: string }>(bulk).error).toContain(`Item ${item.code}:`);
    const ready = json<{ data: { rows?: { id: string }[]; inventories?: { id: string }[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${c.id}`, owner)).data;
    expect(JSON.stringify(ready)).not.toContain(item.id);
    const pays = await post('/api/payouts/pay', owner, { inventoriesToPay: [item.id], consignersAndInventories: [] });
    expect(pays.statusCode).toBe(409);
    expect(await ledgerRepository.sumsByKind(t.ctx.db, refs.store.id, c.id)).toEqual({});
  });

  it('refuses moving a sold item out of Sold by hand (undo is the way), also with safe mode off', async () => {
    await t.ctx.db.update(s.stores).set({ safeInventoryStatusMode: false }).where(eq(s.stores.id, refs.store.id));
    const c = await consigner();
    const item = await activeItem(c.id);
    const sale = await sell(item.id);
    const res = await put(`/api/inventories/${item.id}`, owner, { status: 'Active' });
    expect(res.statusCode).toBe(422);
    expect(json<{ error: string }>(res).error).toContain('undoing or refunding its sale');
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Sold' });
    expect((await post(`/api/sales/${sale.id}/undo`, owner)).statusCode).toBe(200);
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Active' });
    await expectBooks(c.id);
    await t.ctx.db.update(s.stores).set({ safeInventoryStatusMode: refs.store.safeInventoryStatusMode }).where(eq(s.stores.id, refs.store.id));
  });
});

describe("a sold item's money is locked", () => {
  it('refuses PUT price, payout, fee, cost and consigner after a counter sale; the report and next payout keep the sale', async () => {
    const c = await consigner();
    const item = await activeItem(c.id);
    await sell(item.id);
    const before = await expectBooks(c.id);
    for (const body of [{ price: 3000 }, { payout: 290 }, { payoutFee: 1 }, { cost: 5 }, { consigner: refs.consigner.ava.id }]) {
      const res = await put(`/api/inventories/${item.id}`, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(json<{ error: string }>(res).error).toContain('are locked: record a correction (an adjustment) instead');
    }
    // the same values again, and fields that are not money, still go through
    expect((await put(`/api/inventories/${item.id}`, owner, { price: 100, notes: 'Sold at the counter' })).statusCode).toBe(200);
    expect(await itemRow(t, item.id)).toMatchObject({ price: 10000, payout: 7000, total: 7000, notes: 'Sold at the counter' });
    expect(await expectBooks(c.id)).toEqual(before);
    const payout = await pay([item.id]);
    expect(payout.total).toBe(70);
  });
});

describe('net payable: a payout takes the fees owed', () => {
  it('refuses a negative withdrawal fee', async () => {
    const c = await consigner();
    const item = await activeItem(c.id);
    const res = await post('/api/inventories/withdrawInventory', owner, { id: item.id, isWithdrawnEarly: true, withdrawalFee: -5 });
    expect(res.statusCode).toBe(400);
    expect(json<{ error: string }>(res).error).toBe('Withdrawal fee cannot be negative');
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Active', withdrawalFee: 0 });
  });

  it('takes an early-withdrawal fee of 15.00 from the next payout; paid in full, nothing stays outstanding', async () => {
    const c = await consigner();
    const early = await activeItem(c.id);
    expect((await post('/api/inventories/withdrawInventory', owner, { id: early.id, isWithdrawnEarly: true, withdrawalFee: 15 })).statusCode).toBe(200);
    const item = await activeItem(c.id);
    await sell(item.id);
    expect(await expectBooks(c.id)).toMatchObject({ totalPending: 55 });

    const preview = json<{ data: { consigners: { gross: number; carried: number; total: number; chequeCount: number }[]; total: number } }>(
      await post('/api/payouts/preview', owner, { inventoriesToPay: [item.id] }),
    ).data;
    expect(preview).toMatchObject({ total: 55, consigners: [{ gross: 70, carried: -15, total: 55, chequeCount: 1 }] });

    const payout = await pay([item.id]);
    expect(payout.total).toBe(55);
    const share = await shareOf(payout.id, c.id);
    expect(share).toMatchObject({ gross: 70, carried: -15, total: 55 });
    expect(share.cheques.reduce((a, ch) => a + ch.amount, 0)).toBe(55);
    await markPaid(payout.id);
    expect(await expectBooks(c.id)).toEqual({ totalSold: 100, totalPaid: 55, totalPending: 0 });
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, c.id));
    expect(row.outstandingWithdrawalFees).toBe(0);
    const [deduction] = await t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.consignerId, c.id), eq(s.ledgerEntries.kind, 'payout_deduction')));
    expect(deduction).toMatchObject({ amount: 1500, payoutId: payout.id });
  });

  it('never goes below zero: fees above the share are carried to the next payout, and two payouts never take them twice', async () => {
    const c = await consigner();
    const early = await activeItem(c.id);
    await post('/api/inventories/withdrawInventory', owner, { id: early.id, isWithdrawnEarly: true, withdrawalFee: 100 });
    const [a, b] = [await activeItem(c.id), await activeItem(c.id)];
    await sell(a.id);
    await sell(b.id);
    const first = await pay([a.id]);
    expect(await shareOf(first.id, c.id)).toMatchObject({ gross: 70, carried: -70, total: 0, cheques: [] });
    // made before the first is paid: takes only the 30.00 still owed
    const second = await pay([b.id]);
    expect(await shareOf(second.id, c.id)).toMatchObject({ gross: 70, carried: -30, total: 40 });
    await markPaid(first.id);
    await markPaid(second.id);
    expect(await expectBooks(c.id)).toEqual({ totalSold: 200, totalPaid: 40, totalPending: 0 });
  });

  it('refuses a preview for the wrong role and another store, and bad input', async () => {
    const c = await consigner();
    const item = await activeItem(c.id);
    await sell(item.id);
    expect((await post('/api/payouts/preview', stock, { inventoriesToPay: [item.id] })).statusCode).toBe(403);
    expect((await post('/api/payouts/preview', ava, { inventoriesToPay: [item.id] })).statusCode).toBe(403);
    expect((await post('/api/payouts/preview', other.token, { inventoriesToPay: [item.id] }, other.host)).statusCode).toBe(404);
    expect((await post('/api/payouts/preview', owner, { inventoriesToPay: [] })).statusCode).toBe(400);
    expect((await post('/api/payouts/preview', clerk, { inventoriesToPay: [item.id] })).statusCode).toBe(200);
  });
});

describe('adjustments: corrections of a sold item as ledger entries', () => {
  it('corrects a sold item: entries with who and why, the report and the payout follow', async () => {
    const c = await consigner();
    const item = await activeItem(c.id);
    await sell(item.id);
    const before = await dashboard();
    const res = await post(`/api/inventories/${item.id}/adjustments`, clerk, { price: 120, payout: 84, reason: 'Rang up at the wrong price' });
    expect(res.statusCode).toBe(201);
    // the sale's line follows: Revenue moves by the sale_adjustment, Profit by the store's share (-fee_adjustment)
    const after = await dashboard();
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(2000);
    expect(Math.round((after.profit - before.profit) * 100)).toBe(600);
    const body = json<{ data: { entries: { kind: string; amount: number; memo: string; createdByName: string }[]; item: { price: number; payout: number } } }>(res).data;
    expect(body.item).toMatchObject({ price: 120, payout: 84 });
    expect([...body.entries].sort((x, y) => y.kind.localeCompare(x.kind))).toEqual([
      expect.objectContaining({ kind: 'sale_adjustment', amount: 20, memo: 'Rang up at the wrong price' }),
      expect.objectContaining({ kind: 'fee_adjustment', amount: -6 }),
    ]);
    expect(body.entries[0].createdByName).toBeTruthy();
    expect(await expectBooks(c.id)).toEqual({ totalSold: 120, totalPaid: 0, totalPending: 84 });
    const payout = await pay([item.id]);
    expect(payout.total).toBe(84);
    // in a payout not yet paid: refused
    const inPayout = await post(`/api/inventories/${item.id}/adjustments`, clerk, { payout: 80, reason: 'x' });
    expect(inPayout.statusCode).toBe(409);
    await markPaid(payout.id);
    // paid: only with a reversing entry, which the next payout settles
    const paid = await post(`/api/inventories/${item.id}/adjustments`, clerk, { payout: 74, reason: 'Fee missed' });
    expect(paid.statusCode).toBe(409);
    expect(json<{ error: string }>(paid).error).toContain('reversing entry');
    expect((await post(`/api/inventories/${item.id}/adjustments`, clerk, { payout: 74, reason: 'Fee missed', reversal: true })).statusCode).toBe(201);
    expect(await expectBooks(c.id)).toMatchObject({ totalPending: -10 });
    const next = await activeItem(c.id);
    await sell(next.id);
    const second = await pay([next.id]);
    expect(await shareOf(second.id, c.id)).toMatchObject({ gross: 70, carried: -10, total: 60 });
    await markPaid(second.id);
    expect(await expectBooks(c.id)).toMatchObject({ totalPending: 0 });
  });

  it('refuses unsold items, nothing to correct, bad input, the wrong role and another store', async () => {
    const c = await consigner();
    const item = await activeItem(c.id);
    const url = `/api/inventories/${item.id}/adjustments`;
    expect((await post(url, clerk, { price: 5, reason: 'x' })).statusCode).toBe(409);
    await sell(item.id);
    expect((await post(url, clerk, { price: 100, payout: 70, reason: 'same' })).statusCode).toBe(400);
    expect((await post(url, clerk, { price: -1, reason: 'x' })).statusCode).toBe(400);
    expect((await post(url, clerk, { price: 5 })).statusCode).toBe(400);
    expect((await post(url, clerk, { price: 50, payout: 60, reason: 'x' })).statusCode).toBe(422);
    expect((await post(url, stock, { price: 5, reason: 'x' })).statusCode).toBe(403);
    expect((await post(url, ava, { price: 5, reason: 'x' })).statusCode).toBe(403);
    expect((await post(url, other.token, { price: 5, reason: 'x' }, other.host)).statusCode).toBe(404);
    expect(await ledgerRepository.adjustmentsOf(t.ctx.db, refs.store.id, item.id)).toEqual([]);
  });

  it('is taken back with the sale when the sale is undone', async () => {
    const c = await consigner();
    const item = await activeItem(c.id);
    const sale = await sell(item.id);
    await post(`/api/inventories/${item.id}/adjustments`, clerk, { price: 90, reason: 'Discount agreed' });
    expect((await post(`/api/sales/${sale.id}/undo`, owner)).statusCode).toBe(200);
    expect(await expectBooks(c.id)).toEqual({ totalSold: 0, totalPaid: 0, totalPending: 0 });
  });
});

describe('64-bit sums', () => {
  it('pays 3 items of 10,000,000.00 in one payout: 15,000 cheques of at most 2,000.00, exact', async () => {
    const c = await consigner();
    const items = [];
    for (let k = 0; k < 3; k += 1) items.push(await activeItem(c.id, { price: 1_000_000_000, payout: 1_000_000_000, payoutFee: 0, total: 1_000_000_000 }));
    for (const it of items) await sell(it.id);
    const started = performance.now();
    const payout = await pay(items.map((i) => i.id));
    const made = performance.now() - started;
    expect(payout.total).toBe(30_000_000);
    const cheques = await t.ctx.db.select().from(s.cheques).where(eq(s.cheques.payoutId, payout.id));
    expect(cheques).toHaveLength(15_000);
    expect(cheques.reduce((a, ch) => a + ch.amount, 0)).toBe(3_000_000_000);
    expect(Math.max(...cheques.map((ch) => ch.amount))).toBe(200_000);
    const [row] = await t.ctx.db.select().from(s.payouts).where(eq(s.payouts.id, payout.id));
    expect(row.total).toBe(3_000_000_000);
    const paidStarted = performance.now();
    await markPaid(payout.id);
    const paid = performance.now() - paidStarted;
    expect(await expectBooks(c.id)).toEqual({ totalSold: 30_000_000, totalPaid: 30_000_000, totalPending: 0 });
    console.log(`payout of 3 x 10,000,000.00: made in ${made.toFixed(0)} ms (15,000 cheques), marked paid in ${paid.toFixed(0)} ms`);
  }, 120_000);
});
