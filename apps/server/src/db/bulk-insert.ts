// Many rows into one table as ONE bind parameter: the rows travel as a JSON array and Postgres
// unpacks them with jsonb_to_recordset. A Drizzle multi-row insert sends one parameter per cell
// (2,000 log entries = 14,000 parameters), which both drivers and above all PGlite parse slowly: a
// 2,000-item payout's logs and ledger entries took 0.3 to 0.6 s each that way (bench/README.md,
// Payouts), a few tens of ms this way. Columns a row leaves out take their default.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Rows per statement: bounded so one statement's JSON stays a few MB. */
const CHUNK = 5000;

const toJsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

type Column = { name: string; hasDefault: boolean; defaultFn?: () => unknown; getSQLType: () => string };

/**
 * Inserts `rows` (Drizzle insert objects of `table`) as JSON, values as Drizzle would send them
 * (dates as ISO text, jsonb as JSON). A column no row gives takes its database default; a column
 * some rows give is null in the others - unless it has a default, which would be lost: that throws.
 * A column's $defaultFn is applied as Drizzle does.
 */
export async function insertJsonRows<T extends PgTable>(db: DbOrTx, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const all = Object.entries(getTableColumns(table)) as unknown as [string, Column][];
  const values = rows.map((row) => {
    const r = { ...(row as Record<string, unknown>) };
    for (const [key, col] of all) if (r[key] === undefined && col.defaultFn) r[key] = col.defaultFn();
    return r;
  });
  const given = all.filter(([key]) => values.some((r) => r[key] !== undefined));
  for (const [key, col] of given) {
    if (col.hasDefault && values.some((r) => r[key] === undefined)) throw new Error(`insertJsonRows: ${col.name} has a default: give it in every row or in none`);
  }
  const names = sql.join(
    given.map(([, col]) => sql.identifier(col.name)),
    sql`, `,
  );
  const shape = sql.join(
    given.map(([, col]) => sql`${sql.identifier(col.name)} ${sql.raw(col.getSQLType())}`),
    sql`, `,
  );
  for (let k = 0; k < values.length; k += CHUNK) {
    const json = values.slice(k, k + CHUNK).map((r) => Object.fromEntries(given.map(([key, col]) => [col.name, toJsonValue(r[key] ?? null)])));
    await db.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${shape})`);
  }
}
