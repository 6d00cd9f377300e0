import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Item = { id: string; status: string; price: number; payout: number; payoutFee: number; total: number; requestedPrice: number | null; location: string | null; subLocation: string | null; acceptedOn: string | null; buyingId: string | null; paymentType: string | null; printed: boolean; option3Value: string | null; withdrawalFee: number; isWithdrawnEarly: boolean; lastUpdatedBy: { id: string; name: string } | null };
type Answer = { data: { message: string; inventory: Item | null; inventories: Item[]; removedIds: string[] } };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let marco: string;
let ordersOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  ordersOnly = await employeeWith(t, refs, 'orders@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

const act = (token: string, name: string, body: Record<string, unknown>, host?: string) => t.request({ method: 'POST', url: `/api/inventories/${name}`, token, body, host });
const answer = (res: Awaited<ReturnType<typeof act>>) => json<Answer>(res).data;
const statusLogs = async (id: string) => (await logsOf(t, id)).filter((l) => l.modifiedFields.some((f) => f.variableChanged === 'status'));

/** The one log entry an action wrote: its author and its fields. */
async function onlyLog(id: string) {
  const logs = await logsOf(t, id);
  expect(logs).toHaveLength(1);
  return logs[0];
}

describe('drop-off requests and drop-offs', () => {
  it('acceptRequestToSell: Requested -> Pending at a location', async () => {
    const item = await makeItem(t, refs, { status: 'Requested' });
    const res = await act(stock, 'acceptRequestToSell', { id: item.id, location: 'Warehouse', subLocation: 'Bin 2' });
    expect(res.statusCode).toBe(200);
    expect(answer(res).inventory).toMatchObject({ status: 'Pending', location: 'Warehouse', subLocation: 'Bin 2', lastUpdatedBy: { id: refs.stock.id, name: 'Sam Carter' } });
    const log = await onlyLog(item.id);
    expect(log).toMatchObject({ lastUpdatedById: refs.stock.id, lastUpdatedByName: 'Sam Carter' });
    expect(log.modifiedFields).toEqual([
      { variableChanged: 'location', beforeValue: null, afterValue: 'Warehouse' },
      { variableChanged: 'subLocation', beforeValue: null, afterValue: 'Bin 2' },
      { variableChanged: 'status', beforeValue: 'Requested', afterValue: 'Pending' },
    ]);
  });

  it('acceptRequestToSell needs a location', async () => {
    const item = await makeItem(t, refs, { status: 'Requested' });
    const res = await act(owner, 'acceptRequestToSell', { id: item.id });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('You must add the location of the inventory');
    expect((await itemRow(t, item.id))!.status).toBe('Requested');
    expect(await logsOf(t, item.id)).toHaveLength(0);
  });

  it('acceptInventory: Pending -> Active with location, sub-location and acceptedOn', async () => {
    const item = await makeItem(t, refs, { status: 'Pending' });
    const res = await act(stock, 'acceptInventory', { inventory: { id: item.id }, location: 'Downtown', subLocation: 'Shelf B' });
    expect(res.statusCode).toBe(200);
    expect(answer(res)).toMatchObject({ message: 'Inventory accepted', inventory: { status: 'Active', location: 'Downtown', subLocation: 'Shelf B' } });
    expect(answer(res).inventory!.acceptedOn).not.toBeNull();
    const fields = (await onlyLog(item.id)).modifiedFields.map((f) => f.variableChanged);
    expect(fields).toEqual(['location', 'subLocation', 'acceptedOn', 'status']);
  });

  it('acceptInventory keeps the location the item already has, and refuses one without', async () => {
    const placed = await makeItem(t, refs, { status: 'Pending', location: 'Uptown', subLocation: 'Window' });
    expect(answer(await act(owner, 'acceptInventory', { id: placed.id })).inventory).toMatchObject({ location: 'Uptown', subLocation: 'Window', status: 'Active' });
    const bare = await makeItem(t, refs, { status: 'Pending' });
    const res = await act(owner, 'acceptInventory', { id: bare.id, location: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('You must add the location of the inventory');
  });

  it('acceptInventory refuses an item that is not Pending with 409', async () => {
    const item = await makeItem(t, refs, { status: 'Requested' });
    const res = await act(owner, 'acceptInventory', { id: item.id, location: 'Downtown' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('Cannot accept an item that is Requested');
  });

  it('refuses consigners, employees without Inventory and other stores', async () => {
    const item = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    const asMarco = await act(marco, 'acceptInventory', { id: item.id, location: 'Downtown' });
    expect(asMarco.statusCode).toBe(403);
    expect(json(asMarco).error).toBe('Consigners cannot accept an item');
    const asOrders = await act(ordersOnly, 'acceptInventory', { id: item.id, location: 'Downtown' });
    expect(asOrders.statusCode).toBe(403);
    expect(json(asOrders).error).toBe('You need Inventory access to accept an item');
    const b = await secondStore(t);
    const otherStore = await act(b.token, 'acceptInventory', { id: item.id, location: 'Main Store' }, b.host);
    expect(otherStore.statusCode).toBe(404);
    expect((await itemRow(t, item.id))!.status).toBe('Pending');
  });

  it('declineInventory: Pending or Requested -> Declined, refused on Active', async () => {
    const item = await makeItem(t, refs, { status: 'Requested' });
    expect(answer(await act(stock, 'declineInventory', { id: item.id })).inventory).toMatchObject({ status: 'Declined' });
    expect((await onlyLog(item.id)).modifiedFields).toEqual([{ variableChanged: 'status', beforeValue: 'Requested', afterValue: 'Declined' }]);
    const active = await makeItem(t, refs);
    const res = await act(stock, 'declineInventory', { id: active.id });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('Cannot decline an item that is Active');
  });

  it("cancelDropoff: the consigner cancels their own drop-offs, never someone else's", async () => {
    const a = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const b = await makeItem(t, refs, { status: 'Pending', who: 'ava' });
    const theirs = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const foreign = await act(ava, 'cancelDropoff', { ids: [a.id, theirs.id], consigner: refs.consigner.ava.id });
    // someone else's item reads as not found, and its code is not named
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe('Inventory not found');
    // all or nothing: a was not cancelled either
    expect(await itemRow(t, a.id)).not.toBeNull();
    expect((await act(ava, 'cancelDropoff', { ids: [a.id], consigner: refs.consigner.marco.id })).statusCode).toBe(404);
    const res = await act(ava, 'cancelDropoff', { ids: [a.id, b.id], consigner: refs.consigner.ava.id });
    expect(res.statusCode).toBe(200);
    expect(answer(res)).toMatchObject({ message: 'Dropoff has been cancelled', removedIds: [a.id, b.id], inventories: [] });
    expect(await itemRow(t, a.id)).toBeNull();
    expect((await onlyLog(b.id)).modifiedFields).toContainEqual({ variableChanged: 'status', beforeValue: 'Pending', afterValue: null });
  });

  it('cancelDropoff names the refused item in a list', async () => {
    const ok = await makeItem(t, refs, { status: 'Requested' });
    const active = await makeItem(t, refs, { code: 'ACTIVE23' });
    const res = await act(owner, 'cancelDropoff', { ids: [ok.id, active.id] });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('ACTIVE23: Cannot cancel the drop-off of an item that is Active');
    expect(await itemRow(t, ok.id)).not.toBeNull();
  });

  it('deleteInventory: Pending removed, Active refused', async () => {
    const item = await makeItem(t, refs, { status: 'Pending' });
    expect(answer(await act(owner, 'deleteInventory', { id: item.id }))).toMatchObject({ message: 'Inventory deleted', removedIds: [item.id] });
    const active = await makeItem(t, refs);
    expect((await act(owner, 'deleteInventory', { id: active.id })).statusCode).toBe(409);
  });
});

describe('store requests and bought items', () => {
  it('acceptStoreRequest: Consignment -> Pending', async () => {
    const item = await makeItem(t, refs, { status: 'Consignment', storeRequestPriceLow: 10000, storeRequestPriceHigh: 14000 });
    const res = await act(stock, 'acceptStoreRequest', { id: item.id });
    expect(answer(res)).toMatchObject({ message: 'Inventory accepted successfully', inventory: { status: 'Pending' } });
    expect((await onlyLog(item.id)).modifiedFields).toEqual([{ variableChanged: 'status', beforeValue: 'Consignment', afterValue: 'Pending' }]);
  });

  it('acceptStoreRequest checks a new price against the requested range', async () => {
    const item = await makeItem(t, refs, { status: 'Consignment', storeRequestPriceLow: 10000, storeRequestPriceHigh: 14000 });
    const out = await act(owner, 'acceptStoreRequest', { id: item.id, price: 150 });
    expect(out.statusCode).toBe(422);
    expect(json(out).error).toBe('Price is not within the requested price range.');
    const ok = await act(owner, 'acceptStoreRequest', { id: item.id, price: 120 });
    expect(answer(ok).inventory).toMatchObject({ status: 'Pending', price: 120, payoutFee: 27.6, payout: 92.4 });
  });

  it('storeBuyRequestedInventory, then acceptInventory with a payment type: the consigner is owed the price', async () => {
    const item = await makeItem(t, refs, { status: 'Buying', who: 'marco', price: 9000 });
    const bought = answer(await act(owner, 'storeBuyRequestedInventory', { id: item.id })).inventory!;
    expect(bought.status).toBe('Pending');
    expect(bought.buyingId).toMatch(/^[0-9a-f-]{36}$/);
    const noType = await act(owner, 'acceptInventory', { id: item.id, location: 'Downtown' });
    expect(noType.statusCode).toBe(400);
    expect(json(noType).error).toBe('Please select a payment type');
    const accepted = answer(await act(owner, 'acceptInventory', { id: item.id, location: 'Downtown', paymentType: 'auto' })).inventory!;
    expect(accepted).toMatchObject({ status: 'Active', paymentType: 'auto', payout: 90, payoutFee: 0 });
    const logs = await logsOf(t, item.id);
    expect(logs.map((l) => l.modifiedFields.find((f) => f.variableChanged === 'status')?.afterValue)).toEqual(['Pending', 'Active']);
  });

  it("a bought item's total is the agreed price times its quantity", async () => {
    const item = await makeItem(t, refs, { status: 'Buying', who: 'marco', price: 9000, quantity: 3 });
    answer(await act(owner, 'storeBuyRequestedInventory', { id: item.id }));
    const accepted = answer(await act(owner, 'acceptInventory', { id: item.id, location: 'Downtown', paymentType: 'cash' })).inventory!;
    expect(accepted).toMatchObject({ status: 'Active', payout: 90, payoutFee: 0, total: 270 });
    expect(await itemRow(t, item.id)).toMatchObject({ payout: 9000, total: 27000, quantity: 3 });
  });

  it("storeRequestPriceChange, then the consigner accepts the store's price", async () => {
    const item = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const zero = await act(owner, 'storeRequestPriceChange', { id: item.id, requestedPrice: 0 });
    expect(json(zero).error).toBe('You must set the valuee for the price change');
    const asked = await act(owner, 'storeRequestPriceChange', { id: item.id, requestedPrice: 80 });
    expect(answer(asked).inventory).toMatchObject({ status: 'StoreRequestPriceChange', requestedPrice: 80 });
    expect((await act(owner, 'acceptStoreRequestPrice', { id: item.id })).statusCode).toBe(403);
    expect((await act(marco, 'acceptStoreRequestPrice', { id: item.id })).statusCode).toBe(404);
    const res = await act(ava, 'acceptStoreRequestPrice', { id: item.id });
    expect(answer(res).inventory).toMatchObject({ status: 'Requested', price: 80, requestedPrice: null, payoutFee: 18.4, payout: 61.6 });
    const last = (await logsOf(t, item.id)).at(-1)!;
    expect(last).toMatchObject({ lastUpdatedById: refs.consigner.ava.id });
    expect(last.modifiedFields).toEqual(
      expect.arrayContaining([
        { variableChanged: 'price', beforeValue: 100, afterValue: 80 },
        { variableChanged: 'requestedPrice', beforeValue: 80, afterValue: null },
        { variableChanged: 'status', beforeValue: 'StoreRequestPriceChange', afterValue: 'Requested' },
      ]),
    );
  });

  it("declining the store's price cancels the drop-off", async () => {
    const item = await makeItem(t, refs, { status: 'StoreRequestPriceChange', requestedPrice: 8000, who: 'ava' });
    expect(answer(await act(ava, 'declineStoreRequestPrice', { id: item.id }))).toMatchObject({ message: 'Dropoff has been cancelled', removedIds: [item.id] });
  });
});

describe('price changes', () => {
  it('requestPriceChange: the consigner asks a new price above 0', async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    for (const requestedPrice of [0, -5, undefined]) {
      const res = await act(ava, 'requestPriceChange', { id: item.id, requestedPrice });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe('You must set the valuee for the price change');
    }
    const res = await act(ava, 'requestPriceChange', { inventory: item.id, requestedPrice: 99 });
    expect(answer(res)).toMatchObject({ message: 'Requested price change: $99.00', inventory: { status: 'RequestPriceChange', requestedPrice: 99 } });
    expect((await onlyLog(item.id)).modifiedFields).toEqual([
      { variableChanged: 'requestedPrice', beforeValue: null, afterValue: 99 },
      { variableChanged: 'status', beforeValue: 'Active', afterValue: 'RequestPriceChange' },
    ]);
  });

  it("refuses a price change on another consigner's item (not found: its existence is not told) or a Sold item", async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    const res = await act(marco, 'requestPriceChange', { id: item.id, requestedPrice: 50 });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Inventory not found');
    const sold = await makeItem(t, refs, { who: 'ava', status: 'Sold' });
    expect((await act(ava, 'requestPriceChange', { id: sold.id, requestedPrice: 50 })).statusCode).toBe(409);
  });

  it('acceptInventoryPrice takes the requested price and recomputes fees', async () => {
    const item = await makeItem(t, refs, { status: 'RequestPriceChange', requestedPrice: 15000 });
    const res = await act(stock, 'acceptInventoryPrice', { id: item.id });
    expect(answer(res).inventory).toMatchObject({ status: 'Active', price: 150, requestedPrice: null, payoutFee: 34.5, payout: 115.5 });
    expect((await onlyLog(item.id)).modifiedFields).toEqual(
      expect.arrayContaining([
        { variableChanged: 'price', beforeValue: 100, afterValue: 150 },
        { variableChanged: 'payout', beforeValue: 77, afterValue: 115.5 },
      ]),
    );
  });

  it('acceptInventoryPrice leaves a store account at its cost', async () => {
    const item = await makeItem(t, refs, { who: 'store', status: 'RequestPriceChange', requestedPrice: 15000, cost: 6000, payout: 6000, payoutFee: 0, total: 6000 });
    expect(answer(await act(owner, 'acceptInventoryPrice', { id: item.id })).inventory).toMatchObject({ price: 150, payout: 60 });
  });

  it('declineInventoryPrice keeps the price', async () => {
    const item = await makeItem(t, refs, { status: 'RequestPriceChange', requestedPrice: 15000 });
    expect(answer(await act(stock, 'declineInventoryPrice', { id: item.id })).inventory).toMatchObject({ status: 'Active', price: 100, requestedPrice: null });
    const again = await act(stock, 'declineInventoryPrice', { id: item.id });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('Cannot decline a price change for an item that is Active');
  });
});

describe('withdrawals', () => {
  it('request, then accept or decline', async () => {
    const a = await makeItem(t, refs, { who: 'ava' });
    expect(answer(await act(ava, 'requestInventoryWithdrawal', { id: a.id })).inventory).toMatchObject({ status: 'RequestWithdrawal' });
    expect(answer(await act(stock, 'acceptInventoryWithdrawal', { id: a.id })).inventory).toMatchObject({ status: 'Withdrawn' });
    const [, accepted] = await logsOf(t, a.id);
    expect(accepted.modifiedFields).toEqual([
      { variableChanged: 'withdrawalAcceptedOn', beforeValue: null, afterValue: expect.any(String) },
      { variableChanged: 'withdrawalAcceptedBy', beforeValue: null, afterValue: 'Sam Carter' },
      { variableChanged: 'status', beforeValue: 'RequestWithdrawal', afterValue: 'Withdrawn' },
    ]);
    const b = await makeItem(t, refs, { status: 'InTransit', who: 'ava' });
    await act(ava, 'requestInventoryWithdrawal', { id: b.id });
    expect(answer(await act(stock, 'declineInventoryWithdrawal', { id: b.id })).inventory).toMatchObject({ status: 'WithdrawalDeclined' });
    expect((await act(ava, 'acceptInventoryWithdrawal', { id: b.id })).statusCode).toBe(403);
    expect((await act(ava, 'requestInventoryWithdrawal', { id: b.id })).statusCode).toBe(200);
  });

  it('a consigner withdraws their own Pending item directly, but nothing on the floor', async () => {
    const pending = await makeItem(t, refs, { status: 'Pending', who: 'ava' });
    expect(answer(await act(ava, 'withdrawInventory', { id: pending.id })).inventory).toMatchObject({ status: 'Withdrawn' });
    const active = await makeItem(t, refs, { who: 'ava' });
    expect((await act(ava, 'withdrawInventory', { id: active.id })).statusCode).toBe(409);
    const early = await act(ava, 'withdrawInventory', { id: (await makeItem(t, refs, { status: 'Pending', who: 'ava' })).id, isWithdrawnEarly: true, withdrawalFee: 5 });
    expect(early.statusCode).toBe(403);
  });

  it("staff withdraw early: the fee joins the consigner's outstanding withdrawal fees", async () => {
    const [before] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, refs.consigner.lena.id));
    const item = await makeItem(t, refs, { who: 'lena' });
    const res = await act(stock, 'withdrawInventory', { id: item.id, isWithdrawnEarly: true, withdrawalFee: 15 });
    expect(answer(res).inventory).toMatchObject({ status: 'Withdrawn', isWithdrawnEarly: true, withdrawalFee: 15 });
    const [after] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, refs.consigner.lena.id));
    expect(after.outstandingWithdrawalFees - before.outstandingWithdrawalFees).toBe(1500);
    expect((await onlyLog(item.id)).modifiedFields).toEqual(expect.arrayContaining([{ variableChanged: 'withdrawalFee', beforeValue: 0, afterValue: 15 }]));
    const sold = await makeItem(t, refs, { status: 'Sold' });
    expect((await act(stock, 'withdrawInventory', { id: sold.id })).statusCode).toBe(409);
  });
});

describe('transfers and labels', () => {
  it('transfer needs the Orders area', async () => {
    const item = await makeItem(t, refs);
    const res = await act(stock, 'transfer', { inventories: [item.id], location: 'Warehouse' });
    expect(res.statusCode).toBe(403);
    expect(json(res).error).toBe('You need Orders access to transfer an item');
  });

  it('transfer: Active -> InTransit to the new location, overriding option3Value by default', async () => {
    const a = await makeItem(t, refs, { subLocation: 'Shelf A' });
    const b = await makeItem(t, refs);
    const res = await act(ordersOnly, 'transfer', { inventories: [a.id, { id: b.id }], location: 'Uptown', shouldOverrideLocationOption: true });
    expect(res.statusCode).toBe(200);
    expect(answer(res).inventories).toHaveLength(2);
    expect(answer(res).inventories[0]).toMatchObject({ status: 'InTransit', location: 'Uptown', subLocation: null, option3Value: 'Uptown' });
    expect((await onlyLog(a.id)).modifiedFields).toEqual([
      { variableChanged: 'location', beforeValue: 'Downtown', afterValue: 'Uptown' },
      { variableChanged: 'subLocation', beforeValue: 'Shelf A', afterValue: null },
      { variableChanged: 'option3Value', beforeValue: 'Good Box', afterValue: 'Uptown' },
      { variableChanged: 'status', beforeValue: 'Active', afterValue: 'InTransit' },
    ]);
    const noLocation = await act(owner, 'transfer', { inventories: [a.id], location: '' });
    expect(json(noLocation).error).toBe('Please select a location');
  });

  it('acceptTransfer: InTransit -> Active at the chosen location', async () => {
    const item = await makeItem(t, refs, { status: 'InTransit', location: 'Uptown' });
    const res = await act(stock, 'acceptTransfer', { ids: [item.id], location: 'Warehouse', subLocation: 'Bin 1' });
    expect(answer(res).inventories[0]).toMatchObject({ status: 'Active', location: 'Warehouse', subLocation: 'Bin 1' });
    expect((await act(stock, 'acceptTransfer', { ids: [item.id], location: 'Warehouse' })).statusCode).toBe(409);
  });

  it('markPrinted sets printed', async () => {
    const item = await makeItem(t, refs, { printed: false });
    expect(answer(await act(stock, 'markPrinted', { ids: [item.id] })).inventories[0]).toMatchObject({ printed: true });
    expect((await onlyLog(item.id)).modifiedFields).toEqual([{ variableChanged: 'printed', beforeValue: false, afterValue: true }]);
  });

  it('resyncSingleInventory queues a storefront job that reports the item failed, not done, while no storefront is connected', async () => {
    const item = await makeItem(t, refs);
    const res = await act(stock, 'resyncSingleInventory', { id: item.id });
    expect(res.statusCode).toBe(202);
    const { jobId, message } = json<{ data: { jobId: string; message: string } }>(res).data;
    expect(message).toBe('Resyncing item...');
    const job = await waitForJob(t, owner, jobId);
    expect(job).toMatchObject({ status: 'completed', total: 1, done: 0, failed: 1, result: { synced: 0, failed: 1 } });
    expect(job.errors).toEqual([{ id: item.id, error: 'No storefront is connected to this store yet, so nothing was sent to a storefront.' }]);
    expect((await act(ava, 'resyncSingleInventory', { id: item.id })).statusCode).toBe(403);
  });
});

describe('two staff accepting the same item at once', () => {
  it('lets exactly one win; the other gets 409 and nothing is logged twice', async () => {
    for (let round = 0; round < 3; round += 1) {
      const item = await makeItem(t, refs, { status: 'Pending' });
      const [a, b] = await Promise.all([
        act(owner, 'acceptInventory', { id: item.id, location: 'Downtown' }),
        act(stock, 'acceptInventory', { id: item.id, location: 'Warehouse' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(json(loser).error).toBe('Cannot accept an item that is Active');
      expect(await statusLogs(item.id)).toHaveLength(1);
      const winner = a.statusCode === 200 ? 'Downtown' : 'Warehouse';
      expect((await itemRow(t, item.id))!.location).toBe(winner);
    }
  });
});
