import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { actingUser } from '../src/modules/inventory/inventory-actions.service.ts';
import { createInventories } from '../src/modules/inventory/inventory.service.ts';
import { generateInventoryCode, INVENTORY_CODE_ALPHABET } from '../src/modules/inventory/inventory-code.ts';
import { consignerActor } from '../src/auth/actor.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type Item = { id: string; code: string; status: string; price: number; payout: number; payoutFee: number; total: number; cost: number | null; location: string | null; subLocation: string | null; consignerId: string; acceptedOn: string | null; preapprovalStatus: string | null; option3Value: string | null; availableActions?: string[] };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let marco: string;
let noInventory: string;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  noInventory = await employeeWith(t, refs, 'orders-only@demo.backroom.test', ['Orders']);
});
afterAll(async () => t.close());

const row = (over: Record<string, unknown> = {}) => ({
  productId: refs.sneaker.id,
  option1Value: '10',
  option2Value: 'New',
  option3Value: 'Good Box',
  price: 100,
  quantity: 1,
  consigner: refs.consigner.ava.id,
  location: 'Downtown',
  subLocation: 'Shelf A',
  ...over,
});
/** One CSV line's cells (RFC 4180: quoted cells, doubled quotes). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  for (let at = 0; at <= line.length; ) {
    if (line[at] === '"') {
      let value = '';
      for (at += 1; at < line.length; at += 1) {
        if (line[at] === '"' && line[at + 1] === '"') {
          value += '"';
          at += 1;
        } else if (line[at] === '"') break;
        else value += line[at];
      }
      cells.push(value);
      at += 2;
    } else {
      const end = line.indexOf(',', at) === -1 ? line.length : line.indexOf(',', at);
      cells.push(line.slice(at, end));
      at = end + 1;
    }
  }
  return cells;
}
/** The second store, made once for the file. */
let second: ReturnType<typeof secondStore> | undefined;
const otherStore = () => (second ??= secondStore(t));
const add = (token: string, rows: unknown[]) => t.request({ method: 'POST', url: '/api/inventories', token, body: { inventoryFormArray: rows } });
const countItems = async () => (await t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems)).length;

describe('POST /api/inventories (staff)', () => {
  it('adds stock Active at the chosen location, accepted now, with fees and a createdOn log entry', async () => {
    const res = await add(stock, [row(), row({ option1Value: '11', quantity: 2, subLocation: null })]);
    expect(res.statusCode).toBe(201);
    const items = json<{ data: Item[] }>(res).data;
    expect(items).toHaveLength(2);
    // Ava is Standard (20%, min 5.00); the store takes 3%; no tax: 20 + 3 = 23 in fees.
    expect(items[0]).toMatchObject({ status: 'Active', location: 'Downtown', subLocation: 'Shelf A', price: 100, payoutFee: 23, payout: 77, total: 77, consignerId: refs.consigner.ava.id });
    expect(items[1]).toMatchObject({ payout: 77, total: 154 });
    expect(items[0].acceptedOn).not.toBeNull();
    expect(items[0].code).toMatch(/^[A-Z2-9]{8}$/);
    expect(items[0].code).not.toBe(items[1].code);
    const logs = await logsOf(t, items[0].id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ lastUpdatedById: refs.stock.id, lastUpdatedByName: 'Sam Carter', productTitle: refs.sneaker.title });
    expect(logs[0].modifiedFields).toEqual([{ variableChanged: 'createdOn', beforeValue: null, afterValue: expect.any(String) }]);
  });

  it('refuses a row without a location', async () => {
    const res = await add(owner, [row({ location: null, subLocation: null })]);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('You must add the location of the inventory');
  });

  it("answers a bad row with the spec's row message and writes none of the rows", async () => {
    const before = await countItems();
    const res = await add(owner, [row(), row({ option2Value: null })]);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe('Please select Size, Condition, Box, Price, and Quantity first');
    const zero = await add(owner, [row({ quantity: 0 })]);
    expect(json(zero).error).toBe('Please select Size, Condition, Box, Price, and Quantity first');
    expect(await countItems()).toBe(before);
  });

  it('needs a consigner of this store and a known product', async () => {
    expect(json(await add(owner, [row({ consigner: null })])).error).toBe('Please select a consigner');
    expect(json(await add(owner, [row({ consigner: '00000000-0000-4000-8000-000000000000' })])).error).toBe('Please select a consigner');
    expect(json(await add(owner, [row({ productId: '00000000-0000-4000-8000-000000000000' })])).error).toBe('Select a product');
  });

  it('offers ONLINE MARKETPLACE only to consigners with marketplaceLocation', async () => {
    const refused = await add(owner, [row({ location: 'ONLINE MARKETPLACE', subLocation: null })]);
    expect(refused.statusCode).toBe(422);
    const ok = await add(owner, [row({ location: 'ONLINE MARKETPLACE', subLocation: null, consigner: refs.consigner.marco.id })]);
    expect(ok.statusCode).toBe(201);
  });

  it('refuses unknown locations and sub-locations of another location', async () => {
    expect((await add(owner, [row({ location: 'Nowhere' })])).statusCode).toBe(400);
    expect(json(await add(owner, [row({ location: 'Warehouse', subLocation: 'Shelf A' })])).error).toBe('Shelf A is not a sub-location of Warehouse');
  });

  it("gives store-account items their cost as payout, with no fees", async () => {
    const res = await add(owner, [row({ consigner: refs.consigner.store.id, cost: 60 }), row({ consigner: refs.consigner.store.id, cost: 60, quantity: 3 })]);
    const [one, three] = json<{ data: Item[] }>(res).data;
    expect(one).toMatchObject({ price: 100, cost: 60, payout: 60, payoutFee: 0, total: 60 });
    // the store bought three: it paid the cost three times
    expect(three).toMatchObject({ price: 100, cost: 60, payout: 60, payoutFee: 0, total: 180 });
  });

  it('refuses employees without the Inventory area', async () => {
    const res = await add(noInventory, [row()]);
    expect(res.statusCode).toBe(403);
  });

  it('gives every item a short, scannable code, unique in the store but free across stores', async () => {
    expect(INVENTORY_CODE_ALPHABET).not.toMatch(/[01ILOa-z]/);
    for (let n = 0; n < 200; n += 1) expect(generateInventoryCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const res = await add(owner, [row(), row()]);
    const codes = json<{ data: Item[] }>(res).data.map((i) => i.code);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(new Set(codes).size).toBe(2);
    const b = await otherStore();
    const [product] = await t.ctx.db.insert(s.products).values({ storeId: b.storeId, title: 'B', brand: 'B', sku: 'B-1', category: 'Sneakers', gender: 'Unisex' }).returning();
    const [consigner] = await t.ctx.db.insert(s.consigners).values({ storeId: b.storeId, firstName: 'B', lastName: 'C', email: 'bc@second.test' }).returning();
    const same = { code: codes[0], productId: product.id, consignerId: consigner.id, title: 'B', sku: 'B-1', status: 'Active', price: 100 };
    await t.ctx.db.insert(s.inventoryItems).values({ ...same, storeId: b.storeId });
    await expect(t.ctx.db.insert(s.inventoryItems).values({ ...same, storeId: refs.store.id })).rejects.toThrow();
  });

  it('retries a code that is already taken in the store', async () => {
    const taken = await makeItem(t, refs, { code: 'TAKEN234' });
    const codes = ['TAKEN234', 'FRESH234'];
    const actor = consignerActor(refs.consigner.ava, { userId: 'x', email: DEMO.ava, name: 'Ava', emailVerified: true });
    const [created] = await createInventories(t.ctx, refs.store, actor, [{ ...row(), price: 10000, quantity: 1, consigner: null, location: null, subLocation: null }] as never, { newCode: () => codes.shift() ?? 'OTHER234' });
    expect(created.code).toBe('FRESH234');
    expect(taken.code).toBe('TAKEN234');
    expect(actingUser(actor).kind).toBe('consigner');
  });
});

describe('POST /api/inventories (consigner)', () => {
  // A variant of its own: size T1, whose lowest Active price is 100.00 (pre-approval 80.00 to 130.00).
  const variant = { option1Value: 'T1', option2Value: 'Used', option3Value: 'No Box' };
  beforeAll(async () => {
    await makeItem(t, refs, { ...variant, price: 10000 });
    await makeItem(t, refs, { ...variant, price: 9000, status: 'Sold' });
  });

  it('lists a pre-approved item as Pending and others as Requested, always for the consigner', async () => {
    const res = await add(ava, [
      row({ ...variant, price: 110, consigner: refs.consigner.marco.id, location: null, subLocation: null }),
      row({ ...variant, price: 200, location: null, subLocation: null }),
    ]);
    expect(res.statusCode).toBe(201);
    const [inRange, tooHigh] = json<{ data: Item[] }>(res).data;
    expect(inRange).toMatchObject({ status: 'Pending', preapprovalStatus: 'preapproved', consignerId: refs.consigner.ava.id, acceptedOn: null, location: null });
    expect(tooHigh).toMatchObject({ status: 'Requested', preapprovalStatus: 'notPreapproved' });
    const logs = await logsOf(t, inRange.id);
    expect(logs[0]).toMatchObject({ lastUpdatedById: refs.consigner.ava.id, lastUpdatedByName: 'Ava Thompson' });
  });

  it('answers a store request as Consignment or Buying', async () => {
    const ok = await add(ava, [row({ price: 120, saleType: 'Consignment' }), row({ price: 90, saleType: 'Buying' })]);
    expect(ok.statusCode).toBe(201);
    expect(json<{ data: Item[] }>(ok).data.map((i) => i.status)).toEqual(['Consignment', 'Buying']);
  });

  it("never takes a store request's price range from the consigner: a range sent with the item is ignored", async () => {
    // The consigner picks a range around their own price, so the server's range check would pass it.
    const res = await add(ava, [row({ price: 2500, saleType: 'Buying', storeRequestPriceRange: { low: 2500, high: 2500 } })]);
    expect(res.statusCode).toBe(201);
    const [item] = json<{ data: (Item & { storeRequestPriceRange: unknown })[] }>(res).data;
    expect(item.storeRequestPriceRange).toBeNull();
    const [stored] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
    expect({ low: stored.storeRequestPriceLow, high: stored.storeRequestPriceHigh }).toEqual({ low: null, high: null });
    // A range the price lies outside of is not what refuses it either: the request (no range set here) decides.
    const outside = await add(ava, [row({ price: 120, saleType: 'Consignment', storeRequestPriceRange: { low: 250000, high: 250000 } })]);
    expect(outside.statusCode).toBe(201);
    expect(json<{ data: (Item & { storeRequestPriceRange: unknown })[] }>(outside).data[0].storeRequestPriceRange).toBeNull();
  });

  it("exports a consigner's formula-like note and tracking code to staff's inventoryExport.csv as text, not formulas", async () => {
    const note = '=HYPERLINK("http://x","y")';
    const res = await add(ava, [row({ location: null, subLocation: null, notes: note })]);
    expect(res.statusCode).toBe(201);
    const [item] = json<{ data: Item[] }>(res).data;
    // a consigner adds tracking to their own sold marketplace item only
    await t.ctx.db.update(s.inventoryItems).set({ status: 'Sold', location: 'ONLINE MARKETPLACE' }).where(eq(s.inventoryItems.id, item.id));
    expect((await t.request({ method: 'PUT', url: `/api/inventories/${item.id}`, token: ava, body: { trackingCode: '@SUM(1+1)*cmd|" /C calc"!A0' } })).statusCode).toBe(200);
    const csv = await t.request({ method: 'GET', url: `/api/inventories/exportInventory?search=${item.code}&status=Sold`, token: owner });
    expect(csv.statusCode).toBe(200);
    const [header, line, ...rest] = csv.body.split('\n');
    expect(rest).toEqual(['']);
    expect(line).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    const cells = Object.fromEntries(parseCsvLine(header).map((name, n) => [name, parseCsvLine(line)[n]]));
    expect(cells).toMatchObject({ Id: item.id, Notes: `'${note}`, 'Tracking Code': `'@SUM(1+1)*cmd|" /C calc"!A0`, Price: '100.00' });
  });

  it('lets marco, but not ava, place an item at ONLINE MARKETPLACE', async () => {
    expect((await add(ava, [row({ location: 'ONLINE MARKETPLACE', subLocation: null })])).statusCode).toBe(422);
    expect((await add(marco, [row({ location: 'ONLINE MARKETPLACE', subLocation: null })])).statusCode).toBe(201);
  });
});

describe('POST /api/inventories/fees and GET /api/inventories/preapprovalStatus', () => {
  const fees = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/inventories/fees', token, body });

  it('quotes a Standard consigner: selling 20%, transaction 3%, add-ons, quantity', async () => {
    const res = await fees(owner, { price: 100, quantity: 2, consigner: refs.consigner.ava.id, category: 'Sneakers', addOns: { cleaning: true } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      transcation: 3,
      selling: 20,
      payoutFee: 43,
      payout: 57,
      total: 114,
      negativeBalance: 0,
      breakdown: [
        { label: 'Transaction Fee', amount: 3 },
        { label: 'Selling Fees', amount: 20 },
        { label: 'Cleaning Fee', amount: 20 },
      ],
    });
  });

  it('quotes a VIP sneaker consigner who charges tax: 10% selling and 15% VAT', async () => {
    const res = await fees(owner, { price: 100, quantity: 1, consigner: refs.consigner.marco.id, productId: refs.sneaker.id, option1Value: '10' });
    expect(json(res).data).toMatchObject({ selling: 10, transcation: 3, vat: 1.95, payoutFee: 14.95, payout: 85.05, consignerType: 'VIP' });
  });

  it("matches the consigner type on the option values sent as the spec's `options`", async () => {
    const [used] = await t.ctx.db
      .insert(s.consignerTypes)
      .values({ storeId: refs.store.id, accountType: 'VIP', sellingFee: 8, minFee: 0, flatFee: 0, isDefault: false, category: 'Sneakers', option2Value: 'Used' })
      .returning();
    try {
      const body = { price: 100, consigner: refs.consigner.marco.id, productId: refs.sneaker.id };
      expect(json(await fees(owner, { ...body, options: { option1Value: '10', option2Value: 'Used' } })).data).toMatchObject({ selling: 8 });
      expect(json(await fees(owner, { ...body, options: ['10', 'Used', null] })).data).toMatchObject({ selling: 8 });
      // top-level values win over `options`
      expect(json(await fees(owner, { ...body, option2Value: 'New', options: { option2Value: 'Used' } })).data).toMatchObject({ selling: 10 });
      expect(json(await fees(owner, body)).data).toMatchObject({ selling: 10 });
    } finally {
      await t.ctx.db.delete(s.consignerTypes).where(eq(s.consignerTypes.id, used.id));
    }
  });

  it('carries fees above the price as a negative balance', async () => {
    const res = await fees(owner, { price: '4.00', consigner: refs.consigner.ava.id });
    expect(json(res).data).toMatchObject({ selling: 5, transcation: 0.12, payoutFee: 5.12, payout: 0, negativeBalance: 1.12, zeroPayoutWarning: true });
  });

  it('needs a consigner, and quotes a consigner for themselves', async () => {
    const none = await fees(owner, { price: 100 });
    expect(none.statusCode).toBe(400);
    expect(json(none).error).toBe('Please select a consigner');
    const own = await fees(ava, { price: 100, consigner: refs.consigner.marco.id });
    expect(json(own).data).toMatchObject({ payout: 77, consignerType: 'Standard' });
  });

  it('shows the pre-approval range around the lowest Active price and the price alert', async () => {
    await makeItem(t, refs, { option1Value: 'T2', option2Value: 'New', option3Value: 'Good Box', price: 10000 });
    const q = (price: number) => `/api/inventories/preapprovalStatus?productId=${refs.sneaker.id}&option1Value=T2&option2Value=New&option3Value=Good%20Box&price=${price}`;
    // the alert: more than warnAmount (10) above the lowest listing (100); equal or within 10 never warns
    const high = json(await t.request({ method: 'GET', url: q(110.01), token: ava })).data;
    expect(high).toMatchObject({ label: 'Preapproval Range', range: { low: 80, high: 130 }, lowestPrice: 100, preapproved: true, priceAlert: true, warnText: 'This price is well above the lowest listing.' });
    for (const price of [100, 110]) {
      const atLowest = json(await t.request({ method: 'GET', url: q(price), token: ava })).data;
      expect(atLowest).toMatchObject({ preapproved: true, priceAlert: false, warnText: null });
    }
    const low = json(await t.request({ method: 'GET', url: q(85), token: ava })).data;
    expect(low).toMatchObject({ preapproved: true, priceAlert: false, warnText: null });
    const none = json(await t.request({ method: 'GET', url: `/api/inventories/preapprovalStatus?productId=${refs.sneaker.id}&option1Value=ZZ&price=10`, token: ava })).data;
    expect(none).toMatchObject({ range: null, preapproved: false });
  });
});

describe('GET /api/inventories/{id} and /code/{code}', () => {
  it('shows an item with the actions open to the viewer', async () => {
    const item = await makeItem(t, refs, { status: 'Pending', who: 'ava' });
    const asStaff = json<{ data: Item }>(await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token: stock })).data;
    expect(asStaff).toMatchObject({ id: item.id, code: item.code, status: 'Pending', price: 100 });
    expect(asStaff.availableActions).toContain('acceptInventory');
    const asAva = json<{ data: Item }>(await t.request({ method: 'GET', url: `/api/inventories/code/${item.code.toLowerCase()}`, token: ava })).data;
    expect(asAva.id).toBe(item.id);
    expect(asAva.availableActions).toEqual(expect.arrayContaining(['cancelDropoff', 'withdrawInventory']));
    expect(asAva.availableActions).not.toContain('acceptInventory');
  });

  it("hides another consigner's item and other stores' items", async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    expect((await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token: marco })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/inventories/code/${item.code}`, token: marco })).statusCode).toBe(404);
    const b = await otherStore();
    const other = await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token: b.token, host: b.host });
    expect(other.statusCode).toBe(404);
    const wrongStore = await t.request({ method: 'GET', url: `/api/inventories/${item.id}`, token: b.token });
    expect(wrongStore.statusCode).toBe(403);
  });
});

describe('PUT /api/inventories/{id}', () => {
  const put = (token: string, id: string, body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/inventories/${id}`, token, body });

  it('recomputes fees on a price edit and logs every changed field in the same change', async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    const res = await put(stock, item.id, { price: 200, payout: 77, payoutFee: 23, notes: 'scuffed toe', location: 'Warehouse', subLocation: 'Bin 1' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ price: 200, payoutFee: 46, payout: 154, total: 154, location: 'Warehouse', subLocation: 'Bin 1', notes: 'scuffed toe', lastUpdatedBy: { id: refs.stock.id, name: 'Sam Carter' } });
    const [log] = await logsOf(t, item.id);
    expect(log.modifiedFields).toEqual(
      expect.arrayContaining([
        { variableChanged: 'price', beforeValue: 100, afterValue: 200 },
        { variableChanged: 'payout', beforeValue: 77, afterValue: 154 },
        { variableChanged: 'payoutFee', beforeValue: 23, afterValue: 46 },
        { variableChanged: 'total', beforeValue: 77, afterValue: 154 },
        { variableChanged: 'notes', beforeValue: null, afterValue: 'scuffed toe' },
        { variableChanged: 'location', beforeValue: 'Downtown', afterValue: 'Warehouse' },
        { variableChanged: 'subLocation', beforeValue: null, afterValue: 'Bin 1' },
      ]),
    );
    expect(log.modifiedFields).toHaveLength(7);
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const item = await makeItem(t, refs);
    expect((await put(owner, item.id, { price: 100, location: 'Downtown' })).statusCode).toBe(200);
    expect(await logsOf(t, item.id)).toHaveLength(0);
  });

  it("keeps a store account's payout (its cost) on a price edit", async () => {
    const item = await makeItem(t, refs, { who: 'store', cost: 6000, payout: 6000, payoutFee: 0, total: 6000 });
    expect(json(await put(owner, item.id, { price: 150 })).data).toMatchObject({ price: 150, payout: 60, cost: 60, payoutFee: 0 });
    expect(json(await put(owner, item.id, { cost: 70 })).data).toMatchObject({ payout: 70, cost: 70, total: 70 });
  });

  it('refuses a negative price, payout, payout fee or cost, and changes nothing', async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    const storeItem = await makeItem(t, refs, { who: 'store', cost: 6000, payout: 6000, payoutFee: 0, total: 6000 });
    const cases: [string, Record<string, unknown>][] = [
      [item.id, { price: -1 }],
      [item.id, { payout: -0.01 }],
      [item.id, { payoutFee: -5 }],
      [item.id, { cost: -20 }],
      [storeItem.id, { cost: -20 }],
      [storeItem.id, { payout: -20 }],
    ];
    for (const [id, body] of cases) {
      const res = await put(owner, id, body);
      expect({ body, status: res.statusCode, error: typeof json(res).error }).toEqual({ body, status: 400, error: 'string' });
    }
    const [after, storeAfter] = [await itemRow(t, item.id), await itemRow(t, storeItem.id)];
    expect(after).toMatchObject({ price: 10000, payout: 7700, payoutFee: 2300, total: 7700, cost: null });
    expect(storeAfter).toMatchObject({ price: 10000, payout: 6000, payoutFee: 0, total: 6000, cost: 6000 });
    expect([...(await logsOf(t, item.id)), ...(await logsOf(t, storeItem.id))]).toHaveLength(0);
  });

  it("counts the quantity in a store account's total when its cost is edited", async () => {
    const item = await makeItem(t, refs, { who: 'store', quantity: 2, cost: 6000, payout: 6000, payoutFee: 0, total: 12000 });
    expect(json(await put(owner, item.id, { cost: 70 })).data).toMatchObject({ payout: 70, cost: 70, total: 140 });
  });

  it('takes a payout fee typed by hand', async () => {
    const item = await makeItem(t, refs);
    expect(json(await put(owner, item.id, { payoutFee: 10 })).data).toMatchObject({ payoutFee: 10, payout: 90, total: 90 });
  });

  it('sets a status by hand with the spec rules', async () => {
    const pending = await makeItem(t, refs, { status: 'Pending' });
    const refused = await put(owner, pending.id, { status: 'Active', location: 'Downtown' });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toBe('This item has not been accepted, you must accept it via the incoming tab.');
    const sold = await makeItem(t, refs, { status: 'Sold' });
    expect((await put(owner, sold.id, { status: 'Active' })).statusCode).toBe(409);
    const active = await makeItem(t, refs);
    const toTransit = await put(owner, active.id, { status: 'InTransit' });
    expect(json(toTransit).data).toMatchObject({ status: 'InTransit' });
    expect((await logsOf(t, active.id))[0].modifiedFields).toEqual([{ variableChanged: 'status', beforeValue: 'Active', afterValue: 'InTransit' }]);
  });

  it('refuses field edits on Withdrawn items but lets staff change their status', async () => {
    const item = await makeItem(t, refs, { status: 'Withdrawn' });
    expect((await put(owner, item.id, { notes: 'x' })).statusCode).toBe(409);
    expect(json(await put(owner, item.id, { status: 'Active' })).data).toMatchObject({ status: 'Active' });
  });

  it('lets a consigner place their own drop-off but not price it', async () => {
    const item = await makeItem(t, refs, { status: 'Requested', who: 'ava' });
    expect(json(await put(ava, item.id, { location: 'Uptown', subLocation: 'Window' })).data).toMatchObject({ location: 'Uptown', subLocation: 'Window' });
    const price = await put(ava, item.id, { price: 1 });
    expect(price.statusCode).toBe(403);
    expect((await put(marco, item.id, { notes: 'mine now' })).statusCode).toBe(404);
    const active = await makeItem(t, refs, { who: 'ava' });
    expect((await put(ava, active.id, { location: 'Uptown' })).statusCode).toBe(409);
  });

  it('moves an item to another consigner with their fees', async () => {
    const item = await makeItem(t, refs, { who: 'ava' });
    const res = await put(owner, item.id, { consigner: refs.consigner.marco.id });
    expect(json(res).data).toMatchObject({ consignerId: refs.consigner.marco.id, payoutFee: 14.95, payout: 85.05 });
    expect((await logsOf(t, item.id))[0].modifiedFields).toContainEqual({ variableChanged: 'consignerId', beforeValue: refs.consigner.ava.id, afterValue: refs.consigner.marco.id });
  });
});

describe('DELETE /api/inventories/{id}', () => {
  const del = (token: string, id: string) => t.request({ method: 'DELETE', url: `/api/inventories/${id}`, token });

  it('removes a Pending item and keeps a log of it', async () => {
    const item = await makeItem(t, refs, { status: 'Pending' });
    const res = await del(owner, item.id);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ message: 'Inventory deleted', removedIds: [item.id] });
    expect(await itemRow(t, item.id)).toBeNull();
    const [log] = await logsOf(t, item.id);
    expect(log.modifiedFields).toEqual([
      { variableChanged: 'deletedOn', beforeValue: null, afterValue: expect.any(String) },
      { variableChanged: 'status', beforeValue: 'Pending', afterValue: null },
    ]);
  });

  it('cancels the drop-off of Requested, Consignment and Buying items', async () => {
    for (const status of ['Requested', 'Consignment', 'Buying']) {
      const item = await makeItem(t, refs, { status, who: 'ava' });
      const res = await del(ava, item.id);
      expect(json(res).data).toMatchObject({ message: 'Dropoff has been cancelled' });
    }
  });

  it('refuses other statuses with 409', async () => {
    const item = await makeItem(t, refs);
    const res = await del(owner, item.id);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('Cannot delete an item that is Active');
    const mine = await makeItem(t, refs, { status: 'Pending', who: 'marco' });
    // another consigner's item is not found, as an unknown id
    expect((await del(ava, mine.id)).statusCode).toBe(404);
    expect(await itemRow(t, mine.id)).not.toBeNull();
  });

  it('answers 404 for an unknown item', async () => {
    const res = await del(owner, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Inventory not found');
  });
});
