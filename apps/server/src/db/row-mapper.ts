/**
 * Rows of a statement built once (a list page's), mapped by a function made once for its selection.
 * Drizzle maps every row through `mapResultRow`, which asks of every value of every row what kind of
 * field it came from (`is(field, Column)`, `is(field, SQL)` ...), walks its path with an iterator and
 * adds the item's 80 properties one by one, by name (V8 then keeps such an object as a dictionary,
 * slow to read for every mapper after): for a page of 50 items, 0.9 ms of the uncached list's server
 * time (bench/README.md "The uncached list at one connection"). The function made here is one object
 * literal per object of the selection, its values read from the row's array by position: made from
 * the statement's own selection (column names quoted by JSON.stringify), never from a request.
 * The values are drizzle's (each column's own decoder), and a left join's object is made null by
 * drizzle's rule: its first column is null and no later column of it comes from another table.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
/** A selected field as drizzle orders them for a prepared statement (its `fields`). */
export type SelectedField = { path: string[]; field: unknown };
type RowMapper = (row: unknown[]) => Record<string, unknown>;

// the base column's decoder gives the value back as it is: not called
const AS_IT_IS = Column.prototype.mapFromDriverValue;

// drizzle's SQL keeps its decoder out of its types
const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/** An object of the result: its values by key, each a column's position or an object within. */
type Shape = Map<string, number | Shape>;

function shapeOf(fields: SelectedField[]): Shape {
  const root: Shape = new Map();
  fields.forEach(({ path }, column) => {
    let node = root;
    for (const part of path.slice(0, -1)) {
      let next = node.get(part);
      if (!(next instanceof Map)) {
        next = new Map();
        node.set(part, next);
      }
      node = next;
    }
    node.set(path[path.length - 1], column);
  });
  return root;
}

/**
 * The top-level objects drizzle may make null (its nullifyMap): the first column of a joined table's
 * object decides, unless a later one of that object comes from another table.
 */
function nullableObjects(fields: SelectedField[], joins: Record<string, boolean> | undefined): Map<string, number> {
  const first = new Map<string, { column: number; table: string | false }>();
  if (!joins) return new Map();
  fields.forEach(({ path, field }, column) => {
    if (!is(field, Column) || path.length !== 2) return;
    const table = getTableName(field.table);
    const seen = first.get(path[0]);
    if (!seen) first.set(path[0], { column, table });
    else if (seen.table !== false && seen.table !== table) seen.table = false;
  });
  return new Map([...first].filter(([, { table }]) => table !== false && !joins[table]).map(([object, { column }]) => [object, column]));
}

/** The mapper of rows given as arrays (drizzle's array mode), equal to drizzle's `mapResultRow(fields, row, joins)`. */
export function plannedRowMapper(fields: SelectedField[], joins?: Record<string, boolean>): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const valueOf = (column: number) => (decoders[column].mapFromDriverValue === AS_IT_IS ? `v[${column}]` : `v[${column}] === null ? null : d[${column}].mapFromDriverValue(v[${column}])`);
  const nullable = nullableObjects(fields, joins);
  // the decoded values first (a left join's object is null when its first decoded value is), then the objects
  const literal = (shape: Shape): string =>
    `{${[...shape].map(([key, value]) => `${JSON.stringify(key)}: ${typeof value === 'number' ? `c${value}` : literal(value)}`).join(', ')}}`;
  const top = [...shapeOf(fields)].map(([key, value]) => {
    if (typeof value === 'number') return `${JSON.stringify(key)}: c${value}`;
    const column = nullable.get(key);
    return `${JSON.stringify(key)}: ${column === undefined ? literal(value) : `c${column} === null ? null : ${literal(value)}`}`;
  });
  const body = `${fields.map((_, column) => `const c${column} = ${valueOf(column)};`).join('\n')}\nreturn {${top.join(', ')}};`;
  // made from the statement's selection, never from a request (see the header)
  return new Function('d', `return function mapRow(v) {\n${body}\n};`)(decoders) as RowMapper;
}

type PreparedInternals = { fields?: SelectedField[]; joinsNotNullableMap?: Record<string, boolean>; customResultMapper?: (rows: unknown[][]) => unknown };

/**
 * A prepared select (node-postgres or PGlite) whose rows are mapped by a function made once (above).
 * Drizzle keeps the selection and the joins on the prepared query and maps through `customResultMapper`
 * when one is given: a drizzle whose prepared query no longer has them fails here, in every test of a list.
 */
export function mappedByPlan<P>(prepared: P): P {
  const query = prepared as PreparedInternals;
  if (query.customResultMapper) return prepared;
  if (!Array.isArray(query.fields)) throw new Error('mappedByPlan: this drizzle prepared query has no `fields`');
  const map = plannedRowMapper(query.fields, query.joinsNotNullableMap);
  query.customResultMapper = (rows) => rows.map(map);
  return prepared;
}
