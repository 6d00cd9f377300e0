// Fees locked at intake (docs/people.md): a consigner's type or VAT change re-prices nothing until staff
// ask for it; the preview's figures are what the change then does; sold and paid items never move.
// And the consigner report (totals, filters, the end date rule).
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { bankForm, otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Recalculation = { itemCount: number; changedCount: number; payoutBefore: number; payoutAfter: number; difference: number; accountType: string | null; items: { id: string; payoutBefore: number; payoutAfter: number }[] };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  ava = await t.signIn(DEMO.ava);
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const put = (url: string, token: string, body: unknown) => t.request({ method: 'PUT', url, token, body });

async function newConsigner(email: string) {
  const res = await t.request({ method: 'POST', url: '/api/consigners/createFromAdmin', token: owner, body: { ...bankForm, email } });
  expect(res.statusCode).toBe(201);
  return json<{ data: { id: string; accountType: string } }>(res).data;
}

describe('fees locked at intake', () => {
  let id: string;
  let active: Awaited<ReturnType<typeof makeItem>>;
  let pending: Awaited<ReturnType<typeof makeItem>>;
  let fixed: Awaited<ReturnType<typeof makeItem>>[];

  beforeAll(async () => {
    const c = await newConsigner('fees@shop.test');
    expect(c.accountType).toBe('Standard');
    id = c.id;
    // Standard, 100.00 sneakers: selling 20% = 20.00, store fee 3% = 3.00 -> payout 77.00
    active = await makeItem(t, refs, { consignerId: id, status: 'Active', price: 10000, payout: 7700, payoutFee: 2300, total: 7700 });
    pending = await makeItem(t, refs, { consignerId: id, status: 'Pending', price: 10000, quantity: 2, payout: 7700, payoutFee: 2300, total: 15400 });
    fixed = await Promise.all([
      makeItem(t, refs, { consignerId: id, status: 'Sold', soldOn: new Date() }),
      makeItem(t, refs, { consignerId: id, status: 'Paid', soldOn: new Date() }),
      makeItem(t, refs, { consignerId: id, status: 'PendingSale' }),
      makeItem(t, refs, { consignerId: id, status: 'Withdrawn' }),
      makeItem(t, refs, { consignerId: id, status: 'Declined' }),
      makeItem(t, refs, { consignerId: id, status: 'Buying', payout: 9000, payoutFee: 0, total: 9000 }),
      // bought by the store (buyingId): owed the agreed price, never re-priced
      makeItem(t, refs, { consignerId: id, status: 'Active', buyingId: crypto.randomUUID(), payout: 10000, payoutFee: 0, total: 10000 }),
    ]);
  });

  it('changes the type without touching any item’s payout', async () => {
    const res = await put(`/api/consigners/${id}`, owner, { accountType: 'vip' });
    expect(res.statusCode).toBe(200);
    const data = json<{ data: { consigner: { accountType: string }; recalculation: null } }>(res).data;
    expect(data).toMatchObject({ consigner: { accountType: 'VIP' }, recalculation: null });
    expect((await itemRow(t, active.id)).payout).toBe(7700);
    expect((await itemRow(t, pending.id)).total).toBe(15400);
    expect(await logsOf(t, active.id)).toHaveLength(0);
  });

  it('previews how many unsold items change and the payout totals before and after', async () => {
    // VIP for sneakers: 10% = 10.00 (above the 5.00 minimum) + 3.00 -> payout 87.00
    const preview = json<{ data: Recalculation }>(await get(`/api/consigners/${id}/payoutRecalculation`, owner)).data;
    expect(preview).toMatchObject({ accountType: 'VIP', itemCount: 2, changedCount: 2, payoutBefore: 231, payoutAfter: 261, difference: 30 });
    expect(preview.items.map((i) => [i.id, i.payoutBefore, i.payoutAfter]).sort()).toEqual([[active.id, 77, 87], [pending.id, 77, 87]].sort());
    const standard = json<{ data: Recalculation }>(await get(`/api/consigners/${id}/payoutRecalculation?accountType=Standard`, owner)).data;
    expect(standard).toMatchObject({ itemCount: 2, changedCount: 0, payoutBefore: 231, payoutAfter: 231, difference: 0 });
    // VAT 15% of (10.00 + 3.00) = 1.95 -> payout 85.05
    const taxed = json<{ data: Recalculation }>(await get(`/api/consigners/${id}/payoutRecalculation?chargeTax=true`, owner)).data;
    expect(taxed).toMatchObject({ payoutAfter: 255.15 });
    expect(json(await get(`/api/consigners/${id}/payoutRecalculation?accountType=Gold`, owner)).error).toBe('Unknown consigner type');
    expect((await get(`/api/consigners/${id}/payoutRecalculation?chargeTax=maybe`, owner)).statusCode).toBe(400);
  });

  it('re-prices exactly as previewed when asked, one log entry per item, sold and paid untouched', async () => {
    const preview = json<{ data: Recalculation }>(await get(`/api/consigners/${id}/payoutRecalculation`, owner)).data;
    const before = await Promise.all(fixed.map((i) => itemRow(t, i.id)));
    const res = await put(`/api/consigners/${id}`, owner, { isRecalculateInventoryPayout: true });
    expect(res.statusCode).toBe(200);
    const applied = json<{ data: { recalculation: Recalculation } }>(res).data.recalculation;
    expect(applied).toEqual(preview);
    const a = await itemRow(t, active.id);
    const p = await itemRow(t, pending.id);
    expect([a.payout, a.payoutFee, a.total, p.total]).toEqual([8700, 1300, 8700, 17400]);
    expect((a.total + p.total) / 100).toBe(applied.payoutAfter);
    expect(a.lastUpdatedByName).toBe('Olivia Bennett');
    const logs = await logsOf(t, active.id);
    expect(logs).toHaveLength(1);
    expect(logs[0].modifiedFields).toEqual([
      { variableChanged: 'payout', beforeValue: 77, afterValue: 87 },
      { variableChanged: 'payoutFee', beforeValue: 23, afterValue: 13 },
      { variableChanged: 'total', beforeValue: 77, afterValue: 87 },
    ]);
    expect(await Promise.all(fixed.map((i) => itemRow(t, i.id)))).toEqual(before);
    for (const i of fixed) expect(await logsOf(t, i.id)).toHaveLength(0);
    // asked again: nothing left to change
    const again = json<{ data: { recalculation: Recalculation } }>(await put(`/api/consigners/${id}`, owner, { isRecalculateInventoryPayout: true })).data.recalculation;
    expect(again).toMatchObject({ itemCount: 2, changedCount: 0, difference: 0 });
  });

  it('a VAT switch with recalculation re-prices in the same change', async () => {
    const res = await put(`/api/consigners/${id}`, owner, { chargeTax: true, isRecalculateInventoryPayout: true });
    const data = json<{ data: { consigner: { chargeTax: boolean }; recalculation: Recalculation } }>(res).data;
    expect(data.consigner.chargeTax).toBe(true);
    expect(data.recalculation).toMatchObject({ changedCount: 2, payoutAfter: 255.15 });
    expect((await itemRow(t, active.id)).payout).toBe(8505);
  });

  it('a store account has no fees to re-price', async () => {
    const preview = json<{ data: Recalculation }>(await get(`/api/consigners/${refs.consigner.store.id}/payoutRecalculation?accountType=VIP`, owner)).data;
    expect(preview).toMatchObject({ itemCount: 0, changedCount: 0 });
  });

  it('previews for staff with Consigners access only, in this store', async () => {
    expect((await get(`/api/consigners/${id}/payoutRecalculation`, stock)).statusCode).toBe(403);
    expect((await get(`/api/consigners/${refs.consigner.ava.id}/payoutRecalculation`, ava)).statusCode).toBe(403);
    expect((await get(`/api/consigners/${id}/payoutRecalculation`, other.token, other.host)).statusCode).toBe(404);
  });
});

describe('GET /api/consigners/consignerReport', () => {
  let id: string;
  const day = 24 * 60 * 60 * 1000;
  const todayUtc = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z');
  const dateOf = (d: Date) => d.toISOString().slice(0, 10);

  beforeAll(async () => {
    id = (await newConsigner('report@shop.test')).id;
    await makeItem(t, refs, { consignerId: id, status: 'Sold', price: 10000, total: 7700, soldOn: new Date(todayUtc.getTime() + 1000) });
    await makeItem(t, refs, { consignerId: id, status: 'Paid', price: 10000, quantity: 2, payout: 7700, total: 15400, soldOn: new Date(todayUtc.getTime() - 10 * day) });
    await makeItem(t, refs, { consignerId: id, status: 'Sold', price: 5000, payout: 3000, total: 3000, category: 'Apparel', location: 'Uptown', soldOn: new Date(todayUtc.getTime() - 40 * day) });
    // neither sold nor paid: not in any figure
    await makeItem(t, refs, { consignerId: id, status: 'Active', price: 99900 });
  });

  const report = async (query: string, token = owner, host?: string) => {
    const res = await get(`/api/consigners/consignerReport?${query}`, token, host);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: { totalSold: number; totalPaid: number; totalPending: number; dateRangeEnd: string | null } }>(res).data;
  };

  it('sums sales before fees, paid and pending payouts after fees', async () => {
    expect(await report(`consigner=${id}`)).toMatchObject({ totalSold: 350, totalPaid: 154, totalPending: 107 });
  });

  it('counts today’s sales when the range ends today (the end date moves to the next day)', async () => {
    const start = dateOf(new Date(todayUtc.getTime() - 20 * day));
    const today = await report(`consigner=${id}&dateRangeStart=${start}&dateRangeEnd=${dateOf(todayUtc)}`);
    expect(today).toMatchObject({ totalSold: 300, totalPaid: 154, totalPending: 77, dateRangeEnd: new Date(todayUtc.getTime() + day).toISOString() });
    const untilYesterday = await report(`consigner=${id}&dateRangeStart=${start}&dateRangeEnd=${dateOf(new Date(todayUtc.getTime() - day))}`);
    expect(untilYesterday).toMatchObject({ totalSold: 200, totalPaid: 154, totalPending: 0 });
  });

  it('filters by status, category and location', async () => {
    expect(await report(`consigner=${id}&category=Apparel`)).toMatchObject({ totalSold: 50, totalPaid: 0, totalPending: 30 });
    expect(await report(`consigner=${id}&location=Uptown&location=Downtown`)).toMatchObject({ totalSold: 350 });
    expect(await report(`consigner=${id}&status=Paid`)).toMatchObject({ totalSold: 200, totalPaid: 154, totalPending: 0 });
    expect(await report(`consigner=${id}&status=Active`)).toMatchObject({ totalSold: 0, totalPaid: 0, totalPending: 0 });
    expect(await report(`consigner=${id}&status=All&category=all`)).toMatchObject({ totalSold: 350 });
  });

  it('words bad filters', async () => {
    expect(json(await get('/api/consigners/consignerReport?status=Lost', owner)).error).toBe('Unknown status Lost');
    expect(json(await get('/api/consigners/consignerReport?dateRangeEnd=yesterday', owner)).error).toBe('dateRangeEnd: Invalid date');
    expect((await get('/api/consigners/consignerReport?consigner=abc', owner)).statusCode).toBe(400);
  });

  it('gives a consigner their own report only, whatever consigner they ask for', async () => {
    const own = await report(`consigner=${refs.consigner.ava.id}`);
    expect(await report(`consigner=${id}`, ava)).toEqual(own);
    expect(await report('', ava)).toEqual(own);
  });

  it('is open to staff with Consigners or Orders access, in this store', async () => {
    const orders = await staff(t, refs.store.id, 'orders@demo.backroom.test', { areas: ['Orders'] });
    expect(await report(`consigner=${id}`, orders)).toMatchObject({ totalSold: 350 });
    expect((await get(`/api/consigners/consignerReport?consigner=${id}`, stock)).statusCode).toBe(403);
    expect((await get(`/api/consigners/consignerReport?consigner=${id}`, other.token, other.host)).statusCode).toBe(404);
    expect(await report('', other.token, other.host)).toMatchObject({ totalSold: 0, totalPaid: 0, totalPending: 0 });
  });

  it('reads the item rows as stored (sanity: the store-wide report covers the consigner’s figures)', async () => {
    const all = await report('');
    const rows = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, refs.store.id)).orderBy(asc(s.inventoryItems.id));
    const sold = rows.filter((r) => r.status === 'Sold' || r.status === 'Paid').reduce((sum, r) => sum + r.price * r.quantity, 0);
    expect(all.totalSold).toBe(sold / 100);
  });
});
