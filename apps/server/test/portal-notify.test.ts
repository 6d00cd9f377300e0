// The consigner's notification e-mails (docs/consigner-portal.md "Notification e-mails"): each of
// the five events writes one outbox row per consigner and action, in the change's transaction, with
// the store's own text when set, and only when the master flag and the event's preference are on.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_MARKETPLACE, type TNotificationSettings } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { consignerNotifier } from '../src/modules/notifications/notifications.service.ts';
import { settleConfirmedShares } from '../src/modules/payouts/payouts.service.ts';
import { markOrderPaid, recordSale } from '../src/modules/sales/sales.service.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, makeItem, type DemoRefs } from './inventory-fixtures.ts';
import { integrationsRepository } from '../src/integrations/integrations.repository.ts';
import { encryptSecret } from '../src/integrations/secrets.ts';
import { CREDENTIALS, fakeOrder, startFakeLinnworks, type FakeLinnworks } from './linnworks-fake.ts';

vi.mock('../src/modules/payouts/automated/auto-payout.ts', () => ({ startAutoPayout: async () => {} }));

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let ava: string;
let linnworks: FakeLinnworks;

beforeAll(async () => {
  linnworks = await startFakeLinnworks();
  t = await createTestApp({ config: { linnworksApiUrl: linnworks.url } });
  refs = await demoRefs(t);
  [owner, ava] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava)]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await linnworks.close();
});

beforeEach(async () => {
  await t.ctx.db.update(s.stores).set({ emailMsgs: null, marketplaceEmailMsgs: null }).where(eq(s.stores.id, refs.store.id));
});

const post = (url: string, body: unknown, token = owner, headers?: Record<string, string>) => t.request({ method: 'POST', url, token, body, headers });

let serial = 0;
/** A consigner of the demo store with their own address, preferences as given. */
async function consigner(opts: { emailNotifications?: boolean; settings?: Partial<TNotificationSettings> | null; storeAccount?: boolean; archived?: boolean; email?: string } = {}) {
  serial += 1;
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({
      storeId: refs.store.id,
      firstName: `Nell${serial}`,
      lastName: 'Notify',
      email: opts.email ?? `nell${serial}@notify.test`,
      isActive: true,
      acceptedTOS: true,
      payoutType: 'Bank',
      isStoreAccount: opts.storeAccount ?? false,
      emailNotifications: opts.emailNotifications ?? true,
      notificationSettings: opts.settings === null ? null : { onInventoryAccept: true, onPayout: true, onProductSold: true, onPriceAcceptOrDecline: true, onWithdrawAcceptOrDecline: true, ...opts.settings },
      deletedAt: opts.archived ? new Date() : null,
    })
    .returning();
  return row;
}

type Consigner = Awaited<ReturnType<typeof consigner>>;
const item = (c: Consigner, over: Parameters<typeof makeItem>[2] = {}) => makeItem(t, refs, { consignerId: c.id, ...over });

async function mailsTo(c: Pick<Consigner, 'email'>) {
  return t.ctx.db
    .select()
    .from(s.outbox)
    .where(and(eq(s.outbox.storeId, refs.store.id), eq(s.outbox.to, c.email)))
    .orderBy(asc(s.outbox.createdAt));
}

async function setStoreText(emailMsgs: Record<string, string> | null, marketplaceEmailMsgs: Record<string, string> | null = null) {
  await t.ctx.db.update(s.stores).set({ emailMsgs, marketplaceEmailMsgs }).where(eq(s.stores.id, refs.store.id));
}

describe('onInventoryAccept', () => {
  it('e-mails the consigner once when staff accept their drop-off, with a link from configuration', async () => {
    const c = await consigner();
    const pending = await item(c, { status: 'Pending', location: 'Downtown', acceptedOn: null });
    // a forged Host header must not reach the link
    const res = await post('/api/inventories/acceptInventory', { ids: [pending.id], location: 'Downtown' }, owner, { 'x-forwarded-host': 'evil.test' });
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(c);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`${refs.store.name}: an item of yours accepted and for sale`);
    expect(mails[0].text).toContain(`Hi ${c.firstName},`);
    expect(mails[0].text).toContain(`(${pending.code}): price $100.00`);
    expect(mails[0].text).toContain(`${t.ctx.config.appUrl}/inventory`);
    expect(mails[0].text).not.toContain('evil.test');
    expect(mails[0].html).toBeNull();
  });

  it("uses the store's own text for the event when set", async () => {
    await setStoreText({ onInventoryAccept: 'Welcome aboard! Your <b>things</b> are on the floor.' });
    const c = await consigner();
    const pending = await item(c, { status: 'Pending', location: 'Downtown', acceptedOn: null });
    expect((await post('/api/inventories/acceptInventory', { ids: [pending.id], location: 'Downtown' })).statusCode).toBe(200);
    const [mail] = await mailsTo(c);
    expect(mail.text).toContain('Welcome aboard! Your <b>things</b> are on the floor.');
    expect(mail.text).not.toContain('checked in your drop-off');
    expect(mail.html).toBeNull();
  });

  it('makes one e-mail per consigner for an accept of several items, listing them all', async () => {
    const [a, b] = [await consigner(), await consigner()];
    const items = [await item(a, { status: 'Pending', acceptedOn: null }), await item(a, { status: 'Pending', acceptedOn: null }), await item(a, { status: 'Pending', acceptedOn: null }), await item(b, { status: 'Pending', acceptedOn: null })];
    const res = await post('/api/inventories/acceptInventory', { ids: items.map((i) => i.id), location: 'Downtown' });
    expect(res.statusCode).toBe(200);
    const [mailsA, mailsB] = [await mailsTo(a), await mailsTo(b)];
    expect(mailsA).toHaveLength(1);
    expect(mailsA[0].subject).toContain('3 items of yours accepted');
    for (const i of items.slice(0, 3)) expect(mailsA[0].text).toContain(`(${i.code})`);
    expect(mailsA[0].text).not.toContain(`(${items[3].code})`);
    expect(mailsB).toHaveLength(1);
    expect(mailsB[0].text).toContain(`(${items[3].code})`);
  });

  it('makes one e-mail per consigner for a bulk accept job whose items span several chunks', async () => {
    const a = await consigner();
    const b = await consigner();
    const mine = [];
    for (let i = 0; i < 105; i += 1) mine.push(await item(a, { status: 'Pending', acceptedOn: null }));
    const theirs = await item(b, { status: 'Pending', acceptedOn: null });
    const refused = await item(a, { status: 'Sold' });
    const res = await post('/api/inventories/bulkAcceptInventory', { ids: [...mine.map((i) => i.id), theirs.id, refused.id], location: 'Downtown' });
    expect(res.statusCode).toBe(202);
    const job = await waitForJob(t, owner, json<{ data: { jobId: string } }>(res).data.jobId, 60_000);
    expect(job).toMatchObject({ status: 'completed', done: 106, failed: 1 });
    const mailsA = await mailsTo(a);
    expect(mailsA).toHaveLength(1);
    expect(mailsA[0].subject).toContain('105 items of yours accepted');
    for (const i of [mine[0], mine[99], mine[104]]) expect(mailsA[0].text).toContain(`(${i.code})`);
    expect(mailsA[0].text).not.toContain(`(${refused.code})`);
    expect(await mailsTo(b)).toHaveLength(1);
  }, 90_000);

  it("e-mails when staff accept a request to sell (bring it in), to the consigner's drop-offs", async () => {
    const c = await consigner();
    const requested = await item(c, { status: 'Requested', acceptedOn: null, location: null });
    expect((await post('/api/inventories/acceptRequestToSell', { ids: [requested.id], location: 'Downtown' })).statusCode).toBe(200);
    const [mail] = await mailsTo(c);
    expect(mail.subject).toContain('your drop-off request for an item was accepted');
    expect(mail.text).toContain('Please bring them to the store');
    expect(mail.text).toContain(`${t.ctx.config.appUrl}/dropoffPending`);
  });

  it('sends nothing with the master flag off, or with onInventoryAccept off', async () => {
    for (const c of [await consigner({ emailNotifications: false }), await consigner({ settings: { onInventoryAccept: false } })]) {
      const pending = await item(c, { status: 'Pending', acceptedOn: null });
      expect((await post('/api/inventories/acceptInventory', { ids: [pending.id], location: 'Downtown' })).statusCode).toBe(200);
      expect((await itemRow(t, pending.id))?.status).toBe('Active');
      expect(await mailsTo(c)).toHaveLength(0);
    }
  });

  it('never e-mails an archived consigner, a store account or one without a usable address', async () => {
    for (const c of [await consigner({ archived: true }), await consigner({ storeAccount: true }), await consigner({ email: 'no-address' })]) {
      const pending = await item(c, { status: 'Pending', acceptedOn: null });
      expect((await post('/api/inventories/acceptInventory', { ids: [pending.id], location: 'Downtown' })).statusCode).toBe(200);
      expect(await mailsTo(c)).toHaveLength(0);
    }
  });

  it('writes no e-mail when the change fails (one refused item refuses the accept)', async () => {
    const c = await consigner();
    const pending = await item(c, { status: 'Pending', acceptedOn: null });
    const sold = await item(c, { status: 'Sold' });
    const res = await post('/api/inventories/acceptInventory', { ids: [pending.id, sold.id], location: 'Downtown' });
    expect(res.statusCode).toBe(409);
    expect((await itemRow(t, pending.id))?.status).toBe('Pending');
    expect(await mailsTo(c)).toHaveLength(0);
  });
});

describe('onPriceAcceptOrDecline and onWithdrawAcceptOrDecline', () => {
  it("e-mails the consigner when staff accept or decline their price change, with the store's text", async () => {
    await setStoreText({ onPriceAcceptOrDecline: 'About your price.' });
    const c = await consigner();
    const up = await item(c, { status: 'RequestPriceChange', requestedPrice: 15000 });
    const down = await item(c, { status: 'RequestPriceChange', requestedPrice: 5000 });
    expect((await post('/api/inventories/acceptInventoryPrice', { id: up.id })).statusCode).toBe(200);
    expect((await post('/api/inventories/declineInventoryPrice', { id: down.id })).statusCode).toBe(200);
    const mails = await mailsTo(c);
    expect(mails.map((m) => m.subject)).toEqual([`${refs.store.name}: price change accepted for an item`, `${refs.store.name}: price change declined for an item`]);
    expect(mails[0].text).toContain(`(${up.code}): new price $150.00`);
    expect(mails[1].text).toContain(`(${down.code}): price stays $100.00`);
    for (const m of mails) expect(m.text).toContain('About your price.');
  });

  it('e-mails the consigner when staff accept or decline their withdrawal request', async () => {
    const c = await consigner();
    const one = await item(c, { status: 'RequestWithdrawal' });
    const two = await item(c, { status: 'RequestWithdrawal' });
    expect((await post('/api/inventories/acceptInventoryWithdrawal', { id: one.id })).statusCode).toBe(200);
    expect((await post('/api/inventories/declineInventoryWithdrawal', { id: two.id })).statusCode).toBe(200);
    const mails = await mailsTo(c);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('accepted your withdrawal request');
    expect(mails[0].text).toContain(`(${one.code})`);
    expect(mails[1].text).toContain('declined your withdrawal request');
    expect(mails[1].text).toContain(`(${two.code})`);
  });

  it('sends nothing when the preference is off, or the master flag', async () => {
    const noPrice = await consigner({ settings: { onPriceAcceptOrDecline: false } });
    const noWithdraw = await consigner({ settings: { onWithdrawAcceptOrDecline: false } });
    const off = await consigner({ emailNotifications: false });
    expect((await post('/api/inventories/acceptInventoryPrice', { id: (await item(noPrice, { status: 'RequestPriceChange', requestedPrice: 9000 })).id })).statusCode).toBe(200);
    expect((await post('/api/inventories/declineInventoryWithdrawal', { id: (await item(noWithdraw, { status: 'RequestWithdrawal' })).id })).statusCode).toBe(200);
    expect((await post('/api/inventories/acceptInventoryWithdrawal', { id: (await item(off, { status: 'RequestWithdrawal' })).id })).statusCode).toBe(200);
    for (const c of [noPrice, noWithdraw, off]) expect(await mailsTo(c)).toHaveLength(0);
    // the other preferences still send
    expect((await post('/api/inventories/acceptInventoryWithdrawal', { id: (await item(noPrice, { status: 'RequestWithdrawal' })).id })).statusCode).toBe(200);
    expect(await mailsTo(noPrice)).toHaveLength(1);
  });

  it("does not e-mail for the consigner's own requests", async () => {
    // a consigner's request is theirs: only staff's answers are notified
    const [avaRow] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.email, DEMO.ava));
    const before = (await mailsTo(avaRow)).length;
    const active = await makeItem(t, refs, { who: 'ava' });
    expect((await post('/api/inventories/requestPriceChange', { id: active.id, requestedPrice: 120 }, ava)).statusCode).toBe(200);
    expect(await mailsTo(avaRow)).toHaveLength(before);
  });
});

describe('onProductSold', () => {
  const sell = (ids: string[]) => post('/api/sales', { lines: ids.map((inventoryId) => ({ inventoryId })), paymentMethod: 'cash' });

  it('e-mails each consigner once per sale, listing their items sold', async () => {
    const [a, b] = [await consigner(), await consigner()];
    const items = [await item(a, { price: 12000, payout: 9000 }), await item(a), await item(b)];
    expect((await sell(items.map((i) => i.id))).statusCode).toBe(201);
    const mailsA = await mailsTo(a);
    expect(mailsA).toHaveLength(1);
    expect(mailsA[0].subject).toBe(`${refs.store.name}: you sold 2 items`);
    expect(mailsA[0].text).toContain(`(${items[0].code}): sold for $120.00, your payout $90.00`);
    expect(mailsA[0].text).toContain(`(${items[1].code})`);
    expect(await mailsTo(b)).toHaveLength(1);
  });

  it("uses the marketplace text for items at ONLINE MARKETPLACE, else the store's", async () => {
    await setStoreText({ onProductSold: 'Sold in the shop.' }, { onProductSold: 'Sold online.' });
    const c = await consigner();
    await sell([(await item(c, { location: ONLINE_MARKETPLACE })).id]);
    await sell([(await item(c, { location: 'Downtown' })).id]);
    const mails = await mailsTo(c);
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('Sold online.');
    expect(mails[1].text).toContain('Sold in the shop.');
  });

  it('sends nothing with onProductSold off or the master flag off, and nothing for a refused sale', async () => {
    const off = await consigner({ settings: { onProductSold: false } });
    const master = await consigner({ emailNotifications: false });
    expect((await sell([(await item(off)).id, (await item(master)).id])).statusCode).toBe(201);
    expect(await mailsTo(off)).toHaveLength(0);
    expect(await mailsTo(master)).toHaveLength(0);

    const c = await consigner();
    const ok = await item(c);
    const pending = await item(c, { status: 'Pending', acceptedOn: null });
    expect((await sell([ok.id, pending.id])).statusCode).toBe(409);
    expect((await itemRow(t, ok.id))?.status).toBe('Active');
    expect(await mailsTo(c)).toHaveLength(0);
  });
});

describe('onProductSold for a pending order', () => {
  it('e-mails when the order is paid, not when its items are held', async () => {
    const c = await consigner();
    const held = await item(c);
    const by = { id: null, name: 'Shopify' };
    const { order } = await recordSale(t.ctx, refs.store, by, { source: 'shopify', externalId: `SH-${held.id}`, financialStatus: 'pending', lines: [{ inventoryId: held.id }] });
    expect(await mailsTo(c)).toHaveLength(0);
    await markOrderPaid(t.ctx, refs.store, by, order.id);
    const mails = await mailsTo(c);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`(${held.code})`);
    await markOrderPaid(t.ctx, refs.store, by, order.id); // paid already: nothing more
    expect(await mailsTo(c)).toHaveLength(1);
  });
});

describe('onProductSold from an order import', () => {
  it('makes one e-mail per consigner for a whole import, whatever the number of orders', async () => {
    await integrationsRepository.upsert(t.ctx.db, refs.store.id, 'linnworks', { enabled: true, secret: encryptSecret(t.ctx.config.authSecret, CREDENTIALS) });
    const c = await consigner();
    const off = await consigner({ settings: { onProductSold: false } });
    const items = [await item(c), await item(c), await item(c), await item(off)];
    linnworks.state.open.push(...items.map((i) => fakeOrder({ lines: [{ SKU: i.code, Title: 'Online sale', PricePerUnit: 100 }] })));
    const res = await post('/api/orders/linnworkOrders', undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { imported: number } }>(res).data.imported).toBe(4);
    const mails = await mailsTo(c);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`${refs.store.name}: you sold 3 items`);
    for (const i of items.slice(0, 3)) expect(mails[0].text).toContain(`(${i.code})`);
    expect(await mailsTo(off)).toHaveLength(0);
  });
});

describe('onPayout', () => {
  async function soldItem(c: Consigner, total: number) {
    const it = await item(c, { status: 'Sold', price: total + 1000, payout: total, payoutFee: 1000, total, soldOn: new Date(), ledger: false });
    await ledgerRepository.append(t.ctx.db, [
      { storeId: refs.store.id, consignerId: c.id, kind: 'sale', amount: total + 1000, inventoryId: it.id },
      { storeId: refs.store.id, consignerId: c.id, kind: 'fee', amount: -1000, inventoryId: it.id },
    ]);
    return it;
  }
  const pay = async (ids: string[]) => json<{ data: { id: string; name: string } }>(await post('/api/payouts/pay', { inventoriesToPay: ids, consignersAndInventories: [] })).data;

  it('e-mails each consigner once when their share is marked paid, with the amount', async () => {
    await setStoreText({ onPayout: 'Thank you for consigning with us.' });
    const [a, b] = [await consigner(), await consigner()];
    const items = [await soldItem(a, 5000), await soldItem(a, 2500), await soldItem(b, 1000)];
    const payout = await pay(items.map((i) => i.id));
    expect(await mailsTo(a)).toHaveLength(0); // made, not paid yet
    expect((await post(`/api/payouts/paid/${payout.id}`, {})).statusCode).toBe(200);
    const [mail] = await mailsTo(a);
    expect(mail.subject).toBe(`${refs.store.name}: you have been paid`);
    expect(mail.text).toContain(`Payout ${payout.name}: $75.00 for 2 items`);
    expect(mail.text).toContain('Thank you for consigning with us.');
    expect(mail.text).toContain(`(${items[0].code}): $50.00`);
    expect(mail.text).toContain(`${t.ctx.config.appUrl}/payouts`);
    expect(await mailsTo(a)).toHaveLength(1);
    const [mailB] = await mailsTo(b);
    expect(mailB.text).toContain(`Payout ${payout.name}: $10.00 for an item`);
  });

  it('sends nothing with onPayout off or the master flag off', async () => {
    const off = await consigner({ settings: { onPayout: false } });
    const master = await consigner({ emailNotifications: false });
    const payout = await pay([(await soldItem(off, 1000)).id, (await soldItem(master, 1000)).id]);
    expect((await post(`/api/payouts/paid/${payout.id}`, {})).statusCode).toBe(200);
    expect(await mailsTo(off)).toHaveLength(0);
    expect(await mailsTo(master)).toHaveLength(0);
  });

  it('e-mails when an automated payout is confirmed (the payout job settles through settleConfirmedShares)', async () => {
    const c = await consigner();
    const payout = await pay([(await soldItem(c, 4000)).id]);
    const notifier = consignerNotifier(t.ctx, refs.store.id);
    await t.ctx.db.transaction((tx) => settleConfirmedShares(tx, refs.store.id, payout.id, [c.id], { id: '', name: 'Automated payout' }, notifier));
    await notifier.deliver();
    const mails = await mailsTo(c);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Payout ${payout.name}: $40.00`);
    // confirmed again: settled once, e-mailed once
    await t.ctx.db.transaction((tx) => settleConfirmedShares(tx, refs.store.id, payout.id, [c.id], { id: '', name: 'Automated payout' }, notifier));
    expect(await mailsTo(c)).toHaveLength(1);
  });

  it('writes no e-mail when the settling transaction rolls back', async () => {
    const c = await consigner();
    const payout = await pay([(await soldItem(c, 3000)).id]);
    const notifier = consignerNotifier(t.ctx, refs.store.id);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await settleConfirmedShares(tx, refs.store.id, payout.id, [c.id], { id: '', name: 'Automated payout' }, notifier);
        throw new Error('the provider answer could not be recorded');
      }),
    ).rejects.toThrow('could not be recorded');
    await notifier.deliver();
    expect(await mailsTo(c)).toHaveLength(0);
  });
});
