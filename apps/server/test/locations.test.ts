// Locations: add, rename, archive (docs/catalogue.md "Locations").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createSecondStore, demoStore, signInDemo, type SecondStore, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type Location = { id: string; name: string; isMarketplace: boolean; archived: boolean };

let t: TestApp;
let tokens: Tokens;
let second: SecondStore;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemo(t);
  second = await createSecondStore(t);
});
afterAll(async () => t.close());

const list = async (token = tokens.owner, query = '') => json<{ data: Location[] }>(await t.request({ method: 'GET', url: `/api/locations${query}`, token })).data;
const create = (body: unknown, token = tokens.owner) => t.request({ method: 'POST', url: '/api/locations', token, body });
const update = (id: string, body: unknown, token = tokens.owner, host?: string) => t.request({ method: 'PUT', url: `/api/locations/${id}`, token, body, host });
const byName = async (name: string) => (await list(tokens.owner, '?archived=include')).find((l) => l.name === name)!;

describe('POST /api/locations', () => {
  it('adds a location that every picker lists at once', async () => {
    const res = await create({ name: '  Back Room  ' });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: Location }>(res).data).toMatchObject({ name: 'Back Room', isMarketplace: false, archived: false });
    expect((await list(tokens.stock)).map((l) => l.name)).toEqual(['Back Room', 'Downtown', 'Uptown', 'Warehouse', 'ONLINE MARKETPLACE']);
  });

  it('refuses an empty, too long or NUL name, and a name the store has in any case', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe('Please enter a location name');
    }
    const long = await create({ name: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(json(long).error).toMatch(/Location name/);
    expect((await create({ name: 'Shop\u0000floor' })).statusCode).toBe(400);
    const dup = await create({ name: 'downtown' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).error).toBe('There is already a location named Downtown in this store');
    expect((await create({ name: 'online marketplace' })).statusCode).toBe(409);
  });

  it('needs Settings: an Inventory-only employee and a consigner are refused', async () => {
    expect((await create({ name: 'Kiosk' }, tokens.stock)).statusCode).toBe(403);
    expect((await create({ name: 'Kiosk' }, tokens.ava)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/locations?archived=include', token: tokens.ava })).statusCode).toBe(403);
  });
});

describe('PUT /api/locations/{id}', () => {
  it('renames it on every item (one log entry each), sub-location, price range and stock-take in one go', async () => {
    const store = await demoStore(t);
    const uptown = await byName('Uptown');
    const items = await t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, store.id), eq(s.inventoryItems.location, 'Uptown')));
    expect(items.length).toBeGreaterThan(0);

    const res = await update(uptown.id, { name: 'Uptown Loft' });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Location }>(res).data).toMatchObject({ id: uptown.id, name: 'Uptown Loft' });

    const moved = await t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, store.id), eq(s.inventoryItems.location, 'Uptown Loft')));
    expect(moved.length).toBe(items.length);
    const logs = await t.ctx.db.select().from(s.inventoryLogs).where(and(eq(s.inventoryLogs.storeId, store.id), eq(s.inventoryLogs.inventoryId, items[0].id)));
    const renameLogs = logs.filter((l) => l.modifiedFields.some((f) => f.variableChanged === 'location' && f.afterValue === 'Uptown Loft'));
    expect(renameLogs).toHaveLength(1);
    expect(renameLogs[0]).toMatchObject({ lastUpdatedByName: 'Olivia Bennett', modifiedFields: [{ variableChanged: 'location', beforeValue: 'Uptown', afterValue: 'Uptown Loft' }] });
    const subs = json<{ data: { name: string; locationName: string }[] }>(await t.request({ method: 'GET', url: '/api/subLocations?location=Uptown%20Loft', token: tokens.owner })).data;
    expect(subs.map((x) => x.name)).toEqual(['Window']);
    expect(await t.ctx.db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, store.id), eq(s.inventoryItems.location, 'Uptown')))).toEqual([]);

    // the same name in another case is this location's own: allowed; another's is not
    expect((await update(uptown.id, { name: 'UPTOWN LOFT' })).statusCode).toBe(200);
    const dup = await update(uptown.id, { name: 'warehouse' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).error).toBe('There is already a location named Warehouse in this store');
    expect((await update(uptown.id, { name: '' })).statusCode).toBe(400);
  });

  it('archives: out of the pickers, items kept, no new item placed there; and brings it back', async () => {
    const store = await demoStore(t);
    const warehouse = await byName('Warehouse');
    const before = await t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, store.id), eq(s.inventoryItems.location, 'Warehouse')));
    const res = await update(warehouse.id, { archived: true });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Location }>(res).data.archived).toBe(true);
    expect((await list()).map((l) => l.name)).not.toContain('Warehouse');
    expect((await list(tokens.owner, '?archived=include')).find((l) => l.name === 'Warehouse')?.archived).toBe(true);
    const after = await t.ctx.db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).where(and(eq(s.inventoryItems.storeId, store.id), eq(s.inventoryItems.location, 'Warehouse')));
    expect(after.length).toBe(before.length);

    const [active] = await t.ctx.db
      .select({ id: s.inventoryItems.id })
      .from(s.inventoryItems)
      .where(and(eq(s.inventoryItems.storeId, store.id), eq(s.inventoryItems.status, 'Active'), eq(s.inventoryItems.location, 'Downtown')))
      .limit(1);
    const transfer = await t.request({ method: 'POST', url: '/api/inventories/transfer', token: tokens.owner, body: { inventories: [active.id], location: 'Warehouse' } });
    expect(transfer.statusCode).toBe(422);
    expect(json(transfer).error).toBe('Warehouse is archived: choose another location');
    const sub = await t.request({ method: 'POST', url: '/api/subLocations', token: tokens.owner, body: { name: 'Bin 9', locationName: 'Warehouse' } });
    expect(sub.statusCode).toBe(201);

    expect(json<{ data: Location }>(await update(warehouse.id, { archived: false })).data.archived).toBe(false);
    expect((await list()).map((l) => l.name)).toContain('Warehouse');
  });

  it('keeps ONLINE MARKETPLACE as it is, and the last location of a store', async () => {
    const marketplace = await byName('ONLINE MARKETPLACE');
    for (const body of [{ name: 'Web shop' }, { archived: true }]) {
      const res = await update(marketplace.id, body);
      expect(res.statusCode).toBe(422);
      expect(json(res).error).toBe('ONLINE MARKETPLACE is the online marketplace of the store: it cannot be renamed or archived');
    }
    const [main] = await t.ctx.db.select().from(s.locations).where(and(eq(s.locations.storeId, second.id), eq(s.locations.name, 'Main Store')));
    const last = await update(main.id, { archived: true }, second.token, second.host);
    expect(last.statusCode).toBe(422);
    expect(json(last).error).toBe('Main Store is the only location of the store: add another before archiving it');
  });

  it("refuses a location of another store (404), a bad id (400) and staff without Settings (403)", async () => {
    const [theirs] = await t.ctx.db.select().from(s.locations).where(eq(s.locations.storeId, second.id));
    const res = await update(theirs.id, { name: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Location not found');
    expect((await update('not-a-uuid', { name: 'X' })).statusCode).toBe(400);
    const downtown = await byName('Downtown');
    expect((await update(downtown.id, { name: 'Stolen' }, tokens.stock)).statusCode).toBe(403);
    expect((await update(downtown.id, { archived: true }, tokens.marco)).statusCode).toBe(403);
    expect((await byName('Downtown')).archived).toBe(false);
  });
});
