// The demo shop of docs/architecture.md's Data list: what it holds, and the same data on every fresh install.
import { INVENTORY_STATUSES } from '@backroom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const started = Date.now();

/** Every tenant row of the demo store, minus what a fresh install cannot repeat (identity ids, now()). */
async function demoData(app: TestApp): Promise<Record<string, unknown[]>> {
  const [store] = await app.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  const tables = (await app.ctx.database.executeSql(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'store_id' order by table_name`,
    [],
  )).rows as { table_name: string }[];
  const clean = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).filter(([key, value]) => key !== 'fb_user_id' && !(value instanceof Date && value.getTime() >= started - 60_000)),
    );
  const out: Record<string, unknown[]> = { stores: [clean(store as unknown as Record<string, unknown>)] };
  for (const { table_name } of tables) {
    // Ordered by the whole row: some tables (payout_items, store_integrations) have no id column.
    const rows = (await app.ctx.database.executeSql(`select * from "${table_name}" t where store_id = $1 order by t::text`, [store.id])).rows;
    out[table_name] = (rows as Record<string, unknown>[]).map(clean);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo seed', () => {
  it('seeds once: a second run leaves the shop as it is', async () => {
    const before = JSON.stringify(await demoData(t));
    expect(await seedDemo(t.ctx)).toEqual({ seeded: false });
    expect(JSON.stringify(await demoData(t))).toBe(before);
  });

  it('is deterministic: a fresh install holds the same data', async () => {
    const other = await createTestApp();
    try {
      expect(JSON.stringify(await demoData(other))).toBe(JSON.stringify(await demoData(t)));
    } finally {
      await other.close();
    }
  }, 120_000);

  it('has the store settings, three locations plus ONLINE MARKETPLACE, sub-locations and two templates', async () => {
    const [store] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
    expect(store).toMatchObject({ currency: 'USD', handle: 'demo' });
    expect(store.termsOfService.length).toBeGreaterThan(20);
    expect(store.shipInstructions.length).toBeGreaterThan(20);
    expect(store.labelOptions.length).toBeGreaterThan(0);
    expect(store.labelSize).toEqual({ width: expect.any(Number), height: expect.any(Number) });

    const locations = await t.ctx.db.select().from(s.locations).where(eq(s.locations.storeId, store.id));
    expect(locations.filter((l) => !l.isMarketplace)).toHaveLength(3);
    expect(locations.filter((l) => l.isMarketplace).map((l) => l.name)).toEqual(['ONLINE MARKETPLACE']);
    expect((await t.ctx.db.select().from(s.subLocations).where(eq(s.subLocations.storeId, store.id))).length).toBeGreaterThan(0);

    const templates = await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.storeId, store.id));
    const sneakers = templates.find((x) => x.category === 'Sneakers')!;
    const apparel = templates.find((x) => x.category === 'Apparel')!;
    expect([sneakers.option1, sneakers.option2, sneakers.option3]).toEqual(['Size', 'Condition', 'Box']);
    expect((apparel.option1Values as { value: string }[]).map((v) => v.value)).toEqual(['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('has about 30 products whose images are served locally', async () => {
    const products = await t.ctx.db.select().from(s.products);
    expect(products.length).toBeGreaterThanOrEqual(25);
    for (const p of products) {
      expect(p.imageList.length).toBeGreaterThan(0);
      expect(p.imageList[0]).toMatch(/^\/demo-assets\//);
    }
    const image = await t.request({ method: 'GET', url: products[0].imageList[0] });
    expect(image.statusCode).toBe(200);
  });

  it('has three consigner types (one default) and the consigners and employees the demo needs', async () => {
    const types = await t.ctx.db.select().from(s.consignerTypes);
    expect(new Set(types.map((x) => x.accountType)).size).toBe(3);
    expect(types.filter((x) => x.isDefault)).toHaveLength(1);

    const consigners = await t.ctx.db.select().from(s.consigners);
    expect(consigners.filter((c) => c.isStoreAccount)).toHaveLength(1);
    expect(consigners.some((c) => c.marketplaceLocation && !c.isStoreAccount)).toBe(true);
    expect(consigners.some((c) => !c.isActive)).toBe(true);

    const employees = await t.ctx.db.select().from(s.employees);
    expect(employees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'Admin', accessControls: null }),
        expect.objectContaining({ role: 'Employee', accessControls: ['Inventory'] }),
      ]),
    );
  });

  it('has items in every status of the transition table, orders for the sold ones and one payout', async () => {
    const items = await t.ctx.db.select().from(s.inventoryItems);
    expect([...new Set(items.map((i) => i.status))].sort()).toEqual([...INVENTORY_STATUSES].sort());

    const sold = items.filter((i) => ['PendingSale', 'Sold', 'Paid'].includes(i.status));
    const lines = await t.ctx.db.select().from(s.lineItems);
    for (const item of sold) {
      expect(item.orderId).toBeTruthy();
      expect(lines.some((l) => l.inventoryId === item.id && l.orderId === item.orderId)).toBe(true);
    }

    const payouts = await t.ctx.db.select().from(s.payouts);
    expect(payouts).toHaveLength(1);
    const paid = items.filter((i) => i.status === 'Paid');
    expect(paid.every((i) => i.payoutId === payouts[0].id)).toBe(true);
    expect(payouts[0]).toMatchObject({ itemCount: paid.length, total: paid.reduce((sum, i) => sum + i.total, 0) });
    const cheques = await t.ctx.db.select().from(s.cheques);
    expect(cheques.reduce((sum, c) => sum + c.amount, 0)).toBe(payouts[0].total);
  });

  it('has store-request offers that answer a request: at a store location, priced in the range of its store_requests row', async () => {
    const items = await t.ctx.db.select().from(s.inventoryItems);
    const offers = items.filter((i) => i.status === 'Consignment' || i.status === 'Buying');
    expect(offers.map((o) => o.status).sort()).toEqual(['Buying', 'Buying', 'Consignment', 'Consignment']);
    const locations = (await t.ctx.db.select().from(s.locations)).filter((l) => !l.isMarketplace).map((l) => l.name);
    const requests = await t.ctx.db.select().from(s.storeRequests);
    for (const offer of offers) {
      expect(locations).toContain(offer.location);
      expect(offer.acceptedOn).toBeNull();
      const request = requests.find((r) => r.productId === offer.productId && r.location === offer.location);
      expect(request, `a store_requests row for ${offer.title} at ${offer.location}`).toBeTruthy();
      expect([offer.storeRequestPriceLow, offer.storeRequestPriceHigh]).toEqual([request!.priceLow, request!.priceHigh]);
      expect(offer.price).toBeGreaterThanOrEqual(request!.priceLow);
      expect(offer.price).toBeLessThanOrEqual(request!.priceHigh);
      // requested there: the product has nothing Active at that location
      expect(items.some((i) => i.productId === offer.productId && i.status === 'Active' && i.location === offer.location)).toBe(false);
    }
    // every row is one an offer answers
    expect(requests.every((r) => offers.some((o) => o.productId === r.productId && o.location === r.location))).toBe(true);
  });
});
