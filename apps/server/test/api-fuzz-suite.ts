// The endpoint fuzzer ("Bad input never makes a 500"). Every route and method of the
// OpenAPI document the app serves gets fast-check generated path ids, query strings and bodies,
// as an Admin, as a consigner and anonymously: values drawn from the route's own schema (valid-ish,
// with the demo shop's real ids so requests reach the services and the database) mixed with
// adversarial ones (NUL, lone surrogates, 1 MB strings, huge, negative and NaN-like numbers,
// arrays where objects are expected, deep nesting, malformed JSON). Any 5xx, or an answer that
// takes longer than REQUEST_TIMEOUT_MS, fails the test. Routes added later are fuzzed the same way.
//
// FUZZ_RUNS (requests per route, default 60) and FUZZ_SEED (default fixed, or 'random') tune it;
// a failure prints the seed and the requests that failed.
//
// The routes are dealt into FUZZ_PARTS test files (api-fuzz-1.test.ts, api-fuzz-2.test.ts), each
// with its own app and database, so the fuzzer's minutes run on every core beside the other files
// instead of being the run's long pole (docs/testing.md "Speed").
import { readdirSync } from 'node:fs';
import { eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { setHostProbe } from '../src/modules/stores/host-probe.ts';
import { createTestApp, DEMO, DEMO_HOST, type TestApp } from './helpers.ts';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type Route = { method: string; path: string; op: Operation };
type Role = 'admin' | 'consigner' | 'anonymous';
type FuzzRequest = { role: Role; url: string; body?: { json: unknown } | { raw: string; contentType: string } };

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261125);
const REQUEST_TIMEOUT_MS = 15_000;
const MB = 'x'.repeat(1024 * 1024);

let t: TestApp;
let tokens: Record<Role, string | undefined>;
/** Real ids and values of the demo shop, so generated requests reach rows that exist. */
let known: { uuids: string[]; codes: string[]; texts: string[] };

// ---------------------------------------------------------------------------------------------
// Values

/** NUL and lone surrogates among ordinary characters: any UTF-16 code unit. */
const anyCodeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 });

function deepNest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
}

const adversarialStrings = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udbff\u0000',
  '',
  '   ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '-0',
  '0x1F',
  '1e12',
  '30000000',
  '3e9',
  '9007199254740993',
  '12.345678901234567890',
  '__proto__',
  'constructor',
  "'; DROP TABLE inventory_items; --",
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '😀🏽',
  'all',
  '2024-13-45',
  '-271821-04-20',
  '+275760-09-13',
  '0000-01-01',
);
const adversarialNumbers = fc.constantFrom(
  30_000_000,
  1_000_000,
  1e12,
  -1,
  -1e12,
  3e9,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  0,
  0.1,
  0.005,
  1e-7,
  5e-324,
  50,
);
const adversarial: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: adversarialStrings, weight: 5 },
  { arbitrary: adversarialNumbers, weight: 4 },
  { arbitrary: anyCodeUnits, weight: 3 },
  { arbitrary: fc.constant(MB), weight: 1 },
  { arbitrary: fc.constantFrom<unknown>({}, [], null, true, false, [null], [{}], { id: {} }, { __proto__: { admin: true } }), weight: 2 },
  { arbitrary: fc.constantFrom(deepNest(60), deepNest(400)), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(fc.constantFrom('a', '\u0000', 1e12), { maxLength: 3 }), weight: 1 },
);

const cap = (n: number | undefined, fallback: number, limit: number) => Math.min(n ?? fallback, limit);

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof({ arbitrary: fc.constantFrom(...known.uuids), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 });
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom(DEMO.ava, DEMO.owner));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const max = cap(schema.maxLength, 24, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
    { arbitrary: fc.constantFrom(...known.texts, ...known.codes), weight: 3 },
    { arbitrary: fc.constantFrom('2024-01-31', '2026-11-25T10:00:00.000Z', '100', '19.99', '0', 'true'), weight: 1 },
    // exactly at and just past the declared maximum length
    ...(schema.maxLength !== undefined ? [{ arbitrary: fc.constantFrom('m'.repeat(schema.maxLength), 'm'.repeat(schema.maxLength + 1)), weight: 1 }] : []),
  );
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  const inRange = integer ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ arbitrary: inRange, weight: 4 }, { arbitrary: fc.constantFrom(min, max, 1, 10, 100), weight: 2 });
}

/**
 * A value drawn from a schema. A hostile draw mixes adversarial values in at every level; a
 * friendly one keeps to the schema, so the request passes validation and reaches the service.
 */
function valueArb(schema: JsonSchema | undefined, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const fromSchema = schemaArb(schema ?? {}, hostile, depth);
  return hostile ? fc.oneof({ arbitrary: fromSchema, weight: 5 }, { arbitrary: adversarial, weight: 1 }) : fromSchema;
}

function schemaArb(schema: JsonSchema, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  const base = plainSchemaArb(schema, hostile, depth);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function plainSchemaArb(schema: JsonSchema, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => schemaArb(a, hostile, depth + 1)));
  if (schema.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties ?? {});
      merged.required!.push(...(part.required ?? []));
    }
    return schemaArb(merged, hostile, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueArb(schema.items, hostile, depth + 1), { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: cap(schema.maxItems, 4, 4) });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueArb(v, hostile, depth + 1)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
      if (!hostile) return record;
      // an unknown key now and then
      return fc.tuple(record, fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'storeId', 'status'), adversarial), { freq: 6 })).map(([r, extra]) =>
        extra ? { ...r, [extra[0]]: extra[1] } : r,
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Percent-encoding that keeps lone surrogates (as their WTF-8 bytes, which a careless client sends). */
function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value[i] + value[i + 1]);
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i]);
    }
  }
  return out;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
/** Broken escapes a raw URL may carry: a lone '%', a bad hex pair, an overlong NUL. */
const rawEscapes = fc.constantFrom('%', '%zz', '%C0%80', '%FF', '%E0%80');

function pathArb(path: string, params: Parameter[], hostile: boolean): fc.Arbitrary<string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (names.length === 0) return fc.constant(path);
  const segment = (name: string) => {
    const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
    const real = name === 'handle' ? fc.constantFrom('demo') : name === 'domain' ? fc.constantFrom(DEMO_HOST) : name === 'code' ? fc.constantFrom(...known.codes) : fc.constantFrom(...known.uuids);
    if (!hostile) return fc.oneof({ arbitrary: real, weight: 3 }, { arbitrary: valueArb(schema, false).map(asText), weight: 1 }).map(encode);
    return fc.oneof({ arbitrary: valueArb(schema, true).map((v) => encode(asText(v))), weight: 4 }, { arbitrary: rawEscapes, weight: 1 });
  };
  return fc.tuple(...names.map(segment)).map((values) => names.reduce((p, name, i) => p.replace(`{${name}}`, values[i] || 'x'), path));
}

function queryArb(params: Parameter[], hostile: boolean): fc.Arbitrary<string> {
  const query = params.filter((p) => p.in === 'query');
  const pairs = query.map((p) =>
    fc.option(
      valueArb(p.schema, hostile).map((v): [string, string][] => (Array.isArray(v) ? v.map((x) => [p.name, asText(x)]) : [[p.name, asText(v)]])),
      { freq: 3 },
    ),
  );
  const extra = hostile ? fc.option(fc.tuple(fc.constantFrom('search', 'x', '__proto__', 'currentPage'), adversarial.map(asText)), { freq: 5 }) : fc.constant(null);
  const raw = hostile ? fc.option(rawEscapes, { freq: 8 }) : fc.constant(null);
  return fc.tuple(fc.tuple(...pairs), extra, raw).map(([lists, more, raw]) => {
    const all = lists.flatMap((l) => l ?? []);
    if (more) all.push(more);
    const parts = all.map(([k, v]) => `${encode(k)}=${encode(v)}`);
    if (raw) parts.push(`search=${raw}`);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const malformedBodies = fc.constantFrom('{"a":', '{', 'null', '[]', '"text"', '1e999', '{"__proto__": {"x": 1}}', '\u0000', '{"a": "\\u0000"}', '{"a": "\\ud800"}');

function bodyArb(route: Route, hostile: boolean): fc.Arbitrary<FuzzRequest['body']> {
  const schema = route.op.requestBody?.content?.['application/json']?.schema;
  const json = schema ? schemaArb(schema, hostile, 0) : fc.constant({});
  if (!hostile) return json.map((v) => ({ json: v }));
  return fc.oneof(
    { arbitrary: json.map((v) => ({ json: v })), weight: 12 },
    { arbitrary: adversarial.map((v) => ({ json: v })), weight: 2 },
    { arbitrary: malformedBodies.map((raw) => ({ raw, contentType: 'application/json' })), weight: 1 },
    { arbitrary: fc.constantFrom('a=1', MB).map((raw) => ({ raw, contentType: 'text/plain' })), weight: 1 },
    { arbitrary: fc.constantFrom(...deepBodies, ...wideBodies).map((raw) => ({ raw, contentType: 'application/json' })), weight: 1 },
  );
}

function requestArb(route: Route, hostile: boolean): fc.Arbitrary<FuzzRequest> {
  const params = route.op.parameters ?? [];
  const hasBody = !['GET', 'DELETE'].includes(route.method) || route.op.requestBody !== undefined;
  return fc
    .record({
      role: fc.constantFrom<Role>('admin', 'admin', 'consigner', 'anonymous'),
      path: pathArb(route.path, params, hostile),
      query: queryArb(params, hostile),
      body: hasBody ? bodyArb(route, hostile) : fc.constant(undefined),
    })
    .map(({ role, path, query, body }) => ({ role, url: `${path}${query}`, body }));
}

/** Half the requests keep to the schema (they reach the services), half are hostile. */
const routeArb = (route: Route) => fc.oneof(requestArb(route, false), requestArb(route, true));

async function send(route: Route, req: FuzzRequest): Promise<LightMyRequestResponse> {
  const token = tokens[req.role];
  const headers: Record<string, string> = { host: DEMO_HOST, origin: `http://${DEMO_HOST}`, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  let payload: string | undefined;
  if (req.body && 'json' in req.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.body.json) ?? 'null';
  } else if (req.body) {
    headers['content-type'] = req.body.contentType;
    payload = req.body.raw;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([t.app.inject({ method: route.method as 'GET', url: req.url, headers, payload }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function routesOf(doc: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => methods.includes(m))
      .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
  );
}

const short = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return text.length > 300 ? `${text.slice(0, 300)}... (${text.length} chars)` : text;
};

/** Bodies nested 100,000 levels, and 100,000 elements or keys wide, as text (no recursion to build them). */
const HUGE = 100_000;
const deepBodies = [`${'['.repeat(HUGE)}0${']'.repeat(HUGE)}`, `${'{"a":'.repeat(HUGE)}0${'}'.repeat(HUGE)}`];
const wideBodies = [`[${Array.from({ length: HUGE }, (_, i) => i).join(',')}]`, `{${Array.from({ length: HUGE }, (_, i) => `"k${i}":${i}`).join(',')}}`];

/** The number of test files the routes are dealt into (api-fuzz-N.test.ts, N = 1..FUZZ_PARTS). */
export const FUZZ_PARTS = 2;

/**
 * The fuzzer's tests over part `part` (1-based) of the routes: route number i of the OpenAPI document
 * belongs to part (i mod FUZZ_PARTS) + 1, so every route is fuzzed by exactly one file.
 */
export function fuzzPart(part: number) {
  const mine = (routes: Route[]) => routes.filter((_, i) => i % FUZZ_PARTS === part - 1);
  describe(`api fuzz, part ${part} of ${FUZZ_PARTS}`, () => {
    if (part === 1) {
      it('is dealt into exactly FUZZ_PARTS files, so no route is left out', () => {
        const files = readdirSync(import.meta.dirname).filter((f) => /^api-fuzz-\d+\.test\.ts$/.test(f));
        expect(files.sort()).toEqual(Array.from({ length: FUZZ_PARTS }, (_, i) => `api-fuzz-${i + 1}.test.ts`));
      });
    }

    beforeAll(async () => {
      t = await createTestApp();
      const [admin, consigner] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava)]);
      tokens = { admin, consigner, anonymous: undefined };
      // host proofs are looked for without a network: no TXT record, and every host resolves privately
      setHostProbe(t.ctx, { resolveTxt: async () => Promise.reject(Object.assign(new Error('no record'), { code: 'ENOTFOUND' })), lookup: async () => [{ address: '10.0.0.1', family: 4 }] });
      const db = t.ctx.db;
      // an open payout request of Ava's (the seed has none), so the request routes' ids reach a row
      const [ava] = await db.select({ id: s.consigners.id, storeId: s.consigners.storeId }).from(s.consigners).where(eq(s.consigners.email, DEMO.ava));
      const [request] = await db.insert(s.payoutRequests).values({ storeId: ava.storeId, consignerId: ava.id, amount: 1000 }).returning({ id: s.payoutRequests.id });
      // store credit of Ava's, so a counter sale paid with it (creditConsignerId) reaches the spend
      await db.insert(s.ledgerEntries).values({ storeId: ava.storeId, consignerId: ava.id, kind: 'store_credit', amount: 50_000, memo: 'Fuzzed credit' });
      // a markdown schedule, so the schedules' routes reach a row (docs/consignment-terms.md "Markdowns")
      const [demoStore] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.handle, 'demo'));
      const schedules = await db.insert(s.markdownSchedules).values({ storeId: demoStore.id, name: 'Fuzzed', steps: [{ afterDays: 30, percentOff: 10 }] }).returning({ id: s.markdownSchedules.id });
      const [items, products, templates, subLocations, consigners, employees] = await Promise.all([
        db.select({ id: s.inventoryItems.id, code: s.inventoryItems.code }).from(s.inventoryItems).limit(40),
        db.select({ id: s.products.id, sku: s.products.sku }).from(s.products).limit(20),
        db.select({ id: s.productTemplates.id }).from(s.productTemplates),
        db.select({ id: s.subLocations.id, name: s.subLocations.name, location: s.subLocations.locationName }).from(s.subLocations),
        db.select({ id: s.consigners.id }).from(s.consigners),
        // Not the signed-in owner: a request disabling its own account would end the run's Admin part.
        db.select({ id: s.employees.id }).from(s.employees).where(ne(s.employees.email, DEMO.owner)),
      ]);
      // a consigner's open request at the end of a term (docs/consignment-terms.md), so /api/termRequests/{id} reaches a row
      const [termItem] = await db.select().from(s.inventoryItems).limit(1);
      const termRequests = await db.insert(s.termRequests).values({ storeId: termItem.storeId, inventoryId: termItem.id, consignerId: termItem.consignerId, kind: 'renew' }).returning({ id: s.termRequests.id });
      known = {
        uuids: [...items, ...products, ...templates, ...subLocations, ...consigners, ...employees, ...termRequests, request, ...schedules, ...(await db.select({ id: s.stores.id }).from(s.stores))].map((r) => r.id),
        codes: [...items.map((i) => i.code), ...products.map((p) => p.sku), 'demo'],
        texts: ['Downtown', 'Uptown', 'Warehouse', 'Shelf A', 'ONLINE MARKETPLACE', '10', '10.5', 'New', 'Used', 'Good Box', 'Sneakers', 'Active', 'Pending', ...subLocations.map((l) => l.name)],
      };
    }, 600_000);
    afterAll(async () => t?.close());

    it('answers a body nested 100,000 levels deep with 400, and one 100,000 wide without a 5xx, on every route that takes a body', async () => {
      const routes = mine(routesOf(t.app.swagger() as never)).filter((r) => r.method !== 'GET');
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const route of routes) {
        const url = route.path.replace(/\{(\w+)\}/g, () => known.uuids[0]);
        for (const [kind, payload] of [...deepBodies.map((b) => ['deep', b] as const), ...wideBodies.map((b) => ['wide', b] as const)]) {
          for (const role of ['admin', 'anonymous'] as const) {
            const token = tokens[role];
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              payload,
              headers: { host: DEMO_HOST, origin: `http://${DEMO_HOST}`, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            // The storefront webhooks read raw bytes and check their signature first (401, or 404 without a connection).
            const webhook = route.path.startsWith('/open/storefront/webhooks') || route.path.includes('webhook');
            const clientError = res.statusCode >= 400 && res.statusCode < 500;
            // A wide body is refused by the route's schema, or ignored by a route that reads no body.
            const ok = kind === 'deep' ? (webhook ? clientError : res.statusCode === 400) : res.statusCode < 500;
            if (!ok) failures.push(`${route.method} ${route.path} ${kind} as ${role}: ${res.statusCode} ${short(res.body)}`);
          }
        }
      }
      const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`).join(', ');
      console.log(`api-fuzz part ${part} deep and wide bodies: ${routes.length} routes; statuses ${byStatus}`);
      expect(failures).toEqual([]);
    }, 600_000);

    it('answers every route, method, role and generated input without a 5xx or a hang', async () => {
      const all = routesOf(t.app.swagger() as never);
      expect(all.length).toBeGreaterThan(50);
      const routes = mine(all);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let requests = 0;
      const started = Date.now();
      const slowest: [number, string][] = [];
      for (const route of routes) {
        // the seed of a route is its place in the whole document, whichever part fuzzes it
        const samples = fc.sample(routeArb(route), { numRuns: RUNS_PER_ROUTE, seed: SEED + all.indexOf(route) });
        const routeStarted = Date.now();
        for (const req of samples) {
          requests += 1;
          let res: LightMyRequestResponse;
          try {
            res = await send(route, req);
          } catch (err) {
            failures.push(`${route.method} ${short(req.url)} as ${req.role} with ${short(req.body)}: ${(err as Error).message}`);
            console.error(failures.at(-1));
            continue;
          }
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            failures.push(`${route.method} ${short(req.url)} as ${req.role} with ${short(req.body)}: ${res.statusCode} ${short(res.body)}`);
            console.error(failures.at(-1));
          }
        }
        slowest.push([Date.now() - routeStarted, `${route.method} ${route.path}`]);
      }
      if (process.env.FUZZ_TIMING) console.log(slowest.sort(([a], [b]) => b - a).slice(0, 15).map(([ms, r]) => `${ms} ms ${r}`).join('\n'));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`).join(', ');
      const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
      console.log(`api-fuzz part ${part} on ${database}: ${requests} requests over ${routes.length} of ${all.length} routes (method + path) in ${seconds} s, seed ${SEED}; statuses ${byStatus}`);
      expect(failures, `seed ${SEED}; ${failures.length} failing requests:\n${failures.slice(0, 40).join('\n')}`).toEqual([]);
      // a loaded machine is slow, not broken: hangs are caught per request above
    }, 1_800_000);
  });
}
