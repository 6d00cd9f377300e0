// The consigner isolation net (docs/consigner-portal.md): signed in as consigner A (DEMO.ava) of the demo store, every
// route a consigner may call answers B's (DEMO.marco's) ids with 404, lists and reports stay scoped to
// A (B's ids in a filter give A's own, or nothing), and nothing of B changes; staff-only routes
// answer 403 to a consigner.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { bankForm } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;
let marco: string;
type Row = typeof s.inventoryItems.$inferSelect;
let b: Record<'pending' | 'requested' | 'active' | 'priceChange' | 'withdrawal' | 'storePrice' | 'consignment' | 'sold' | 'paid', Row>;
let aItem: Row;
let bPayout: { id: string; name: string };
let aPayout: { id: string; name: string };
/** B's item with a consignment end, and B's open request on it (docs/consignment-terms.md "The consigner's requests"). */
let bTermItem: Row;
let bTermRequest: { id: string };
let before: { items: Row[]; consigner: typeof s.consigners.$inferSelect; logs: number; bankLogs: number };

const snapshotB = async () => ({
  items: (await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.consignerId, refs.consigner.marco.id))).sort((x, y) => x.id.localeCompare(y.id)),
  consigner: (await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, refs.consigner.marco.id)))[0],
  logs: (await t.ctx.db.select().from(s.inventoryLogs)).filter((l) => Object.values(b).some((i) => i.id === l.inventoryId)).length,
  bankLogs: (await t.ctx.db.select().from(s.consignerBankLogs).where(eq(s.consignerBankLogs.consignerId, refs.consigner.marco.id))).length,
});

async function soldOf(who: 'ava' | 'marco', total: number) {
  const item = await makeItem(t, refs, { who, status: 'Sold', price: total + 1000, payout: total, payoutFee: 1000, total, soldOn: new Date(), ledger: false });
  await ledgerRepository.append(t.ctx.db, [
    { storeId: refs.store.id, consignerId: item.consignerId, kind: 'sale', amount: total + 1000, inventoryId: item.id },
    { storeId: refs.store.id, consignerId: item.consignerId, kind: 'fee', amount: -1000, inventoryId: item.id },
  ]);
  return item;
}

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, ava, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava), t.signIn(DEMO.marco)]);
  const mk = (status: string, over: Partial<Row> = {}) => makeItem(t, refs, { who: 'marco', status, ...over });
  const paid = await soldOf('marco', 4000);
  b = {
    pending: await mk('Pending'),
    requested: await mk('Requested'),
    active: await mk('Active'),
    priceChange: await mk('RequestPriceChange', { requestedPrice: 12000 }),
    withdrawal: await mk('RequestWithdrawal'),
    storePrice: await mk('StoreRequestPriceChange', { requestedPrice: 9000 }),
    consignment: await mk('Consignment'),
    sold: await soldOf('marco', 3000),
    paid,
  };
  aItem = await makeItem(t, refs, { who: 'ava' });
  const pay = async (id: string) =>
    json<{ data: { id: string; name: string } }>(await t.request({ method: 'POST', url: '/api/payouts/pay', token: owner, body: { inventoriesToPay: [id], consignersAndInventories: [] } })).data;
  bPayout = await pay(paid.id);
  aPayout = await pay((await soldOf('ava', 2000)).id);
  // the staff edits B's item once, so it has log entries A must not see
  await t.request({ method: 'PUT', url: `/api/inventories/${b.active.id}`, token: owner, body: { notes: "Marco's secret note" } });
  bTermItem = await mk('Active', { consignmentEndsAt: '2099-01-01' });
  bTermRequest = json<{ data: { request: { id: string } } }>(await t.request({ method: 'POST', url: '/api/termRequests', token: marco, body: { inventoryId: bTermItem.id, kind: 'renew' } })).data.request;
  before = await snapshotB();
}, 90_000);
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = ava) => t.request({ method, url, token, body });

describe("consigner A on consigner B's ids", () => {
  it("answers 404 for B's item, by id and by code, read, edited or deleted", async () => {
    expect((await call('GET', `/api/inventories/${b.active.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/inventories/code/${b.active.code}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/inventories/${b.active.id}`, { notes: 'mine now' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/inventories/${b.pending.id}`, { price: 1 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/inventories', { inventories: [{ id: b.requested.id, location: 'Downtown' }] })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/inventories/${b.pending.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/inventoryLogs/${b.active.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for every consigner action on B's items", async () => {
    const cases: [string, unknown][] = [
      ['cancelDropoff', { id: b.requested.id }],
      ['cancelDropoff', { ids: [b.pending.id] }],
      ['deleteInventory', { id: b.pending.id }],
      ['requestPriceChange', { id: b.active.id, requestedPrice: 50 }],
      ['requestPriceChange', { id: b.priceChange.id, requestedPrice: 50 }],
      ['requestInventoryWithdrawal', { id: b.active.id }],
      ['withdrawInventory', { id: b.pending.id }],
      ['acceptStoreRequestPrice', { id: b.storePrice.id }],
      ['declineStoreRequestPrice', { id: b.storePrice.id }],
    ];
    for (const [action, body] of cases) {
      const res = await call('POST', `/api/inventories/${action}`, body);
      expect({ action, status: res.statusCode }).toEqual({ action, status: 404 });
      expect(json(res).error).toBe('Inventory not found');
    }
    // mixed with one of A's own: refused whole, A's item untouched too
    const res = await call('POST', '/api/inventories/cancelDropoff', { ids: [b.pending.id, aItem.id] });
    expect(res.statusCode).toBe(404);
  });

  it("answers 404 for asking on B's item or cancelling B's request, and never lists B's requests", async () => {
    for (const kind of ['renew', 'pickup']) {
      const res = await call('POST', '/api/termRequests', { inventoryId: bTermItem.id, kind });
      expect({ kind, status: res.statusCode }).toEqual({ kind, status: 404 });
      expect(json(res).error).toBe('Inventory not found');
    }
    expect((await call('POST', `/api/termRequests/${bTermRequest.id}/cancel`, {})).statusCode).toBe(404);
    const mine = await call('GET', '/api/termRequests');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(bTermRequest.id);
    expect((await call('GET', `/api/termRequests?inventoryId=${bTermItem.id}`)).body).not.toContain(bTermRequest.id);
    const [row] = await t.ctx.db.select().from(s.termRequests).where(eq(s.termRequests.id, bTermRequest.id));
    expect(row.status).toBe('open');
  });

  it('answers 403 to a consigner for every staff-only action, whoever owns the item', async () => {
    const staffOnly: [string, unknown][] = [
      ['acceptRequestToSell', { id: b.requested.id, location: 'Downtown' }],
      ['bulkAcceptRequestToSell', { ids: [b.requested.id] }],
      ['bulkDeclineRequestToSell', { ids: [b.requested.id] }],
      ['declineInventory', { id: b.pending.id }],
      ['acceptInventory', { id: b.pending.id, location: 'Downtown' }],
      ['bulkAcceptInventory', { ids: [b.pending.id] }],
      ['storeBuyRequestedInventory', { id: b.consignment.id }],
      ['acceptStoreRequest', { id: b.consignment.id }],
      ['storeRequestPriceChange', { id: b.requested.id, requestedPrice: 10 }],
      ['acceptInventoryPrice', { id: b.priceChange.id }],
      ['declineInventoryPrice', { id: b.priceChange.id }],
      ['acceptInventoryWithdrawal', { id: b.withdrawal.id }],
      ['declineInventoryWithdrawal', { id: b.withdrawal.id }],
      ['transfer', { inventories: [b.active.id], location: 'Uptown' }],
      ['acceptTransfer', { ids: [b.active.id] }],
      ['markPrinted', { id: b.active.id }],
      ['bulkPrintInventory', { ids: [b.active.id] }],
      ['scan', { code: b.active.code }],
      ['resyncSingleInventory', { id: b.active.id }],
    ];
    for (const [action, body] of staffOnly) {
      for (const token of [ava, marco]) {
        const res = await call('POST', `/api/inventories/${action}`, body, token);
        expect({ action, status: res.statusCode }).toEqual({ action, status: 403 });
      }
    }
  });

  it("answers 404 for B's consigner record, bank log, statements and payouts", async () => {
    const id = refs.consigner.marco.id;
    expect((await call('GET', `/api/consigners/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/consigners/${id}`, { firstName: 'Hacked' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/consigners/${id}`, { emailNotifications: false })).statusCode).toBe(404);
    expect((await call('GET', `/api/consigners/${id}/bankLog`)).statusCode).toBe(404);
    expect((await call('GET', `/api/consigners/${id}/statements?month=2026-10`)).statusCode).toBe(404);
    expect((await call('GET', `/api/consigners/${id}/statements/export?month=2026-10`)).statusCode).toBe(404);
    expect((await call('GET', `/api/consigners/${id}/statements/pdf?month=2026-10`)).statusCode).toBe(404);
    expect((await call('GET', `/api/payouts/consigner/${id}`)).statusCode).toBe(404);
    // B's payable money and payout request: neither read nor cancelled, nor paid by A
    expect((await call('GET', `/api/payouts/consigner/${id}/account`)).statusCode).toBe(404);
    // B's store credit card (docs/consigner-account.md "Store credit"): not A's to read
    expect((await call('GET', `/api/payouts/consigner/${id}/credit`)).statusCode).toBe(404);
    expect((await call('GET', `/api/payouts/consigner/${refs.consigner.ava.id}/credit`)).statusCode).toBe(200);
    expect((await call('GET', `/api/sales/creditAccounts?search=marco`)).statusCode).toBe(403);
    const [request] = await t.ctx.db.insert(s.payoutRequests).values({ storeId: refs.store.id, consignerId: id, amount: 1000 }).returning();
    expect((await call('POST', `/api/payouts/requests/${request.id}/cancel`)).statusCode).toBe(404);
    expect((await call('POST', `/api/payouts/requests/${request.id}/pay`)).statusCode).toBe(403);
    const [after] = await t.ctx.db.select().from(s.payoutRequests).where(eq(s.payoutRequests.id, request.id));
    expect(after.status).toBe('Open');
    await t.ctx.db.delete(s.payoutRequests).where(eq(s.payoutRequests.id, request.id));
  });

  it("refuses to set B's password, and B still signs in with theirs", async () => {
    const res = await call('PUT', '/api/consigners/updatePassword', { email: DEMO.marco, password: 'taken-over-123' });
    expect(res.statusCode).toBe(403);
    await expect(t.signIn(DEMO.marco)).resolves.toBeTruthy();
  });

  it("counts only A's listings on a product page", async () => {
    const product = refs.sneaker.id;
    const mine = json<{ data: Record<string, unknown> }>(await call('GET', `/api/products/${product}`)).data;
    await makeItem(t, refs, { who: 'lena' });
    const again = json<{ data: Record<string, unknown> }>(await call('GET', `/api/products/${product}`)).data;
    expect(again).toEqual(mine);
    for (const item of Object.values(b)) expect(JSON.stringify(again).includes(item.id)).toBe(false);
  });

  it("lists a new item as A's own when the body names B as its consigner", async () => {
    const res = await call('POST', '/api/inventories', {
      inventoryFormArray: [{ productId: refs.sneaker.id, option1Value: '10', option2Value: 'New', option3Value: 'Good Box', price: 100, quantity: 1, consigner: refs.consigner.marco.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<{ data: { consignerId: string }[] }>(res).data.map((i) => i.consignerId)).toEqual([refs.consigner.ava.id]);
  });

  it("does not reach B's record through the self sign-up route", async () => {
    const res = await call('POST', '/api/consigners', { email: DEMO.marco, firstName: 'Taken', lastName: 'Over', id: refs.consigner.marco.id });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("keeps B's cheques out of A's answer", async () => {
    const res = await call('GET', `/api/cheques?payoutId=${bPayout.id}`);
    expect([200, 404]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(json<{ data: { cheques: unknown[] } }>(res).data.cheques).toEqual([]);
    const own = await call('GET', `/api/cheques?payoutId=${aPayout.id}`);
    expect(own.statusCode).toBe(200);
  });
});

describe("lists and reports stay A's", () => {
  const bIds = () => new Set(Object.values(b).map((i) => i.id));
  const marcoId = () => refs.consigner.marco.id;

  it("lists only A's items, whatever consigner the filter names", async () => {
    for (const url of [
      '/api/inventories',
      `/api/inventories?consigner=${marcoId()}`,
      '/api/inventories/paginatedInventories',
      `/api/inventories/paginatedInventories?consigner=${marcoId()}`,
      `/api/inventories/consignerRequestedItems?consigner=${marcoId()}`,
      '/api/inventories/consignerRequestedItems',
      `/api/inventories/ordersPayoutInventories?consigner=${marcoId()}`,
    ]) {
      const res = await call('GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const body = JSON.stringify(json(res).data);
      for (const id of bIds()) expect(body.includes(id), `${url} shows B's item`).toBe(false);
      expect(body.includes(marcoId()), `${url} names B`).toBe(false);
    }
  });

  it("exports only A's items", async () => {
    const res = await call('GET', `/api/inventories/exportInventory?consigner=${marcoId()}`);
    expect(res.statusCode).toBe(200);
    for (const item of Object.values(b)) expect(res.body.includes(item.code)).toBe(false);
    const all = await call('GET', '/api/inventories/exportInventory');
    expect(all.body).toContain(aItem.code);
    for (const item of Object.values(b)) expect(all.body.includes(item.code)).toBe(false);
  });

  it('offers A only themselves as consigner in the filters', async () => {
    const res = await call('GET', '/api/inventories/filterOptions');
    expect(res.statusCode).toBe(200);
    const ids = json<{ data: { consigners: { value: { id: string } }[] } }>(res).data.consigners.map((c) => c.value.id);
    expect(ids).toEqual([refs.consigner.ava.id]);
  });

  it("reports A's own figures when B is named", async () => {
    const mine = json<{ data: unknown }>(await call('GET', '/api/consigners/consignerReport')).data;
    const named = await call('GET', `/api/consigners/consignerReport?consigner=${marcoId()}`);
    expect([200, 404]).toContain(named.statusCode);
    if (named.statusCode === 200) expect(json<{ data: unknown }>(named).data).toEqual(mine);
  });

  it("shows no log entry of B's items in the activity feed", async () => {
    for (const url of ['/api/inventoryLogs', '/api/inventoryLogs?search=secret', `/api/inventoryLogs?search=${b.active.code}`]) {
      const res = await call('GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      const body = JSON.stringify(json(res).data);
      for (const id of bIds()) expect(body.includes(id), `${url} shows B's item`).toBe(false);
      expect(body.includes('secret note')).toBe(false);
    }
  });

  it("counts only A's items in the dashboard figures", async () => {
    const url = '/api/inventories/getdasboardInventory?dateRangeStart=2026-01-01&dateRangeEnd=2030-12-31';
    const first = await call('GET', url);
    expect(first.statusCode).toBe(200);
    await makeItem(t, refs, { who: 'lena', status: 'Active', createdAt: new Date(), acceptedOn: new Date() });
    expect(json((await call('GET', url))).data).toEqual(json(first).data);
    // staff see it
    const staff = json(await call('GET', url, undefined, owner)).data;
    await makeItem(t, refs, { who: 'lena', status: 'Active', createdAt: new Date(), acceptedOn: new Date() });
    expect(json(await call('GET', url, undefined, owner)).data).not.toEqual(staff);
  });

  it("lists only A's payouts on A's payout page", async () => {
    const res = await call('GET', `/api/payouts/consigner/${refs.consigner.ava.id}`);
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(json(res).data);
    expect(body).toContain(aPayout.id);
    expect(body.includes(bPayout.id)).toBe(false);
  });

  it("leaves B's submitted products out of A's list", async () => {
    const submitted = await t.request({ method: 'POST', url: '/api/products/submittedProducts', token: marco, body: { title: 'Marco Secret Sneaker' } });
    expect(submitted.statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url: '/api/products/submittedProducts', token: owner })).body).toContain('Marco Secret Sneaker');
    const res = await call('GET', '/api/products/submittedProducts');
    expect(res.statusCode).toBe(200);
    expect(res.body.includes('Marco Secret Sneaker')).toBe(false);
  });
});

describe('staff-only routes', () => {
  it('answer 403 to a consigner', async () => {
    const id = refs.consigner.marco.id;
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/consigners'],
      ['GET', '/api/consigners/export'],
      ['POST', '/api/consigners/createFromAdmin', bankForm],
      ['POST', `/api/consigners/deleteConsigner/${id}`],
      ['GET', `/api/consigners/${id}/payoutRecalculation`],
      ['POST', `/api/consigners/${id}/sendPasswordReset`],
      ['POST', '/api/payouts/pay', { inventoriesToPay: [b.sold.id], consignersAndInventories: [] }],
      ['GET', '/api/payouts'],
      ['GET', '/api/payouts/filterOptions'],
      ['GET', `/api/payouts/${bPayout.id}`],
      ['GET', `/api/payouts/${aPayout.id}`],
      ['POST', `/api/payouts/paid/${bPayout.id}`, {}],
      ['POST', '/api/payouts/export', { payoutId: bPayout.id }],
      ['POST', '/api/checkbook/retryAutoPayout', { payoutId: bPayout.id }],
      ['GET', '/api/orders'],
      ['GET', '/api/sales'],
      ['POST', '/api/sales', { lines: [{ inventoryId: b.active.id }], paymentMethod: 'cash' }],
      ['GET', '/api/employees'],
      ['GET', `/api/stores/${refs.store.id}`],
      ['GET', '/api/consignerTypes'],
      // markdown schedules (docs/consignment-terms.md "Markdowns"): Settings only
      ['GET', '/api/markdownSchedules'],
      ['POST', '/api/markdownSchedules', { name: 'Mine', steps: [{ afterDays: 30, percentOff: 10 }] }],
      ['POST', '/api/markdownSchedules/preview', { name: 'Mine', steps: [{ afterDays: 1, percentOff: 50 }] }],
      ['PUT', `/api/markdownSchedules/${crypto.randomUUID()}`, { name: 'Mine', steps: [{ afterDays: 30, percentOff: 10 }] }],
      ['DELETE', `/api/markdownSchedules/${crypto.randomUUID()}`],
      ['GET', `/api/jobs/${crypto.randomUUID()}`],
      ['GET', `/api/orders/${crypto.randomUUID()}`],
      ['GET', `/api/employees/${refs.owner.id}`],
      ['POST', '/api/products', { title: 'X', sku: 'X-1' }],
      ['POST', '/api/products/merge', { fromProductId: b.active.productId, toProductId: aItem.productId }],
      ['GET', '/api/expiringInventory'],
      ['POST', '/api/expiringInventory/renew', { items: [{ id: bTermItem.id, endsOn: '2099-01-01' }] }],
      ['POST', '/api/expiringInventory/return', { ids: [bTermItem.id] }],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, url, body);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
    }
  });
});

describe('after all of the above', () => {
  it("nothing of B changed: items, logs, consigner record, bank log", async () => {
    const after = await snapshotB();
    expect(after.items).toEqual(before.items);
    expect(after.consigner).toEqual(before.consigner);
    expect(after.logs).toBe(before.logs);
    expect(after.bankLogs).toBe(before.bankLogs);
  });
});
