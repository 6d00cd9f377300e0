// /expiringInventory (docs/consignment-terms.md "Expiring inventory"): the list of items whose term
// ends soon or ended, and its actions: extend, renew (the renewal fee through the ledger, once) and
// return to the consigner (withdrawn, "term ended: returned" in the log), donate (withdrawn, "term
// ended: donated", no ledger entry) and convert to store stock (the store account owns it, a
// term_converted ledger entry of 0).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { applyDueEndings } from '../src/modules/expiring-inventory/expiring-inventory.service.ts';
import { findTenant } from '../src/tenancy/resolve-store.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let noInventory: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  noInventory = await employeeWith(t, refs, 'settings-only@demo.backroom.test', ['Settings']);
});
afterAll(async () => t.close());

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const TERMS = { periodDays: 30, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: 21, renewalFee: 500, endAction: 'return' as const, graceDays: 3, markdownScheduleId: null };
const ending = (endsOn: string, over: Parameters<typeof makeItem>[2] = {}) => makeItem(t, refs, { consignmentEndsAt: endsOn, consignmentTerms: TERMS, title: `Term item ${endsOn}`, ...over });

type Row = { id: string; code: string; state: string; days: number; consignmentEndsAt: string; endAction: string; renewable: boolean; renewalFee: number; consignerName: string };
type Page = { items: Row[]; total: number; today: string };
type Result = { changed: string[]; skipped: { id: string; reason: string }[]; message: string };
const list = async (token: string, query = '') => t.request({ method: 'GET', url: `/api/expiringInventory${query}`, token });
const post = (token: string, action: string, body: unknown) => t.request({ method: 'POST', url: `/api/expiringInventory/${action}`, token, body });
const ledgerOf = async (inventoryId: string) => (await t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.inventoryId, inventoryId))).map((e) => ({ kind: e.kind, amount: e.amount, consignerId: e.consignerId }));
const renewalFees = async (inventoryId: string) =>
  (await t.ctx.db.select().from(s.ledgerEntries).where(and(eq(s.ledgerEntries.inventoryId, inventoryId), eq(s.ledgerEntries.kind, 'renewal_fee')))).map((e) => e.amount);

describe('GET /api/expiringInventory', () => {
  it('lists items ending within the window or ended, soonest first, with their state; not later ones, not sold ones, not ones without an end', async () => {
    const due = await ending(day(-10));
    const grace = await ending(day(-2));
    const soon = await ending(day(5));
    const later = await ending(day(40));
    const sold = await ending(day(1), { status: 'Sold' });
    const open = await makeItem(t, refs);
    const res = await list(stock);
    expect(res.statusCode).toBe(200);
    const page = json<{ data: Page }>(res).data;
    const ids = page.items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([due.id, grace.id, soon.id]));
    for (const left of [later.id, sold.id, open.id]) expect(ids).not.toContain(left);
    expect(ids.indexOf(due.id)).toBeLessThan(ids.indexOf(grace.id));
    expect(ids.indexOf(grace.id)).toBeLessThan(ids.indexOf(soon.id));
    const byId = new Map(page.items.map((r) => [r.id, r]));
    expect(byId.get(due.id)).toMatchObject({ state: 'due', days: 10, endAction: 'return', renewable: true, renewalFee: 5, consignerName: expect.stringContaining('Ava') });
    expect(byId.get(grace.id)).toMatchObject({ state: 'grace', days: 2 });
    expect(byId.get(soon.id)).toMatchObject({ state: 'ending', days: 5 });

    // a wider window takes the later one; search by code narrows to it
    const wide = json<{ data: Page }>(await list(stock, `?withinDays=60&search=${later.code}`)).data;
    expect(wide.items.map((r) => r.id)).toEqual([later.id]);
    expect(wide.total).toBe(1);
  });

  it('pages', async () => {
    const first = json<{ data: Page }>(await list(stock, '?limit=1&page=1')).data;
    const second = json<{ data: Page }>(await list(stock, '?limit=1&page=2')).data;
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.items[0].id).not.toBe(second.items[0].id);
  });

  it('refuses a bad window with a 400, and users without Inventory access with a 403', async () => {
    for (const q of ['?withinDays=-1', '?withinDays=9999', '?withinDays=soon', '?limit=1000']) expect((await list(stock, q)).statusCode, q).toBe(400);
    expect((await list(ava)).statusCode).toBe(403);
    expect((await list(noInventory)).statusCode).toBe(403);
  });
});

describe('extend', () => {
  it('moves the end by N days, logs it, and a second send of the same request changes nothing', async () => {
    const item = await ending(day(2));
    const body = { items: [{ id: item.id, endsOn: day(2) }], days: 10 };
    const first = json<{ data: Result }>(await post(stock, 'extend', body)).data;
    expect(first.changed).toEqual([item.id]);
    expect((await itemRow(t, item.id)).consignmentEndsAt).toBe(day(12));
    const again = json<{ data: Result }>(await post(stock, 'extend', body)).data;
    expect(again.changed).toEqual([]);
    expect(again.skipped).toEqual([{ id: item.id, reason: expect.stringMatching(/Already changed/) }]);
    expect((await itemRow(t, item.id)).consignmentEndsAt).toBe(day(12));
    const changes = (await logsOf(t, item.id)).flatMap((l) => l.modifiedFields);
    expect(changes).toEqual([{ variableChanged: 'consignmentEndsAt', beforeValue: day(2), afterValue: day(12) }]);
    expect(await renewalFees(item.id)).toEqual([]);
  });

  it('refuses bad days with a 400 and changes nothing', async () => {
    const item = await ending(day(2));
    for (const days of [0, -3, 1.5, 366, 'ten']) {
      const res = await post(stock, 'extend', { items: [{ id: item.id, endsOn: day(2) }], days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
    expect((await post(stock, 'extend', { items: [], days: 5 })).statusCode).toBe(400);
    expect((await itemRow(t, item.id)).consignmentEndsAt).toBe(day(2));
  });
});

describe('renew', () => {
  it("sets the end by the item's locked terms and charges the renewal fee once through the ledger, even when sent twice", async () => {
    const item = await ending(day(-5));
    const body = { items: [{ id: item.id, endsOn: day(-5) }] };
    const [a, b] = await Promise.all([post(owner, 'renew', body), post(owner, 'renew', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const changed = [...json<{ data: Result }>(a).data.changed, ...json<{ data: Result }>(b).data.changed];
    expect(changed).toEqual([item.id]);
    // ended: a whole renewal period (21 days) from today
    expect((await itemRow(t, item.id)).consignmentEndsAt).toBe(day(21));
    expect(await renewalFees(item.id)).toEqual([-500]);
    const fields = (await logsOf(t, item.id)).flatMap((l) => l.modifiedFields);
    expect(fields).toEqual([
      { variableChanged: 'consignmentEndsAt', beforeValue: day(-5), afterValue: day(21) },
      { variableChanged: 'renewalFee', beforeValue: null, afterValue: 5 },
    ]);
    const again = json<{ data: Result }>(await post(owner, 'renew', body)).data;
    expect(again.changed).toEqual([]);
    expect(await renewalFees(item.id)).toEqual([-500]);
  });

  it("takes the renewal fee at the consigner's next payout (the preview's fees owed)", async () => {
    const sold = await makeItem(t, refs, { who: 'lena', status: 'Sold', soldOn: new Date() });
    const carried = async () => json<{ data: { carried: number } }>(await t.request({ method: 'POST', url: '/api/payouts/preview', token: owner, body: { inventoriesToPay: [sold.id] } })).data.carried;
    const before = await carried();
    const item = await ending(day(1), { who: 'lena' });
    expect(json<{ data: Result }>(await post(owner, 'renew', { items: [{ id: item.id, endsOn: day(1) }] })).data.changed).toEqual([item.id]);
    expect(await carried()).toBeCloseTo(before - 5, 2);
  });

  it('skips an item whose terms have no period to renew, and charges nothing', async () => {
    const item = await makeItem(t, refs, { consignmentEndsAt: day(1) });
    const res = json<{ data: Result }>(await post(owner, 'renew', { items: [{ id: item.id, endsOn: day(1) }] })).data;
    expect(res.changed).toEqual([]);
    expect(res.skipped[0].reason).toMatch(/no period to renew/);
    expect(await renewalFees(item.id)).toEqual([]);
  });

  it('needs Inventory access', async () => {
    const item = await ending(day(1));
    const body = { items: [{ id: item.id, endsOn: day(1) }] };
    expect((await post(ava, 'renew', body)).statusCode).toBe(403);
    expect((await post(noInventory, 'renew', body)).statusCode).toBe(403);
    expect((await itemRow(t, item.id)).consignmentEndsAt).toBe(day(1));
    expect(await renewalFees(item.id)).toEqual([]);
  });
});

describe('return to the consigner', () => {
  it('withdraws the item with "term ended: returned" in the log, without a fee; a second send does nothing', async () => {
    const item = await ending(day(-4));
    const first = json<{ data: Result }>(await post(stock, 'return', { ids: [item.id] })).data;
    expect(first.changed).toEqual([item.id]);
    expect(await itemRow(t, item.id)).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: false, withdrawalFee: 0 });
    const fields = (await logsOf(t, item.id)).flatMap((l) => l.modifiedFields);
    expect(fields).toContainEqual({ variableChanged: 'status', beforeValue: 'Active', afterValue: 'Withdrawn' });
    expect(fields).toContainEqual({ variableChanged: 'termEnded', beforeValue: null, afterValue: 'returned' });
    const again = json<{ data: Result }>(await post(stock, 'return', { ids: [item.id] })).data;
    expect(again.changed).toEqual([]);
    expect(again.skipped).toHaveLength(1);
    expect((await logsOf(t, item.id)).length).toBe(2);
  });
});

describe('donate', () => {
  it('withdraws the items with "term ended: donated" in the log, no fee and no ledger entry; sent twice at once, once', async () => {
    const a = await ending(day(-6));
    const b = await ending(day(3), { who: 'lena' });
    const body = { ids: [a.id, b.id] };
    const [r1, r2] = await Promise.all([post(stock, 'donate', body), post(stock, 'donate', body)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const results = [json<{ data: Result }>(r1).data, json<{ data: Result }>(r2).data];
    expect(results.flatMap((r) => r.changed).sort()).toEqual([a.id, b.id].sort());
    // the request that came second found them withdrawn and skipped them with the reason
    const second = results.find((r) => r.changed.length === 0)!;
    expect(second.skipped).toEqual(expect.arrayContaining([{ id: a.id, reason: 'Not in stock any more' }]));
    expect(results.find((r) => r.changed.length === 2)!.message).toBe('2 items donated');
    for (const item of [a, b]) {
      expect(await itemRow(t, item.id)).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: false, withdrawalFee: 0, consignerId: item.consignerId });
      const fields = (await logsOf(t, item.id)).flatMap((l) => l.modifiedFields);
      expect(fields).toContainEqual({ variableChanged: 'status', beforeValue: 'Active', afterValue: 'Withdrawn' });
      expect(fields.filter((f) => f.variableChanged === 'termEnded')).toEqual([{ variableChanged: 'termEnded', beforeValue: null, afterValue: 'donated' }]);
      expect(await ledgerOf(item.id)).toEqual([]);
    }
  });

  it('skips an item without an end, and a sold one, with the reason; changes the rest', async () => {
    const open = await makeItem(t, refs);
    const sold = await ending(day(-1), { status: 'Sold', soldOn: new Date() });
    const good = await ending(day(-1));
    const res = json<{ data: Result }>(await post(owner, 'donate', { ids: [open.id, sold.id, good.id] })).data;
    expect(res.changed).toEqual([good.id]);
    expect(res.skipped).toEqual(
      expect.arrayContaining([
        { id: open.id, reason: 'This item has no consignment end' },
        { id: sold.id, reason: 'Not in stock any more' },
      ]),
    );
    expect((await itemRow(t, open.id)).status).toBe('Active');
    expect((await itemRow(t, sold.id)).status).toBe('Sold');
  });

  it('refuses bad input with a 400 and users without Inventory access with a 403, changing nothing', async () => {
    const item = await ending(day(1));
    for (const body of [{ ids: [] }, { ids: ['not-an-id'] }, {}, { ids: item.id }, { ids: Array.from({ length: 101 }, () => item.id) }]) {
      const res = await post(stock, 'donate', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
    expect((await post(ava, 'donate', { ids: [item.id] })).statusCode).toBe(403);
    expect((await post(noInventory, 'donate', { ids: [item.id] })).statusCode).toBe(403);
    expect((await itemRow(t, item.id)).status).toBe('Active');
    expect(await logsOf(t, item.id)).toEqual([]);
  });
});

describe('convert to store stock', () => {
  it("makes the store account the owner at cost 0 with no end, ends the consigner's claim with a term_converted entry of 0, and logs it", async () => {
    const item = await ending(day(-8));
    const res = await post(owner, 'convert', { ids: [item.id] });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Result }>(res).data).toEqual({ message: '1 item converted to store stock', changed: [item.id], skipped: [] });
    const row = await itemRow(t, item.id);
    expect(row).toMatchObject({ status: 'Active', consignerId: refs.consigner.store.id, cost: 0, payout: 0, payoutFee: 0, total: 0, consignmentEndsAt: null, consignmentTerms: null, price: 10000 });
    expect(await ledgerOf(item.id)).toEqual([{ kind: 'term_converted', amount: 0, consignerId: refs.consigner.ava.id }]);
    const fields = (await logsOf(t, item.id)).flatMap((l) => l.modifiedFields);
    expect(fields).toContainEqual({ variableChanged: 'consignerId', beforeValue: refs.consigner.ava.id, afterValue: refs.consigner.store.id });
    expect(fields).toContainEqual({ variableChanged: 'consignmentEndsAt', beforeValue: day(-8), afterValue: null });
    expect(fields.filter((f) => f.variableChanged === 'termEnded')).toEqual([{ variableChanged: 'termEnded', beforeValue: null, afterValue: 'converted to store stock' }]);
    // no longer the consigner's, and no longer expiring
    const listed = json<{ data: Page }>(await list(stock, '?withinDays=365')).data.items.map((r) => r.id);
    expect(listed).not.toContain(item.id);
  });

  it('sent twice, or twice at once, converts once and writes one ledger entry', async () => {
    const item = await ending(day(-2), { who: 'marco' });
    const body = { ids: [item.id] };
    const [a, b] = await Promise.all([post(stock, 'convert', body), post(stock, 'convert', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([...json<{ data: Result }>(a).data.changed, ...json<{ data: Result }>(b).data.changed]).toEqual([item.id]);
    const again = json<{ data: Result }>(await post(stock, 'convert', body)).data;
    expect(again).toMatchObject({ changed: [], skipped: [{ id: item.id, reason: 'Already store stock' }] });
    expect(await ledgerOf(item.id)).toEqual([{ kind: 'term_converted', amount: 0, consignerId: refs.consigner.marco.id }]);
    expect((await logsOf(t, item.id)).flatMap((l) => l.modifiedFields).filter((f) => f.variableChanged === 'termEnded')).toHaveLength(1);
  });

  it('does not convert a donated item, and donating does not convert', async () => {
    const item = await ending(day(-3));
    expect(json<{ data: Result }>(await post(stock, 'donate', { ids: [item.id] })).data.changed).toEqual([item.id]);
    const res = json<{ data: Result }>(await post(stock, 'convert', { ids: [item.id] })).data;
    expect(res).toMatchObject({ changed: [], skipped: [{ id: item.id, reason: 'Not in stock any more' }] });
    expect((await itemRow(t, item.id)).consignerId).toBe(refs.consigner.ava.id);
    expect(await ledgerOf(item.id)).toEqual([]);
  });

  it('refuses bad input with a 400 and users without Inventory access with a 403, changing nothing', async () => {
    const item = await ending(day(1));
    for (const body of [{ ids: [] }, { ids: ['x'] }, { ids: [42] }, null]) expect((await post(stock, 'convert', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await post(ava, 'convert', { ids: [item.id] })).statusCode).toBe(403);
    expect((await post(noInventory, 'convert', { ids: [item.id] })).statusCode).toBe(403);
    expect((await itemRow(t, item.id)).consignerId).toBe(refs.consigner.ava.id);
    expect(await ledgerOf(item.id)).toEqual([]);
  });
});

describe('the daily job (applyDueEndings)', () => {
  const withAction = (endAction: 'return' | 'donate' | 'convert' | 'renew') => ({ ...TERMS, endAction });
  const termEnded = async (id: string) => (await logsOf(t, id)).flatMap((l) => l.modifiedFields.filter((f) => f.variableChanged === 'termEnded').map((f) => f.afterValue));

  it("applies each due item's locked end action after its grace days, logged as the job; items in grace wait; a second run changes nothing", async () => {
    const store = (await findTenant(t.ctx.db, refs.store.id))!;
    const returned = await ending(day(-5), { consignmentTerms: withAction('return') });
    const donated = await ending(day(-5), { consignmentTerms: withAction('donate') });
    const converted = await ending(day(-5), { consignmentTerms: withAction('convert'), who: 'marco' });
    const renewed = await ending(day(-5), { consignmentTerms: withAction('renew') });
    const waiting = await ending(day(-2), { consignmentTerms: withAction('donate') });
    const soldBefore = await ending(day(-9), { consignmentTerms: withAction('donate'), status: 'Sold', soldOn: new Date() });

    const done = await applyDueEndings(t.ctx, store, new Date());
    expect(done.donate).toBeGreaterThanOrEqual(1);
    expect(done.convert).toBeGreaterThanOrEqual(1);
    expect(done.renew).toBeGreaterThanOrEqual(1);
    expect(await itemRow(t, returned.id)).toMatchObject({ status: 'Withdrawn', withdrawalFee: 0 });
    expect(await termEnded(returned.id)).toEqual(['returned']);
    expect(await itemRow(t, donated.id)).toMatchObject({ status: 'Withdrawn', withdrawalFee: 0 });
    expect(await termEnded(donated.id)).toEqual(['donated']);
    expect(await ledgerOf(donated.id)).toEqual([]);
    expect(await itemRow(t, converted.id)).toMatchObject({ status: 'Active', consignerId: refs.consigner.store.id, cost: 0, consignmentEndsAt: null });
    expect(await ledgerOf(converted.id)).toEqual([{ kind: 'term_converted', amount: 0, consignerId: refs.consigner.marco.id }]);
    expect((await itemRow(t, renewed.id)).consignmentEndsAt).toBe(day(21));
    expect(await renewalFees(renewed.id)).toEqual([-500]);
    // in its grace days, and sold: untouched
    expect(await itemRow(t, waiting.id)).toMatchObject({ status: 'Active', consignmentEndsAt: day(-2) });
    expect(await itemRow(t, soldBefore.id)).toMatchObject({ status: 'Sold' });
    expect(await logsOf(t, waiting.id)).toEqual([]);
    // the job is the author, not a person
    expect((await logsOf(t, donated.id)).map((l) => l.lastUpdatedByName)).toEqual(['Automatic end of term', 'Automatic end of term']);

    // the same day again: nothing more happens
    const logCount = async () => (await Promise.all([returned, donated, converted, renewed].map((i) => logsOf(t, i.id)))).flat().length;
    const before = await logCount();
    await applyDueEndings(t.ctx, store, new Date());
    expect(await logCount()).toBe(before);
    expect(await renewalFees(renewed.id)).toEqual([-500]);
    expect(await ledgerOf(converted.id)).toHaveLength(1);

    // two days on (the clock passed in), the one in grace is due: donated
    await applyDueEndings(t.ctx, store, new Date(Date.now() + 2 * 86_400_000));
    expect(await itemRow(t, waiting.id)).toMatchObject({ status: 'Withdrawn' });
    expect(await termEnded(waiting.id)).toEqual(['donated']);
  });
});

describe('the consigner portal', () => {
  it("answers the consigner's own items with their consignment end date (the portal's Inventory list)", async () => {
    const item = await ending(day(12));
    const res = await t.request({ method: 'GET', url: `/api/inventories/paginatedInventories?search=${item.code}`, token: ava });
    expect(res.statusCode).toBe(200);
    const rows = json<{ data: { rows: { id: string; consignmentEndsAt: string | null }[] } }>(res).data.rows;
    expect(rows).toEqual([expect.objectContaining({ id: item.id, consignmentEndsAt: day(12) })]);
  });
});

describe("another store's items", () => {
  it('are not listed and every action leaves them as they were', async () => {
    const other = await secondStore(t);
    const mine = await ending(day(-1));
    // the other store sees none of ours
    const theirList = json<{ data: Page }>(await t.request({ method: 'GET', url: '/api/expiringInventory?withinDays=365', token: other.token, host: other.host })).data;
    expect(theirList.items.map((r) => r.id)).not.toContain(mine.id);
    for (const [action, body] of [
      ['extend', { items: [{ id: mine.id, endsOn: day(-1) }], days: 5 }],
      ['renew', { items: [{ id: mine.id, endsOn: day(-1) }] }],
      ['return', { ids: [mine.id] }],
      ['donate', { ids: [mine.id] }],
      ['convert', { ids: [mine.id] }],
    ] as const) {
      const res = await t.request({ method: 'POST', url: `/api/expiringInventory/${action}`, token: other.token, host: other.host, body });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Inventory not found' });
    }
    expect(await itemRow(t, mine.id)).toMatchObject({ status: 'Active', consignmentEndsAt: day(-1), consignerId: refs.consigner.ava.id });
    expect(await renewalFees(mine.id)).toEqual([]);
    expect(await ledgerOf(mine.id)).toEqual([]);
    expect(await logsOf(t, mine.id)).toEqual([]);

    // one of ours beside it: the whole request is refused, ours unchanged too
    const theirs = await ending(day(-1));
    const mixed = await post(stock, 'convert', { ids: [theirs.id, crypto.randomUUID()] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ error: 'Inventory not found' });
    expect(await itemRow(t, theirs.id)).toMatchObject({ status: 'Active', consignerId: refs.consigner.ava.id });
    expect(await ledgerOf(theirs.id)).toEqual([]);
  });
});
