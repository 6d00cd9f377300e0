import { LRUCache } from 'lru-cache';

/**
 * The inventory list's rows as they were sent (docs/scaling.md "A page put together from kept rows"):
 * each row's JSON text, kept with what it was made of, so that a page asked again after a change
 * elsewhere in the store reads its ids and row versions in one statement and only its changed rows.
 *
 * A row's text (kept as its UTF-8 bytes: a page is put together from them as they are sent) is the
 * item (its row version, `xmin`, moves with every change of the row), its product, consigner, order and
 * template, its markdown schedule, and the time (its days on the floor, its next markdown). Kept with:
 *   - `version`: the item's row version when the row was read (in the same statement);
 *   - `made`: the store's versions of the people, catalogue and other parts (db/store-versions.ts),
 *     as read before the row was, and the store's markdown floor; a change committed while the row
 *     was read moves them, so it is never served again;
 *   - `until`: the instant its days on the floor or its next markdown would read differently.
 * A row is served only when all three still hold. Kept per store, item and shape (rowKey): the page's own
 * query, in the asker's scope, says which ids a page has, so a consigner is only ever given their own rows.
 */
export type KeptRow = { version: string; made: string; until: number; json: Buffer };

const KEPT_FOR_MS = 10 * 60_000;

export class KeptRows {
  private readonly rows: LRUCache<string, KeptRow>;
  private readonly keptTemplates = new LRUCache<string, { other: string; template: { id: string } }>({ max: 2000, ttl: KEPT_FOR_MS, ttlAutopurge: false });
  readonly counts = { kept: 0, read: 0, templatesRead: 0 };

  constructor(
    readonly enabled: boolean,
    maxBytes = 32 * 1024 * 1024,
  ) {
    this.rows = new LRUCache({ maxSize: maxBytes, sizeCalculation: (row) => row.json.length + 120, ttl: KEPT_FOR_MS, ttlAutopurge: false });
  }

  /** The text kept at `key` (rowKey), when it was made of `version` and `made` and is still current at `now`. */
  get(key: string, version: string, made: string, now: number): Buffer | null {
    if (!this.enabled) return null;
    const row = this.rows.get(key);
    if (!row || row.version !== version || row.made !== made || now >= row.until) return null;
    this.counts.kept += 1;
    return row.json;
  }

  keep(key: string, row: KeptRow): void {
    this.counts.read += 1;
    if (this.enabled) this.rows.set(key, row);
  }

  /**
   * The templates of rows read again: kept per store and id with the store's `other` version they were
   * read at (templates are in that part), so a page whose changed rows name the usual templates reads
   * only the rows. `read` gets those not kept at `other` (all of them when `other` is null).
   */
  async templates<T extends { id: string }>(storeId: string, other: string | null, ids: string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
    const found: T[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const kept = other !== null && this.enabled ? this.keptTemplates.get(`${storeId}\u0000${id}`) : undefined;
      if (kept && kept.other === other) found.push(kept.template as T);
      else missing.push(id);
    }
    if (!missing.length) return found;
    this.counts.templatesRead += missing.length;
    for (const template of await read(missing)) {
      found.push(template);
      if (other !== null && this.enabled) this.keptTemplates.set(`${storeId}\u0000${template.id}`, { other, template });
    }
    return found;
  }
}

/** Where a row is kept: per store, item and shape (with or without its product and consigner). */
export const rowKey = (storeId: string, shape: string, id: string) => `${storeId}\u0000${shape}\u0000${id}`;

const instances = new WeakMap<object, KeptRows>();

/** The kept rows of an app (keyed by its context: each test app has its own). */
export function keptRowsOf(ctx: object, enabled: boolean): KeptRows {
  let found = instances.get(ctx);
  if (!found) {
    found = new KeptRows(enabled);
    instances.set(ctx, found);
  }
  return found;
}
