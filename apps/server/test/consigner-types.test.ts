import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, secondStore, type DemoRefs } from './inventory-fixtures.ts';

type ConsignerType = {
  id: string;
  accountType: string;
  sellingFee: number;
  minFee: number;
  flatFee: number;
  isDefault: boolean;
  category: string | null;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  categories: string[] | null;
  createdAt: string;
  updatedAt: string;
};
type Item = { id: string; price: number; payout: number; payoutFee: number; total: number };

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let consignersOnly: string;
let settingsOnly: string;
let other: { storeId: string; host: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
  consignersOnly = await employeeWith(t, refs, 'consigners-only@demo.backroom.test', ['Consigners']);
  settingsOnly = await employeeWith(t, refs, 'settings-only@demo.backroom.test', ['Settings']);
  other = await secondStore(t);
});
afterAll(async () => t.close());

const list = async (token = owner) => json<{ data: ConsignerType[] }>(await t.request({ method: 'GET', url: '/api/consignerTypes', token })).data;
const post = (body: unknown, token = owner) => t.request({ method: 'POST', url: '/api/consignerTypes', token, body });
const put = (id: string, body: unknown, token = owner) => t.request({ method: 'PUT', url: `/api/consignerTypes/${id}`, token, body });
const del = (id: string, token = owner) => t.request({ method: 'DELETE', url: `/api/consignerTypes/${id}`, token });
const create = async (body: Record<string, unknown>) => {
  const res = await post({ sellingFee: 10, minFee: 0, ...body });
  expect(res.statusCode).toBe(201);
  return json<{ data: ConsignerType }>(res).data;
};
const defaults = async () =>
  (await t.ctx.db.select().from(s.consignerTypes).where(and(eq(s.consignerTypes.storeId, refs.store.id), eq(s.consignerTypes.isDefault, true)))).map((r) => r.accountType);
const consignerRow = async (id: string) => (await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, id)))[0];
const setConsigner = (id: string, values: Partial<typeof s.consigners.$inferInsert>) => t.ctx.db.update(s.consigners).set(values).where(eq(s.consigners.id, id));

describe('GET /api/consignerTypes', () => {
  it('lists the store types, the default first, fees in major units', async () => {
    const types = await list();
    expect(types.map((x) => [x.accountType, x.isDefault])).toEqual([
      ['Standard', true],
      ['Store', false],
      ['VIP', false],
      ['VIP', false],
    ]);
    expect(types[0]).toMatchObject({ sellingFee: 20, minFee: 5, flatFee: 0, category: null, categories: null });
    expect(types[3]).toMatchObject({ accountType: 'VIP', sellingFee: 10, category: 'Sneakers' });
    expect(types[0].updatedAt).toEqual(expect.any(String));
  });

  it('is open to staff with Settings or Consigners (the consigner detail picks a type from it)', async () => {
    for (const token of [consignersOnly, settingsOnly]) {
      expect((await t.request({ method: 'GET', url: '/api/consignerTypes', token })).statusCode).toBe(200);
    }
  });

  it('refuses staff without either area (403), consigners (403) and the signed out (401)', async () => {
    const wrongArea = await t.request({ method: 'GET', url: '/api/consignerTypes', token: stock });
    expect(wrongArea.statusCode).toBe(403);
    expect(json(wrongArea).error).toBe('You need Settings or Consigners access for this');
    const types = await list();
    for (const url of ['/api/consignerTypes', `/api/consignerTypes/${types[0].id}`, '/api/consignerTypes/accountType/VIP']) {
      expect((await t.request({ method: 'GET', url, token: ava })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url, token: stock })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('reads one by id; another store, an unknown id and a malformed one are refused', async () => {
    const [standard] = await list();
    const res = await t.request({ method: 'GET', url: `/api/consignerTypes/${standard.id}`, token: consignersOnly });
    expect(json<{ data: ConsignerType }>(res).data).toMatchObject({ id: standard.id, accountType: 'Standard' });
    const wrongStore = await t.request({ method: 'GET', url: `/api/consignerTypes/${standard.id}`, token: other.token, host: other.host });
    expect(wrongStore.statusCode).toBe(404);
    expect(json(wrongStore)).toEqual({ error: 'Consigner type not found' });
    expect((await t.request({ method: 'GET', url: '/api/consignerTypes/00000000-0000-4000-8000-000000000000', token: owner })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/consignerTypes/nope', token: owner })).statusCode).toBe(400);
  });

  it('the other store sees only its own types', async () => {
    const res = await t.request({ method: 'GET', url: '/api/consignerTypes', token: other.token, host: other.host });
    // a signed-up store has Standard and the store account's Store type (docs/first-hour.md)
    expect(json<{ data: ConsignerType[] }>(res).data.map((x) => [x.accountType, x.isDefault])).toEqual([['Standard', true], ['Store', false]]);
  });
});

describe('GET /api/consignerTypes/accountType/{accountType}', () => {
  it('answers every type of the name, trimmed and case-insensitive, the general one first', async () => {
    const res = await t.request({ method: 'GET', url: `/api/consignerTypes/accountType/${encodeURIComponent(' vip ')}`, token: owner });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: ConsignerType[] }>(res).data.map((x) => [x.accountType, x.category])).toEqual([
      ['VIP', null],
      ['VIP', 'Sneakers'],
    ]);
  });

  it('answers 404 for a name without types, and for a name of another store', async () => {
    const none = await t.request({ method: 'GET', url: '/api/consignerTypes/accountType/Platinum', token: owner });
    expect(none.statusCode).toBe(404);
    expect(json(none)).toEqual({ error: 'No consigner type has this account type' });
    const otherStore = await t.request({ method: 'GET', url: '/api/consignerTypes/accountType/VIP', token: other.token, host: other.host });
    expect(otherStore.statusCode).toBe(404);
  });
});

describe('POST /api/consignerTypes', () => {
  it('adds a type: fees in major units out, minor units in the database, optional fields empty', async () => {
    const res = await post({ accountType: '  Consignment Plus ', sellingFee: 12.5, minFee: '2.50', flatFee: 1, category: ' ', option1Value: '10' });
    expect(res.statusCode).toBe(201);
    const created = json<{ data: ConsignerType }>(res).data;
    expect(created).toMatchObject({ accountType: 'Consignment Plus', sellingFee: 12.5, minFee: 2.5, flatFee: 1, isDefault: false, category: null, option1Value: '10', option2Value: null });
    const [row] = await t.ctx.db.select().from(s.consignerTypes).where(eq(s.consignerTypes.id, created.id));
    expect(row).toMatchObject({ minFee: 250, flatFee: 100, storeId: refs.store.id });
  });

  it.each([
    [{ accountType: '' }, 'Consigner type required'],
    [{ accountType: '   ' }, 'Consigner type required'],
    [{ accountType: null }, 'Consigner type required'],
    [{ sellingFee: undefined }, 'Fee required'],
    [{ sellingFee: null }, 'Fee required'],
    [{ sellingFee: 'ten' }, 'Fee required'],
    [{ sellingFee: -1 }, 'Fee required'],
    [{ sellingFee: 101 }, 'Selling fee must be at most 100%'],
    [{ minFee: undefined }, 'Min fee required'],
    [{ minFee: '' }, 'Min fee required'],
    [{ minFee: -5 }, 'Min fee required'],
    [{ minFee: 20_000_000 }, 'Minimum fee must be at most 10,000,000'],
    [{ flatFee: 'lots' }, 'Please enter a valid amount'],
    [{ accountType: 'x'.repeat(201) }, 'Text must be at most 200 characters'],
  ])('refuses %j with "%s"', async (over, message) => {
    const res = await post({ accountType: 'Gold', sellingFee: 10, minFee: 0, ...over });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message });
  });

  it('refuses a NUL character with 400, not 500', async () => {
    const res = await post({ accountType: 'Go\u0000ld', sellingFee: 10, minFee: 0 });
    expect(res.statusCode).toBe(400);
  });

  it('needs Settings access: Consigners-only and Inventory staff, and consigners, are refused', async () => {
    for (const token of [consignersOnly, stock, ava]) {
      expect((await post({ accountType: 'Gold', sellingFee: 10, minFee: 0 }, token)).statusCode).toBe(403);
    }
    expect((await post({ accountType: 'Gold', sellingFee: 10, minFee: 0 }, settingsOnly)).statusCode).toBe(201);
  });

  it('adds a type to its own store only', async () => {
    const res = await post({ accountType: 'Theirs', sellingFee: 5, minFee: 0 }, other.token);
    // the token belongs to the other store: on the demo host it is the wrong store
    expect(res.statusCode).toBe(403);
    const own = await t.request({ method: 'POST', url: '/api/consignerTypes', token: other.token, host: other.host, body: { accountType: 'Theirs', sellingFee: 5, minFee: 0 } });
    expect(own.statusCode).toBe(201);
    expect((await list()).map((x) => x.accountType)).not.toContain('Theirs');
  });

  it('takes the default from the old default when a new type asks for it', async () => {
    const made = await create({ accountType: 'New Default', isDefault: true });
    expect(made.isDefault).toBe(true);
    expect(await defaults()).toEqual(['New Default']);
    // and back, so the rest of the file sees Standard as the default
    await put((await list()).find((x) => x.accountType === 'Standard')!.id, { isDefault: true });
    expect(await defaults()).toEqual(['Standard']);
  });

  it("makes a store's first type its default", async () => {
    await t.ctx.db.delete(s.consignerTypes).where(eq(s.consignerTypes.storeId, other.storeId));
    const res = await t.request({ method: 'POST', url: '/api/consignerTypes', token: other.token, host: other.host, body: { accountType: 'Basic', sellingFee: 15, minFee: 0 } });
    expect(json<{ data: ConsignerType }>(res).data.isDefault).toBe(true);
  });
});

describe('PUT /api/consignerTypes/{id}', () => {
  it('saves one edited cell and keeps the other fields', async () => {
    const type = await create({ accountType: 'Cell Edit', sellingFee: 15, minFee: 3, flatFee: 1, category: 'Bags' });
    const res = await put(type.id, { sellingFee: 17.5 });
    expect(res.statusCode).toBe(200);
    const saved = json<{ data: ConsignerType }>(res).data;
    expect(saved).toMatchObject({ accountType: 'Cell Edit', sellingFee: 17.5, minFee: 3, flatFee: 1, category: 'Bags', isDefault: false });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(type.updatedAt));
    // a whole row, as the spec's client sends it; null clears an optional field
    const whole = await put(type.id, { accountType: 'Cell Edit', sellingFee: 18, minFee: 4, flatFee: null, isDefault: false, category: null, option1Value: 'M', option2Value: null, option3Value: null });
    expect(json<{ data: ConsignerType }>(whole).data).toMatchObject({ sellingFee: 18, minFee: 4, flatFee: 0, category: null, option1Value: 'M' });
  });

  it.each([
    [{ accountType: '' }, 'Consigner type required'],
    [{ accountType: null }, 'Consigner type required'],
    [{ sellingFee: null }, 'Fee required'],
    [{ sellingFee: '' }, 'Fee required'],
    [{ minFee: null }, 'Min fee required'],
    [{ minFee: -1 }, 'Min fee required'],
  ])('refuses %j with "%s" and changes nothing', async (body, message) => {
    const type = await create({ accountType: 'Refused Edit', sellingFee: 11, minFee: 1 });
    const res = await put(type.id, body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message });
    expect(json<{ data: ConsignerType }>(await t.request({ method: 'GET', url: `/api/consignerTypes/${type.id}`, token: owner })).data).toMatchObject({
      accountType: 'Refused Edit',
      sellingFee: 11,
      minFee: 1,
    });
  });

  it('makes a type the default and unsets the old default in the same change', async () => {
    const vip = (await list()).find((x) => x.accountType === 'VIP' && x.category === null)!;
    const res = await put(vip.id, { isDefault: true });
    expect(json<{ data: ConsignerType }>(res).data.isDefault).toBe(true);
    expect(await defaults()).toEqual(['VIP']);
    const types = await list();
    expect(types[0].id).toBe(vip.id);
    expect(types.find((x) => x.accountType === 'Standard')!.isDefault).toBe(false);
    await put(types.find((x) => x.accountType === 'Standard')!.id, { isDefault: true });
    expect(await defaults()).toEqual(['Standard']);
  });

  it('refuses to unset the only default: another type is made the default instead', async () => {
    const standard = (await list()).find((x) => x.accountType === 'Standard')!;
    const res = await put(standard.id, { isDefault: false });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({ error: 'A store keeps one default consigner type: make another type the default instead' });
    expect(await defaults()).toEqual(['Standard']);
  });

  it('keeps one default when two types are made the default at the same time', async () => {
    const a = await create({ accountType: 'Race A' });
    const b = await create({ accountType: 'Race B' });
    const answers = await Promise.all([put(a.id, { isDefault: true }), put(b.id, { isDefault: true })]);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(await defaults()).toHaveLength(1);
    await put((await list()).find((x) => x.accountType === 'Standard')!.id, { isDefault: true });
  });

  it('renaming the last type of a name carries the consigners that use it', async () => {
    const copper = await create({ accountType: 'Copper' });
    await setConsigner(refs.consigner.lena.id, { accountType: 'copper ' });
    const res = await put(copper.id, { accountType: 'Platinum' });
    expect(res.statusCode).toBe(200);
    expect((await consignerRow(refs.consigner.lena.id)).accountType).toBe('Platinum');
    await setConsigner(refs.consigner.lena.id, { accountType: 'Standard' });
  });

  it('renaming one of several types of a name leaves its consigners on the name, but moves the pinned ones', async () => {
    const vipSneakers = (await list()).find((x) => x.accountType === 'VIP' && x.category === 'Sneakers')!;
    await setConsigner(refs.consigner.lena.id, { accountType: 'VIP', consignerTypeId: vipSneakers.id });
    await put(vipSneakers.id, { accountType: 'VIP Sneakers' });
    // Marco names VIP: the general VIP type still exists, so he keeps it
    expect((await consignerRow(refs.consigner.marco.id)).accountType).toBe('VIP');
    // Lena is pinned to the renamed type: her name follows it
    expect((await consignerRow(refs.consigner.lena.id)).accountType).toBe('VIP Sneakers');
    await put(vipSneakers.id, { accountType: 'VIP' });
    await setConsigner(refs.consigner.lena.id, { accountType: 'Standard', consignerTypeId: null });
  });

  it('refuses another store (404) and staff without Settings (403)', async () => {
    const [standard] = await list();
    const wrongStore = await t.request({ method: 'PUT', url: `/api/consignerTypes/${standard.id}`, token: other.token, host: other.host, body: { sellingFee: 1 } });
    expect(wrongStore.statusCode).toBe(404);
    expect(json(wrongStore)).toEqual({ error: 'Consigner type not found' });
    for (const token of [consignersOnly, stock, ava]) expect((await put(standard.id, { sellingFee: 1 }, token)).statusCode).toBe(403);
    expect((await list())[0].sellingFee).toBe(20);
  });
});

describe('fees are fixed at intake', () => {
  const row = (over: Record<string, unknown> = {}) => ({
    productId: refs.sneaker.id,
    option1Value: '10',
    option2Value: 'New',
    option3Value: 'Good Box',
    price: 100,
    quantity: 1,
    consigner: refs.consigner.lena.id,
    location: 'Downtown',
    subLocation: 'Shelf A',
    ...over,
  });
  const add = async () => {
    const res = await t.request({ method: 'POST', url: '/api/inventories', token: owner, body: { inventoryFormArray: [row()] } });
    expect(res.statusCode).toBe(201);
    return json<{ data: Item[] }>(res).data[0];
  };

  it("editing a type's fees re-prices no existing item; new items get the new fees", async () => {
    const intake = await create({ accountType: 'Intake Locked', sellingFee: 10, minFee: 0 });
    await setConsigner(refs.consigner.lena.id, { accountType: 'Intake Locked' });
    // 10% of 100 + the store's 3% = 13 in fees
    const before = await add();
    expect(before).toMatchObject({ price: 100, payoutFee: 13, payout: 87, total: 87 });

    expect((await put(intake.id, { sellingFee: 30, minFee: 40, flatFee: 2 })).statusCode).toBe(200);
    expect(await itemRow(t, before.id)).toMatchObject({ payoutFee: 1300, payout: 8700, total: 8700 });
    const detail = json<{ data: Item }>(await t.request({ method: 'GET', url: `/api/inventories/${before.id}`, token: owner })).data;
    expect(detail).toMatchObject({ payoutFee: 13, payout: 87 });

    // max(30% of 100, 40) + 2 + 3 = 45
    const after = await add();
    expect(after).toMatchObject({ payoutFee: 45, payout: 55, total: 55 });

    // renaming it keeps both items as they are, and Lena keeps the schedule under its new name
    await put(intake.id, { accountType: 'Intake Renamed' });
    expect((await consignerRow(refs.consigner.lena.id)).accountType).toBe('Intake Renamed');
    expect(await itemRow(t, before.id)).toMatchObject({ payout: 8700 });
    expect(await itemRow(t, after.id)).toMatchObject({ payout: 5500 });
    expect(await add()).toMatchObject({ payoutFee: 45 });
    await setConsigner(refs.consigner.lena.id, { accountType: 'Standard' });
  });
});

describe('DELETE /api/consignerTypes/{id}', () => {
  it('deletes an unused type', async () => {
    const type = await create({ accountType: 'Short Lived' });
    const res = await del(type.id);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { id: type.id } });
    expect((await t.request({ method: 'GET', url: `/api/consignerTypes/${type.id}`, token: owner })).statusCode).toBe(404);
  });

  it('refuses the default type', async () => {
    const standard = (await list()).find((x) => x.isDefault)!;
    const res = await del(standard.id);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({ error: 'The default consigner type cannot be deleted: make another type the default first' });
  });

  it('refuses the last type of a name while consigners name it, counting them', async () => {
    const type = await create({ accountType: 'Bronze' });
    await setConsigner(refs.consigner.lena.id, { accountType: 'BRONZE' });
    const res = await del(type.id);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ error: 'This consigner type is used by 1 consigner and cannot be deleted: give them another type first' });
    await setConsigner(refs.consigner.lena.id, { accountType: 'Standard' });
    expect((await del(type.id)).statusCode).toBe(200);
  });

  it('refuses a type consigners are pinned to', async () => {
    const type = await create({ accountType: 'Pinned' });
    await setConsigner(refs.consigner.lena.id, { consignerTypeId: type.id });
    expect((await del(type.id)).statusCode).toBe(409);
    await setConsigner(refs.consigner.lena.id, { consignerTypeId: null });
  });

  it('deletes one type of a name that another type keeps: its consigners keep their schedule', async () => {
    const extra = await create({ accountType: 'VIP', category: 'Watches' });
    // Marco names VIP; the general VIP type stays
    expect((await del(extra.id)).statusCode).toBe(200);
  });

  it('refuses another store (404) and staff without Settings (403)', async () => {
    const type = await create({ accountType: 'Guarded' });
    expect((await t.request({ method: 'DELETE', url: `/api/consignerTypes/${type.id}`, token: other.token, host: other.host })).statusCode).toBe(404);
    for (const token of [consignersOnly, stock, ava]) expect((await del(type.id, token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/consignerTypes/${type.id}`, token: owner })).statusCode).toBe(200);
  });
});
