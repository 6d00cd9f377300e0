import { createHash } from 'node:crypto';

/**
 * How many statement texts a process names by their text (statementNameOf). Each stays prepared on
 * each PostgreSQL connection that ran it, so their number is bounded; past it they run unnamed.
 */
export const MAX_NAMED_BY_TEXT = 200;

/**
 * The name a built statement is prepared under on PostgreSQL ('' = unnamed: parsed and planned on every
 * run). `true`: named after its key, for a statement of one fixed text. 'by text': a statement whose
 * values are all parameters but whose text depends on what it was given (which filters, which sort)
 * is named after its text, so the same page of any store, any page number or status, is one statement
 * per connection, parsed once: the list's row versions were parsed and planned on every run, about
 * 1 ms of PostgreSQL's time apiece under the busy hour (bench/README.md). On PGlite the named texts are
 * prepared once too (pglite-named.ts).
 */
export function statementNameOf(key: string, named: boolean | 'by text', text: () => string, taken: Set<string> = namedByText): string {
  if (named === true) return namedText(text(), `backroom_${key.replace(/\W/g, '_')}`);
  if (named !== 'by text') return '';
  const sql = text();
  const name = `backroom_t_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  if (!taken.has(name) && taken.size >= MAX_NAMED_BY_TEXT) return '';
  taken.add(name);
  return namedText(sql, name);
}

const namedByText = new Set<string>();

/** The texts given a name, by text: PGlite knows a statement by its text alone (db/pglite-named.ts). */
const nameOfText = new Map<string, string>();

/** Records that `text` is prepared under `name` (on PostgreSQL by the driver, on PGlite by pglite-named.ts); answers the name. */
export function namedText(text: string, name: string): string {
  nameOfText.set(text, name);
  return name;
}

/** The name a statement of this text is prepared under, if it has one. */
export function namedStatementOfText(text: string): string | undefined {
  return nameOfText.get(text);
}
