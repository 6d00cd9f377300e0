// The consigner portal's /inventory (docs/consigner-portal.md): what a consigner sees and changes through the API.
// Their own items only (another consigner's item answers 404 to every action, as to GET), each
// action refused outside its statuses, the report and the export scoped to them, and Add tracking
// only on their own Sold item at ONLINE MARKETPLACE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Item = { id: string; code: string; status: string; price: number; requestedPrice: number | null; trackingCode: string | null; consignerId: string };
type Page = { rows: Item[]; count: number };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;
let marco: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
});
afterAll(async () => t.close());

const act = (token: string, name: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/inventories/${name}`, token, body });
const get = (token: string, url: string, host?: string) => t.request({ method: 'GET', url, token, host });

/** Every operation a consigner may take on their own item in the portal, with the status it starts from. */
const CONSIGNER_ACTIONS = [
  { op: 'requestPriceChange', from: 'Active', body: (id: string) => ({ id, requestedPrice: 90 }) },
  { op: 'requestInventoryWithdrawal', from: 'Active', body: (id: string) => ({ id }) },
  { op: 'withdrawInventory', from: 'Pending', body: (id: string) => ({ id }) },
  { op: 'cancelDropoff', from: 'Requested', body: (id: string) => ({ ids: [id] }) },
  { op: 'acceptStoreRequestPrice', from: 'StoreRequestPriceChange', body: (id: string) => ({ id }) },
  { op: 'declineStoreRequestPrice', from: 'StoreRequestPriceChange', body: (id: string) => ({ id }) },
] as const;

describe("another consigner's items", () => {
  for (const a of CONSIGNER_ACTIONS) {
    it(`${a.op}: answers 404 and changes nothing`, async () => {
      const theirs = await makeItem(t, refs, { status: a.from, who: 'ava', requestedPrice: a.from === 'StoreRequestPriceChange' ? 8000 : null });
      const res = await act(marco, a.op, a.body(theirs.id));
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res).error).toBe('Inventory not found');
      expect((await itemRow(t, theirs.id))!.status).toBe(a.from);
      expect(await logsOf(t, theirs.id)).toHaveLength(0);
    });
  }

  it('are not in their list, their count or their filter options, even when asked for by consigner id', async () => {
    const theirs = await makeItem(t, refs, { who: 'ava', option1Value: '13.5' });
    const page = json<{ data: Page }>(await get(marco, `/api/inventories/paginatedInventories?consigner=${refs.consigner.ava.id}&pageSize=500`)).data;
    expect(page.count).toBe(0);
    const own = json<{ data: Page }>(await get(marco, '/api/inventories/paginatedInventories?pageSize=500')).data;
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => r.consignerId === refs.consigner.marco.id)).toBe(true);
    expect(own.rows.map((r) => r.id)).not.toContain(theirs.id);
    const options = json<{ data: { option1Values: string[]; consigners: { value: { id: string } }[] } }>(await get(marco, '/api/inventories/filterOptions')).data;
    expect(options.consigners.map((c) => c.value.id)).toEqual([refs.consigner.marco.id]);
    expect(options.option1Values).not.toContain('13.5');
    expect((await get(marco, `/api/inventories/${theirs.id}`)).statusCode).toBe(404);
  });

  it('a cancelDropoff naming another consigner answers 404', async () => {
    const mine = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const res = await act(marco, 'cancelDropoff', { ids: [mine.id], consigner: refs.consigner.ava.id });
    expect(res.statusCode).toBe(404);
    expect(await itemRow(t, mine.id)).not.toBeNull();
  });

  it('a batch with one of them cancels nothing and does not name it', async () => {
    const mine = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const theirs = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    const res = await act(marco, 'cancelDropoff', { ids: [mine.id, theirs.id] });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).not.toContain(theirs.code);
    expect(await itemRow(t, mine.id)).not.toBeNull();
    expect(await itemRow(t, theirs.id)).not.toBeNull();
  });
});

describe('each action on their own items, inside and outside its statuses', () => {
  const refused = {
    requestPriceChange: ['Pending', 'Requested', 'Sold', 'Paid', 'Withdrawn', 'RequestWithdrawal', 'InTransit', 'StoreRequestPriceChange'],
    requestInventoryWithdrawal: ['Pending', 'Requested', 'Sold', 'Paid', 'Withdrawn', 'RequestWithdrawal', 'Declined', 'PendingSale'],
    // a consigner withdraws at once only a drop-off on its way in; on-hand items need a request
    withdrawInventory: ['Active', 'Requested', 'Sold', 'Paid', 'Withdrawn', 'RequestPriceChange', 'InTransit'],
    cancelDropoff: ['Active', 'Sold', 'Paid', 'Withdrawn', 'RequestWithdrawal', 'Declined'],
    acceptStoreRequestPrice: ['Requested', 'Active', 'Pending', 'Sold'],
    declineStoreRequestPrice: ['Requested', 'Active', 'Pending', 'Sold'],
  } as const;

  for (const a of CONSIGNER_ACTIONS) {
    it(`${a.op}: refused with 409 from ${refused[a.op].join(', ')}, nothing written`, async () => {
      for (const status of refused[a.op]) {
        const item = await makeItem(t, refs, { status, who: 'marco', requestedPrice: 8000 });
        const res = await act(marco, a.op, a.body(item.id));
        expect(res.statusCode, `${a.op} from ${status}: ${res.body}`).toBe(409);
        expect(json(res).error).toMatch(/^Cannot .+ an item that is /);
        expect((await itemRow(t, item.id))!.status).toBe(status);
        expect(await logsOf(t, item.id)).toHaveLength(0);
      }
    });
  }

  it('requestPriceChange: Active and RequestPriceChange, requestedPrice above 0', async () => {
    const item = await makeItem(t, refs, { who: 'marco' });
    for (const bad of [0, -5]) {
      const res = await act(marco, 'requestPriceChange', { id: item.id, requestedPrice: bad });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe('You must set the valuee for the price change');
    }
    const first = await act(marco, 'requestPriceChange', { id: item.id, requestedPrice: 90 });
    expect(json<{ data: { message: string; inventory: Item } }>(first).data).toMatchObject({ message: 'Requested price change: $90.00', inventory: { status: 'RequestPriceChange', requestedPrice: 90, price: 100 } });
    // a pending request may be changed
    const again = await act(marco, 'requestPriceChange', { id: item.id, requestedPrice: 85.5 });
    expect(json<{ data: { inventory: Item } }>(again).data.inventory).toMatchObject({ status: 'RequestPriceChange', requestedPrice: 85.5 });
  });

  it('withdrawal: a request from Active, RequestPriceChange, InTransit and WithdrawalDeclined; at once from Pending', async () => {
    for (const status of ['Active', 'RequestPriceChange', 'InTransit', 'WithdrawalDeclined']) {
      const item = await makeItem(t, refs, { status, who: 'marco' });
      const res = await act(marco, 'requestInventoryWithdrawal', { id: item.id });
      expect(json<{ data: { inventory: Item } }>(res).data.inventory.status).toBe('RequestWithdrawal');
    }
    const pending = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    const res = await act(marco, 'withdrawInventory', { id: pending.id });
    expect(json<{ data: { message: string; inventory: Item } }>(res).data).toMatchObject({ message: 'Inventory withdrawn', inventory: { status: 'Withdrawn' } });
    // the early withdrawal with a fee is the store's, never the consigner's
    const another = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    const early = await act(marco, 'withdrawInventory', { id: another.id, isWithdrawnEarly: true, withdrawalFee: 5 });
    expect(early.statusCode).toBe(403);
    expect((await itemRow(t, another.id))!.status).toBe('Pending');
  });

  it("the store's asked price: accepted (-> Requested at that price) or refused (the drop-off is cancelled)", async () => {
    const accepted = await makeItem(t, refs, { status: 'StoreRequestPriceChange', who: 'marco', requestedPrice: 8000 });
    const yes = await act(marco, 'acceptStoreRequestPrice', { id: accepted.id });
    expect(json<{ data: { inventory: Item } }>(yes).data.inventory).toMatchObject({ status: 'Requested', price: 80, requestedPrice: null });
    const refusedItem = await makeItem(t, refs, { status: 'StoreRequestPriceChange', who: 'marco', requestedPrice: 8000 });
    const no = await act(marco, 'declineStoreRequestPrice', { id: refusedItem.id });
    expect(json<{ data: { message: string; removedIds: string[] } }>(no).data).toEqual(expect.objectContaining({ message: 'Dropoff has been cancelled', removedIds: [refusedItem.id] }));
    expect(await itemRow(t, refusedItem.id)).toBeNull();
  });

  it("cancelDropoff: 'Dropoff has been cancelled', the item removed", async () => {
    const item = await makeItem(t, refs, { status: 'Requested', who: 'marco' });
    const res = await act(marco, 'cancelDropoff', { ids: [item.id], consigner: refs.consigner.marco.id });
    expect(json<{ data: { message: string } }>(res).data.message).toBe('Dropoff has been cancelled');
    expect(await itemRow(t, item.id)).toBeNull();
  });
});

describe('Add tracking', () => {
  const put = (token: string, id: string, body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/inventories/${id}`, token, body });

  it('a consigner adds a tracking code to their own Sold item at ONLINE MARKETPLACE', async () => {
    const item = await makeItem(t, refs, { status: 'Sold', who: 'marco', location: 'ONLINE MARKETPLACE' });
    const res = await put(marco, item.id, { trackingCode: '1Z999AA10123456784' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await itemRow(t, item.id))!.trackingCode).toBe('1Z999AA10123456784');
    const logs = await logsOf(t, item.id);
    expect(logs.at(-1)!.modifiedFields).toEqual([{ variableChanged: 'trackingCode', beforeValue: null, afterValue: '1Z999AA10123456784' }]);
  });

  it('and nowhere else: not sold, not at the marketplace, or not theirs', async () => {
    for (const over of [
      { status: 'Active', location: 'ONLINE MARKETPLACE' },
      { status: 'Sold', location: 'Downtown' },
      { status: 'Paid', location: 'ONLINE MARKETPLACE' },
      { status: 'Pending', location: null },
    ]) {
      const item = await makeItem(t, refs, { who: 'marco', ...over });
      const res = await put(marco, item.id, { trackingCode: 'TRACK-1' });
      expect(res.statusCode, JSON.stringify(over)).toBe(409);
      expect(json(res).error).toBe('A tracking code can only be added to a sold item at ONLINE MARKETPLACE');
      expect((await itemRow(t, item.id))!.trackingCode).toBeNull();
    }
    const theirs = await makeItem(t, refs, { status: 'Sold', who: 'ava', location: 'ONLINE MARKETPLACE' });
    expect((await put(marco, theirs.id, { trackingCode: 'TRACK-1' })).statusCode).toBe(404);
    expect((await itemRow(t, theirs.id))!.trackingCode).toBeNull();
  });

  it('staff set a tracking code on any item', async () => {
    const item = await makeItem(t, refs, { status: 'Active', who: 'marco' });
    expect((await put(owner, item.id, { trackingCode: 'STAFF-1' })).statusCode).toBe(200);
  });
});

describe('the consigner report of the summary cards', () => {
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z');
  const day = 24 * 60 * 60 * 1000;
  const dateOf = (d: Date) => d.toISOString().slice(0, 10);
  type Report = { totalSold: number; totalPaid: number; totalPending: number; dateRangeEnd: string | null };
  const report = async (token: string, query: string) => {
    const res = await get(token, `/api/consigners/consignerReport?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Report }>(res).data;
  };

  it("is the consigner's own, whatever consigner id they send, and counts today's sales in a range ending today", async () => {
    // a sale of Lena's today (she has no other sales) and one of Ava's
    await makeItem(t, refs, { who: 'lena', status: 'Sold', price: 20000, payout: 15000, total: 15000, soldOn: new Date(today.getTime() + 60_000) });
    await makeItem(t, refs, { who: 'ava', status: 'Sold', price: 50000, payout: 40000, total: 40000, soldOn: new Date(today.getTime() + 60_000) });
    const range = `dateRangeStart=${dateOf(new Date(today.getTime() - 6 * day))}&dateRangeEnd=${dateOf(today)}`;
    const own = await report(ava, range);
    expect(own.dateRangeEnd).toBe(new Date(today.getTime() + day).toISOString());
    expect(own.totalSold).toBeGreaterThanOrEqual(500);
    // asking for Lena's or Marco's figures still answers Ava's own
    expect(await report(ava, `consigner=${refs.consigner.lena.id}&${range}`)).toEqual(own);
    expect(await report(ava, `consigner=${refs.consigner.marco.id}&${range}`)).toEqual(own);
    // staff see Lena's, which are not Ava's
    const lenaReport = await report(owner, `consigner=${refs.consigner.lena.id}&${range}`);
    expect(lenaReport).toMatchObject({ totalSold: 200, totalPending: 150 });
  });

  it('a range ending yesterday leaves out today', async () => {
    const before = await report(marco, `dateRangeStart=${dateOf(new Date(today.getTime() - 6 * day))}&dateRangeEnd=${dateOf(new Date(today.getTime() - day))}`);
    await makeItem(t, refs, { who: 'marco', status: 'Sold', price: 7000, payout: 5000, total: 5000, soldOn: new Date(today.getTime() + 60_000) });
    const after = await report(marco, `dateRangeStart=${dateOf(new Date(today.getTime() - 6 * day))}&dateRangeEnd=${dateOf(new Date(today.getTime() - day))}`);
    expect(after).toEqual(before);
  });
});

describe('export', () => {
  it("is the consigner's own items only, whatever consigner they filter by", async () => {
    const mine = await makeItem(t, refs, { who: 'marco', notes: 'portal-export-mine' });
    const theirs = await makeItem(t, refs, { who: 'ava', notes: 'portal-export-theirs' });
    const all = await get(marco, '/api/inventories/exportInventory?status=Active');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toContain('inventoryExport.csv');
    expect(all.body).toContain(mine.id);
    expect(all.body).not.toContain(theirs.id);
    const [header, ...lines] = all.body.trim().split('\n');
    expect(header.split(',')).toContain('Consigner Email');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toContain(DEMO.marco);
    expect(all.body).not.toContain(DEMO.ava);
    const asked = await get(marco, `/api/inventories/exportInventory?consigner=${refs.consigner.ava.id}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body.trim().split('\n')).toHaveLength(1); // the header alone
    // staff export the whole store
    expect((await get(owner, '/api/inventories/exportInventory?status=Active')).body).toContain(theirs.id);
  });

  it('refuses a user of another store', async () => {
    const other = await secondStore(t);
    const res = await get(other.token, '/api/inventories/exportInventory', 'localhost');
    expect(res.statusCode).toBe(403);
  });
});
