import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { namedStatementOfText } from './statement-names.ts';
import { statementKind } from './write-watch.ts';

type QueryFn = (...args: unknown[]) => Promise<unknown>;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId: number) => unknown> };
type Client = Pick<PGlite, 'execProtocolStream' | 'runExclusive' | 'serializers' | 'parsers'>;

const { serialize } = protocol;

/**
 * Statements prepared by name on PGlite (docs/scaling.md "Per request"). PGlite's `query` parses and
 * plans every statement again (an unnamed one: parse, describe, bind, describe, execute, sync, each a
 * call into its WASM): the kept list's page statement took 1.2 ms there, against 0.33 ms for the same
 * statement prepared once, whose plan PostgreSQL keeps, and sent as one call (bench/README.md). The texts named by
 * db/statement-names.ts (the page statements, the rows and templates by their ids, the versions
 * reading) are parsed once per PGlite under their name, then bound and run; every other text goes to
 * PGlite's own `query`. Installed under the write watch and the queue (client.ts): a named call is
 * still queued, scoped and watched as any other. Only reads go this way: unlike PGlite's `query`, it
 * does not sync PGlite's file system after the call (a named text that writes goes to `query`).
 */
export function namePglite(client: Client & { query: QueryFn }): void {
  const query = client.query.bind(client) as QueryFn;
  // the names prepared on this PGlite, with the types of their parameters
  const prepared = new Map<string, number[]>();
  // a named text that writes goes to PGlite's own query, which syncs its file system after it
  const reads = new Map<string, boolean>();
  const isRead = (name: string, text: string) => {
    let read = reads.get(name);
    if (read === undefined) reads.set(name, (read = statementKind(text) === 'read'));
    return read;
  };
  client.query = ((...args: unknown[]) => {
    const [text, params, options] = args as [unknown, unknown[] | undefined, QueryOptions | undefined];
    const name = typeof text === 'string' ? namedStatementOfText(text) : undefined;
    if (!name || !isRead(name, text as string)) return query(...args);
    return client.runExclusive(() => runNamed(client, prepared, name, text as string, params ?? [], options));
  }) as QueryFn;
}

async function runNamed(client: Client, prepared: Map<string, number[]>, name: string, text: string, params: unknown[], options: QueryOptions | undefined) {
  // each exchange one call into PGlite, its messages ending with a sync: after an error PostgreSQL skips
  // to that sync, and the error is thrown once the whole exchange has run (the connection is ready again)
  const exchange = (...messages: Uint8Array[]) => client.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
  let types = prepared.get(name);
  if (!types) {
    types = parse.parseDescribeStatementResults(await exchange(serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()));
    prepared.set(name, types);
  }
  const values = params.map((value, n) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[types[n]];
    return serializer ? serializer(value) : String(value);
  });
  const messages = await exchange(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  return parse.parseResults(messages, client.parsers, options as never)[0];
}
