import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDashboard } from '@backroom/domain';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';
import { shopReportRepository } from '../src/modules/dashboard/shop-report.repository.ts';
import { otherStore } from './consigners-fixtures.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

// The shop report's stock by category and location and its price and withdrawal requests (docs/dashboard-and-activity.md,
// docs/dashboard-and-activity.md "Shop report"), over a hand-built shop in a store of its own; and the
// two tables the triggers keep (migration 0031) against a recount of the items.
let t: TestApp;
let other: Awaited<ReturnType<typeof otherStore>>;
let storeId: string;
let productId: string;
let consignerId: string;

const d = (iso: string) => new Date(iso);
const FORMULA = '=HYPERLINK("http://x","y")';
type Item = typeof s.inventoryItems.$inferInsert;
const item = (code: string, v: Partial<Item>) => ({ storeId, code, productId, consignerId, title: 'Coat', status: 'Active', quantity: 1, ...v }) as Item;
const byCode = (code: string) => and(eq(s.inventoryItems.storeId, storeId), eq(s.inventoryItems.code, code));

beforeAll(async () => {
  t = await createTestApp();
  other = await otherStore(t);
  storeId = other.store.id;
  const db = t.ctx.db;
  const [nora] = await db.insert(s.consigners).values({ storeId, firstName: 'Nora', lastName: 'Quinn', email: 'nora@other.test' }).returning();
  const [product] = await db.insert(s.products).values({ storeId, title: 'Coat', brand: 'B', sku: 'C-1', category: 'Coats', gender: 'U' }).returning();
  consignerId = nora.id;
  productId = product.id;
  const accepted = d('2025-12-01T10:00:00Z');
  await db.insert(s.inventoryItems).values([
    item('A', { location: 'Downtown', category: 'Coats', price: 10000, acceptedOn: accepted }),
    item('B', { location: 'Downtown', category: 'Shoes', price: 5000, quantity: 2, acceptedOn: accepted }),
    // inserted waiting: a request on the day of its updatedAt
    item('C', { status: 'RequestPriceChange', location: 'Warehouse', category: 'Coats', price: 8000, requestedPrice: 7000, acceptedOn: accepted, updatedAt: d('2026-01-03T09:00:00Z') }),
    item('D', { status: 'RequestWithdrawal', location: 'Warehouse', category: null, price: 3000, acceptedOn: accepted, updatedAt: d('2026-01-05T09:00:00Z') }),
    item('E', { status: 'Sold', location: 'Downtown', category: 'Coats', price: 9900, acceptedOn: accepted, soldOn: d('2026-01-02T10:00:00Z') }),
    item('F', { location: null, category: FORMULA, price: 1000, acceptedOn: accepted }),
    item('G', { status: 'Pending', location: 'Downtown', category: 'Coats', price: 4000 }),
    item('H', { location: 'Warehouse', category: 'Shoes', price: 2000, acceptedOn: accepted }),
  ]);
  // A asks for a price on 7 January and is put back on the 8th: still one request made
  await db.update(s.inventoryItems).set({ status: 'RequestPriceChange', requestedPrice: 9000, updatedAt: d('2026-01-07T12:00:00Z') }).where(byCode('A'));
  await db.update(s.inventoryItems).set({ status: 'Active', requestedPrice: null, updatedAt: d('2026-01-08T12:00:00Z') }).where(byCode('A'));
  // H: a withdrawal asked for in the previous period, then declined (still in stock)
  await db.update(s.inventoryItems).set({ status: 'RequestWithdrawal', updatedAt: d('2025-12-28T12:00:00Z') }).where(byCode('H'));
  await db.update(s.inventoryItems).set({ status: 'WithdrawalDeclined', updatedAt: d('2025-12-29T12:00:00Z') }).where(byCode('H'));
}, 60_000);
afterAll(async () => t.close());

const dashboard = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/dashboard${query}`, token: other.token, host: other.host });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: TDashboard }>(res).data;
};
const triple = (b: { label: string; items: number; units: number; value: number | null }) => [b.label, b.items, b.units, b.value];

describe('the shop report', () => {
  it('shows the stock now by category and by location, biggest first', async () => {
    const data = await dashboard('?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10');
    // in stock: A, B (2 units), C, D, F, H (WithdrawalDeclined); not E (sold) or G (not accepted)
    expect(data.byCategory.map(triple)).toEqual([
      ['Coats', 2, 2, 100 + 80], // A, C
      ['Shoes', 2, 3, 2 * 50 + 20], // B, H
      ['No category', 1, 1, 30], // D
      [FORMULA, 1, 1, 10], // F
    ]);
    expect(data.byCategory[2].key).toBe('');
    expect(data.byLocation.map(triple)).toEqual([
      ['Warehouse', 3, 3, 80 + 30 + 20], // C, D, H
      ['Downtown', 2, 3, 100 + 2 * 50], // A, B
      ['No location', 1, 1, 10], // F
    ]);
  });

  it('counts price and withdrawal requests: waiting now, made in the period against the previous one, by day', async () => {
    const data = await dashboard('?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10');
    // waiting now: C asks for a price, D for a withdrawal (A was put back, H declined)
    expect(data.requests.waiting).toEqual({ priceRequests: 1, withdrawalRequests: 1 });
    // made 1-10 January: price C (3rd) and A (7th), none before; withdrawal D (5th), before H (28 Dec)
    expect(data.requests.cards.map((c) => [c.key, c.label, c.value, c.previous, c.change])).toEqual([
      ['priceRequests', 'Price requests', 2, 0, 100],
      ['withdrawalRequests', 'Withdrawal requests', 1, 1, 0],
    ]);
    expect(data.requests.daily).toHaveLength(10);
    expect(data.requests.daily[0]).toEqual({ day: '2026-01-01', priceRequests: 0, withdrawalRequests: 0 });
    expect(data.requests.daily.filter((x) => x.priceRequests + x.withdrawalRequests > 0)).toEqual([
      { day: '2026-01-03', priceRequests: 1, withdrawalRequests: 0 },
      { day: '2026-01-05', priceRequests: 0, withdrawalRequests: 1 },
      { day: '2026-01-07', priceRequests: 1, withdrawalRequests: 0 },
    ]);
    // the previous period alone: H's request
    const before = await dashboard('?dateRangeStart=2025-12-22&dateRangeEnd=2025-12-31');
    expect(before.requests.cards.map((c) => c.value)).toEqual([0, 1]);
  });

  it('exports the new sections in shop-report.csv, a formula-looking category as text', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dashboard/export?dateRangeStart=2026-01-01&dateRangeEnd=2026-01-10', token: other.token, host: other.host });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Section,Key,Label,Value,Previous,Change %,Units,Items');
    expect(lines).toContain('In stock by category,Coats,Coats,180,,,2,2');
    expect(lines).toContain('In stock by category,,No category,30,,,1,1');
    expect(lines).toContain('In stock by location,Warehouse,Warehouse,130,,,3,3');
    expect(lines).toContain('In stock by location,,No location,10,,,1,1');
    expect(lines).toContain('Requests waiting,priceRequests,Price requests waiting,,,,,1');
    expect(lines).toContain('Requests,priceRequests,Price requests,2,0,100,,');
    expect(lines).toContain('Requests,withdrawalRequests,Withdrawal requests,1,1,0,,');
    expect(lines).toContain('Daily price requests,2026-01-03,Price requests,1,,,,');
    expect(lines).toContain('Daily withdrawal requests,2026-01-05,Withdrawal requests,1,,,,');
    // the category cell starts with a quote: a spreadsheet shows it as text, never runs it
    const escaped = `"'=HYPERLINK(""http://x"",""y"")"`;
    expect(lines).toContain(`In stock by category,${escaped},${escaped},10,,,1,1`);
    expect(res.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('caps the groups and sums the rest', async () => {
    const r = await shopReportRepository.stockBy(t.ctx.db, storeId, 'category', 2);
    expect(r.groups.map((g) => g.key)).toEqual(['Coats', 'Shoes']);
    expect(r.rest).toEqual({ count: 2, items: 2, units: 2, value: 3000 + 1000 });
  });

  it('keeps the stock by group equal to a recount of the items, and counts requests as they are made', async () => {
    const db = t.ctx.db;
    const today = new Date().toISOString().slice(0, 10);
    const requestsOn = async (day: string) =>
      (await db.select().from(s.inventoryRequestDays).where(and(eq(s.inventoryRequestDays.storeId, storeId), eq(s.inventoryRequestDays.day, day))))[0] ?? { priceRequests: 0, withdrawalRequests: 0 };
    const before = await requestsOn(today);

    // in a transaction: a new item, then changes of its status, location, category, price and quantity
    await db.transaction(async (tx) => {
      await tx.insert(s.inventoryItems).values(item('N', { location: 'Annex', category: 'Hats', price: 1500, quantity: 3, acceptedOn: d('2026-01-09T10:00:00Z') }));
      await tx.update(s.inventoryItems).set({ price: 1700, quantity: 4 }).where(byCode('N'));
      await tx.update(s.inventoryItems).set({ location: 'Downtown', category: 'Coats' }).where(byCode('B'));
      await tx.update(s.inventoryItems).set({ status: 'Sold', soldOn: new Date() }).where(byCode('C'));
      // several rows in one statement, one of them into a request status (stamped by the app: its updatedAt)
      await tx.update(s.inventoryItems).set({ status: 'RequestPriceChange' }).where(and(eq(s.inventoryItems.storeId, storeId), inArray(s.inventoryItems.code, ['A', 'H'])));
    });
    // outside one: a statement that leaves updated_at as it was counts today; a category emptied; a delete
    await db.execute(sql`update inventory_items set status = 'RequestWithdrawal' where store_id = ${storeId} and code = 'F'`);
    await db.update(s.inventoryItems).set({ category: 'Shoes' }).where(byCode('D'));
    await db.delete(s.inventoryItems).where(byCode('H'));
    await db.update(s.inventoryItems).set({ status: 'Active', location: null }).where(byCode('G')); // accepted into no location
    // a transaction rolled back leaves nothing
    await expect(
      db.transaction(async (tx) => {
        await tx.update(s.inventoryItems).set({ status: 'RequestWithdrawal', location: 'Nowhere' }).where(byCode('A'));
        tx.rollback();
      }),
    ).rejects.toThrow();

    const kept = await db.execute(sql`select location, category, items, units, value::float8 as value from inventory_stock_groups where store_id = ${storeId} order by location, category`);
    const fresh = await db.execute(sql`select coalesce(location, '') as location, coalesce(category, '') as category, count(*)::int as items, sum(quantity)::int as units, sum(price::bigint * quantity)::float8 as value
      from inventory_items where store_id = ${storeId} and status in ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit')
      group by 1, 2 order by 1, 2`);
    const rowsOf = (r: unknown) =>
      (r as { rows: Record<string, unknown>[] }).rows.map((row) => ({ location: String(row.location), category: String(row.category), items: Number(row.items), units: Number(row.units), value: Number(row.value) }));
    expect(rowsOf(kept)).toEqual(rowsOf(fresh));
    // emptied groups are gone: the '' category (D moved), the ('', FORMULA) group is F's (still in stock)
    expect(rowsOf(kept).some((r) => r.category === '' && r.location === 'Warehouse')).toBe(false);
    expect(rowsOf(kept).every((r) => r.items > 0)).toBe(true);
    expect(rowsOf(kept).find((r) => r.location === 'Annex')).toEqual({ location: 'Annex', category: 'Hats', items: 1, units: 4, value: 4 * 1700 });

    // requests: A and H (in the transaction, stamped today by the app) and F (left alone: today too)
    const after = await requestsOn(today);
    expect(after.priceRequests - before.priceRequests).toBe(2);
    expect(after.withdrawalRequests - before.withdrawalRequests).toBe(1);
    const data = await dashboard('');
    expect(data.requests.waiting).toEqual({ priceRequests: 1, withdrawalRequests: 2 }); // A; D and F (H deleted, C sold)
    expect(data.requests.daily.at(-1)).toEqual({ day: today, priceRequests: after.priceRequests, withdrawalRequests: after.withdrawalRequests });
  });
});

// Migration 0031 on a shop that already has items and history: the tables start equal to the items.
describe('migration 0031 on an existing shop', () => {
  let old: TestApp;
  let earlier: string;
  afterAll(async () => {
    await old?.close();
    if (earlier) fs.rmSync(earlier, { recursive: true, force: true });
  });

  it('fills the stock by group from the items, and the requests from the activity log and the items waiting', async () => {
    // Every migration but this one, the demo seeded on them (today's seed writes the columns of later
    // migrations, so those come first here, dated before this one); then this one alone, as a shop
    // that had the demo's data before it would meet it.
    earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-migrations-'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_shop_report_groups'));
    const shopReport = journal.entries[at];
    const folder = (name: string, entries: { tag: string; when: number }[]) => {
      const dir = path.join(earlier, name);
      fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
      for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
      return dir;
    };
    const rest = journal.entries.filter((_, i) => i !== at).map((e, i) => (i < at ? e : { ...e, when: shopReport.when - (journal.entries.length - i) }));
    const before = folder('before', rest);
    const after = folder('after', [shopReport]);
    old = await createTestApp({ migrationsFolder: before });
    const db = old.ctx.db;
    const [store] = await db.select().from(s.stores).limit(1);
    const items = await db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, store.id));
    const waitingPrice = items.filter((i) => i.status === 'RequestPriceChange');
    const waitingWithdrawal = items.filter((i) => i.status === 'RequestWithdrawal');
    const active = items.find((i) => i.status === 'Active')!;
    expect(waitingPrice.length).toBeGreaterThanOrEqual(2);
    expect(waitingWithdrawal.length).toBeGreaterThanOrEqual(1);
    // the log: an Active item asked for a price on 4 January (and was put back), a waiting one on the 2nd
    const entry = (inventoryId: string, at: string, before: string, after: string) => ({
      storeId: store.id, inventoryId, productTitle: 'x', modifiedFields: [{ variableChanged: 'status', beforeValue: before, afterValue: after }], updatedAt: d(at),
    });
    await db.insert(s.inventoryLogs).values([
      entry(active.id, '2026-01-04T10:00:00Z', 'Active', 'RequestPriceChange'),
      entry(active.id, '2026-01-05T10:00:00Z', 'RequestPriceChange', 'Active'),
      entry(waitingPrice[0].id, '2026-01-02T10:00:00Z', 'Active', 'RequestPriceChange'),
    ]);

    await migrateDatabase(old.ctx.database, after);

    const groups = await db.execute(sql`select location, category, items, units, value::float8 as value from inventory_stock_groups where store_id = ${store.id} order by location, category`);
    const recount = await db.execute(sql`select coalesce(location, '') as location, coalesce(category, '') as category, count(*)::int as items, sum(quantity)::int as units, sum(price::bigint * quantity)::float8 as value
      from inventory_items where store_id = ${store.id} and status in ('Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined', 'InTransit') group by 1, 2 order by 1, 2`);
    const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows.map((row) => ({ ...row, items: Number(row.items), units: Number(row.units), value: Number(row.value) }));
    expect(rows(groups).length).toBeGreaterThan(1);
    expect(rows(groups)).toEqual(rows(recount));

    const expected = new Map<string, { priceRequests: number; withdrawalRequests: number }>();
    const bump = (at: Date, k: 'priceRequests' | 'withdrawalRequests') => {
      const day = at.toISOString().slice(0, 10);
      const x = expected.get(day) ?? { priceRequests: 0, withdrawalRequests: 0 };
      x[k] += 1;
      expected.set(day, x);
    };
    // every entry of the log into a request status (the seed's and the three above), by its day ...
    const logs = await db.select().from(s.inventoryLogs).where(eq(s.inventoryLogs.storeId, store.id));
    const logged = new Set<string>();
    for (const l of logs)
      for (const f of l.modifiedFields)
        if (f.variableChanged === 'status' && (f.afterValue === 'RequestPriceChange' || f.afterValue === 'RequestWithdrawal') && f.beforeValue !== f.afterValue) {
          bump(l.updatedAt, f.afterValue === 'RequestPriceChange' ? 'priceRequests' : 'withdrawalRequests');
          logged.add(`${l.inventoryId}:${f.afterValue}`);
        }
    // ... and each item waiting now without one, by its withdrawal request's day or its last change
    for (const i of [...waitingPrice, ...waitingWithdrawal])
      if (!logged.has(`${i.id}:${i.status}`)) bump(i.status === 'RequestWithdrawal' ? (i.withdrawalRequestedOn ?? i.updatedAt) : i.updatedAt, i.status === 'RequestPriceChange' ? 'priceRequests' : 'withdrawalRequests');
    expect(expected.get('2026-01-04')).toEqual({ priceRequests: 1, withdrawalRequests: 0 });
    expect(expected.get('2026-01-02')).toEqual({ priceRequests: 1, withdrawalRequests: 0 });
    const kept = await db.select().from(s.inventoryRequestDays).where(eq(s.inventoryRequestDays.storeId, store.id)).orderBy(s.inventoryRequestDays.day);
    expect(kept.map((r) => [r.day, { priceRequests: r.priceRequests, withdrawalRequests: r.withdrawalRequests }])).toEqual([...expected.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }, 120_000);
});
