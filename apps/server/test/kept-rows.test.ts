import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { responses, ZInventoryPage, ZPaginatedInventoriesQuery } from '@backroom/domain';
import type { Actor } from '../src/auth/actor.ts';
import * as s from '../src/db/schema/index.ts';
import { valueSerializer } from '../src/http/response-serializer.ts';
import { findPaginatedInventories } from '../src/modules/inventory-queries/index.ts';
import { keptRowsOf } from '../src/modules/inventory-queries/kept-rows.ts';
import { findTenant } from '../src/tenancy/resolve-store.ts';
import { storeCacheOf } from '../src/tenancy/store-cache.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

// The inventory list put together from its rows' kept text (docs/scaling.md "A page put together from
// kept rows"): a page asked again after a change reads its ids and row versions in one statement and
// only the rows that changed; it is the same answer as the page read whole.
type Row = { id: string; storeId: string; price: number | null; consignerId: string; consigner: { lastName: string } | null; daysActive: number | null; nextMarkdown?: { percentOff: number } | null };
type Page = { data: { rows: Row[]; count: number; countIsEstimate: boolean } };

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ config: { cacheTtlMs: 60_000 } });
  owner = await t.signIn(DEMO.owner);
}, 600_000);
afterAll(async () => {
  await t.close();
});

const list = (url: string, token = owner) => t.request({ method: 'GET', url, token });
const rowsOf = (res: Parameters<typeof json>[0]) => json<Page>(res).data;
/** Rows read from the database (not kept) since the last call. */
const kept = () => keptRowsOf(t.ctx, true).counts;
const rowsRead = async (ask: () => Promise<unknown>) => {
  const before = kept().read;
  await ask();
  return kept().read - before;
};

describe('a page put together from kept rows', () => {
  const url = (page: number) => `/api/inventories/paginatedInventories?pageSize=10&status=Active&sortOption=newestCreated&currentPage=${page}`;

  it('is the same answer as the page read whole, for every view, sort, filter and page', async () => {
    const store = (await findTenant(t.ctx.db, rowsOf(await list(url(1))).rows[0].storeId))!;
    const serialize = valueSerializer(responses(ZInventoryPage)[200], true, { method: 'GET', url: '/api/inventories/paginatedInventories' });
    // a consigner of the demo with items of their own
    const all = rowsOf(await list('/api/inventories/paginatedInventories?pageSize=200')).rows as (Row & { consigner: { email: string } | null })[];
    const email = [DEMO.ava, DEMO.marco].find((e) => all.filter((r) => r.consigner?.email === e).length > 3)!;
    const marco = await t.signIn(email);
    const staff = { kind: 'employee' } as Actor;
    const consigner = { kind: 'consigner', id: all.find((r) => r.consigner?.email === email)!.consignerId } as Actor;
    const queries = [
      'pageSize=50',
      'pageSize=10&currentPage=2&sortOption=lowestPrice',
      'pageSize=10&status=Sold&sortOption=newestUpdated',
      'pageSize=10&status=Active&status=Pending&sortOption=highestPrice&takeProducts=false',
      'pageSize=10&search=nike&takeConsigners=false',
      'pageSize=10&currentPage=40',
      'pageSize=10&currentPage=3&sortOption=inventoryPriority',
    ];
    const same = async (query: string, token: string, actor: Actor, tenant = store) => {
      const res = await list(`/api/inventories/paginatedInventories?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const q = ZPaginatedInventoriesQuery.parse(Object.fromEntries([...new URLSearchParams(query)].reduce((m, [k, v]) => m.set(k, m.has(k) ? [...[m.get(k)].flat(), v] : v), new Map<string, unknown>())));
      const whole = serialize({ data: await findPaginatedInventories(t.ctx, tenant, actor, q) });
      expect(res.body, `${query} as ${actor.kind}`).toBe(whole);
      return res.body;
    };
    for (const query of queries) {
      for (const [token, actor] of [
        [owner, staff],
        [marco, consigner],
      ] as const) {
        // twice: read, then put together from the rows just kept (and the page's statement built before)
        for (let n = 0; n < 2; n++) await same(query, token, actor);
      }
    }
    // the store's own stock first (Settings): the same URL, another order (its statement is another one)
    const priority = 'pageSize=10&sortOption=inventoryPriority';
    const before = await same(priority, owner, staff);
    await t.ctx.db.update(s.stores).set({ prioritizeStore: !store.prioritizeStore }).where(eq(s.stores.id, store.id));
    storeCacheOf(t.ctx).invalidate();
    const flipped = (await findTenant(t.ctx.db, store.id))!;
    expect(await same(priority, owner, staff, flipped)).not.toBe(before);
    await t.ctx.db.update(s.stores).set({ prioritizeStore: store.prioritizeStore }).where(eq(s.stores.id, store.id));
    storeCacheOf(t.ctx).invalidate();
  });

  it('reads only the rows that changed, and sends a page that did not change as it was kept', async () => {
    const first = await list(url(1));
    expect(await rowsRead(() => list(url(1)))).toBe(0);
    const page2 = rowsOf(await list(url(2)));
    const other = page2.rows.find((r) => r.price !== null)!;
    expect((await t.request({ method: 'PUT', url: `/api/inventories/${other.id}`, token: owner, body: { price: (other.price ?? 0) + 9 } })).statusCode).toBe(200);
    // the store's items moved (the version), page 1's rows and count did not: made again of kept rows, sent as it was
    let again!: Awaited<ReturnType<typeof list>>;
    expect(await rowsRead(async () => (again = await list(url(1))))).toBe(0);
    expect(again.headers['x-read-cache']).toBe('revalidated');
    expect(again.body).toBe(first.body);
    expect((await list(url(1))).headers['x-read-cache']).toBe('hit');
    // page 2 holds the item: its one row read again, with its new price
    let fresh2!: Awaited<ReturnType<typeof list>>;
    expect(await rowsRead(async () => (fresh2 = await list(url(2))))).toBe(1);
    expect(fresh2.headers['x-read-cache']).toBeUndefined();
    expect(rowsOf(fresh2).rows.find((r) => r.id === other.id)?.price).toBe((other.price ?? 0) + 9);
    expect(rowsOf(fresh2).rows.map((r) => r.id)).toEqual(page2.rows.map((r) => r.id));
  });

  it('reads a row again when what it shows changed in another table, the count, the settings or the day', async () => {
    const first = rowsOf(await list(url(1)));
    // a consigner shown on page 1 renamed (another table, straight through the database, as another process would)
    const shown = first.rows[0];
    await t.ctx.db.update(s.consigners).set({ lastName: 'Kept-rows' }).where(eq(s.consigners.id, shown.consignerId));
    let renamed!: Awaited<ReturnType<typeof list>>;
    expect(await rowsRead(async () => (renamed = await list(url(1))))).toBe(first.rows.length);
    expect(renamed.headers['x-read-cache']).toBeUndefined();
    expect(rowsOf(renamed).rows[0].consigner?.lastName).toBe('Kept-rows');

    // an item leaving Active on another page moves the count every page shows, pages past the end too
    const pastTheEnd = rowsOf(await list(url(100)));
    const leaving = rowsOf(await list(url(3))).rows[0];
    await t.ctx.db.update(s.inventoryItems).set({ status: 'Withdrawn' }).where(eq(s.inventoryItems.id, leaving.id));
    const counted = await list(url(1));
    expect(counted.headers['x-read-cache']).toBeUndefined();
    expect(rowsOf(counted).count).toBe(first.count - 1);
    expect(rowsOf(await list(url(100)))).toEqual({ rows: [], count: pastTheEnd.count - 1, countIsEstimate: false });

    // the store's markdown floor, which the rows' next markdowns read (saved as Settings saves it)
    await list(url(1));
    await t.ctx.db.update(s.stores).set({ markdownFloor: 1 }).where(eq(s.stores.id, shown.storeId));
    storeCacheOf(t.ctx).invalidate();
    expect(await rowsRead(() => list(url(1)))).toBe(first.rows.length);

    // a day later (and anything else of the store changed): the days on the floor are counted again
    const before = rowsOf(await list(url(1))).rows.find((r) => r.daysActive !== null)!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 });
    try {
      await t.ctx.db.update(s.inventoryItems).set({ status: 'Active' }).where(eq(s.inventoryItems.id, leaving.id));
      const later = rowsOf(await list(url(1))).rows.find((r) => r.id === before.id)!;
      expect(later.daysActive).toBe((before.daysActive ?? 0) + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the templates of rows read again, and reads a template again once it changed", async () => {
    const page = rowsOf(await list(url(1))).rows as (Row & { productTemplate: { id: string; category: string } | null })[];
    const row = page.find((r) => r.productTemplate !== null && r.price !== null)!;
    const templatesRead = () => kept().templatesRead;
    // the row's price changed: the row is read again, its template is the one kept
    expect((await t.request({ method: 'PUT', url: `/api/inventories/${row.id}`, token: owner, body: { price: (row.price ?? 0) + 3 } })).statusCode).toBe(200);
    let before = templatesRead();
    expect(await rowsRead(() => list(url(1)))).toBe(1);
    expect(templatesRead() - before).toBe(0);
    // its template changed (straight through the database, as another process would): read again, shown new
    await t.ctx.db.update(s.productTemplates).set({ category: 'Kept-templates' }).where(eq(s.productTemplates.id, row.productTemplate!.id));
    before = templatesRead();
    const fresh = rowsOf(await list(url(1))).rows as typeof page;
    expect(templatesRead() - before).toBeGreaterThan(0);
    expect(fresh.find((r) => r.id === row.id)?.productTemplate?.category).toBe('Kept-templates');
  });

  it('reads a row again when its markdown schedule changes', async () => {
    const made = await t.request({ method: 'POST', url: '/api/markdownSchedules', token: owner, body: { name: 'Kept rows schedule', steps: [{ afterDays: 30, percentOff: 10 }] } });
    expect(made.statusCode, made.body).toBe(201);
    const schedule = json<{ data: { id: string } }>(made).data;
    const row = rowsOf(await list(url(1))).rows[0];
    const terms = { periodDays: null, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: null, renewalFee: 0, endAction: 'return' as const, graceDays: 0, markdownScheduleId: schedule.id };
    await t.ctx.db.update(s.inventoryItems).set({ consignmentTerms: terms, acceptedOn: new Date(Date.now() - 10 * 86_400_000) }).where(eq(s.inventoryItems.id, row.id));
    expect(rowsOf(await list(url(1))).rows[0].nextMarkdown?.percentOff).toBe(10);
    expect((await list(url(1))).headers['x-read-cache']).toBe('hit');
    // the schedule's step changed (its own table): the page shows the new one
    const changed = await t.request({ method: 'PUT', url: `/api/markdownSchedules/${schedule.id}`, token: owner, body: { name: 'Kept rows schedule', steps: [{ afterDays: 30, percentOff: 20 }] } });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = await list(url(1));
    expect(fresh.headers['x-read-cache']).toBeUndefined();
    expect(rowsOf(fresh).rows[0].nextMarkdown?.percentOff).toBe(20);
  });
});
