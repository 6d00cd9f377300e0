// A store's Shopify connection (docs/storefront-sync.md "Connection"): GET, PUT and Test of
// /api/storefront/connection, secrets encrypted and never returned, and the connection and adapter the
// jobs and the webhook endpoint take from storefront/connection.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { storefrontAdapterOf, storefrontConnectionOf } from '../src/storefront/connection.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { startShopifyFake, type ShopifyFake } from './fakes/shopify-fake.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Connection = {
  enabled: boolean;
  shopDomain: string | null;
  shopName: string | null;
  credentials: { field: string; isSet: boolean; lastFour: string | null }[];
  locations: { location: string; shopifyLocationId: string; shopifyLocationName: string | null }[];
  ready: boolean;
};

let t: TestApp;
let fake: ShopifyFake;
let storeId: string;
let owner: string;
let settingsEmployee: string;
let stock: string;
let ava: string;
let other: Awaited<ReturnType<typeof otherStore>>;

const WEBHOOK_SECRET = 'whsec-0123456789abcdef-SIGN';

beforeAll(async () => {
  fake = await startShopifyFake();
  t = await createTestApp({ config: { shopifyAdminOrigin: fake.url } });
  storeId = (await t.ctx.db.select().from(s.stores).limit(1))[0]!.id;
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  ava = await t.signIn(DEMO.ava);
  settingsEmployee = await staff(t, storeId, 'settings-clerk@demo.backroom.test', { areas: ['Settings'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const get = (token = owner, host?: string) => t.request({ method: 'GET', url: '/api/storefront/connection', token, host });
const put = (body: unknown, token = owner, host?: string) => t.request({ method: 'PUT', url: '/api/storefront/connection', token, body, host });
const test = (body: unknown = {}, token = owner) => t.request({ method: 'POST', url: '/api/storefront/connection/test', token, body });

describe('GET /api/storefront/connection', () => {
  it('answers an empty, unconnected Shopify connection at first', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Connection }>(res).data).toMatchObject({ enabled: false, shopDomain: null, locations: [], ready: false });
    expect(json<{ data: Connection }>(res).data.credentials.map((c) => [c.field, c.isSet])).toEqual([['accessToken', false], ['webhookSecret', false]]);
    expect(await storefrontConnectionOf(t.ctx, storeId)).toBeNull();
    expect(await storefrontAdapterOf(t.ctx, storeId)).toBeNull();
  });

  it('is for Admins with Settings only', async () => {
    expect((await get(stock)).statusCode).toBe(403);
    expect((await get(ava)).statusCode).toBe(403);
    expect((await get(settingsEmployee)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/storefront/connection' })).statusCode).toBe(401);
  });
});

describe('PUT /api/storefront/connection', () => {
  it('refuses a bad shop, a bad secret, an unknown location and turning on an incomplete connection', async () => {
    expect(json<{ error: string }>(await put({ shopDomain: 'not a shop!' })).error).toBe('Enter the shop as my-shop or my-shop.myshopify.com');
    expect((await put({ accessToken: 'has spaces in it' })).statusCode).toBe(400);
    expect((await put({ accessToken: 'x'.repeat(800) })).statusCode).toBe(400);
    expect((await put({ locations: [{ location: 'Nowhere', shopifyLocationId: fake.locations[0].id }] })).statusCode).toBe(400);
    expect((await put({ locations: [{ location: 'Downtown', shopifyLocationId: 'Downtown' }] })).statusCode).toBe(400);
    expect((await put({ unknown: 1 })).statusCode).toBe(400);
    const incomplete = await put({ enabled: true, shopDomain: 'backroom-test' });
    expect(incomplete.statusCode).toBe(422);
    expect(json<{ error: string }>(incomplete).error).toBe('Enter the Admin API access token and webhook signing secret before turning the Shopify connection on');
  });

  it('stores the secrets encrypted and answers only whether each is set', async () => {
    const res = await put({
      shopDomain: 'https://Backroom-Test.myshopify.com/',
      accessToken: ` ${fake.accessToken} `,
      webhookSecret: WEBHOOK_SECRET,
      locations: [
        { location: 'Downtown', shopifyLocationId: fake.locations[0].id },
        { location: 'ONLINE MARKETPLACE', shopifyLocationId: fake.locations[1].id },
      ],
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(fake.accessToken);
    expect(res.body).not.toContain(WEBHOOK_SECRET);
    const saved = json<{ data: Connection }>(res).data;
    expect(saved).toMatchObject({ enabled: true, ready: true, shopDomain: 'backroom-test.myshopify.com' });
    expect(saved.credentials.map((c) => [c.field, c.isSet, c.lastFour])).toEqual([['accessToken', true, fake.accessToken.slice(-4)], ['webhookSecret', true, 'SIGN']]);
    const [row] = await t.ctx.db.select().from(s.storeIntegrations).where(and(eq(s.storeIntegrations.storeId, storeId), eq(s.storeIntegrations.kind, 'shopify')));
    expect(row.secret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(fake.accessToken);
    expect((await get()).body).not.toContain(WEBHOOK_SECRET);

    const connection = await storefrontConnectionOf(t.ctx, storeId);
    expect(connection).toEqual({
      storeId,
      platform: 'shopify',
      shopDomain: 'backroom-test.myshopify.com',
      webhookSecret: WEBHOOK_SECRET,
      locations: [
        { location: 'Downtown', shopifyLocationId: fake.locations[0].id, shopifyLocationName: null },
        { location: 'ONLINE MARKETPLACE', shopifyLocationId: fake.locations[1].id, shopifyLocationName: null },
      ],
      publicationIds: [],
    });
    expect(JSON.stringify(connection)).not.toContain(fake.accessToken);
  });

  it('keeps one adapter per store, and builds a new one when the credentials change', async () => {
    const first = await storefrontAdapterOf(t.ctx, storeId);
    expect(first).not.toBeNull();
    expect(await storefrontAdapterOf(t.ctx, storeId)).toBe(first);
    expect((await first!.checkConnection()).name).toBe('Backroom Test Shop');
    await put({ publicationIds: [fake.publications[0].id] });
    const second = await storefrontAdapterOf(t.ctx, storeId);
    expect(second).not.toBe(first);
    expect(await storefrontAdapterOf(t.ctx, storeId)).toBe(second);
    // another store has none and keeps working without one
    expect(await storefrontAdapterOf(t.ctx, other.store.id)).toBeNull();
  });

  it('a store sees and changes only its own connection', async () => {
    const theirs = json<{ data: Connection }>(await get(other.token, other.host)).data;
    expect(theirs).toMatchObject({ enabled: false, shopDomain: null, ready: false });
    expect((await get(owner, other.host)).statusCode).toBe(403);
    expect((await put({ shopDomain: 'other-shop' }, owner, other.host)).statusCode).toBe(403);
    expect((await put({ shopDomain: 'other-shop' }, other.token, other.host)).statusCode).toBe(200);
    expect(json<{ data: Connection }>(await get()).data.shopDomain).toBe('backroom-test.myshopify.com');
  });

  it('removing a secret needs the connection off', async () => {
    expect((await put({ webhookSecret: null })).statusCode).toBe(422);
    const off = json<{ data: Connection }>(await put({ enabled: false })).data;
    expect(off).toMatchObject({ enabled: false, ready: false });
    expect(await storefrontAdapterOf(t.ctx, storeId)).toBeNull();
    expect(await storefrontConnectionOf(t.ctx, storeId)).toBeNull();
    expect(json<{ data: Connection }>(await put({ enabled: true })).data.ready).toBe(true);
  });
});

describe('one shop, one store', () => {
  it('refuses a shop already connected to another store of the installation, however it is typed', async () => {
    // this store has backroom-test.myshopify.com; the other store tries it in every spelling
    for (const typed of ['backroom-test', 'BACKROOM-TEST.myshopify.com', 'https://backroom-test.myshopify.com/admin/']) {
      const res = await put({ shopDomain: typed }, other.token, other.host);
      expect(res.statusCode, typed).toBe(409);
      expect(json<{ error: string }>(res).error).toBe(
        'backroom-test.myshopify.com is already connected to another store of this installation: a Shopify shop can be connected to one store only. Disconnect it there first (clear its shop), then connect it here.',
      );
    }
    // nothing of the other store changed, and this store still holds its shop
    expect(json<{ data: Connection }>(await get(other.token, other.host)).data.shopDomain).toBe('other-shop.myshopify.com');
    expect(json<{ data: Connection }>(await get()).data).toMatchObject({ shopDomain: 'backroom-test.myshopify.com', ready: true });
    const claims = await t.ctx.db.select().from(s.storefrontShops);
    expect(claims.map((c) => [c.shopDomain, c.storeId]).sort()).toEqual(
      [
        ['backroom-test.myshopify.com', storeId],
        ['other-shop.myshopify.com', other.store.id],
      ].sort(),
    );
    // saving the same shop again is fine for the store that holds it
    expect((await put({ shopDomain: 'Backroom-Test' })).statusCode).toBe(200);
  });

  it('lets a shop go when its store moves to another one, and two stores racing for a shop get one each way', async () => {
    expect((await put({ shopDomain: 'second-shop' }, other.token, other.host)).statusCode).toBe(200);
    // other-shop is free again
    const [a, b] = await Promise.all([put({ shopDomain: 'other-shop' }, other.token, other.host), put({ shopDomain: 'other-shop' }, other.token, other.host)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [thirdStore] = await t.ctx.db.insert(s.stores).values({ name: 'Third Shop', supportEmail: 'help@third.test', handle: 'third', domain: 'third.test' }).returning();
    const third = { token: await staff(t, thirdStore.id, 'boss@third.test', { role: 'Admin', areas: null, host: 'third.test' }), host: 'third.test' };
    const [x, y] = await Promise.all([put({ shopDomain: 'race-shop' }, third.token, third.host), put({ shopDomain: 'race-shop' }, other.token, other.host)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const owners = await t.ctx.db.select().from(s.storefrontShops).where(eq(s.storefrontShops.shopDomain, 'race-shop.myshopify.com'));
    expect(owners).toHaveLength(1);
  });
});

describe('POST /api/storefront/connection/test', () => {
  it('reads the shop with the saved credentials and keeps its name and its locations’ names', async () => {
    const res = await test();
    expect(res.statusCode).toBe(200);
    const result = json<{ data: { ok: boolean; reason: string | null; shopDetails: { name: string; locations: { id: string; name: string }[] } } }>(res).data;
    expect(result).toMatchObject({ ok: true, reason: null, shopDetails: { name: 'Backroom Test Shop' } });
    expect(result.shopDetails.locations.map((l) => l.name)).toEqual(['Shop floor', 'Warehouse']);
    const saved = json<{ data: Connection }>(await get()).data;
    expect(saved.shopName).toBe('Backroom Test Shop');
    expect(saved.locations.map((l) => l.shopifyLocationName)).toEqual(['Shop floor', 'Warehouse']);
  });

  it('answers Shopify’s reason for a refused token, without saving anything', async () => {
    const res = await test({ shopDomain: 'backroom-test', accessToken: 'shpat_wrong_token_0000' });
    expect(res.statusCode).toBe(200);
    const result = json<{ data: { ok: boolean; reason: string | null } }>(res).data;
    expect(result.ok).toBe(false);
    expect(result.reason).toContain('Shopify refused the access token (401)');
    expect(json<{ data: Connection }>(await get()).data.credentials[0].lastFour).toBe(fake.accessToken.slice(-4));
  });

  it('refuses bad input and non-Admins', async () => {
    expect((await test({ shopDomain: '%%%' })).statusCode).toBe(400);
    expect((await test({}, stock)).statusCode).toBe(403);
    expect((await test({}, settingsEmployee)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/storefront/connection/test', token: other.token, host: other.host, body: {} })).statusCode).toBe(422);
  });
});
