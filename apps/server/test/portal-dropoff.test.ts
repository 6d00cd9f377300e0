// The consigner portal's Requested Inventory screens (/dropoff, /dropoffPending): the
// list they read (GET /api/inventories/paginatedInventories with status Requested or Pending) and
// the drop-off cancel (POST /api/inventories/cancelDropoff), as a consigner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Row = { id: string; code: string; status: string; consignerId: string; location: string | null; quantity: number; title: string };
type Page = { rows: Row[]; count: number };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;
let marco: string;
let ordersOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  ordersOnly = await employeeWith(t, refs, 'orders-dropoff@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

let second: ReturnType<typeof secondStore> | undefined;
const otherStore = () => (second ??= secondStore(t));
const list = (token: string, query: string, host?: string) => t.request({ method: 'GET', url: `/api/inventories/paginatedInventories?${query}`, token, host });
const page = (res: Awaited<ReturnType<typeof list>>) => {
  expect(res.statusCode).toBe(200);
  return json<{ data: Page }>(res).data;
};
const cancel = (token: string, body: unknown, host?: string) => t.request({ method: 'POST', url: '/api/inventories/cancelDropoff', token, body: body as Record<string, unknown>, host });

describe('the Requested and Drop Off Pending lists (paginatedInventories as a consigner)', () => {
  it("shows a consigner only their own items of the status, even when they name another consigner", async () => {
    const mine = await makeItem(t, refs, { status: 'Requested', who: 'ava', location: 'Downtown' });
    const minePending = await makeItem(t, refs, { status: 'Pending', who: 'ava', location: 'Uptown' });
    const theirs = await makeItem(t, refs, { status: 'Requested', who: 'marco', location: 'Downtown' });

    const requested = page(await list(ava, 'status=Requested&pageSize=500'));
    const ids = requested.rows.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(minePending.id);
    expect(requested.rows.every((r) => r.consignerId === refs.consigner.ava.id && r.status === 'Requested')).toBe(true);

    const pending = page(await list(ava, 'status=Pending&pageSize=500'));
    expect(pending.rows.map((r) => r.id)).toContain(minePending.id);
    expect(pending.rows.every((r) => r.status === 'Pending')).toBe(true);

    // naming Marco does not widen Ava's scope: it narrows it to nothing
    const named = page(await list(ava, `status=Requested&consigner=${refs.consigner.marco.id}`));
    expect(named).toMatchObject({ rows: [], count: 0 });

    // Marco sees his, never Ava's
    const his = page(await list(marco, 'status=Requested&pageSize=500')).rows.map((r) => r.id);
    expect(his).toContain(theirs.id);
    expect(his).not.toContain(mine.id);
  });

  it('filters by location and by search (code or title), and pages with a count', async () => {
    // Marco's own twelve, told apart from the demo's items by a word of their title
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await makeItem(t, refs, { status: 'Requested', who: 'marco', title: `Pagingword Runner ${i}`, location: i % 2 ? 'Uptown' : 'Downtown' }));
    const uptown = page(await list(marco, 'status=Requested&search=pagingword&location=Uptown&pageSize=500'));
    expect(uptown.count).toBe(6);
    expect(uptown.rows.every((r) => r.location === 'Uptown')).toBe(true);

    const byCode = page(await list(marco, `status=Requested&search=${made[3].code}`));
    expect(byCode.rows.map((r) => r.id)).toEqual([made[3].id]);

    const first = page(await list(marco, 'status=Requested&search=pagingword&pageSize=10&currentPage=1'));
    const second = page(await list(marco, 'status=Requested&search=pagingword&pageSize=10&currentPage=2'));
    expect(first.count).toBe(12);
    expect(first.rows).toHaveLength(10);
    expect(second.rows).toHaveLength(2);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(12);
  });

  it('refuses bad input with 400 and a message: page sizes out of bounds, unknown statuses, a bad consigner id', async () => {
    for (const query of ['status=Requested&pageSize=1000', 'status=Requested&pageSize=5', 'status=Requested&pageSize=ten', 'status=Requested&currentPage=0', 'status=Dropped', 'status=Requested&consigner=nope']) {
      const res = await list(ava, query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof json(res).error, query).toBe('string');
    }
  });

  it("does not answer a consigner at another store's address", async () => {
    const b = await otherStore();
    const res = await list(ava, 'status=Requested', b.host);
    expect(res.statusCode).toBe(403);
  });
});

describe('consignerRequestedItems as a consigner', () => {
  it('lists only their own store-request offers, and refuses an unknown sale value', async () => {
    const mine = await makeItem(t, refs, { status: 'Consignment', who: 'ava' });
    const theirs = await makeItem(t, refs, { status: 'Buying', who: 'marco' });
    const res = await t.request({ method: 'GET', url: `/api/inventories/consignerRequestedItems?consigner=${refs.consigner.marco.id}`, token: ava });
    expect(res.statusCode).toBe(200);
    const ids = json<{ data: { products: { inventories: Row[] }[] } }>(res).data.products.flatMap((p) => p.inventories.map((i) => i.id));
    expect(ids).not.toContain(theirs.id);
    const own = json<{ data: { products: { inventories: Row[] }[] } }>(await t.request({ method: 'GET', url: '/api/inventories/consignerRequestedItems', token: ava })).data;
    expect(own.products.flatMap((p) => p.inventories.map((i) => i.id))).toContain(mine.id);
    expect((await t.request({ method: 'GET', url: '/api/inventories/consignerRequestedItems?sale=Requested', token: ava })).statusCode).toBe(400);
  });
});

describe('POST /api/inventories/cancelDropoff as a consigner', () => {
  it("cancels their own Requested and Pending items: removed, each with a log entry stamped by the consigner", async () => {
    const a = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const b = await makeItem(t, refs, { status: 'Pending', who: 'ava', quantity: 3 });
    const res = await cancel(ava, { ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ message: 'Dropoff has been cancelled', removedIds: [a.id, b.id], inventories: [] });
    expect(await itemRow(t, a.id)).toBeNull();
    expect(await itemRow(t, b.id)).toBeNull();
    for (const id of [a.id, b.id]) {
      const logs = await logsOf(t, id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ lastUpdatedById: refs.consigner.ava.id });
    }
    // gone from the list
    const left = page(await list(ava, 'status=Requested&pageSize=500')).rows.map((r) => r.id);
    expect(left).not.toContain(a.id);
  });

  it('cancels one item given as id', async () => {
    const a = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const res = await cancel(ava, { id: a.id });
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, a.id)).toBeNull();
  });

  it("answers 404 for another consigner's item and changes nothing, even when one of the two ids is their own", async () => {
    const mine = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const theirs = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    for (const body of [{ id: theirs.id }, { ids: [mine.id, theirs.id] }, { ids: [theirs.id, mine.id] }]) {
      const res = await cancel(ava, body);
      expect(res.statusCode).toBe(404);
      // the other item's code is not named: that would tell it exists
      expect(json(res).error).toBe('Inventory not found');
    }
    expect((await itemRow(t, mine.id))!.status).toBe('Requested');
    expect((await itemRow(t, theirs.id))!.status).toBe('Pending');
    expect(await logsOf(t, mine.id)).toHaveLength(0);
    expect(await logsOf(t, theirs.id)).toHaveLength(0);
  });

  it('refuses a consigner naming another consigner (404: they learn nothing of them), nothing changed', async () => {
    const mine = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const res = await cancel(ava, { ids: [mine.id], consigner: refs.consigner.marco.id });
    expect(res.statusCode).toBe(404);
    expect(await itemRow(t, mine.id)).not.toBeNull();
  });

  it('refuses items outside the drop-off statuses with 409, all or nothing', async () => {
    const ok = await makeItem(t, refs, { status: 'Pending', who: 'ava' });
    for (const status of ['Active', 'Sold', 'Withdrawn', 'Declined', 'RequestWithdrawal'] as const) {
      const item = await makeItem(t, refs, { status, who: 'ava' });
      const res = await cancel(ava, { ids: [ok.id, item.id] });
      expect(res.statusCode, status).toBe(409);
      expect(json(res).error).toMatch(new RegExp(`^${item.code}: Cannot cancel the drop-off of an item that is `));
      expect((await itemRow(t, item.id))!.status).toBe(status);
    }
    expect((await itemRow(t, ok.id))!.status).toBe('Pending');
    expect(await logsOf(t, ok.id)).toHaveLength(0);
  });

  it('refuses bad input with 400 and a message', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{}, 'Please select at least 1 item'],
      [{ ids: [] }, 'Please select at least 1 item'],
      [{ ids: ['not-an-id'] }, 'Invalid id'],
      [{ id: 42 }, /./],
      [{ ids: 'abc' }, /./],
      [{ ids: Array.from({ length: 5001 }, () => '00000000-0000-4000-8000-000000000000') }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await cancel(ava, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(json(res).error).toMatch(message);
    }
  });

  it('answers 404 for an unknown id', async () => {
    const res = await cancel(ava, { ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(res.statusCode).toBe(404);
  });

  it('refuses staff without Inventory access, and a user at another store', async () => {
    const item = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    expect((await cancel(ordersOnly, { ids: [item.id] })).statusCode).toBe(403);
    const b = await otherStore();
    // the other store's admin finds no such item there
    expect((await cancel(b.token, { ids: [item.id] }, b.host)).statusCode).toBe(404);
    // Ava's session at the other store's address is refused
    expect((await cancel(ava, { ids: [item.id] }, b.host)).statusCode).toBe(403);
    expect(await itemRow(t, item.id)).not.toBeNull();
    // and the store's own staff may cancel it
    expect((await cancel(owner, { ids: [item.id] })).statusCode).toBe(200);
  });
});
