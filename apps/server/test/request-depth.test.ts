// Bodies nested too deeply, or too wide, are refused before any handler runs (docs/input-limits.md).
import { MAX_JSON_DEPTH } from '@backroom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBadText, jsonNestsDeeperThan } from '../src/http/input-guard.ts';
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
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan(deepArrayText(3), 2)).toBe(true);
  });

  it('walks a parsed value without recursion and refuses one nested too deeply', () => {
    let v: unknown = 'x';
    for (let i = 0; i < 200_000; i += 1) v = [v];
    expect(findBadText(v, '', Infinity, 200_001)).toBeNull();
    expect(findBadText(v)).toEqual({ path: expect.any(String), problem: 'depth' });
  });
});

describe('width and size', () => {
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
