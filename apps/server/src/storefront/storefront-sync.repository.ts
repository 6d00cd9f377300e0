// The storefront sync's data (docs/storefront-sync.md "Out"): storefront_item_sync, the items and
// products a push reads, the ids a push writes back, and the sync health screen's list.
import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ON_SALE_STATUSES, type SyncState } from '@backroom/domain';
import type { DbOrTx } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { backgroundJobs, inventoryItems, productTemplates, products, storefrontDriftChecks, storefrontItemSync } from '../db/schema/index.ts';

export type SyncRow = typeof storefrontItemSync.$inferSelect;
export type PushedItem = { inventoryId: string; seq: number; variantId: string; inventoryItemId: string; locationId: string | null };
export type SeenItem = { inventoryId: string; seq: number };

const sync = storefrontItemSync;
/** A change is stale when its push job was queued this long ago and it is still pending (the process died). */
const REQUEUE_AFTER = sql`interval '10 minutes'`;

/** Rows written per statement by the write-backs. */
const WRITE_BATCH = 500;

export const storefrontSyncRepository = {
  /**
   * Claims pending changes no push job was queued for (or queued long ago and still pending), across
   * every store: the products to queue a push for.
   */
  /** Whether any change waits for its push job to be queued (a read: it does not clear the read cache). */
  anyUnqueued: async (db: DbOrTx, stale: boolean) => {
    const result = await db.execute(
      stale
        ? sql`select 1 from ${sync} where state = 'pending' and (queued_at is null or queued_at < now() - ${REQUEUE_AFTER}) limit 1`
        : sql`select 1 from ${sync} where state = 'pending' and queued_at is null limit 1`,
    );
    return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
  },

  claimUnqueued: async (db: DbOrTx, limit: number) => {
    const result = await db.execute<{ store_id: string; product_id: string }>(sql`
      update ${sync} set queued_at = now()
      where (store_id, inventory_id) in (
        select store_id, inventory_id from ${sync}
        where state = 'pending' and (queued_at is null or queued_at < now() - ${REQUEUE_AFTER})
        limit ${limit}
        for update skip locked
      )
      returning store_id, product_id`);
    const rows = (result as unknown as { rows: { store_id: string; product_id: string }[] }).rows ?? result;
    const seen = new Map<string, { storeId: string; productId: string }>();
    for (const r of rows as { store_id: string; product_id: string }[]) seen.set(`${r.store_id}:${r.product_id}`, { storeId: r.store_id, productId: r.product_id });
    return [...seen.values()];
  },

  product: async (db: DbOrTx, storeId: string, productId: string) =>
    (
      await db
        .select({ product: products, template: productTemplates })
        .from(products)
        .leftJoin(productTemplates, and(eq(productTemplates.storeId, products.storeId), eq(productTemplates.id, products.productTemplateId)))
        .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
        .limit(1)
    )[0] ?? null,

  /** The product's items on sale at the locations that sell online, oldest first (their variants' order). */
  onSaleItems: async (db: DbOrTx, storeId: string, productId: string, onlineLocations: string[]) =>
    onlineLocations.length === 0
      ? []
      : db
          .select()
          .from(inventoryItems)
          .where(
            and(
              eq(inventoryItems.storeId, storeId),
              eq(inventoryItems.productId, productId),
              inArray(inventoryItems.status, [...ON_SALE_STATUSES]),
              inArray(inventoryItems.location, onlineLocations),
            ),
          )
          .orderBy(asc(inventoryItems.createdAt), asc(inventoryItems.id)),

  /** Several products with their templates (a bulk push reads them at once). */
  productsWithTemplates: async (db: DbOrTx, storeId: string, productIds: string[]) =>
    productIds.length === 0
      ? []
      : db
          .select({ product: products, template: productTemplates })
          .from(products)
          .leftJoin(productTemplates, and(eq(productTemplates.storeId, products.storeId), eq(productTemplates.id, products.productTemplateId)))
          .where(and(eq(products.storeId, storeId), inArray(products.id, productIds))),

  /** The items on sale online of several products, oldest first within each (their variants' order). */
  onSaleItemsOfProducts: async (db: DbOrTx, storeId: string, productIds: string[], onlineLocations: string[]) =>
    onlineLocations.length === 0 || productIds.length === 0
      ? []
      : db
          .select()
          .from(inventoryItems)
          .where(
            and(
              eq(inventoryItems.storeId, storeId),
              inArray(inventoryItems.productId, productIds),
              inArray(inventoryItems.status, [...ON_SALE_STATUSES]),
              inArray(inventoryItems.location, onlineLocations),
            ),
          )
          .orderBy(asc(inventoryItems.createdAt), asc(inventoryItems.id)),

  /** Every sync row of several products. */
  syncRowsOfProducts: async (db: DbOrTx, storeId: string, productIds: string[]) =>
    productIds.length === 0 ? [] : db.select().from(sync).where(and(eq(sync.storeId, storeId), inArray(sync.productId, productIds))),

  rowsOfProduct: async (db: DbOrTx, storeId: string, productId: string) => db.select().from(sync).where(and(eq(sync.storeId, storeId), eq(sync.productId, productId))),

  rowsOfItems: async (db: DbOrTx, storeId: string, ids: string[]) => (ids.length ? db.select().from(sync).where(and(eq(sync.storeId, storeId), inArray(sync.inventoryId, ids))) : []),

  /** Starts rows for on-sale items that have none (a push covers every on-sale item of its product). */
  ensureRows: async (tx: DbOrTx, storeId: string, items: { inventoryId: string; productId: string }[]) => {
    if (items.length === 0) return;
    await tx
      .insert(sync)
      .values(items.map((i) => ({ storeId, inventoryId: i.inventoryId, productId: i.productId, state: 'pending' as const, queuedAt: new Date() })))
      .onConflictDoNothing();
  },

  /** What a push left in the shop: ids always (the next push must not create the variant again), synced only for the changes it saw. */
  markPushed: async (tx: DbOrTx, storeId: string, items: PushedItem[], at: Date) => {
    // a statement per WRITE_BATCH items, not per item: a bulk first sync writes back thousands at once
    for (let n = 0; n < items.length; n += WRITE_BATCH) {
      const values = sql.join(
        items.slice(n, n + WRITE_BATCH).map((i) => sql`(${i.inventoryId}::uuid, ${i.seq}::integer, ${i.variantId}::text, ${i.inventoryItemId}::text, ${i.locationId}::text)`),
        sql`, `,
      );
      await tx.execute(sql`update storefront_item_sync as s set
          variant_id = v.variant_id, inventory_item_id = v.inventory_item_id, location_id = v.location_id,
          state = case when s.change_seq = v.seq then 'synced' else s.state end,
          error = case when s.change_seq = v.seq then null else s.error end,
          drift = case when s.change_seq = v.seq then '[]'::jsonb else s.drift end,
          attempts = case when s.change_seq = v.seq then 0 else s.attempts end,
          last_synced_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
        from (values ${values}) as v(inventory_id, seq, variant_id, inventory_item_id, location_id)
        where s.store_id = ${storeId}::uuid and s.inventory_id = v.inventory_id`);
    }
  },

  /** Items that left the shop: the row goes when no change came since; else it stays pending, without its variant. */
  markRemoved: async (tx: DbOrTx, storeId: string, items: SeenItem[]) => {
    for (const i of items) {
      const deleted = await tx
        .delete(sync)
        .where(and(eq(sync.storeId, storeId), eq(sync.inventoryId, i.inventoryId), eq(sync.changeSeq, i.seq)))
        .returning({ id: sync.inventoryId });
      if (deleted.length === 0) {
        await tx.update(sync).set({ variantId: null, inventoryItemId: null, locationId: null }).where(and(eq(sync.storeId, storeId), eq(sync.inventoryId, i.inventoryId)));
      }
    }
  },

  markFailed: async (db: DbOrTx, storeId: string, items: SeenItem[], error: string) => {
    const at = new Date();
    for (const i of items) {
      await db
        .update(sync)
        .set({ state: 'failed', error: error.slice(0, 2000), attempts: sql`${sync.attempts} + 1`, updatedAt: at })
        .where(and(eq(sync.storeId, storeId), eq(sync.inventoryId, i.inventoryId), eq(sync.changeSeq, i.seq)));
    }
  },

  /** Several products' Shopify ids in a statement per WRITE_BATCH (a bulk push writes back a thousand). */
  setProductShopifyIds: async (tx: DbOrTx, storeId: string, list: { productId: string; shopifyId: string }[]) => {
    for (let n = 0; n < list.length; n += WRITE_BATCH) {
      const values = sql.join(list.slice(n, n + WRITE_BATCH).map((p) => sql`(${p.productId}::uuid, ${p.shopifyId}::text)`), sql`, `);
      await tx.execute(sql`update products as p set shopify_id = v.shopify_id
        from (values ${values}) as v(id, shopify_id)
        where p.store_id = ${storeId}::uuid and p.id = v.id`);
    }
  },

  /**
   * Forgets a product someone deleted in the shop: its Shopify id, its items' variant ids and their
   * rows' shop ids, so the next push creates it again. Bookkeeping like setProductShopifyIds: no log entry.
   */
  forgetShopProduct: async (tx: DbOrTx, storeId: string, productId: string) => {
    await tx.update(products).set({ shopifyId: null }).where(and(eq(products.storeId, storeId), eq(products.id, productId)));
    await tx.update(inventoryItems).set({ shopifyId: null }).where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.productId, productId)));
    await tx
      .update(storefrontItemSync)
      .set({ variantId: null, inventoryItemId: null, locationId: null })
      .where(and(eq(storefrontItemSync.storeId, storeId), eq(storefrontItemSync.productId, productId)));
  },

  /** The variant ids on the items (Inventory.shopifyId); bookkeeping, not a change staff made: no log entry, no sync trigger (not a watched column). */
  setItemShopifyIds: async (tx: DbOrTx, storeId: string, items: { inventoryId: string; variantId: string }[]) => {
    for (let n = 0; n < items.length; n += WRITE_BATCH) {
      const values = sql.join(items.slice(n, n + WRITE_BATCH).map((i) => sql`(${i.inventoryId}::uuid, ${i.variantId}::text)`), sql`, `);
      await tx.execute(sql`update inventory_items as i set shopify_id = v.variant_id
        from (values ${values}) as v(id, variant_id)
        where i.store_id = ${storeId}::uuid and i.id = v.id and (i.shopify_id is null or i.shopify_id <> v.variant_id)`);
    }
  },

  /**
   * Marks items pending to be pushed again (repair, resync): given ids, or every failed/drifted one,
   * or (all) every item on sale at the online locations. Answers how many.
   */
  markPending: async (tx: DbOrTx, storeId: string, scope: { ids?: string[]; failed?: boolean; onSaleAt?: string[]; productId?: string; claim?: boolean }) => {
    const at = new Date();
    // claimed: the caller pushes them itself, so the dispatcher leaves them alone
    const queuedAt = scope.claim ? sql`now()` : sql`null`;
    let touched = 0;
    if (scope.onSaleAt) {
      if (scope.onSaleAt.length === 0) return 0;
      const productFilter = scope.productId ? sql`and i.product_id = ${scope.productId}` : sql``;
      const statuses = sql.join(
        ON_SALE_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      );
      const locations = sql.join(
        scope.onSaleAt.map((l) => sql`${l}`),
        sql`, `,
      );
      const result = await tx.execute(sql`
        insert into ${sync} as s (store_id, inventory_id, product_id, state, change_seq, queued_at, updated_at)
        select i.store_id, i.id, i.product_id, 'pending', 1, ${queuedAt}, now()
        from inventory_items i
        where i.store_id = ${storeId} and i.status in (${statuses}) and i.location in (${locations}) ${productFilter}
        on conflict (store_id, inventory_id) do update set state = 'pending', change_seq = s.change_seq + 1, queued_at = ${queuedAt}, updated_at = now()
        returning 1`);
      touched += ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])).length;
      // rows of items no longer on sale (e.g. a product whose items all left): pushed again, so they leave
      const stale = await tx
        .update(sync)
        .set({ state: 'pending', changeSeq: sql`${sync.changeSeq} + 1`, queuedAt: scope.claim ? sql`now()` : null, updatedAt: at })
        .where(and(eq(sync.storeId, storeId), sql`${sync.updatedAt} < now()`, ...(scope.productId ? [eq(sync.productId, scope.productId)] : [])))
        .returning({ id: sync.inventoryId });
      return touched + stale.length;
    }
    const where: SQL[] = [eq(sync.storeId, storeId)];
    if (scope.ids) where.push(inArray(sync.inventoryId, scope.ids));
    if (scope.failed) where.push(inArray(sync.state, ['failed', 'drifted']));
    const rows = await tx
      .update(sync)
      .set({ state: 'pending', changeSeq: sql`${sync.changeSeq} + 1`, queuedAt: scope.claim ? sql`now()` : null, updatedAt: at })
      .where(and(...where))
      .returning({ id: sync.inventoryId });
    return rows.length;
  },

  /** The sync health screen: rows with their item, newest change first. */
  list: async (db: DbOrTx, storeId: string, q: { state?: SyncState; search?: string; page: number; pageSize: number }) => {
    const where: SQL[] = [eq(sync.storeId, storeId)];
    if (q.state) where.push(eq(sync.state, q.state));
    if (q.search) {
      const pattern = containsPattern(q.search);
      where.push(or(ilike(inventoryItems.code, pattern), ilike(inventoryItems.title, pattern)) as SQL);
    }
    const base = db
      .select({
        sync,
        code: inventoryItems.code,
        title: inventoryItems.title,
        status: inventoryItems.status,
        location: inventoryItems.location,
        price: inventoryItems.price,
      })
      .from(sync)
      .leftJoin(inventoryItems, and(eq(inventoryItems.storeId, sync.storeId), eq(inventoryItems.id, sync.inventoryId)))
      .where(and(...where));
    const rows = await base
      .orderBy(desc(sync.updatedAt), asc(sync.inventoryId))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await db
      .select({ n: count() })
      .from(sync)
      .leftJoin(inventoryItems, and(eq(inventoryItems.storeId, sync.storeId), eq(inventoryItems.id, sync.inventoryId)))
      .where(and(...where));
    return { rows, count: total?.n ?? 0 };
  },

  /** Products of the store with a pending change (a store resync pushes them one by one). */
  pendingProducts: async (db: DbOrTx, storeId: string) =>
    (await db.selectDistinct({ productId: sync.productId }).from(sync).where(and(eq(sync.storeId, storeId), eq(sync.state, 'pending')))).map((r) => r.productId),

  /** The product of each item (the item resync pushes its product). */
  productsOfItems: async (db: DbOrTx, storeId: string, ids: string[]) =>
    ids.length ? db.select({ id: inventoryItems.id, productId: inventoryItems.productId }).from(inventoryItems).where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.id, ids))) : [],

  itemsByShopifyIdOrCode: async (db: DbOrTx, storeId: string, variantIds: string[], codes: string[]) =>
    variantIds.length + codes.length === 0
      ? []
      : db
          .select({ id: inventoryItems.id, shopifyId: inventoryItems.shopifyId, code: inventoryItems.code })
          .from(inventoryItems)
          .where(and(eq(inventoryItems.storeId, storeId), or(...(variantIds.length ? [inArray(inventoryItems.shopifyId, variantIds)] : []), ...(codes.length ? [inArray(inventoryItems.code, codes)] : [])))),

  countsByState: async (db: DbOrTx, storeId: string) => db.select({ state: sync.state, n: count() }).from(sync).where(eq(sync.storeId, storeId)).groupBy(sync.state),

  /** The synced rows of a store, a page at a time by product (the drift check). */
  syncedPage: async (db: DbOrTx, storeId: string, after: string | null, limit: number) =>
    db
      .select({ productId: sync.productId })
      .from(sync)
      .where(and(eq(sync.storeId, storeId), inArray(sync.state, ['synced', 'drifted']), ...(after ? [sql`${sync.productId} > ${after}`] : [])))
      .groupBy(sync.productId)
      .orderBy(asc(sync.productId))
      .limit(limit),

  productShopifyIds: async (db: DbOrTx, storeId: string, productIds: string[]) =>
    productIds.length ? db.select({ id: products.id, shopifyId: products.shopifyId }).from(products).where(and(eq(products.storeId, storeId), inArray(products.id, productIds))) : [],

  rowsOfProducts: async (db: DbOrTx, storeId: string, productIds: string[]) =>
    productIds.length
      ? db
          .select({ sync, price: inventoryItems.price, code: inventoryItems.code })
          .from(sync)
          .innerJoin(inventoryItems, and(eq(inventoryItems.storeId, sync.storeId), eq(inventoryItems.id, sync.inventoryId)))
          .where(and(eq(sync.storeId, storeId), inArray(sync.productId, productIds), inArray(sync.state, ['synced', 'drifted'])))
      : [],

  /** Drift found (or cleared) on synced rows whose change was not superseded. */
  setDrift: async (db: DbOrTx, storeId: string, items: { inventoryId: string; seq: number; drift: string[] }[]) => {
    const at = new Date();
    for (const i of items) {
      await db
        .update(sync)
        .set({ state: i.drift.length ? 'drifted' : 'synced', drift: i.drift, updatedAt: at })
        .where(and(eq(sync.storeId, storeId), eq(sync.inventoryId, i.inventoryId), eq(sync.changeSeq, i.seq), inArray(sync.state, ['synced', 'drifted'])));
    }
  },

  saveDriftCheck: async (db: DbOrTx, storeId: string, check: { checkedAt: Date; checked: number; drifted: number; error: string | null }) =>
    db.insert(storefrontDriftChecks).values({ storeId, ...check }).onConflictDoUpdate({ target: storefrontDriftChecks.storeId, set: check }),

  /** The store's latest job of these kinds (the whole-shop pushes whose progress the sync health screen shows). */
  latestJob: async (db: DbOrTx, storeId: string, kinds: string[]) =>
    (
      await db
        .select()
        .from(backgroundJobs)
        .where(and(eq(backgroundJobs.storeId, storeId), inArray(backgroundJobs.kind, kinds)))
        .orderBy(desc(backgroundJobs.createdAt))
        .limit(1)
    )[0] ?? null,

  lastDriftCheck: async (db: DbOrTx, storeId: string) => (await db.select().from(storefrontDriftChecks).where(eq(storefrontDriftChecks.storeId, storeId)).limit(1))[0] ?? null,

  /** Stores with a Shopify connection turned on (the nightly drift check runs over them). */
  connectedStoreIds: async (db: DbOrTx) => {
    const result = await db.execute<{ store_id: string }>(sql`select store_id from store_integrations where kind = 'shopify' and enabled`);
    return ((result as unknown as { rows?: { store_id: string }[] }).rows ?? (result as unknown as { store_id: string }[])).map((r) => r.store_id);
  },

  pendingOlderThan: async (db: DbOrTx, storeId: string, before: Date) =>
    db
      .select({ n: count() })
      .from(sync)
      .where(and(eq(sync.storeId, storeId), eq(sync.state, 'pending'), lt(sync.updatedAt, before))),
};
