import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mappedByPlan } from '../src/db/row-mapper.ts';
import * as s from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Rows of a statement built once, mapped by a plan made once (db/row-mapper.ts): the same values as
// drizzle's own mapping, on the database the suite runs on.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 600_000);
afterAll(async () => {
  await t.close();
});

const i = s.inventoryItems;
/** The list's shape: a whole table, joined tables' columns in objects, a value of SQL with and without a decoder. */
const itemsWithRelations = () =>
  t.ctx.db
    .select({
      item: i,
      consigner: { id: s.consigners.id, lastName: s.consigners.lastName, isActive: s.consigners.isActive },
      order: { id: s.orders.id, name: s.orders.name, orderDate: s.orders.orderDate },
      version: sql<string>`${i}.xmin::text`,
      doubled: sql<number>`${i.quantity} * 2`.mapWith(Number),
    })
    .from(i)
    .leftJoin(s.consigners, and(eq(s.consigners.storeId, i.storeId), eq(s.consigners.id, i.consignerId)))
    .leftJoin(s.orders, and(eq(s.orders.storeId, i.storeId), eq(s.orders.id, i.orderId)))
    .orderBy(i.code);

describe('rows mapped by a plan', () => {
  it('gives what drizzle gives: dates, numbers, JSON, and a left join with no row as null', async () => {
    const byDrizzle = await itemsWithRelations().prepare('').execute();
    const byPlan = await mappedByPlan(itemsWithRelations().prepare('')).execute();
    expect(byDrizzle.length).toBeGreaterThan(10);
    expect(byPlan).toEqual(byDrizzle);
    // both kinds of join are there: sold items with their order, items on the floor without one
    expect(byPlan.some((r) => r.order === null)).toBe(true);
    expect(byPlan.some((r) => r.order !== null && r.order.orderDate instanceof Date)).toBe(true);
    expect(byPlan[0].item.createdAt).toBeInstanceOf(Date);
    expect(typeof byPlan[0].doubled).toBe('number');
  });

  it("follows drizzle where a joined object's first column is null and another is not", async () => {
    // a right-hand object led by a column that is null on every row, followed by one that is not
    const query = () =>
      t.ctx.db
        .select({ id: i.id, product: { image: s.products.image, title: s.products.title } })
        .from(i)
        .leftJoin(s.products, and(eq(s.products.storeId, i.storeId), eq(s.products.id, i.productId)))
        .where(sql`${s.products.image} is null`)
        .limit(5);
    await t.ctx.db.update(s.products).set({ image: null }).where(sql`${s.products.id} = (select product_id from inventory_items order by code limit 1)`);
    const byDrizzle = await query().prepare('').execute();
    expect(byDrizzle.length).toBeGreaterThan(0);
    expect(await mappedByPlan(query().prepare('')).execute()).toEqual(byDrizzle);
  });

  it('refuses a prepared query it cannot read, rather than mapping it wrong', () => {
    expect(() => mappedByPlan({ execute: () => Promise.resolve([]) })).toThrow(/no `fields`/);
  });
});
