// The API's common ground: OpenAPI at /api/docs, the { data } / { error } envelope, zod validation,
// pino logs with request ids, and the sign-in "remember" option.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, json, type TestApp } from './helpers.ts';

let t: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  t = await createTestApp({ logStream });
});
afterAll(async () => t.close());

describe('OpenAPI', () => {
  it('serves the docs page and the OpenAPI document at /api/docs', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const doc = json<{ openapi: string; paths: Record<string, unknown> }>(await t.request({ method: 'GET', url: '/api/docs/json' }));
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/me', '/api/employees', '/api/employees/send/{id}', '/open/stores', '/open/stores/{domain}', '/open/employees/accept/{id}']));
  });
});

describe('envelope', () => {
  it('answers unknown API paths with 404 { error }', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: 'Not found' });
  });

  it('answers bad input with 400 { error } before any handler runs', async () => {
    const token = await t.signIn(DEMO.owner);
    const res = await t.request({ method: 'GET', url: '/api/employees/not-a-uuid', token });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'id: Invalid id' });
  });

  it('wraps answers in { data }', async () => {
    const res = await t.request({ method: 'GET', url: '/open/stores/demo.backroom.local' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json(res))).toEqual(['data']);
  });
});

describe('logs', () => {
  it('writes pino JSON lines that carry the request id, which the answer echoes', async () => {
    const res = await t.request({ method: 'GET', url: '/open/stores/current', headers: { 'x-request-id': 'req-test-42' } });
    expect(res.headers['x-request-id']).toBe('req-test-42');
    const mine = logLines.filter((l) => l.reqId === 'req-test-42');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(mine.every((l) => typeof l.level === 'number' && typeof l.time === 'number')).toBe(true);

    const generated = await t.request({ method: 'GET', url: '/open/stores/current' });
    const id = generated.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(logLines.some((l) => l.reqId === id)).toBe(true);
  });

  it('never logs the bearer token or cookies', async () => {
    const token = await t.signIn(DEMO.owner);
    await t.request({ method: 'GET', url: '/api/me', token, headers: { 'x-request-id': 'req-secret', cookie: 'a=b' } });
    const text = JSON.stringify(logLines.filter((l) => l.reqId === 'req-secret'));
    expect(text).not.toContain(token);
    expect(text).not.toContain('a=b');
  });
});

describe('sign-in with remember', () => {
  const sessionCookie = async (rememberMe: boolean) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/sign-in/email', body: { email: DEMO.owner, password: DEMO_PASSWORD, rememberMe }, headers: { origin: 'http://localhost' } });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return cookies.find((c) => c.includes('session_token='))!;
  };

  it('keeps the session across browser restarts only when remember is on', async () => {
    expect(await sessionCookie(true)).toMatch(/Max-Age=\d+/i);
    expect(await sessionCookie(false)).not.toMatch(/Max-Age|Expires/i);
  });
});

describe('configuration', () => {
  it('refuses to run in production with the public development secret', () => {
    expect(() => loadConfig({}, { NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({}, { NODE_ENV: 'production', AUTH_SECRET: 'a-long-enough-secret' }).authSecret).toBe('a-long-enough-secret');
    expect(loadConfig({}, { PORT: '4100' }).port).toBe(4100);
  });
});
