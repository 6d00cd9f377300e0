import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
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
});
