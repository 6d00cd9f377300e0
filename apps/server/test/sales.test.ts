// Selling (issue 11): recordSale (every source's entry), the counter sale API, undo and the ledger.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { markOrderPaid, recordSale, undoSale } from '../src/modules/sales/sales.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { demoRefs, itemRow, logsOf, makeItem, type DemoRefs } from './inventory-fixtures.ts';

let t: TestApp;
let refs: DemoRefs;
const by = { id: null, name: 'Test import' };

beforeAll(async () => {
  t = await createTestApp();
  refs = await demoRefs(t);
}, 60_000);
afterAll(async () => t.close());

describe('recordSale', () => {
  it('sells Active items in one order, named S-1001, with log and ledger entries', async () => {
    const a = await makeItem(t, refs, { who: 'lena' });
    const b = await makeItem(t, refs, { who: 'lena', price: 5000, payout: 3500, total: 3500 });
    const before = (await ledgerRepository.balances(t.ctx.db, refs.store.id, [refs.consigner.lena.id])).get(refs.consigner.lena.id) ?? 0;
    const { order, created } = await recordSale(t.ctx, refs.store, by, { source: 'counter', financialStatus: 'paid', paymentMethod: 'cash', lines: [{ inventoryId: a.id }, { inventoryId: b.id }] });
    expect(created).toBe(true);
    expect(order.name).toBe('S-1001');
    expect(order.total).toBe(15000);
    const item = await itemRow(t, a.id);
    expect(item?.status).toBe('Sold');
    expect(item?.orderId).toBe(order.id);
    expect(item?.soldOn).toBeInstanceOf(Date);
    expect((await logsOf(t, a.id)).at(-1)?.modifiedFields).toEqual(expect.arrayContaining([{ variableChanged: 'status', beforeValue: 'Active', afterValue: 'Sold' }]));
    const after = (await ledgerRepository.balances(t.ctx.db, refs.store.id, [refs.consigner.lena.id])).get(refs.consigner.lena.id) ?? 0;
    expect(after - before).toBe(7700 + 3500);

    const second = await recordSale(t.ctx, refs.store, by, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: (await makeItem(t, refs)).id }] });
    expect(second.order.name).toBe('S-1002');

    await undoSale(t.ctx, refs.store, by, order.id);
    expect((await itemRow(t, a.id))?.status).toBe('Active');
    const undone = (await ledgerRepository.balances(t.ctx.db, refs.store.id, [refs.consigner.lena.id])).get(refs.consigner.lena.id) ?? 0;
    expect(undone).toBe(before);
    const again = await recordSale(t.ctx, refs.store, by, { source: 'counter', financialStatus: 'pending', lines: [{ inventoryId: a.id }] });
    expect((await itemRow(t, a.id))?.status).toBe('PendingSale');
    await markOrderPaid(t.ctx, refs.store, by, again.order.id);
    expect((await itemRow(t, a.id))?.status).toBe('Sold');
    const lines = await t.ctx.db.select().from(s.lineItems).where(eq(s.lineItems.inventoryId, a.id));
    expect(lines.map((l) => l.active).sort()).toEqual([false, true]);
  });

  it('refuses a second sale of an item, also two at once', async () => {
    const a = await makeItem(t, refs);
    const results = await Promise.allSettled([1, 2].map(() => recordSale(t.ctx, refs.store, by, { source: 'counter', financialStatus: 'paid', lines: [{ inventoryId: a.id }] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.status).toBe(409);
  });
});
