// The one CSV writer (src/http/csv.ts): its rule, and its SQL half held to csv-stringify's output.
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvDocument, csvSql, toCsv, type CsvCell, type CsvSqlCell } from '../src/http/csv.ts';

describe('toCsv', () => {
  it('writes a formula as text: a single quote before = + - @, tab and carriage return', () => {
    expect(toCsv([['=HYPERLINK("http://x","y")']])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\n`);
    expect(toCsv([['+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '＝1+1', 'a=1', ' =1']])).toBe(`'+1+2,'-2+3,'@SUM(A1),'\t=1,"'\r=1",'＝1+1,a=1, =1\n`);
  });

  it('keeps a negative number a number, but neutralises the same text', () => {
    expect(toCsv([[-12.5, '-12.5', 0, 1200]])).toBe(`-12.5,'-12.5,0,1200\n`);
  });

  it('quotes commas, quotes and line breaks (RFC 4180), writes empty cells for null, times in UTC, Yes/No', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', null, undefined, '', true, false, new Date('2026-03-04T05:06:07.089Z')]])).toBe(
      `"a,b","say ""hi""","two\nlines",,,,Yes,No,2026-03-04T05:06:07.089Z\n`,
    );
  });

  it('streams a document: header, then the lines of each batch', async () => {
    async function* batches() {
      yield 'a,1';
      yield '';
      yield 'b,2\nc,3';
    }
    let text = '';
    for await (const chunk of csvDocument(['Name', '-Count'], batches())) text += String(chunk);
    expect(text).toBe(`Name,'-Count\na,1\nb,2\nc,3\n`);
  });
});

// ---- the SQL half ------------------------------------------------------------------------------
// On PGlite, and on the PostgreSQL of DATABASE_URL when set (select only: nothing is written there).

type Bare = { query: (q: SQL) => Promise<string>; close: () => Promise<void> };
let db: Bare;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const d = drizzlePg(pool);
    db = { query: async (q) => (await d.execute<{ v: string }>(sql`select ${q} as v`)).rows[0].v, close: () => pool.end() };
  } else {
    const client = await PGlite.create();
    const d = drizzlePglite(client);
    db = { query: async (q) => (await d.execute<{ v: string }>(sql`select ${q} as v`)).rows[0].v, close: () => client.close() };
  }
});
afterAll(async () => db.close());

type Typed = { kind: 'text'; v: string | null } | { kind: 'number'; v: number | null } | { kind: 'boolean'; v: boolean | null } | { kind: 'time'; v: Date | null };

const asSql = (c: Typed): CsvSqlCell => {
  switch (c.kind) {
    case 'text':
      return csvSql.text(sql`${c.v}::text`);
    case 'number':
      return csvSql.number(c.v === null ? sql`null::numeric` : sql`${String(c.v)}::numeric`);
    case 'boolean':
      return csvSql.boolean(sql`${c.v}::boolean`);
    case 'time':
      return csvSql.timestamp(c.v === null ? sql`null::timestamptz` : sql`${c.v.toISOString()}::timestamptz`);
  }
};
const asJs = (c: Typed): CsvCell => c.v;

// Text a database can hold (no NUL, no lone surrogate), biased towards what the rule is about.
const tricky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', '"', "'", ' ', 'a', '1', '.', '＝', '＋', '－', '＠', 'é', '😀');
const text = fc
  .oneof(fc.string({ unit: tricky, maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ maxLength: 12 }))
  .filter((s) => !s.includes('\u0000') && !/\p{Cs}/u.test(s)); // no lone surrogate
const cellArb: fc.Arbitrary<Typed> = fc.oneof(
  fc.option(text, { nil: null }).map((v) => ({ kind: 'text' as const, v })),
  fc.option(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => n / 100), { nil: null }).map((v) => ({ kind: 'number' as const, v })),
  fc.option(fc.boolean(), { nil: null }).map((v) => ({ kind: 'boolean' as const, v })),
  fc.option(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }), { nil: null }).map((v) => ({ kind: 'time' as const, v })),
);

describe('csvSql', () => {
  it('neutralises and quotes in SQL exactly like the writer', async () => {
    const cells: [string, string][] = [
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
      ['-12.5', "'-12.5"],
      ['\r=1', `"'\r=1"`],
      ['＠x', "'＠x"],
      ['plain', 'plain'],
      ['', ''],
    ];
    for (const [value, written] of cells) expect(await db.query(csvSql.line([csvSql.text(sql`${value}::text`)]))).toBe(written);
    expect(await db.query(csvSql.line([csvSql.number(sql`-1250::numeric / 100`, 2), csvSql.text(sql`null::text`), csvSql.number(sql`3`)]))).toBe('-12.50,,3');
  });

  it('writes any line byte for byte as csv-stringify does (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cellArb, { minLength: 1, maxLength: 6 }), async (row) => {
        const fromSql = await db.query(csvSql.line(row.map(asSql)));
        expect(fromSql).toBe(toCsv([row.map(asJs)]).slice(0, -1));
      }),
      { numRuns: 400 },
    );
  });
});
