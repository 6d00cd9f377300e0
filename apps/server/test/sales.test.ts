// Selling (docs/sales.md): recordSale (every source's entry), the counter sale API, undo,
// and a ledger that reconciles with the consigner report.
import { toMajor } from '@backroom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { markOrderPaid, recordSale, undoSale } from '../src/modules/sales/sales.service.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Line = { id: string; inventoryId: string | null; code: string | null; title: string; price: number; quantity: number; active: boolean; itemStatus: string | null };
type Sale = { id: string; name: string; status: string; source: string; paymentMethod: string | null; total: number; customer: { firstName: string | null; email: string | null }; lines: Line[]; canUndo: boolean; undoBlockedReason: string | null; store: { name: string } };
type SaleResult = { message: string; created: boolean; receipt: 'sent' | 'limited' | null; sale: Sale };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string; // Employee with Inventory only
let cashier: string; // Employee with Orders only
let ava: string;
let other: Awaited<ReturnType<typeof otherStore>>;
const importer = { id: null, name: 'Test import' };

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  ava = await t.signIn(DEMO.ava);
  cashier = await staff(t, refs.store.id, 'cashier@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const sell = (token: string, body: unknown, host?: string) => post('/api/sales', token, body, host);
const result = (res: { json: () => unknown }) => (res.json() as { data: SaleResult }).data;

/** What the ledger and the report say of a consigner (major units). */
async function books(consignerId: string) {
  const kinds = await ledgerRepository.sumsByKind(t.ctx.db, refs.store.id, consignerId);
  const balance = (await ledgerRepository.balances(t.ctx.db, refs.store.id, [consignerId])).get(consignerId) ?? 0;
  const report = json<{ data: { totalSold: number; totalPaid: number; totalPending: number } }>(await get(`/api/consigners/consignerReport?consigner=${consignerId}`, owner)).data;
  return {
    ledger: { balance: toMajor(balance), sales: toMajor((kinds.sale ?? 0) + (kinds.sale_undone ?? 0)), payouts: toMajor(0 - (kinds.payout ?? 0)) },
    report: { balance: report.totalPending, sales: report.totalSold, payouts: report.totalPaid },
  };
}

async function expectBooksReconcile() {
  const consigners = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, refs.store.id));
  for (const c of consigners) {
    const { ledger, report } = await books(c.id);
    expect({ who: c.email, ...ledger }).toEqual({ who: c.email, ...report });
  }
}

describe('the ledger of the demo shop', () => {
  it('reconciles with the consigner report for every demo consigner (balance = Pending Payout, sales = Total Sales)', async () => {
    await expectBooksReconcile();
    const { ledger } = await books(refs.consigner.ava.id);
    expect(ledger.sales).toBeGreaterThan(0);
    expect(ledger.payouts).toBeGreaterThan(0);
    const payoutItems = await t.ctx.db.select().from(s.payoutItems).where(eq(s.payoutItems.storeId, refs.store.id));
    expect(payoutItems).toHaveLength(3);
  });
});

describe('recordSale (every source)', () => {
  it('sells Active items in one order named after the demo’s last (S-1010), moves them to Sold with log and ledger entries', async () => {
    const a = await makeItem(t, refs, { who: 'lena' });
    const b = await makeItem(t, refs, { who: 'lena', price: 5000, payout: 3500, payoutFee: 1500, total: 3500 });
    const before = await books(refs.consigner.lena.id);
    const { order, created } = await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', paymentMethod: 'cash', lines: [{ inventoryId: a.id }, { inventoryId: b.id }] });
    expect(created).toBe(true);
    expect(order).toMatchObject({ name: 'S-1010', total: 15000, status: 'open', financialStatus: 'paid', source: 'counter' });
    const item = await itemRow(t, a.id);
    expect(item).toMatchObject({ status: 'Sold', orderId: order.id, lastUpdatedByName: 'Test import' });
    expect(item?.soldOn).toBeInstanceOf(Date);
    expect((await logsOf(t, a.id)).at(-1)?.modifiedFields).toEqual(expect.arrayContaining([{ variableChanged: 'status', beforeValue: 'Active', afterValue: 'Sold' }, { variableChanged: 'orderId', beforeValue: null, afterValue: order.id }]));
    const entries = await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, order.id);
    expect(entries.filter((e) => e.inventoryId === b.id).map((e) => [e.kind, e.amount]).sort()).toEqual([['fee', -1500], ['sale', 5000]]);
    const after = await books(refs.consigner.lena.id);
    expect(after.ledger.balance - before.ledger.balance).toBe(77 + 35);
    expect(after.ledger).toEqual(after.report);
  });

  it('names orders per store in sequence, keeps an imported name (made unique) and records a source order once', async () => {
    const next = await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: (await makeItem(t, refs)).id }] });
    expect(next.order.name).toBe('S-1011');
    const placed = new Date('2026-11-02T09:30:00Z');
    const imported = { source: 'linnworks' as const, externalId: 'LW-77', name: 'S-1001', orderDate: placed, financialStatus: 'paid' as const, lines: [{ inventoryId: (await makeItem(t, refs)).id, price: 9000 }] };
    const first = await recordSale(t.ctx, refs.store, importer, imported);
    expect((await itemRow(t, imported.lines[0].inventoryId))?.soldOn?.toISOString()).toBe(placed.toISOString());
    expect(first).toMatchObject({ created: true, order: { name: 'S-1001-2', externalId: 'LW-77', total: 9000 } }); // the demo has an S-1001
    const again = await recordSale(t.ctx, refs.store, importer, imported);
    expect(again).toMatchObject({ created: false, order: { id: first.order.id } });
    const otherShop = await recordSale(t.ctx, other.store, importer, { ...imported, lines: [] }).catch((e: Error) => e);
    expect(otherShop).toMatchObject({ status: 400 });
  });

  it('holds items of a pending order as PendingSale and sells them once it is paid', async () => {
    const a = await makeItem(t, refs, { who: 'marco' });
    const { order } = await recordSale(t.ctx, refs.store, importer, { source: 'shopify', externalId: 'SH-1', name: '#5001', financialStatus: 'pending', lines: [{ inventoryId: a.id }] });
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'PendingSale', orderId: order.id, soldOn: null });
    expect(await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, order.id)).toEqual([]);
    expect(await markOrderPaid(t.ctx, refs.store, importer, order.id)).toMatchObject({ changed: true, order: { financialStatus: 'paid' } });
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Sold' });
    expect(await markOrderPaid(t.ctx, refs.store, importer, order.id)).toMatchObject({ changed: false });
    expect((await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, order.id)).map((e) => e.kind).sort()).toEqual(['fee', 'sale']);
    await expectBooksReconcile();
  });

  it('refuses an item that is not Active, another store’s item, an empty sale and a repeated line', async () => {
    const sold = await makeItem(t, refs);
    await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: sold.id }] });
    await expect(recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: sold.id }] })).rejects.toMatchObject({ status: 409, message: `${sold.code} cannot be sold: it is Sold` });
    const mine = await makeItem(t, refs);
    await expect(recordSale(t.ctx, other.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: mine.id }] })).rejects.toMatchObject({ status: 404 });
    await expect(recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [] })).rejects.toMatchObject({ status: 400 });
    await expect(recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: mine.id }, { inventoryId: mine.id }] })).rejects.toMatchObject({ status: 400 });
    await expect(recordSale(t.ctx, refs.store, importer, { source: 'linnworks', financialStatus: 'paid', lines: [{ inventoryId: mine.id, price: -5 }] })).rejects.toMatchObject({ status: 400 });
    expect(await itemRow(t, mine.id)).toMatchObject({ status: 'Active', orderId: null });
  });

  it('refuses a sale whose total does not fit (422) and writes nothing', async () => {
    const big = await Promise.all([1, 2, 3].map(() => makeItem(t, refs, { price: 900_000_000, payout: 800_000_000, payoutFee: 100_000_000, total: 800_000_000 })));
    const res = await sell(owner, { lines: big.map((i) => ({ inventoryId: i.id })), paymentMethod: 'cash' });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe("A sale's total must be at most 20,000,000: split it into several sales");
    for (const i of big) expect(await itemRow(t, i.id)).toMatchObject({ status: 'Active' });
  });

  it('turns the database’s "one open sale per item" refusal into a 409 (an item set back to Active by hand)', async () => {
    const a = await makeItem(t, refs);
    await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: a.id }] });
    const { order } = await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: (await makeItem(t, refs)).id }] });
    await t.ctx.db.update(s.inventoryItems).set({ status: 'Active' }).where(eq(s.inventoryItems.id, a.id));
    const fine = await makeItem(t, refs);
    await expect(recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: fine.id }, { inventoryId: a.id }] })).rejects.toMatchObject({ status: 409, message: `${a.code} is already in another open sale` });
    expect(await itemRow(t, fine.id)).toMatchObject({ status: 'Active', orderId: null });
    // undoing the first sale frees the item (it is Active already: only its line and ledger change)
    const first = (await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.inventoryId, a.id)))[0];
    await undoSale(t.ctx, refs.store, importer, first.orderId);
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Active' });
    expect((await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: a.id }] })).created).toBe(true);
    expect(order.name).toMatch(/^S-\d+$/);
  });

  it('sells an item once when two sales of it arrive at once', async () => {
    const a = await makeItem(t, refs);
    const results = await Promise.allSettled([1, 2].map(() => recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: a.id }] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const open = await t.ctx.db.select().from(s.lineItems).where(and(eq(s.lineItems.inventoryId, a.id), eq(s.lineItems.active, true)));
    expect(open).toHaveLength(1);
    expect((await logsOf(t, a.id)).filter((l) => l.modifiedFields.some((f) => f.afterValue === 'Sold'))).toHaveLength(1);
  });
});

describe('POST /api/sales (the counter)', () => {
  it('sells items by code (any case) and by id, answers the sale and e-mails the receipt', async () => {
    const a = await makeItem(t, refs, { who: 'ava', price: 12000, payout: 9000, payoutFee: 3000, total: 9000 });
    const b = await makeItem(t, refs, { who: 'marco', price: 4550, payout: 3000, payoutFee: 1550, total: 3000 });
    const res = await sell(cashier, { lines: [{ code: a.code.toLowerCase() }, { inventoryId: b.id }], paymentMethod: 'card', customerName: '  Jane  ', customerEmail: 'jane@example.test' });
    expect(res.statusCode).toBe(201);
    const { message, created, receipt, sale } = result(res);
    expect({ created, receipt }).toEqual({ created: true, receipt: 'sent' });
    expect(message).toBe(`Sale ${sale.name} recorded`);
    expect(sale).toMatchObject({ source: 'counter', status: 'open', paymentMethod: 'card', total: 165.5, customer: { firstName: 'Jane', email: 'jane@example.test' }, canUndo: true, store: { name: refs.store.name } });
    expect(sale.lines.map((l) => [l.code, l.price, l.itemStatus])).toEqual(expect.arrayContaining([[a.code, 120, 'Sold'], [b.code, 45.5, 'Sold']]));
    const [mail] = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'jane@example.test'));
    expect(mail.subject).toBe(`Your receipt from ${refs.store.name} (${sale.name})`);
    expect(mail.text).toContain('$165.50');
    expect(mail.text).toContain(a.code);
    expect((await get(`/api/sales/${sale.id}`, cashier)).json()).toMatchObject({ data: { id: sale.id, lines: expect.any(Array) } });
  });

  it('records a sale sent twice with the same key once, also when both arrive at once', async () => {
    const a = await makeItem(t, refs);
    const body = { lines: [{ inventoryId: a.id }], paymentMethod: 'cash', saleKey: 'till-1-0001-abcd', customerEmail: 'twice@example.test' };
    const [one, two] = await Promise.all([sell(owner, body), sell(owner, body)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(result(one).sale.id).toBe(result(two).sale.id);
    const late = await sell(owner, body);
    expect(late.statusCode).toBe(200);
    expect(result(late)).toMatchObject({ created: false, receipt: null, message: `Sale ${result(one).sale.name} was already recorded` });
    expect(await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'twice@example.test'))).toHaveLength(1);
    expect(await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, result(one).sale.id)).toHaveLength(2);
  });

  it('answers 409 with the recorded sale when a sale key comes back with another basket or payment method, and sells nothing of it', async () => {
    const a = await makeItem(t, refs);
    const b = await makeItem(t, refs);
    const first = await sell(owner, { lines: [{ inventoryId: a.id }], paymentMethod: 'cash', saleKey: 'till-1-0002-edit' });
    expect(first.statusCode).toBe(201);
    const recorded = result(first).sale;
    for (const replay of [
      { lines: [{ inventoryId: a.id }, { inventoryId: b.id }], paymentMethod: 'cash' }, // the basket edited after a lost answer
      { lines: [{ inventoryId: b.id }], paymentMethod: 'cash' },
      { lines: [{ inventoryId: a.id }], paymentMethod: 'card' },
    ]) {
      const res = await sell(owner, { ...replay, saleKey: 'till-1-0002-edit' });
      expect(res.statusCode).toBe(409);
      const body = json<{ error: string; code: string; sale: Sale }>(res);
      expect(body.code).toBe('SALE_KEY_REUSED');
      expect(body.error).toBe(
        `Sale ${recorded.name} was already recorded under this sale key with other items or another payment method: this basket was NOT sold. Check ${recorded.name} below, then complete the sale again as a new sale.`,
      );
      expect(body.sale).toMatchObject({ id: recorded.id, name: recorded.name, paymentMethod: 'cash' });
      expect(body.sale.lines.map((l) => l.inventoryId)).toEqual([a.id]);
    }
    expect((await itemRow(t, b.id)).status).toBe('Active');
    // the same basket (lines in another order) is still today's idempotent 200
    const same = await sell(owner, { lines: [{ code: (await itemRow(t, a.id)).code }], paymentMethod: 'cash', saleKey: 'till-1-0002-edit' });
    expect(same.statusCode).toBe(200);
    expect(result(same)).toMatchObject({ created: false, sale: { id: recorded.id } });
  });

  it('refuses an item already sold (409) and sells one of two sales at once', async () => {
    const a = await makeItem(t, refs);
    expect((await sell(owner, { lines: [{ inventoryId: a.id }], paymentMethod: 'cash' })).statusCode).toBe(201);
    const again = await sell(owner, { lines: [{ code: a.code }], paymentMethod: 'cash' });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe(`${a.code} cannot be sold: it is Sold`);

    const b = await makeItem(t, refs);
    const c = await makeItem(t, refs);
    const both = await Promise.all([sell(owner, { lines: [{ inventoryId: b.id }, { inventoryId: c.id }], paymentMethod: 'cash' }), sell(cashier, { lines: [{ inventoryId: c.id }], paymentMethod: 'other' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await itemRow(t, b.id))?.status).toBe(both[0].statusCode === 201 ? 'Sold' : 'Active');
  });

  it('refuses bad input with 400 and nothing written', async () => {
    const a = await makeItem(t, refs);
    const bad = [
      {},
      { lines: [], paymentMethod: 'cash' },
      { lines: [{}], paymentMethod: 'cash' },
      { lines: [{ inventoryId: 'not-a-uuid' }], paymentMethod: 'cash' },
      { lines: [{ inventoryId: a.id }], paymentMethod: 'cheque' },
      { lines: [{ inventoryId: a.id }], paymentMethod: 'cash', customerEmail: 'not-an-email' },
      { lines: [{ inventoryId: a.id }], paymentMethod: 'cash', customerName: 'x'.repeat(201) },
      { lines: [{ inventoryId: a.id }], paymentMethod: 'cash', customerName: 'a\u0000b' },
      { lines: [{ inventoryId: a.id }], paymentMethod: 'cash', saleKey: 'short' },
      { lines: [{ inventoryId: a.id }, { code: a.code }], paymentMethod: 'cash' },
      { lines: Array.from({ length: 101 }, () => ({ inventoryId: a.id })), paymentMethod: 'cash' },
    ];
    for (const body of bad) {
      const res = await sell(owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json(res).error).toEqual(expect.any(String));
    }
    expect(json(await sell(owner, { lines: [], paymentMethod: 'cash' })).error).toBe('Add at least one item to the sale');
    const unknown = await sell(owner, { lines: [{ code: 'NOPE-123' }], paymentMethod: 'cash' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error).toBe('No item with code NOPE-123');
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Active', orderId: null });
  });

  it('is for staff with Orders access in this store only', async () => {
    const a = await makeItem(t, refs);
    const body = { lines: [{ inventoryId: a.id }], paymentMethod: 'cash' };
    expect((await sell(ava, body)).statusCode).toBe(403);
    expect((await sell(stock, body)).statusCode).toBe(403);
    expect(json(await sell(stock, body)).error).toBe('You need Orders access for this');
    expect((await t.request({ method: 'POST', url: '/api/sales', body })).statusCode).toBe(401);
    expect((await sell(other.token, body)).statusCode).toBe(403); // an Admin of another store, here
    // another store's staff at their own store: the demo's item is not theirs
    const there = await sell(other.token, body, other.host);
    expect(there.statusCode).toBe(404);
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Active' });
    expect((await get(`/api/sales/item?code=${a.code}`, stock)).statusCode).toBe(403);
    expect((await get(`/api/sales/item?code=${a.code}`, ava)).statusCode).toBe(403);
    expect((await get(`/api/sales/item?code=${a.code}`, other.token, other.host)).statusCode).toBe(404);
    expect((await get('/api/sales/items?search=jordan', ava)).statusCode).toBe(403);
  });
});

describe('finding items to sell', () => {
  it('finds an Active item by code and refuses one that cannot be sold, with the reason', async () => {
    const a = await makeItem(t, refs, { who: 'marco' });
    const found = await get(`/api/sales/item?code=${a.code.toLowerCase()}`, cashier);
    expect(found.statusCode).toBe(200);
    expect(json<{ data: unknown }>(found).data).toMatchObject({ id: a.id, code: a.code, price: 100, status: 'Active', consignerName: 'Marco Rossi' });
    const sold = await makeItem(t, refs, { status: 'Withdrawn' });
    const refused = await get(`/api/sales/item?code=${sold.code}`, cashier);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe(`${sold.code} cannot be sold: it is Withdrawn`);
    expect((await get('/api/sales/item?code=UNKNOWN1', cashier)).statusCode).toBe(404);
    expect((await get('/api/sales/item?code=', cashier)).statusCode).toBe(400);
  });

  it('searches the Active items only', async () => {
    await makeItem(t, refs, { title: 'Zebra Counter Boot', status: 'Active' });
    await makeItem(t, refs, { title: 'Zebra Counter Boot', status: 'Withdrawn' });
    const res = await get('/api/sales/items?search=zebra%20counter', cashier);
    expect(res.statusCode).toBe(200);
    const { rows } = json<{ data: { rows: { title: string; status: string }[] } }>(res).data;
    expect(rows.map((r) => [r.title, r.status])).toEqual([['Zebra Counter Boot', 'Active']]);
    expect(rows[0]).toMatchObject({ price: 100, consignerName: 'Ava Thompson' });
    expect((await get('/api/sales/items?search=', cashier)).statusCode).toBe(400);
  });
});

describe('POST /api/sales/{id}/undo', () => {
  it('puts the items back on sale with log entries and reverses the ledger; a second undo is refused', async () => {
    const a = await makeItem(t, refs, { who: 'ava' });
    const b = await makeItem(t, refs, { who: 'lena' });
    const before = [await books(refs.consigner.ava.id), await books(refs.consigner.lena.id)];
    const { sale } = result(await sell(cashier, { lines: [{ inventoryId: a.id }, { inventoryId: b.id }], paymentMethod: 'cash' }));
    const res = await post(`/api/sales/${sale.id}/undo`, cashier);
    expect(res.statusCode).toBe(200);
    const undone = json<{ data: { message: string; sale: Sale } }>(res).data;
    expect(undone.message).toBe(`Sale ${sale.name} undone; its items are back on sale`);
    expect(undone.sale).toMatchObject({ status: 'undone', canUndo: false });
    expect(undone.sale.lines.every((l) => !l.active && l.itemStatus === 'Active')).toBe(true);
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Active', orderId: null, soldOn: null });
    expect((await logsOf(t, a.id)).at(-1)?.modifiedFields).toEqual(expect.arrayContaining([{ variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Active' }]));
    const entries = await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, sale.id);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect(entries.map((e) => e.kind).sort()).toEqual(['fee', 'fee', 'fee_undone', 'fee_undone', 'sale', 'sale', 'sale_undone', 'sale_undone']);
    expect([await books(refs.consigner.ava.id), await books(refs.consigner.lena.id)]).toEqual(before);

    const twice = await post(`/api/sales/${sale.id}/undo`, cashier);
    expect(twice.statusCode).toBe(409);
    expect(json(twice).error).toBe(`Sale ${sale.name} is already undone`);
    // the items sell again
    expect((await sell(cashier, { lines: [{ inventoryId: a.id }], paymentMethod: 'cash' })).statusCode).toBe(201);
  });

  it('undoes a sale once when two undos arrive at once', async () => {
    const { sale } = result(await sell(owner, { lines: [{ inventoryId: (await makeItem(t, refs)).id }], paymentMethod: 'cash' }));
    const both = await Promise.all([post(`/api/sales/${sale.id}/undo`, owner), post(`/api/sales/${sale.id}/undo`, cashier)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, sale.id)).toHaveLength(4);
  });

  it('refuses once an item is paid out or in a payout', async () => {
    const [paidItem] = await t.ctx.db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, refs.store.id), eq(s.inventoryItems.status, 'Paid'))).limit(1);
    const res = await post(`/api/sales/${paidItem.orderId}/undo`, owner);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe(`Cannot undo this sale: ${paidItem.code} is already paid out to its consigner`);
    const shown = json<{ data: Sale }>(await get(`/api/sales/${paidItem.orderId}`, owner)).data;
    expect(shown).toMatchObject({ canUndo: false, undoBlockedReason: json(res).error });

    // Sold but already in a payout (not yet marked paid)
    const a = await makeItem(t, refs, { who: 'ava' });
    const { sale } = result(await sell(owner, { lines: [{ inventoryId: a.id }], paymentMethod: 'cash' }));
    const [payout] = await t.ctx.db.insert(s.payouts).values({ storeId: refs.store.id, name: 'PO-TEST-1' }).returning();
    await t.ctx.db.insert(s.payoutItems).values({ storeId: refs.store.id, payoutId: payout.id, inventoryId: a.id, consignerId: refs.consigner.ava.id, amount: a.total });
    expect((await post(`/api/sales/${sale.id}/undo`, owner)).statusCode).toBe(409);
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Sold' });
    expect(json<{ data: Sale }>(await get(`/api/sales/${sale.id}`, owner)).data).toMatchObject({ canUndo: false, undoBlockedReason: `Cannot undo this sale: ${a.code} is already paid out to its consigner` });
    await t.ctx.db.delete(s.payoutItems).where(eq(s.payoutItems.inventoryId, a.id));
  });

  it('is for staff with Orders access of the store', async () => {
    const { sale } = result(await sell(owner, { lines: [{ inventoryId: (await makeItem(t, refs)).id }], paymentMethod: 'cash' }));
    expect((await post(`/api/sales/${sale.id}/undo`, ava)).statusCode).toBe(403);
    expect((await post(`/api/sales/${sale.id}/undo`, stock)).statusCode).toBe(403);
    expect((await post(`/api/sales/${sale.id}/undo`, other.token, undefined, other.host)).statusCode).toBe(404);
    expect((await get(`/api/sales/${sale.id}`, other.token, other.host)).statusCode).toBe(404);
    expect((await post('/api/sales/not-an-id/undo', owner)).statusCode).toBe(400);
    expect((await post(`/api/sales/${crypto.randomUUID()}/undo`, owner)).statusCode).toBe(404);
    expect((await get(`/api/sales/${sale.id}`, owner)).json()).toMatchObject({ data: { status: 'open' } });
  });
});

describe('GET /api/sales', () => {
  it('lists the newest counter sales with their item count, for Orders staff only', async () => {
    const { sale } = result(await sell(cashier, { lines: [{ inventoryId: (await makeItem(t, refs)).id }, { inventoryId: (await makeItem(t, refs)).id }], paymentMethod: 'other', customerName: 'Riley' }));
    const res = await get('/api/sales', cashier);
    expect(res.statusCode).toBe(200);
    const { rows } = json<{ data: { rows: { id: string; itemCount: number; customerName: string | null; paymentMethod: string; status: string }[] } }>(res).data;
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(rows[0]).toMatchObject({ id: sale.id, itemCount: 2, customerName: 'Riley', paymentMethod: 'other', status: 'open' });
    expect((await get('/api/sales', stock)).statusCode).toBe(403);
    expect((await get('/api/sales', ava)).statusCode).toBe(403);
    expect(json<{ data: { rows: unknown[] } }>(await get('/api/sales', other.token, other.host)).data.rows).toEqual([]);
  });
});

describe('POST /api/sales/{id}/receipt', () => {
  it('e-mails the receipt, three times per address in 15 minutes, then 429', async () => {
    const { sale } = result(await sell(owner, { lines: [{ inventoryId: (await makeItem(t, refs)).id }], paymentMethod: 'cash' }));
    for (let i = 0; i < 3; i += 1) {
      const res = await post(`/api/sales/${sale.id}/receipt`, cashier, { email: 'Receipts@Example.test' });
      expect(res.statusCode).toBe(200);
      expect(json<{ data: { message: string } }>(res).data.message).toBe('Receipt sent to Receipts@Example.test');
    }
    const limited = await post(`/api/sales/${sale.id}/receipt`, cashier, { email: 'receipts@example.test' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error).toMatch(/^Too many receipts were sent to this address\. Try again in \d+ minutes?\.$/);
    expect((await post(`/api/sales/${sale.id}/receipt`, cashier, { email: 'nope' })).statusCode).toBe(400);
    expect((await post(`/api/sales/${sale.id}/receipt`, stock, { email: 'a@example.test' })).statusCode).toBe(403);
    expect((await post(`/api/sales/${sale.id}/receipt`, other.token, { email: 'a@example.test' }, other.host)).statusCode).toBe(404);
    // a sale to a limited address is still recorded; its receipt is not sent
    const more = result(await sell(owner, { lines: [{ inventoryId: (await makeItem(t, refs)).id }], paymentMethod: 'cash', customerEmail: 'receipts@example.test' }));
    expect(more).toMatchObject({ created: true, receipt: 'limited' });
  });
});

describe('money that reconciles', () => {
  it('keeps every consigner’s ledger equal to the report after sales, undos and an early withdrawal fee', async () => {
    const item = await makeItem(t, refs, { who: 'marco', status: 'Active' });
    const res = await post('/api/inventories/withdrawInventory', owner, { id: item.id, isWithdrawnEarly: true, withdrawalFee: 12.5 });
    expect(res.statusCode).toBe(200);
    const [entry] = await t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.inventoryId, item.id), eq(s.ledgerEntries.kind, 'withdrawal_fee')));
    expect(entry).toMatchObject({ amount: -1250, consignerId: refs.consigner.marco.id });
    await expectBooksReconcile();
    // the store as a whole: every balance together is the store's Pending Payout
    const all = [...(await ledgerRepository.balances(t.ctx.db, refs.store.id)).values()].reduce((a, b) => a + b, 0);
    const store = json<{ data: { totalPending: number } }>(await get('/api/consigners/consignerReport', owner)).data;
    expect(toMajor(all)).toBe(store.totalPending);
  });

  it('undoSale as a service reverses a sale made by an import too', async () => {
    const a = await makeItem(t, refs, { who: 'lena' });
    const { order } = await recordSale(t.ctx, refs.store, importer, { source: 'linnworks', externalId: 'LW-UNDO', financialStatus: 'paid', lines: [{ inventoryId: a.id }] });
    await undoSale(t.ctx, refs.store, importer, order.id);
    expect(await itemRow(t, a.id)).toMatchObject({ status: 'Active' });
    await expectBooksReconcile();
  });

  it('writes nothing to the seller’s ledger when the store resells an item it bought (its seller is paid by the buying payout)', async () => {
    const bought = await makeItem(t, refs, { who: 'lena', paymentType: 'cash' });
    const before = await books(refs.consigner.lena.id);
    const { order } = await recordSale(t.ctx, refs.store, importer, { source: 'counter', financialStatus: 'paid', paymentMethod: 'card', lines: [{ inventoryId: bought.id }] });
    expect(await itemRow(t, bought.id)).toMatchObject({ status: 'Sold', orderId: order.id });
    expect(await ledgerRepository.entriesOfOrder(t.ctx.db, refs.store.id, order.id)).toEqual([]);
    const after = await books(refs.consigner.lena.id);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.report).toEqual(before.report);
  });
});
