import { AsyncResource } from 'node:async_hooks';
import type { Database } from './client.ts';
import { isUrgent, onConnectionAsItIs } from './row-security.ts';

/** The row of what no store owns (sign-in users and their sessions), migration 0043. */
export const GLOBAL_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * What a store's data is at (migrations 0043 and 0055): `data` moves with any change of its rows;
 * the others with a part of them only: `people` its staff, consigners and store row, `catalogue` its
 * products and their GTINs, `items` its items (and `itemStatuses[status]` with the items that had or
 * have that status), `other` every other table but the item history and the report tables. A kept
 * answer is versioned by the parts it reads (http/read-cache.ts).
 */
export type StoreVersion = { data: string; people: string; catalogue: string; items: string; itemStatuses: Record<string, number>; other: string };
/** The versions one request works with: its store's (when it has one) and the users' and sessions'. */
export type RequestVersions = { store: StoreVersion | null; global: StoreVersion };

const NONE: StoreVersion = { data: '0', people: '0', catalogue: '0', items: '0', itemStatuses: {}, other: '0' };
const SQL = `select store_id::text as s, version::text as d, people_version::text as p, catalogue_version::text as c,
  items_version::text as i, item_status_versions::text as st, other_version::text as o
  from backroom_store_version where store_id = any($1::uuid[])`;
type Row = { s: string; d: string; p: string; c: string; i: string; st: string; o: string };
const versionOfRow = (r: Row): StoreVersion => ({ data: r.d, people: r.p, catalogue: r.c, items: r.i, itemStatuses: JSON.parse(r.st) as Record<string, number>, other: r.o });

/**
 * The per-store versions the caches compare (docs/scaling.md "Several server processes"): a row per
 * store in backroom_store_version, bumped by triggers in the transaction of any change of the
 * store's rows (migration 0043), whoever made it (this process, another one, psql). A cached answer
 * is kept with the version read before it was read, and served only while the version is the same:
 * a change committed while it was read moves the version, so the answer is never served again.
 *
 * PostgreSQL: read for each request that uses a cache, by one indexed query (several processes
 * write, and only the row tells this one), shared by the reads that asked while the one before was
 * under way (`shared`). PGlite: one process, so the version is read again only once a write of this
 * process has begun or ended since (db/write-watch.ts), and that reading is shared the same way: after
 * a write, the 50 readers waiting for PGlite's one connection asked a reading each (1.3 ms apiece,
 * 16 % of the connection in the busy hour: bench/README.md).
 */
export class StoreVersions {
  private readonly memo = new Map<string, { watch: number; version: StoreVersion }>();
  /** The reading not yet sent, and whether one is under way. */
  private next: NextReading | null = null;
  private underWay = false;

  constructor(private readonly database: Pick<Database, 'kind' | 'queryInScope' | 'writes'>) {}

  async of(storeId: string | null): Promise<RequestVersions> {
    const scopes = storeId ? [storeId, GLOBAL_SCOPE] : [GLOBAL_SCOPE];
    const writes = this.database.writes;
    const local = this.database.kind === 'pglite';
    if (local) {
      const known = scopes.map((scope) => this.memo.get(scope));
      if (known.every((k) => k && k.watch === writes.version)) return shape(storeId, (scope) => this.memo.get(scope)!.version);
    }
    const watch = writes.version;
    const found = isUrgent() ? await this.read(scopes) : await this.shared(scopes);
    const versionOf = (scope: string) => found.get(scope) ?? NONE;
    // remembered only when no write of this process began or ended during the read. A write under way
    // (begun before) is not a reason to read again: PGlite runs one statement or transaction at a time,
    // so a reading taken before that write ran is followed, when it ends, by a new count (writes.version);
    // until then a request given this reading reads data no older than it.
    if (local && writes.version === watch) for (const scope of scopes) this.memo.set(scope, { watch, version: versionOf(scope) });
    return shape(storeId, versionOf);
  }

  /**
   * One reading, on whichever connection is free as it is (`onConnectionAsItIs`): the table has no row
   * policy and every role may read it, so no connection is switched to the asker's scope for it.
   * Prepared by name on PostgreSQL: parsed once per connection, not on each of its 200 runs a second.
   */
  private async read(scopes: string[]): Promise<Map<string, StoreVersion>> {
    const { rows } = await onConnectionAsItIs(() => this.database.queryInScope(SQL, [scopes], 'backroom_store_versions'));
    return new Map((rows as Row[]).map((r) => [r.s, versionOfRow(r)]));
  }

  /**
   * A read's versions: a reading sent after this call, shared with the other reads that ask
   * before it is sent. While one reading is under way, the reads that ask join the next, sent when it
   * ends with all their stores: each is read after its request began, so it shows every change
   * committed before (on any process), and 50 readers of any stores cost a reading per round trip, not
   * one each (docs/scaling.md "Several server processes"). A request that changes something reads its
   * own (`read`), never waiting behind the readers' turn.
   */
  private shared(scopes: string[]): Promise<Map<string, StoreVersion>> {
    const reading = (this.next ??= nextReading());
    for (const scope of scopes) reading.scopes.add(scope);
    if (!this.underWay) this.send();
    return reading.found;
  }

  private send(): void {
    const reading = this.next!;
    this.next = null;
    this.underWay = true;
    // in the context of the read that asked first (its lane: a read's)
    reading.asker
      .runInAsyncScope(() => this.read([...reading.scopes]))
      .then(reading.resolve, reading.reject)
      .finally(() => {
        this.underWay = false;
        if (this.next) this.send();
      });
  }
}

type NextReading = { scopes: Set<string>; asker: AsyncResource; found: Promise<Map<string, StoreVersion>>; resolve: (found: Map<string, StoreVersion>) => void; reject: (err: unknown) => void };

function nextReading(): NextReading {
  let resolve!: NextReading['resolve'];
  let reject!: NextReading['reject'];
  const found = new Promise<Map<string, StoreVersion>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { scopes: new Set(), asker: new AsyncResource('backroom-store-versions'), found, resolve, reject };
}

function shape(storeId: string | null, versionOf: (scope: string) => StoreVersion): RequestVersions {
  return { store: storeId ? versionOf(storeId) : null, global: versionOf(GLOBAL_SCOPE) };
}

const instances = new WeakMap<object, StoreVersions>();

/** The versions of a database (one per opened database, so tests' apps do not share one). */
export function storeVersionsOf(database: Pick<Database, 'kind' | 'queryInScope' | 'writes'>): StoreVersions {
  let found = instances.get(database);
  if (!found) {
    found = new StoreVersions(database);
    instances.set(database, found);
  }
  return found;
}

const perRequest = new WeakMap<object, Promise<RequestVersions>>();

/**
 * The versions of a request's store and of the sign-ins, read once per request the first time a
 * cache asks (the session, the actor, the read cache): every cache of the request compares the same
 * reading, taken before anything it serves or keeps was read.
 */
export function versionsOfRequest(database: Pick<Database, 'kind' | 'queryInScope' | 'writes'>, request: { store?: { id: string } | null }): Promise<RequestVersions> {
  let found = perRequest.get(request);
  if (!found) {
    found = storeVersionsOf(database).of(request.store?.id ?? null);
    perRequest.set(request, found);
  }
  return found;
}
