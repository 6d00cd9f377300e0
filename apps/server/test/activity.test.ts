import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { otherStore } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Log = {
  id: string;
  updatedAt: string;
  lastUpdatedBy: { id: string | null; name: string | null };
  inventory: { id: string; title: string | null; product: { title: string | null } };
  modifiedFields: { variableChanged: string; beforeValue: unknown; afterValue: unknown; beforeLabel?: string | null; afterLabel?: string | null }[];
};
type Feed = { inventoryLogs: Log[]; page: number; take: number; hasMore: boolean; nextCursor: string | null };

let t: TestApp;
let demo: typeof s.stores.$inferSelect;
let tokens: { owner: string; stock: string; ava: string; clerk: string };
let items: (typeof s.inventoryItems.$inferSelect)[];
let ava: string;
let marco: string;
let sam: typeof s.employees.$inferSelect;

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const feed = async (query: string, token = tokens.owner) => {
  const res = await get(`/api/inventoryLogs?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Feed }>(res).data;
};
const itemLogs = async (id: string, token = tokens.owner) => {
  const res = await get(`/api/inventoryLogs/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { inventoryLogs: Log[] } }>(res).data.inventoryLogs;
};
const log = (inventory: (typeof items)[number], at: string, fields: Log['modifiedFields'], by: { id: string; name: string } = { id: sam.id, name: 'Sam Carter' }) => ({
  storeId: demo.id,
  inventoryId: inventory.id,
  productTitle: inventory.title,
  lastUpdatedById: by.id,
  lastUpdatedByName: by.name,
  modifiedFields: fields,
  updatedAt: new Date(at),
});

beforeAll(async () => {
  t = await createTestApp();
  [demo] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  items = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, demo.id));
  const consigners = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, demo.id));
  ava = consigners.find((c) => c.email === DEMO.ava)!.id;
  marco = consigners.find((c) => c.email === DEMO.marco)!.id;
  [sam] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, DEMO.stock));

  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email: 'clerk@demo.backroom.test', password: 'clerk-password', name: 'Cleo' } });
  const userId = json<{ user: { id: string } }>(signup).user.id;
  await t.ctx.db.update(s.user).set({ emailVerified: true }).where(eq(s.user.id, userId));
  await t.ctx.db.insert(s.employees).values({ storeId: demo.id, firstName: 'Cleo', lastName: 'Clerk', email: 'clerk@demo.backroom.test', accessControls: ['Orders'], fbUserId: userId });

  tokens = { owner: await t.signIn(DEMO.owner), stock: await t.signIn(DEMO.stock), ava: await t.signIn(DEMO.ava), clerk: await t.signIn('clerk@demo.backroom.test', 'clerk-password') };
});
afterAll(async () => t.close());

describe('GET /api/inventoryLogs/{id}', () => {
  it("answers the item's entries newest first with who changed which fields", async () => {
    const item = items.find((i) => i.status === 'Sold')!;
    const logs = await itemLogs(item.id);
    expect(logs).toHaveLength(2);
    expect(logs[0].modifiedFields).toEqual([{ variableChanged: 'status', beforeValue: 'Requested', afterValue: 'Sold' }]);
    expect(logs[1].modifiedFields[0].variableChanged).toBe('createdOn');
    expect(new Date(logs[0].updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(logs[1].updatedAt).getTime());
    expect(logs[0]).toMatchObject({ lastUpdatedBy: { id: expect.any(String), name: 'Olivia Bennett' }, inventory: { id: item.id, product: { title: item.title } } });
  });

  it("lets a consigner read their own item's log only", async () => {
    const own = items.find((i) => i.consignerId === ava)!;
    expect((await itemLogs(own.id, tokens.ava)).length).toBeGreaterThan(0);
    const other = items.find((i) => i.consignerId === marco)!;
    expect((await get(`/api/inventoryLogs/${other.id}`, tokens.ava)).statusCode).toBe(404);
  });

  it('refuses staff without Inventory, bad ids and signed-out callers', async () => {
    expect((await get(`/api/inventoryLogs/${items[0].id}`, tokens.clerk)).statusCode).toBe(403);
    expect((await get('/api/inventoryLogs/not-an-id', tokens.owner)).statusCode).toBe(400);
    expect((await get(`/api/inventoryLogs/${items[0].id}`)).statusCode).toBe(401);
    expect((await get(`/api/inventoryLogs/${items[0].id}`, tokens.stock)).statusCode).toBe(200);
  });

  it('names the consigners of an owner change', async () => {
    const item = items[0];
    await t.ctx.db.insert(s.inventoryLogs).values(log(item, '2026-03-01T09:00:00Z', [{ variableChanged: 'consignerId', beforeValue: ava, afterValue: marco }]));
    const entry = (await itemLogs(item.id)).find((l) => l.modifiedFields[0].variableChanged === 'consignerId')!;
    expect(entry.modifiedFields[0]).toEqual({ variableChanged: 'consignerId', beforeValue: ava, afterValue: marco, beforeLabel: 'Ava Thompson', afterLabel: 'Marco Rossi' });
  });
});

describe('GET /api/inventoryLogs', () => {
  it('pages the store feed newest first, 100 by default', async () => {
    const total = (await t.ctx.db.select().from(s.inventoryLogs).where(eq(s.inventoryLogs.storeId, demo.id))).length;
    const first = await feed('');
    expect(first.take).toBe(100);
    expect(first.inventoryLogs).toHaveLength(Math.min(100, total));
    const times = first.inventoryLogs.map((l) => new Date(l.updatedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const a = await feed('take=10&page=1');
    const b = await feed('take=10&page=2');
    const c = await feed('take=20&page=1');
    expect([...a.inventoryLogs, ...b.inventoryLogs].map((l) => l.id)).toEqual(c.inventoryLogs.map((l) => l.id));
    expect(a.hasMore).toBe(true);
    const last = await feed(`take=10&page=${Math.ceil(total / 10)}`);
    expect(last.hasMore).toBe(false);
    expect(last.inventoryLogs).toHaveLength(total - (Math.ceil(total / 10) - 1) * 10);
  });

  it('filters by product title search, by who made the change and by date range', async () => {
    const jordan = await feed('search=jordan');
    expect(jordan.inventoryLogs.length).toBeGreaterThan(0);
    expect(jordan.inventoryLogs.every((l) => l.inventory.title!.toLowerCase().includes('jordan'))).toBe(true);

    const item = items[1];
    await t.ctx.db.insert(s.inventoryLogs).values(log(item, '2026-04-10T15:30:00Z', [{ variableChanged: 'price', beforeValue: 100, afterValue: 120 }]));
    const bySam = await feed(`lastUpdatedBy=${sam.id}`);
    expect(bySam.inventoryLogs.length).toBeGreaterThan(0);
    expect(bySam.inventoryLogs.every((l) => l.lastUpdatedBy.id === sam.id)).toBe(true);

    // a calendar date as `before` includes that whole day
    const day = await feed('after=2026-04-10&before=2026-04-10');
    expect(day.inventoryLogs.map((l) => l.modifiedFields[0].variableChanged)).toEqual(['price']);
    expect((await feed('after=2026-04-11&before=2026-04-12')).inventoryLogs).toEqual([]);
    expect((await feed('after=2026-04-10T15:30:01Z&before=2026-04-11')).inventoryLogs).toEqual([]);
  });

  it("shows a consigner only their own items' entries", async () => {
    const mine = new Set(items.filter((i) => i.consignerId === ava).map((i) => i.id));
    const data = await feed('take=500', tokens.ava);
    expect(data.inventoryLogs.length).toBeGreaterThan(0);
    expect(data.inventoryLogs.every((l) => mine.has(l.inventory.id))).toBe(true);
  });

  it('refuses bad paging and dates, and staff without Inventory', async () => {
    for (const q of ['take=0', 'take=501', 'page=0', 'page=x', 'before=someday', 'after=2026-13-45']) {
      expect((await get(`/api/inventoryLogs?${q}`, tokens.owner)).statusCode, q).toBe(400);
    }
    expect((await get('/api/inventoryLogs', tokens.clerk)).statusCode).toBe(403);
  });
});

describe('GET /api/inventoryLogs keyset pages', () => {
  it('walks the whole feed by cursor, each entry once, in the order of offset pages', async () => {
    const all = await feed('take=500');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Feed = await feed(`take=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.inventoryLogs.map((l) => l.id));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.inventoryLogs.map((l) => l.id));
  });

  it('keeps entries of the same millisecond apart to the microsecond', async () => {
    const item = items[2];
    const at = '2026-06-01T08:00:00.123';
    await t.ctx.db.execute(
      sql`insert into inventory_logs (store_id, inventory_id, product_title, modified_fields, updated_at) values
        (${demo.id}, ${item.id}, 'Micro', '[{"variableChanged":"price","beforeValue":1,"afterValue":2}]', ${`${at}100Z`}::timestamptz),
        (${demo.id}, ${item.id}, 'Micro', '[{"variableChanged":"price","beforeValue":2,"afterValue":3}]', ${`${at}400Z`}::timestamptz),
        (${demo.id}, ${item.id}, 'Micro', '[{"variableChanged":"price","beforeValue":3,"afterValue":4}]', ${`${at}900Z`}::timestamptz)`,
    );
    const first = await feed('search=Micro&take=1');
    const second = await feed(`search=Micro&take=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const third = await feed(`search=Micro&take=1&cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect([first, second, third].map((p) => p.inventoryLogs[0].modifiedFields[0].afterValue)).toEqual([4, 3, 2]);
    expect(third.hasMore).toBe(false);
  });

  it('refuses a cursor it did not make, and another store sees none of these entries', async () => {
    for (const c of ['x', '2026-01-01_nope', `2026-02-30T00:00:00Z_${items[0].id}`, 'a'.repeat(101)]) {
      expect((await get(`/api/inventoryLogs?cursor=${encodeURIComponent(c)}`, tokens.owner)).statusCode, c).toBe(400);
    }
    const other = await otherStore(t);
    const res = await t.request({ method: 'GET', url: '/api/inventoryLogs', token: other.token, host: other.host });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Feed }>(res).data.inventoryLogs).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/inventoryLogs', token: other.token })).statusCode).toBe(403);
  });
});

describe('GET /api/inventoryLogs/employees', () => {
  it("lists this store's employees for staff with Inventory only", async () => {
    const res = await get('/api/inventoryLogs/employees', tokens.stock);
    expect(res.statusCode).toBe(200);
    const names = json<{ data: { employees: { id: string; name: string }[] } }>(res).data.employees;
    expect(names).toContainEqual({ id: sam.id, name: 'Sam Carter' });
    expect(names.some((e) => e.name.includes('boss'))).toBe(false);
    expect((await get('/api/inventoryLogs/employees', tokens.clerk)).statusCode).toBe(403);
    expect((await get('/api/inventoryLogs/employees', tokens.ava)).statusCode).toBe(403);
    expect((await get('/api/inventoryLogs/employees?x=%00')).statusCode).toBe(400);
  });
});

describe('duplicate status-change entries', () => {
  it('drops blank-before status entries repeating a status change in the same minute, keeping one', async () => {
    const item = items.find((i) => i.status === 'Active')!;
    const status = (before: unknown, after: unknown) => [{ variableChanged: 'status', beforeValue: before, afterValue: after }];
    const [informative, blankDup, nullDup, nextMinute, firstBlank, secondBlank, otherStatus, withOther] = await t.ctx.db
      .insert(s.inventoryLogs)
      .values([
        log(item, '2026-05-01T10:00:05Z', status('Active', 'Sold')),
        log(item, '2026-05-01T10:00:20Z', status('', 'Sold')), // duplicate of the informative one
        log(item, '2026-05-01T10:00:40Z', status(null, 'Sold')), // likewise (null is empty too)
        log(item, '2026-05-01T10:01:10Z', status('', 'Sold')), // next minute: kept
        log(item, '2026-05-01T11:00:01Z', status('', 'Paid')), // first of two blanks: kept
        log(item, '2026-05-01T11:00:30Z', status('', 'Paid')), // second blank: dropped
        log(item, '2026-05-01T11:00:45Z', status('', 'Active')), // another status: kept
        log(item, '2026-05-01T12:00:00Z', [{ variableChanged: 'price', beforeValue: 1, afterValue: 2 }]), // not a status change
      ])
      .returning();
    const kept = [informative, nextMinute, firstBlank, otherStatus, withOther].map((l) => l.id);
    const dropped = [blankDup, nullDup, secondBlank].map((l) => l.id);

    const inFeed = (await feed('after=2026-05-01&before=2026-05-01')).inventoryLogs.map((l) => l.id);
    expect(inFeed.sort()).toEqual([...kept].sort());
    const onItem = (await itemLogs(item.id)).map((l) => l.id);
    for (const id of kept) expect(onItem).toContain(id);
    for (const id of dropped) expect(onItem).not.toContain(id);

    // the same entries on another item are not duplicates of these
    const other = items.find((i) => i.id !== item.id && i.status === 'Active')!;
    const [elsewhere] = await t.ctx.db.insert(s.inventoryLogs).values(log(other, '2026-05-01T10:00:30Z', status('', 'Sold'))).returning();
    expect((await feed('after=2026-05-01&before=2026-05-01')).inventoryLogs.map((l) => l.id)).toContain(elsewhere.id);
    await t.ctx.db.delete(s.inventoryLogs).where(and(eq(s.inventoryLogs.storeId, demo.id), eq(s.inventoryLogs.id, elsewhere.id)));
  });
});
