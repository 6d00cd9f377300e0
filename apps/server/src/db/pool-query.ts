/**
 * node-postgres' `pool.query`, rebuilt on a `connect` of our own: row security's scoping
 * (row-security.ts) and the writes-first lanes (pg-lanes.ts) each wrap the pool's `connect`, and a
 * statement must take its client through that wrapper, in the caller's scope and lane. Keeps the pool's
 * two calling styles: a promise, or a callback as the last argument.
 */
export type QueryFn = (...args: unknown[]) => Promise<unknown>;
export type PgClient = { query: QueryFn; release: (err?: unknown) => void };

/** A `query` that takes a client from `take` (given the statement's arguments) and releases it after. */
export function queryThrough(take: (args: unknown[]) => Promise<PgClient>): QueryFn {
  return (async (...args: unknown[]) => {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (err: unknown, res?: unknown) => void) : null;
    const run = async () => {
      const client = await take(args);
      try {
        return await client.query(...args);
      } finally {
        client.release();
      }
    };
    if (!callback) return run();
    run().then((res) => callback(null, res), (err) => callback(err));
    return undefined;
  }) as QueryFn;
}
