// The markdown job and the preview at scale (docs/consignment-terms.md "The markdown job"): a store of 1,000,000 items of which 100,000 have a
// markdown step due today, made with set-based SQL (generate_series). Timed:
//   1. POST /api/markdownSchedules/preview at the API (app.inject), for the saved schedule (its
//      300,000 Active items, 100,000 due) and for a new schedule (every Active consigned item);
//   2. the daily job `markdowns.applyDue` over the store (applyDueMarkdowns, as the job calls it):
//      all 100,000 changed (asserted), each new price the step's figure held at the floor, and the
//      fees those of a staff price edit to that price (feesFor, recomputed here for every item); one
//      activity entry each; then a second run the same day, which changes nothing.
// Run: npx tsx bench/markdowns.ts (PGlite); with DATABASE_URL, PostgreSQL too (BENCH_ONLY=postgres
// for one). BENCH_ITEMS sets the size (a tenth due); BENCH_KEEP keeps the database.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { floorOf } from '@backroom/domain';
import { eq } from 'drizzle-orm';
import { consignerTypes } from '../apps/server/src/db/schema/index.ts';
import { feeColumns, feesFor } from '../apps/server/src/modules/inventory/inventory-fees.ts';
import { applyDueMarkdowns } from '../apps/server/src/modules/markdowns/markdowns.service.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { findTenant } from '../apps/server/src/tenancy/resolve-store.ts';
import { openBenchApp, ownerCaller } from './bench-db.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const CHUNK = 250_000;
const CONSIGNERS = 500;
const PREVIEW_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STEPS = [
  { afterDays: 30, percentOff: 10 },
  { afterDays: 60, percentOff: 25 },
];
const DAY_MS = 86_400_000;

type ChangedRow = {
  id: string; code: string; price: number; payout: number; payout_fee: number; total: number; quantity: number; category: string | null;
  option1_value: string | null; option2_value: string | null; option3_value: string | null; add_ons: { cleaning?: boolean; box?: boolean } | null; cost: number | null;
  minimum_price: number | null; markdown_base_price: number | null; accepted_on: string | Date; printed: boolean;
  account_type: string | null; consigner_type_id: string | null; charge_tax: boolean; is_store_account: boolean;
};

const round = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/**
 * The items, by i % 20 (i from 1):
 *   0, 10  due: Active, on the schedule, accepted 40 days ago (0: the 10% step) or 70 days ago (10: the 25% step),
 *          at their base price; every 7th with a consigner's minimum above the step's figure (held there);
 *   1, 11  on the schedule, Active, accepted 10 days ago: nothing due yet;
 *   2, 12  on the schedule, Active, 40 days, already at the 10% step's figure: nothing due (marked down before);
 *   3      on the schedule, 40 days, but Sold;   13  on the schedule, 40 days, but Withdrawn;
 *   the rest (14 of 20): no schedule in their terms (12 Active, 2 Sold), accepted 0 to 729 days ago.
 * So a tenth is due; 300,000 of 1,000,000 are Active on the schedule.
 */
async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx, close } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const sql = bench.database.executeSql;
    const [store] = (await sql(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const [product] = (await sql(`SELECT p.id, p.product_template_id AS template_id FROM products p WHERE p.store_id = $1 ORDER BY p.title LIMIT 1`, [store.id])).rows as { id: string; template_id: string | null }[];

    const call = await ownerCaller(app, ctx.config.appUrl, DEMO_PASSWORD);
    const schedule = ((await call('POST', '/api/markdownSchedules', { name: 'Bench markdown', steps: STEPS, categories: ['Sneakers'] })).res.json() as { data: { id: string } }).data;
    const terms = (scheduleId: string | null) => JSON.stringify({ periodDays: null, minimumStayDays: 0, earlyWithdrawalFee: 0, renewalDays: null, renewalFee: 0, endAction: 'return', graceDays: 0, markdownScheduleId: scheduleId });

    const t0 = performance.now();
    await sql(
      `INSERT INTO consigners (store_id, first_name, last_name, email, is_active, accepted_tos)
       SELECT $1::uuid, 'Bench', 'Consigner ' || i, 'bench.consigner' || i || '@example.test', true, true FROM generate_series(1, $2::int) AS g(i)`,
      [store.id, CONSIGNERS],
    );
    const consignerIds = ((await sql(`SELECT id FROM consigners WHERE store_id = $1 AND email LIKE 'bench.consigner%' ORDER BY email`, [store.id])).rows as { id: string }[]).map((r) => r.id);
    for (let from = 1; from <= ITEMS; from += CHUNK) {
      const to = Math.min(ITEMS, from + CHUNK - 1);
      await sql(
        `INSERT INTO inventory_items (store_id, code, product_id, product_template_id, consigner_id, sku, title, category, status, option1_value, option2_value, option3_value,
                                      price, payout, payout_fee, total, quantity, location, accepted_on, sold_on, minimum_price, markdown_base_price, consignment_terms, created_at, updated_at)
         SELECT $1::uuid, 'MD' || lpad(i::text, 7, '0'), $4::uuid, $5::uuid, c.ids[1 + i % ${CONSIGNERS}], 'SKU-' || (i % 5000), 'Bench item ' || (i % 5000), 'Sneakers',
                CASE WHEN r IN (3) OR r IN (18, 19) THEN 'Sold' WHEN r = 13 THEN 'Withdrawn' ELSE 'Active' END,
                (4 + i % 10)::text, 'New', 'Good Box',
                CASE WHEN r IN (2, 12) THEN round(base * 0.9)::int ELSE base END, 7700, 2300, 7700, 1, 'Downtown',
                now() - make_interval(days => CASE WHEN r IN (0, 2, 3, 12, 13) THEN 40 WHEN r = 10 THEN 70 WHEN r IN (1, 11) THEN 10 ELSE i % 730 END, mins => i % 600),
                CASE WHEN r IN (3, 18, 19) THEN now() - interval '1 day' END,
                CASE WHEN r IN (0, 10) AND i % 7 = 0 THEN round(base * 0.95)::int END,
                CASE WHEN r IN (0, 1, 2, 3, 10, 11, 12, 13) THEN base END,
                CASE WHEN r IN (0, 1, 2, 3, 10, 11, 12, 13) THEN $7::jsonb ELSE $8::jsonb END,
                now() - make_interval(days => 800), now() - make_interval(days => 1)
         FROM (SELECT i, i % 20 AS r, 10000 + (i % 500) * 100 AS base FROM generate_series($2::int, $3::int) AS g(i)) s, (SELECT $6::uuid[] AS ids) c`,
        [store.id, from, to, product.id, product.template_id, `{${consignerIds.join(',')}}`, terms(schedule.id), terms(null)],
      );
    }
    const insertSeconds = round((performance.now() - t0) / 1000);
    await sql(process.env.BENCH_NO_VACUUM ? 'ANALYZE' : 'VACUUM ANALYZE');
    const count = async (where: string) => ((await sql(`SELECT count(*)::int AS n FROM inventory_items WHERE store_id = $1 AND ${where}`, [store.id])).rows as { n: number }[])[0].n;
    const items = await count('true');
    const scheduledActive = await count(`status = 'Active' AND consignment_terms->>'markdownScheduleId' IS NOT NULL`);
    const expectedDue = await count(`code LIKE 'MD%' AND status = 'Active' AND substring(code from 3)::int % 10 = 0`);

    // 1. the preview, at the API: the saved schedule (its own items) and a new one (the consigned stock it covers)
    const preview = async (body: unknown) => {
      const ms: number[] = [];
      let answer: { total: number; items: unknown[]; reduction: number } | null = null;
      let bytes = 0;
      for (let r = 0; r < PREVIEW_ROUNDS; r++) {
        const res = await call('POST', '/api/markdownSchedules/preview', body);
        ms.push(res.ms);
        answer = (res.res.json() as { data: typeof answer }).data;
        bytes = res.res.rawPayload.length;
      }
      return { p50: round(median(ms)), max: round(Math.max(...ms)), total: answer!.total, rows: answer!.items.length, reduction: answer!.reduction, kb: round(bytes / 1024) };
    };
    const previewSaved = await preview({ id: schedule.id, name: 'Bench markdown', steps: STEPS, categories: ['Sneakers'] });
    const previewNew = await preview({ name: 'Draft', steps: STEPS });
    if (previewSaved.total !== expectedDue) throw new Error(`the preview of the saved schedule counts ${previewSaved.total}, expected ${expectedDue}`);

    // 2. the daily job over the store
    const tenant = (await findTenant(ctx.db, store.id))!;
    const now = new Date();
    const loadBefore = load();
    const jobStarted = performance.now();
    const first = await applyDueMarkdowns(ctx, tenant, now);
    const jobSeconds = round((performance.now() - jobStarted) / 1000);
    const loadAfter = load();
    if (first.changed !== expectedDue) throw new Error(`the job changed ${first.changed} items, expected ${expectedDue}`);

    // every due item: the step's figure held at the floor, fees of a staff price edit to it, logged once
    const changed = (await sql(
      `SELECT i.id, i.code, i.price, i.payout, i.payout_fee, i.total, i.quantity, i.category, i.option1_value, i.option2_value, i.option3_value, i.add_ons, i.cost,
              i.minimum_price, i.markdown_base_price, i.accepted_on, i.printed, c.account_type, c.consigner_type_id, c.charge_tax, c.is_store_account
       FROM inventory_items i JOIN consigners c ON c.store_id = i.store_id AND c.id = i.consigner_id
       WHERE i.store_id = $1 AND i.last_updated_by_name = 'Automatic markdown'`,
      [store.id],
    )).rows as ChangedRow[];
    if (changed.length !== expectedDue) throw new Error(`${changed.length} items carry the job's stamp, expected ${expectedDue}`);
    const types = await ctx.db.select().from(consignerTypes).where(eq(consignerTypes.storeId, store.id));
    let checked = 0;
    for (const r of changed) {
      const n = Number(r.code.slice(2));
      if (n % 10 !== 0) throw new Error(`${r.code} was not due`);
      const base = 10000 + (n % 500) * 100;
      const age = Math.round((now.getTime() - new Date(r.accepted_on).getTime()) / DAY_MS);
      const step = age >= 60 ? STEPS[1] : STEPS[0];
      const figure = Math.round((base * (100 - step.percentOff)) / 100);
      const expected = Math.max(figure, floorOf(r.minimum_price, tenant.markdownFloor));
      if (r.price !== expected) throw new Error(`${r.code}: price ${r.price}, expected ${expected}`);
      const owner = { accountType: r.account_type, consignerTypeId: r.consigner_type_id, chargeTax: r.charge_tax, isStoreAccount: r.is_store_account };
      const fees = feeColumns(owner, feesFor(tenant, owner, types, { price: expected, quantity: r.quantity, category: r.category, option1Value: r.option1_value, option2Value: r.option2_value, option3Value: r.option3_value, addOns: r.add_ons, cost: r.cost }));
      if (r.payout !== fees.payout || r.payout_fee !== fees.payoutFee || r.total !== fees.total) throw new Error(`${r.code}: fees ${r.payout}/${r.payout_fee}/${r.total}, expected ${fees.payout}/${fees.payoutFee}/${fees.total}`);
      if (r.markdown_base_price !== base || r.printed !== false) throw new Error(`${r.code}: base ${r.markdown_base_price}, printed ${r.printed}`);
      checked++;
    }
    const [{ logs }] = (await sql(`SELECT count(*)::int AS logs FROM inventory_logs WHERE store_id = $1 AND last_updated_by_name = 'Automatic markdown'`, [store.id])).rows as { logs: number }[];
    if (logs !== expectedDue) throw new Error(`${logs} activity entries, expected ${expectedDue}`);
    const [{ mails }] = (await sql(`SELECT count(*)::int AS mails FROM outbox WHERE store_id = $1 AND subject LIKE '%marked down'`, [store.id])).rows as { mails: number }[];

    const againStarted = performance.now();
    const second = await applyDueMarkdowns(ctx, tenant, now);
    const againSeconds = round((performance.now() - againStarted) / 1000);
    if (second.changed !== 0) throw new Error(`the second run changed ${second.changed}`);
    const previewAfter = await preview({ id: schedule.id, name: 'Bench markdown', steps: STEPS, categories: ['Sneakers'] });
    if (previewAfter.total !== 0) throw new Error(`after the run the preview still counts ${previewAfter.total}`);

    return { kind, items, scheduledActive, due: expectedDue, insertSeconds, previewSaved, previewNew, previewAfter, jobSeconds, changed: first.changed, checked, logs, mails, againSeconds, loadBefore, loadAfter };
  } finally {
    await close();
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  const f = (n: number) => n.toLocaleString('en-US');
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'}: ${f(r.items)} items, ${f(r.scheduledActive)} Active on the schedule, ${f(r.due)} due (made in ${r.insertSeconds} s; ${os.cpus().length} CPUs)\n`);
  console.log('| what | time | answer |');
  console.log('|---|---:|---|');
  console.log(`| preview, saved schedule (${PREVIEW_ROUNDS} calls) | p50 ${r.previewSaved.p50} ms, max ${r.previewSaved.max} ms | total ${f(r.previewSaved.total)}, ${r.previewSaved.rows} rows listed, reduction ${f(r.previewSaved.reduction)}, ${r.previewSaved.kb} KB |`);
  console.log(`| preview, new schedule (covered stock) | p50 ${r.previewNew.p50} ms, max ${r.previewNew.max} ms | total ${f(r.previewNew.total)}, ${r.previewNew.rows} rows listed, ${r.previewNew.kb} KB |`);
  console.log(`| the daily job (load ${r.loadBefore} → ${r.loadAfter}) | ${r.jobSeconds} s (${round((r.jobSeconds * 1000) / Math.max(r.changed, 1))} ms an item) | ${f(r.changed)} changed, ${f(r.checked)} checked (price, fees, base, printed), ${f(r.logs)} activity entries, ${f(r.mails)} e-mails |`);
  console.log(`| the job again the same day | ${r.againSeconds} s | 0 changed |`);
  console.log(`| preview after the run | p50 ${r.previewAfter.p50} ms | total ${r.previewAfter.total} |`);
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
for (const kind of kinds) report(await run(kind));
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
