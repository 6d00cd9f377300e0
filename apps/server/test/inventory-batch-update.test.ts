// PUT /api/inventories: several items' edits in one transaction (the listing wizard places its items).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Placed = { id: string; code: string; status: string; price: number; quantity: number; location: string | null; subLocation: string | null };

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
  ordersOnly = await employeeWith(t, refs, 'orders-batch@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

const put = (token: string | undefined, inventories: Record<string, unknown>[], host?: string) =>
  t.request({ method: 'PUT', url: '/api/inventories', token, body: { inventories }, host });

async function untouched(items: { id: string; location: string | null; price: number }[]) {
  for (const item of items) {
    expect(await itemRow(t, item.id)).toMatchObject({ location: item.location, price: item.price });
    expect(await logsOf(t, item.id)).toHaveLength(0);
  }
}

describe('PUT /api/inventories', () => {
  it("places a consigner's drop-offs together, each with its log entry", async () => {
    const [a, b] = [await makeItem(t, refs, { status: 'Requested' }), await makeItem(t, refs, { status: 'Requested', option1Value: '11' })];
    const res = await put(ava, [a, b].map((i) => ({ id: i.id, location: 'Uptown', subLocation: 'Window' })));
    expect(res.statusCode).toBe(200);
    const placed = json<{ data: Placed[] }>(res).data;
    expect(placed).toEqual([
      { id: a.id, code: a.code, status: 'Requested', price: 100, quantity: 1, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', location: 'Uptown', subLocation: 'Window' },
      { id: b.id, code: b.code, status: 'Requested', price: 100, quantity: 1, option1Value: '11', option2Value: 'New', option3Value: 'Good Box', location: 'Uptown', subLocation: 'Window' },
    ]);
    for (const item of [a, b]) {
      expect(await itemRow(t, item.id)).toMatchObject({ location: 'Uptown', subLocation: 'Window' });
      const logs = await logsOf(t, item.id);
      expect(logs).toHaveLength(1);
      expect(logs[0].modifiedFields).toEqual(
        expect.arrayContaining([
          { variableChanged: 'location', beforeValue: null, afterValue: 'Uptown' },
          { variableChanged: 'subLocation', beforeValue: null, afterValue: 'Window' },
        ]),
      );
    }
  });

  it('lets staff edit several items with the per-item rules (fees recomputed)', async () => {
    const [a, b] = [await makeItem(t, refs), await makeItem(t, refs, { who: 'marco' })];
    const res = await put(owner, [
      { id: a.id, price: 200 },
      { id: b.id, notes: 'boxed' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, a.id)).toMatchObject({ price: 20000, payout: 15400, payoutFee: 4600 });
    expect(await itemRow(t, b.id)).toMatchObject({ notes: 'boxed', price: 10000 });
  });

  it('refuses the whole batch when one item is refused, naming it, and changes no item', async () => {
    const good = await makeItem(t, refs, { status: 'Requested' });
    const accepted = await makeItem(t, refs, { status: 'Active' });
    const res = await put(ava, [
      { id: good.id, location: 'Uptown' },
      { id: accepted.id, location: 'Uptown' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(json<{ error: string }>(res).error).toBe(`Item ${accepted.code}: The location can only be changed before the store accepts the item`);
    await untouched([{ ...good, location: null }, accepted]);

    // A staff batch with an unknown location, after a valid edit: that one is rolled back too.
    const a = await makeItem(t, refs);
    const b = await makeItem(t, refs);
    const refused = await put(owner, [
      { id: a.id, price: 150 },
      { id: b.id, location: 'Nowhere at all' },
    ]);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(json<{ error: string }>(refused).error).toMatch(new RegExp(`^Item ${b.code}: `));
    await untouched([a, b]);
  });

  it("refuses a consigner's batch holding another consigner's item, without showing its code", async () => {
    const mine = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const theirs = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const res = await put(marco, [
      { id: mine.id, location: 'Uptown' },
      { id: theirs.id, location: 'Uptown' },
    ]);
    expect(res.statusCode).toBe(404);
    expect(json<{ error: string }>(res).error).toBe(`Item ${theirs.id}: Inventory not found`);
    await untouched([mine, theirs]);
    const unknown = await put(owner, [{ id: crypto.randomUUID(), notes: 'x' }]);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a consigner changing staff fields, an employee without Inventory, another store and no session', async () => {
    const item = await makeItem(t, refs, { status: 'Requested' });
    const priced = await put(ava, [{ id: item.id, price: 1 }]);
    expect(priced.statusCode).toBe(403);
    expect(json<{ error: string }>(priced).error).toContain(item.code);
    expect((await put(ordersOnly, [{ id: item.id, notes: 'x' }])).statusCode).toBe(403);
    const b = await secondStore(t);
    const wrongStore = await put(b.token, [{ id: item.id, notes: 'x' }]);
    expect(wrongStore.statusCode).toBe(403);
    expect(json<{ code?: string }>(wrongStore).code).toBe('WRONG_STORE');
    // Signed into its own store, the other store's admin cannot reach a demo item.
    expect((await put(b.token, [{ id: item.id, notes: 'x' }], b.host)).statusCode).toBe(404);
    expect((await put(undefined, [{ id: item.id, notes: 'x' }])).statusCode).toBe(401);
    await untouched([{ ...item, location: null }]);
  });

  it('bounds the batch: at least one item, at most 500, each once, valid ids and texts', async () => {
    const item = await makeItem(t, refs);
    const cases: Record<string, unknown>[][] = [
      [],
      Array.from({ length: 501 }, () => ({ id: crypto.randomUUID() })),
      [{ id: item.id }, { id: item.id, notes: 'twice' }],
      [{ id: 'not-an-id', notes: 'x' }],
      [{ id: item.id, notes: 'x'.repeat(100_000) }],
      [{ id: item.id, price: -1 }],
    ];
    for (const inventories of cases) {
      const res = await put(owner, inventories);
      expect({ n: inventories.length, status: res.statusCode, error: typeof json(res).error }).toEqual({ n: inventories.length, status: 400, error: 'string' });
    }
    const notArray = await t.request({ method: 'PUT', url: '/api/inventories', token: owner, body: { inventories: 'all' } });
    expect(notArray.statusCode).toBe(400);
    await untouched([item]);
  });
});
