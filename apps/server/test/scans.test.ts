import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Item = { id: string; code: string; status: string; location: string | null; consignerName: string };
type Scan = { id: string; status: string; location: string; expectedCount: number; scannedCount: number; createdByName: string | null };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
});
afterAll(async () => t.close());

let second: Awaited<ReturnType<typeof secondStore>> | null = null;
const otherStoreOnce = async () => (second ??= await secondStore(t));
const ava = () => refs.consigner.ava.id;

// A location of its own, so the demo's items do not blur the counts.
async function countedLocation(name: string) {
  await t.ctx.db.insert(s.locations).values({ storeId: refs.store.id, name });
  const here = await makeItem(t, refs, { location: name });
  const missing = await makeItem(t, refs, { location: name, status: 'RequestPriceChange' });
  const sold = await makeItem(t, refs, { location: name, status: 'Sold' });
  const elsewhere = await makeItem(t, refs, { location: 'Warehouse' });
  return { here, missing, sold, elsewhere };
}

describe('GET /api/scans/item', () => {
  it('finds an item by its code, any case, with its consigner; null for an unknown code', async () => {
    const item = await makeItem(t, refs, { status: 'Sold' });
    const res = await t.request({ method: 'GET', url: `/api/scans/item?code=${encodeURIComponent(` ${item.code.toLowerCase()} `)}`, token: stock });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { item: Item } }>(res).data.item).toMatchObject({ id: item.id, status: 'Sold', location: 'Downtown', consignerName: `${refs.consigner.ava.firstName} ${refs.consigner.ava.lastName}` });
    const none = await t.request({ method: 'GET', url: '/api/scans/item?code=NOPE0000', token: stock });
    expect(json<{ data: { item: null } }>(none).data.item).toBeNull();
  });

  it('refuses an empty code and a consigner', async () => {
    const empty = await t.request({ method: 'GET', url: '/api/scans/item?code=%20%20', token: stock });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error).toBe('Please scan a code');
    expect((await t.request({ method: 'GET', url: '/api/scans/item?code=X', token: await t.signIn(DEMO.ava) })).statusCode).toBe(403);
  });
});

describe('GET /api/scans/expected', () => {
  it("lists the location's on-shelf items only, complete", async () => {
    const { here, missing, sold, elsewhere } = await countedLocation('Expected Room');
    const res = await t.request({ method: 'GET', url: '/api/scans/expected?location=Expected%20Room', token: stock });
    expect(res.statusCode).toBe(200);
    const body = json<{ data: { items: Item[]; complete: boolean } }>(res).data;
    expect(body.complete).toBe(true);
    expect(body.items.map((i) => i.id).sort()).toEqual([here.id, missing.id].sort());
    expect(body.items.map((i) => i.id)).not.toContain(sold.id);
    expect(body.items.map((i) => i.id)).not.toContain(elsewhere.id);
  });

  it('refuses a missing location, consigners, and shows another store nothing', async () => {
    expect(json(await t.request({ method: 'GET', url: '/api/scans/expected', token: stock })).error).toBe('Please select a location');
    expect((await t.request({ method: 'GET', url: '/api/scans/expected?location=Downtown', token: await t.signIn(DEMO.ava) })).statusCode).toBe(403);
    const other = await otherStoreOnce();
    const res = await t.request({ method: 'GET', url: '/api/scans/expected?location=Downtown', token: other.token, host: other.host });
    expect(json<{ data: { items: Item[] } }>(res).data.items).toEqual([]);
  });
});

describe('POST /api/scans and GET /api/scans/{id}', () => {
  it('records a stock-take: expected items at the location, scanned items, who counted', async () => {
    const { here, missing, sold, elsewhere } = await countedLocation('Counting Room');
    const res = await t.request({ method: 'POST', url: '/api/scans', token: stock, body: { location: 'Counting Room', inventories: [here.id, sold.id, elsewhere.id] } });
    expect(res.statusCode).toBe(201);
    const created = json<{ data: { scan: Scan; inventories: Item[] } }>(res).data;
    expect(created.scan).toMatchObject({ status: 'new', location: 'Counting Room', expectedCount: 2, scannedCount: 3 });
    expect(created.scan.createdByName).toBeTruthy();
    expect(created.inventories.map((i) => i.id).sort()).toEqual([here.id, missing.id].sort());

    const detail = json<{ data: { scan: Scan; inventories: Item[]; scannedInventories: Item[] } }>(await t.request({ method: 'GET', url: `/api/scans/${created.scan.id}`, token: stock })).data;
    expect(detail.scan.id).toBe(created.scan.id);
    expect(detail.inventories).toHaveLength(2);
    expect(detail.scannedInventories.map((i) => i.id).sort()).toEqual([here.id, sold.id, elsewhere.id].sort());

    const list = json<{ data: Scan[] }>(await t.request({ method: 'GET', url: '/api/scans', token: stock })).data;
    expect(list[0].id).toBe(created.scan.id);
  });

  it('refuses bad input: no location, an unknown location, no items, a bad id, an unknown item', async () => {
    const post = (body: object) => t.request({ method: 'POST', url: '/api/scans', token: stock, body });
    const noLocation = await post({ inventories: [crypto.randomUUID()] });
    expect(noLocation.statusCode).toBe(400);
    expect(json(noLocation).error).toBe('Please select a location');
    expect(json(await post({ location: 'Nowhere', inventories: [crypto.randomUUID()] })).error).toBe('There is no location named Nowhere');
    expect((await post({ location: 'Downtown', inventories: [] })).statusCode).toBe(400);
    expect((await post({ location: 'Downtown', inventories: ['not-a-uuid'] })).statusCode).toBe(400);
    expect((await post({ location: 'Downtown', inventories: [crypto.randomUUID()] })).statusCode).toBe(404);
    expect((await post({ location: 'x'.repeat(201), inventories: [crypto.randomUUID()] })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/scans/not-a-uuid', token: stock })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/scans/${crypto.randomUUID()}`, token: stock })).statusCode).toBe(404);
  });

  it('refuses consigners and staff without Inventory', async () => {
    const noInventory = await employeeWith(t, refs, 'orders-only@demo.backroom.test', ['Orders']);
    const ava = await t.signIn(DEMO.ava);
    for (const token of [noInventory, ava]) {
      expect((await t.request({ method: 'GET', url: '/api/scans', token })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: '/api/scans', token, body: { location: 'Downtown', inventories: [crypto.randomUUID()] } })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/scans/item?code=X', token })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/scans' })).statusCode).toBe(401);
  });

  it("keeps stores apart: another store's scans and items are 404 and never listed", async () => {
    const { here } = await countedLocation('Isolation Room');
    const mine = json<{ data: { scan: Scan } }>(await t.request({ method: 'POST', url: '/api/scans', token: owner, body: { location: 'Isolation Room', inventories: [here.id] } })).data.scan;
    const other = await otherStoreOnce();
    await t.ctx.db.insert(s.locations).values({ storeId: other.storeId, name: 'Downtown' });
    const asOther = (opts: { method: 'GET' | 'POST'; url: string; body?: object }) => t.request({ ...opts, token: other.token, host: other.host });
    expect((await asOther({ method: 'GET', url: `/api/scans/${mine.id}` })).statusCode).toBe(404);
    expect(json<{ data: Scan[] }>(await asOther({ method: 'GET', url: '/api/scans' })).data).toEqual([]);
    expect((await asOther({ method: 'POST', url: '/api/scans', body: { location: 'Downtown', inventories: [here.id] } })).statusCode).toBe(404);
    expect(json<{ data: { item: null } }>(await asOther({ method: 'GET', url: `/api/scans/item?code=${here.code}` })).data.item).toBeNull();
    expect((await asOther({ method: 'POST', url: `/api/scans/${mine.id}/move`, body: { inventory: here.id } })).statusCode).toBe(404);
    // a user of the demo store on the other store's host is refused
    expect((await t.request({ method: 'GET', url: '/api/scans', token: owner, host: other.host })).statusCode).toBe(403);
  });
});

describe('POST /api/scans/{id}/move', () => {
  it('moves a misplaced item to the counted location with its log entries', async () => {
    const { here, elsewhere } = await countedLocation('Move Room');
    const scan = json<{ data: { scan: Scan } }>(await t.request({ method: 'POST', url: '/api/scans', token: owner, body: { location: 'Move Room', inventories: [here.id, elsewhere.id] } })).data.scan;
    const res = await t.request({ method: 'POST', url: `/api/scans/${scan.id}/move`, token: owner, body: { inventory: elsewhere.id } });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Item }>(res).data).toMatchObject({ id: elsewhere.id, location: 'Move Room', status: 'Active' });
    expect((await itemRow(t, elsewhere.id))?.location).toBe('Move Room');
    const logs = await logsOf(t, elsewhere.id);
    expect(logs.flatMap((l) => l.modifiedFields.map((f) => `${f.variableChanged}:${String(f.afterValue)}`))).toEqual(expect.arrayContaining(['status:InTransit', 'status:Active', 'location:Move Room']));
  });

  it('refuses an item not scanned in that stock-take, and staff without transfer rights (Orders)', async () => {
    const { here, elsewhere } = await countedLocation('Refuse Room');
    const scan = json<{ data: { scan: Scan } }>(await t.request({ method: 'POST', url: '/api/scans', token: owner, body: { location: 'Refuse Room', inventories: [here.id, elsewhere.id] } })).data.scan;
    const other = await makeItem(t, refs, { location: 'Uptown' });
    expect((await t.request({ method: 'POST', url: `/api/scans/${scan.id}/move`, token: owner, body: { inventory: other.id } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/scans/${scan.id}/move`, token: owner, body: { inventory: 'x' } })).statusCode).toBe(400);
    const refused = await t.request({ method: 'POST', url: `/api/scans/${scan.id}/move`, token: stock, body: { inventory: elsewhere.id } });
    expect(refused.statusCode).toBe(403);
    expect((await itemRow(t, elsewhere.id))?.location).toBe('Warehouse');
    // a sold item cannot be moved (transfer is for Active items)
    const sold = await makeItem(t, refs, { location: 'Warehouse', status: 'Sold' });
    const scan2 = json<{ data: { scan: Scan } }>(await t.request({ method: 'POST', url: '/api/scans', token: owner, body: { location: 'Refuse Room', inventories: [sold.id] } })).data.scan;
    expect((await t.request({ method: 'POST', url: `/api/scans/${scan2.id}/move`, token: owner, body: { inventory: sold.id } })).statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, sold.id));
    expect(row.status).toBe('Sold');
  });
});

describe('POST /api/scans/intake (scan intake Save)', () => {
  it('accepts Pending and Requested items at the location in one transaction, with log entries', async () => {
    const pending = await makeItem(t, refs, { status: 'Pending' });
    const requested = await makeItem(t, refs, { status: 'Requested' });
    const res = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [pending.id, requested.id] } });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { accepted: number } }>(res).data.accepted).toBe(2);
    for (const id of [pending.id, requested.id]) {
      const row = await itemRow(t, id);
      expect(row).toMatchObject({ status: 'Active', location: 'Uptown' });
      expect(row?.acceptedOn).toBeTruthy();
      expect((await logsOf(t, id)).length).toBeGreaterThan(0);
    }
  });

  it('undoes everything when one item cannot be accepted', async () => {
    const pending = await makeItem(t, refs, { status: 'Pending' });
    const sold = await makeItem(t, refs, { status: 'Sold' });
    const res = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [pending.id, sold.id] } });
    expect(res.statusCode).toBe(409);
    expect((await itemRow(t, pending.id))?.status).toBe('Pending');
    expect((await logsOf(t, pending.id)).length).toBe(0);
  });

  it('refuses bad input, consigners, and another store', async () => {
    const pending = await makeItem(t, refs, { status: 'Pending' });
    const noLocation = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { consigner: ava(), ids: [pending.id] } });
    expect(json(noLocation).error).toBe('Please select a location');
    expect((await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [] } })).statusCode).toBe(400);
    const noConsigner = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', ids: [pending.id] } });
    expect(json(noConsigner).error).toBe('Please select a consigner');
    expect((await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Nowhere', consigner: ava(), ids: [pending.id] } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/scans/intake', token: await t.signIn(DEMO.ava), body: { location: 'Uptown', consigner: ava(), ids: [pending.id] } })).statusCode).toBe(403);
    const other = await otherStoreOnce();
    await t.ctx.db.insert(s.locations).values({ storeId: other.storeId, name: 'Uptown' });
    const res = await t.request({ method: 'POST', url: '/api/scans/intake', token: other.token, host: other.host, body: { location: 'Uptown', consigner: ava(), ids: [pending.id] } });
    expect(res.statusCode).toBe(404);
    expect((await itemRow(t, pending.id))?.status).toBe('Pending');
  });

  it("refuses another consigner's item, naming its consigner, unless the reassignment was confirmed", async () => {
    const avas = await makeItem(t, refs, { status: 'Pending' });
    const marcos = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    const name = (who: 'ava' | 'marco') => `${refs.consigner[who].firstName} ${refs.consigner[who].lastName}`;
    const refused = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [avas.id, marcos.id] } });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe(`${marcos.code} belongs to ${name('marco')}, not ${name('ava')}. Confirm the reassignment to ${name('ava')} to accept it.`);
    // nothing moved: neither item, nor an owner change
    for (const id of [avas.id, marcos.id]) expect(await itemRow(t, id)).toMatchObject({ status: 'Pending' });
    expect((await itemRow(t, marcos.id))?.consignerId).toBe(refs.consigner.marco.id);
    expect(await logsOf(t, marcos.id)).toHaveLength(0);
    // a reassignment confirmed for another item does not cover this one
    const wrongItem = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [avas.id, marcos.id], reassign: [avas.id] } });
    expect(wrongItem.statusCode).toBe(409);
    // a consigner not of this store is refused
    const unknown = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: crypto.randomUUID(), ids: [avas.id] } });
    expect(json(unknown).error).toBe('Please select a consigner');
  });

  it('reassigns a confirmed item to the chosen consigner and accepts it, the reassignment in its activity log', async () => {
    const marcos = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const res = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [marcos.id], reassign: [marcos.id] } });
    expect(res.statusCode).toBe(200);
    expect(await itemRow(t, marcos.id)).toMatchObject({ status: 'Active', location: 'Uptown', consignerId: refs.consigner.ava.id });
    const fields = (await logsOf(t, marcos.id)).flatMap((l) => l.modifiedFields.map((f) => ({ ...f, by: l.lastUpdatedById })));
    expect(fields).toEqual(expect.arrayContaining([expect.objectContaining({ variableChanged: 'consignerId', beforeValue: refs.consigner.marco.id, afterValue: refs.consigner.ava.id, by: refs.stock.id })]));
    // the owner change comes before the acceptance, in the same transaction
    const order = fields.map((f) => f.variableChanged);
    expect(order.indexOf('consignerId')).toBeLessThan(order.lastIndexOf('status'));
  });

  it('undoes the reassignment when the acceptance is refused', async () => {
    const marcos = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    const sold = await makeItem(t, refs, { status: 'Sold' });
    const res = await t.request({ method: 'POST', url: '/api/scans/intake', token: stock, body: { location: 'Uptown', consigner: ava(), ids: [marcos.id, sold.id], reassign: [marcos.id] } });
    expect(res.statusCode).toBe(409);
    expect(await itemRow(t, marcos.id)).toMatchObject({ status: 'Pending', consignerId: refs.consigner.marco.id });
    expect(await logsOf(t, marcos.id)).toHaveLength(0);
  });
});

describe('POST /api/scans/intake/attach', () => {
  it('attaches an unknown code to a product and size; the next scan finds them', async () => {
    const res = await t.request({ method: 'POST', url: '/api/scans/intake/attach', token: owner, body: { product: refs.sneaker.id, size: '10', code: '4006381333931' } });
    expect(res.statusCode).toBe(200);
    const scan = json<{ data: { matchedBy: string; gtinSize: string; scanGTINProduct: { id: string } } }>(await t.request({ method: 'POST', url: '/api/inventories/scan', token: owner, body: { code: '4006381333931' } })).data;
    expect(scan).toMatchObject({ matchedBy: 'gtin', gtinSize: '10', scanGTINProduct: { id: refs.sneaker.id } });
    // the same code on another product is a conflict
    expect((await t.request({ method: 'POST', url: '/api/scans/intake/attach', token: owner, body: { product: refs.shirt.id, size: 'M', code: '4006381333931' } })).statusCode).toBe(409);
  });

  it('says what is missing, and needs Products', async () => {
    expect(json(await t.request({ method: 'POST', url: '/api/scans/intake/attach', token: owner, body: { size: '10', code: 'X1' } })).error).toBe('Select a product');
    expect(json(await t.request({ method: 'POST', url: '/api/scans/intake/attach', token: owner, body: { product: refs.sneaker.id, code: 'X1' } })).error).toBe('Please select an option');
    expect((await t.request({ method: 'POST', url: '/api/scans/intake/attach', token: stock, body: { product: refs.sneaker.id, size: '10', code: 'X1' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/scans/intake/attach', token: owner, body: { product: crypto.randomUUID(), size: '10', code: 'X1' } })).statusCode).toBe(404);
  });
});
