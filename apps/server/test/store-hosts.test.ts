// A store's hosts are used in links only once it has proven it owns them (docs/security.md, "A
// store's own hosts, once proven"): GET /api/stores/{id}/hosts, POST /api/stores/{id}/hosts/verify,
// the redirect URL, Host resolution in production, and the outbound guard the check goes through.
// No network: the resolver and the well-known fetch are test doubles (setHostProbe).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORE_SETTINGS_MESSAGES, type TStoreHosts } from '@backroom/domain';
import * as s from '../src/db/schema/index.ts';
import { fetchPublicText, isPublicAddress, OutboundRefused } from '../src/http/outbound.ts';
import { setHostProbe, type HostProbe } from '../src/modules/stores/host-probe.ts';
import { recheckProvenHosts } from '../src/modules/stores/store-hosts.service.ts';
import { createSecondStore, demoStore, type SecondStore } from './catalogue-fixtures.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, json, type TestApp } from './helpers.ts';

const PUBLIC_IP = '93.184.216.34';

/** A DNS and web double: TXT records by name, files by URL. */
function fakeNetwork() {
  const txt = new Map<string, string[][]>();
  const files = new Map<string, { status: number; text: string }>();
  const probe: HostProbe = {
    resolveTxt: async (name) => txt.get(name) ?? Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' })),
    lookup: async () => [{ address: PUBLIC_IP, family: 4 }],
    fetchText: async (url) => files.get(url) ?? { status: 404, text: 'Not found' },
  };
  return { txt, files, probe };
}

const hostsOf = (res: { json: () => unknown }) => (res.json() as { data: TStoreHosts }).data;

describe('store hosts (test mode)', () => {
  let t: TestApp;
  let net: ReturnType<typeof fakeNetwork>;
  let owner: string;
  let second: SecondStore;
  let demoId: string;
  const get = (id: string, token: string, host?: string) => t.request({ method: 'GET', url: `/api/stores/${id}/hosts`, token, host });
  const verify = (id: string, token: string, body: unknown = {}, host?: string) => t.request({ method: 'POST', url: `/api/stores/${id}/hosts/verify`, token, body, host });
  const putSecond = (body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/stores/${second.id}`, token: second.token, host: second.host, body });
  const secondRequired = () => ({ redirectURL: t.ctx.config.appUrl, shipInstructions: 'Ship to us', consignerUrl: 'consign.second.test', inStoreUrl: 'instore.second.test' });

  beforeAll(async () => {
    t = await createTestApp();
    net = fakeNetwork();
    setHostProbe(t.ctx, net.probe);
    owner = await t.signIn(DEMO.owner);
    second = await createSecondStore(t);
    demoId = (await demoStore(t)).id;
    expect((await putSecond(secondRequired())).statusCode).toBe(200);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    net.txt.clear();
    net.files.clear();
  });

  it("shows the demo's seeded hosts as proven, and how each host is proven", async () => {
    const res = await get(demoId, owner);
    expect(res.statusCode).toBe(200);
    const { hosts } = hostsOf(res);
    expect(hosts.map((h) => [h.host, h.fields, h.state, h.provenBy])).toEqual([
      ['demo.backroom.local', ['domain'], 'proven', 'seed'],
      ['consign.demo.backroom.local', ['consignerUrl'], 'proven', 'seed'],
      ['instore.demo.backroom.local', ['inStoreUrl'], 'proven', 'seed'],
    ]);
    expect(hosts[0].dnsRecord).toEqual({ name: '_backroom-verify.demo.backroom.local', type: 'TXT', value: expect.stringMatching(/^backroom-verify=[A-Za-z0-9_-]{32}$/) });
    expect(hosts[0].wellKnownFile).toEqual({ url: 'https://demo.backroom.local/.well-known/backroom-verify.txt', content: hosts[0].dnsRecord.value });
  });

  it('gives each new host of a store its own unguessable token, kept across reads, not proven', async () => {
    const first = hostsOf(await get(second.id, second.token, second.host));
    expect(first.hosts.map((h) => [h.host, h.state])).toEqual([
      ['second.test', 'not-proven'],
      ['consign.second.test', 'not-proven'],
      ['instore.second.test', 'not-proven'],
    ]);
    const again = hostsOf(await get(second.id, second.token, second.host));
    expect(again.hosts.map((h) => h.dnsRecord.value)).toEqual(first.hosts.map((h) => h.dnsRecord.value));
    const demo = hostsOf(await get(demoId, owner));
    const values = [...first.hosts, ...demo.hosts].map((h) => h.dnsRecord.value);
    expect(new Set(values).size).toBe(values.length);
    // outside production links always use APP_URL
    expect(first.linkOrigin).toBe(t.ctx.config.appUrl);
  });

  it("refuses a record with a wrong token, or another store's proof, and says why", async () => {
    const [domain] = hostsOf(await get(second.id, second.token, second.host)).hosts;
    const demoValue = hostsOf(await get(demoId, owner)).hosts[0].dnsRecord.value;
    net.txt.set(domain.dnsRecord.name, [['backroom-verify=guessed'], [demoValue]]);
    net.files.set(domain.wellKnownFile.url, { status: 200, text: demoValue });
    const res = await verify(second.id, second.token, { host: 'second.test' }, second.host);
    expect(res.statusCode).toBe(200);
    const checked = hostsOf(res).hosts.find((h) => h.host === 'second.test')!;
    expect(checked.state).toBe('failed');
    expect(checked.checkError).toBe(
      "DNS _backroom-verify.second.test: the TXT record does not hold this store's value. https://second.test/.well-known/backroom-verify.txt: the file does not hold this store's value.",
    );
    expect(checked.checkedAt).not.toBeNull();
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, second.id));
    expect(row.provenHosts).toEqual([]);
  });

  it('proves a host by its DNS TXT record, and another by the file at its well-known path', async () => {
    const [domain, consign] = hostsOf(await get(second.id, second.token, second.host)).hosts;
    net.txt.set(domain.dnsRecord.name, [['v=spf1 -all'], [domain.dnsRecord.value.slice(0, 20), domain.dnsRecord.value.slice(20)]]);
    net.files.set(consign.wellKnownFile.url, { status: 200, text: `${consign.wellKnownFile.content}\n` });
    const res = await verify(second.id, second.token, {}, second.host);
    expect(res.statusCode).toBe(200);
    const hosts = hostsOf(res).hosts;
    expect(hosts.map((h) => [h.host, h.state, h.provenBy])).toEqual([
      ['second.test', 'proven', 'dns'],
      ['consign.second.test', 'proven', 'well-known'],
      ['instore.second.test', 'failed', null],
    ]);
    expect(hosts[0].provenAt).not.toBeNull();
    expect(hosts[0].checkError).toBeNull();
    expect(hosts[2].checkError).toBe('DNS _backroom-verify.instore.second.test: no TXT record. https://instore.second.test/.well-known/backroom-verify.txt: the file answered HTTP 404.');
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, second.id));
    expect(row.provenHosts.sort()).toEqual(['consign.second.test', 'second.test']);
  });

  it('fetches the well-known file only from a public address (the outbound guard)', async () => {
    setHostProbe(t.ctx, { ...net.probe, fetchText: undefined, lookup: async () => [{ address: '10.0.0.7', family: 4 }] });
    try {
      const res = await verify(second.id, second.token, { host: 'instore.second.test' }, second.host);
      const checked = hostsOf(res).hosts.find((h) => h.host === 'instore.second.test')!;
      expect(checked.state).toBe('failed');
      expect(checked.checkError).toContain('https://instore.second.test/.well-known/backroom-verify.txt: instore.second.test resolves to a private or local address.');
    } finally {
      setHostProbe(t.ctx, net.probe);
    }
  });

  it('starts a changed host again unproven, with a new token', async () => {
    const before = hostsOf(await get(second.id, second.token, second.host)).hosts;
    const oldConsign = before.find((h) => h.host === 'consign.second.test')!;
    expect(oldConsign.state).toBe('proven');
    expect((await putSecond({ consignerUrl: 'portal.second.test' })).statusCode).toBe(200);
    const changed = hostsOf(await get(second.id, second.token, second.host)).hosts;
    expect(changed.map((h) => [h.host, h.state])).toEqual([
      ['second.test', 'proven'],
      ['portal.second.test', 'not-proven'],
      ['instore.second.test', 'failed'],
    ]);
    // taking the old host back needs a new proof: the old record no longer counts
    expect((await putSecond({ consignerUrl: 'consign.second.test' })).statusCode).toBe(200);
    const back = hostsOf(await get(second.id, second.token, second.host)).hosts.find((h) => h.host === 'consign.second.test')!;
    expect(back.state).toBe('not-proven');
    expect(back.dnsRecord.value).not.toBe(oldConsign.dnsRecord.value);
    net.files.set(oldConsign.wellKnownFile.url, { status: 200, text: oldConsign.wellKnownFile.content });
    expect(hostsOf(await verify(second.id, second.token, { host: 'consign.second.test' }, second.host)).hosts.find((h) => h.host === 'consign.second.test')!.state).toBe('failed');
    const [row] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, second.id));
    expect(row.provenHosts).toEqual(['second.test']);
  });

  it('refuses a host another store has proven', async () => {
    await t.ctx.db.insert(s.storeHostProofs).values({ storeId: demoId, host: 'claimed.example', token: 'x'.repeat(32), provenAt: new Date(), provenBy: 'dns' });
    try {
      const res = await putSecond({ inStoreUrl: 'claimed.example' });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ error: STORE_SETTINGS_MESSAGES.hostProvenElsewhere('claimed.example') });
    } finally {
      await t.ctx.db.delete(s.storeHostProofs).where(and(eq(s.storeHostProofs.storeId, demoId), eq(s.storeHostProofs.host, 'claimed.example')));
    }
  });

  it('limits the redirect URL to APP_URL and the proven hosts, and hides an unproven one from the public store', async () => {
    const refused = await putSecond({ redirectURL: 'https://attacker.example/phish' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({ error: STORE_SETTINGS_MESSAGES.redirectNotProven(`https://second.test, ${t.ctx.config.appUrl}`) });
    // an unproven host of its own is refused too
    expect((await putSecond({ redirectURL: 'https://portal.second.test/' })).statusCode).toBe(400);
    expect((await putSecond({ redirectURL: 'https://second.test/back' })).statusCode).toBe(200);
    expect((await putSecond({ redirectURL: `${t.ctx.config.appUrl}/login` })).statusCode).toBe(200);
    // a redirect saved before (or whose host lost its proof) is not shown
    await t.ctx.db.update(s.stores).set({ redirectURL: 'https://attacker.example' }).where(eq(s.stores.id, second.id));
    const pub = await t.request({ method: 'GET', url: '/open/stores/current', host: second.host });
    expect(json<{ data: { redirectURL: string | null } }>(pub).data.redirectURL).toBeNull();
    await t.ctx.db.update(s.stores).set({ redirectURL: t.ctx.config.appUrl }).where(eq(s.stores.id, second.id));
  });

  it('answers Admins of the store only: other staff 403, consigners 403, no session 401, another store 404 or 403', async () => {
    for (const email of [DEMO.stock, DEMO.ava]) {
      const token = await t.signIn(email);
      expect((await get(demoId, token)).statusCode).toBe(403);
      expect((await verify(demoId, token)).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: `/api/stores/${demoId}/hosts` })).statusCode).toBe(401);
    // another store's id from this store: not found, nothing checked
    expect((await get(second.id, owner)).statusCode).toBe(404);
    expect((await verify(second.id, owner)).statusCode).toBe(404);
    // this store's Admin through the other store's host: not a user of that store
    expect((await get(second.id, owner, second.host)).statusCode).toBe(403);
    expect((await verify(demoId, second.token)).statusCode).toBe(403);
  });

  it('bounds the verify body', async () => {
    const cases: [unknown, number][] = [
      [{ host: 'x'.repeat(3000) }, 400],
      [{ host: 'second\u0000.test' }, 400],
      [{ host: 'not a host' }, 400],
      [{ host: 42 }, 400],
      [{ host: 'second.test', extra: true }, 400],
      [{ host: 'not-theirs.example' }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await verify(second.id, second.token, body, second.host);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(typeof json(res).error).toBe('string');
    }
    expect(json(await verify(second.id, second.token, { host: 'not-theirs.example' }, second.host)).error).toBe(STORE_SETTINGS_MESSAGES.hostNotOwn);
  });

  it('limits the checks a store asks of the network: 20 in 15 minutes, then one 429 that says when', async () => {
    // a third store, so the checks of the tests above do not count; its hosts are not proven
    const third = await createSecondStore(t, 'third');
    const host = 'consign.third.test';
    const put = await t.request({ method: 'PUT', url: `/api/stores/${third.id}`, token: third.token, host: third.host, body: { ...secondRequired(), consignerUrl: host, inStoreUrl: 'instore.third.test' } });
    expect(put.statusCode).toBe(200);
    let asked = 0;
    net.probe.resolveTxt = async (name) => {
      asked += 1;
      return Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
    };
    for (let i = 0; i < 20; i += 1) expect((await verify(third.id, third.token, { host }, third.host)).statusCode).toBe(200);
    const askedBefore = asked;
    const refused = await verify(third.id, third.token, { host }, third.host);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toMatch(/^Too many host checks were asked for\. Try again in \d+ minutes?\.$/);
    expect(asked).toBe(askedBefore); // the refused check asked nothing of the network
    // another store's checks are its own
    expect((await verify(second.id, second.token, {}, second.host)).statusCode).toBe(200);
  });
});

describe('the daily re-check of proven hosts', () => {
  it('keeps a host while its proof is found, withdraws it after three misses in a row, and a miss between finds starts over', async () => {
    const t = await createTestApp();
    try {
      const net = fakeNetwork();
      setHostProbe(t.ctx, net.probe);
      const second = await createSecondStore(t, 'recheck');
      const put = await t.request({ method: 'PUT', url: `/api/stores/${second.id}`, token: second.token, host: second.host, body: { redirectURL: t.ctx.config.appUrl, shipInstructions: 'Ship to us', consignerUrl: 'consign.recheck.test', inStoreUrl: 'instore.recheck.test' } });
      expect(put.statusCode).toBe(200);
      const hosts = hostsOf(await t.request({ method: 'GET', url: `/api/stores/${second.id}/hosts`, token: second.token, host: second.host })).hosts;
      const [domain, consign] = hosts;
      net.txt.set(domain.dnsRecord.name, [[domain.dnsRecord.value]]);
      net.files.set(consign.wellKnownFile.url, { status: 200, text: consign.wellKnownFile.content });
      expect((await t.request({ method: 'POST', url: `/api/stores/${second.id}/hosts/verify`, token: second.token, host: second.host, body: {} })).statusCode).toBe(200);
      const proofOf = async (host: string) => (await t.ctx.db.select().from(s.storeHostProofs).where(and(eq(s.storeHostProofs.storeId, second.id), eq(s.storeHostProofs.host, host))))[0];
      const provenCopy = async () => (await t.ctx.db.select().from(s.stores).where(eq(s.stores.id, second.id)))[0].provenHosts.sort();
      const day = (n: number) => new Date(Date.UTC(2026, 11, n, 5, 17));

      // both found: the demo's seeded hosts are not asked about
      expect(await recheckProvenHosts(t.ctx, day(1))).toEqual({ checked: 2, missed: 0, withdrawn: [] });
      expect(await proofOf('recheck.test')).toMatchObject({ failedRechecks: 0, checkedAt: day(1), provenBy: 'dns' });

      // the TXT record is gone two days, then back: the count starts over
      net.txt.clear();
      await recheckProvenHosts(t.ctx, day(2));
      expect(await recheckProvenHosts(t.ctx, day(3))).toEqual({ checked: 2, missed: 1, withdrawn: [] });
      expect(await proofOf('recheck.test')).toMatchObject({ failedRechecks: 2, checkError: expect.stringContaining('no TXT record') });
      expect(await provenCopy()).toEqual(['consign.recheck.test', 'recheck.test']);
      net.txt.set(domain.dnsRecord.name, [[domain.dnsRecord.value]]);
      await recheckProvenHosts(t.ctx, day(4));
      expect(await proofOf('recheck.test')).toMatchObject({ failedRechecks: 0, checkError: null });

      // gone for good: three misses in a row withdraw the proof, and the store row's copy follows
      net.txt.clear();
      await recheckProvenHosts(t.ctx, day(5));
      await recheckProvenHosts(t.ctx, day(6));
      expect(await recheckProvenHosts(t.ctx, day(7))).toEqual({ checked: 2, missed: 1, withdrawn: ['recheck.test'] });
      expect(await proofOf('recheck.test')).toMatchObject({ provenAt: null, provenBy: null, failedRechecks: 3 });
      expect(await provenCopy()).toEqual(['consign.recheck.test']);
      const shown = hostsOf(await t.request({ method: 'GET', url: `/api/stores/${second.id}/hosts`, token: second.token, host: second.host })).hosts;
      expect(shown.find((h) => h.host === 'recheck.test')).toMatchObject({ state: 'failed', checkError: expect.stringContaining('no TXT record') });
      // the next round asks only about what is still proven; the demo's seeded hosts stay proven
      expect(await recheckProvenHosts(t.ctx, day(8))).toEqual({ checked: 1, missed: 0, withdrawn: [] });
      const demo = await t.ctx.db.select().from(s.storeHostProofs).where(eq(s.storeHostProofs.provenBy, 'seed'));
      expect(demo.length).toBe(3);

      // proven again by its Admin: the count is new
      net.txt.set(domain.dnsRecord.name, [[domain.dnsRecord.value]]);
      expect((await t.request({ method: 'POST', url: `/api/stores/${second.id}/hosts/verify`, token: second.token, host: second.host, body: { host: 'recheck.test' } })).statusCode).toBe(200);
      expect(await proofOf('recheck.test')).toMatchObject({ provenBy: 'dns', failedRechecks: 0 });
      expect(await provenCopy()).toEqual(['consign.recheck.test', 'recheck.test']);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('store hosts in production', () => {
  let prod: TestApp;
  let net: ReturnType<typeof fakeNetwork>;
  let owner: string;
  let demoId: string;
  const APP_URL = 'https://backoffice.example';
  const resetLinkFor = async (email: string) => {
    const res = await prod.request({ method: 'POST', url: '/api/auth/request-password-reset', body: { email, redirectTo: '/reset-password' }, headers: { origin: APP_URL } });
    expect(res.statusCode).toBe(200);
    const mails = await prod.ctx.db.select().from(s.outbox).where(eq(s.outbox.to, email));
    const text = mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!.text;
    return /https?:\/\/\S+/.exec(text)![0];
  };

  beforeAll(async () => {
    prod = await createTestApp({ config: { env: 'production', appUrl: APP_URL } });
    net = fakeNetwork();
    setHostProbe(prod.ctx, net.probe);
    const signIn = await prod.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email: DEMO.owner, password: DEMO_PASSWORD }, headers: { origin: APP_URL } });
    owner = signIn.headers['set-auth-token'] as string;
    demoId = (await demoStore(prod)).id;
  });
  afterAll(async () => prod.close());

  it('mails reset links on APP_URL while the hosts are unproven, on the store host once proven; an unproven host serves no store', async () => {
    // the reproduction: the store points every address at hosts it does not own
    const put = await prod.request({
      method: 'PUT',
      url: `/api/stores/${demoId}`,
      token: owner,
      body: { domain: 'attacker.example', consignerUrl: 'consign.attacker.example', inStoreUrl: 'instore.attacker.example' },
    });
    expect(put.statusCode).toBe(200);
    const before = await resetLinkFor(DEMO.marco);
    expect(before.startsWith(`${APP_URL}/api/auth/reset-password/`)).toBe(true);
    expect(before).not.toContain('attacker.example');
    expect((await prod.request({ method: 'GET', url: '/open/stores/current', host: 'attacker.example' })).statusCode).toBe(404);
    expect(hostsOf(await prod.request({ method: 'GET', url: `/api/stores/${demoId}/hosts`, token: owner })).linkOrigin).toBe(APP_URL);
    // a redirect URL on those hosts is refused
    expect((await prod.request({ method: 'PUT', url: `/api/stores/${demoId}`, token: owner, body: { redirectURL: 'https://attacker.example/' } })).statusCode).toBe(400);

    // the store that really owns the domain proves it
    const [domain] = hostsOf(await prod.request({ method: 'GET', url: `/api/stores/${demoId}/hosts`, token: owner })).hosts;
    net.txt.set(domain.dnsRecord.name, [[domain.dnsRecord.value]]);
    const verified = await prod.request({ method: 'POST', url: `/api/stores/${demoId}/hosts/verify`, token: owner, body: { host: 'attacker.example' } });
    expect(hostsOf(verified).linkOrigin).toBe('https://attacker.example');
    const after = await resetLinkFor(DEMO.marco);
    expect(after.startsWith('https://attacker.example/api/auth/reset-password/')).toBe(true);
    expect(json<{ data: { id: string } }>(await prod.request({ method: 'GET', url: '/open/stores/current', host: 'attacker.example' })).data.id).toBe(demoId);
    // the other two still do not resolve
    expect((await prod.request({ method: 'GET', url: '/open/stores/current', host: 'consign.attacker.example' })).statusCode).toBe(404);
  });
});

describe('the outbound guard', () => {
  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const ip of [PUBLIC_IP, '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1', 'not-an-ip'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('refuses before connecting: private answers, IP literals, other ports and schemes', async () => {
    const opts = { timeoutMs: 1000, maxBytes: 100, lookup: async () => [{ address: '127.0.0.1', family: 4 as const }] };
    await expect(fetchPublicText('https://shop.example/.well-known/x', opts)).rejects.toThrow('shop.example resolves to a private or local address');
    await expect(fetchPublicText('https://shop.example/x', { ...opts, lookup: async () => [{ address: PUBLIC_IP, family: 4 as const }, { address: '10.0.0.1', family: 4 as const }] })).rejects.toThrow(OutboundRefused);
    await expect(fetchPublicText('http://169.254.169.254/latest/meta-data', opts)).rejects.toThrow('resolves to a private or local address');
    await expect(fetchPublicText('https://shop.example:8443/x', opts)).rejects.toThrow('Only the default port');
    await expect(fetchPublicText('file:///etc/passwd', opts)).rejects.toThrow('Only http and https');
    await expect(fetchPublicText('https://shop.example/x', { ...opts, lookup: () => new Promise(() => {}) })).rejects.toThrow('No answer within 1 s');
  });
});
