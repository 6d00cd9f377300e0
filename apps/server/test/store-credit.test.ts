// Store credit (docs/consigner-account.md "Store credit"): a payout taken as credit with the store's
// bonus, the credit spent at the counter (never beyond the balance, one winner per cent when spends
// race), the consigner's card in the portal, and who may do what.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeCreditCodeOf } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

type Movement = { kind: string; label: string; amount: number; memo: string | null; payoutId: string | null; orderId: string | null };
type Credit = { consignerId: string; code: string; balance: number; bonusPercent: number; paidAsCredit: boolean; movements: Movement[]; movementCount: number };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let clerk: string; // Orders only
let stock: string; // Inventory only
let ava: string;
let marco: string;
let other: Awaited<ReturnType<typeof otherStore>>;
let stranger: string; // a consigner of the other store

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  clerk = await staff(t, refs.store.id, 'credit-clerk@demo.backroom.test', { areas: ['Orders'] });
  other = await otherStore(t);
  const [row] = await t.ctx.db.insert(s.consigners).values({ storeId: other.store.id, firstName: 'Sam', lastName: 'Stranger', email: 'sam@other.test', isActive: true }).returning();
  stranger = row.id;
}, 60_000);
afterAll(async () => t.close());

const avaId = () => refs.consigner.ava.id;
const get = (url: string, token?: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token?: string, body?: unknown, host?: string) => t.request({ method: 'POST', url, token, body, host });
const credit = async (id = avaId(), token = owner) => {
  const res = await get(`/api/payouts/consigner/${id}/credit`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Credit }>(res).data;
};
const sellWithCredit = (inventoryIds: string[], consignerId = avaId(), saleKey?: string, token = clerk) =>
  post('/api/sales', token, { lines: inventoryIds.map((inventoryId) => ({ inventoryId })), paymentMethod: 'store_credit', creditConsignerId: consignerId, saleKey });
const activeItem = async (price: number) => (await makeItem(t, refs, { who: 'marco', status: 'Active', price, payout: Math.floor(price * 0.7), payoutFee: price - Math.floor(price * 0.7), total: Math.floor(price * 0.7) })).id;

/** Ava's slate wiped (her sold items paid earlier, her ledger gone), her payout option set. */
async function resetAva(payoutType = 'Store credit', bonus = 20) {
  await t.ctx.db.update(s.stores).set({ storeCreditBonus: bonus }).where(eq(s.stores.id, refs.store.id));
  await t.ctx.db.update(s.consigners).set({ payoutType }).where(eq(s.consigners.id, avaId()));
  await t.ctx.db.delete(s.payoutRequests).where(eq(s.payoutRequests.storeId, refs.store.id));
  const sold = await t.ctx.db
    .select({ id: s.inventoryItems.id })
    .from(s.inventoryItems)
    .where(and(eq(s.inventoryItems.storeId, refs.store.id), eq(s.inventoryItems.consignerId, avaId()), inArray(s.inventoryItems.status, ['Sold'])));
  if (sold.length) await t.ctx.db.update(s.inventoryItems).set({ status: 'Paid' }).where(inArray(s.inventoryItems.id, sold.map((r) => r.id)));
  await t.ctx.db.delete(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, refs.store.id), eq(s.ledgerEntries.consignerId, avaId())));
}

/** A sold item of Ava's owing `total` minor units (the sale and fee entries a sale writes). */
async function avaSold(total: number) {
  const price = total + 1000;
  const item = await makeItem(t, refs, { status: 'Sold', price, payout: total, payoutFee: 1000, total, soldOn: new Date(), ledger: false });
  await t.ctx.db.insert(s.ledgerEntries).values([
    { storeId: refs.store.id, consignerId: avaId(), kind: 'sale', amount: price, inventoryId: item.id },
    { storeId: refs.store.id, consignerId: avaId(), kind: 'fee', amount: total - price, inventoryId: item.id },
  ]);
  return item;
}

/** Ava's credit made the way it is made: a payout of a sold item of hers taken as credit. */
async function avaCredit(totalMinor: number, bonus = 0) {
  await resetAva('Store credit', bonus);
  const item = await avaSold(totalMinor);
  const paid = await post('/api/payouts/pay', clerk, { inventoriesToPay: [item.id] });
  expect(paid.statusCode, paid.body).toBe(201);
}

const ledgerOf = async (consignerId = avaId()) =>
  t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.storeId, refs.store.id), eq(s.ledgerEntries.consignerId, consignerId)));
const sumOf = (rows: { kind: string; amount: number }[], kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((a, r) => a + r.amount, 0);

beforeEach(async () => resetAva());

describe('a payout taken as store credit', () => {
  it('moves the balance to the credit with the store bonus, settled at once (preview says so)', async () => {
    const item = await avaSold(10_000);
    const preview = json<{ data: { consigners: { consignerId: string; total: number; storeCredit?: boolean; creditBonus?: number }[] } }>(
      await post('/api/payouts/preview', clerk, { inventoriesToPay: [item.id] }),
    ).data;
    expect(preview.consigners[0]).toMatchObject({ consignerId: avaId(), total: 100, storeCredit: true, creditBonus: 20 });

    const res = await post('/api/payouts/pay', clerk, { inventoriesToPay: [item.id] });
    expect(res.statusCode, res.body).toBe(201);
    const made = json<{ data: { id: string; name: string; status: string; total: number } }>(res).data;
    expect(made).toMatchObject({ status: 'Paid', total: 100 });

    const rows = await ledgerOf();
    expect(sumOf(rows, ['payout'])).toBe(-10_000);
    expect(rows.find((r) => r.kind === 'store_credit')).toMatchObject({ amount: 10_000, payoutId: made.id, memo: `Payout ${made.name} taken as store credit` });
    expect(rows.find((r) => r.kind === 'store_credit_bonus')).toMatchObject({ amount: 2000, payoutId: made.id, memo: `Store bonus of 20% on payout ${made.name}` });
    const [paidItem] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
    expect(paidItem.status).toBe('Paid');

    // the balance the store owes is 0 (report and statement); the credit is its own account
    const report = json<{ data: { totalPending: number; totalPaid: number } }>(await get(`/api/consigners/consignerReport?consigner=${avaId()}`, owner)).data;
    expect(report).toMatchObject({ totalPending: 0, totalPaid: 100 });
    const account = json<{ data: { payable: number } }>(await get(`/api/payouts/consigner/${avaId()}/account`, ava)).data;
    expect(account.payable).toBe(0);
    const mine = await credit(avaId(), ava);
    expect(mine).toMatchObject({ balance: 120, bonusPercent: 20, paidAsCredit: true, code: storeCreditCodeOf(avaId()), movementCount: 2 });
    expect(mine.movements.map((m) => m.kind).sort()).toEqual(['store_credit', 'store_credit_bonus']);

    // Ava is told, by her payout preference: the payout e-mail says it was taken as credit, with the bonus
    const [mail] = await t.ctx.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.storeId, refs.store.id), sql`${s.outbox.text} like ${`%Payout ${made.name}:%`}`));
    expect(mail?.text).toContain(`Payout ${made.name}: $100.00 for an item, taken as store credit with a store bonus of $20.00`);
  });

  it('counts the bonus in the dashboard’s cost and profit of the day it was granted (the store’s cost)', async () => {
    type Card = { key: string; value: number };
    type Dashboard = { cards: Card[]; daily: { day: string; profit: number }[] };
    const dashboard = async () => json<{ data: Dashboard }>(await get('/api/dashboard', owner)).data;
    const card = (d: Dashboard, key: string) => d.cards.find((c) => c.key === key)!.value;
    const today = new Date().toISOString().slice(0, 10);
    const item = await avaSold(10_000);
    const before = await dashboard();
    const paid = await post('/api/payouts/pay', clerk, { inventoriesToPay: [item.id] });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = await dashboard();
    expect(card(after, 'cost') - card(before, 'cost')).toBeCloseTo(20, 2);
    expect(card(before, 'profit') - card(after, 'profit')).toBeCloseTo(20, 2);
    const profitOn = (d: Dashboard) => d.daily.find((x) => x.day === today)!.profit;
    expect(profitOn(before) - profitOn(after)).toBeCloseTo(20, 2);
  });

  it('writes no bonus entry with a bonus of 0, and a consigner paid by bank gets no credit', async () => {
    await resetAva('Store credit', 0);
    const item = await avaSold(5000);
    expect((await post('/api/payouts/pay', clerk, { inventoriesToPay: [item.id] })).statusCode).toBe(201);
    expect((await ledgerOf()).filter((r) => r.kind.startsWith('store_credit')).map((r) => [r.kind, r.amount])).toEqual([['store_credit', 5000]]);

    await resetAva('Bank', 20);
    const cash = await avaSold(5000);
    const res = await post('/api/payouts/pay', clerk, { inventoriesToPay: [cash.id] });
    expect(json<{ data: { status: string } }>(res).data.status).toBe('Pending');
    expect((await ledgerOf()).filter((r) => r.kind.startsWith('store_credit'))).toHaveLength(0);
    expect((await credit()).balance).toBe(0);
  });
});

describe('spending store credit at the counter', () => {
  it('pays a sale from the credit, and an undo gives it back', async () => {
    await avaCredit(10_000, 20); // 120.00
    const itemId = await activeItem(5000);
    const res = await sellWithCredit([itemId]);
    expect(res.statusCode, res.body).toBe(201);
    const sale = json<{ data: { sale: { id: string; name: string; paymentMethod: string; total: number } } }>(res).data.sale;
    expect(sale).toMatchObject({ paymentMethod: 'store_credit', total: 50 });
    const after = await credit();
    expect(after.balance).toBe(70);
    expect(after.movements[0]).toMatchObject({ kind: 'store_credit_spent', amount: -50, orderId: sale.id, memo: `Spent on sale ${sale.name}` });

    expect((await post(`/api/sales/${sale.id}/undo`, clerk)).statusCode).toBe(200);
    const back = await credit();
    expect(back.balance).toBe(120);
    expect(back.movements[0]).toMatchObject({ kind: 'store_credit_returned', amount: 50, orderId: sale.id });
  });

  it('refuses a sale beyond the balance with a clear message, selling nothing', async () => {
    await avaCredit(3000); // 30.00
    const itemId = await activeItem(5000);
    const res = await sellWithCredit([itemId]);
    expect(res.statusCode).toBe(422);
    expect(json<{ error: string }>(res).error).toBe('Ava Thompson has $30.00 of store credit: this sale is $50.00, so it cannot be paid with store credit');
    const [item] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, itemId));
    expect(item.status).toBe('Active');
    expect((await credit()).balance).toBe(30);
  });

  it('answers bad input with 400 and a clear message', async () => {
    const itemId = await activeItem(1000);
    const cases: [unknown, string][] = [
      [{ lines: [{ inventoryId: itemId }], paymentMethod: 'store_credit' }, 'Choose the consigner whose store credit pays this sale'],
      [{ lines: [{ inventoryId: itemId }], paymentMethod: 'cash', creditConsignerId: avaId() }, 'A consigner is only named when the sale is paid with store credit'],
      [{ lines: [{ inventoryId: itemId }], paymentMethod: 'store_credit', creditConsignerId: 'ava' }, 'Invalid consigner id'],
      [{ lines: [{ inventoryId: itemId }], paymentMethod: 'voucher' }, 'Please choose a payment method: cash, card, other or store credit'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/sales', clerk, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ error: string }>(res).error).toContain(message);
    }
    for (const search of ['', 'a']) {
      const res = await get(`/api/sales/creditAccounts?search=${search}`, clerk);
      expect(res.statusCode).toBe(400);
      expect(json<{ error: string }>(res).error).toContain('Type a name, e-mail or store credit code');
    }
    for (const bonus of [101, -1, 12.5]) {
      const res = await t.request({ method: 'PUT', url: `/api/stores/${refs.store.id}`, token: owner, body: { storeCreditBonus: bonus } });
      expect(res.statusCode, String(bonus)).toBe(400);
      expect(json<{ error: string }>(res).error).toContain('Store credit bonus must be a whole percentage from 0 to 100');
    }
    const ok = await t.request({ method: 'PUT', url: `/api/stores/${refs.store.id}`, token: owner, body: { storeCreditBonus: 15 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ data: { storeCreditBonus: number } }>(ok).data.storeCreditBonus).toBe(15);
  });

  it('is refused to the wrong role (403) and for another store’s consigner (404)', async () => {
    await avaCredit(5000);
    const itemId = await activeItem(1000);
    expect((await sellWithCredit([itemId], avaId(), undefined, stock)).statusCode).toBe(403);
    expect((await sellWithCredit([itemId], avaId(), undefined, ava)).statusCode).toBe(403);
    expect((await get('/api/sales/creditAccounts?search=ava', stock)).statusCode).toBe(403);
    expect((await get('/api/sales/creditAccounts?search=ava', ava)).statusCode).toBe(403);
    expect((await get(`/api/payouts/consigner/${avaId()}/credit`, stock)).statusCode).toBe(403);
    expect((await get(`/api/payouts/consigner/${avaId()}/credit`)).statusCode).toBe(401);
    // a consigner reads their own card only; another store's consigner is not found
    expect((await get(`/api/payouts/consigner/${avaId()}/credit`, marco)).statusCode).toBe(404);
    expect((await get(`/api/payouts/consigner/${stranger}/credit`, owner)).statusCode).toBe(404);
    const foreign = await sellWithCredit([itemId], stranger);
    expect(foreign.statusCode).toBe(404);
    expect(json<{ error: string }>(foreign).error).toBe('Consigner not found');
    expect((await get(`/api/payouts/consigner/${avaId()}/credit`, other.token, other.host)).statusCode).toBe(404);
    const [item] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, itemId));
    expect(item.status).toBe('Active');
  });

  it('finds the consigner by name, e-mail or the code on their account, with the balance', async () => {
    await avaCredit(4000);
    type Holders = { data: { rows: { consignerId: string; name: string; code: string; balance: number }[] } };
    for (const search of ['ava thompson', 'ava@demo', storeCreditCodeOf(avaId()).toLowerCase(), storeCreditCodeOf(avaId())]) {
      const res = await get(`/api/sales/creditAccounts?search=${encodeURIComponent(search)}`, clerk);
      expect(res.statusCode, res.body).toBe(200);
      const found = json<Holders>(res).data.rows.find((r) => r.consignerId === avaId());
      expect(found, search).toMatchObject({ name: 'Ava Thompson', code: storeCreditCodeOf(avaId()), balance: 40 });
    }
    const none = json<Holders>(await get('/api/sales/creditAccounts?search=sam%20stranger', clerk)).data.rows;
    expect(none).toHaveLength(0);
  });

  it('spends once when a sale is sent twice with the same sale key, also at once', async () => {
    await avaCredit(10_000);
    const itemId = await activeItem(2000);
    const first = await sellWithCredit([itemId], avaId(), 'credit-key-0001');
    const again = await sellWithCredit([itemId], avaId(), 'credit-key-0001');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    // the same key naming another consigner's credit is not the same sale
    const marcoCredit = await sellWithCredit([itemId], refs.consigner.marco.id, 'credit-key-0001');
    expect(marcoCredit.statusCode).toBe(409);

    const second = await activeItem(2000);
    const both = await Promise.all([sellWithCredit([second], avaId(), 'credit-key-0002'), sellWithCredit([second], avaId(), 'credit-key-0002')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const spent = (await ledgerOf()).filter((r) => r.kind === 'store_credit_spent');
    expect(spent.map((r) => r.amount)).toEqual([-2000, -2000]);
    expect((await credit()).balance).toBe(60);
  });

  it('20 spends at once over one balance: exactly the affordable ones win, never more than the balance', async () => {
    await avaCredit(10_000); // 100.00: six sales of 15.00 fit (90.00), the seventh would not
    const items = await Promise.all(Array.from({ length: 20 }, () => activeItem(1500)));
    const started = performance.now();
    const answers = await Promise.all(items.map((id, i) => sellWithCredit([id], avaId(), `credit-race-${String(i).padStart(4, '0')}`)));
    const ms = performance.now() - started;
    const codes = answers.map((a) => a.statusCode);
    const won = codes.filter((c) => c === 201).length;
    expect(codes.filter((c) => c !== 201 && c !== 422), answers.map((a) => a.body).join('\n')).toEqual([]);
    expect(won).toBe(6);
    const spent = -sumOf(await ledgerOf(), ['store_credit_spent']);
    expect(spent).toBe(9000);
    expect(spent).toBeLessThanOrEqual(10_000);
    expect((await credit()).balance).toBe(10);
    const sold = await t.ctx.db.select().from(s.inventoryItems).where(and(inArray(s.inventoryItems.id, items), eq(s.inventoryItems.status, 'Sold')));
    expect(sold).toHaveLength(6);
    console.log(`[figure] store credit race: 20 spends of $15.00 at once over $100.00 on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${won} won (affordable: 6), 14 refused 422, $${spent / 100} spent, ${ms.toFixed(0)} ms`);
  });
});
