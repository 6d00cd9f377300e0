import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { BULK_CHUNK, INLINE_ACTION_LIMIT, runBulkJob } from '../src/modules/inventory/inventory-bulk.service.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let ordersOnly: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  ordersOnly = await employeeWith(t, refs, 'orders-bulk@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

const act = (token: string, name: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/inventories/${name}`, token, body });
const jobs = async () => (await t.ctx.db.select().from(s.backgroundJobs).where(eq(s.backgroundJobs.kind, 'inventory.bulkAction'))).length;

async function queued(res: Awaited<ReturnType<typeof act>>, message: string) {
  expect(res.statusCode).toBe(202);
  const data = json<{ data: { jobId: string; message: string } }>(res).data;
  expect(data.message).toBe(message);
  return waitForJob(t, owner, data.jobId);
}

describe('bulk actions as background jobs', () => {
  it('bulkAcceptInventory accepts each item in its own transaction; a refused one does not undo the others', async () => {
    const pending = await Promise.all([1, 2, 3].map(() => makeItem(t, refs, { status: 'Pending' })));
    const active = await makeItem(t, refs);
    const ids = [pending[0].id, active.id, pending[1].id, pending[2].id];
    const job = await queued(await act(stock, 'bulkAcceptInventory', { ids, location: 'Warehouse', subLocation: 'Bin 1' }), 'Accepting inventories, this may take some time');
    expect(job).toMatchObject({ status: 'completed', done: 3, failed: 1, errors: [{ id: active.id, error: 'Cannot accept an item that is Active' }], result: { op: 'acceptInventory', done: 3, failed: 1 } });
    for (const p of pending) {
      expect(await itemRow(t, p.id)).toMatchObject({ status: 'Active', location: 'Warehouse', subLocation: 'Bin 1', lastUpdatedByName: 'Sam Carter' });
      const [log] = await logsOf(t, p.id);
      expect(log.modifiedFields).toContainEqual({ variableChanged: 'status', beforeValue: 'Pending', afterValue: 'Active' });
      expect(log.lastUpdatedById).toBe(refs.stock.id);
    }
    expect(await logsOf(t, active.id)).toHaveLength(0);
  });

  it(`works through several chunks of ${BULK_CHUNK}, with refusals in each`, async () => {
    const items = await Promise.all(Array.from({ length: BULK_CHUNK + 20 }, (_, i) => makeItem(t, refs, { status: i === 3 || i === BULK_CHUNK + 5 ? 'Sold' : 'Pending' })));
    const job = await queued(await act(owner, 'bulkAcceptInventory', { ids: items.map((i) => i.id), location: 'Downtown' }), 'Accepting inventories, this may take some time');
    expect(job).toMatchObject({ status: 'completed', done: BULK_CHUNK + 18, failed: 2 });
    expect(job.errors.map((e) => e.id).sort()).toEqual([items[3].id, items[BULK_CHUNK + 5].id].sort());
    expect((await itemRow(t, items[BULK_CHUNK + 19].id))!.status).toBe('Active');
    expect((await itemRow(t, items[3].id))!.status).toBe('Sold');
  });

  it('reports a missing location per item', async () => {
    const placed = await makeItem(t, refs, { status: 'Pending', location: 'Uptown' });
    const bare = await makeItem(t, refs, { status: 'Pending' });
    const job = await queued(await act(owner, 'bulkAcceptInventory', { ids: [placed.id, bare.id] }), 'Accepting inventories, this may take some time');
    expect(job).toMatchObject({ done: 1, failed: 1, errors: [{ id: bare.id, error: 'You must add the location of the inventory' }] });
  });

  it('bulkAcceptRequestToSell and bulkDeclineRequestToSell', async () => {
    const requested = await Promise.all([1, 2].map(() => makeItem(t, refs, { status: 'Requested' })));
    const accepted = await queued(await act(owner, 'bulkAcceptRequestToSell', { ids: requested.map((r) => r.id), location: 'Downtown' }), 'Accepting requested inventories, this may take some time');
    expect(accepted).toMatchObject({ done: 2, failed: 0 });
    expect((await itemRow(t, requested[0].id))!.status).toBe('Pending');
    const toDecline = [await makeItem(t, refs, { status: 'Requested' }), await makeItem(t, refs, { status: 'Sold' })];
    const declined = await queued(await act(owner, 'bulkDeclineRequestToSell', { ids: toDecline.map((r) => r.id) }), 'Declining requested inventories, this may take some time');
    expect(declined).toMatchObject({ done: 1, failed: 1, errors: [{ id: toDecline[1].id, error: 'Cannot decline an item that is Sold' }] });
  });

  it('bulkPrintInventory marks Active items printed', async () => {
    const items = await Promise.all([1, 2].map(() => makeItem(t, refs, { printed: false })));
    const job = await queued(await act(stock, 'bulkPrintInventory', { ids: items.map((i) => i.id) }), "Updating inventories, this may take some time, don't refresh!");
    expect(job).toMatchObject({ done: 2, failed: 0 });
    expect((await itemRow(t, items[1].id))!.printed).toBe(true);
  });

  it('resumes a job picked up again after a restart after the items it already recorded', async () => {
    const items = await Promise.all(Array.from({ length: 5 }, () => makeItem(t, refs, { status: 'Pending' })));
    const ids = items.map((i) => i.id);
    const by = { kind: 'employee' as const, id: refs.stock.id, name: 'Sam Carter', accessControls: ['Inventory' as const] };
    // The first run accepted and recorded two items, then the worker died.
    await act(stock, 'acceptInventory', { ids: ids.slice(0, 2), location: 'Downtown' });
    const [job] = await t.ctx.db
      .insert(s.backgroundJobs)
      .values({ storeId: refs.store.id, kind: 'inventory.bulkAction', payload: { op: 'acceptInventory', ids, input: { location: 'Downtown' }, by }, total: 5, done: 2, status: 'running' })
      .returning();
    const seen = { done: 0, failed: [] as string[] };
    const result = await runBulkJob(t.ctx, {
      job,
      itemDone: async () => void (seen.done += 1),
      itemFailed: async (_id, error) => void seen.failed.push(error),
      recordOutcomes: async ({ done, failures }) => {
        seen.done += done;
        seen.failed.push(...failures.map((f) => f.error));
      },
      setTotal: async () => {},
    });
    expect(seen).toEqual({ done: 3, failed: [] });
    expect(result).toEqual({ op: 'acceptInventory', done: 5, failed: 0 });
    for (const id of ids) expect((await itemRow(t, id))!.status).toBe('Active');
    expect(await logsOf(t, ids[0])).toHaveLength(1);
  });

  it('checks access and the location before queuing anything', async () => {
    const item = await makeItem(t, refs, { status: 'Pending', who: 'ava' });
    const before = await jobs();
    expect((await act(ava, 'bulkAcceptInventory', { ids: [item.id], location: 'Downtown' })).statusCode).toBe(403);
    expect((await act(ordersOnly, 'bulkAcceptInventory', { ids: [item.id], location: 'Downtown' })).statusCode).toBe(403);
    const nowhere = await act(owner, 'bulkAcceptInventory', { ids: [item.id], location: 'Nowhere' });
    expect(nowhere.statusCode).toBe(400);
    expect(json(nowhere).error).toBe('There is no location named Nowhere');
    const wrongShelf = await act(owner, 'bulkAcceptInventory', { ids: [item.id], location: 'Warehouse', subLocation: 'Shelf A' });
    expect(json(wrongShelf).error).toBe('Shelf A is not a sub-location of Warehouse');
    expect((await act(owner, 'bulkAcceptInventory', { ids: [] })).statusCode).toBe(400);
    expect(await jobs()).toBe(before);
  });
});

describe('list actions: inline up to the limit, a job beyond', () => {
  it(`transfers up to ${INLINE_ACTION_LIMIT} items inline and more as a job`, async () => {
    const items = await Promise.all(Array.from({ length: INLINE_ACTION_LIMIT + 1 }, () => makeItem(t, refs)));
    const job = await queued(await act(ordersOnly, 'transfer', { inventories: items.map((i) => i.id), location: 'Uptown' }), "Updating inventories, this may take some time, don't refresh!");
    expect(job).toMatchObject({ done: INLINE_ACTION_LIMIT + 1, failed: 0 });
    expect((await itemRow(t, items[INLINE_ACTION_LIMIT].id))).toMatchObject({ status: 'InTransit', location: 'Uptown' });
    const back = await act(owner, 'acceptTransfer', { ids: items.slice(0, 3).map((i) => i.id), location: 'Downtown' });
    expect(back.statusCode).toBe(200);
  });

  it('accepts scanned items together (acceptInventory with ids), all or nothing', async () => {
    const a = await makeItem(t, refs, { status: 'Pending' });
    const b = await makeItem(t, refs, { status: 'Pending' });
    const done = await makeItem(t, refs, { code: 'DONE2345' });
    const refused = await act(stock, 'acceptInventory', { ids: [a.id, done.id, b.id], location: 'Downtown' });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe('DONE2345: Cannot accept an item that is Active');
    expect((await itemRow(t, a.id))!.status).toBe('Pending');
    const ok = await act(stock, 'acceptInventory', { ids: [a.id, b.id], location: 'Downtown' });
    expect(json<{ data: { message: string; inventories: unknown[] } }>(ok).data).toMatchObject({ message: 'Inventories accepted', inventories: [{ status: 'Active' }, { status: 'Active' }] });
  });

  it("lets staff cancel a consigner's drop-offs only when they are that consigner's", async () => {
    const item = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const res = await act(owner, 'cancelDropoff', { ids: [item.id], consigner: refs.consigner.ava.id });
    expect(res.statusCode).toBe(400);
    expect((await act(owner, 'cancelDropoff', { ids: [item.id], consigner: refs.consigner.marco.id })).statusCode).toBe(200);
  });
});
