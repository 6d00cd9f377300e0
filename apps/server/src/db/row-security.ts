/**
 * Stores kept apart by the database itself (docs/security.md "Row-level security"). Every table with
 * a `store_id` has a policy (migration 0044) that shows the role `backroom_app` only the rows of
 * `current_setting('app.store_id')`, and lets it write only those. A request runs its statements as
 * that role, with the store it resolved; a repository that forgets its `storeId` condition gets
 * nothing of another store.
 *
 * The scope travels with the request in an AsyncLocalStorage and is applied on the connection that
 * runs each statement, only when it differs from what that connection last had:
 * - inside a request, before its store is known: `backroom_app` with no store (no store's rows);
 * - once the request's store is resolved: `backroom_app` with that store;
 * - `asSystem(...)`: the named path for work that crosses stores on purpose (finding the store of a
 *   host, a person's stores across the installation, a new store's sign-up); it runs as the
 *   connection's own role, the tables' owner, which the policies do not restrict;
 * - outside any request (start-up, migrations, the job queue's workers, the seed): the owner too.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { queryThrough, type PgClient, type QueryFn } from './pool-query.ts';

export const RUNTIME_ROLE = 'backroom_app';

/** `urgent`: the statements of a request that changes something (not GET): they go first on PGlite (db/pglite-queue.ts). */
type Scope = { system: boolean; storeId: string | null; urgent: boolean; asItIs?: boolean };
const storage = new AsyncLocalStorage<Scope>();

/** What the connection must be set to for the statement about to run: `system`, or the role with a store ('' for none). */
export function scopeKey(): string {
  const scope = storage.getStore();
  if (scope?.asItIs) return AS_IT_IS;
  if (!scope || scope.system) return 'system';
  return `store:${scope.storeId ?? ''}`;
}

/** The statement about to run belongs to a request that changes something (PGlite runs it before queued reads). */
export function isUrgent(): boolean {
  return storage.getStore()?.urgent ?? false;
}

/**
 * Runs the rest of a request in a scope of its own (no store yet): the first hook of every request.
 * `urgent` for a request that writes (any method but GET, HEAD and OPTIONS).
 * The returned resource re-enters the scope where the request's own events lost it (a body is
 * parsed in the socket's context, so the hooks after it run outside: the caller re-enters at
 * preValidation, as @fastify/request-context does).
 */
export function runInRequestScope(done: () => void, urgent = false): AsyncResource {
  let resource: AsyncResource | undefined;
  storage.run({ system: false, storeId: null, urgent }, () => {
    resource = new AsyncResource('backroom-request-scope');
    resource.runInAsyncScope(done);
  });
  return resource as AsyncResource;
}

/** The request's store is known: its statements see that store's rows from now on. */
export function scopeRequestToStore(storeId: string | null): void {
  const scope = storage.getStore();
  if (scope && !scope.system) scope.storeId = storeId;
}

/**
 * Work that crosses stores on purpose, named where it is done (see the header). The work is awaited
 * inside the scope: a Drizzle query is lazy, and would otherwise run where it is awaited, outside.
 * Inside a transaction it changes nothing: the transaction's connection keeps the scope it began with.
 */
export function asSystem<T>(work: () => PromiseLike<T>): Promise<T> {
  return storage.run({ system: true, storeId: null, urgent: isUrgent() }, async () => await work());
}

/** The scope key of `onConnectionAsItIs`: no switch, whatever the connection was last set to. */
const AS_IT_IS = 'as-it-is';

/**
 * A statement on the one table no row policy restricts and every role may read (backroom_store_version,
 * read before nearly every request: db/store-versions.ts), run on whichever connection is free as that
 * connection is: switching it to the asker's scope would cost a round trip of its own whenever the last
 * statement on it was another store's. Not for any other table: the policies are what keep stores apart.
 */
export function onConnectionAsItIs<T>(work: () => PromiseLike<T>): Promise<T> {
  return storage.run({ system: false, storeId: null, urgent: isUrgent(), asItIs: true }, async () => await work());
}

/** Work for one store outside a request (a job for that store): as a request of that store would run. */
export function asStore<T>(storeId: string, work: () => PromiseLike<T>): Promise<T> {
  return storage.run({ system: false, storeId, urgent: false }, async () => await work());
}

/**
 * The runtime role and what it may touch, as migration 0044 made them: run again after a restore, whose
 * dump carries the policies but neither roles (they belong to the cluster) nor privileges.
 */
export const RUNTIME_ROLE_SETUP = [
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${RUNTIME_ROLE}') THEN CREATE ROLE ${RUNTIME_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS; END IF;
   EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
  `DO $$ BEGIN
     IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, '${RUNTIME_ROLE}', 'MEMBER') THEN
       EXECUTE format('GRANT ${RUNTIME_ROLE} TO %I', current_user);
     END IF;
   END $$`,
  `GRANT USAGE ON SCHEMA public TO ${RUNTIME_ROLE}`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${RUNTIME_ROLE}`,
  `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${RUNTIME_ROLE}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${RUNTIME_ROLE}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${RUNTIME_ROLE}`,
];

/**
 * An async iterable whose steps run in the scope it was made in. A stream pulls its next chunk from
 * the socket's context, outside the request's scope: a CSV export's batches must still read as the
 * request's store (http/csv.ts).
 */
export function keepScope<T>(iterable: AsyncIterable<T>): AsyncIterable<T> {
  const resource = new AsyncResource('backroom-scoped-iterable');
  return {
    [Symbol.asyncIterator]: () => {
      const steps = iterable[Symbol.asyncIterator]();
      return {
        next: () => resource.runInAsyncScope(() => steps.next()),
        return: async (value?: unknown) => (steps.return ? resource.runInAsyncScope(() => steps.return!(value)) : { done: true as const, value: value as T }),
      };
    },
  };
}

const SET_SCOPE = "select set_config('role', $1, false), set_config('app.store_id', $2, false)";
const paramsOf = (key: string): [string, string] => (key === 'system' ? ['none', ''] : [RUNTIME_ROLE, key.slice('store:'.length)]);

const APPLIED = Symbol('backroom.scope');

/**
 * node-postgres: statements outside a transaction (`pool.query`) and transactions (`pool.connect`) are
 * given a client whose role and store match the caller's scope, read when the call is made (a pool's
 * callbacks may run in another request's context).
 */
export function scopePgPool(pool: { query: QueryFn; connect: () => Promise<PgClient> }): void {
  const connect = pool.connect.bind(pool) as () => Promise<PgClient>;
  const scoped = async (key: string): Promise<PgClient> => {
    const client = await connect();
    const holder = client as unknown as Record<symbol, string | undefined>;
    if (key !== AS_IT_IS && (holder[APPLIED] ?? 'system') !== key) {
      try {
        await client.query(SET_SCOPE, paramsOf(key));
      } catch (err) {
        client.release(err);
        throw err;
      }
      holder[APPLIED] = key;
    }
    return client;
  };
  pool.connect = (() => scoped(scopeKey())) as typeof pool.connect;
  pool.query = queryThrough(() => scoped(scopeKey()));
}

/**
 * PGlite, one connection: the statement that brings it to `key` (scopeKey(), read when the call was
 * made), or null when it is there already. Run by db/pglite-queue.ts in the call's turn, so that no
 * other call runs between it and the call itself.
 */
export function pgliteScopeStatement(key: string, applied: string): { text: string; params: [string, string] } | null {
  return key === applied || key === AS_IT_IS ? null : { text: SET_SCOPE, params: paramsOf(key) };
}

// --- the test-only switch of test/row-level-security.test.ts ---

let storeConditionForgotten = false;

/**
 * Makes the repositories that ask `storeCondition` forget their store condition, as a repository with
 * a bug would: the policies alone must then keep other stores out. Tests only.
 */
export function forgetStoreConditionForTest(forget: boolean): void {
  storeConditionForgotten = forget;
}

/** A repository's store condition, unless a test has switched it off (above). */
export function storeCondition<T>(condition: T): T | undefined {
  return storeConditionForgotten ? undefined : condition;
}
