// Consignment terms per consigner type (docs/consignment-terms.md): edited on /fees, locked on an
// item at its acceptance with the end they set, and the early-withdrawal fee of the locked terms.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
});
afterAll(async () => t.close());

type Terms = { periodDays: number | null; minimumStayDays: number; earlyWithdrawalFee: number; renewalDays: number | null; renewalFee: number; endAction: string; graceDays: number };
type TypeAnswer = { id: string; accountType: string; terms: Terms };

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const putTerms = (token: string, id: string, body: unknown, host?: string) => t.request({ method: 'PUT', url: `/api/consignerTypes/${id}/terms`, token, body, host });
const types = async () => json<{ data: TypeAnswer[] }>(await t.request({ method: 'GET', url: '/api/consignerTypes', token: owner })).data;
/** The same terms on every type of the demo store, so whichever type an item matches has them. */
async function setAllTerms(body: Partial<Terms>) {
  for (const type of await types()) expect((await putTerms(owner, type.id, body)).statusCode).toBe(200);
}
const accept = (id: string) => t.request({ method: 'POST', url: '/api/inventories/acceptInventory', token: owner, body: { id, location: 'Downtown' } });

describe('terms per consigner type', () => {
  it('answers "no terms" for a type that never had any, and saves terms with fees in currency units', async () => {
    const [type] = await types();
    expect(type.terms).toEqual({ periodDays: null, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: null, renewalFee: 0, endAction: 'return', graceDays: 0, markdownScheduleId: null });
    const res = await putTerms(owner, type.id, { periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 15, renewalDays: 30, renewalFee: 7.5, endAction: 'donate', graceDays: 7 });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: TypeAnswer }>(res).data.terms).toEqual({ periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 15, renewalDays: 30, renewalFee: 7.5, endAction: 'donate', graceDays: 7, markdownScheduleId: null });
    const [row] = await t.ctx.db.select().from(s.consignerTypes).where(eq(s.consignerTypes.id, type.id));
    expect(row.consignmentTerms).toMatchObject({ earlyWithdrawalFee: 1500, renewalFee: 750, markdownScheduleId: null });
    // the fees of the type are untouched
    expect(json<{ data: TypeAnswer }>(await t.request({ method: 'GET', url: `/api/consignerTypes/${type.id}`, token: owner })).data).toMatchObject({ accountType: type.accountType });
  });

  it('refuses bad terms with a 400 and a clear message, and keeps the saved ones', async () => {
    const [type] = await types();
    const before = type.terms;
    const cases: [unknown, RegExp][] = [
      [{ periodDays: 0 }, /Consignment period must be at least 1 day/],
      [{ periodDays: 99999 }, /at most 3650 days/],
      [{ minimumStayDays: -1 }, /Minimum stay cannot be negative/],
      [{ graceDays: 2.5 }, /whole number/],
      [{ earlyWithdrawalFee: -3 }, /cannot be negative/],
      [{ renewalFee: 'lots' }, /valid amount/i],
      [{ endAction: 'burn' }, /Choose what happens when the term ends/],
    ];
    for (const [body, message] of cases) {
      const res = await putTerms(owner, type.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error).toMatch(message);
    }
    expect((await types()).find((x) => x.id === type.id)!.terms).toEqual(before);
  });

  it('needs Settings: staff with Inventory only and consigners are refused', async () => {
    const [type] = await types();
    expect((await putTerms(stock, type.id, { periodDays: 10 })).statusCode).toBe(403);
    expect((await putTerms(ava, type.id, { periodDays: 10 })).statusCode).toBe(403);
    expect((await types()).find((x) => x.id === type.id)!.terms.periodDays).not.toBe(10);
  });

  it("refuses another store's type as not found, and changes nothing there", async () => {
    const other = await secondStore(t);
    const theirs = json<{ data: TypeAnswer[] }>(await t.request({ method: 'GET', url: '/api/consignerTypes', token: other.token, host: other.host })).data;
    expect(theirs.length).toBeGreaterThan(0);
    expect((await putTerms(owner, theirs[0].id, { periodDays: 5 })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(s.consignerTypes).where(and(eq(s.consignerTypes.storeId, other.storeId), eq(s.consignerTypes.id, theirs[0].id)));
    expect(row.consignmentTerms).toBeNull();
  });
});

describe('terms locked on the item at acceptance', () => {
  it('sets the end from the period and keeps the terms when the type changes later', async () => {
    await setAllTerms({ periodDays: 45, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalFee: 5, endAction: 'return' });
    const item = await makeItem(t, refs, { status: 'Pending' });
    const res = await accept(item.id);
    expect(res.statusCode).toBe(200);
    const row = await itemRow(t, item.id);
    expect(row).toMatchObject({ status: 'Active', consignmentEndsAt: plusDays(45) });
    expect(row.consignmentTerms).toMatchObject({ periodDays: 45, renewalFee: 500 });

    await setAllTerms({ periodDays: 10, renewalFee: 99 });
    const after = await itemRow(t, item.id);
    expect(after.consignmentEndsAt).toBe(plusDays(45));
    expect(after.consignmentTerms).toMatchObject({ periodDays: 45, renewalFee: 500 });
  });

  it('gives no end when the type has no period, and staff-added stock takes the terms too', async () => {
    await setAllTerms({ periodDays: null });
    const open = await makeItem(t, refs, { status: 'Pending' });
    expect((await accept(open.id)).statusCode).toBe(200);
    expect(await itemRow(t, open.id)).toMatchObject({ status: 'Active', consignmentEndsAt: null });

    await setAllTerms({ periodDays: 30 });
    const created = await t.request({
      method: 'POST',
      url: '/api/inventories',
      token: owner,
      body: { inventoryFormArray: [{ productId: refs.sneaker.id, consigner: refs.consigner.ava.id, price: 120, quantity: 1, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', location: 'Downtown' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [added] = await t.ctx.db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, refs.store.id), eq(s.inventoryItems.price, 12000), eq(s.inventoryItems.consignerId, refs.consigner.ava.id)));
    expect(added.consignmentEndsAt).toBe(plusDays(30));
  });
});

describe('the item screen shows the locked terms', () => {
  const detail = async (id: string, token = owner) => t.request({ method: 'GET', url: `/api/inventories/${id}`, token });

  it('answers the terms locked at acceptance and where the item stands, not the type\'s later terms', async () => {
    await setAllTerms({ periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 15, renewalDays: 30, renewalFee: 5, endAction: 'donate', graceDays: 7 });
    const item = await makeItem(t, refs, { status: 'Pending' });
    expect((await accept(item.id)).statusCode).toBe(200);
    await setAllTerms({ periodDays: 10, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalFee: 99, endAction: 'return', graceDays: 0 });

    const res = await detail(item.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{ data: { consignmentEndsAt: string; consignmentTerms: Record<string, unknown> } }>(res).data;
    expect(answer.consignmentEndsAt).toBe(plusDays(60));
    expect(answer.consignmentTerms).toEqual({ periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 15, renewalDays: 30, renewalFee: 5, endAction: 'donate', graceDays: 7, markdownScheduleId: null, state: 'running', days: 60 });
    // the consigner reads the same terms on their own item
    expect(json<{ data: { consignmentTerms: unknown } }>(await detail(item.id, ava)).data.consignmentTerms).toEqual(answer.consignmentTerms);
  });

  it('says ending, grace or due as the end comes and goes, and null for an item without terms', async () => {
    await setAllTerms({ periodDays: 30, graceDays: 3, endAction: 'return' });
    const item = await makeItem(t, refs, { status: 'Pending' });
    expect((await accept(item.id)).statusCode).toBe(200);
    const stateAt = async (endsOn: string) => {
      await t.ctx.db.update(s.inventoryItems).set({ consignmentEndsAt: endsOn }).where(eq(s.inventoryItems.id, item.id));
      const terms = json<{ data: { consignmentTerms: { state: string; days: number } } }>(await detail(item.id)).data.consignmentTerms;
      return `${terms.state} ${terms.days}`;
    };
    expect(await stateAt(plusDays(5))).toBe('ending 5');
    expect(await stateAt(today())).toBe('ending 0');
    expect(await stateAt(plusDays(-2))).toBe('grace 2');
    expect(await stateAt(plusDays(-4))).toBe('due 4');

    const plain = await makeItem(t, refs, { status: 'Active' });
    expect(json<{ data: { consignmentTerms: unknown } }>(await detail(plain.id)).data.consignmentTerms).toBeNull();
  });
});

describe('early withdrawal by the locked terms', () => {
  const withdraw = (id: string, body: Record<string, unknown> = {}) => t.request({ method: 'POST', url: '/api/inventories/withdrawInventory', token: owner, body: { id, ...body } });
  const feesOf = async (inventoryId: string) =>
    (await t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.inventoryId, inventoryId), eq(s.ledgerEntries.kind, 'withdrawal_fee')))).map((e) => e.amount);

  it('charges the locked fee through the ledger for a pickup inside the minimum stay', async () => {
    const terms = { periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 1500, renewalDays: null, renewalFee: 0, endAction: 'return' as const, graceDays: 0, markdownScheduleId: null };
    const item = await makeItem(t, refs, { acceptedOn: new Date(Date.now() - 5 * 86_400_000), consignmentTerms: terms, consignmentEndsAt: plusDays(55) });
    const res = await withdraw(item.id);
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: true, withdrawalFee: 1500 });
    expect(await feesOf(item.id)).toEqual([-1500]);
  });

  it('charges nothing after the minimum stay, nor for an item without terms (today\'s behaviour)', async () => {
    const terms = { periodDays: 60, minimumStayDays: 30, earlyWithdrawalFee: 1500, renewalDays: null, renewalFee: 0, endAction: 'return' as const, graceDays: 0, markdownScheduleId: null };
    const late = await makeItem(t, refs, { acceptedOn: new Date(Date.now() - 40 * 86_400_000), consignmentTerms: terms });
    const none = await makeItem(t, refs);
    for (const item of [late, none]) {
      expect((await withdraw(item.id)).statusCode).toBe(200);
      expect(await itemRow(t, item.id)).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: false, withdrawalFee: 0 });
      expect(await feesOf(item.id)).toEqual([]);
    }
  });

  it('staff marking it early without a fee charge the locked fee; a fee they type wins', async () => {
    const terms = { periodDays: null, minimumStayDays: 0, earlyWithdrawalFee: 800, renewalDays: null, renewalFee: 0, endAction: 'return' as const, graceDays: 0, markdownScheduleId: null };
    const a = await makeItem(t, refs, { consignmentTerms: terms });
    const b = await makeItem(t, refs, { consignmentTerms: terms });
    expect((await withdraw(a.id, { isWithdrawnEarly: true })).statusCode).toBe(200);
    expect((await withdraw(b.id, { isWithdrawnEarly: true, withdrawalFee: 2 })).statusCode).toBe(200);
    expect(await feesOf(a.id)).toEqual([-800]);
    expect(await feesOf(b.id)).toEqual([-200]);
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
