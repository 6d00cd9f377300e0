import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, storeIntegrations, storefrontOrderSync, storefrontWebhooks, type StorefrontRefundedLine } from '../../db/schema/index.ts';

/** The only Drizzle user of the storefront's incoming orders (docs/storefront-orders.md); every query is scoped by store. */
export const storefrontOrdersRepository = {
  /** Whether this delivery was handled already (its effect committed). */
  webhookSeen: async (db: DbOrTx, storeId: string, webhookId: string) =>
    (await db.select({ id: storefrontWebhooks.webhookId }).from(storefrontWebhooks).where(and(eq(storefrontWebhooks.storeId, storeId), eq(storefrontWebhooks.webhookId, webhookId))).limit(1))
      .length > 0,

  /** Records a handled delivery, in the transaction of its effect. */
  insertWebhook: async (
    tx: DbOrTx,
    values: { storeId: string; webhookId: string; topic: string; orderExternalId: string | null; refundedLines?: StorefrontRefundedLine[] | null; outcome: string },
  ) => {
    await tx.insert(storefrontWebhooks).values(values);
  },

  /** The lines refunds/create deliveries took back from an order, kept while the order was not recorded. */
  heldRefundLines: async (db: DbOrTx, storeId: string, orderExternalId: string): Promise<StorefrontRefundedLine[]> => {
    const rows = await db
      .select({ lines: storefrontWebhooks.refundedLines })
      .from(storefrontWebhooks)
      .where(and(eq(storefrontWebhooks.storeId, storeId), eq(storefrontWebhooks.orderExternalId, orderExternalId), eq(storefrontWebhooks.topic, 'refunds/create')));
    return rows.flatMap((r) => r.lines ?? []);
  },

  /**
   * The store's items an order's lines name: by the storefront's variant id (inventory.shopify_id) or
   * by SKU, which is the item's code. Locked until the transaction ends.
   */
  lockItemsFor: async (tx: DbOrTx, storeId: string, variantIds: string[], codes: string[]) => {
    if (!variantIds.length && !codes.length) return [];
    return tx
      .select({ id: inventoryItems.id, code: inventoryItems.code, shopifyId: inventoryItems.shopifyId, status: inventoryItems.status, orderId: inventoryItems.orderId })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.storeId, storeId),
          or(variantIds.length ? inArray(inventoryItems.shopifyId, variantIds) : undefined, codes.length ? inArray(inventoryItems.code, codes) : undefined),
        ),
      )
      .orderBy(inventoryItems.id)
      .for('update');
  },

  /** Stores with a storefront connection turned on (the reconciliation's rounds). */
  connectedStoreIds: async (db: DbOrTx) =>
    (await db.select({ storeId: storeIntegrations.storeId }).from(storeIntegrations).where(and(eq(storeIntegrations.kind, 'shopify'), eq(storeIntegrations.enabled, true)))).map((r) => r.storeId),

  checkpoint: async (db: DbOrTx, storeId: string) => (await db.select().from(storefrontOrderSync).where(eq(storefrontOrderSync.storeId, storeId)).limit(1))[0] ?? null,

  /** Records a reconciliation round: the checkpoint moves forward only (never back), the error is the round's. */
  saveCheckpoint: async (db: DbOrTx, storeId: string, values: { syncedUntil: Date | null; lastRunAt: Date; lastError: string | null }) => {
    await db
      .insert(storefrontOrderSync)
      .values({ storeId, ...values })
      .onConflictDoUpdate({
        target: storefrontOrderSync.storeId,
        set: {
          syncedUntil: sql`greatest(${storefrontOrderSync.syncedUntil}, excluded.synced_until)`,
          lastRunAt: values.lastRunAt,
          lastError: values.lastError,
        },
      });
  },
};
