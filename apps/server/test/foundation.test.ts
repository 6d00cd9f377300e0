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
    // one line at the request's end, with what it asked and how it was answered
    expect(mine.map((l) => l.msg)).toEqual(['request completed']);
    expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/open/stores/current' }, res: { statusCode: 200 } });
    expect(typeof mine[0].responseTime).toBe('number');
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
    // nor without the address e-mailed links are built on (never the request's Host)
    expect(() => loadConfig({}, { NODE_ENV: 'production', AUTH_SECRET: 'a-long-enough-secret' })).toThrow(/APP_URL/);
    const production = loadConfig({}, { NODE_ENV: 'production', AUTH_SECRET: 'a-long-enough-secret', APP_URL: 'https://backoffice.example/' });
    expect([production.authSecret, production.appUrl]).toEqual(['a-long-enough-secret', 'https://backoffice.example']);
    expect(loadConfig({}, { PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({}, { PORT: '4100' }).port).toBe(4100);
  });
});

describe('the web app files', () => {
  it('sends precompressed assets to browsers that accept them, cached for good, and index.html for every page', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'backroom-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const js = 'console.log("backroom");'.repeat(100);
    fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js'), js);
    fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), zlib.gzipSync(js));
    const web = await createTestApp({ seed: false, config: { webDist } });
    try {
      const br = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const plain = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, js]);
      const page = await web.app.inject({ method: 'GET', url: '/findInventory?pageSize=500' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).not.toContain('immutable');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
