// The consigner portal's Payout page and Settings (docs/consigner-portal.md): a consigner's own payouts (their share,
// the Paid and Ready to Pay tabs, the date range) and their own record (profile, notifications, bank
// details read-only once submitted, staff-only fields refused).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { identity, otherStore, PASSWORD, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';
import { demoRefs, makeItem, type DemoRefs } from './inventory-fixtures.ts';

vi.mock('../src/modules/payouts/automated/auto-payout.ts', () => ({ startAutoPayout: async () => undefined }));

type ConsignerPayout = { id: string; name: string; status: string; statusLabel: string; shareStatus: string; total: number; itemCount: number; createdAt: string; inventories: { id: string; consignerId: string }[] };
type PayoutPage = { rows: ConsignerPayout[]; total: number };
type BuyingPage = { rows: { id: string; total: number; payoutId: string | null; payoutName: string | null; acceptedOn: string }[]; total: number; amount: number };
type Consigner = {
  id: string;
  firstName: string;
  phone: string;
  email: string;
  isActive: boolean;
  acceptedTOS: boolean;
  chargeTax: boolean;
  accountType: string | null;
  marketplaceLocation: boolean;
  emailNotifications: boolean;
  notificationSettings: Record<string, boolean>;
  payoutType: string | null;
  bankData?: { accountName: string | null; ibanNumber: string | null; email: string | null };
  bankDataSubmitted: boolean;
  canEditBankData: boolean;
};

let t: TestApp;
let refs: DemoRefs;
let owner: string;
let marco: string;
let other: Awaited<ReturnType<typeof otherStore>>;

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
  [owner, marco] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.marco)]);
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (url: string, token: string, host?: string) => t.request({ method: 'GET', url, token, host });
const post = (url: string, token: string, body?: unknown) => t.request({ method: 'POST', url, token, body });
const put = (url: string, token: string, body: unknown, host?: string) => t.request({ method: 'PUT', url, token, body, host });

let serial = 0;
/** A fresh consigner of the demo store with a sign-in account, signed in; bank details only when given. */
async function signedInConsigner(bank?: { payoutType: string; bankData: Record<string, string> }) {
  serial += 1;
  const email = `portal${serial}-${crypto.randomBytes(3).toString('hex')}@money.test`;
  const userId = await identity(t, email);
  const [row] = await t.ctx.db
    .insert(s.consigners)
    .values({
      storeId: refs.store.id,
      firstName: `Portal${serial}`,
      lastName: 'Money',
      email,
      phone: '+1 555 0100',
      address: '1 Main Street',
      isActive: true,
      acceptedTOS: true,
      fbUserId: userId,
      payoutType: bank?.payoutType ?? null,
      bankData: bank?.bankData ?? null,
    })
    .returning();
  return { row, token: await t.signIn(email, PASSWORD) };
}

/** A sold item of the consigner owed `total` minor units. */
const sold = (consignerId: string, total: number) =>
  makeItem(t, refs, { status: 'Sold', consignerId, price: total + 1000, payout: total, payoutFee: 1000, total, soldOn: new Date('2026-10-20T10:00:00Z') });
/** An item the store bought from the consigner and accepted on `acceptedOn`, owed `total` minor units. */
const bought = (consignerId: string, total: number, acceptedOn: Date) =>
  makeItem(t, refs, { status: 'Active', consignerId, price: total, payout: total, payoutFee: 0, total, buyingId: crypto.randomUUID(), paymentType: 'cash', acceptedOn });

async function payout(ids: string[]) {
  const res = await post('/api/payouts/pay', owner, { inventoriesToPay: ids, consignersAndInventories: [] });
  expect(res.statusCode).toBe(201);
  return json<{ data: { id: string; name: string; status: string } }>(res).data;
}
const markPaid = async (payoutId: string, consignerIds: string[] = []) =>
  expect((await post(`/api/payouts/paid/${payoutId}`, owner, { consignersInventoryToBeMarkedAsPaid: consignerIds })).statusCode).toBe(200);
const payouts = async (consignerId: string, token: string, query = '') => json<{ data: PayoutPage }>(await get(`/api/payouts/consigner/${consignerId}${query}`, token)).data;
const buying = async (consignerId: string, token: string, query = '') => json<{ data: BuyingPage }>(await get(`/api/payouts/consigner/${consignerId}/buying${query}`, token)).data;

describe('GET /api/payouts/consigner/{id} for the portal', () => {
  let me: Awaited<ReturnType<typeof signedInConsigner>>;
  let neighbour: Awaited<ReturnType<typeof signedInConsigner>>;
  let shared: { id: string; name: string };
  let pending: { id: string; name: string };

  beforeAll(async () => {
    [me, neighbour] = [await signedInConsigner(), await signedInConsigner()];
    // one payout with both consigners: only mine is marked paid, so the payout itself stays Pending
    const [a1, a2, b1] = [await sold(me.row.id, 12_345), await sold(me.row.id, 5_000), await sold(neighbour.row.id, 99_900)];
    shared = await payout([a1.id, a2.id, b1.id]);
    await markPaid(shared.id, [me.row.id]);
    // a second one of mine, not paid yet
    pending = await payout([(await sold(me.row.id, 700)).id]);
  });

  it('answers a consigner their own share only: their items and total, never the other consigner’s', async () => {
    const page = await payouts(me.row.id, me.token);
    expect(page.total).toBe(2);
    const row = page.rows.find((r) => r.id === shared.id)!;
    expect(row).toMatchObject({ name: shared.name, status: 'Pending', shareStatus: 'Paid', total: 173.45, itemCount: 2 });
    expect(row.inventories.every((i) => i.consignerId === me.row.id)).toBe(true);
    expect(row.inventories).toHaveLength(2);
    const theirs = (await payouts(neighbour.row.id, neighbour.token)).rows.find((r) => r.id === shared.id)!;
    expect(theirs).toMatchObject({ shareStatus: 'Pending', total: 999 });
  });

  it('answers 404 for another consigner’s id and 403 at another store', async () => {
    const res = await get(`/api/payouts/consigner/${neighbour.row.id}`, me.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(neighbour.row.email);
    expect((await get(`/api/payouts/consigner/${refs.consigner.ava.id}/buying`, me.token)).statusCode).toBe(404);
    expect((await get(`/api/payouts/consigner/${me.row.id}`, me.token, other.host)).statusCode).toBe(403);
    expect((await get(`/api/payouts/consigner/${me.row.id}/buying`, me.token, other.host)).statusCode).toBe(403);
    // staff of the other store asking for this store's consigner: not found there
    expect((await get(`/api/payouts/consigner/${me.row.id}`, other.token, other.host)).statusCode).toBe(404);
  });

  it('filters by the share’s status: the Paid tab shows a share paid inside a payout still Pending', async () => {
    expect((await payouts(me.row.id, me.token, '?shareStatus=Paid')).rows.map((r) => r.id)).toEqual([shared.id]);
    expect((await payouts(me.row.id, me.token, '?shareStatus=Pending')).rows.map((r) => r.id)).toEqual([pending.id]);
    expect((await payouts(me.row.id, me.token, '?shareStatus=Failed')).total).toBe(0);
    expect((await payouts(neighbour.row.id, neighbour.token, '?shareStatus=Paid')).total).toBe(0);
    // the payout's own status is still a filter of its own
    expect((await payouts(me.row.id, me.token, '?status=Paid')).total).toBe(0);
    await markPaid(pending.id);
    expect((await payouts(me.row.id, me.token, '?shareStatus=Paid')).rows.map((r) => r.id).sort()).toEqual([shared.id, pending.id].sort());
    expect((await payouts(me.row.id, me.token, '?status=Paid')).rows.map((r) => r.id)).toEqual([pending.id]);
  });

  it('bounds the payouts by their date, a calendar end date counting its whole day', async () => {
    const [{ createdAt }] = await t.ctx.db.select({ createdAt: s.payouts.createdAt }).from(s.payouts).where(eq(s.payouts.id, shared.id));
    const day = createdAt.toISOString().slice(0, 10);
    const next = new Date(createdAt.getTime() + 86_400_000).toISOString().slice(0, 10);
    const before = new Date(createdAt.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect((await payouts(me.row.id, me.token, `?dateRangeStart=${day}&dateRangeEnd=${day}`)).total).toBe(2);
    expect((await payouts(me.row.id, me.token, `?dateRangeStart=${next}`)).total).toBe(0);
    expect((await payouts(me.row.id, me.token, `?dateRangeEnd=${before}`)).total).toBe(0);
    expect((await payouts(me.row.id, me.token, `?dateRangeStart=${before}&dateRangeEnd=${next}&shareStatus=Paid`)).total).toBe(2);
  });

  it('refuses bad input with 400 and a message', async () => {
    for (const q of ['?dateRangeStart=not-a-date', '?dateRangeEnd=2026-13-45', '?shareStatus=Buying', '?status=Sold', '?pageSize=7', '?dateRangeStart=2026-11-02&dateRangeEnd=2026-11-01']) {
      const res = await get(`/api/payouts/consigner/${me.row.id}${q}`, me.token);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).error, q).toBeTruthy();
    }
    expect(json(await get(`/api/payouts/consigner/${me.row.id}?dateRangeStart=2026-11-02&dateRangeEnd=2026-11-01`, me.token)).error).toBe('The start date must be on or before the end date');
    expect((await get(`/api/payouts/consigner/${me.row.id}/buying?dateRangeStart=yesterday`, me.token)).statusCode).toBe(400);
    expect((await get('/api/payouts/consigner/not-an-id', me.token)).statusCode).toBe(400);
  });
});

describe('GET /api/payouts/consigner/{id}/buying: Ready to Pay', () => {
  it('lists the items the store bought from the consigner until their payout is paid, with the amount owed', async () => {
    const me = await signedInConsigner();
    const early = await bought(me.row.id, 40_000, new Date('2026-09-01T12:00:00Z'));
    const late = await bought(me.row.id, 2_550, new Date('2026-10-05T12:00:00Z'));
    await sold(me.row.id, 1_000); // a consignment sale is not a buying item
    await makeItem(t, refs, { status: 'Buying', consignerId: me.row.id, buyingId: crypto.randomUUID(), acceptedOn: null }); // offered, not yet taken in

    let page = await buying(me.row.id, me.token);
    expect(page.rows.map((r) => r.id)).toEqual([late.id, early.id]);
    expect(page).toMatchObject({ total: 2, amount: 425.5 });
    expect(page.rows[0]).toMatchObject({ total: 25.5, payoutId: null, payoutName: null });

    // in a Buying payout, not yet paid: still owed, with the payout's name
    const made = await payout([early.id]);
    expect(made.status).toBe('Buying');
    page = await buying(me.row.id, me.token);
    expect(page.rows.find((r) => r.id === early.id)).toMatchObject({ payoutId: made.id, payoutName: made.name, total: 400 });

    // date range on the acceptance date
    expect((await buying(me.row.id, me.token, '?dateRangeStart=2026-10-01&dateRangeEnd=2026-10-05')).rows.map((r) => r.id)).toEqual([late.id]);
    expect((await buying(me.row.id, me.token, '?dateRangeEnd=2026-09-01')).rows.map((r) => r.id)).toEqual([early.id]);

    // paid: gone from Ready to Pay, on the Paid tab
    await markPaid(made.id);
    page = await buying(me.row.id, me.token);
    expect(page.rows.map((r) => r.id)).toEqual([late.id]);
    expect((await payouts(me.row.id, me.token, '?shareStatus=Paid')).rows.map((r) => r.id)).toEqual([made.id]);

    // another consigner's bought items never show
    expect((await buying(refs.consigner.marco.id, marco)).rows.some((r) => r.id === late.id)).toBe(false);
    // staff with Orders see it too
    expect((await buying(me.row.id, owner)).total).toBe(1);
  });
});

describe('GET and PUT /api/consigners/{id} for the portal settings', () => {
  const iban = { payoutType: 'Bank', bankData: { routingType: 'ibanNumber', accountName: 'Sam Bank', ibanNumber: 'GB33BUKB20201555555555' } };

  it('answers a consigner their own record with bank details, and 404 for another consigner', async () => {
    const me = await signedInConsigner(iban);
    const mine = json<{ data: Consigner }>(await get(`/api/consigners/${me.row.id}`, me.token)).data;
    expect(mine).toMatchObject({ id: me.row.id, bankDataSubmitted: true, canEditBankData: false, bankData: { ibanNumber: 'GB33BUKB20201555555555' } });
    const res = await get(`/api/consigners/${refs.consigner.ava.id}`, me.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Ava');
    expect((await put(`/api/consigners/${refs.consigner.ava.id}`, me.token, { phone: '+1 555 0111' })).statusCode).toBe(404);
    expect((await get(`/api/consigners/${me.row.id}`, me.token, other.host)).statusCode).toBe(403);
  });

  it('saves the profile and the notification preferences, and reads them back', async () => {
    const me = await signedInConsigner();
    const res = await put(`/api/consigners/${me.row.id}`, me.token, {
      firstName: 'Samira',
      lastName: 'Okafor',
      phone: '+44 20 7946 0000',
      address: '2 Side Street',
      emailNotifications: false,
      notificationSettings: { onPayout: false, onProductSold: true, onInventoryAccept: false, onPriceAcceptOrDecline: true, onWithdrawAcceptOrDecline: false },
    });
    expect(res.statusCode).toBe(200);
    const back = json<{ data: Consigner }>(await get(`/api/consigners/${me.row.id}`, me.token)).data;
    expect(back).toMatchObject({ firstName: 'Samira', phone: '+44 20 7946 0000', emailNotifications: false });
    expect(back.notificationSettings).toEqual({ onPayout: false, onProductSold: true, onInventoryAccept: false, onPriceAcceptOrDecline: true, onWithdrawAcceptOrDecline: false, onConsignmentEnding: true });
    // one preference alone changes that one
    await put(`/api/consigners/${me.row.id}`, me.token, { emailNotifications: true, notificationSettings: { onPayout: true } });
    const again = json<{ data: Consigner }>(await get(`/api/consigners/${me.row.id}`, me.token)).data;
    expect(again.emailNotifications).toBe(true);
    expect(again.notificationSettings).toMatchObject({ onPayout: true, onInventoryAccept: false, onWithdrawAcceptOrDecline: false });
    // bad input: 400 with the schema's message, nothing written
    const bad = await put(`/api/consigners/${me.row.id}`, me.token, { phone: '12', firstName: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('Please enter a phone number including the area code');
    expect((await put(`/api/consigners/${me.row.id}`, me.token, { notificationSettings: { onPayout: 'yes' } })).statusCode).toBe(400);
    expect(json<{ data: Consigner }>(await get(`/api/consigners/${me.row.id}`, me.token)).data.firstName).toBe('Samira');
  });

  it('refuses the staff-only fields when they would change (403, nothing written), accepts them unchanged', async () => {
    const me = await signedInConsigner();
    const refused: Record<string, unknown>[] = [
      { isActive: false },
      { acceptedTOS: false },
      { accountType: 'VIP' },
      { consignerTypeId: crypto.randomUUID() },
      { chargeTax: true },
      { marketplaceLocation: true },
      { isRecalculateInventoryPayout: true },
    ];
    for (const body of refused) {
      const res = await put(`/api/consigners/${me.row.id}`, me.token, { ...body, firstName: 'Changed' });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(json(res).error, JSON.stringify(body)).toMatch(/^Only store staff can change /);
    }
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, me.row.id));
    expect(row).toMatchObject({ firstName: me.row.firstName, isActive: true, acceptedTOS: true, accountType: null, chargeTax: false, marketplaceLocation: false });
    // the whole record sent back unchanged (a form sending everything) is fine
    const ok = await put(`/api/consigners/${me.row.id}`, me.token, { isActive: true, acceptedTOS: true, chargeTax: false, marketplaceLocation: false, firstName: 'Kept' });
    expect(ok.statusCode).toBe(200);
    expect(json<{ data: { consigner: Consigner } }>(ok).data.consigner.firstName).toBe('Kept');
  });

  it('keeps the e-mail of a consigner with a sign-in account (409), the address being their sign-in', async () => {
    const me = await signedInConsigner();
    const res = await put(`/api/consigners/${me.row.id}`, me.token, { email: 'elsewhere@money.test' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('The e-mail of a consigner with a sign-in account cannot be changed here');
    // the same address (any case) is no change
    expect((await put(`/api/consigners/${me.row.id}`, me.token, { email: me.row.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('takes bank details once, then refuses a change with a clear message and writes nothing', async () => {
    const me = await signedInConsigner();
    const before = json<{ data: Consigner }>(await get(`/api/consigners/${me.row.id}`, me.token)).data;
    expect(before).toMatchObject({ bankDataSubmitted: false, canEditBankData: true });
    // the store's bank rules apply to the first submission
    const incomplete = await put(`/api/consigners/${me.row.id}`, me.token, { payoutType: 'Bank', bankData: { routingType: 'ibanNumber', accountName: 'Sam Bank' } });
    expect(incomplete.statusCode).toBe(400);
    expect(json(incomplete).error).toBe('IBAN number is required');

    expect((await put(`/api/consigners/${me.row.id}`, me.token, iban)).statusCode).toBe(200);
    const submitted = json<{ data: Consigner }>(await get(`/api/consigners/${me.row.id}`, me.token)).data;
    expect(submitted).toMatchObject({ bankDataSubmitted: true, canEditBankData: false, payoutType: 'Bank' });

    const change = await put(`/api/consigners/${me.row.id}`, me.token, { phone: '+1 555 0199', payoutType: 'Bank', bankData: { ...iban.bankData, ibanNumber: 'DE89370400440532013000' } });
    expect(change.statusCode).toBe(403);
    expect(json(change).error).toBe('Bank information cannot be changed after submission. Contact the store to change it.');
    expect((await put(`/api/consigners/${me.row.id}`, me.token, { payoutType: 'PayPal', bankData: { email: 'me@paypal.test' } })).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.id, me.row.id));
    expect(row.phone).toBe('+1 555 0100');
    expect(row.payoutType).toBe('Bank');
    expect((row.bankData as { ibanNumber: string }).ibanNumber).toBe('GB33BUKB20201555555555');
    // the same details sent again are no change (a form may send them back)
    expect((await put(`/api/consigners/${me.row.id}`, me.token, { ...iban, phone: '+1 555 0123' })).statusCode).toBe(200);
    const logs = await t.ctx.db.select().from(s.consignerBankLogs).where(eq(s.consignerBankLogs.consignerId, me.row.id));
    expect(logs).toHaveLength(1);
  });

  it('lets staff without Consigners access change nothing of a consigner', async () => {
    const me = await signedInConsigner();
    const clerk = await staff(t, refs.store.id, `clerk-${crypto.randomBytes(3).toString('hex')}@money.test`, { areas: ['Orders'] });
    expect((await put(`/api/consigners/${me.row.id}`, clerk, { phone: '+1 555 0177' })).statusCode).toBe(403);
  });
});
