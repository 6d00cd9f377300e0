/**
 * Knows when this process may have changed the database: on PGlite (one process) the per-store
 * versions (db/store-versions.ts) are read again only after this process has written. Every statement the app's database client runs passes through `statement`:
 * a write, or a transaction, bumps `version` when it starts and again when it has finished (committed
 * or rolled back), and counts as open in between. A reader that saw the same version before and after
 * its reads, with nothing open, read a state no change of this process was part of.
 *
 * It errs on the side of invalidating: every transaction counts as a write (read-only ones too), and
 * so does any statement that is not plainly a read. The job queue's own bookkeeping (pg-boss, schema
 * `pgboss`) is not the shop's data and is left out, or its polling would clear the caches every second.
 * Changes made by another process (a second server, psql) are not seen here: on PostgreSQL the
 * versions are read from the database on every request that uses a cache.
 */
export class WriteWatch {
  private counter = 0;
  private openWrites = 0;

  /** Changes with every write or transaction that starts or ends. */
  get version(): number {
    return this.counter;
  }

  /** No write or transaction of this process is under way. */
  get quiet(): boolean {
    return this.openWrites === 0;
  }

  /** A write or transaction starts: call `end` once it is over, whatever its outcome. */
  begin(): () => void {
    this.counter += 1;
    this.openWrites += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.counter += 1;
      this.openWrites -= 1;
    };
  }
}

const READ = /^\s*(select|show|explain|values|table)\b/i;
const WRITE_IN_CTE = /\b(insert|update|delete|merge)\b/i;
const TX_START = /^\s*(begin|start\s+transaction)\b/i;
const TX_END = /^\s*(commit|rollback|end|abort)\b(?!\s+to\b)/i;
const JOB_QUEUE = /\bpgboss\./i;

type StatementKind = 'read' | 'write' | 'begin' | 'end' | 'ignored';

/** What a statement is to the watch. A CTE is a read unless it writes; SELECT ... FOR UPDATE is in a transaction anyway. */
export function statementKind(text: string): StatementKind {
  if (JOB_QUEUE.test(text)) return 'ignored';
  if (TX_START.test(text)) return 'begin';
  if (TX_END.test(text)) return 'end';
  if (READ.test(text)) return /\bnextval\s*\(|\bsetval\s*\(/i.test(text) ? 'write' : 'read';
  if (/^\s*with\b/i.test(text)) return WRITE_IN_CTE.test(text) ? 'write' : 'read';
  return 'write';
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof (arg as { text: unknown }).text === 'string') return (arg as { text: string }).text;
  return '';
}

/**
 * Watches a node-postgres client (each client of the pool, as it connects): BEGIN opens a write that
 * COMMIT or ROLLBACK on the same client closes once answered; a write outside a transaction opens and
 * closes around its own statement.
 */
export function watchPgClient(watch: WriteWatch, client: { query: QueryFn; on?: (event: 'end', fn: () => void) => unknown }): void {
  const query = client.query.bind(client) as QueryFn;
  let endTx: (() => void) | null = null;
  // a client that goes away mid-transaction (the server closed it) leaves nothing open
  client.on?.('end', () => {
    endTx?.();
    endTx = null;
  });
  // `after` runs once the statement is answered: pool.query calls with a callback, Drizzle's
  // transactions with a promise
  const run = (args: unknown[], after: () => void): unknown => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      return query(...args.slice(0, -1), (...result: unknown[]) => {
        after();
        return (last as (...r: unknown[]) => unknown)(...result);
      });
    }
    // a promise, or what a Submittable call returns (not used here, but never broken by the watch)
    const answer = query(...args) as unknown;
    if (answer && typeof (answer as Promise<unknown>).finally === 'function') return (answer as Promise<unknown>).finally(after);
    after();
    return answer;
  };
  const nothing = () => undefined;
  client.query = ((...args: unknown[]) => {
    const kind = statementKind(textOf(args[0]));
    if (kind === 'begin') {
      endTx ??= watch.begin();
      return run(args, nothing);
    }
    if (kind === 'end') {
      const closing = endTx;
      endTx = null;
      return run(args, () => closing?.());
    }
    if (kind === 'write' && !endTx) return run(args, watch.begin());
    return query(...args);
  }) as QueryFn;
}

/**
 * Watches a PGlite instance: a `transaction` is a write from start to end; `query` and `exec` outside
 * one by their text (exec may hold several statements: any that is not a read makes it a write).
 */
export function watchPglite(watch: WriteWatch, client: { query: QueryFn; exec: QueryFn; transaction: QueryFn }): void {
  const query = client.query.bind(client) as QueryFn;
  const exec = client.exec.bind(client) as QueryFn;
  const transaction = client.transaction.bind(client) as QueryFn;
  const around = (run: QueryFn, isWrite: (text: string) => boolean) =>
    ((...args: unknown[]) => {
      if (!isWrite(textOf(args[0]))) return run(...args);
      const end = watch.begin();
      return run(...args).finally(end);
    }) as QueryFn;
  client.query = around(query, (text) => statementKind(text) !== 'read' && statementKind(text) !== 'ignored');
  client.exec = around(exec, (text) =>
    !JOB_QUEUE.test(text) &&
    text
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .some((part) => statementKind(part) !== 'read' && statementKind(part) !== 'ignored'),
  );
  client.transaction = ((...args: unknown[]) => {
    const end = watch.begin();
    return transaction(...args).finally(end);
  }) as QueryFn;
}
