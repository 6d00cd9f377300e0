/**
 * PostgreSQL: the pool's connections handed out writes first. node-postgres queues callers for a free
 * connection first come, first served: under 50 readers a price change waited for a connection behind
 * every list and search already waiting (edits p50 about 0.4 s, p99 1 s in the busy hour: bench/README.md
 * "The busy hour on a quiet machine"). The same two lanes as PGlite's queue
 * (pglite-queue.ts: a transaction, a statement that is not plainly a read, and every statement of a
 * request that changes something go in the write lane), but for `size` connections at once: a freed
 * connection goes to a waiting write before any waiting read, and after MAX_WRITES_IN_A_ROW writes while
 * reads wait, to a read. docs/scaling.md "PostgreSQL: connections writes first".
 */
import { laneOf, MAX_WRITES_IN_A_ROW, type Lane } from './pglite-queue.ts';
import { queryThrough, type PgClient, type QueryFn } from './pool-query.ts';

/** At most `size` holders at once; waiting writes before waiting reads, a read let through now and then. */
export class ConnectionLanes {
  private readonly waiting: Record<Lane, (() => void)[]> = { write: [], read: [] };
  private inUse = 0;
  private writesInARow = 0;

  constructor(readonly size: number) {}

  /** Callers waiting in each lane. */
  get depth(): Record<Lane, number> {
    return { write: this.waiting.write.length, read: this.waiting.read.length };
  }

  /** Resolves when the caller may take a connection, with the function that gives its place back (once). */
  acquire(lane: Lane): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting[lane].push(() => {
        let given = false;
        resolve(() => {
          if (given) return;
          given = true;
          this.inUse -= 1;
          this.next();
        });
      });
      this.next();
    });
  }

  private next(): void {
    while (this.inUse < this.size) {
      const readsWait = this.waiting.read.length > 0;
      const takeWrite = this.waiting.write.length > 0 && !(readsWait && this.writesInARow >= MAX_WRITES_IN_A_ROW);
      const grant = takeWrite ? this.waiting.write.shift() : this.waiting.read.shift();
      if (!grant) return;
      this.writesInARow = takeWrite ? this.writesInARow + 1 : 0;
      this.inUse += 1;
      grant();
    }
  }
}

/**
 * Puts the pool's `connect` (transactions: the write lane) and `query` (a statement: its lane, read
 * when the call is made, in the caller's context) behind lanes of the pool's size, so the pool itself
 * never queues a caller. Installed after row-security's scoping: its `query` takes a client from the
 * (scoped) `connect` it finds, so every statement runs in the caller's scope and lane.
 */
export function laneThePool(pool: { query: QueryFn; connect: () => Promise<PgClient> }, size: number): ConnectionLanes {
  const lanes = new ConnectionLanes(size);
  const connect = pool.connect.bind(pool) as () => Promise<PgClient>;
  const take = async (lane: Lane): Promise<PgClient> => {
    const giveBack = await lanes.acquire(lane);
    let client: PgClient;
    try {
      client = await connect();
    } catch (err) {
      giveBack();
      throw err;
    }
    // the pool gives every checked-out client a fresh `release`: ours gives the lane's place back too
    const release = client.release.bind(client);
    client.release = (err?: unknown) => {
      giveBack();
      release(err);
    };
    return client;
  };
  pool.connect = (() => take('write')) as typeof pool.connect;
  pool.query = queryThrough((args) =>
    take(laneOf(typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? ''))),
  );
  return lanes;
}
