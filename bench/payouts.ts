// A payout of 2,000 items over 200 consigners (docs/payouts.md): POST /api/payouts/pay at the API
// (app.inject: routing, session and actor lookups, the transaction that locks, checks and writes the
// payout, its items, log entries and cheques), then POST /api/payouts/paid/{id} (items Paid with log
// entries, cheques, 2,000 ledger entries) and GET /api/payouts/{id}, on PGlite and, when DATABASE_URL
// is set, on PostgreSQL. Budget: the pay under 2 s on both. Run: npx tsx bench/payouts.ts
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { openBench } from './bench-db.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000);
const CONSIGNERS = Number(process.env.BENCH_CONSIGNERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_MS = 2000;

const round = (n: number) => Math.round(n);

async function run(kind: 'pglite' | 'postgres') {
  const bench = await openBench(kind);
  const config = loadConfig({ env: 'production', logLevel: 'silent', dataDir: bench.dataDir, databaseUrl: bench.databaseUrl });
  const { app, ctx } = await buildApp(config, bench.database);
  await app.ready();
  try {
    await seedDemo(ctx);
    const sqlRun = (text: string, values: unknown[] = []) => bench.database.executeSql(text, values);
    const [store] = (await sqlRun(`SELECT id FROM stores WHERE handle = 'demo'`)).rows as { id: string }[];
    const [product] = (await sqlRun(`SELECT id, sku, title FROM products WHERE store_id = $1 ORDER BY title LIMIT 1`, [store.id])).rows as { id: string; sku: string; title: string }[];
    // 200 consigners paid by bank
    await sqlRun(
      `INSERT INTO consigners (store_id, first_name, last_name, email, is_active, accepted_tos, payout_type, bank_data)
       SELECT $1::uuid, 'Payee', 'No' || i, 'payee' || i || '@bench.test', true, true, 'Bank',
              jsonb_build_object('accountName', 'Payee ' || i, 'accountNumber', lpad(i::text, 12, '0'), 'bank', 'Bench Bank')
       FROM generate_series(1, $2::int) AS g(i)`,
      [store.id, CONSIGNERS],
    );
    const consignerIds = ((await sqlRun(`SELECT id FROM consigners WHERE store_id = $1 AND email LIKE '%@bench.test' ORDER BY email`, [store.id])).rows as { id: string }[]).map((r) => r.id);

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'localhost', origin: config.appUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'owner@demo.backroom.test', password: DEMO_PASSWORD }),
    });
    const token = signIn.headers['set-auth-token'] as string;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      const res = await app.inject({
        method,
        url,
        headers: { host: 'localhost', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpu0);
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, cpuMs: (cpu.user + cpu.system) / 1000, res };
    };

    const rounds: { pay: number; payCpu: number; paid: number; paidCpu: number; detail: number; cheques: number; total: number }[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      // 2,000 Sold items, 10 per consigner, each owed 50.00 to 600.00: most consigners get 2 cheques
      const ids = (
        (
          await sqlRun(
            `INSERT INTO inventory_items (store_id, code, product_id, consigner_id, sku, title, status, price, payout, payout_fee, total, quantity, location, accepted_on, sold_on)
             SELECT $1::uuid, 'BENCH' || $5::int || '-' || i, $2::uuid, ($3::uuid[])[1 + i % $4::int], $6, $7, 'Sold',
                    p + 2000, p, 2000, p, 1, 'Downtown', now() - interval '30 days', now() - interval '1 day'
             FROM generate_series(0, $8::int - 1) AS g(i), LATERAL (SELECT 5000 + (i * 7919) % 55001 AS p) AS x
             RETURNING id`,
            [store.id, product.id, `{${consignerIds.join(',')}}`, consignerIds.length, r, product.sku, product.title, ITEMS],
          )
        ).rows as { id: string }[]
      ).map((row) => row.id);
      if (r === 0) await sqlRun('ANALYZE');

      const pay = await call('POST', '/api/payouts/pay', { inventoriesToPay: ids, consignersAndInventories: [] });
      const created = (pay.res.json() as { data: { id: string; total: number } }).data;
      const detail = await call('GET', `/api/payouts/${created.id}`);
      const cheques = (detail.res.json() as { data: { payout: { consigners: { cheques: unknown[] }[] } } }).data.payout.consigners.reduce((a, c) => a + c.cheques.length, 0);
      const paid = await call('POST', `/api/payouts/paid/${created.id}`, {});
      rounds.push({ pay: round(pay.ms), payCpu: round(pay.cpuMs), paid: round(paid.ms), paidCpu: round(paid.cpuMs), detail: round(detail.ms), cheques, total: created.total });
    }
    return { kind, rounds, loadAverage: os.loadavg().map((l) => l.toFixed(1)).join(' ') };
  } finally {
    await app.close();
    await bench.database.close();
    await bench.drop();
  }
}

function report(r: Awaited<ReturnType<typeof run>>) {
  const worst = Math.max(...r.rounds.map((x) => x.pay));
  const ok = worst < BUDGET_MS;
  console.log(`\n### ${r.kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL'}: ${ITEMS.toLocaleString('en-US')} items over ${CONSIGNERS} consigners, ${r.rounds.length} rounds`);
  console.log(`worst pay ${worst} ms — budget < ${BUDGET_MS} ms: ${ok ? 'MET' : 'MISSED'}; load average ${r.loadAverage} (${os.cpus().length} CPUs)\n`);
  console.log('| round | POST /pay (CPU) | GET /payouts/{id} | POST /paid (CPU) | cheques | total |');
  console.log('|---|---:|---:|---:|---:|---:|');
  r.rounds.forEach((x, k) => console.log(`| ${k + 1} | ${x.pay} ms (${x.payCpu}) | ${x.detail} ms | ${x.paid} ms (${x.paidCpu}) | ${x.cheques} | ${x.total.toLocaleString('en-US')} |`));
  return ok;
}

const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY as 'pglite' | 'postgres'] : process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let allOk = true;
for (const kind of kinds) allOk = report(await run(kind)) && allOk;
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL to run the PostgreSQL half too)');
process.exitCode = allOk ? 0 : 1;
