// Bodies nested too deeply, or too wide, are refused before any handler runs (docs/input-limits.md).
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, MAX_SCAN_ITEMS } from '@backroom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBadText, jsonShapeProblem } from '../src/http/input-guard.ts';
import { createTestApp, DEMO, json, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(DEMO.owner);
});
afterAll(async () => t?.close());

/** `[[[...0...]]]` as text, `depth` levels, built without recursion. */
const deepArrayText = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;
const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;

const post = (url: string, payload: string, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

describe('nesting depth', () => {
  it('refuses a body nested 100,000 levels deep with 400 on write routes, signed in or not', async () => {
    for (const [url, token] of [
      ['/api/inventories', admin],
      ['/api/consigners', admin],
      ['/api/auth/sign-in/email', undefined],
      ['/open/stores', undefined],
    ] as const) {
      for (const body of [deepArrayText(100_000), deepObjectText(100_000)]) {
        const res = await post(url, body, token);
        expect(res.statusCode, url).toBe(400);
        expect(json(res).error).toMatch(/nests objects or arrays too deeply \(at most 32 levels\)/);
      }
    }
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, async () => {
    const ok = await post('/api/auth/sign-in/email', `{"email":"nobody@example.com","password":"wrong-password","n":${deepArrayText(MAX_JSON_DEPTH - 1)}}`);
    expect(ok.statusCode, ok.body).toBe(401);
    const deep = await post('/api/auth/sign-in/email', `{"email":"nobody@example.com","password":"wrong-password","n":${deepArrayText(MAX_JSON_DEPTH)}}`);
    expect(deep.statusCode).toBe(400);
  });

  it('does not count brackets inside strings', () => {
    expect(jsonShapeProblem(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' }), 2)).toBeNull();
    expect(jsonShapeProblem(deepArrayText(3), 2)).toBe('depth');
  });

  it('walks a parsed value without recursion and refuses one nested too deeply', () => {
    let v: unknown = 'x';
    for (let i = 0; i < 200_000; i += 1) v = [v];
    expect(findBadText(v, '', Infinity, 200_001)).toBeNull();
    expect(findBadText(v)).toEqual({ path: expect.any(String), problem: 'depth' });
  });
});

describe('width and size', () => {
  it(`refuses a body of more than ${MAX_JSON_VALUES} values from its text with 400, signed in or not; counts no comma inside a string`, async () => {
    const wideObject = `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    for (const [url, token] of [
      ['/api/inventories', admin],
      ['/api/auth/sign-in/email', undefined],
      ['/open/stores', undefined],
    ] as const) {
      const res = await post(url, wideObject, token);
      expect(res.statusCode, url).toBe(400);
      expect(json(res).error).toBe('The request holds too many values (at most 50,000): body');
    }
    expect(jsonShapeProblem(`[${'0,'.repeat(MAX_JSON_VALUES - 1)}0]`, MAX_JSON_DEPTH, MAX_JSON_VALUES)).toBeNull();
    expect(jsonShapeProblem(`[${'0,'.repeat(MAX_JSON_VALUES)}0]`, MAX_JSON_DEPTH, MAX_JSON_VALUES)).toBe('values');
    expect(jsonShapeProblem(JSON.stringify({ notes: ','.repeat(MAX_JSON_VALUES * 2) }), MAX_JSON_DEPTH, MAX_JSON_VALUES)).toBeNull();
    // the widest input of the API, a stock-take of every id it takes, is within the bound
    const scan = JSON.stringify({ location: 'Downtown', inventories: Array.from({ length: MAX_SCAN_ITEMS }, () => crypto.randomUUID()) });
    expect(jsonShapeProblem(scan, MAX_JSON_DEPTH, MAX_JSON_VALUES)).toBeNull();
  });

  it('leaves a webhook\'s raw body to its route (its signature first), not walked byte by byte', async () => {
    // the guard used to walk the 1.3 MB Buffer's bytes as object members: about 2 s of CPU for a
    // stranger's request (docs/input-limits.md); the route answers from its connection and signature
    const wideObject = `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    const res = await post('/api/webhooks/shopify', wideObject);
    // the demo store has no storefront connection
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 for 100,000 elements or keys where a route expects a small body, never 500', async () => {
    const wideArray = JSON.stringify({ ids: Array.from({ length: 100_000 }, (_, i) => i) });
    const wideObject = JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])));
    for (const body of [wideArray, wideObject, JSON.stringify(Array.from({ length: 100_000 }, () => 0))]) {
      const res = await post('/api/inventories/bulkActions', body, admin);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('answers 413 for a body over 5 MB', async () => {
    const res = await post('/api/inventories', JSON.stringify({ title: 'x'.repeat(6 * 1024 * 1024) }), admin);
    expect(res.statusCode).toBe(413);
    expect(json(res).error).toBeTruthy();
  });
});
