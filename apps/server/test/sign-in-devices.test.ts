// Throttling that stops guessing without locking the owner out (docs/security.md, "Throttling"):
// device cookies as OWASP's "Slow Down Online Guessing Attacks with Device Cookies" describes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, deviceCookieHeader } from '../src/auth/device-cookie.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, json, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Attempt = { email: string; password: string; ip: string; device?: string };

async function signIn({ email, password, ip, device }: Attempt) {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    body: { email, password },
    headers: { origin: 'http://localhost', 'x-forwarded-for': ip, ...(device ? { cookie: device } : {}) },
  });
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { res, device: cookie?.split(';')[0] };
}

const OWNER_IP = '192.0.2.10';
const STRANGER_IP = '203.0.113.66';

describe('device cookies', () => {
  it('issues a signed, HttpOnly device cookie at a successful sign-in only', async () => {
    const ok = await signIn({ email: DEMO.marco, password: DEMO_PASSWORD, ip: '192.0.2.1' });
    expect(ok.res.statusCode).toBe(200);
    const header = ([] as string[]).concat(ok.res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\/api\/auth/);
    const bad = await signIn({ email: DEMO.marco, password: 'wrong-password-1', ip: '192.0.2.1' });
    expect(bad.res.statusCode).toBe(401);
    expect(bad.device).toBeUndefined();
  });

  it("signs the owner in from their own browser while a stranger guesses, and locks the stranger's source", async () => {
    const first = await signIn({ email: DEMO.owner, password: DEMO_PASSWORD, ip: OWNER_IP });
    expect(first.res.statusCode).toBe(200);
    const ownBrowser = first.device!;
    expect(ownBrowser).toBeTruthy();

    // A stranger sends 8 wrong passwords: after 5 every try from an unknown browser is refused.
    const answers: number[] = [];
    for (let i = 0; i < 8; i += 1) answers.push((await signIn({ email: DEMO.owner, password: `guess-${i}-wrong`, ip: STRANGER_IP })).res.statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await signIn({ email: DEMO.owner, password: DEMO_PASSWORD, ip: STRANGER_IP });
    expect(refused.res.statusCode).toBe(429);
    expect(refused.res.headers['retry-after']).toBeTruthy();
    expect(json(refused.res)).toMatchObject({ code: 'TOO_MANY_REQUESTS', error: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/) });

    // The owner's browser (its device cookie) still signs in with the right password.
    const started = performance.now();
    const own = await signIn({ email: DEMO.owner, password: DEMO_PASSWORD, ip: OWNER_IP, device: ownBrowser });
    const ms = performance.now() - started;
    expect(own.res.statusCode, own.res.body).toBe(200);
    console.log(`sign-in of the owner's own browser while a stranger guesses: ${ms.toFixed(0)} ms`);

    // A browser without the cookie (or with a forged one) is an unknown one: still refused.
    expect((await signIn({ email: DEMO.owner, password: DEMO_PASSWORD, ip: OWNER_IP })).res.statusCode).toBe(429);
    const forged = ownBrowser.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await signIn({ email: DEMO.owner, password: DEMO_PASSWORD, ip: OWNER_IP, device: forged })).res.statusCode).toBe(429);
    // A genuine cookie of another account does not vouch for this one.
    const marco = await signIn({ email: DEMO.marco, password: DEMO_PASSWORD, ip: '192.0.2.2' });
    expect((await signIn({ email: DEMO.owner, password: DEMO_PASSWORD, ip: OWNER_IP, device: marco.device })).res.statusCode).toBe(429);
  });

  it('locks out one device cookie after 5 failures through it, not the person’s other browsers', async () => {
    const a = (await signIn({ email: DEMO.stock, password: DEMO_PASSWORD, ip: '192.0.2.20' })).device!;
    const b = (await signIn({ email: DEMO.stock, password: DEMO_PASSWORD, ip: '192.0.2.21' })).device!;
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await signIn({ email: DEMO.stock, password: `typo-${i}-wrong`, ip: '192.0.2.20', device: a })).res.statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn({ email: DEMO.stock, password: DEMO_PASSWORD, ip: '192.0.2.20', device: a })).res.statusCode).toBe(429);
    expect((await signIn({ email: DEMO.stock, password: DEMO_PASSWORD, ip: '192.0.2.21', device: b })).res.statusCode).toBe(200);
    // and the device's failures did not count against the account for unknown browsers
    expect((await signIn({ email: DEMO.stock, password: DEMO_PASSWORD, ip: '192.0.2.22' })).res.statusCode).toBe(200);
  });

  it('still refuses credential stuffing from one address across many accounts', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) answers.push((await signIn({ email: `victim${i}@stuffing.test`, password: 'leaked-password', ip: '198.51.100.77' })).res.statusCode);
    expect(answers.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await signIn({ email: DEMO.ava, password: DEMO_PASSWORD, ip: '198.51.100.77' })).res.statusCode).toBe(429);
  });

  it('ignores a device cookie signed with another secret', async () => {
    const foreign = deviceCookieHeader('not-the-server-secret', DEMO.ava, false).split(';')[0];
    for (let i = 0; i < 5; i += 1) await signIn({ email: DEMO.ava, password: `nope-${i}-wrong`, ip: `198.51.100.${100 + i}`, device: foreign });
    expect((await signIn({ email: DEMO.ava, password: DEMO_PASSWORD, ip: '198.51.100.120', device: foreign })).res.statusCode).toBe(429);
  });
});
