// Factories for the inventory write API tests: items straight into the demo store, in any status.
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { generateInventoryCode } from '../src/modules/inventory/inventory-code.ts';
import { DEMO, json, type TestApp } from './helpers.ts';

export type DemoRefs = Awaited<ReturnType<typeof demoRefs>>;
export type Who = 'ava' | 'marco' | 'lena' | 'store';

export async function demoRefs(t: TestApp) {
  const [store] = await t.ctx.db.select().from(s.stores).where(eq(s.stores.handle, 'demo'));
  const consigners = await t.ctx.db.select().from(s.consigners).where(eq(s.consigners.storeId, store.id));
  const byEmail = (email: string) => consigners.find((c) => c.email === email)!;
  const templates = await t.ctx.db.select().from(s.productTemplates).where(eq(s.productTemplates.storeId, store.id));
  const sneakers = templates.find((x) => x.title === 'Sneakers')!;
  const apparel = templates.find((x) => x.title === 'Apparel')!;
  const products = await t.ctx.db.select().from(s.products).where(eq(s.products.storeId, store.id)).orderBy(asc(s.products.title));
  const employees = await t.ctx.db.select().from(s.employees).where(eq(s.employees.storeId, store.id));
  return {
    store,
    consigner: {
      ava: byEmail(DEMO.ava),
      marco: byEmail(DEMO.marco),
      lena: byEmail('lena@demo.backroom.test'),
      store: byEmail(DEMO.storeAccount),
    } as Record<Who, typeof s.consigners.$inferSelect>,
    sneakers,
    apparel,
    sneaker: products.find((p) => p.productTemplateId === sneakers.id)!,
    shirt: products.find((p) => p.productTemplateId === apparel.id)!,
    owner: employees.find((e) => e.email === DEMO.owner)!,
    stock: employees.find((e) => e.email === DEMO.stock)!,
  };
}

/**
 * An item of the demo store, written directly, with sensible defaults for its status. A consigned
 * Sold or Paid item also gets the ledger entries its sale (and payout) would have written, as the
 * seed does (the consigner figures are sums of the ledger: docs/sales.md); `ledger: false` leaves
 * them to the caller.
 */
export async function makeItem(t: TestApp, refs: DemoRefs, opts: Partial<typeof s.inventoryItems.$inferInsert> & { who?: Who; ledger?: boolean } = {}) {
  const { who = 'ava', ledger = true, ...over } = opts;
  const status = over.status ?? 'Active';
  const onHand = !['Requested', 'Pending', 'Consignment', 'Buying', 'StoreRequestPriceChange', 'Declined'].includes(status);
  const [row] = await t.ctx.db
    .insert(s.inventoryItems)
    .values({
      id: crypto.randomUUID(),
      storeId: refs.store.id,
      code: generateInventoryCode(),
      productId: refs.sneaker.id,
      productTemplateId: refs.sneakers.id,
      consignerId: refs.consigner[who].id,
      sku: refs.sneaker.sku,
      title: refs.sneaker.title,
      category: 'Sneakers',
      status,
      option1Value: '10',
      option2Value: 'New',
      option3Value: 'Good Box',
      price: 10000,
      payout: 7700,
      payoutFee: 2300,
      total: 7700,
      quantity: 1,
      location: onHand ? 'Downtown' : null,
      subLocation: null,
      acceptedOn: onHand ? new Date('2026-10-01T10:00:00Z') : null,
      ...over,
    })
    .returning();
  if (ledger && (row.status === 'Sold' || row.status === 'Paid') && row.buyingId === null && row.paymentType === null) {
    const base = { storeId: row.storeId, consignerId: row.consignerId, inventoryId: row.id, orderId: row.orderId };
    const sale = row.price * row.quantity;
    await t.ctx.db.insert(s.ledgerEntries).values([
      { ...base, kind: 'sale', amount: sale },
      ...(row.total !== sale ? [{ ...base, kind: 'fee' as const, amount: row.total - sale }] : []),
      ...(row.status === 'Paid' ? [{ ...base, kind: 'payout' as const, amount: -row.total }] : []),
    ]);
  }
  return row;
}

export async function itemRow(t: TestApp, id: string) {
  return (await t.ctx.db.select().from(s.inventoryItems).where(eq(s.inventoryItems.id, id)))[0] ?? null;
}

export async function logsOf(t: TestApp, inventoryId: string) {
  return t.ctx.db.select().from(s.inventoryLogs).where(eq(s.inventoryLogs.inventoryId, inventoryId)).orderBy(asc(s.inventoryLogs.updatedAt));
}

/** An employee of the demo store with exactly these areas, signed in; returns the token. */
export async function employeeWith(t: TestApp, refs: DemoRefs, email: string, accessControls: string[]) {
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost' }, body: { email, password: 'employee-password', name: email } });
  const userId = json<{ user: { id: string } }>(signup).user.id;
  await t.ctx.db.update(s.user).set({ emailVerified: true }).where(eq(s.user.id, userId));
  await t.ctx.db.insert(s.employees).values({ storeId: refs.store.id, firstName: 'No', lastName: 'Inventory', email, accessControls, fbUserId: userId });
  return t.signIn(email, 'employee-password');
}

/** A second store with its own domain and a signed-in admin (as tenancy.test.ts). */
export async function secondStore(t: TestApp) {
  const res = await t.request({ method: 'POST', url: '/open/stores', body: { name: 'Second Shop', email: 'boss@second.test', handle: 'second' } });
  expect(res.statusCode).toBe(201);
  const store = json<{ data: { store: { id: string } } }>(res).data.store;
  await t.ctx.db.update(s.stores).set({ domain: 'second.test' }).where(eq(s.stores.id, store.id));
  const [owner] = await t.ctx.db.select().from(s.employees).where(and(eq(s.employees.storeId, store.id)));
  const signup = await t.request({ method: 'POST', url: '/api/auth/sign-up/email', host: 'second.test', headers: { origin: 'http://second.test' }, body: { email: 'boss@second.test', password: 'second-password', name: 'Boss' } });
  const fbUserId = json<{ user: { id: string } }>(signup).user.id;
  await t.request({ method: 'PUT', url: `/open/employees/accept/${owner.id}`, body: { token: owner.inviteToken, fbUserId } });
  return { storeId: store.id, host: 'second.test', token: await t.signIn('boss@second.test', 'second-password', 'second.test') };
}
