// Every single-item action operation of docs/statuses.md against the same six questions: the good path (and
// the log entry it writes, stamped with the actor), a refused status (409, nothing written), a
// missing location where one is needed, the wrong role, a consigner acting on another consigner's
// item, and another store's item.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type ItemOver = Parameters<typeof makeItem>[2];
type Case = {
  /** POST /api/inventories/{op} */
  op: string;
  /** Status and extra columns of the item the good path acts on. */
  from: string;
  item?: ItemOver;
  /** Resulting status; 'removed' when the item goes; 'same' when only other fields change. */
  to: string;
  /** The field (other than status) the good path must change, with its new value. */
  sets?: [field: string, value: unknown];
  /** A status the operation refuses. */
  refused: string;
  /** Who may act: staff with this area (null: staff may not), and/or the owning consigner. */
  staffArea: 'Inventory' | 'Orders' | null;
  consigner: boolean;
  /** The consigner's good path, when it starts from another status than staff's. */
  consignerFrom?: string;
  body: (id: string) => Record<string, unknown>;
  /** Body without a location, and the message expected, for operations that need one. */
  withoutLocation?: { body: (id: string) => Record<string, unknown>; message: string };
};

const LOCATION_REQUIRED = 'You must add the location of the inventory';
const id1 = (id: string) => ({ id });

const CASES: Case[] = [
  {
    op: 'acceptRequestToSell', from: 'Requested', to: 'Pending', refused: 'Active', staffArea: 'Inventory', consigner: false,
    sets: ['location', 'Warehouse'],
    body: (id) => ({ id, location: 'Warehouse' }),
    withoutLocation: { body: id1, message: LOCATION_REQUIRED },
  },
  { op: 'declineInventory', from: 'Pending', to: 'Declined', refused: 'Active', staffArea: 'Inventory', consigner: false, body: id1 },
  {
    op: 'acceptInventory', from: 'Pending', to: 'Active', refused: 'Requested', staffArea: 'Inventory', consigner: false,
    sets: ['location', 'Warehouse'],
    body: (id) => ({ id, location: 'Warehouse', subLocation: 'Bin 1' }),
    withoutLocation: { body: id1, message: LOCATION_REQUIRED },
  },
  { op: 'storeBuyRequestedInventory', from: 'Buying', to: 'Pending', refused: 'Consignment', staffArea: 'Inventory', consigner: false, body: id1 },
  { op: 'acceptStoreRequest', from: 'Consignment', to: 'Pending', refused: 'Buying', staffArea: 'Inventory', consigner: false, body: id1 },
  { op: 'cancelDropoff', from: 'Requested', to: 'removed', refused: 'Active', staffArea: 'Inventory', consigner: true, body: (id) => ({ ids: [id] }) },
  { op: 'deleteInventory', from: 'Pending', to: 'removed', refused: 'Active', staffArea: 'Inventory', consigner: true, body: id1 },
  {
    op: 'storeRequestPriceChange', from: 'Requested', to: 'StoreRequestPriceChange', refused: 'Active', staffArea: 'Inventory', consigner: false,
    sets: ['requestedPrice', 90], body: (id) => ({ id, requestedPrice: 90 }),
  },
  {
    op: 'acceptStoreRequestPrice', from: 'StoreRequestPriceChange', item: { requestedPrice: 9000 }, to: 'Requested', refused: 'Requested', staffArea: null, consigner: true,
    sets: ['price', 90], body: id1,
  },
  { op: 'declineStoreRequestPrice', from: 'StoreRequestPriceChange', to: 'removed', refused: 'Requested', staffArea: null, consigner: true, body: id1 },
  {
    op: 'requestPriceChange', from: 'Active', to: 'RequestPriceChange', refused: 'Sold', staffArea: 'Inventory', consigner: true,
    sets: ['requestedPrice', 120], body: (id) => ({ id, requestedPrice: 120 }),
  },
  {
    op: 'acceptInventoryPrice', from: 'RequestPriceChange', item: { requestedPrice: 12000 }, to: 'Active', refused: 'Active', staffArea: 'Inventory', consigner: false,
    sets: ['price', 120], body: id1,
  },
  { op: 'declineInventoryPrice', from: 'RequestPriceChange', item: { requestedPrice: 12000 }, to: 'Active', refused: 'Active', staffArea: 'Inventory', consigner: false, body: id1 },
  { op: 'requestInventoryWithdrawal', from: 'Active', to: 'RequestWithdrawal', refused: 'Sold', staffArea: 'Inventory', consigner: true, body: id1 },
  { op: 'acceptInventoryWithdrawal', from: 'RequestWithdrawal', to: 'Withdrawn', refused: 'Active', staffArea: 'Inventory', consigner: false, body: id1 },
  { op: 'declineInventoryWithdrawal', from: 'RequestWithdrawal', to: 'WithdrawalDeclined', refused: 'Active', staffArea: 'Inventory', consigner: false, body: id1 },
  { op: 'withdrawInventory', from: 'Active', consignerFrom: 'Pending', to: 'Withdrawn', refused: 'Sold', staffArea: 'Inventory', consigner: true, body: id1 },
  {
    op: 'transfer', from: 'Active', to: 'InTransit', refused: 'Pending', staffArea: 'Orders', consigner: false,
    sets: ['location', 'Uptown'], body: (id) => ({ inventories: [id], location: 'Uptown' }),
    withoutLocation: { body: (id) => ({ inventories: [id] }), message: 'Please select a location' },
  },
  {
    op: 'acceptTransfer', from: 'InTransit', to: 'Active', refused: 'Active', staffArea: 'Inventory', consigner: false,
    sets: ['location', 'Warehouse'], body: (id) => ({ ids: [id], location: 'Warehouse' }),
    withoutLocation: { body: (id) => ({ ids: [id] }), message: 'Please select a location' },
  },
  { op: 'markPrinted', from: 'Active', to: 'same', refused: 'Pending', staffArea: 'Inventory', consigner: false, sets: ['printed', true], body: id1 },
];

let t: TestApp;
let refs: DemoRefs;
let tokens: Record<'owner' | 'stock' | 'ava' | 'marco' | 'ordersOnly', string>;
let ordersOnlyId: string;
let other: Awaited<ReturnType<typeof secondStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  const [owner, stock, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  const ordersOnly = await employeeWith(t, refs, 'orders-matrix@demo.backroom.test', ['Orders']);
  tokens = { owner, stock, ava, marco, ordersOnly };
  ordersOnlyId = (await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, 'orders-matrix@demo.backroom.test')))[0].id;
  other = await secondStore(t);
});
afterAll(async () => t.close());

const act = (token: string, op: string, body: Record<string, unknown>, host?: string) => t.request({ method: 'POST', url: `/api/inventories/${op}`, token, body, host });

/** The staff member who holds exactly the area the operation needs, and one who lacks it. */
const staffFor = (area: 'Inventory' | 'Orders') =>
  area === 'Inventory'
    ? { token: () => tokens.stock, id: () => refs.stock.id, name: 'Sam Carter', lacking: () => tokens.ordersOnly }
    : { token: () => tokens.ordersOnly, id: () => ordersOnlyId, name: 'No Inventory', lacking: () => tokens.stock };
const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

async function expectUntouched(id: string, status: string) {
  expect((await itemRow(t, id))?.status).toBe(status);
  expect(await logsOf(t, id)).toHaveLength(0);
}

/** The good path: the answer, the row, and the one log entry, stamped with who acted. */
async function goodPath(c: Case, from: string, token: string, by: { id: string; name: string }) {
  const item = await makeItem(t, refs, { status: from, ...c.item });
  const res = await act(token, c.op, c.body(item.id));
  expect(res.statusCode, res.body).toBe(200);
  const row = await itemRow(t, item.id);
  if (c.to === 'removed') {
    expect(row).toBeNull();
    expect(json<{ data: { removedIds: string[] } }>(res).data.removedIds).toEqual([item.id]);
  } else {
    expect(row).toMatchObject({ status: c.to === 'same' ? from : c.to, lastUpdatedById: by.id, lastUpdatedByName: by.name });
    expect(json<{ data: { inventory: { id: string; status: string } } }>(res).data.inventory).toMatchObject({ id: item.id, status: row!.status });
  }
  const logs = await logsOf(t, item.id);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({ lastUpdatedById: by.id, lastUpdatedByName: by.name, storeId: refs.store.id });
  if (c.to !== 'same') {
    expect(logs[0].modifiedFields).toContainEqual({ variableChanged: 'status', beforeValue: from, afterValue: c.to === 'removed' ? null : c.to });
  }
  if (c.sets) {
    const [field, value] = c.sets;
    expect(logs[0].modifiedFields.find((f) => f.variableChanged === field)?.afterValue).toEqual(value);
  }
}

describe.each(CASES)('POST /api/inventories/$op', (c) => {
  if (c.staffArea) {
    const area = c.staffArea;
    it(`staff with ${area}: ${c.from} -> ${c.to}, with one log entry stamped with the employee`, async () => {
      const staff = staffFor(area);
      await goodPath(c, c.from, staff.token(), { id: staff.id(), name: staff.name });
    });

    it(`refuses staff without ${area} (403), writing nothing`, async () => {
      const item = await makeItem(t, refs, { status: c.from, ...c.item });
      const res = await act(staffFor(area).lacking(), c.op, c.body(item.id));
      expect(res.statusCode).toBe(403);
      expect(json(res).error).toContain(`You need ${area} access`);
      await expectUntouched(item.id, c.from);
    });
  } else {
    it('refuses staff (403): only the consigner answers', async () => {
      const item = await makeItem(t, refs, { status: c.from, ...c.item });
      const res = await act(tokens.owner, c.op, c.body(item.id));
      expect(res.statusCode).toBe(403);
      await expectUntouched(item.id, c.from);
    });
  }

  if (c.consigner) {
    const from = c.consignerFrom ?? c.from;
    it(`the owning consigner: ${from} -> ${c.to}, stamped with the consigner`, async () => {
      await goodPath(c, from, tokens.ava, { id: refs.consigner.ava.id, name: fullName(refs.consigner.ava) });
    });
  } else {
    it('refuses the owning consigner (403)', async () => {
      const item = await makeItem(t, refs, { status: c.from, ...c.item });
      const res = await act(tokens.ava, c.op, c.body(item.id));
      expect(res.statusCode).toBe(403);
      expect(json(res).error).toMatch(/^Consigners cannot /);
      await expectUntouched(item.id, c.from);
    });
  }

  it("refuses a consigner acting on another consigner's item (404 for a consigner's action, 403 for a staff one)", async () => {
    const item = await makeItem(t, refs, { status: c.consignerFrom ?? c.from, ...c.item, who: 'ava' });
    const res = await act(tokens.marco, c.op, c.body(item.id));
    // an action open to consigners reads someone else's item as not found; a staff-only one is refused first
    expect(res.statusCode).toBe(c.consigner ? 404 : 403);
    await expectUntouched(item.id, c.consignerFrom ?? c.from);
  });

  it(`refuses a ${c.refused} item with 409 and writes nothing`, async () => {
    const item = await makeItem(t, refs, { status: c.refused, ...c.item });
    const token = c.staffArea ? staffFor(c.staffArea).token() : tokens.ava;
    const res = await act(token, c.op, c.body(item.id));
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toMatch(/^Cannot .+ an item that is /);
    await expectUntouched(item.id, c.refused);
  });

  it("does not reach another store's item", async () => {
    const item = await makeItem(t, refs, { status: c.from, ...c.item });
    const res = await act(other.token, c.op, c.body(item.id), other.host);
    // Staff of the other store find no such item; a consigner-only answer is refused to staff first.
    expect(res.statusCode).toBe(c.staffArea ? 404 : 403);
    await expectUntouched(item.id, c.from);
  });

  const withoutLocation = c.withoutLocation;
  if (withoutLocation && c.staffArea) {
    const area = c.staffArea;
    it(`needs a location: '${withoutLocation.message}'`, async () => {
      const item = await makeItem(t, refs, { status: c.from, ...c.item, location: null, subLocation: null });
      const res = await act(staffFor(area).token(), c.op, withoutLocation.body(item.id));
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe(withoutLocation.message);
      await expectUntouched(item.id, c.from);
    });
  }
});

describe('DELETE /api/inventories/{id}', () => {
  const del = (token: string, id: string, host?: string) => t.request({ method: 'DELETE', url: `/api/inventories/${id}`, token, host });

  it('removes a Pending item for staff and for its consigner, each leaving one stamped log entry', async () => {
    for (const [token, by] of [
      [tokens.stock, { id: refs.stock.id, name: 'Sam Carter' }],
      [tokens.ava, { id: refs.consigner.ava.id, name: fullName(refs.consigner.ava) }],
    ] as const) {
      const item = await makeItem(t, refs, { status: 'Pending' });
      expect((await del(token, item.id)).statusCode).toBe(200);
      expect(await itemRow(t, item.id)).toBeNull();
      const logs = await logsOf(t, item.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ lastUpdatedById: by.id, lastUpdatedByName: by.name });
    }
  });

  it("refuses another consigner's item, staff without Inventory, another store and an Active item", async () => {
    const item = await makeItem(t, refs, { status: 'Pending', who: 'ava' });
    expect((await del(tokens.marco, item.id)).statusCode).toBe(404);
    expect((await del(tokens.ordersOnly, item.id)).statusCode).toBe(403);
    expect((await del(other.token, item.id, other.host)).statusCode).toBe(404);
    await expectUntouched(item.id, 'Pending');
    const active = await makeItem(t, refs);
    expect((await del(tokens.owner, active.id)).statusCode).toBe(409);
    await expectUntouched(active.id, 'Active');
  });
});

describe('PUT /api/inventories/{id}', () => {
  const put = (token: string, id: string, body: Record<string, unknown>, host?: string) => t.request({ method: 'PUT', url: `/api/inventories/${id}`, token, body, host });

  it('edits with one log entry stamped with the employee', async () => {
    const item = await makeItem(t, refs);
    const res = await put(tokens.stock, item.id, { notes: 'Scuff on the left toe' });
    expect(res.statusCode).toBe(200);
    const logs = await logsOf(t, item.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ lastUpdatedById: refs.stock.id, lastUpdatedByName: 'Sam Carter', modifiedFields: [{ variableChanged: 'notes', beforeValue: null, afterValue: 'Scuff on the left toe' }] });
  });

  it("refuses another consigner's item, staff without Inventory and another store's item, writing nothing", async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    expect((await put(tokens.marco, item.id, { notes: 'mine now' })).statusCode).toBe(404);
    expect((await put(tokens.ordersOnly, item.id, { notes: 'x' })).statusCode).toBe(403);
    expect((await put(other.token, item.id, { notes: 'x' }, other.host)).statusCode).toBe(404);
    expect((await put(tokens.ava, item.id, { price: 1 })).statusCode).toBe(403);
    await expectUntouched(item.id, 'Active');
  });

  it("refuses Active without acceptance: 'This item has not been accepted, you must accept it via the incoming tab.'", async () => {
    const item = await makeItem(t, refs, { status: 'Pending', location: 'Downtown' });
    const res = await put(tokens.stock, item.id, { status: 'Active' });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('This item has not been accepted, you must accept it via the incoming tab.');
    await expectUntouched(item.id, 'Pending');
  });
});
