import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as s from '../src/db/schema/index.ts';
import { BULK_JOB_KIND } from '../src/modules/inventory/inventory-bulk.service.ts';
import { ORDERS_RESYNC_JOB } from '../src/modules/orders/orders.service.ts';
import { STORE_RESYNC_JOB } from '../src/modules/stores/stores-settings.service.ts';
import { createTestApp, DEMO, waitForJob, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());


describe('background jobs', () => {
  it('runs a queued job, reports progress, and keeps going past a failed item', async () => {
    t.ctx.jobs.register('test.count', async ({ job, itemDone, itemFailed }) => {
      const ids = job.payload.ids as string[];
      for (const id of ids) {
        if (id === 'bad') await itemFailed(id, 'refused');
        else await itemDone();
      }
      return { seen: ids.length };
    });
    const [store] = await t.ctx.db.select().from(s.stores).limit(1);
    const job = await t.ctx.jobs.create(t.ctx.db, { storeId: store.id, kind: 'test.count', payload: { ids: ['a', 'bad', 'c'] }, total: 3 });
    await t.ctx.jobs.dispatch(job);
    const token = await t.signIn(DEMO.owner);
    const done = await waitForJob(t, token, job.id);
    expect(done).toMatchObject({ status: 'completed', done: 2, failed: 1, errors: [{ id: 'bad', error: 'refused' }], result: { seen: 3 } });
  });

  it('hides jobs from consigners and from other stores', async () => {
    const token = await t.signIn(DEMO.ava);
    const res = await t.request({ method: 'GET', url: '/api/jobs/00000000-0000-4000-8000-000000000000', token });
    expect(res.statusCode).toBe(403);
    const owner = await t.signIn(DEMO.owner);
    const missing = await t.request({ method: 'GET', url: '/api/jobs/00000000-0000-4000-8000-000000000000', token: owner });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a job only to the area that starts its kind, or to whoever started it', async () => {
    const [store] = await t.ctx.db.select().from(s.stores).limit(1);
    const [stockEmployee] = await t.ctx.db.select().from(s.employees).where(eq(s.employees.email, DEMO.stock));
    const ordersJob = await t.ctx.jobs.create(t.ctx.db, { storeId: store.id, kind: ORDERS_RESYNC_JOB, payload: { sources: [] }, total: 0, createdBy: { id: 'someone-else', name: 'Owner' } });
    const inventoryJob = await t.ctx.jobs.create(t.ctx.db, { storeId: store.id, kind: BULK_JOB_KIND, payload: {}, total: 0, createdBy: { id: 'someone-else', name: 'Owner' } });
    const ownSettingsJob = await t.ctx.jobs.create(t.ctx.db, { storeId: store.id, kind: STORE_RESYNC_JOB, payload: {}, total: 0, createdBy: { id: stockEmployee.id, name: 'Stock' } });
    const unknownKind = await t.ctx.jobs.create(t.ctx.db, { storeId: store.id, kind: 'test.unregistered', payload: {}, total: 0 });
    const stock = await t.signIn(DEMO.stock); // Inventory only
    const read = (id: string, token: string) => t.request({ method: 'GET', url: `/api/jobs/${id}`, token });
    const refused = await read(ordersJob.id, stock);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You do not have access to this area' });
    expect((await read(unknownKind.id, stock)).statusCode).toBe(403);
    expect((await read(inventoryJob.id, stock)).statusCode).toBe(200);
    expect((await read(ownSettingsJob.id, stock)).statusCode).toBe(200);
    const owner = await t.signIn(DEMO.owner);
    for (const job of [ordersJob, inventoryJob, ownSettingsJob, unknownKind]) expect((await read(job.id, owner)).statusCode).toBe(200);
  });

  it('stops without an unhandled rejection when a job outlives the stop and fails after the database closed', async () => {
    // pg-boss marks a job failed without awaiting it; with the database closed that statement used to
    // reject where nobody caught it (CI's PostgreSQL run, storefront orders). Takes the 5 s stop timeout.
    const late = await createTestApp();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      late.ctx.jobs.register('test.outlives-stop', async () => {
        started();
        await gate;
        throw new Error('ended after the stop');
      });
      const [store] = await late.ctx.db.select().from(s.stores).limit(1);
      const job = await late.ctx.jobs.create(late.ctx.db, { storeId: store.id, kind: 'test.outlives-stop', payload: {}, total: 0 });
      await late.ctx.jobs.dispatch(job);
      await running;
      await late.close();
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 30_000);
});
