/**
 * PGlite runs one call at a time (a statement, a script, or a whole transaction). Its own mutex serves
 * them first come, first served: under 50 readers a price change waited behind every queued list and
 * search (edits p50 about 9 s in the busy hour, bench/README.md). Every call of the app goes through
 * this queue instead, in one of two lanes:
 * - write: transactions, statements that are not plainly reads (write-watch.ts statementKind), and
 *   every statement of a request that changes something (a POST, PUT, PATCH or DELETE: its reads
 *   before its transaction too, db/row-security.ts isUrgent);
 * - read: the rest (GET requests' statements, the job queue's polling, start-up).
 * A waiting write runs before any waiting read; after MAX_WRITES_IN_A_ROW writes while reads wait, one
 * read goes, so a stream of writes cannot starve the readers. A call, once started, runs to its end:
 * a transaction keeps the connection for all its statements (they run on PGlite's transaction
 * object, not through here). With row security on, each call first brings the connection to the
 * caller's scope, in its own turn (row-security.ts). docs/scaling.md "PGlite: writes first".
 */
import { isUrgent, pgliteScopeStatement, scopeKey } from './row-security.ts';
import { statementKind } from './write-watch.ts';

export type Lane = 'write' | 'read';
type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** At most this long (ms) of calls run back to back before the event loop gets a turn. */
export const SLICE_MS = 10;

/** Reads let through after this many writes in a row while reads wait. */
export const MAX_WRITES_IN_A_ROW = 8;

/** One call at a time; waiting writes before waiting reads, a read let through now and then. */
export class LaneQueue {
  private readonly waiting: Record<Lane, (() => Promise<void>)[]> = { write: [], read: [] };
  private running = false;
  private writesInARow = 0;
  private sliceStarted = 0;

  /** Calls waiting in each lane (the one running not counted). */
  get depth(): Record<Lane, number> {
    return { write: this.waiting.write.length, read: this.waiting.read.length };
  }

  run<T>(lane: Lane, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting[lane].push(() => job().then(resolve, reject));
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const readsWait = this.waiting.read.length > 0;
    const takeWrite = this.waiting.write.length > 0 && !(readsWait && this.writesInARow >= MAX_WRITES_IN_A_ROW);
    const job = takeWrite ? this.waiting.write.shift() : this.waiting.read.shift();
    if (!job) return;
    this.writesInARow = takeWrite ? this.writesInARow + 1 : 0;
    this.running = true;
    // job() settles its caller's promise and never rejects itself. PGlite answers without a turn of
    // the event loop (its WASM runs synchronously, in promises only): calls chained directly would
    // drain the whole queue before a new request, or a request's own crypto or timer callback, is
    // seen, and a write would never be waiting when the next call is chosen. So every SLICE_MS the
    // next call is chosen after a turn of the event loop (setImmediate: after pending I/O); a turn
    // after every call costs more than the calls themselves when 50 connections are served.
    void job().finally(() => {
      if (performance.now() - this.sliceStarted < SLICE_MS) {
        this.running = false;
        this.next();
        return;
      }
      setImmediate(() => {
        this.sliceStarted = performance.now();
        this.running = false;
        this.next();
      });
    });
  }
}

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg && typeof (arg as { text: unknown }).text === 'string') return (arg as { text: string }).text;
  return '';
}

/** The lane of a `query` or `exec` call outside a transaction (a script: a write if any part is). */
export function laneOf(text: string): Lane {
  if (isUrgent()) return 'write';
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.some((part) => statementKind(part) === 'write' || statementKind(part) === 'begin' || statementKind(part) === 'end') ? 'write' : 'read';
}

/**
 * Puts PGlite's `query`, `exec` and `transaction` behind one LaneQueue. `rowSecurity`: each call first
 * sets the connection to the caller's scope. `writesFirst` false: one lane, first come first served
 * (the behaviour before, kept for measuring: WRITES_FIRST=off).
 */
export function queuePglite(client: { query: QueryFn; exec: QueryFn; transaction: QueryFn }, opts: { rowSecurity: boolean; writesFirst: boolean }): LaneQueue {
  const query = client.query.bind(client) as QueryFn;
  const exec = client.exec.bind(client) as QueryFn;
  const transaction = client.transaction.bind(client) as QueryFn;
  const queue = new LaneQueue();
  let applied = 'system';
  const queued = (run: QueryFn, lane: (args: unknown[]) => Lane): QueryFn =>
    ((...args: unknown[]) => {
      // the scope and the lane are the caller's: read now, not when the turn comes
      const key = opts.rowSecurity ? scopeKey() : applied;
      return queue.run(opts.writesFirst ? lane(args) : 'read', async () => {
        const scope = pgliteScopeStatement(key, applied);
        if (scope) {
          await query(scope.text, scope.params);
          applied = key;
        }
        return run(...args);
      });
    }) as QueryFn;
  client.query = queued(query, (args) => laneOf(textOf(args[0])));
  client.exec = queued(exec, (args) => laneOf(textOf(args[0])));
  client.transaction = queued(transaction, () => 'write');
  return queue;
}
