// The Linnworks order import (docs/payouts.md): the adapter against a fake of Linnworks' documented API
// (test/linnworks-fake.ts): success, a failure answer, a timeout, an expired session, a second import
// that records nothing new, two imports at once, the resync of one order and Resync All.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { integrationsRepository } from '../src/integrations/integrations.repository.ts';
import { encryptSecret } from '../src/integrations/secrets.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { otherStore } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, makeItem, type DemoRefs } from './inventory-fixtures.ts';
import { CREDENTIALS, fakeOrder, startFakeLinnworks, type FakeLinnworks } from './linnworks-fake.ts';

type ImportResult = {
  source: string;
  fetched: number;
  imported: number;
  alreadyImported: number;
  skipped: number;
  failed: { externalId: string; name: string; error: string }[];
  unmatchedLines: number;
  orders: { id: string; name: string }[];
  syncedUntil: string | null;
};

// long enough for a local fake's answer with test files running side by side (docs/testing.md "Speed")
const TIMEOUT_MS = 2_000;
let fake: FakeLinnworks;
let t: TestApp;
let refs: DemoRefs;
let owner: string;

const setCredentials = async (value: Record<string, string>, enabled = true) =>
  integrationsRepository.upsert(t.ctx.db, refs.store.id, 'linnworks', { enabled, secret: encryptSecret(t.ctx.config.authSecret, value) });
const integration = async () => (await integrationsRepository.find(t.ctx.db, refs.store.id, 'linnworks'))!;
const importNow = (token = owner, host?: string) => t.request({ method: 'POST', url: '/api/orders/linnworkOrders', token, host });
const imported = async () => {
  const res = await importNow();
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: ImportResult }>(res).data;
};
const linnworksOrders = () => t.ctx.db.select().from(s.orders).where(and(eq(s.orders.storeId, refs.store.id), eq(s.orders.source, 'linnworks')));

beforeAll(async () => {
  fake = await startFakeLinnworks();
  t = await createTestApp({ config: { linnworksApiUrl: fake.url, linnworksTimeoutMs: TIMEOUT_MS } });
  refs = await demoRefs(t);
  owner = await t.signIn(DEMO.owner);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.state.failNext.clear();
  fake.state.delayMs.clear();
  await setCredentials(CREDENTIALS);
});

describe('POST /api/orders/linnworkOrders', () => {
  it('imports the new open and processed orders through recordSale, matching lines by SKU to item codes', async () => {
    const [a, b, c, sold] = [await makeItem(t, refs, { who: 'lena' }), await makeItem(t, refs), await makeItem(t, refs, { who: 'marco', price: 25000, payout: 20000, total: 20000 }), await makeItem(t, refs, { status: 'Sold' })];
    const paid = fakeOrder({
      lines: [
        { SKU: a.code, Title: 'Air Jordan 1 (eBay listing)', PricePerUnit: 120.5 },
        { SKU: 'NOT-OURS-1', Title: 'Phone case', PricePerUnit: 9.99, Quantity: 2 },
        { SKU: 'SHIP', Title: 'Shipping', PricePerUnit: 4.5, IsService: true },
      ],
      fullName: 'Jane van Dyke',
      email: 'jane@example.test',
      phone: '+44 20 7946 0001',
    });
    const unpaid = fakeOrder({ status: 0, lines: [{ SKU: b.code.toLowerCase(), ChannelSKU: b.code, Title: 'Hoodie', PricePerUnit: 80 }] });
    const held = fakeOrder({ hold: true, lines: [{ SKU: 'X', Title: 'On hold', PricePerUnit: 1 }] });
    const resend = fakeOrder({ status: 4, lines: [{ SKU: 'Y', Title: 'Resent', PricePerUnit: 1 }] });
    const clash = fakeOrder({ lines: [{ SKU: sold.code, Title: 'Sold twice', PricePerUnit: 100 }] });
    const processed = fakeOrder({ processed: true, receivedDaysAgo: 2, lines: [{ SKU: c.code, Title: 'Jacket', PricePerUnit: 250 }] });
    const tooOld = fakeOrder({ processed: true, receivedDaysAgo: 45, lines: [{ SKU: 'OLD', Title: 'Old', PricePerUnit: 1 }] });
    fake.state.open.push(paid, unpaid, held, resend, clash);
    fake.state.processed.push(processed, tooOld);
    const balanceBefore = (await ledgerRepository.balances(t.ctx.db, refs.store.id)).get(refs.consigner.lena.id) ?? 0;

    const result = await imported();
    expect(result).toMatchObject({ source: 'linnworks', fetched: 6, imported: 3, alreadyImported: 0, skipped: 2, unmatchedLines: 1 });
    expect(result.failed).toEqual([{ externalId: clash.OrderId, name: `LW-${clash.NumOrderId}`, error: `${sold.code} cannot be sold: it is Sold` }]);
    expect(result.orders.map((o) => o.name)).toEqual([`LW-${processed.NumOrderId}`, `LW-${paid.NumOrderId}`, `LW-${unpaid.NumOrderId}`]);

    // the paid order: its item Sold at the Linnworks price, the unmatched line kept, the service line left out
    const [order] = (await linnworksOrders()).filter((o) => o.externalId === paid.OrderId);
    expect(order).toMatchObject({ name: `LW-${paid.NumOrderId}`, financialStatus: 'paid', status: 'open', createdByName: 'Linnworks import', total: 12050 + 999 * 2 });
    expect(order.customer).toEqual({ first_name: 'Jane', last_name: 'van Dyke', email: 'jane@example.test', phone: '+44 20 7946 0001' });
    expect(order.orderDate.toISOString()).toBe(new Date(paid.GeneralInfo.ReceivedDate).toISOString());
    const lines = await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.orderId, order.id));
    expect(lines.map((l) => ({ inventoryId: l.inventoryId, sku: l.sku, price: l.price, quantity: l.quantity })).sort((x, y) => x.price - y.price)).toEqual([
      { inventoryId: null, sku: 'NOT-OURS-1', price: 999, quantity: 2 },
      { inventoryId: a.id, sku: a.code, price: 12050, quantity: 1 },
    ]);
    expect((await itemRow(t, a.id))!).toMatchObject({ status: 'Sold', orderId: order.id });
    expect(((await ledgerRepository.balances(t.ctx.db, refs.store.id)).get(refs.consigner.lena.id) ?? 0) - balanceBefore).toBe(a.total);
    // unpaid: the item held (matched by its channel SKU); processed: sold
    expect((await itemRow(t, b.id))!.status).toBe('PendingSale');
    expect((await itemRow(t, c.id))!.status).toBe('Sold');
    expect((await itemRow(t, sold.id))!.orderId).toBeNull();

    // the cursor moved, the first import looked 30 days back for processed orders
    const cursor = (await integration()).syncedUntil!;
    expect(cursor.toISOString()).toBe(result.syncedUntil);
    const search = fake.callsTo('/api/ProcessedOrders/SearchProcessedOrdersPaged')[0].form;
    expect(Date.parse(search.to) - Date.parse(search.from)).toBeCloseTo(30 * 86_400_000, -4);
    expect(search).toMatchObject({ dateType: 'RECEIVED', pageNum: '1', numEntriesPerPage: '200' });
    // every call but the sign-in carried the session token; the credentials went to the sign-in only
    expect(fake.callsTo('/api/Auth/AuthorizeByApplication')[0].form.request).toBe(JSON.stringify({ ApplicationId: CREDENTIALS.applicationId, ApplicationSecret: CREDENTIALS.applicationSecret, Token: CREDENTIALS.token }));
    expect(JSON.stringify(fake.state.calls.filter((c) => !c.path.includes('Auth')))).not.toContain(CREDENTIALS.applicationSecret);
  });

  it('records nothing new on a second import, and the list shows the imported orders', async () => {
    const before = await linnworksOrders();
    const ledgerBefore = await t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.storeId, refs.store.id));
    const result = await imported();
    expect(result).toMatchObject({ fetched: 5, imported: 0, alreadyImported: 2, skipped: 2 });
    expect(result.failed).toHaveLength(1); // the item sold twice is reported again until staff settle it
    expect(await linnworksOrders()).toHaveLength(before.length);
    expect(await t.ctx.db.select().from(s.ledgerEntries).where(eq(s.ledgerEntries.storeId, refs.store.id))).toHaveLength(ledgerBefore.length);
    // the second import searched processed orders from the cursor, less an hour's overlap
    const search = fake.callsTo('/api/ProcessedOrders/SearchProcessedOrdersPaged').at(-1)!.form;
    expect(Date.parse(search.to) - Date.parse(search.from)).toBeLessThan(2 * 3600_000);
    const list = json<{ data: { rows: { order: { source: string } }[]; count: number } }>(await t.request({ method: 'GET', url: '/api/orders?search=lw-&pageSize=50', token: owner })).data;
    expect(list.rows.every((r) => r.order.source === 'linnworks')).toBe(true);
    expect(list.count).toBe(4);
  });

  it('records a new order once when two imports run at once', async () => {
    const item = await makeItem(t, refs);
    const order = fakeOrder({ lines: [{ SKU: item.code, Title: 'Twice', PricePerUnit: 50 }] });
    fake.state.open.push(order);
    const [r1, r2] = await Promise.all([importNow(), importNow()]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const results = [r1, r2].map((r) => json<{ data: ImportResult }>(r).data);
    expect(results.map((r) => r.imported).sort()).toEqual([0, 1]);
    expect((await linnworksOrders()).filter((o) => o.externalId === order.OrderId)).toHaveLength(1);
    expect(await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.inventoryId, item.id))).toHaveLength(1);
  });

  it('renews an expired session once and goes on', async () => {
    fake.expireSessions();
    const signIns = fake.callsTo('/api/Auth/AuthorizeByApplication').length;
    expect((await importNow()).statusCode).toBe(200);
    expect(fake.callsTo('/api/Auth/AuthorizeByApplication').length).toBe(signIns + 1);
  });

  it('answers a refusal of the credentials with 422 and records nothing, cursor kept', async () => {
    const cursor = (await integration()).syncedUntil;
    const item = await makeItem(t, refs);
    fake.state.open.push(fakeOrder({ lines: [{ SKU: item.code, Title: 'Not yet', PricePerUnit: 10 }] }));
    await setCredentials({ ...CREDENTIALS, token: 'revoked-token' });
    const res = await importNow();
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('The Linnworks import failed: Linnworks refused the credentials: Invalid application or token');
    expect(json(res).error).not.toContain('revoked-token');
    expect((await itemRow(t, item.id))!.status).toBe('Active');
    expect((await integration()).syncedUntil).toEqual(cursor);
  });

  it('answers an error answer of a call with 422 and its message, cursor kept', async () => {
    const cursor = (await integration()).syncedUntil;
    fake.state.failNext.set('/api/ProcessedOrders/SearchProcessedOrdersPaged', { status: 500, message: 'Database is busy, try again later' });
    const res = await importNow();
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('The Linnworks import failed: Linnworks refused the request: Database is busy, try again later');
    expect((await integration()).syncedUntil).toEqual(cursor);
  });

  it('gives up on a call with no answer in time: 422, nothing recorded', async () => {
    const before = (await linnworksOrders()).length;
    fake.state.delayMs.set('/api/Orders/GetOpenOrders', TIMEOUT_MS * 4);
    const started = Date.now();
    const res = await importNow();
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe(`The Linnworks import failed: Linnworks did not answer within ${TIMEOUT_MS / 1000} s`);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
    expect(await linnworksOrders()).toHaveLength(before);
  });

  it('answers 422 when the import is turned off or its credentials are incomplete', async () => {
    await setCredentials(CREDENTIALS, false);
    expect(json(await importNow()).error).toMatch(/not set up/);
    await setCredentials({ applicationId: 'only-this' });
    const res = await importNow();
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toMatch(/cannot be read/);
  });

  it('never imports into another store: theirs is not set up', async () => {
    const other = await otherStore(t, 'linn-other.test');
    const res = await importNow(other.token, other.host);
    expect(res.statusCode).toBe(422);
    expect(json<{ data: { importSources: string[] } }>(await t.request({ method: 'GET', url: '/api/orders/filterOptions', token: other.token, host: other.host })).data.importSources).toEqual([]);
    expect(json<{ data: { importSources: string[] } }>(await t.request({ method: 'GET', url: '/api/orders/filterOptions', token: owner })).data.importSources).toEqual(['linnworks']);
  });
});

describe('GET /api/orders/resync/{id} of a Linnworks order', () => {
  it('reads it again: a pending order paid in Linnworks is marked paid, its customer brought up to date', async () => {
    const item = await makeItem(t, refs);
    const remote = fakeOrder({ status: 0, lines: [{ SKU: item.code, Title: 'Pending', PricePerUnit: 70 }], email: 'before@example.test' });
    fake.state.open.push(remote);
    await imported();
    const [order] = (await linnworksOrders()).filter((o) => o.externalId === remote.OrderId);
    expect((await itemRow(t, item.id))!.status).toBe('PendingSale');
    remote.GeneralInfo.Status = 1;
    remote.CustomerInfo.Address.EmailAddress = 'after@example.test';
    const res = await t.request({ method: 'GET', url: `/api/orders/resync/${order.id}`, token: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { financialStatus: string; customer: { email: string } } }>(res).data).toMatchObject({ financialStatus: 'paid', customer: { email: 'after@example.test' } });
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
    // the new customer reaches the order's lines: the table finds the order by it
    const found = json<{ data: { rows: { order: { id: string } }[] } }>(await t.request({ method: 'GET', url: '/api/orders?search=after%40example', token: owner })).data.rows;
    expect(found.map((r) => r.order.id)).toEqual([order.id]);

    fake.state.open.splice(fake.state.open.indexOf(remote), 1);
    const gone = await t.request({ method: 'GET', url: `/api/orders/resync/${order.id}`, token: owner });
    expect(gone.statusCode).toBe(422);
    expect(json(gone).error).toBe(`Linnworks no longer has order ${order.name}: there is nothing to resync it from.`);
  });
});

describe('POST /api/orders/resyncAll', () => {
  it('runs the Linnworks import as a job with its progress and result', async () => {
    const item = await makeItem(t, refs);
    fake.state.open.push(fakeOrder({ lines: [{ SKU: item.code, Title: 'Via the job', PricePerUnit: 30 }] }));
    const res = await t.request({ method: 'POST', url: '/api/orders/resyncAll', token: owner });
    expect(res.statusCode).toBe(202);
    const { jobId, message } = json<{ data: { jobId: string; message: string } }>(res).data;
    expect(message).toBe('Resyncing all orders: follow the progress here.');
    const job = await waitForJob(t, owner, jobId);
    expect(job.status).toBe('completed');
    const results = (job.result as { results: ImportResult[] }).results;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ source: 'linnworks', imported: 1 });
    expect(job.done).toBe(3); // the new order, and the held and resent orders looked at and left out
    expect(job.failed).toBe(1); // the item sold twice, still refused
    expect((await itemRow(t, item.id))!.status).toBe('Sold');
  });
});
