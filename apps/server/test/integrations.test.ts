// The store's integrations API (docs/payouts.md): GET /api/stores/integrations, PUT /api/stores/integrations/{kind}.
// Credentials are encrypted at rest and never returned, only whether each is set.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { readIntegration } from '../src/integrations/integrations.service.ts';
import { otherStore, staff } from './consigners-fixtures.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

type Integration = { kind: string; enabled: boolean; mode: string | null; ready: boolean; credentials: { field: string; isSet: boolean; lastFour: string | null }[] };

let t: TestApp;
let storeId: string;
let owner: string;
let settingsEmployee: string; // Settings access, not an Admin
let stock: string; // Employee without Settings
let ava: string; // a consigner
let other: Awaited<ReturnType<typeof otherStore>>;

const CHECKBOOK_SECRET = 'cb-secret-0123456789abcdefWXYZ';
const CHECKBOOK_KEY = 'd6aa2703655f4ba2af2a56202961ca86';

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await t.ctx.db.select().from(s.stores).limit(1))[0]!.id;
  owner = await t.signIn(DEMO.owner);
  stock = await t.signIn(DEMO.stock);
  ava = await t.signIn(DEMO.ava);
  settingsEmployee = await staff(t, storeId, 'settings-clerk@demo.backroom.test', { areas: ['Settings'] });
  other = await otherStore(t);
}, 60_000);
afterAll(async () => t.close());

const get = (token: string, host?: string) => t.request({ method: 'GET', url: '/api/stores/integrations', token, host });
const put = (kind: string, body: unknown, token = owner, host?: string) => t.request({ method: 'PUT', url: `/api/stores/integrations/${kind}`, token, body, host });
const list = async (token = owner, host?: string) => json<{ data: { automatedPayout: boolean; integrations: Integration[] } }>(await get(token, host)).data;
const byKind = async (kind: string, token = owner, host?: string) => (await list(token, host)).integrations.find((i) => i.kind === kind)!;

describe('GET /api/stores/integrations', () => {
  it('lists Checkbook, PayPal and Linnworks, off and without credentials, with the automated payout flag', async () => {
    const data = await list();
    expect(data.automatedPayout).toBe(false);
    expect(data.integrations.map((i) => [i.kind, i.enabled, i.mode, i.ready])).toEqual([
      ['checkbook', false, 'sandbox', false],
      ['paypal', false, 'sandbox', false],
      ['linnworks', false, null, false],
    ]);
    expect(data.integrations[2].credentials.map((c) => c.field)).toEqual(['applicationId', 'applicationSecret', 'token']);
    expect(data.integrations.flatMap((i) => i.credentials).every((c) => !c.isSet && c.lastFour === null)).toBe(true);
  });
});

describe('PUT /api/stores/integrations/{kind}', () => {
  it('stores credentials encrypted and answers only whether each is set, never the value', async () => {
    const res = await put('checkbook', { enabled: true, mode: 'live', credentials: { apiKey: ` ${CHECKBOOK_KEY} `, apiSecret: CHECKBOOK_SECRET } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(CHECKBOOK_SECRET);
    expect(res.body).not.toContain(CHECKBOOK_KEY);
    const saved = json<{ data: Integration }>(res).data;
    expect(saved).toMatchObject({ kind: 'checkbook', enabled: true, mode: 'live', ready: true });
    expect(saved.credentials).toEqual([
      { field: 'apiKey', label: 'API key', isSet: true, lastFour: 'ca86' },
      { field: 'apiSecret', label: 'API secret', isSet: true, lastFour: 'WXYZ' },
    ]);
    const again = await get(owner);
    expect(again.body).not.toContain(CHECKBOOK_SECRET);
    const [row] = await t.ctx.db.select().from(s.storeIntegrations).where(and(eq(s.storeIntegrations.storeId, storeId), eq(s.storeIntegrations.kind, 'checkbook')));
    expect(row.secret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(CHECKBOOK_SECRET);
    // what the payout provider reads: trimmed, decrypted
    const read = await readIntegration(t.ctx, storeId, 'checkbook');
    expect(read).toMatchObject({ enabled: true, mode: 'live', ready: true, credentials: { apiKey: CHECKBOOK_KEY, apiSecret: CHECKBOOK_SECRET } });
  });

  it('replaces one credential and keeps the others; removing one needs the integration off', async () => {
    const replaced = json<{ data: Integration }>(await put('checkbook', { credentials: { apiSecret: 'another-secret-value-9876' } })).data;
    expect(replaced.credentials.map((c) => [c.field, c.isSet, c.lastFour])).toEqual([
      ['apiKey', true, 'ca86'],
      ['apiSecret', true, '9876'],
    ]);
    const refused = await put('checkbook', { credentials: { apiKey: null } });
    expect(refused.statusCode).toBe(422);
    expect(json(refused).error).toBe('Enter the Checkbook API key before turning it on');
    const removed = json<{ data: Integration }>(await put('checkbook', { enabled: false, credentials: { apiKey: null } })).data;
    expect(removed).toMatchObject({ enabled: false, ready: false, mode: 'live' });
    expect(removed.credentials.map((c) => c.isSet)).toEqual([false, true]);
    expect((await readIntegration(t.ctx, storeId, 'checkbook')).credentials).toBeNull();
    const short = json<{ data: Integration }>(await put('linnworks', { credentials: { token: 'abc123' } })).data;
    expect(short.credentials.find((c) => c.field === 'token')).toEqual({ field: 'token', label: 'Installation token', isSet: true, lastFour: null });
  });

  it('refuses to turn on an integration without all its credentials', async () => {
    const res = await put('paypal', { enabled: true, credentials: { clientId: 'AZ-client-id-1234567' } });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('Enter the PayPal Payouts Client secret before turning it on');
    expect((await byKind('paypal')).credentials.every((c) => !c.isSet)).toBe(true);
  });

  it('keeps both of two changes sent at once', async () => {
    const [a, b] = await Promise.all([
      put('paypal', { credentials: { clientId: 'AZ-client-id-1234567' } }),
      put('paypal', { credentials: { clientSecret: 'EL-client-secret-7654321' } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await byKind('paypal')).credentials.map((c) => [c.isSet, c.lastFour])).toEqual([
      [true, '4567'],
      [true, '4321'],
    ]);
  });

  it.each([
    ['an unknown kind', 'shopify', { enabled: false }, 'Integration must be one of checkbook, paypal, linnworks'],
    ['an unknown credential', 'checkbook', { credentials: { clientId: 'x' } }, 'Checkbook has no credential named clientId'],
    ['a credential with a space', 'paypal', { credentials: { clientId: 'abc def' } }, 'Client ID must be printable characters without spaces'],
    ['an empty credential', 'paypal', { credentials: { clientId: '   ' } }, 'Client ID is required'],
    ['a credential too long', 'paypal', { credentials: { clientSecret: 'x'.repeat(501) } }, 'Client secret must be at most 500 characters'],
    ['a mode for Linnworks', 'linnworks', { mode: 'live' }, 'Linnworks has no sandbox or live mode'],
    ['an unknown mode', 'paypal', { mode: 'production' }, 'Mode must be sandbox or live'],
    ['an unknown field', 'paypal', { secret: 'x' }, null],
    ['enabled as text', 'paypal', { enabled: 'yes' }, 'enabled must be true or false'],
    ['a NUL', 'paypal', { credentials: { clientId: 'abc\u0000' } }, null],
  ])('refuses %s (400)', async (_what, kind, body, message) => {
    const res = await put(kind, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(json(res).error).toContain(message);
  });

  it('is for Admins with Settings access only (403), never for consigners', async () => {
    for (const token of [settingsEmployee, stock, ava]) {
      expect((await get(token)).statusCode).toBe(403);
      expect((await put('paypal', { enabled: false }, token)).statusCode).toBe(403);
    }
    expect(json(await get(settingsEmployee)).error).toBe("Only an Admin can see or change the store's integrations");
    expect((await t.request({ method: 'GET', url: '/api/stores/integrations' })).statusCode).toBe(401);
  });

  it("keeps each store's integrations to itself", async () => {
    // the other store's Admin sees its own, untouched
    const theirs = await list(other.token, other.host);
    expect(theirs.integrations.flatMap((i) => i.credentials).every((c) => !c.isSet)).toBe(true);
    // this store's Admin cannot read or change the other store's
    expect((await get(owner, other.host)).statusCode).toBe(403);
    expect((await put('paypal', { enabled: false, credentials: { clientId: null } }, owner, other.host)).statusCode).toBe(403);
    // their change does not reach this store
    await put('paypal', { credentials: { clientId: 'THEIRS-client-id-000' } }, other.token, other.host);
    expect((await byKind('paypal')).credentials[0].lastFour).toBe('4567');
  });
});
