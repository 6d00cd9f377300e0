// The authorization matrix (docs/security.md, "Who may read what"): generated from the routes the
// app registers (its OpenAPI document, as the fuzzer, api-fuzz-suite.ts, walks it). Every route x role
// (anonymous, consigner, employee with only Inventory, Admin) x store (this store's ids as this
// store's users; this store's ids as another store's Admin) is sent, and:
// - no answer is a 5xx;
// - no role gets a 2xx where it may not: anonymous on any /api route, a consigner outside the
//   portal's routes, the Inventory-only employee outside the routes of the areas they hold, another
//   store's Admin on a route that names one of this store's rows by id.
import { and, eq, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { ORDERS_RESYNC_JOB } from '../src/modules/orders/orders.service.ts';
import { otherStore } from './consigners-fixtures.ts';
import { createTestApp, DEMO, DEMO_HOST, type TestApp } from './helpers.ts';

type Operation = { requestBody?: unknown };
type Route = { method: string; path: string };
type Role = 'anonymous' | 'consigner' | 'inventory' | 'otherStoreAdmin' | 'admin';

let t: TestApp;
let tokens: Record<Role, string | undefined>;
let other: Awaited<ReturnType<typeof otherStore>>;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  other = await otherStore(t);
  const [admin, consigner, inventory] = await Promise.all([t.signIn(DEMO.owner), t.signIn(DEMO.ava), t.signIn(DEMO.stock)]);
  tokens = { anonymous: undefined, consigner, inventory, otherStoreAdmin: other.token, admin };
  const db = t.ctx.db;
  const [demo] = await db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  const first = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows)[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  const job = await t.ctx.jobs.create(db, { storeId: demo.id, kind: ORDERS_RESYNC_JOB, payload: { sources: [] }, total: 0 });
  ids = {
    store: demo.id,
    job: job.id,
    // not Ava (the consigner signed in): another consigner's row
    consigner: await first(db.select({ id: s.consigners.id }).from(s.consigners).where(and(eq(s.consigners.storeId, demo.id), ne(s.consigners.email, DEMO.ava)))),
    consignerType: await first(db.select({ id: s.consignerTypes.id }).from(s.consignerTypes).where(eq(s.consignerTypes.storeId, demo.id))),
    employee: await first(db.select({ id: s.employees.id }).from(s.employees).where(eq(s.employees.email, DEMO.storeAccount))),
    item: await first(db.select({ id: s.inventoryItems.id }).from(s.inventoryItems).where(eq(s.inventoryItems.storeId, demo.id))),
    product: await first(db.select({ id: s.products.id }).from(s.products).where(eq(s.products.storeId, demo.id))),
    template: await first(db.select({ id: s.productTemplates.id }).from(s.productTemplates).where(eq(s.productTemplates.storeId, demo.id))),
    subLocation: await first(db.select({ id: s.subLocations.id }).from(s.subLocations).where(eq(s.subLocations.storeId, demo.id))),
    location: await first(db.select({ id: s.locations.id }).from(s.locations).where(eq(s.locations.storeId, demo.id))),
    order: await first(db.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.storeId, demo.id))),
    payout: await first(db.select({ id: s.payouts.id }).from(s.payouts).where(eq(s.payouts.storeId, demo.id))),
    scan: await first(db.select({ id: s.scans.id }).from(s.scans).where(eq(s.scans.storeId, demo.id))),
    markdownSchedule: (await db.insert(s.markdownSchedules).values({ storeId: demo.id, name: 'Matrix', steps: [{ afterDays: 30, percentOff: 10 }] }).returning())[0].id,
  };
}, 600_000);
afterAll(async () => t?.close());

/** Which of the demo store's rows a path's {id} names. */
function idFor(path: string): string {
  const table: [RegExp, string][] = [
    [/^\/api\/(payouts\/consigner|consigners)/, 'consigner'],
    [/^\/api\/consignerTypes/, 'consignerType'],
    [/^\/(api|open)\/employees/, 'employee'],
    [/^\/api\/(inventories|inventoryLogs)/, 'item'],
    [/^\/api\/jobs/, 'job'],
    [/^\/api\/(orders|sales)/, 'order'],
    [/^\/api\/payouts/, 'payout'],
    [/^\/api\/productTemplates/, 'template'],
    [/^\/api\/products/, 'product'],
    [/^\/api\/scans/, 'scan'],
    [/^\/api\/stores/, 'store'],
    [/^\/api\/subLocations/, 'subLocation'],
    [/^\/api\/locations/, 'location'],
    [/^\/api\/markdownSchedules/, 'markdownSchedule'],
  ];
  return ids[table.find(([re]) => re.test(path))?.[1] ?? 'item'];
}

function urlOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'handle' ? 'demo' : name === 'domain' ? DEMO_HOST : name === 'code' ? 'DEMO-1' : idFor(path)));
}

// A consigner's routes (the portal, docs/people.md): their own account, items, payouts, products.
const CONSIGNER_ROUTES = new Set<string>([
  'GET /api/me',
  'POST /api/me/acceptTerms',
  'GET /api/consigners/consignerReport',
  // their own statement only (another consigner's id answers 404)
  'GET /api/consigners/{id}/statements',
  'GET /api/consigners/{id}/statements/export',
  'GET /api/consigners/{id}/statements/pdf',
  // their own payable and held money, their payout request and its cancel (another consigner's: 404)
  'GET /api/payouts/consigner/{id}/account',
  // their own store credit card (docs/consigner-account.md "Store credit"; another consigner's: 404)
  'GET /api/payouts/consigner/{id}/credit',
  'POST /api/payouts/requests',
  'POST /api/payouts/requests/{id}/cancel',
  'GET /api/inventories',
  'GET /api/inventories/paginatedInventories',
  'GET /api/inventories/filterOptions',
  'GET /api/inventories/exportInventory',
  'GET /api/inventories/getStoreProducts',
  'GET /api/inventories/consignerRequestedItems',
  'POST /api/inventories/lowestPriceInventories',
  'GET /api/inventories/ordersPayoutInventories',
  'GET /api/inventories/getdasboardInventory',
  'GET /api/inventoryLogs',
  'GET /api/products',
  'GET /api/products/submittedProducts',
  'GET /api/products/lowestVariantPrices/{id}',
  'GET /api/products/{id}',
  'GET /api/productTemplates',
  'GET /api/productTemplates/{id}',
  'GET /api/locations',
  'GET /api/subLocations',
  'GET /api/storeRequests',
  // their own requests at the end of a term (docs/consignment-terms.md "The consigner's requests")
  'GET /api/termRequests',
  'POST /api/termRequests',
  'POST /api/termRequests/{id}/cancel',
]);
// The Inventory area's routes (and those every signed-in staff member has: their own account, lists
// the Inventory screens read).
const INVENTORY_ROUTES = new Set<string>([
  'GET /api/me',
  'GET /api/inventories',
  'GET /api/inventories/{id}',
  'PUT /api/inventories/{id}',
  'GET /api/inventories/paginatedInventories',
  'GET /api/inventories/filterOptions',
  'GET /api/inventories/exportInventory',
  'POST /api/inventories/lowestPriceInventories',
  'GET /api/inventoryLogs',
  'GET /api/inventoryLogs/employees',
  'GET /api/inventoryLogs/{id}',
  'GET /api/products/lowestVariantPrices/{id}',
  'GET /api/products/{id}',
  'GET /api/productTemplates',
  'GET /api/productTemplates/{id}',
  'GET /api/locations',
  'GET /api/subLocations',
  'GET /api/scans',
  'GET /api/expiringInventory',
  'POST /api/expiringInventory/extend',
  'POST /api/expiringInventory/renew',
  'POST /api/expiringInventory/return',
  'POST /api/expiringInventory/donate',
  'POST /api/expiringInventory/convert',
  'GET /api/termRequests',
]);

const OPERATIONS_ROUTES = new Set(['GET /healthz', 'GET /readyz', 'GET /metrics']);

function mayAnswer2xx(role: Role, route: Route): boolean {
  const key = `${route.method} ${route.path}`;
  if (route.path.startsWith('/open/') || route.path.includes('webhooks')) return true;
  // the load balancer's probes answer anyone; /metrics too outside production, where it needs
  // METRICS_TOKEN (docs/operations.md; operations.test.ts proves the 401 in production)
  if (OPERATIONS_ROUTES.has(`${route.method} ${route.path}`)) return true;
  switch (role) {
    case 'anonymous':
      return false;
    case 'consigner':
      return CONSIGNER_ROUTES.has(key);
    case 'inventory':
      return INVENTORY_ROUTES.has(key);
    case 'otherStoreAdmin':
      // another store's Admin acts in their own store: fine, unless the route names one of our rows
      // (then only an answer that shows nothing of it, such as an empty list, is allowed: leaks())
      return !route.path.includes('{');
    case 'admin':
      return true;
  }
}

/** Whether an answer shows the demo store or the row its path named. */
function leaks(body: string, route: Route): boolean {
  return body.includes(ids.store) || body.includes(idFor(route.path));
}

function routesOf(doc: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => methods.includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
}

it('answers no role a 2xx it may not have, for every registered route and both stores, and never a 5xx', async () => {
  const routes = routesOf(t.app.swagger() as never);
  expect(routes.length).toBeGreaterThan(100);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  // The Admin goes last: their writes may change the demo rows the others read.
  for (const role of ['anonymous', 'consigner', 'inventory', 'otherStoreAdmin', 'admin'] as const) {
    for (const route of routes) {
      const token = tokens[role];
      const host = role === 'otherStoreAdmin' ? other.host : DEMO_HOST;
      const res: LightMyRequestResponse = await t.app.inject({
        method: route.method as 'GET',
        url: urlOf(route.path),
        headers: { host, origin: `http://${host}`, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const key = `${route.method} ${route.path}`;
      if (res.statusCode >= 500) failures.push(`${role} ${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode < 300 && !mayAnswer2xx(role, route) && !(role === 'otherStoreAdmin' && !leaks(res.body, route))) failures.push(`${role} ${key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`).join(', ');
  console.log(`authz matrix: ${routes.length} routes x 5 roles; statuses ${byStatus}`);
  expect(failures).toEqual([]);
}, 600_000);
