// Store isolation across the whole API: a user, a token or an id of one store reads and changes
// nothing of another. Every route of the OpenAPI document is called, so a route added later is
// covered without touching this file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, json, type TestApp } from './helpers.ts';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  nullable?: boolean;
};
type Operation = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; params: { in: string; name: string }[]; body?: JsonSchema };

const ATTACKER_HOST = 'attacker.test';
const VICTIM_HOST = 'localhost'; // the seeded demo store

let t: TestApp;
let victimStoreId: string;
let attackerStoreId: string;
let attackerToken: string;
let operations: Operation[];
/** Ids of the victim store's rows by kind (the first few of each table). */
let victimIds: Record<string, string[]>;
let victimCode: string;
let victimSku: string;
/** Every id and e-mail of the victim store: none may appear in an answer to the attacker. */
let victimSecrets: Set<string>;
let victimSnapshot: string;

/** Every row of every tenant table (and the store itself and its users' identities) of one store. */
async function snapshot(storeId: string): Promise<Record<string, unknown[]>> {
  const tables = (await t.ctx.database.executeSql(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'store_id' order by table_name`,
    [],
  )).rows as { table_name: string }[];
  const out: Record<string, unknown[]> = {};
  out.stores = (await t.ctx.database.executeSql(`select * from stores where id = $1`, [storeId])).rows;
  for (const { table_name } of tables) {
    // Ordered by the whole row: some tables (payout_items, store_integrations) have no id column.
    out[table_name] = (await t.ctx.database.executeSql(`select * from "${table_name}" t where store_id = $1 order by t::text`, [storeId])).rows;
  }
  out.user = (await t.ctx.database.executeSql(
    `select * from "user" where id in (select fb_user_id from employees where store_id = $1 union select fb_user_id from consigners where store_id = $1) order by id`,
    [storeId],
  )).rows;
  return out;
}

function idKindFor(name: string, kind: string): string {
  const n = name.toLowerCase();
  if (n.includes('consigner')) return 'consigners';
  if (n.includes('product') && !n.includes('template')) return 'products';
  if (n.includes('template')) return 'productTemplates';
  return kind;
}

/** A body that passes as much validation as possible while pointing at the victim's rows. */
function sample(schema: JsonSchema | undefined, name: string, kind: string): unknown {
  if (!schema) return undefined;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], name, kind);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, key, kind);
      return out;
    }
    case 'array': {
      const items = schema.items;
      const isId = items && (items.format === 'uuid' || (items.anyOf ?? []).some((o) => o.format === 'uuid'));
      if (isId) return victimIds[idKindFor(name, kind)]?.slice(0, 3) ?? [];
      return [sample(items, name, kind)];
    }
    case 'string':
      if (schema.format === 'uuid') return victimIds[idKindFor(name, kind)]?.[0];
      if (name === 'code') return victimCode;
      if (name.toLowerCase().includes('location')) return 'Downtown';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return 100;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

function urlFor(op: Operation, kind: string): string {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'code') return victimCode;
    if (name === 'handle') return 'demo';
    if (name === 'domain') return 'demo.backroom.local';
    return victimIds[kind]?.[0] ?? '00000000-0000-4000-8000-000000000000';
  });
  const query = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (p.name === 'consigner') query.set(p.name, victimIds.consigners[0]);
    else if (p.name === 'productId') query.set(p.name, victimIds.products[0]);
    else if (p.name === 'search') query.set(p.name, victimSku);
    else if (p.name === 'location') query.set(p.name, 'Downtown');
  }
  if ([...query].length) url += `?${query}`;
  return url;
}

const takesIds = (op: Operation) => op.path.includes('{') || op.params.some((p) => p.in === 'query') || op.body !== undefined;

async function call(op: Operation, kind: string, opts: { token?: string; host: string; headers?: Record<string, string> }) {
  const body = op.body ? sample(op.body, '', kind) : op.method === 'POST' || op.method === 'PUT' ? {} : undefined;
  return t.request({ method: op.method, url: urlFor(op, kind), token: opts.token, host: opts.host, headers: opts.headers, body });
}

/** Waits until no background job of any store is still running. */
async function jobsSettled() {
  for (let i = 0; i < 100; i += 1) {
    const running = await t.ctx.database.executeSql(`select count(*)::int as n from background_jobs where status not in ('completed', 'failed')`, []);
    if ((running.rows[0] as { n: number }).n === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const [victim] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  victimStoreId = victim.id;

  // The attacker: the Admin of a store of their own, on their own domain.
  const created = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Attacker Shop', email: 'boss@attacker.test', handle: 'attacker' } });
  attackerStoreId = json<{ data: { store: { id: string } } }>(created).data.store.id;
  await t.ctx.db.update(s.stores).set({ domain: ATTACKER_HOST }).where(eq(s.stores.id, attackerStoreId));
  const [owner] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, attackerStoreId));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: ATTACKER_HOST, headers: { origin: `http://${ATTACKER_HOST}` }, body: { email: 'boss@attacker.test', password: 'attacker-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } });
  attackerToken = await t.signIn('boss@attacker.test', 'attacker-password', ATTACKER_HOST);

  // a consigner's open request at the end of a term (docs/consignment-terms.md), so the routes that name one are tried with the victim's
  const [termItem] = await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.storeId, victimStoreId)).limit(1);
  await t.ctx.db.insert(s.termRequests).values({ storeId: victimStoreId, inventoryId: termItem.id, consignerId: termItem.consignerId, kind: 'renew', endsOn: '2026-12-29' });
  // an open payout request of the victim's (the seed has none): its pay and cancel routes must not reach it
  const [asker] = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, victimStoreId)).limit(1);
  await t.ctx.db.insert(s.payoutRequests).values({ storeId: victimStoreId, consignerId: asker.id, amount: 1000 });
  // store credit of the victim's consigner (docs/consigner-account.md "Store credit"): a counter sale
  // sent from the attacker's store naming them (creditConsignerId) must not spend it
  await t.ctx.db.insert(s.ledgerEntries).values({ storeId: victimStoreId, consignerId: asker.id, kind: 'store_credit', amount: 100_000, memo: 'Victim credit' });
  // a markdown schedule of the victim's, so the schedules' routes are sent a victim's id
  await t.ctx.db.insert(s.markdownSchedules).values({ storeId: victimStoreId, name: 'Victim markdown', steps: [{ afterDays: 30, percentOff: 10 }] });
  const snap = await snapshot(victimStoreId);
  const idsOf = (table: string) => (snap[table] as { id: string }[]).map((r) => r.id).slice(0, 3);
  victimIds = {
    products: idsOf('products'),
    inventory: idsOf('inventory_items'),
    employees: idsOf('employees'),
    consigners: idsOf('consigners'),
    productTemplates: idsOf('product_templates'),
    subLocations: idsOf('sub_locations'),
    locations: idsOf('locations'),
    orders: idsOf('orders'),
    payouts: idsOf('payouts'),
    inventoryLogs: idsOf('inventory_logs'),
    consignerTypes: idsOf('consigner_types'),
    termRequests: idsOf('term_requests'),
    payoutRequests: idsOf('payout_requests'),
    markdownSchedules: idsOf('markdown_schedules'),
  };
  victimCode = (snap.inventory_items[0] as { code: string }).code;
  victimSku = (snap.products[0] as { sku: string }).sku;
  victimSecrets = new Set<string>();
  for (const rows of Object.values(snap)) {
    for (const row of rows as Record<string, unknown>[]) {
      if (typeof row.id === 'string') victimSecrets.add(row.id);
      if (typeof row.email === 'string') victimSecrets.add(row.email);
      if (typeof row.code === 'string') victimSecrets.add(row.code);
    }
  }
  victimSnapshot = JSON.stringify(snap);

  const doc = json<{ paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> }>(
    await t.request({ method: 'GET', url: '/api/docs/json' }),
  );
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}, 120_000);
afterAll(async () => t.close());

describe('isolation between stores, on every route of the API', () => {
  it('knows the routes it is checking', () => {
    // a sanity check that the OpenAPI document lists the API (and so this test covers it)
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(expect.arrayContaining(['GET /api/employees/{id}', 'PUT /api/products/{id}', 'POST /api/inventories/transfer']));
  });

  it("refuses another store's token on every /api route of this store", async () => {
    const accepted: string[] = [];
    for (const op of operations.filter((o) => o.path.startsWith('/api/'))) {
      const res = await call(op, 'inventory', { token: attackerToken, host: VICTIM_HOST });
      if (res.statusCode < 300) accepted.push(`${op.method} ${op.path} -> ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
  }, 300_000);

  it('refuses every /api route without a token, and every /open invite route without its token', async () => {
    const accepted: string[] = [];
    for (const op of operations.filter((o) => o.path.startsWith('/api/') || o.path.startsWith('/open/employees'))) {
      const res = await call(op, 'employees', { host: VICTIM_HOST });
      if (res.statusCode < 300) accepted.push(`${op.method} ${op.path} -> ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
  }, 300_000);

  it("never shows or changes the other store's rows when its ids are sent from this store, even with its handle", async () => {
    const leaks: string[] = [];
    const kinds = Object.keys(victimIds);
    for (const op of operations.filter((o) => o.path.startsWith('/api/'))) {
      for (const kind of takesIds(op) ? kinds : ['inventory']) {
        // the victim's handle sent from the attacker's domain: the domain wins (checked once per route)
        for (const headers of kind === 'inventory' ? [undefined, { 'x-store-handle': 'demo' }] : [undefined]) {
          const res = await call(op, kind, { token: attackerToken, host: ATTACKER_HOST, headers });
          if (res.statusCode >= 300) continue;
          const found = [...victimSecrets].filter((secret) => res.body.includes(secret));
          if (found.length) leaks.push(`${op.method} ${urlFor(op, kind)} -> ${res.statusCode} shows ${found.slice(0, 3).join(', ')}`);
        }
      }
    }
    await jobsSettled();
    expect(leaks).toEqual([]);
    // Nothing of the victim changed...
    expect(JSON.stringify(await snapshot(victimStoreId))).toBe(victimSnapshot);
    // ...and nothing the attacker made points at the victim's rows.
    const pointers: string[] = [];
    for (const [table, rows] of Object.entries(await snapshot(attackerStoreId))) {
      // a bulk job's record keeps the ids it was asked for (and reports them not found): not a link
      if (table === 'background_jobs') continue;
      for (const row of rows as Record<string, unknown>[]) {
        const text = JSON.stringify(row);
        const found = [...victimSecrets].filter((secret) => text.includes(secret));
        if (found.length) pointers.push(`${table}: ${text.slice(0, 300)}`);
      }
    }
    expect(pointers).toEqual([]);
  }, 600_000);
});
