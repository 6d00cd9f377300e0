// Store settings, the storefront resync and the store's usage ("Store settings"; people doc
// sections 2, 3, 5 and 7; docs/people.md "Store settings" and "Billing").
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_STATUSES, PEOPLE_MESSAGES, STORE_SETTINGS_MESSAGES } from '@backroom/domain';
import { storeLinkOrigin } from '../src/tenancy/origins.ts';
import * as s from '../src/db/schema/index.ts';
import { STOREFRONT_NOT_CONNECTED } from '../src/storefront/storefront.ts';
import { createSecondStore, demoStore, makePng, multipartBody, signInDemo, type SecondStore, type Tokens } from './catalogue-fixtures.ts';
import { createTestApp, DEMO, json, waitForJob, type TestApp } from './helpers.ts';

type Settings = {
  id: string;
  handle: string;
  name: string;
  logo: string | null;
  domain: string | null;
  consignerUrl: string | null;
  inStoreUrl: string | null;
  consignerCname: string | null;
  minApproval: number;
  maxApproval: number;
  warnAmount: number;
  upPrice: number;
  payoutFee: number;
  labelSize: { width: number; height: number };
  signupInfo: string[];
  emailMsgs: Record<string, string> | null;
  bankFields: string;
  previousHosts: { host: string; replacedBy: string | null; newHostSeenAt: string | null; expiresAt: string | null }[];
};
type Usage = {
  items: { total: number; byStatus: { status: string; count: number }[] };
  consigners: { total: number; active: number; storeAccounts: number };
  employees: { total: number; active: number; invitePending: number };
  images: { count: number; bytes: number };
  locations: number;
  products: number;
};

let t: TestApp;
let tokens: Tokens & { storeAccount: string };
let demoId: string;
let second: SecondStore;

beforeAll(async () => {
  t = await createTestApp();
  tokens = { ...(await signInDemo(t)), storeAccount: await t.signIn(DEMO.storeAccount) };
  demoId = (await demoStore(t)).id;
  second = await createSecondStore(t);
});
afterAll(async () => t.close());

const get = (id = demoId, token = tokens.owner, host?: string) => t.request({ method: 'GET', url: `/api/stores/${id}`, token, host });
const put = (body: unknown, opts: { id?: string; token?: string; host?: string } = {}) =>
  t.request({ method: 'PUT', url: `/api/stores/${opts.id ?? demoId}`, token: opts.token ?? tokens.owner, host: opts.host, body });
// what a new store (signed up without them) must give before its first save
// a redirect URL must be on APP_URL or a proven host (docs/security.md): the second store has none proven
const SECOND_REQUIRED = { get redirectURL() { return t.ctx.config.appUrl; }, shipInstructions: 'Ship to us', consignerUrl: 'consign.second.test', inStoreUrl: 'instore.second.test' };
const currentStore = async (host: string) => t.request({ method: 'GET', url: '/open/stores/current', host });

describe('GET /api/stores/{id}', () => {
  it('answers the whole editable store to staff with Settings: money in major units, no storefront secrets', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const store = json<{ data: Settings & Record<string, unknown> }>(res).data;
    expect(store).toMatchObject({ id: demoId, handle: 'demo', name: 'Backroom Demo', domain: 'demo.backroom.local', consignerUrl: 'consign.demo.backroom.local', minApproval: 20, maxApproval: 30, warnAmount: 10, payoutFee: 3, bankFields: 'routing', previousHosts: [] });
    for (const secret of ['shop', 'tenantId', 'accessToken', 'createdAt']) expect(store).not.toHaveProperty(secret);
  });

  it('refuses staff without Settings (403), consigners (403), and anyone without a session (401)', async () => {
    expect((await get(demoId, tokens.stock)).statusCode).toBe(403);
    expect(json(await get(demoId, tokens.stock)).error).toBe('You need Settings access for this');
    expect((await get(demoId, tokens.ava)).statusCode).toBe(403);
    expect((await get(demoId, tokens.storeAccount)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/stores/${demoId}` })).statusCode).toBe(401);
  });

  it("is not found for another store's id, whoever asks", async () => {
    expect((await get(second.id)).statusCode).toBe(404);
    expect((await get(demoId, second.token, second.host)).statusCode).toBe(404);
    expect((await get('not-a-store')).statusCode).toBe(404);
  });
});

describe('PUT /api/stores/{id}', () => {
  it('saves the settings: what the body leaves out keeps its value, money parsed exactly, the public store follows', async () => {
    const res = await put({ name: '  Backroom Demo Shop ', minApproval: '25.55', upPrice: 0.1, labelSize: { width: 62, height: 29 }, signupInfo: ['Email', 'Phone', 'Email'], emailMsgs: { onPayout: 'Thank you!', onProductSold: '' }, bankFields: 'local' });
    expect(res.statusCode).toBe(200);
    const saved = json<{ data: Settings }>(res).data;
    expect(saved).toMatchObject({ name: 'Backroom Demo Shop', minApproval: 25.55, maxApproval: 30, upPrice: 0.1, labelSize: { width: 62, height: 29 }, signupInfo: ['Email', 'Phone'], emailMsgs: { onPayout: 'Thank you!' }, bankFields: 'local' });
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, demoId));
    expect(row).toMatchObject({ minApproval: 2555, upPrice: 10, supportEmail: 'support@demo.backroom.test' });
    const pub = json<{ data: { name: string; bankFields: string } }>(await currentStore('localhost')).data;
    expect(pub).toMatchObject({ name: 'Backroom Demo Shop', bankFields: 'local' });
    // a GET answer goes back unchanged
    const again = await put(json<{ data: Settings }>(await get()).data);
    expect(again.statusCode).toBe(200);
    expect(json<{ data: Settings }>(again).data.minApproval).toBe(25.55);
    await put({ name: 'Backroom Demo', minApproval: 20, upPrice: 0, labelSize: { width: 57, height: 32 }, emailMsgs: null, bankFields: 'routing', signupInfo: ['Email', 'Full Name', 'Phone'] });
  });

  it.each([
    [{ name: '' }, PEOPLE_MESSAGES.nameRequired],
    [{ name: null }, PEOPLE_MESSAGES.nameRequired],
    [{ supportEmail: ' ' }, PEOPLE_MESSAGES.supportEmailRequired],
    [{ redirectURL: '' }, PEOPLE_MESSAGES.redirectUrlRequired],
    [{ consignerUrl: '' }, PEOPLE_MESSAGES.domainRequired],
    [{ inStoreUrl: null }, PEOPLE_MESSAGES.domainRequired],
    [{ currency: '' }, PEOPLE_MESSAGES.currencyRequired],
    [{ currency: 'DOGE' }, PEOPLE_MESSAGES.currencyRequired],
    [{ labelOptions: [] }, PEOPLE_MESSAGES.labelOptionRequired],
    [{ labelSize: { height: 30 } }, PEOPLE_MESSAGES.widthRequired],
    [{ labelSize: { width: 30, height: null } }, PEOPLE_MESSAGES.heightRequired],
    [{ signupInfo: [] }, STORE_SETTINGS_MESSAGES.signupInfoRequired],
    [{ payoutOptions: [] }, PEOPLE_MESSAGES.payoutOptionRequired],
    [{ shipInstructions: '   ' }, PEOPLE_MESSAGES.shipInstructionsRequired],
  ])('refuses %j with the spec message', async (body, message) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message });
  });

  it('asks for the consigner and in-store domains of a store that has none yet', async () => {
    const res = await put({ name: 'Shop second' }, { id: second.id, token: second.token, host: second.host });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(PEOPLE_MESSAGES.redirectUrlRequired);
    const withUrl = await put({ redirectURL: 'https://second.test', shipInstructions: 'Ship to us' }, { id: second.id, token: second.token, host: second.host });
    expect(json(withUrl).error).toBe(PEOPLE_MESSAGES.domainRequired);
  });

  it.each([
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ termsOfService: 'x'.repeat(20_001) }, 'Terms of service must be at most 20000 characters'],
    [{ name: 'Bad\u0000name' }, /not allowed/],
    [{ supportEmail: 'nobody' }, STORE_SETTINGS_MESSAGES.invalidSupportEmail],
    [{ redirectURL: 'javascript:alert(1)' }, STORE_SETTINGS_MESSAGES.invalidRedirectUrl],
    [{ logo: 'javascript:alert(1)' }, STORE_SETTINGS_MESSAGES.invalidLogo],
    [{ domain: 'not a domain' }, STORE_SETTINGS_MESSAGES.invalidDomain],
    [{ domain: '127.0.0.1' }, STORE_SETTINGS_MESSAGES.hostReserved('127.0.0.1')],
    [{ minApproval: 1e12 }, 'Min approval must be at most 10,000,000'],
    [{ warnAmount: -5 }, STORE_SETTINGS_MESSAGES.notNegative('Warn amount')],
    [{ payoutFee: 250 }, 'Payout fee must be at most 100%'],
    [{ labelSize: { width: 1e9, height: 30 } }, STORE_SETTINGS_MESSAGES.labelMm('Width')],
    [{ shopifyTrackingParams: Array.from({ length: 21 }, (_, i) => ({ param: `p${i}`, value: 'x' })) }, STORE_SETTINGS_MESSAGES.tooManyTrackingParams],
    [{ autoPreapproval: null }, /autoPreapproval/],
    [{ signupInfo: ['Email', 'Shoe size'] }, STORE_SETTINGS_MESSAGES.signupInfoRequired],
  ])('bounds %j', async (body, message) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(message);
  });

  it('keeps consignerCname, handle and maintenance mode read-only: unchanged values pass, changes are refused', async () => {
    await t.ctx.db.update(s.stores).set({ consignerCname: 'stores.backroom.example' }).where(eq(s.stores.id, demoId));
    expect((await put({ consignerCname: 'stores.backroom.example', handle: 'demo', maintenanceMode: false, id: demoId })).statusCode).toBe(200);
    for (const [body, what] of [
      [{ consignerCname: 'evil.example' }, 'The consigner CNAME'],
      [{ handle: 'other' }, 'The handle'],
      [{ maintenanceMode: true }, 'Maintenance mode'],
      [{ id: second.id }, 'The store id'],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toBe(STORE_SETTINGS_MESSAGES.readOnly(what));
    }
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, demoId));
    expect(row).toMatchObject({ consignerCname: 'stores.backroom.example', handle: 'demo', maintenanceMode: false });
  });

  it('refuses staff without Settings and consigners (403), and another store (404)', async () => {
    for (const token of [tokens.stock, tokens.ava, tokens.storeAccount]) expect((await put({ name: 'Hacked' }, { token })).statusCode).toBe(403);
    // the demo Admin cannot write the second store, nor its Admin the demo store: not found
    expect((await put({ name: 'Hacked' }, { id: second.id })).statusCode).toBe(404);
    expect((await put({ name: 'Hacked' }, { token: second.token, host: second.host })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, second.id));
    expect(row.name).toBe('Shop second');
  });

  it('refuses a domain another store answers on (409), for each of the three addresses', async () => {
    for (const field of ['domain', 'consignerUrl', 'inStoreUrl']) {
      const res = await put({ [field]: 'https://SECOND.test/' });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ error: STORE_SETTINGS_MESSAGES.hostTaken('second.test') });
    }
    // the second store cannot take the demo's consigner address either
    const res = await put({ ...SECOND_REQUIRED, domain: 'consign.demo.backroom.local' }, { id: second.id, token: second.token, host: second.host });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe(STORE_SETTINGS_MESSAGES.hostTaken('consign.demo.backroom.local'));
  });
});

describe('changing a domain', () => {
  it("keeps the store reachable at its old address until the new one has served it and the grace period passed; e-mail links follow the new one", async () => {
    // sign in at the old address first: the session must keep working there
    const oldHost = 'demo.backroom.local';
    const res = await put({ domain: 'shop.demo.example' });
    expect(res.statusCode).toBe(200);
    const saved = json<{ data: Settings }>(res).data;
    expect(saved.domain).toBe('shop.demo.example');
    expect(saved.previousHosts).toEqual([expect.objectContaining({ host: oldHost, replacedBy: 'shop.demo.example', newHostSeenAt: null, expiresAt: null })]);

    // the old address still serves the store, sign-in included (its origin is the store's own there)
    expect(json<{ data: { id: string } }>(await currentStore(oldHost)).data.id).toBe(demoId);
    const token = await t.signIn(DEMO.owner, undefined, oldHost);
    expect((await get(demoId, token, oldHost)).statusCode).toBe(200);
    // another store cannot take it while it answers
    expect((await put({ ...SECOND_REQUIRED, domain: oldHost }, { id: second.id, token: second.token, host: second.host })).statusCode).toBe(409);

    // links in e-mails come from the configuration: in production the new domain once it is proven,
    // until then the next proven host of the store (the seeded consigner address)
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, demoId));
    expect(row.provenHosts).not.toContain('shop.demo.example');
    expect(storeLinkOrigin({ env: 'production', appUrl: 'https://app.backroom.example' }, row)).toBe('https://consign.demo.backroom.local');
    const proven = { ...row, provenHosts: [...row.provenHosts, 'shop.demo.example'] };
    expect(storeLinkOrigin({ env: 'production', appUrl: 'https://app.backroom.example' }, proven)).toBe('https://shop.demo.example');
    expect(storeLinkOrigin({ env: 'production', appUrl: 'https://app.backroom.example' }, { ...proven, aliasHost: oldHost })).toBe('https://shop.demo.example');

    // the new address serves the store: the grace period starts
    expect(json<{ data: { id: string } }>(await currentStore('shop.demo.example')).data.id).toBe(demoId);
    const seen = json<{ data: Settings }>(await get()).data.previousHosts[0];
    expect(seen.newHostSeenAt).not.toBeNull();
    expect(new Date(seen.expiresAt!).getTime() - new Date(seen.newHostSeenAt!).getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(json<{ data: { id: string } }>(await currentStore(oldHost)).data.id).toBe(demoId);

    // 30 days later the old address no longer answers, and another store may take it
    await t.ctx.db.update(s.storeHostAliases).set({ newHostSeenAt: sql`now() - interval '31 days'` }).where(eq(s.storeHostAliases.host, oldHost));
    expect((await currentStore(oldHost)).statusCode).toBe(404);
    const taken = await put({ ...SECOND_REQUIRED, inStoreUrl: oldHost }, { id: second.id, token: second.token, host: second.host });
    expect(taken.statusCode).toBe(200);
    expect(json<{ data: { id: string } }>(await currentStore(oldHost)).data.id).toBe(second.id);
    expect(json<{ data: Settings }>(await get()).data.previousHosts).toEqual([]);
  });

  it('follows a second change before the first was reached, and drops an alias the store takes back', async () => {
    await put({ domain: 'one.demo.example' });
    await put({ domain: 'two.demo.example' });
    let hosts = json<{ data: Settings }>(await get()).data.previousHosts;
    expect(hosts.map((h) => [h.host, h.replacedBy])).toEqual([
      ['shop.demo.example', 'two.demo.example'],
      ['one.demo.example', 'two.demo.example'],
    ]);
    for (const h of ['shop.demo.example', 'one.demo.example', 'two.demo.example']) expect(json<{ data: { id: string } }>(await currentStore(h)).data.id).toBe(demoId);
    await put({ domain: 'shop.demo.example' });
    hosts = json<{ data: Settings }>(await get()).data.previousHosts;
    expect(hosts.map((h) => [h.host, h.replacedBy])).toEqual([
      ['one.demo.example', 'shop.demo.example'],
      ['two.demo.example', 'shop.demo.example'],
    ]);
  });

  it('drops cached store lookups at once when the settings change (the store cache on)', async () => {
    // a store of its own on an unseeded database keeps this one quick
    const cached = await createTestApp({ seed: false, config: { cacheTtlMs: 60_000 } });
    try {
      const shop = await createSecondStore(cached, 'cached');
      const read = async () => json<{ data: { name: string; logo: string | null } }>(await cached.request({ method: 'GET', url: '/open/stores/current', host: shop.host })).data;
      expect((await read()).name).toBe('Shop cached');
      const res = await cached.request({ method: 'PUT', url: `/api/stores/${shop.id}`, token: shop.token, host: shop.host, body: { ...SECOND_REQUIRED, consignerUrl: 'consign.cached.test', inStoreUrl: 'instore.cached.test', name: 'Renamed shop', logo: '/uploads/x/logo.webp' } });
      expect(res.statusCode).toBe(200);
      expect(await read()).toMatchObject({ name: 'Renamed shop', logo: '/uploads/x/logo.webp' });
      // and its new addresses answer at once
      expect(json<{ data: { id: string } }>(await cached.request({ method: 'GET', url: '/open/stores/current', host: 'consign.cached.test' })).data.id).toBe(shop.id);
    } finally {
      await cached.close();
    }
  });
});

describe('POST /api/stores/resync', () => {
  it('queues the resync of all inventory and reports honestly that nothing was sent (no storefront yet)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/stores/resync', token: tokens.owner, body: {} });
    expect(res.statusCode).toBe(202);
    const { jobId, message } = json<{ data: { jobId: string; message: string } }>(res).data;
    expect(message).toBe(STORE_SETTINGS_MESSAGES.resyncQueued);
    const job = await waitForJob(t, tokens.owner, jobId);
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.inventoryItems).where(eq(s.inventoryItems.storeId, demoId));
    expect(job).toMatchObject({ status: 'completed', done: 0, failed: 0, result: { items: n, sent: 0, reason: STOREFRONT_NOT_CONNECTED } });
    expect(n).toBeGreaterThan(0);
  });

  it('needs Settings', async () => {
    for (const token of [tokens.stock, tokens.ava]) expect((await t.request({ method: 'POST', url: '/api/stores/resync', token, body: {} })).statusCode).toBe(403);
  });
});

describe('GET /api/stores/usage', () => {
  it("counts the store's items by status, consigners, employees and stored images", async () => {
    const before = json<{ data: Usage }>(await t.request({ method: 'GET', url: '/api/stores/usage', token: tokens.owner })).data;
    const body = multipartBody({ filename: 'logo.png', contentType: 'image/png', data: await makePng(300, 200) });
    const upload = await t.app.inject({ method: 'POST', url: '/api/files/images', headers: { host: 'localhost', authorization: `Bearer ${tokens.owner}`, 'content-type': body.contentType }, payload: body.payload });
    const image = json<{ data: { url: string; originalUrl: string } }>(upload).data;
    const res = await t.request({ method: 'GET', url: '/api/stores/usage', token: tokens.owner });
    expect(res.statusCode).toBe(200);
    const usage = json<{ data: Usage }>(res).data;

    const items = await t.ctx.db.select({ status: s.inventoryItems.status }).from(s.inventoryItems).where(eq(s.inventoryItems.storeId, demoId));
    expect(usage.items.total).toBe(items.length);
    expect(usage.items.byStatus.map((r) => r.status)).toEqual([...INVENTORY_STATUSES]);
    for (const { status, count } of usage.items.byStatus) expect(count, status).toBe(items.filter((i) => i.status === status).length);
    const consigners = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, demoId));
    expect(usage.consigners).toEqual({ total: consigners.length, active: consigners.filter((c) => c.isActive).length, storeAccounts: consigners.filter((c) => c.isStoreAccount).length });
    const employees = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, demoId));
    expect(usage.employees).toEqual({ total: employees.length, active: employees.filter((e) => e.isActive).length, invitePending: employees.filter((e) => !e.fbUserId).length });
    // the image: both stored files, as large as they are on disk
    const onDisk = [image.url, image.originalUrl].reduce((sum, url) => sum + fs.statSync(path.join(t.ctx.config.uploadDir, url.replace('/uploads/', ''))).size, 0);
    expect(usage.images).toEqual({ count: before.images.count + 1, bytes: before.images.bytes + onDisk });
    expect(usage.locations).toBeGreaterThan(0);
    expect(usage.products).toBeGreaterThan(0);

    // the second store sees only its own
    const other = json<{ data: Usage }>(await t.request({ method: 'GET', url: '/api/stores/usage', token: second.token, host: second.host })).data;
    // a new store starts with its own store account (docs/first-hour.md), and nothing of the demo
    expect(other).toMatchObject({ items: { total: 0 }, consigners: { total: 1, storeAccounts: 1 }, employees: { total: 1, active: 1, invitePending: 0 }, images: { count: 0, bytes: 0 } });
  });

  it('needs Settings', async () => {
    for (const token of [tokens.stock, tokens.ava]) expect((await t.request({ method: 'GET', url: '/api/stores/usage', token })).statusCode).toBe(403);
  });
});
