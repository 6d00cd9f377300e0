import { describe, expect, it } from 'vitest';
import { MAX_NAMED_BY_TEXT, statementNameOf } from '../src/db/statement-names.ts';

describe('statementNameOf', () => {
  const text = (t: string) => () => t;

  it('names a fixed statement after its key and leaves an unnamed one unnamed', () => {
    expect(statementNameOf('rows\u0000true', true, text('select 1'), new Set())).toBe('backroom_rows_true');
    expect(statementNameOf('any key', false, text('select 1'), new Set())).toBe('');
  });

  it('gives one name to one text whatever the key (the values), and another to another text', () => {
    const taken = new Set<string>();
    const page = 'select "id" from "inventory_items" where "store_id" = $1 order by "price" limit $2 offset $3';
    const first = statementNameOf('store A page 1', 'by text', text(page), taken);
    expect(first).toMatch(/^backroom_t_[0-9a-f]{24}$/);
    expect(statementNameOf('store B page 3', 'by text', text(page), taken)).toBe(first);
    expect(statementNameOf('store A page 1 sold', 'by text', text(`${page} and "status" = $4`), taken)).not.toBe(first);
    expect(taken.size).toBe(2);
  });

  it('names at most MAX_NAMED_BY_TEXT texts; past it a new text runs unnamed and the named ones keep their names', () => {
    const taken = new Set<string>();
    const names = Array.from({ length: MAX_NAMED_BY_TEXT }, (_, n) => statementNameOf(`k${n}`, 'by text', text(`select ${n}`), taken));
    expect(new Set(names).size).toBe(MAX_NAMED_BY_TEXT);
    expect(statementNameOf('one more', 'by text', text('select -1'), taken)).toBe('');
    expect(statementNameOf('k7 again', 'by text', text('select 7'), taken)).toBe(names[7]);
    expect(taken.size).toBe(MAX_NAMED_BY_TEXT);
  });
});
