import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createSecondStore, demoStore, signInDemo, type SecondStore, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type Location = { id: string; name: string; isMarketplace: boolean; label: string; value: string };
type SubLocation = { id: string; name: string; locationName: string };

let t: TestApp;
let tokens: Tokens;
let second: SecondStore;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signInDemo(t);
  second = await createSecondStore(t);
});
afterAll(async () => t.close());

const names = (res: { json: () => unknown }) => (res.json() as { data: Location[] }).data.map((l) => l.name);

describe('GET /api/locations', () => {
  it('gives staff every location of the store, ONLINE MARKETPLACE last', async () => {
    for (const token of [tokens.owner, tokens.stock]) {
      expect(names(await t.request({ method: 'GET', url: '/api/locations', token }))).toEqual(['Downtown', 'Uptown', 'Warehouse', 'ONLINE MARKETPLACE']);
    }
  });

  it('shows ONLINE MARKETPLACE to a consigner with marketplaceLocation only', async () => {
    expect(names(await t.request({ method: 'GET', url: '/api/locations', token: tokens.marco }))).toContain('ONLINE MARKETPLACE');
    expect(names(await t.request({ method: 'GET', url: '/api/locations', token: tokens.ava }))).toEqual(['Downtown', 'Uptown', 'Warehouse']);
  });

  it('hides it from consigners when the store runs no online marketplace', async () => {
    const store = await demoStore(t);
    await t.ctx.db.update(s.stores).set({ onlineMarketplace: false }).where(eq(s.stores.id, store.id));
    try {
      expect(names(await t.request({ method: 'GET', url: '/api/locations', token: tokens.marco }))).not.toContain('ONLINE MARKETPLACE');
    } finally {
      await t.ctx.db.update(s.stores).set({ onlineMarketplace: true }).where(eq(s.stores.id, store.id));
    }
  });

  it("lists only the signed-in user's store, and needs a session", async () => {
    expect(names(await t.request({ method: 'GET', url: '/api/locations', token: second.token, host: second.host }))).toEqual(['Main Store', 'ONLINE MARKETPLACE']);
    expect((await t.request({ method: 'GET', url: '/api/locations' })).statusCode).toBe(401);
  });
});

describe('GET /api/subLocations', () => {
  it('lists the sub-locations, optionally of one location, to any signed-in user', async () => {
    const all = json<{ data: SubLocation[] }>(await t.request({ method: 'GET', url: '/api/subLocations', token: tokens.ava })).data;
    expect(all.map((x) => `${x.locationName}/${x.name}`)).toEqual(['Downtown/Shelf A', 'Downtown/Shelf B', 'Uptown/Window', 'Warehouse/Bin 1', 'Warehouse/Bin 2']);
    const downtown = json<{ data: SubLocation[] }>(await t.request({ method: 'GET', url: '/api/subLocations?location=Downtown', token: tokens.stock })).data;
    expect(downtown.map((x) => x.name)).toEqual(['Shelf A', 'Shelf B']);
    const other = json<{ data: SubLocation[] }>(await t.request({ method: 'GET', url: '/api/subLocations', token: second.token, host: second.host })).data;
    expect(other).toEqual([]);
  });
});

describe('POST /api/subLocations', () => {
  const post = (body: unknown, token = tokens.owner) => t.request({ method: 'POST', url: '/api/subLocations', token, body });

  it('adds a sub-location to a location of the store', async () => {
    const res = await post({ name: ' Shelf C ', locationName: 'Downtown' });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: SubLocation }>(res).data).toMatchObject({ name: 'Shelf C', locationName: 'Downtown' });
  });

  it('words each missing field as the spec does', async () => {
    expect(json(await post({ name: 'Shelf D' }))).toEqual({ error: 'Location required' });
    expect(json(await post({ name: '  ', locationName: 'Downtown' }))).toEqual({ error: 'Sublocation required' });
    expect(json(await post({ name: null, locationName: 'Downtown' }))).toEqual({ error: 'Sublocation required' });
  });

  it("refuses a location that is not one of the store's (another store's included)", async () => {
    const res = await post({ name: 'Shelf', locationName: 'Main Store' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'There is no location named Main Store in this store' });
  });

  it('refuses a duplicate at the same location', async () => {
    const res = await post({ name: 'Shelf A', locationName: 'Downtown' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ error: 'The sublocation Shelf A already exists at Downtown' });
  });

  it('needs Settings access', async () => {
    expect((await post({ name: 'Shelf E', locationName: 'Downtown' }, tokens.stock)).statusCode).toBe(403);
    expect((await post({ name: 'Shelf E', locationName: 'Downtown' }, tokens.ava)).statusCode).toBe(403);
  });
});

describe('PUT /api/subLocations/{id}', () => {
  it('renames it, and the items at the old name follow with a log entry each', async () => {
    const store = await demoStore(t);
    const [bin1] = await t.ctx.db.select().from(s.subLocations).where(and(eq(s.subLocations.storeId, store.id), eq(s.subLocations.name, 'Bin 1')));
    const itemsBefore = await t.ctx.db
      .select()
      .from(s.inventoryItems)
      .where(and(eq(s.inventoryItems.location, 'Warehouse'), eq(s.inventoryItems.subLocation, 'Bin 1')));
    expect(itemsBefore.length).toBeGreaterThan(0);

    const res = await t.request({ method: 'PUT', url: `/api/subLocations/${bin1.id}`, token: tokens.owner, body: { name: 'Bin 1A' } });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: SubLocation }>(res).data).toEqual({ id: bin1.id, name: 'Bin 1A', locationName: 'Warehouse' });

    for (const item of itemsBefore) {
      const [after] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, item.id));
      expect(after).toMatchObject({ subLocation: 'Bin 1A', lastUpdatedByName: 'Olivia Bennett' });
      const logs = await t.ctx.db.select().from(s.inventoryLogs).where(eq(s.inventoryLogs.inventoryId, item.id));
      expect(logs.some((l) => l.modifiedFields.some((f) => f.variableChanged === 'subLocation' && f.beforeValue === 'Bin 1' && f.afterValue === 'Bin 1A'))).toBe(true);
    }
  });

  it('refuses an empty name, a taken name, the wrong role and another store', async () => {
    const [shelfB] = await t.ctx.db.select().from(s.subLocations).where(eq(s.subLocations.name, 'Shelf B'));
    const put = (body: unknown, token = tokens.owner, host?: string) => t.request({ method: 'PUT', url: `/api/subLocations/${shelfB.id}`, token, body, host });
    expect(json(await put({ name: '' }))).toEqual({ error: 'Sublocation required' });
    const taken = await put({ name: 'Shelf A' });
    expect(taken.statusCode).toBe(409);
    expect((await put({ name: 'Shelf Z' }, tokens.stock)).statusCode).toBe(403);
    expect((await put({ name: 'Shelf Z' }, second.token, second.host)).statusCode).toBe(404);
    const [unchanged] = await t.ctx.db.select().from(s.subLocations).where(eq(s.subLocations.id, shelfB.id));
    expect(unchanged.name).toBe('Shelf B');
  });
});
