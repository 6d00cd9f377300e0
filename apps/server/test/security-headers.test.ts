import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../src/http/security-headers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it('sends a Content-Security-Policy and the other browser defences on API answers, errors and pages', async () => {
    for (const url of ['/open/stores/current', '/api/me', '/api/nothing-here', '/findInventory', '/api/docs']) {
      const res = await t.request({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      // 'wasm-unsafe-eval': WebAssembly compiles (the camera's barcode decoder); still no eval of JavaScript
      expect(csp['script-src'], url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp['script-src-attr'], url).toEqual(["'none'"]);
      expect(csp['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      expect(csp['img-src'], url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      // development over plain http: no upgrade, no HSTS
      expect(csp['upgrade-insecure-requests'], url).toBeUndefined();
      expect(res.headers, url).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('lets other sites show uploaded images, and nothing else', async () => {
    expect((await t.request({ method: 'GET', url: '/uploads/none.webp' })).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.request({ method: 'GET', url: '/open/stores/current' })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('allows images from the S3 bucket when uploads go there', async () => {
    const { contentSecurityPolicy } = await import('../src/http/security-headers.ts');
    const csp = contentSecurityPolicy({ env: 'development' }, { S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(csp['img-src']).toContain('http://127.0.0.1:9000');
  });

  it('adds HSTS and upgrades insecure requests in production only', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { env: 'production' });
    app.get('/x', async () => ({ data: 1 }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(res.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    await app.close();
  });
});
