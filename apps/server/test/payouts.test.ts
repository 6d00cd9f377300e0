// The payouts API (docs/payouts.md): pay, list, detail, mark paid, export, cheques; the money invariants
// (property test), the races (two pays, two mark-paids at once) and the ledger against the report.
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHEQUE_LIMIT_MINOR, toMajor } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { settleConfirmedShares } from '../src/modules/payouts/payouts.service.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

const autoPayout = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('../src/modules/payouts/automated/auto-payout.ts', () => ({
  startAutoPayout: async (_ctx: unknown, _storeId: string, payoutId: string) => {
    autoPayout.calls.push(payoutId);
  },
}));

type Cheque = { id: string; consignerId: string; amount: number; status: string; sequence: number; provider: string };
type Share = { consignerId: string; name: string; total: number; itemCount: number; status: string; provider: string; automated: boolean; cheques: Cheque[]; bankDetails: Record<string, unknown> };
type Payout = { id: string; name: string; status: string; total: number; itemCount: number; provider: string; automated: boolean; action: string; consigners: Share[] };
type Item = { id: string; consignerId: string; total: number; status: string; bought: boolean };
type Detail = { payout: Omit<Payout, 'consigners'> & { consigners: (Share & { inventories: Item[] })[] }; inventories: Item[] };

let t: TestApp;
let refs: DemoRefs;
let owner: string; // Admin, every area
let clerk: string; // Employee with Orders only
let stock: string; // Employee with Inventory only
let ava: string; // consigner
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  clerk = await staff(t, refs.store.id, 'clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const pay = (ids: string[], token = owner, host?: string) => post('/api/payouts/pay', token, { inventoriesToPay: ids, consignersAndInventories: [] }, host);
const detail = async (id: string, token = owner) => json<{ data: Detail }>(await get(`/api/payouts/${id}`, token)).data;

let serial = 0;
/** A consigner of the demo store, paid by bank unless said otherwise. */
async function consigner(opts: { payoutType?: string; storeAccount?: boolean } = {}) {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({
      storeId: refs.store.id,
      firstName: `Payee${String(serial).padStart(4, '0')}`,
      lastName: 'Test',
      email: `payee${serial}@payouts.test`,
      isActive: true,
      acceptedTOS: true,
      isStoreAccount: opts.storeAccount ?? false,
      payoutType: opts.payoutType ?? 'Bank',
      bankData: opts.payoutType === 'PayPal' ? { email: `payee${serial}@paypal.test` } : { accountName: `Payee ${serial}`, accountNumber: `0001234${serial}`, bank: 'Demo Bank' },
    })
    .returning();
  return row;
}

/** A sold item of a consigner owed `total` (minor units), with the ledger entries a sale writes. */
async function soldItem(consignerId: string, total: number, opts: { price?: number } = {}) {
  const price = opts.price ?? total + 1000;
  const item = await makeItem(t, refs, { status: 'Sold', consignerId, price, payout: total, payoutFee: price - total, total, soldOn: new Date('2026-10-20T10:00:00Z'), ledger: false });
  await ledgerRepository.append(t.ctx.db, [
    { storeId: refs.store.id, consignerId, kind: 'sale', amount: price, inventoryId: item.id },
    { storeId: refs.store.id, consignerId, kind: 'fee', amount: total - price, inventoryId: item.id },
  ]);
  return item;
}

/** Many sold items at once (one insert each for the items and their sale entries). */
async function soldItems(plan: { consignerId: string; total: number }[]) {
  const items = await t.ctx.db
    .insert(s.inventoryItems)
    .values(
      plan.map((p) => ({
        storeId: refs.store.id,
        code: `PT${crypto.randomBytes(5).toString('hex')}`,
        productId: refs.sneaker.id,
        consignerId: p.consignerId,
        sku: refs.sneaker.sku,
        title: refs.sneaker.title,
        status: 'Sold',
        price: p.total + 1000,
        payout: p.total,
        payoutFee: 1000,
        total: p.total,
        soldOn: new Date('2026-10-20T10:00:00Z'),
      })),
    )
    .returning();
  await ledgerRepository.append(
    t.ctx.db,
    items.flatMap((i) => [
      { storeId: refs.store.id, consignerId: i.consignerId, kind: 'sale' as const, amount: i.price, inventoryId: i.id },
      { storeId: refs.store.id, consignerId: i.consignerId, kind: 'fee' as const, amount: i.total - i.price, inventoryId: i.id },
    ]),
  );
  return items;
}

/** The payout's rows as stored: the invariants are checked on the database, not on the answer. */
async function stored(payoutId: string) {
  const [payout] = await t.ctx.db.select().from(s.payouts).where(eq(s.payouts.id, payoutId));
  const items = await t.ctx.db.select().from(s.payoutItems).where(eq(s.payoutItems.payoutId, payoutId));
  const cheques = await t.ctx.db.select().from(s.cheques).where(eq(s.cheques.payoutId, payoutId));
  return { payout, items, cheques };
}

function expectInvariants(st: Awaited<ReturnType<typeof stored>>) {
  const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
  expect(sum(st.items)).toBe(st.payout.total);
  expect(sum(st.cheques)).toBe(st.payout.total);
  expect(st.items.length).toBe(st.payout.itemCount);
  for (const consignerId of new Set(st.items.map((i) => i.consignerId))) {
    const owed = sum(st.items.filter((i) => i.consignerId === consignerId));
    const mine = st.cheques.filter((c) => c.consignerId === consignerId);
    expect(sum(mine)).toBe(owed);
    expect(mine.length).toBe(Math.ceil(owed / CHEQUE_LIMIT_MINOR));
    expect(mine.every((c) => c.amount > 0 && c.amount <= CHEQUE_LIMIT_MINOR)).toBe(true);
    expect(mine.map((c) => c.sequence).sort((a, b) => a - b)).toEqual(mine.map((_, k) => k + 1));
  }
}

describe('POST /api/payouts/pay', () => {
  it('makes PO-1002 of ready items grouped per consigner, with their cheques, and opens it', async () => {
    const [a, b] = [await consigner(), await consigner({ payoutType: 'PayPal' })];
    const items = [await soldItem(a.id, 150_000), await soldItem(a.id, 120_000), await soldItem(b.id, 4_550)];
    const res = await pay(items.map((i) => i.id));
    expect(res.statusCode).toBe(201);
    const created = json<{ data: { id: string; name: string; status: string; total: number; inventories: string[] } }>(res).data;
    expect(created).toMatchObject({ name: 'PO-1002', status: 'Pending', total: 2745.5 });
    expect(created.inventories.sort()).toEqual(items.map((i) => i.id).sort());
    expectInvariants(await stored(created.id));

    const d = await detail(created.id);
    expect(d.payout).toMatchObject({ name: 'PO-1002', status: 'Pending', total: 2745.5, itemCount: 3, provider: 'manual', automated: false, action: 'markPaid' });
    const shareA = d.payout.consigners.find((c) => c.consignerId === a.id)!;
    expect(shareA).toMatchObject({ total: 2700, itemCount: 2, status: 'Pending', provider: 'manual', automated: false });
    expect(shareA.cheques.map((c) => c.amount)).toEqual([2000, 700]);
    expect(shareA.inventories.map((i) => i.id).sort()).toEqual([items[0].id, items[1].id].sort());
    expect(shareA.bankDetails).toMatchObject({ payoutType: 'Bank', accountNumber: a.bankData!.accountNumber, masked: false });
    expect(d.payout.consigners.find((c) => c.consignerId === b.id)!.cheques.map((c) => c.amount)).toEqual([45.5]);
    expect(d.inventories).toHaveLength(3);
    expect(autoPayout.calls).not.toContain(created.id);

    // the items left Ready to Pay, each with its log entry
    const ready = json<{ data: { rows: { id: string }[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${a.id}`, owner)).data.rows;
    expect(ready).toEqual([]);
    expect((await itemRow(t, items[0].id))!.payoutId).toBe(created.id);
    expect((await logsOf(t, items[0].id)).at(-1)!.modifiedFields).toEqual([{ variableChanged: 'payoutId', beforeValue: null, afterValue: created.id }]);

    // the next one is PO-1003
    const next = json<{ data: { name: string } }>(await pay([(await soldItem(a.id, 100)).id])).data;
    expect(next.name).toBe('PO-1003');
  });

  it('refuses nothing selected, bad ids and too many, with the spec message', async () => {
    for (const body of [{ inventoriesToPay: [] }, {}, { inventoriesToPay: null }]) {
      const res = await post('/api/payouts/pay', owner, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe('Please select at least 1 item');
    }
    expect((await pay(['not-an-id'])).statusCode).toBe(400);
    expect((await post('/api/payouts/pay', owner, { inventoriesToPay: Array.from({ length: 5001 }, () => crypto.randomUUID()) })).statusCode).toBe(400);
    expect((await post('/api/payouts/pay', owner, { inventoriesToPay: 'x'.repeat(50) })).statusCode).toBe(400);
  });

  it('takes item objects as the old client sent them, and the same item twice once', async () => {
    const a = await consigner();
    const item = await soldItem(a.id, 5000);
    const res = await post('/api/payouts/pay', owner, { inventoriesToPay: [{ id: item.id, title: 'x' }, item.id] });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { inventories: string[]; total: number } }>(res).data).toMatchObject({ inventories: [item.id], total: 50 });
  });

  it('refuses items not ready (unsold, in a payout), store-account items, and leaves nothing behind', async () => {
    const a = await consigner();
    const sold = await soldItem(a.id, 1000);
    const active = await makeItem(t, refs, { consignerId: a.id, status: 'Active' });
    const pendingSale = await makeItem(t, refs, { consignerId: a.id, status: 'PendingSale' });
    const before = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.payouts))[0].n;
    for (const [ids, status, error] of [
      [[sold.id, active.id], 409, `Item ${active.code} is not ready to pay (it is Active)`],
      [[pendingSale.id], 409, `Item ${pendingSale.code} is not ready to pay (it is PendingSale)`],
    ] as const) {
      const res = await pay([...ids]);
      expect(res.statusCode).toBe(status);
      expect(json(res).error).toBe(error);
    }
    const storeItem = await makeItem(t, refs, { who: 'store', status: 'Sold' });
    const res = await pay([storeItem.id]);
    expect(res.statusCode).toBe(422);
    expect((await itemRow(t, sold.id))!.payoutId).toBeNull();
    expect((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.payouts))[0].n).toBe(before);

    expect((await pay([sold.id])).statusCode).toBe(201);
    const again = await pay([sold.id]);
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe(`Item ${sold.code} is already in a payout`);
  });

  it('pays the demo’s sold items and refuses its already paid ones', async () => {
    const paid = (await t.ctx.db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, refs.store.id), eq(s.inventoryItems.status, 'Paid'))))[0];
    expect((await pay([paid.id])).statusCode).toBe(409);
  });

  it('pays a bought item owed to its consigner as a Buying payout; its Pay marks it paid, the item stays in stock', async () => {
    const seller = await consigner();
    const bought = await makeItem(t, refs, { consignerId: seller.id, status: 'Active', buyingId: crypto.randomUUID(), paymentType: 'cash', price: 8000, payout: 8000, payoutFee: 0, total: 8000 });
    const ready = json<{ data: { rows: { id: string }[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${seller.id}`, owner)).data.rows;
    expect(ready.map((r) => r.id)).toEqual([bought.id]);
    const created = json<{ data: { id: string; status: string } }>(await pay([bought.id])).data;
    expect(created.status).toBe('Buying');
    expect(json<{ data: { rows: unknown[] } }>(await get(`/api/inventories/ordersPayoutInventories?consigner=${seller.id}`, owner)).data.rows).toEqual([]);
    const d = await detail(created.id);
    expect(d.payout).toMatchObject({ status: 'Buying', action: 'pay' });
    expect(d.inventories[0]).toMatchObject({ bought: true, total: 80 });

    const res = await post(`/api/payouts/paid/${created.id}`, owner, {});
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { payout: Payout } }>(res).data.payout).toMatchObject({ status: 'Paid', action: 'none' });
    expect((await itemRow(t, bought.id))!.status).toBe('Active');
    expect(await ledgerRepository.sumsByKind(t.ctx.db, refs.store.id, seller.id)).toEqual({ sale: 8000, payout: -8000 });
  });

  it('needs Orders access; consigners are refused', async () => {
    const item = await soldItem((await consigner()).id, 100);
    for (const token of [stock, ava]) {
      const res = await pay([item.id], token);
      expect(res.statusCode).toBe(403);
    }
    expect((await itemRow(t, item.id))!.payoutId).toBeNull();
  });

  it('answers 404 for another store’s items, paying none', async () => {
    const item = await soldItem((await consigner()).id, 100);
    const res = await pay([item.id], other.token, other.host);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Item not found');
    expect((await pay([item.id, crypto.randomUUID()])).statusCode).toBe(404);
    expect((await itemRow(t, item.id))!.payoutId).toBeNull();
  });
});

describe('invariants', () => {
  it('a payout’s total = the sum of its items’ payouts = the sum of its cheques; ceil(total / 2,000) cheques per consigner', async () => {
    const payees = await Promise.all(Array.from({ length: 4 }, () => consigner()));
    await fc.assert(
      fc.asyncProperty(
        // items: which consigner, what it pays (around the 2,000 cheque limit, zero included)
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 3 }), total: fc.oneof(fc.integer({ min: 0, max: 250_000 }), fc.constantFrom(0, 1, 199_999, 200_000, 200_001, 400_000)) }), { minLength: 1, maxLength: 12 }),
        async (plan) => {
          const items = await soldItems(plan.map((p) => ({ consignerId: payees[p.who].id, total: p.total })));
          const res = await pay(items.map((i) => i.id));
          expect(res.statusCode).toBe(201);
          const created = json<{ data: { id: string; total: number } }>(res).data;
          const st = await stored(created.id);
          expectInvariants(st);
          expect(st.payout.total).toBe(plan.reduce((a, p) => a + p.total, 0));
          expect(created.total).toBe(toMajor(st.payout.total));
          // the answer says the same as the database
          const d = await detail(created.id);
          expect(d.payout.consigners.reduce((a, c) => a + c.total, 0)).toBeCloseTo(created.total, 2);
          for (const share of d.payout.consigners) expect(share.cheques.reduce((a, c) => a + Math.round(c.amount * 100), 0)).toBe(Math.round(share.total * 100));
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it('two payouts at once over the same items: one 201, one 409, nothing in two payouts', async () => {
    const a = await consigner();
    const items = await Promise.all(Array.from({ length: 6 }, (_, k) => soldItem(a.id, 10_000 * (k + 1))));
    const ids = items.map((i) => i.id);
    const results = await Promise.all([pay(ids), pay([...ids].reverse(), clerk)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db.select().from(s.payoutItems).where(inArray(s.payoutItems.inventoryId, ids));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.payoutId)).size).toBe(1);
    expect(await t.ctx.db.select().from(s.cheques).where(eq(s.cheques.consignerId, a.id))).toHaveLength(2);
  });

  it('the database refuses an item in a second payout (409 if ever reached)', async () => {
    const a = await consigner();
    const item = await soldItem(a.id, 500);
    const first = json<{ data: { id: string } }>(await pay([item.id])).data;
    const [second] = await t.ctx.db.insert(s.payouts).values({ storeId: refs.store.id, name: 'PO-manual-test' }).returning();
    await expect(t.ctx.db.insert(s.payoutItems).values({ storeId: refs.store.id, payoutId: second.id, inventoryId: item.id, consignerId: a.id, amount: 500 })).rejects.toThrow();
    expect((await stored(first.id)).items).toHaveLength(1);
    await t.ctx.db.delete(s.payouts).where(eq(s.payouts.id, second.id));
  });

  it('a consigner’s ledger after pay and paid matches the consigner report', async () => {
    const a = await consigner();
    const items = [await soldItem(a.id, 7_700, { price: 10_000 }), await soldItem(a.id, 250_000, { price: 300_000 }), await soldItem(a.id, 3_300, { price: 5_000 })];
    const unpaid = await soldItem(a.id, 1_000, { price: 1_500 });
    type Report = { totalSold: number; totalPaid: number; totalPending: number };
    const report = async () => {
      const { totalSold, totalPaid, totalPending } = json<{ data: Report }>(await get(`/api/consigners/consignerReport?consigner=${a.id}`, owner)).data;
      return { totalSold, totalPaid, totalPending };
    };
    const ledger = async () => {
      const sums = await ledgerRepository.sumsByKind(t.ctx.db, refs.store.id, a.id);
      const balance = (await ledgerRepository.balances(t.ctx.db, refs.store.id, [a.id])).get(a.id) ?? 0;
      return { totalSold: toMajor(sums.sale ?? 0), totalPaid: toMajor(0 - (sums.payout ?? 0)) || 0, totalPending: toMajor(balance) };
    };
    expect(await ledger()).toEqual(await report());

    const created = json<{ data: { id: string } }>(await pay(items.map((i) => i.id))).data;
    expect(await ledger()).toEqual(await report());
    const res = await post(`/api/payouts/paid/${created.id}`, clerk, { consignersInventoryToBeMarkedAsPaid: [a.id] });
    expect(res.statusCode).toBe(200);
    const after = await report();
    expect(after).toEqual({ totalSold: 3165, totalPaid: 2610, totalPending: 10 });
    expect(await ledger()).toEqual({ totalSold: after.totalSold, totalPaid: after.totalPaid, totalPending: after.totalPending });
    expect((await itemRow(t, unpaid.id))!.status).toBe('Sold');
  });
});

describe('a payout in the activity feed', () => {
  type Field = { variableChanged: string; beforeValue: unknown; afterValue: unknown; beforeLabel?: string | null; afterLabel?: string | null };
  const itemLogs = async (id: string) => json<{ data: { inventoryLogs: { modifiedFields: Field[] }[] } }>(await get(`/api/inventoryLogs/${id}`, owner)).data.inventoryLogs;

  it('names the payout an item was put in, and the payout its status changed to Paid in', async () => {
    const a = await consigner();
    const item = await soldItem(a.id, 4_000);
    const created = json<{ data: { id: string; name: string } }>(await pay([item.id])).data;
    const [joined] = await itemLogs(item.id);
    expect(joined.modifiedFields).toEqual([{ variableChanged: 'payoutId', beforeValue: null, afterValue: created.id, beforeLabel: null, afterLabel: created.name }]);

    expect((await post(`/api/payouts/paid/${created.id}`, owner)).statusCode).toBe(200);
    const [paid] = await itemLogs(item.id);
    expect(paid.modifiedFields).toEqual([
      { variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Paid' },
      { variableChanged: 'payoutId', beforeValue: created.id, afterValue: created.id, beforeLabel: created.name, afterLabel: created.name },
    ]);
  });
});

describe('POST /api/payouts/paid/{id}', () => {
  async function twoConsignerPayout() {
    const [a, b] = [await consigner(), await consigner()];
    const items = [await soldItem(a.id, 300_000), await soldItem(a.id, 500), await soldItem(b.id, 2_000)];
    const { id } = json<{ data: { id: string } }>(await pay(items.map((i) => i.id))).data;
    return { a, b, items, id };
  }
  const ledgerOf = (payoutId: string) => t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.payoutId, payoutId));

  it('marks one consigner’s share paid: items Paid with log entries, cheques Paid, ledger entries; Paid when all are', async () => {
    const { a, b, items, id } = await twoConsignerPayout();
    const res = await post(`/api/payouts/paid/${id}`, owner, { consignersInventoryToBeMarkedAsPaid: [{ consignerId: a.id, inventories: [] }] });
    expect(res.statusCode).toBe(200);
    const out = json<{ data: { payout: Payout; markedConsignerIds: string[]; markedItemCount: number } }>(res).data;
    expect(out).toMatchObject({ markedConsignerIds: [a.id], markedItemCount: 2 });
    expect(out.payout.status).toBe('Pending');
    expect(out.payout.consigners.find((c) => c.consignerId === a.id)!.status).toBe('Paid');
    expect(out.payout.consigners.find((c) => c.consignerId === b.id)!.status).toBe('Pending');
    expect((await itemRow(t, items[0].id))!.status).toBe('Paid');
    expect((await itemRow(t, items[2].id))!.status).toBe('Sold');
    expect((await logsOf(t, items[0].id)).at(-1)!.modifiedFields).toEqual([
      { variableChanged: 'status', beforeValue: 'Sold', afterValue: 'Paid' },
      { variableChanged: 'payoutId', beforeValue: id, afterValue: id },
    ]);
    expect((await ledgerOf(id)).map((e) => [e.consignerId, e.kind, e.amount]).sort()).toEqual([[a.id, 'payout', -300_000], [a.id, 'payout', -500]].sort());

    const all = await post(`/api/payouts/paid/${id}`, owner);
    expect(json<{ data: { payout: Payout; markedConsignerIds: string[] } }>(all).data).toMatchObject({ markedConsignerIds: [b.id], payout: { status: 'Paid', action: 'none' } });
    const st = await stored(id);
    expect(st.cheques.every((c) => c.status === 'Paid')).toBe(true);
    expect(st.payout.paidAt).not.toBeNull();
    expect(await ledgerOf(id)).toHaveLength(3);
  });

  it('sent twice, or twice at once, pays once', async () => {
    const { id } = await twoConsignerPayout();
    const results = await Promise.all([post(`/api/payouts/paid/${id}`, owner, {}), post(`/api/payouts/paid/${id}`, clerk, {})]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => json<{ data: { markedItemCount: number } }>(r).data.markedItemCount).sort()).toEqual([0, 3]);
    expect(await ledgerOf(id)).toHaveLength(3);
    const again = await post(`/api/payouts/paid/${id}`, owner, {});
    expect(json<{ data: { markedItemCount: number; payout: Payout } }>(again).data).toMatchObject({ markedItemCount: 0, payout: { status: 'Paid' } });
    expect(await ledgerOf(id)).toHaveLength(3);
  });

  it('refuses a consigner not in the payout, bad bodies, wrong roles and another store', async () => {
    const { id, items } = await twoConsignerPayout();
    expect((await post(`/api/payouts/paid/${id}`, owner, { consignersInventoryToBeMarkedAsPaid: [refs.consigner.ava.id] })).statusCode).toBe(404);
    expect((await post(`/api/payouts/paid/${id}`, owner, { consignersInventoryToBeMarkedAsPaid: ['nope'] })).statusCode).toBe(400);
    expect((await post(`/api/payouts/paid/${id}`, owner, { consignersInventoryToBeMarkedAsPaid: [{}] })).statusCode).toBe(400);
    expect((await post('/api/payouts/paid/not-an-id', owner, {})).statusCode).toBe(400);
    expect((await post(`/api/payouts/paid/${crypto.randomUUID()}`, owner, {})).statusCode).toBe(404);
    for (const token of [stock, ava]) expect((await post(`/api/payouts/paid/${id}`, token, {})).statusCode).toBe(403);
    expect((await post(`/api/payouts/paid/${id}`, other.token, {}, other.host)).statusCode).toBe(404);
    expect((await itemRow(t, items[0].id))!.status).toBe('Sold');
  });
});

describe('reading payouts', () => {
  let payoutId: string;
  let payee: typeof s.consigners.$inferSelect;
  beforeAll(async () => {
    payee = await consigner();
    const item = await makeItem(t, refs, { consignerId: payee.id, status: 'Sold', title: '=HYPERLINK("http://x","y")', total: 4_200, payout: 4_200 });
    payoutId = json<{ data: { id: string } }>(await pay([item.id])).data.id;
  });

  it('lists payouts newest first with their consigners, searched and filtered', async () => {
    const page = json<{ data: { rows: Payout[]; total: number } }>(await get('/api/payouts?pageSize=10', owner)).data;
    expect(page.rows).toHaveLength(10);
    expect(page.rows[0].id).toBe(payoutId);
    expect(page.rows[0].consigners).toMatchObject([{ consignerId: payee.id, total: 42, itemCount: 1, cheques: [{ amount: 42, status: 'Pending' }] }]);
    const byConsigner = json<{ data: { rows: Payout[]; total: number } }>(await get(`/api/payouts?consigner=${payee.id}`, owner)).data;
    expect(byConsigner.rows.map((p) => p.id)).toEqual([payoutId]);
    const byName = json<{ data: { rows: Payout[]; total: number } }>(await get(`/api/payouts?search=${encodeURIComponent(payee.firstName.toLowerCase())}`, owner)).data;
    expect(byName.rows.map((p) => p.id)).toEqual([payoutId]);
    const po = json<{ data: { rows: Payout[] } }>(await get('/api/payouts?search=PO-1001', owner)).data.rows;
    expect(po.map((p) => p.name)).toEqual(['PO-1001']);
    expect(po[0]).toMatchObject({ status: 'Paid' });
    expect(po[0].consigners.length).toBeGreaterThan(0);
    const paid = json<{ data: { rows: Payout[]; total: number } }>(await get('/api/payouts?status=Paid&pageSize=100', owner)).data;
    expect(paid.rows.every((p) => p.status === 'Paid')).toBe(true);
    expect((await get('/api/payouts?search=%25', owner)).json().data.total).toBe(0);
  });

  it('shows bank details in full to Admins, masked to other staff', async () => {
    const full = (await detail(payoutId)).payout.consigners[0].bankDetails;
    const masked = (await detail(payoutId, clerk)).payout.consigners[0].bankDetails;
    expect(full).toMatchObject({ accountNumber: payee.bankData!.accountNumber, masked: false });
    expect(masked).toMatchObject({ payoutType: 'Bank', masked: true, accountNumber: `••••${payee.bankData!.accountNumber!.slice(-4)}` });
  });

  it('refuses bad queries', async () => {
    expect((await get('/api/payouts?status=Bogus', owner)).statusCode).toBe(400);
    expect((await get('/api/payouts?pageSize=7', owner)).statusCode).toBe(400);
    expect((await get('/api/payouts?consigner=nope', owner)).statusCode).toBe(400);
    expect((await get(`/api/payouts?search=${'x'.repeat(201)}`, owner)).statusCode).toBe(400);
    expect((await get('/api/payouts/nope', owner)).statusCode).toBe(400);
  });

  it('gives the filter options: statuses with value and label, consigners with payouts', async () => {
    const options = json<{ data: { statuses: { value: string; label: string }[]; consigners: { value: string; label: string }[] } }>(await get('/api/payouts/filterOptions', clerk)).data;
    expect(options.statuses).toEqual([
      { value: 'Pending', label: 'Pending' },
      { value: 'Failed', label: 'Failed' },
      { value: 'Buying', label: 'Buying' },
      { value: 'Paid', label: 'Paid' },
    ]);
    expect(options.consigners).toContainEqual({ value: payee.id, label: `${payee.firstName} Test` });
  });

  it('lists a consigner’s payouts, their share only; a consigner sees their own only', async () => {
    const mine = json<{ data: { rows: { id: string; total: number; itemCount: number; statusLabel: string; inventories: Item[] }[]; total: number } }>(
      await get(`/api/payouts/consigner/${refs.consigner.ava.id}`, ava),
    ).data;
    expect(mine.rows.map((r) => r.statusLabel)).toEqual(['Paid']);
    expect(mine.rows[0].inventories.every((i) => i.consignerId === refs.consigner.ava.id)).toBe(true);
    expect(mine.rows[0].itemCount).toBe(mine.rows[0].inventories.length);
    expect((await get(`/api/payouts/consigner/${refs.consigner.marco.id}`, ava)).statusCode).toBe(404);
    const staffView = json<{ data: { rows: { id: string }[] } }>(await get(`/api/payouts/consigner/${payee.id}?status=Pending`, clerk)).data;
    expect(staffView.rows.map((r) => r.id)).toEqual([payoutId]);
    expect(json<{ data: { total: number } }>(await get(`/api/payouts/consigner/${payee.id}?status=Paid`, clerk)).data.total).toBe(0);
    expect((await get(`/api/payouts/consigner/${payee.id}`, stock)).statusCode).toBe(403);
    expect((await get(`/api/payouts/consigner/${payee.id}`, other.token, other.host)).statusCode).toBe(404);
  });

  it('answers the cheques of a payout', async () => {
    const cheques = json<{ data: Cheque[] }>(await get(`/api/cheques?payoutId=${payoutId}`, clerk)).data;
    expect(cheques).toMatchObject([{ consignerId: payee.id, amount: 42, status: 'Pending', sequence: 1, provider: 'manual' }]);
    expect((await get(`/api/cheques?payoutId=${payoutId}`, ava)).statusCode).toBe(404);
    expect((await get('/api/cheques', clerk)).statusCode).toBe(400);
    expect((await get(`/api/cheques?payoutId=${payoutId}`, other.token, other.host)).statusCode).toBe(404);
    expect((await get(`/api/cheques?payoutId=${payoutId}`, stock)).statusCode).toBe(403);
  });

  it('exports payout items through the one CSV writer, formulas neutralised', async () => {
    const { inventories } = await detail(payoutId);
    const res = await post('/api/payouts/export', clerk, { inventoriesToExport: inventories.map((i) => i.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, line] = res.body.trim().split('\n');
    expect(header).toBe('Payout,Payout status,Payout date,Consigner,Email,Payout type,Code,Title,SKU,Option 1,Option 2,Option 3,Price,Quantity,Payout,Item status,Sold on');
    expect(line).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(line).toContain(',42.00,Sold,');
    const whole = await post('/api/payouts/export', clerk, { payoutId });
    expect(whole.body).toBe(res.body);
    expect((await post('/api/payouts/export', clerk, { inventoriesToExport: [] })).statusCode).toBe(400);
    expect((await post('/api/payouts/export', clerk, { inventoriesToExport: [crypto.randomUUID()] })).statusCode).toBe(404);
    expect((await post('/api/payouts/export', other.token, { inventoriesToExport: inventories.map((i) => i.id) }, other.host)).statusCode).toBe(404);
    expect((await post('/api/payouts/export', stock, { payoutId })).statusCode).toBe(403);
  });

  it('needs Orders access to read; another store’s payout is not found', async () => {
    for (const url of ['/api/payouts', '/api/payouts/filterOptions', `/api/payouts/${payoutId}`]) {
      expect((await get(url, stock)).statusCode).toBe(403);
      expect((await get(url, ava)).statusCode).toBe(403);
    }
    expect((await get(`/api/payouts/${payoutId}`, other.token, other.host)).statusCode).toBe(404);
    expect(json<{ data: { total: number } }>(await get('/api/payouts', other.token, other.host)).data.total).toBe(0);
  });
});

describe('automated payouts', () => {
  beforeAll(async () => {
    await t.ctx.db.update(s.stores).set({ automatedPayout: true }).where(eq(s.stores.id, refs.store.id));
    await t.ctx.db.insert(s.storeIntegrations).values({ storeId: refs.store.id, kind: 'checkbook', enabled: true });
  });
  afterAll(async () => {
    await t.ctx.db.update(s.stores).set({ automatedPayout: false }).where(eq(s.stores.id, refs.store.id));
    await t.ctx.db.delete(s.storeIntegrations).where(eq(s.storeIntegrations.storeId, refs.store.id));
  });

  it('sends bank consigners through Checkbook, pays the others by hand, and hands the payout to the provider', async () => {
    const [bank, paypal] = [await consigner(), await consigner({ payoutType: 'PayPal' })];
    const items = [await soldItem(bank.id, 450_000), await soldItem(paypal.id, 1_000)];
    const { id } = json<{ data: { id: string } }>(await pay(items.map((i) => i.id))).data;
    expect(autoPayout.calls).toContain(id);
    const d = await detail(id);
    expect(d.payout).toMatchObject({ provider: 'checkbook', automated: true, action: 'autoInProgress', status: 'Pending' });
    const byId = new Map(d.payout.consigners.map((c) => [c.consignerId, c]));
    expect(byId.get(bank.id)).toMatchObject({ provider: 'checkbook', automated: true });
    expect(byId.get(bank.id)!.cheques.map((c) => [c.amount, c.provider])).toEqual([[2000, 'checkbook'], [2000, 'checkbook'], [500, 'checkbook']]);
    expect(byId.get(paypal.id)).toMatchObject({ provider: 'manual', automated: false });

    // the hand-paid share can be marked; the one in flight cannot
    const inFlight = await post(`/api/payouts/paid/${id}`, owner, { consignersInventoryToBeMarkedAsPaid: [bank.id] });
    expect(inFlight.statusCode).toBe(409);
    expect(json(inFlight).error).toBe('Auto payout is in progress, check back later.');
    const rest = json<{ data: { markedConsignerIds: string[]; payout: Payout } }>(await post(`/api/payouts/paid/${id}`, owner, {})).data;
    expect(rest).toMatchObject({ markedConsignerIds: [paypal.id], payout: { status: 'Pending' } });
    expect((await post(`/api/payouts/paid/${id}`, owner, {})).statusCode).toBe(409);

    // a failed auto payout may be marked paid by hand when named (paid another way)
    await t.ctx.db.update(s.cheques).set({ status: 'Failed', failureReason: 'insufficient funds' }).where(and(eq(s.cheques.payoutId, id), eq(s.cheques.consignerId, bank.id)));
    await t.ctx.db.update(s.payouts).set({ status: 'Failed' }).where(eq(s.payouts.id, id));
    expect((await detail(id)).payout).toMatchObject({ status: 'Failed', action: 'retryAutoPayout' });
    expect((await post(`/api/payouts/paid/${id}`, owner, {})).statusCode).toBe(409);
    const byHand = json<{ data: { payout: Payout } }>(await post(`/api/payouts/paid/${id}`, owner, { consignersInventoryToBeMarkedAsPaid: [bank.id] })).data;
    expect(byHand.payout.status).toBe('Paid');
  });

  it('keeps a Buying payout until its Pay, which hands the automated shares to the provider', async () => {
    const seller = await consigner();
    const bought = await makeItem(t, refs, { consignerId: seller.id, status: 'Active', buyingId: crypto.randomUUID(), paymentType: 'auto', price: 9000, payout: 9000, payoutFee: 0, total: 9000 });
    const { id } = json<{ data: { id: string } }>(await pay([bought.id])).data;
    expect(autoPayout.calls).not.toContain(id);
    expect((await detail(id)).payout).toMatchObject({ status: 'Buying', provider: 'checkbook', action: 'pay' });
    const out = json<{ data: { sentConsignerIds: string[]; payout: Payout } }>(await post(`/api/payouts/paid/${id}`, owner, {})).data;
    expect(out).toMatchObject({ sentConsignerIds: [seller.id], payout: { status: 'Pending', action: 'autoInProgress' } });
    expect(autoPayout.calls).toContain(id);

    // the provider confirms the share (what the auto payout calls): settled once, the payout Paid
    const confirm = () => t.ctx.db.transaction((tx) => settleConfirmedShares(tx, refs.store.id, id, [seller.id], { id: 'provider', name: 'Checkbook' }));
    expect((await confirm())!.status).toBe('Paid');
    await confirm();
    expect(await ledgerRepository.sumsByKind(t.ctx.db, refs.store.id, seller.id)).toEqual({ sale: 9000, payout: -9000 });
  });

  it('pays a share with an item bought for cash by hand', async () => {
    const seller = await consigner();
    const bought = await makeItem(t, refs, { consignerId: seller.id, status: 'Active', buyingId: crypto.randomUUID(), paymentType: 'cash', price: 9000, payout: 9000, payoutFee: 0, total: 9000 });
    const { id } = json<{ data: { id: string } }>(await pay([bought.id])).data;
    expect((await detail(id)).payout).toMatchObject({ provider: 'manual', automated: false, action: 'pay' });
  });
});
