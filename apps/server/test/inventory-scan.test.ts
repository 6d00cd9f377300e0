import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Scan = { matchedBy: string | null; scanGTINProduct: { id: string } | null; gtinSize: string | null; scanGTINInventories: { id: string; status: string }[] };

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn(DEMO.owner);
});
afterAll(async () => t.close());

const scan = async (body: object, token = owner) => t.request({ method: 'POST', url: '/api/inventories/scan', token, body });

describe('POST /api/inventories/scan', () => {
  it('answers an item for its code, whatever the case', async () => {
    const [item] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.status, 'Pending')).limit(1);
    const res = json<{ data: Scan }>(await scan({ code: ` ${item.code.toLowerCase()} ` })).data;
    expect(res.matchedBy).toBe('code');
    expect(res.scanGTINProduct?.id).toBe(item.productId);
    expect(res.scanGTINInventories.map((i) => i.id)).toEqual([item.id]);
    // already scanned: nothing left to add
    expect(json<{ data: Scan }>(await scan({ code: item.code, excludeIds: [item.id] })).data.scanGTINInventories).toEqual([]);
  });

  it("answers a GTIN's product and size with the matching drop-offs only", async () => {
    const [gtin] = await t.ctx.db.select().from(s.productGtins).limit(1);
    const [pending] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.status, 'Pending')).limit(1);
    // make one drop-off of that product and size, and an Active one that must not be offered
    await t.ctx.db.update(s.inventoryItems).set({ productId: gtin.productId, option1Value: gtin.size }).where(eq(s.inventoryItems.id, pending.id));
    const [active] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.status, 'Active')).limit(1);
    await t.ctx.db.update(s.inventoryItems).set({ productId: gtin.productId, option1Value: gtin.size }).where(eq(s.inventoryItems.id, active.id));
    const res = json<{ data: Scan }>(await scan({ code: gtin.gtin })).data;
    expect(res).toMatchObject({ matchedBy: 'gtin', gtinSize: gtin.size });
    expect(res.scanGTINProduct?.id).toBe(gtin.productId);
    const ids = res.scanGTINInventories.map((i) => i.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(active.id);
    expect(res.scanGTINInventories.every((i) => i.status === 'Pending' || i.status === 'Requested')).toBe(true);
  });

  it('answers a product by SKU, and a null product for an unknown code', async () => {
    const [product] = await t.ctx.db.select().from(s.products).limit(1);
    expect(json<{ data: Scan }>(await scan({ code: product.sku.toLowerCase() })).data).toMatchObject({ matchedBy: 'sku', gtinSize: null, scanGTINProduct: { id: product.id } });
    expect(json<{ data: Scan }>(await scan({ code: 'NOPE-000' })).data).toEqual({ matchedBy: null, scanGTINProduct: null, gtinSize: null, scanGTINInventories: [] });
  });

  it('refuses an empty code, consigners and employees without Inventory', async () => {
    const empty = await scan({ code: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error).toBe('Please scan a code');
    expect((await scan({ code: 'X' }, await t.signIn(DEMO.ava))).statusCode).toBe(403);
  });

  it("never finds another store's items", async () => {
    const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Other', email: 'o@other.test', handle: 'other' } });
    const storeB = json<{ data: { store: { id: string } } }>(res).data.store;
    const [item] = await t.ctx.db.select().from(s.inventoryItems).where(and(eq(s.inventoryItems.status, 'Active'))).limit(1);
    const [bossEmployee] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, storeB.id));
    const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost', 'x-store-handle': 'other' }, body: { email: 'o@other.test', password: 'other-password', name: 'O' } });
    await t.request({ method: 'PUT', url: `/open/employees/accept/${bossEmployee.id}`, body: { token: bossEmployee.inviteToken, fbUserId: json<{ user: { id: string } }>(signup).user.id } });
    const tokenB = await t.signIn('o@other.test', 'other-password');
    const res2 = await t.request({ method: 'POST', url: '/api/inventories/scan', token: tokenB, headers: { 'x-store-handle': 'other' }, host: 'shops.example', body: { code: item.code } });
    expect(res2.statusCode).toBe(200);
    expect(json<{ data: Scan }>(res2).data.matchedBy).toBeNull();
  });
});
