// What the per-store version trigger (migration 0043, docs/scaling.md "Several server processes")
// adds to a single-item edit: 200 updates of one item's price with the trigger, then 200 without it,
// after 20 of each to warm up, on a migrated and seeded demo. Budget: under 3 ms per edit.
// Run: npx tsx bench/store-version-trigger.ts (PGlite); DATABASE_URL=postgres://... BENCH_ONLY=postgres for PostgreSQL.
import { performance } from 'node:perf_hooks';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBenchApp } from './bench-db.ts';

const EDITS = Number(process.env.BENCH_EDITS ?? 200);

async function run(kind: 'pglite' | 'postgres') {
  const { bench, app, ctx } = await openBenchApp(kind);
  try {
    await seedDemo(ctx);
    const sql = (text: string, values: unknown[] = []) => bench.database.executeSql(text, values);
    const id = ((await sql("select i.id from inventory_items i join stores s on s.id = i.store_id where s.handle = 'demo' limit 1")).rows[0] as { id: string }).id;
    const time = async (n: number) => {
      const started = performance.now();
      for (let k = 0; k < n; k += 1) await sql('update inventory_items set price = price + 1 where id = $1', [id]);
      return (performance.now() - started) / n;
    };
    await time(20);
    const withTrigger = await time(EDITS);
    await sql('alter table inventory_items disable trigger backroom_store_version');
    await time(20);
    const without = await time(EDITS);
    await sql('alter table inventory_items enable trigger backroom_store_version');
    console.log(`${kind}: single-item edit ${withTrigger.toFixed(3)} ms with the version trigger, ${without.toFixed(3)} ms without: +${(withTrigger - without).toFixed(3)} ms (budget 3 ms)`);
  } finally {
    await app.close();
    await bench.drop();
  }
}

const only = process.env.BENCH_ONLY;
if (only !== 'postgres') await run('pglite');
if (only !== 'pglite' && process.env.DATABASE_URL) await run('postgres');
