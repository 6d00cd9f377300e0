import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namePglite } from '../src/db/pglite-named.ts';
import { namedText } from '../src/db/statement-names.ts';

// db/pglite-named.ts: a named text is prepared once and bound; its answers are PGlite's own
describe('statements prepared by name on PGlite', () => {
  let db: PGlite;
  let own: PGlite['query'];
  const ROWS = 'select id, label, made, tags from named_probe where id = any($1::uuid[]) and ($2::text is null or label <> $2) order by label';
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table named_probe (id uuid primary key, label text not null, made timestamptz not null, tags text[]);
      insert into named_probe values ('${A}', 'alpha', '2026-11-30T10:00:00Z', '{x,y}'), ('${B}', 'beta', '2026-11-30T11:00:00Z', null);`);
    own = db.query.bind(db);
    namePglite(db as never);
    namedText(ROWS, 'backroom_test_rows');
  });
  afterAll(() => db.close());

  it('answers a named text as PGlite itself does, in object and array rows, with its parsers, an array and a null parameter', async () => {
    for (const options of [undefined, { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } }]) {
      const named = await db.query(ROWS, [[A, B], null], options);
      const plain = await own(`${ROWS} -- not named`, [[A, B], null], options);
      expect(named.rows).toEqual(plain.rows);
      expect(named.fields).toEqual(plain.fields);
      expect(named.rows).toHaveLength(2);
    }
    expect((await db.query<{ label: string }>(ROWS, [[A, B], 'alpha'])).rows.map((r) => r.label)).toEqual(['beta']);
    expect((await db.query<{ made: Date }>(ROWS, [[A], null])).rows[0].made).toEqual(new Date('2026-11-30T10:00:00Z'));
  });

  it('prepares the text once, under its name; a text without a name is not prepared', async () => {
    await db.query(ROWS, [[A], null]);
    await db.query('select label from named_probe where id = $1', [A]);
    const names = (await db.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;
    expect(names).toEqual([{ name: 'backroom_test_rows', statement: ROWS }]);
  });

  it('sends a named text that writes through PGlite\'s own query (not prepared), which syncs its file system', async () => {
    const write = 'update named_probe set label = label where id = $1';
    namedText(write, 'backroom_test_write');
    expect((await db.query(write, [A])).affectedRows).toBe(1);
    const names = (await db.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);
    expect(names).not.toContain('backroom_test_write');
  });

  it('answers a bad value with the database error and leaves the connection usable', async () => {
    await expect(db.query(ROWS, [['not a uuid'], null])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query(ROWS, [[B], null])).rows).toHaveLength(1);
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('answers a text that does not parse with the database error, prepares nothing, and leaves the connection usable', async () => {
    const broken = 'select label from named_probe where';
    namedText(broken, 'backroom_test_broken');
    await expect(db.query(broken, [])).rejects.toMatchObject({ code: '42601' });
    await expect(db.query(broken, [])).rejects.toMatchObject({ code: '42601' });
    const names = (await db.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);
    expect(names).not.toContain('backroom_test_broken');
    expect((await db.query(ROWS, [[A], null])).rows).toHaveLength(1);
  });
});
