// The consigner's requests at the end of a term and the reminders before it (docs/consignment-terms.md
// "The consigner's requests", "Reminders"): a consigner asks to renew or to pick up their own item
// (one open request per item), cancels it, staff see it on /expiringInventory and their action closes
// it; the daily reminder job e-mails once per item and end, by the consigner's preference.
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { applyDueEndings } from '../src/modules/expiring-inventory/expiring-inventory.service.ts';
import { sendEndingReminders } from '../src/modules/expiring-inventory/term-reminders.service.ts';
import { storeLinkOrigin } from '../src/tenancy/origins.ts';
import { findTenant } from '../src/tenancy/resolve-store.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, employeeWith, logsOf, makeItem, secondStore, type DemoRefs } from './inventory-fixtures.ts';

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
  noInventory = await employeeWith(t, refs, 'settings-only-tr@demo.backroom.test', ['Settings']);
}, 60_000);
afterAll(async () => t.close());

const DAY_MS = 86_400_000;
const day = (n: number, from = Date.now()) => new Date(from + n * DAY_MS).toISOString().slice(0, 10);
const TERMS = { periodDays: 30, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: 21, renewalFee: 500, endAction: 'return' as const, graceDays: 3, markdownScheduleId: null };
const ending = (endsOn: string, over: Parameters<typeof makeItem>[2] = {}) => makeItem(t, refs, { consignmentEndsAt: endsOn, consignmentTerms: TERMS, title: `Term request ${endsOn}`, ...over });

type Req = { id: string; inventoryId: string; kind: string; status: string; resolution: string | null; endsOn: string | null };
type Result = { message: string; request: Req };
const ask = (token: string, inventoryId: unknown, kind: unknown = 'renew') => t.request({ method: 'POST', url: '/api/termRequests', token, body: { inventoryId, kind } });
const cancel = (token: string, id: string) => t.request({ method: 'POST', url: `/api/termRequests/${id}/cancel`, token, body: {} });
const mine = async (token: string) => json<{ data: { items: Req[] } }>(await t.request({ method: 'GET', url: '/api/termRequests', token })).data.items;
const requestsOf = (inventoryId: string) => t.ctx.db.select().from(s.termRequests).where(eq(s.termRequests.inventoryId, inventoryId)).orderBy(asc(s.termRequests.createdAt));
const requestLogs = async (inventoryId: string) =>
  (await logsOf(t, inventoryId)).flatMap((l) => l.modifiedFields.filter((f) => f.variableChanged === 'termRequest').map((f) => ({ by: l.lastUpdatedById, before: f.beforeValue, after: f.afterValue })));
type Expiring = { items: { id: string; request: { kind: string } | null }[] };
const expiring = async (query = '') => json<{ data: Expiring }>(await t.request({ method: 'GET', url: `/api/expiringInventory?withinDays=60${query}`, token: stock })).data.items;

describe('POST /api/termRequests', () => {
  it('records a renew request on the consigner’s own item, logs it, and staff see it tagged and filtered on the expiring list', async () => {
    const item = await ending(day(5));
    const res = await ask(ava, item.id, 'renew');
    expect(res.statusCode).toBe(200);
    const { message, request } = json<{ data: Result }>(res).data;
    expect(message).toBe('Renewal requested');
    expect(request).toMatchObject({ inventoryId: item.id, kind: 'renew', status: 'open', endsOn: day(5), resolution: null });
    expect(await requestLogs(item.id)).toEqual([{ by: refs.consigner.ava.id, before: null, after: 'renew' }]);
    expect((await mine(ava)).map((r) => r.id)).toContain(request.id);
    // another consigner lists none of ava's
    expect((await mine(marco)).map((r) => r.id)).not.toContain(request.id);

    const row = (await expiring()).find((r) => r.id === item.id);
    expect(row?.request).toMatchObject({ id: request.id, kind: 'renew' });
    expect((await expiring('&requested=renew')).map((r) => r.id)).toContain(item.id);
    expect((await expiring('&requested=any')).map((r) => r.id)).toContain(item.id);
    expect((await expiring('&requested=pickup')).map((r) => r.id)).not.toContain(item.id);
    const unasked = await ending(day(6));
    expect((await expiring('&requested=any')).map((r) => r.id)).not.toContain(unasked.id);
  });

  it('keeps one open request when sent twice, even at once, and refuses the other kind while it is open', async () => {
    const item = await ending(day(4));
    const [a, b] = await Promise.all([ask(ava, item.id, 'pickup'), ask(ava, item.id, 'pickup')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(json<{ data: Result }>(a).data.request.id).toBe(json<{ data: Result }>(b).data.request.id);
    expect(json<{ data: Result }>(a).data.message).toBe('Pickup requested');
    expect(await requestsOf(item.id)).toHaveLength(1);
    expect(await requestLogs(item.id)).toHaveLength(1);

    const other = await ask(ava, item.id, 'renew');
    expect(other.statusCode).toBe(409);
    expect(json(other)).toEqual({ error: 'This item already has an open request: cancel it first' });
    expect(await requestsOf(item.id)).toHaveLength(1);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const item = await ending(day(3));
    for (const [inventoryId, kind] of [
      [item.id, 'extend'],
      [item.id, 'x'.repeat(5000)],
      ['not-an-id', 'renew'],
      [null, 'renew'],
      [item.id, null],
      [12, 'renew'],
    ] as const) {
      const res = await ask(ava, inventoryId, kind);
      expect(res.statusCode, `${String(inventoryId)} ${String(kind).slice(0, 10)}`).toBe(400);
      expect(json(res).error).toBeTruthy();
    }
    expect((await t.request({ method: 'POST', url: '/api/termRequests', token: ava, body: {} })).statusCode).toBe(400);
    expect(await requestsOf(item.id)).toEqual([]);
  });

  it('answers 401 without a sign-in and 403 to staff (they act on the item instead)', async () => {
    const item = await ending(day(3));
    expect((await ask('', item.id)).statusCode).toBe(401);
    const staff = await ask(stock, item.id);
    expect(staff.statusCode).toBe(403);
    expect(json(staff)).toEqual({ error: 'Only the consigner of an item can ask this' });
    expect((await t.request({ method: 'GET', url: '/api/termRequests' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/termRequests', token: noInventory })).statusCode).toBe(403);
    expect(await requestsOf(item.id)).toEqual([]);
  });

  it("answers 404 for another consigner's item, another store's item and an unknown one, and changes nothing", async () => {
    const marcos = await ending(day(3), { who: 'marco' });
    const res = await ask(ava, marcos.id);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Inventory not found' });
    expect(await requestsOf(marcos.id)).toEqual([]);
    expect(await logsOf(t, marcos.id)).toEqual([]);

    const other = await secondStore(t);
    const [otherStore] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, other.storeId));
    const [otherConsigner] = await t.ctx.db.insert(s.consigners).values({ storeId: otherStore.id, firstName: 'Far', lastName: 'Away', email: 'far@second.test', isActive: true, acceptedTOS: true }).returning();
    const [product] = await t.ctx.db.insert(s.products).values({ storeId: otherStore.id, title: 'Far product', brand: 'Far', sku: 'FAR-1', category: 'Sneakers', gender: 'Unisex' }).returning();
    const [theirs] = await t.ctx.db
      .insert(s.inventoryItems)
      .values({ storeId: otherStore.id, code: `FAR${Date.now()}`, productId: product.id, consignerId: otherConsigner.id, sku: 'FAR-1', title: 'Far item', status: 'Active', price: 1000, location: 'Main', acceptedOn: new Date(), consignmentEndsAt: day(3) })
      .returning();
    expect((await ask(ava, theirs.id)).statusCode).toBe(404);
    expect((await ask(ava, crypto.randomUUID())).statusCode).toBe(404);
    expect(await requestsOf(theirs.id)).toEqual([]);
  });

  it('refuses an item without an end or no longer in stock with a 409', async () => {
    const open = await makeItem(t, refs);
    const noEnd = await ask(ava, open.id);
    expect(noEnd.statusCode).toBe(409);
    expect(json(noEnd)).toEqual({ error: 'This item has no consignment end' });
    const sold = await ending(day(2), { status: 'Sold' });
    expect((await ask(ava, sold.id)).statusCode).toBe(409);
    expect(await requestsOf(sold.id)).toEqual([]);
  });
});

describe('POST /api/termRequests/{id}/cancel', () => {
  it('cancels the consigner’s own open request once, logs it, and leaves the item free for a new one', async () => {
    const item = await ending(day(5));
    const { request } = json<{ data: Result }>(await ask(ava, item.id, 'renew')).data;
    // not another consigner's, not staff's
    expect((await cancel(marco, request.id)).statusCode).toBe(404);
    expect((await cancel(stock, request.id)).statusCode).toBe(403);
    expect((await cancel(ava, 'nope')).statusCode).toBe(400);
    expect((await cancel(ava, crypto.randomUUID())).statusCode).toBe(404);
    expect((await requestsOf(item.id))[0].status).toBe('open');

    const first = await cancel(ava, request.id);
    expect(first.statusCode).toBe(200);
    expect(json<{ data: Result }>(first).data).toMatchObject({ message: 'Request cancelled', request: { id: request.id, status: 'cancelled' } });
    const again = await cancel(ava, request.id);
    expect(again.statusCode).toBe(200);
    expect(await requestLogs(item.id)).toEqual([
      { by: refs.consigner.ava.id, before: null, after: 'renew' },
      { by: refs.consigner.ava.id, before: 'renew', after: 'cancelled' },
    ]);
    expect((await mine(ava)).map((r) => r.id)).not.toContain(request.id);
    expect((await expiring()).find((r) => r.id === item.id)?.request).toBeNull();
    // the other kind may be asked now
    expect((await ask(ava, item.id, 'pickup')).statusCode).toBe(200);
  });
});

describe('staff act on a requested item', () => {
  it('renew closes a renew request with "renewed" in the same transaction', async () => {
    const item = await ending(day(2));
    const { request } = json<{ data: Result }>(await ask(ava, item.id, 'renew')).data;
    const res = await t.request({ method: 'POST', url: '/api/expiringInventory/renew', token: stock, body: { items: [{ id: item.id, endsOn: day(2) }] } });
    expect(json<{ data: { changed: string[] } }>(res).data.changed).toEqual([item.id]);
    const [row] = await requestsOf(item.id);
    expect(row).toMatchObject({ id: request.id, status: 'closed', resolution: 'renewed', closedById: refs.stock.id });
    expect((await requestLogs(item.id)).at(-1)).toEqual({ by: refs.stock.id, before: 'renew', after: 'closed: renewed' });
    expect((await mine(ava)).map((r) => r.id)).not.toContain(request.id);
    // a closed request is the store's answer: the consigner cannot cancel it any more
    expect((await cancel(ava, request.id)).statusCode).toBe(409);
  });

  it('return closes a pickup request with "returned"', async () => {
    const item = await ending(day(1));
    await ask(ava, item.id, 'pickup');
    const res = await t.request({ method: 'POST', url: '/api/expiringInventory/return', token: stock, body: { ids: [item.id] } });
    expect(json<{ data: { changed: string[] } }>(res).data.changed).toEqual([item.id]);
    expect((await requestsOf(item.id))[0]).toMatchObject({ status: 'closed', resolution: 'returned' });
  });
});

describe('the daily end-of-term job on a requested item', () => {
  it("closes the request with the action it applied, logged as the job, and staff list the store's open requests", async () => {
    const item = await ending(day(-10));
    const { request } = json<{ data: Result }>(await ask(ava, item.id, 'pickup')).data;
    const staffList = json<{ data: { items: Req[] } }>(await t.request({ method: 'GET', url: `/api/termRequests?inventoryId=${item.id}`, token: stock })).data.items;
    expect(staffList.map((r) => r.id)).toEqual([request.id]);
    const done = await applyDueEndings(t.ctx, (await findTenant(t.ctx.db, refs.store.id))!, new Date());
    expect(done.return).toBeGreaterThanOrEqual(1);
    expect((await requestsOf(item.id))[0]).toMatchObject({ status: 'closed', resolution: 'returned', closedById: null, closedByName: 'Automatic end of term' });
    expect((await requestLogs(item.id)).at(-1)).toEqual({ by: '', before: 'pick up', after: 'closed: returned' });
  });
});

describe('the reminder job (sendEndingReminders)', () => {
  let serial = 0;
  async function consigner(settings: Record<string, boolean> | null = null, emailNotifications = true) {
    serial += 1;
    const [row] = await t.ctx.db
      .insert(s.consigners)
      .values({ storeId: refs.store.id, firstName: `Rita${serial}`, lastName: 'Remind', email: `rita${serial}@remind.test`, isActive: true, acceptedTOS: true, emailNotifications, notificationSettings: settings as never })
      .returning();
    return row;
  }
  const mailsTo = (email: string) => t.ctx.db.select().from(s.outbox).where(and(eq(s.outbox.storeId, refs.store.id), eq(s.outbox.to, email))).orderBy(asc(s.outbox.createdAt));
  const store = async () => (await findTenant(t.ctx.db, refs.store.id))!;

  it('e-mails the items ending within 7 days once per item and end, with a link from configuration; a renewed item gets a new one', async () => {
    const rita = await consigner();
    const soon = await ending(day(3), { consignerId: rita.id, title: 'Green coat' });
    const edge = await ending(day(7), { consignerId: rita.id, title: 'Blue scarf' });
    const later = await ending(day(8), { consignerId: rita.id, title: 'Red hat' });
    const ended = await ending(day(-1), { consignerId: rita.id, title: 'Old boots' });

    const now = new Date();
    const first = await sendEndingReminders(t.ctx, await store(), now);
    expect(first.reminded).toBeGreaterThanOrEqual(2);
    const mails = await mailsTo(rita.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toMatch(/the consignment of 2 items ends soon$/);
    expect(mail.text).toContain(`(${soon.code}): ends `);
    expect(mail.text).toContain(`(${edge.code}): ends `);
    expect(mail.text).not.toContain(later.code);
    expect(mail.text).not.toContain(ended.code);
    expect(mail.text).toContain(`${storeLinkOrigin(t.ctx.config, await store())}/inventory`);

    // the same day again: nothing more
    await sendEndingReminders(t.ctx, await store(), now);
    expect(await mailsTo(rita.email)).toHaveLength(1);

    // a day later the 8-day item is within the week: it alone is reminded
    await sendEndingReminders(t.ctx, await store(), new Date(now.getTime() + DAY_MS));
    const afterDay = await mailsTo(rita.email);
    expect(afterDay).toHaveLength(2);
    expect(afterDay[1].text).toContain(later.code);
    expect(afterDay[1].text).not.toContain(soon.code);

    // renewed: a new end, so a new reminder before it (and not before)
    await t.request({ method: 'POST', url: '/api/expiringInventory/renew', token: stock, body: { items: [{ id: soon.id, endsOn: day(3) }] } });
    const [renewed] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, soon.id));
    expect(renewed.consignmentEndsAt).toBe(day(24));
    await sendEndingReminders(t.ctx, await store(), new Date(now.getTime() + 10 * DAY_MS));
    expect(await mailsTo(rita.email)).toHaveLength(2);
    await sendEndingReminders(t.ctx, await store(), new Date(now.getTime() + 20 * DAY_MS));
    const last = await mailsTo(rita.email);
    expect(last).toHaveLength(3);
    expect(last[2].text).toContain(soon.code);
  });

  it('sends nothing with the preference off, or all e-mails off', async () => {
    const off = await consigner({ onConsignmentEnding: false });
    const allOff = await consigner(null, false);
    const onByDefault = await consigner(null, true);
    for (const c of [off, allOff, onByDefault]) await ending(day(2), { consignerId: c.id });
    await sendEndingReminders(t.ctx, await store(), new Date());
    expect(await mailsTo(off.email)).toEqual([]);
    expect(await mailsTo(allOff.email)).toEqual([]);
    // a consigner saved before the preference existed has it on
    expect(await mailsTo(onByDefault.email)).toHaveLength(1);
  });

  it("keeps to the store's own reminder days (Settings): 3 days reminds nothing ending in 5, 0 sends none; a bad value is 400", async () => {
    const settings = (body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/stores/${refs.store.id}`, token: owner, body });
    const daysNow = async () => json<{ data: { termReminderDays: number } }>(await t.request({ method: 'GET', url: `/api/stores/${refs.store.id}`, token: owner })).data.termReminderDays;
    expect(await daysNow()).toBe(7);
    try {
      for (const bad of [-1, 61, 2.5]) {
        const res = await settings({ termReminderDays: bad });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(json<{ error: string }>(res).error).toBe('Consignment ending reminder must be a whole number of days from 0 to 60');
      }
      expect((await settings({ termReminderDays: 'soon' })).statusCode).toBe(400);
      expect(await daysNow()).toBe(7);
      expect((await settings({ termReminderDays: 3 })).statusCode).toBe(200);
      expect(await daysNow()).toBe(3);
      const rita = await consigner();
      const inThree = await ending(day(3), { consignerId: rita.id });
      const inFive = await ending(day(5), { consignerId: rita.id });
      await sendEndingReminders(t.ctx, await store(), new Date());
      const [mail] = await mailsTo(rita.email);
      expect(mail.text).toContain(inThree.code);
      expect(mail.text).not.toContain(inFive.code);

      expect((await settings({ termReminderDays: 0 })).statusCode).toBe(200);
      const nora = await consigner();
      await ending(day(1), { consignerId: nora.id });
      expect(await sendEndingReminders(t.ctx, await store(), new Date(Date.now() + 2 * DAY_MS))).toEqual({ reminded: 0 });
      expect(await mailsTo(nora.email)).toEqual([]);
    } finally {
      await settings({ termReminderDays: 7 });
    }
  });

  it('shows the preference in the consigner record, on by default, and saves it', async () => {
    const res = await t.request({ method: 'GET', url: `/api/consigners/${refs.consigner.ava.id}`, token: ava });
    expect(json<{ data: { notificationSettings: Record<string, boolean> } }>(res).data.notificationSettings.onConsignmentEnding).toBe(true);
    const put = await t.request({ method: 'PUT', url: `/api/consigners/${refs.consigner.ava.id}`, token: ava, body: { notificationSettings: { onConsignmentEnding: false } } });
    expect(put.statusCode).toBe(200);
    const back = json<{ data: { notificationSettings: Record<string, boolean> } }>(await t.request({ method: 'GET', url: `/api/consigners/${refs.consigner.ava.id}`, token: owner })).data;
    expect(back.notificationSettings).toMatchObject({ onConsignmentEnding: false, onProductSold: true });
    await t.request({ method: 'PUT', url: `/api/consigners/${refs.consigner.ava.id}`, token: ava, body: { notificationSettings: { onConsignmentEnding: true } } });
  });
});
