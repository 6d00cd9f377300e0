// The one CSV writer of the product (design.md "API contract"). Every CSV the server sends
// goes through this module - lint refuses csv-stringify and a text/csv reply anywhere else - so that
// no cell can reach a spreadsheet as a live formula.
//
// The rule (OWASP "CSV Injection"): a text cell starting with = + - @, a tab or a carriage return
// (or the full-width ＝ ＋ － ＠ that some spreadsheets normalise) gets a single quote in front, so
// `=HYPERLINK("http://x","y")` is written as the text `'=HYPERLINK(...)`. Number cells are left as
// they are, so a negative amount stays a readable -12.50: a plain number is no formula. Then RFC 4180:
// a cell holding a comma, a quote or a line break is quoted, quotes doubled; lines end with \n.
//
// Two ways to write, one rule:
// - `toCsv` / `csvDocument`: rows of JS values, written by csv-stringify (escape_formulas).
// - `csvSql`: the same cells written by the database, for exports too big to turn into JS rows
//   (200,000 items: bench/README.md, export). csv-stringify at that size costs seconds per 10,000
//   rows; the SQL version streams them in well under the budget. The csv.test.ts property test holds
//   the two to byte-for-byte the same output.
import { Readable } from 'node:stream';
import { fileResponses } from '@backroom/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { stringify, type Options } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { keepScope } from '../db/row-security.ts';

export type CsvCell = string | number | bigint | boolean | Date | null | undefined;

/** The first characters that make a spreadsheet read a text cell as a formula (csv-stringify's list). */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'] as const;

const OPTIONS: Options = {
  escape_formulas: true,
  record_delimiter: '\n',
  // a lone \r or \n in a cell is quoted too (with record_delimiter set, csv-stringify would not)
  quote_record_delimiter: true,
  eof: true,
  cast: {
    boolean: (v) => (v ? 'Yes' : 'No'),
    // ISO 8601 in UTC, as the API gives times
    date: (d) => d.toISOString(),
  },
};

/** CSV text of the rows, every line ending in \n. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], OPTIONS);
}

/**
 * A CSV download as a stream: the header line, then chunks of lines written in SQL by `csvSql.line`
 * and joined by \n (one chunk per batch, so memory stays flat whatever the size).
 */
export function csvDocument(header: readonly string[], sqlLines: AsyncIterable<string>, onError?: (err: unknown) => void): Readable {
  async function* chunks() {
    yield toCsv([header]);
    // the batches read as the request's store, wherever the stream is pulled from (db/row-security.ts)
    for await (const text of keepScope(sqlLines)) if (text) yield `${text}\n`;
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  if (onError) stream.on('error', onError);
  return stream;
}

/** The declared responses of a route that answers with sendCsv: `schema: { response: CSV_RESPONSES }`. */
export const CSV_RESPONSES = fileResponses('text/csv');

/** Sends a CSV as a file download. */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable | string) {
  const safeName = filename.replace(/[^\w.-]/g, '_');
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${safeName}"`).send(csv);
}

// ---- the same cells written by the database ---------------------------------------------------

declare const cellBrand: unique symbol;
/** One cell of a CSV line written in SQL: only the builders below make one, so none skips the rule. */
export type CsvSqlCell = SQL<string> & { readonly [cellBrand]: true };

const cell = (expr: SQL) => sql<string>`${expr}` as CsvSqlCell;
const FORMULA_CODE_POINTS = FORMULA_STARTS.map((c) => c.codePointAt(0)!).join(', ');
// quote when the cell holds the delimiter, a quote or a line break
const quoted = (x: SQL) => sql`(case when ${x} ~ '[",\\r\\n]' then '"' || replace(${x}, '"', '""') || '"' else ${x} end)`;

export const csvSql = {
  /** A text cell (NULL is empty): neutralised when it starts a formula, then quoted when needed. */
  text: (expr: SQL | AnyPgColumn): CsvSqlCell => {
    const v = sql`coalesce((${expr})::text, '')`;
    // ascii() is the first character's code point (0 for ''): a comparison of integers per cell
    return cell(quoted(sql`(case when ascii(${v}) in (${sql.raw(FORMULA_CODE_POINTS)}) then '''' || ${v} else ${v} end)`));
  },
  /** A number cell (NULL is empty), never prefixed: `scale` fixes the decimals (2 for money). */
  number: (expr: SQL | AnyPgColumn, scale?: number): CsvSqlCell =>
    cell(sql`coalesce(((${expr})::numeric${scale === undefined ? sql`` : sql.raw(`(30, ${Math.trunc(scale)})`)})::text, '')`),
  /** A time cell (NULL is empty) as ISO 8601 in UTC, as `toCsv` writes a Date. */
  timestamp: (expr: SQL | AnyPgColumn): CsvSqlCell => cell(sql`coalesce(to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`),
  /** A yes/no cell (NULL is empty), as `toCsv` writes a boolean. */
  boolean: (expr: SQL | AnyPgColumn): CsvSqlCell => cell(sql`(case when (${expr}) then 'Yes' when not (${expr}) then 'No' else '' end)`),
  /** One CSV line (no line break) of the cells. */
  line: (cells: readonly CsvSqlCell[]): SQL<string> =>
    sql<string>`concat_ws(',', ${sql.join(
      cells.map((c) => sql`${c}`),
      sql`, `,
    )})`,
};
