// /markdowns (docs/consignment-terms.md "Markdowns"): the store's schedules (CRUD, each change logged),
// the preview of a run, a consigner type's terms choosing a schedule, and the daily job: each due step
// a logged price change with the fees of a staff price edit, never below the floor, once a day.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { applyDueMarkdowns } from '../src/modules/markdowns/markdowns.service.ts';
import { findTenant } from '../src/tenancy/resolve-store.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, itemRow, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let stock: string;
let ava: string;
let second: Awaited<ReturnType<typeof secondStore>> | undefined;
const otherStore = async () => (second ??= await secondStore(t));

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, stock, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.stock), t.signIn(DEMO.ava)]);
});
afterAll(async () => t.close());

type Schedule = { id: string; name: string; steps: { afterDays: number; percentOff: number }[]; categories: string[]; templateIds: string[]; usedBy: string[] };
type Preview = { day: string; basis: string; items: { id: string; code: string; price: number; newPrice: number; step: { afterDays: number; percentOff: number } }[]; total: number; reduction: number };

const STEPS = [
  { afterDays: 30, percentOff: 10 },
  { afterDays: 60, percentOff: 25 },
];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = owner, body?: unknown) => t.request({ method, url, token, body });
const create = async (body: unknown) => {
  const res = await req('POST', '/api/markdownSchedules', owner, body);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: Schedule }>(res).data;
};
const terms = (markdownScheduleId: string | null) => ({ periodDays: null, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: null, renewalFee: 0, endAction: 'return' as const, graceDays: 0, markdownScheduleId });
const scheduleLogs = async (id: string) => t.ctx.db.select().from(s.markdownScheduleLogs).where(eq(s.markdownScheduleLogs.scheduleId, id));
const demoStore = async () => (await findTenant(t.ctx.db, refs.store.id))!;

describe('/api/markdownSchedules', () => {
  it('creates, lists, changes and deletes a schedule, each change logged with who made it', async () => {
    const made = await create({ name: '  Standard markdown ', steps: STEPS, categories: ['Sneakers'], templateIds: [refs.sneakers.id] });
    expect(made).toMatchObject({ name: 'Standard markdown', steps: STEPS, categories: ['Sneakers'], templateIds: [refs.sneakers.id], usedBy: [] });
    const list = json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data;
    expect(list.map((x) => x.id)).toContain(made.id);

    const changed = await req('PUT', `/api/markdownSchedules/${made.id}`, owner, { name: 'Slow movers', steps: [{ afterDays: 45, percentOff: 15 }] });
    expect(changed.statusCode).toBe(200);
    expect(json<{ data: Schedule }>(changed).data).toMatchObject({ name: 'Slow movers', steps: [{ afterDays: 45, percentOff: 15 }], categories: [], templateIds: [] });

    const gone = await req('DELETE', `/api/markdownSchedules/${made.id}`);
    expect(gone.statusCode).toBe(200);
    expect(json(gone)).toEqual({ data: { id: made.id } });
    expect(json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.map((x) => x.id)).not.toContain(made.id);
    const logs = await scheduleLogs(made.id);
    expect(logs.map((l) => l.action).sort()).toEqual(['created', 'deleted', 'updated']);
    expect(logs.every((l) => l.byName === 'Olivia Bennett')).toBe(true);
    expect(logs.find((l) => l.action === 'updated')!.changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: 'Standard markdown', after: 'Slow movers' }]),
    );
    expect((await req('DELETE', `/api/markdownSchedules/${made.id}`)).statusCode).toBe(404);
  });

  it("refuses bad input with 400 and the domain's messages, and changes nothing", async () => {
    const before = json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.length;
    const cases: [unknown, string][] = [
      [{ name: '', steps: STEPS }, 'Name is required'],
      [{ name: 'x'.repeat(121), steps: STEPS }, 'Name can be at most 120 characters'],
      [{ name: 'A', steps: [] }, 'Add at least one step'],
      [{ name: 'A', steps: [{ afterDays: 0, percentOff: 10 }] }, 'A step starts after at least 1 day'],
      [{ name: 'A', steps: [{ afterDays: 30, percentOff: 95 }] }, 'Percent off can be at most 90'],
      [{ name: 'A', steps: [{ afterDays: 30, percentOff: 10.5 }] }, 'Percent off must be a whole number'],
      [{ name: 'A', steps: [{ afterDays: 60, percentOff: 10 }, { afterDays: 30, percentOff: 25 }] }, 'Each step must start later than the one before'],
      [{ name: 'A', steps: [{ afterDays: 30, percentOff: 25 }, { afterDays: 60, percentOff: 10 }] }, 'Each step must take more off than the one before'],
      [{ name: 'A', steps: Array.from({ length: 13 }, (_, i) => ({ afterDays: i + 1, percentOff: i + 1 })) }, 'A schedule has at most 12 steps'],
      [{ name: 'A', steps: STEPS, templateIds: ['nope'] }, 'Invalid template id'],
      [{ name: 'A', steps: STEPS, templateIds: [crypto.randomUUID()] }, 'Choose templates of this store'],
    ];
    for (const [body, message] of cases) {
      const res = await req('POST', '/api/markdownSchedules', owner, body);
      expect(res.statusCode, message).toBe(400);
      expect(json<{ error: string }>(res).error, message).toContain(message);
    }
    const made = await create({ name: 'Keep', steps: STEPS });
    const bad = await req('PUT', `/api/markdownSchedules/${made.id}`, owner, { name: 'Keep', steps: [{ afterDays: 30, percentOff: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: string }>(bad).error).toBe('Percent off must be at least 1');
    expect(json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.find((x) => x.id === made.id)!.steps).toEqual(STEPS);
    expect(json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.length).toBe(before + 1);
    expect((await req('PUT', `/api/markdownSchedules/not-an-id`, owner, { name: 'A', steps: STEPS })).statusCode).toBe(400);
  });

  it('needs a staff member with Settings access: 401 signed out, 403 for a consigner and for staff without Settings', async () => {
    const made = await create({ name: 'Access', steps: STEPS });
    const calls: [('GET' | 'POST' | 'PUT' | 'DELETE'), string, unknown][] = [
      ['GET', '/api/markdownSchedules', undefined],
      ['POST', '/api/markdownSchedules', { name: 'B', steps: STEPS }],
      ['POST', '/api/markdownSchedules/preview', { name: 'B', steps: STEPS }],
      ['PUT', `/api/markdownSchedules/${made.id}`, { name: 'B', steps: STEPS }],
      ['DELETE', `/api/markdownSchedules/${made.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.request({ method, url, body })).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await req(method, url, ava, body)).statusCode, `${method} ${url} consigner`).toBe(403);
      expect((await req(method, url, stock, body)).statusCode, `${method} ${url} Inventory only`).toBe(403);
    }
    const settingsOnly = await employeeWith(t, refs, 'md-settings@demo.backroom.test', ['Settings']);
    expect((await req('GET', '/api/markdownSchedules', settingsOnly)).statusCode).toBe(200);
    expect(json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.find((x) => x.id === made.id)!.name).toBe('Access');
  });

  it("answers 404 for another store's schedule and never changes it", async () => {
    const mine = await create({ name: 'Ours', steps: STEPS });
    const other = await otherStore();
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.request({ method, url, body, token: other.token, host: other.host });
    expect(json<{ data: Schedule[] }>(await as('GET', '/api/markdownSchedules')).data).toEqual([]);
    for (const res of [
      await as('PUT', `/api/markdownSchedules/${mine.id}`, { name: 'Theirs', steps: STEPS }),
      await as('DELETE', `/api/markdownSchedules/${mine.id}`),
      await as('POST', '/api/markdownSchedules/preview', { id: mine.id, name: 'Theirs', steps: STEPS }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ error: 'Markdown schedule not found' });
    }
    // nor may their types' terms choose it
    const [theirType] = await t.ctx.db.select().from(s.consignerTypes).where(eq(s.consignerTypes.storeId, other.storeId));
    const chose = await as('PUT', `/api/consignerTypes/${theirType.id}/terms`, { markdownScheduleId: mine.id });
    expect(chose.statusCode).toBe(400);
    expect(json(chose)).toEqual({ error: "Choose one of the store's markdown schedules" });
    expect(json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.find((x) => x.id === mine.id)!.name).toBe('Ours');
  });
});

describe("a consigner type's terms choose a schedule", () => {
  it('stores it in the terms, locks it on items accepted from then on with their price as the base, and keeps the schedule from being deleted', async () => {
    const schedule = await create({ name: 'Chosen', steps: STEPS });
    const [standard] = await t.ctx.db.select().from(s.consignerTypes).where(and(eq(s.consignerTypes.storeId, refs.store.id), eq(s.consignerTypes.isDefault, true)));
    try {
      const res = await req('PUT', `/api/consignerTypes/${standard.id}/terms`, owner, { periodDays: 60, markdownScheduleId: schedule.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: { terms: { markdownScheduleId: string } } }>(res).data.terms.markdownScheduleId).toBe(schedule.id);
      expect(json<{ data: Schedule[] }>(await req('GET', '/api/markdownSchedules')).data.find((x) => x.id === schedule.id)!.usedBy).toEqual([standard.accountType]);
      const refused = await req('DELETE', `/api/markdownSchedules/${schedule.id}`);
      expect(refused.statusCode).toBe(409);
      expect(json<{ error: string }>(refused).error).toContain('choose another schedule there first');
      expect((await req('PUT', `/api/consignerTypes/${standard.id}/terms`, owner, { markdownScheduleId: crypto.randomUUID() })).statusCode).toBe(400);

      // staff add stock straight onto the floor (accepted now): the terms and the base price are locked on it
      const added = await req('POST', '/api/inventories', owner, {
        inventoryFormArray: [{ productId: refs.sneaker.id, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', price: 180, quantity: 1, consigner: refs.consigner.lena.id, location: 'Downtown', minimumPrice: 150 }],
      });
      expect(added.statusCode, added.body).toBe(201);
      const id = json<{ data: { id: string }[] }>(added).data[0].id;
      const row = await itemRow(t, id);
      expect(row.consignmentTerms?.markdownScheduleId).toBe(schedule.id);
      expect(row).toMatchObject({ markdownBasePrice: 18000, minimumPrice: 15000 });
    } finally {
      await req('PUT', `/api/consignerTypes/${standard.id}/terms`, owner, {});
    }
  });
});

describe('the minimum price', () => {
  it('is set on the item screen by staff (and refused negative), and answered with the item', async () => {
    const item = await makeItem(t, refs);
    const res = await req('PUT', `/api/inventories/${item.id}`, owner, { minimumPrice: 80 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { minimumPrice: number } }>(res).data.minimumPrice).toBe(80);
    expect((await itemRow(t, item.id)).minimumPrice).toBe(8000);
    expect((await logsOf(t, item.id)).flatMap((l) => l.modifiedFields)).toEqual([{ variableChanged: 'minimumPrice', beforeValue: null, afterValue: 80 }]);
    const negative = await req('PUT', `/api/inventories/${item.id}`, owner, { minimumPrice: -1 });
    expect(negative.statusCode).toBe(400);
    expect(json(negative)).toEqual({ error: 'minimumPrice cannot be negative' });
    // the consigner may not change it after listing
    expect((await req('PUT', `/api/inventories/${item.id}`, ava, { minimumPrice: 10 })).statusCode).toBe(403);
  });
});

describe('POST /api/markdownSchedules/preview', () => {
  it('lists the items a run would change today with their price now and after; a saved schedule only its own items', async () => {
    const schedule = await create({ name: 'Preview', steps: STEPS, categories: ['Sneakers'] });
    const old = await makeItem(t, refs, { acceptedOn: daysAgo(65), price: 20000, consignmentTerms: terms(schedule.id), markdownBasePrice: 20000 });
    const mid = await makeItem(t, refs, { acceptedOn: daysAgo(35), price: 10000, consignmentTerms: terms(schedule.id) });
    const young = await makeItem(t, refs, { acceptedOn: daysAgo(5), consignmentTerms: terms(schedule.id) });
    const floored = await makeItem(t, refs, { acceptedOn: daysAgo(65), price: 10000, minimumPrice: 9500, consignmentTerms: terms(schedule.id) });
    const elsewhere = await makeItem(t, refs, { acceptedOn: daysAgo(65), category: 'Apparel', consignmentTerms: terms(schedule.id) });

    const res = await req('POST', '/api/markdownSchedules/preview', owner, { id: schedule.id, name: 'Preview', steps: STEPS, categories: ['Sneakers'] });
    expect(res.statusCode, res.body).toBe(200);
    const preview = json<{ data: Preview }>(res).data;
    expect(preview.basis).toBe('schedule');
    const byId = new Map(preview.items.map((r) => [r.id, r]));
    expect(byId.get(old.id)).toMatchObject({ price: 200, newPrice: 150, step: { afterDays: 60, percentOff: 25 } });
    expect(byId.get(mid.id)).toMatchObject({ price: 100, newPrice: 90, step: { afterDays: 30, percentOff: 10 } });
    expect(byId.get(floored.id)).toMatchObject({ price: 100, newPrice: 95 });
    expect(byId.has(young.id)).toBe(false);
    expect(byId.has(elsewhere.id)).toBe(false);
    expect(preview.total).toBe(3);
    expect(preview.reduction).toBe(50 + 10 + 5);

    // a new schedule (no id): the consigned Active stock it covers, as if it applied
    const draft = json<{ data: Preview }>(await req('POST', '/api/markdownSchedules/preview', owner, { name: 'Draft', steps: [{ afterDays: 1, percentOff: 5 }] })).data;
    expect(draft.basis).toBe('covered');
    expect(draft.items.map((r) => r.id)).toEqual(expect.arrayContaining([young.id, elsewhere.id]));
    // the preview changes nothing
    expect((await itemRow(t, old.id)).price).toBe(20000);
    const badPreview = await req('POST', '/api/markdownSchedules/preview', owner, { name: 'Draft', steps: [] });
    expect(badPreview.statusCode).toBe(400);
    expect(json(badPreview)).toEqual({ error: 'Add at least one step' });
  });
});

describe('the daily job (markdowns.applyDue)', () => {
  it('applies due steps as a staff price edit does, logged, labels flagged for re-print; a second run the same day changes nothing; never below the floor; the ledger untouched', async () => {
    const schedule = await create({ name: 'Job', steps: STEPS });
    const due = await makeItem(t, refs, { acceptedOn: daysAgo(40), price: 5000, printed: true, consignmentTerms: terms(schedule.id) });
    const twin = await makeItem(t, refs, { acceptedOn: daysAgo(40), price: 5000 });
    const floored = await makeItem(t, refs, { acceptedOn: daysAgo(70), price: 10000, minimumPrice: 8000, consignmentTerms: terms(schedule.id) });
    const young = await makeItem(t, refs, { acceptedOn: daysAgo(3), price: 10000, consignmentTerms: terms(schedule.id) });
    const sold = await makeItem(t, refs, { acceptedOn: daysAgo(70), price: 10000, status: 'Sold', soldOn: new Date(), consignmentTerms: terms(schedule.id) });
    // the store's own stock in the same run (the chunk's price edits are written together): it keeps its cost as payout
    const house = await makeItem(t, refs, { who: 'store', acceptedOn: daysAgo(40), price: 5000, cost: 3000, payout: 3000, payoutFee: 0, total: 3000, consignmentTerms: terms(schedule.id) });
    const ledgerBefore = (await t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.storeId, refs.store.id))).length;

    // a storefront selling at Downtown, so the sync trigger marks the items that change there
    await t.ctx.db.insert(s.storeIntegrations).values({ storeId: refs.store.id, kind: 'shopify', enabled: true, settings: { locations: [{ location: 'Downtown' }] } }).onConflictDoNothing();
    try {
      const done = await applyDueMarkdowns(t.ctx, await demoStore(), new Date());
      expect(done.changed).toBeGreaterThanOrEqual(3);
    } finally {
      await t.ctx.db.delete(s.storeIntegrations).where(and(eq(s.storeIntegrations.storeId, refs.store.id), eq(s.storeIntegrations.kind, 'shopify')));
    }
    // the fees are those of a staff price edit to the same price
    expect((await req('PUT', `/api/inventories/${twin.id}`, owner, { price: 45 })).statusCode).toBe(200);
    const [after, twinAfter] = [await itemRow(t, due.id), await itemRow(t, twin.id)];
    expect(after).toMatchObject({ price: 4500, payout: twinAfter.payout, payoutFee: twinAfter.payoutFee, total: twinAfter.total, printed: false, markdownBasePrice: 5000 });
    expect(after.payout).not.toBe(due.payout);
    const entries = await logsOf(t, due.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].lastUpdatedByName).toBe('Automatic markdown');
    expect(entries[0].modifiedFields[0]).toEqual({ variableChanged: 'markdown', beforeValue: null, afterValue: '10% off after 30 days, $50.00 → $45.00' });
    expect(entries[0].modifiedFields).toEqual(expect.arrayContaining([{ variableChanged: 'price', beforeValue: 50, afterValue: 45 }, { variableChanged: 'printed', beforeValue: true, afterValue: false }]));
    // marked for the storefront's next sync, as a price edit is
    const synced = await t.ctx.db.select().from(s.storefrontItemSync).where(eq(s.storefrontItemSync.inventoryId, due.id));
    expect(synced).toHaveLength(1);
    expect(synced[0].state).not.toBe('synced');

    // 25% of 100 would be 75: held at the consigner's 80
    expect((await itemRow(t, floored.id)).price).toBe(8000);
    expect((await itemRow(t, young.id)).price).toBe(10000);
    expect((await itemRow(t, sold.id)).price).toBe(10000);
    expect(await itemRow(t, house.id)).toMatchObject({ price: 4500, cost: 3000, payout: 3000, payoutFee: 0, total: 3000, markdownBasePrice: 5000, lastUpdatedByName: 'Automatic markdown' });
    expect((await t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.storeId, refs.store.id))).length).toBe(ledgerBefore);

    // the same day again: nothing changes
    const logCount = async () => (await Promise.all([due, floored, young].map((i) => logsOf(t, i.id)))).flat().length;
    const before = await logCount();
    expect((await applyDueMarkdowns(t.ctx, await demoStore(), new Date())).changed).toBe(0);
    expect(await logCount()).toBe(before);

    // 30 days on, the next step from the base price (25% of 50: 37.50); the store's floor of 40 holds it
    await t.ctx.db.update(s.stores).set({ markdownFloor: 4000 }).where(eq(s.stores.id, refs.store.id));
    try {
      await applyDueMarkdowns(t.ctx, await demoStore(), new Date(Date.now() + 30 * 86_400_000));
      expect((await itemRow(t, due.id)).price).toBe(4000);
    } finally {
      await t.ctx.db.update(s.stores).set({ markdownFloor: 0 }).where(eq(s.stores.id, refs.store.id));
    }
  });

  it("tells each consigner of the day's markdowns in one e-mail, by their price-change preference", async () => {
    const schedule = await create({ name: 'Told', steps: STEPS });
    // Lena's own, so no other test's item of hers is due
    const [a, b] = [await makeItem(t, refs, { who: 'lena', acceptedOn: daysAgo(40), price: 5000, consignmentTerms: terms(schedule.id) }), await makeItem(t, refs, { who: 'lena', acceptedOn: daysAgo(40), price: 8000, consignmentTerms: terms(schedule.id) })];
    // Marco has price-change e-mails off
    const marco = refs.consigner.marco;
    await t.ctx.db.update(s.consigners).set({ notificationSettings: { ...(marco.notificationSettings ?? {}), onPriceAcceptOrDecline: false } as never }).where(eq(s.consigners.id, marco.id));
    const quiet = await makeItem(t, refs, { who: 'marco', acceptedOn: daysAgo(40), price: 5000, consignmentTerms: terms(schedule.id) });
    const day = new Date(Date.now() + 2 * 86_400_000);
    await applyDueMarkdowns(t.ctx, await demoStore(), day);
    expect((await itemRow(t, quiet.id)).price).toBe(4500);
    const mails = await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, 'lena@demo.backroom.test'));
    const told = mails.filter((m) => m.subject === 'Backroom Demo: 2 items marked down');
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`(${a.code}): was $50.00, now $45.00`);
    expect(told[0].text).toContain(`(${b.code}): was $80.00, now $72.00`);
    expect(told[0].text).toMatch(/See your inventory: https?:\/\/\S+\/inventory/);
    expect((await t.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, DEMO.marco))).filter((m) => m.subject.includes('marked down'))).toEqual([]);
  });

  it("leaves another store's items alone", async () => {
    const schedule = await create({ name: 'Ours only', steps: STEPS });
    const mine = await makeItem(t, refs, { acceptedOn: daysAgo(40), price: 5000, consignmentTerms: terms(schedule.id) });
    const other = await otherStore();
    await applyDueMarkdowns(t.ctx, (await findTenant(t.ctx.db, other.storeId))!, new Date());
    expect((await itemRow(t, mine.id)).price).toBe(5000);
    expect(await logsOf(t, mine.id)).toEqual([]);
  });
});

describe('the portal', () => {
  it("answers the consigner's own Active items with their next markdown", async () => {
    const schedule = await create({ name: 'Portal', steps: STEPS });
    const item = await makeItem(t, refs, { acceptedOn: daysAgo(10), consignmentTerms: terms(schedule.id) });
    const res = await t.request({ method: 'GET', url: `/api/inventories/paginatedInventories?search=${item.code}`, token: ava });
    expect(res.statusCode).toBe(200);
    const [row] = json<{ data: { rows: { id: string; nextMarkdown?: { percentOff: number; afterDays: number; onDay: string } | null }[] } }>(res).data.rows;
    const acceptedDay = daysAgo(10).toISOString().slice(0, 10);
    const onDay = new Date(new Date(`${acceptedDay}T00:00:00Z`).getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(row).toMatchObject({ id: item.id, nextMarkdown: { percentOff: 10, afterDays: 30, onDay } });
  });
});
