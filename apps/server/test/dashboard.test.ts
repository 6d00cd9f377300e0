import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConsignerDetailReport, TDashboard } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

// GET /api/dashboard over a hand-built shop (the "other" store holds only these rows), every figure
// recomputed below by hand from the rows (docs/dashboard-and-activity.md).
let t: TestApp;
let other: Awaited<ReturnType<typeof otherStore>>;
let owner: string;
let employee: string;
let noDashboard: string;

const d = (iso: string) => new Date(iso);
const get = (query: string, token?: string, host?: string) => t.request({ method: 'GET', url: `/api/dashboard${query}`, token, host });

beforeAll(async () => {
  t = await createTestApp();
  other = await otherStore(t);
  owner = await t.signIn(DEMO.owner);
  employee = await staff(t, other.store.id, 'clerk@other.test', { role: 'Employee', areas: null, host: other.host });
  noDashboard = await staff(t, other.store.id, 'admin2@other.test', { role: 'Admin', areas: ['Orders', 'Inventory'], host: other.host });

  const storeId = other.store.id;
  const db = t.ctx.db;
  const [nora] = await db.insert(s.consigners).values({ storeId, firstName: 'Nora', lastName: 'Quinn', email: 'nora@other.test' }).returning();
  const [house] = await db.insert(s.consigners).values({ storeId, firstName: 'Other', lastName: 'Shop', email: 'house@other.test', isStoreAccount: true }).returning();
  const [product] = await db.insert(s.products).values({ storeId, title: 'Jacket', brand: 'B', sku: 'J-1', category: 'Coats', gender: 'U' }).returning();
  const item = (code: string, v: Partial<typeof s.inventoryItems.$inferInsert>) =>
    ({ storeId, code, productId: product.id, consignerId: nora.id, title: 'Jacket', status: 'Active', quantity: 1, ...v }) as typeof s.inventoryItems.$inferInsert;
  const rows = await db
    .insert(s.inventoryItems)
    .values([
      item('A', { price: 10000, total: 8000, acceptedOn: d('2025-12-25T10:00:00Z') }),
      item('B', { consignerId: house.id, price: 5000, quantity: 2, cost: 2000, acceptedOn: d('2026-01-05T10:00:00Z') }),
      item('C', { status: 'Sold', price: 20000, total: 15000, acceptedOn: d('2025-12-20T10:00:00Z'), soldOn: d('2026-01-03T12:00:00Z') }),
      item('D', { status: 'Paid', price: 30000, total: 24000, acceptedOn: d('2025-12-15T10:00:00Z'), soldOn: d('2025-12-28T12:00:00Z') }),
      item('E', { price: 12000, total: 7000, paymentType: 'cash', acceptedOn: d('2026-01-08T10:00:00Z') }),
      item('F', { price: 50000, total: 40000, acceptedOn: d('2026-01-15T10:00:00Z') }),
      item('G', { status: 'Withdrawn', price: 6000, acceptedOn: d('2025-12-10T10:00:00Z'), withdrawalAcceptedOn: d('2026-01-06T10:00:00Z') }),
      item('H', { consignerId: house.id, status: 'Sold', price: 9000, cost: 3000, acceptedOn: d('2025-12-26T10:00:00Z'), soldOn: d('2026-01-09T12:00:00Z') }),
      item('I', { status: 'PendingSale', price: 40000, total: 30000, acceptedOn: d('2025-12-27T10:00:00Z'), soldOn: d('2026-01-06T12:00:00Z') }),
      item('J', { price: 1000, total: 800, acceptedOn: new Date(Date.now() - 5 * 86_400_000) }),
    ])
    .returning();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const order = async (name: string, at: string, lines: { code: string; price: number }[], o: Partial<typeof s.orders.$inferInsert> = {}) => {
    const [ord] = await db.insert(s.orders).values({ storeId, name, orderDate: d(at), ...o }).returning();
    await db.insert(s.lineItems).values(
      lines.map((l) => ({ storeId, orderId: ord.id, inventoryId: byCode.get(l.code)!.id, title: 'Jacket', price: l.price, quantity: 1, active: o.status !== 'undone' })),
    );
  };
  await order('#1', '2026-01-03T12:00:00Z', [{ code: 'C', price: 20000 }]);
  await order('#2', '2025-12-28T12:00:00Z', [{ code: 'D', price: 30000 }]);
  await order('#3', '2026-01-09T12:00:00Z', [{ code: 'H', price: 9500 }]); // the line's price is what the shop took
  await order('#4', '2026-01-05T12:00:00Z', [{ code: 'A', price: 100000 }], { status: 'undone' }); // undone: no sale
  await order('#5', '2026-01-06T12:00:00Z', [{ code: 'I', price: 40000 }], { financialStatus: 'pending' }); // not paid yet
  // what those sales and the paid payout wrote to Nora's ledger (the consigner figures are its sums: docs/sales.md)
  const entry = (code: string, kind: 'sale' | 'fee' | 'payout', amount: number) => ({ storeId, consignerId: nora.id, kind, amount, inventoryId: byCode.get(code)!.id });
  await db.insert(s.ledgerEntries).values([entry('C', 'sale', 20000), entry('C', 'fee', -5000), entry('D', 'sale', 30000), entry('D', 'fee', -6000), entry('D', 'payout', -24000)]);
  await db.insert(s.payouts).values([
    { storeId, name: 'PO-1', status: 'Paid', total: 24000, paidAt: d('2026-01-04T09:00:00Z') },
    { storeId, name: 'PO-2', status: 'Pending', total: 99900 }, // not paid: no paid payout
  ]);
}, 60_000);
afterAll(async () => t.close());

const dashboard = async (query: string) => {
  const res = await get(query, other.token, other.host);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: TDashboard }>(res).data;
};

describe('GET /api/dashboard', () => {
  it('sums every stat card of the period and of the previous one from the rows', async () => {
    // 1 to 10 January 2026 (end day included); the previous period is the 10 days before.
    const data = await dashboard('?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10');
    expect(data.range).toEqual({ start: '2026-01-01T00:00:00.000Z', end: '2026-01-11T00:00:00.000Z' });
    expect(data.previousRange).toEqual({ start: '2025-12-22T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' });
    const card = Object.fromEntries(data.cards.map((c) => [c.key, [c.value, c.previous, c.change]]));
    expect(card).toEqual({
      // paid, standing orders: #1 200 + #3 95 (not the undone #4, not the unpaid #5); before: #2 300
      revenue: [295, 300, -1.67],
      // C's consigner gets 150, H is the shop's own at cost 30; before: D's 240
      cost: [180, 240, -25],
      profit: [115, 60, 91.67],
      // at the end (11 Jan): A 100 + B 2 x 50 + E 120 (F came later, C G H I left);
      // at the start: A 100 + C 200 + G 60 + H 90 + I 400
      inventoryValue: [320, 850, -62.35],
      // C is sold and its consigner not paid yet (H is the shop's, I not sold for good, D paid)
      pendingPayouts: [150, 0, 100],
      paidPayouts: [240, 0, 100],
      // the shop's own: B at cost 2 x 20 and E bought for 70; at the start H at cost 30
      ownedInventory: [110, 30, 266.67],
      unitsInStock: [4, 5, -20],
      unitsSold: [2, 1, 100],
      // accepted in the period: B (2 units) and E; before: A, H, I
      newUnits: [3, 3, 0],
      purchases: [70, 0, 100],
    });
    // every day of the range, 0 on the quiet ones
    expect(data.daily).toHaveLength(10);
    expect(data.daily.filter((day) => day.sales !== 0).map(({ day, sales, profit, units }) => ({ day, sales, profit, units }))).toEqual([
      { day: '2026-01-03', sales: 200, profit: 50, units: 1 },
      { day: '2026-01-09', sales: 95, profit: 65, units: 1 },
    ]);
    expect(data.daily[0]).toMatchObject({ day: '2026-01-01', sales: 0, profit: 0, units: 0 });
    // the stock at the end of each day: [day, units in stock, their price, units accepted that day]
    // 1st: A C G H I (850); 3rd C sold; 5th B came (2 units); 6th G withdrawn, I sold; 8th E came; 9th H sold
    expect(data.daily.map((day) => [day.day.slice(8), day.activeListings, day.inventoryValue, day.newListings])).toEqual([
      ['01', 5, 850, 0],
      ['02', 5, 850, 0],
      ['03', 4, 650, 0],
      ['04', 4, 650, 0],
      ['05', 6, 750, 2],
      ['06', 4, 290, 0],
      ['07', 4, 290, 0],
      ['08', 5, 410, 1],
      ['09', 4, 320, 0],
      ['10', 4, 320, 0],
    ]);
    // owed to consigners by the day their items sold: C on the 3rd (H is the shop's, I not sold for good)
    expect(data.daily.filter((day) => day.pendingPayouts !== 0).map((day) => [day.day, day.pendingPayouts])).toEqual([['2026-01-03', 150]]);
    expect(data.topConsigners).toEqual([{ id: expect.any(String), name: 'Nora Quinn', sales: 200, units: 1 }]);
  });

  it('costs every sale by one definition, also a line written before its item (the demo seed, an import)', async () => {
    // the demo shop (signed in to the demo store): its sales were written line first, item after.
    // Revenue, cost and profit of its sale days, recomputed by hand from the items: a consigned item
    // costs what its consigner gets (total), one the store bought what the store paid (total), a store
    // account's item its cost x quantity (docs/dashboard-and-activity.md).
    const demoStore = (await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo')))[0];
    const lines = await t.ctx.db
      .select({ price: s.lineItems.price, quantity: s.lineItems.quantity, total: s.inventoryItems.total, cost: s.inventoryItems.cost, itemQty: s.inventoryItems.quantity, house: s.consigners.isStoreAccount })
      .from(s.lineItems)
      .innerJoin(s.orders, and(eq(s.orders.storeId, s.lineItems.storeId), eq(s.orders.id, s.lineItems.orderId)))
      .innerJoin(s.inventoryItems, and(eq(s.inventoryItems.storeId, s.lineItems.storeId), eq(s.inventoryItems.id, s.lineItems.inventoryId)))
      .innerJoin(s.consigners, and(eq(s.consigners.storeId, s.inventoryItems.storeId), eq(s.consigners.id, s.inventoryItems.consignerId)))
      .where(and(eq(s.lineItems.storeId, demoStore.id), eq(s.lineItems.active, true), eq(s.orders.financialStatus, 'paid'), eq(s.orders.status, 'open')));
    expect(lines.length).toBeGreaterThan(3);
    const revenue = lines.reduce((a, l) => a + l.price * l.quantity, 0);
    const cost = lines.reduce((a, l) => a + (l.house ? (l.cost ?? 0) * l.itemQty : (l.total ?? 0)), 0);
    expect(cost).toBeGreaterThan(0);
    const res = await get('?dateRangeStart=2026-01-01&dateRangeEnd=2026-12-31', owner);
    expect(res.statusCode).toBe(200);
    const card = Object.fromEntries(json<{ data: TDashboard }>(res).data.cards.map((c) => [c.key, c.value]));
    expect({ revenue: card.revenue, cost: card.cost, profit: card.profit }).toEqual({ revenue: revenue / 100, cost: cost / 100, profit: (revenue - cost) / 100 });
    // and the demo's consigners are its top consigners (their lines carry their consigner)
    expect(json<{ data: TDashboard }>(res).data.topConsigners.length).toBeGreaterThan(0);

    // a line written before its item, in one transaction (as the seed does), then touched once its
    // item exists: the item the store bought costs what the store paid
    // (in the demo store, on a day of its own: the hand-built shop above stays as it is)
    const storeId = demoStore.id;
    const [nora] = await t.ctx.db.select().from(s.consigners).where(and(eq(s.consigners.storeId, storeId), eq(s.consigners.isStoreAccount, false)));
    const [product] = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, storeId));
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`);
      const itemId = crypto.randomUUID();
      const [ord] = await tx.insert(s.orders).values({ storeId, name: '#LATE', orderDate: d('2024-03-05T12:00:00Z') }).returning();
      await tx.insert(s.lineItems).values({ storeId, orderId: ord.id, inventoryId: itemId, title: 'Jacket', price: 9000, quantity: 1 });
      await tx.insert(s.inventoryItems).values({ id: itemId, storeId, code: 'LATE', productId: product.id, consignerId: nora.id, title: 'Jacket', status: 'Sold', quantity: 1, price: 9000, total: 6000, buyingId: crypto.randomUUID(), soldOn: d('2024-03-05T12:00:00Z') });
      await tx.update(s.lineItems).set({ inventoryId: sql`${s.lineItems.inventoryId}` }).where(eq(s.lineItems.orderId, ord.id));
    });
    const lateRes = await get('?dateRangeStart=2024-03-01&dateRangeEnd=2024-03-31', owner);
    const late = Object.fromEntries(json<{ data: TDashboard }>(lateRes).data.cards.map((c) => [c.key, c.value]));
    expect({ revenue: late.revenue, cost: late.cost, profit: late.profit }).toEqual({ revenue: 90, cost: 60, profit: 30 });
  });

  it('shows the stock by status and by age', async () => {
    const data = await dashboard('');
    expect(data.byStatus.find((b) => b.key === 'Active')).toMatchObject({ label: 'Active', items: 5, units: 6 });
    expect(data.byStatus.find((b) => b.key === 'Sold')).toMatchObject({ items: 2, units: 2 });
    // J came in 5 days ago; A B E F in January
    expect(data.byAge.map((b) => [b.key, b.items, b.value])).toEqual([
      ['0-30', 1, 10],
      ['31-60', 0, 0],
      ['61-90', 0, 0],
      ['91-180', 0, 0],
      ['180+', 4, 820],
    ]);
  });

  it('defaults to the last 30 days and says 0 when both periods are zero', async () => {
    const data = await dashboard('');
    const days = (Date.parse(data.range.end) - Date.parse(data.range.start)) / 86_400_000;
    expect(Math.round(days)).toBe(30); // 30 whole days, today the last
    const revenue = data.cards.find((c) => c.key === 'revenue')!;
    expect(revenue).toMatchObject({ value: 0, previous: 0, change: 0 });
    // J came in 5 days ago: new units 1 against 0
    expect(data.cards.find((c) => c.key === 'newUnits')).toMatchObject({ value: 1, previous: 0, change: 100 });
  });

  it('exports the shop report as CSV through the one writer', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dashboard/export?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10', token: other.token, host: other.host });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Section,Key,Label,Value,Previous,Change %,Units,Items');
    expect(lines).toContain('Stats,revenue,Revenue,295,300,-1.67,,');
    expect(lines).toContain('Stats,inventoryValue,Inventory value,320,850,-62.35,,');
    expect(lines).toContain('Daily sales,2026-01-03,Sales,200,,,1,');
    expect(lines).toContain('Daily active listings,2026-01-05,Units in stock at the end of the day,750,,,6,');
    expect(lines).toContain('Daily new listings,2026-01-08,Units accepted,,,,1,');
    expect(lines).toContain("Daily pending payouts,2026-01-03,Still owed for the day's sales,150,,,,");
    expect(lines.some((l) => l.startsWith('Top consigners,') && l.includes(',Nora Quinn,200,'))).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/dashboard/export', token: employee, host: other.host })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/dashboard/export?dateRangeStart=2026-01-01', token: other.token, host: other.host })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/dashboard/export', token: owner, host: other.host })).statusCode).toBe(403);
  });

  it("answers one consigner's report, recomputed from their rows, and as CSV", async () => {
    const [nora] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.email, 'nora@other.test'));
    const res = await get(`/consignerReport?consigner=${nora.id}&dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10`, other.token, other.host);
    expect(res.statusCode, res.body).toBe(200);
    const r = json<{ data: TConsignerDetailReport }>(res).data;
    expect(r.consigner).toEqual({ id: nora.id, name: 'Nora Quinn', email: 'nora@other.test' });
    expect(Object.fromEntries(r.cards.map((c) => [c.key, [c.value, c.previous, c.change]]))).toEqual({
      sales: [200, 300, -33.33], // C in #1; before: D in #2 (I's order is not paid, A's undone)
      soldListings: [1, 1, 0],
      consignerPending: [150, 0, 100], // C sold, not paid yet
      activeListings: [2, 4, -50], // at the end A and E; at the start A, C, G and I
      newListings: [1, 2, -50], // E; before: A and I
    });
    expect(r.series.map((p) => p.sales)).toEqual([0, 200, 0, 0]);
    expect(r.series[0].start).toBe('2026-01-01T00:00:00.000Z');
    expect(r.series[3].end).toBe('2026-01-11T00:00:00.000Z');
    expect(r.byStatus.map((b) => [b.key, b.items])).toEqual([['Active', 4], ['Paid', 1], ['PendingSale', 1], ['Sold', 1], ['Withdrawn', 1]]);
    expect(r.byCategory).toEqual([{ key: '', label: 'No category', items: 4, units: 4, value: 100 + 120 + 500 + 10 }]);
    expect(r.byLocation.map((b) => b.label)).toEqual(['No location']);
    expect(r.byAge.find((b) => b.key === '0-30')!.items).toBe(1);
    expect(r.bestSellers).toEqual([{ productId: expect.any(String), title: 'Jacket', units: 1, sales: 200 }]);
    expect(r.lowStock).toEqual([]);
    // the consigner's own summary cards for these dates: the same figures their portal reads
    expect(r.summary).toEqual({ totalSold: 200, totalPaid: 0, totalPending: 150 });
    const portal = await t.request({ method: 'GET', url: `/api/consigners/consignerReport?consigner=${nora.id}&dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10`, token: other.token, host: other.host });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(json<{ data: typeof r.summary }>(portal).data).toMatchObject(r.summary);

    const csv = await get(`/consignerReport/export?consigner=${nora.id}&dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10`, other.token, other.host);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Stats,sales,Sales,200,300,-33.33,,');
    expect(csv.body).toContain('Best sellers,');
    expect(csv.body).toContain('Summary,totalPending,Pending Payout,150,,,,');

    // another store's consigner, an unknown one and a bad id; an Employee
    const [ava] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.email, DEMO.ava));
    expect((await get(`/consignerReport?consigner=${ava.id}`, other.token, other.host)).statusCode).toBe(404);
    expect((await get(`/consignerReport?consigner=${ava.id}`, owner)).statusCode).toBe(200);
    expect((await get('/consignerReport?consigner=00000000-0000-4000-8000-000000000000', other.token, other.host)).statusCode).toBe(404);
    expect((await get('/consignerReport?consigner=nope', other.token, other.host)).statusCode).toBe(400);
    expect((await get('/consignerReport', other.token, other.host)).statusCode).toBe(400);
    expect((await get(`/consignerReport?consigner=${nora.id}`, employee, other.host)).statusCode).toBe(403);
    expect((await get(`/consignerReport/export?consigner=${nora.id}`, employee, other.host)).statusCode).toBe(403);
  });

  it('keeps the stock by day equal to the items through inserts, updates and deletes', async () => {
    const db = t.ctx.db;
    const storeId = other.store.id;
    const [a] = await db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'A')));
    await db.transaction(async (tx) => {
      await tx.update(s.inventoryItems).set({ price: 12345, quantity: 3 }).where(eq(s.inventoryItems.id, a.id));
      await tx.update(s.inventoryItems).set({ status: 'Withdrawn' }).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'E')));
      await tx.update(s.inventoryItems).set({ acceptedOn: d('2026-02-01T10:00:00Z') }).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'F')));
      // what left: a sale moved to another day, a sold item paid out (no longer owed)
      await tx.update(s.inventoryItems).set({ soldOn: d('2026-01-04T12:00:00Z') }).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'C')));
      await tx.update(s.inventoryItems).set({ status: 'Paid' }).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'C')));
    });
    await db.update(s.inventoryItems).set({ status: 'Sold' }).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'C')));
    await db.delete(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, 'J')));
    const cols = ['items', 'units', 'value', 'owned', 'acc_items', 'acc_units', 'acc_value', 'acc_owned', 'acc_bought', 'left_units', 'left_value', 'left_owned', 'pending'];
    const nonZero = sql.raw(cols.map((c) => `${c} <> 0`).join(' or '));
    const kept = await db.execute(sql`select day::text, ${sql.raw(cols.map((c) => `${c}::float8 as ${c}`).join(', '))}
      from inventory_stock_days where store_id = ${storeId} and (${nonZero}) order by day`);
    const fresh = await db.execute(sql`select day::text, ${sql.raw(cols.map((c) => `sum(${c})::float8 as ${c}`).join(', '))}
      from (select x.* from inventory_items i left join consigners c on c.store_id = i.store_id and c.id = i.consigner_id
            cross join lateral inventory_stock_day_rows(1, i.store_id, i.accepted_on, i.status, i.price, i.quantity, i.cost, i.total, i.buying_id, i.payment_type,
              c.is_store_account, inventory_left_on(i.status, i.sold_on, i.withdrawal_accepted_on, i.updated_at)) x
            where i.store_id = ${storeId} and i.accepted_on is not null) x
      group by day having ${sql.raw(cols.map((c) => `sum(${c}) <> 0`).join(' or '))} order by day`);
    const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'day' ? v : Number(v)])));
    expect(rowsOf(kept)).toEqual(rowsOf(fresh));
    // A: 3 x 123.45 in stock; E withdrawn (out of stock, still in the books); J gone
    const data = await dashboard('');
    expect(data.byAge.find((b) => b.key === '0-30')).toMatchObject({ items: 0, value: 0 });
    expect(data.byAge.find((b) => b.key === '180+')).toMatchObject({ items: 3, units: 6, value: 3 * 123.45 + 100 + 500 });
  });

  it('keeps the sales by day equal to the lines through sales, payments, undos and deletes', async () => {
    const db = t.ctx.db;
    const storeId = other.store.id;
    const [order5] = await db.select().from(s.orders).where(and(eq(s.orders.storeId, storeId), eq(s.orders.name, '#5')));
    const [order1] = await db.select().from(s.orders).where(and(eq(s.orders.storeId, storeId), eq(s.orders.name, '#1')));
    const [order3] = await db.select().from(s.orders).where(and(eq(s.orders.storeId, storeId), eq(s.orders.name, '#3')));
    await db.transaction(async (tx) => {
      await tx.update(s.orders).set({ financialStatus: 'paid' }).where(eq(s.orders.id, order5.id)); // #5 paid: I's 400 counts on the 6th
      await tx.update(s.orders).set({ orderDate: d('2026-01-02T12:00:00Z') }).where(eq(s.orders.id, order1.id)); // #1 moved a day back
    });
    await db.update(s.orders).set({ status: 'undone' }).where(eq(s.orders.id, order3.id)); // #3 undone: H's sale no longer counts
    const [ord] = await db.insert(s.orders).values({ storeId, name: '#6', orderDate: d('2026-01-07T12:00:00Z') }).returning();
    await db.insert(s.lineItems).values([
      { storeId, orderId: ord.id, title: 'Gift card', price: 2500, quantity: 2 }, // no item: no cost, no consigner
      { storeId, orderId: ord.id, title: 'Gone', price: 999, quantity: 1 },
    ]);
    await db.delete(s.lineItems).where(and(eq(s.lineItems.orderId, ord.id), eq(s.lineItems.title, 'Gone')));
    const kept = await db.execute(sql`select day::text, sales::float8 as sales, cost::float8 as cost, units::float8 as units
      from sales_days where store_id = ${storeId} and (sales <> 0 or cost <> 0 or units <> 0) order by day`);
    const fresh = await db.execute(sql`select (li.order_date at time zone 'UTC')::date::text as day, sum(li.price * li.quantity)::float8 as sales,
        sum(case when c.is_store_account then coalesce(i.cost, 0) * i.quantity else coalesce(i.total, 0) end)::float8 as cost, sum(li.quantity)::float8 as units
      from line_items li join orders o on o.store_id = li.store_id and o.id = li.order_id and o.financial_status = 'paid' and o.status = 'open'
      left join inventory_items i on i.store_id = li.store_id and i.id = li.inventory_id left join consigners c on c.store_id = i.store_id and c.id = i.consigner_id
      where li.store_id = ${storeId} and li.active group by 1 order by 1`);
    const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'day' ? v : Number(v)])));
    expect(rowsOf(kept)).toEqual(rowsOf(fresh));
    expect(rowsOf(kept).map((r) => r.day)).toEqual(['2025-12-28', '2026-01-02', '2026-01-06', '2026-01-07']);
    const data = await dashboard('?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10');
    // #1 200 + #5 400 + #6 2 x 25 (not #3, undone)
    expect(data.cards.find((c) => c.key === 'revenue')).toMatchObject({ value: 650, previous: 300 });
    expect(data.topConsigners).toEqual([{ id: expect.any(String), name: 'Nora Quinn', sales: 600, units: 2 }]);
  });

  it('refuses bad ranges', async () => {
    for (const q of ['?dateRangeStart=2026-01-01', '?dateRangeStart=x&dateRangeEnd=2026-01-02', '?dateRangeStart=2026-02-01&dateRangeEnd=2026-01-01', '?dateRangeEnd=2026-01-01']) {
      const res = await get(q, other.token, other.host);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
  });

  it('is for Admins with the Dashboard area of this store only', async () => {
    expect((await get('', employee, other.host)).statusCode).toBe(403); // an Employee
    expect((await get('', noDashboard, other.host)).statusCode).toBe(403); // an Admin without Dashboard
    expect((await get('', owner, other.host)).statusCode).toBe(403); // an Admin of another store
    expect((await get('', other.token)).statusCode).toBe(403); // this store's Admin, at the demo store
    expect((await get('')).statusCode).toBe(401);
    // the demo's dashboard sums the demo's rows only
    const demo = json<{ data: TDashboard }>(await get('?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10', owner)).data;
    expect(demo.cards.find((c) => c.key === 'paidPayouts')!.value).not.toBe(240);
  });
});

describe('the demo seeded today', () => {
  it('puts its sales inside the default last 30 days, with their cost, not zeros with -100 % arrows', async () => {
    const app = await createTestApp({ seed: false });
    try {
      const { seedDemo } = await import('../src/seed/seed.ts');
      expect(await seedDemo(app.ctx)).toEqual({ seeded: true });
      const token = await app.signIn(DEMO.owner);
      const res = await app.request({ method: 'GET', url: '/api/dashboard', token });
      expect(res.statusCode).toBe(200);
      const card = Object.fromEntries(json<{ data: TDashboard }>(res).data.cards.map((c) => [c.key, c]));
      expect(card.revenue.value).toBeGreaterThan(0);
      expect(card.cost.value).toBeGreaterThan(0);
      expect(card.profit.value).toBe(Math.round((card.revenue.value - card.cost.value) * 100) / 100);
      expect(card.unitsSold.value).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 120_000);
});
