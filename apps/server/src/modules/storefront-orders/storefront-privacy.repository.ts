import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  inventoryItems,
  inventoryLogs,
  lineItems,
  orders,
  products,
  storefrontDriftChecks,
  storefrontItemSync,
  storefrontOrderSync,
  storefrontWebhooks,
  type ModifiedField,
} from '../../db/schema/index.ts';

/**
 * The activity feed's entry of a store-level event (no item): the nil uuid as its item, so the feed's
 * keyset pages and filters take it as any entry (docs/storefront-orders.md "Privacy webhooks").
 */
const STORE_EVENT_INVENTORY_ID = '00000000-0000-0000-0000-000000000000';

/** What Shopify's privacy webhooks read and erase (docs/storefront-orders.md "Privacy webhooks"); every query scoped by store. */
export const storefrontPrivacyRepository = {
  /** The store's Shopify orders of a customer: those Shopify names, or whose customer has the e-mail or phone. */
  customerOrders: async (db: DbOrTx, storeId: string, orderIds: string[], email: string | null, phone: string | null) => {
    const match = or(
      orderIds.length ? inArray(orders.externalId, orderIds) : undefined,
      email ? sql`lower(${orders.customer} ->> 'email') = ${email}` : undefined,
      phone ? sql`${orders.customer} ->> 'phone' = ${phone}` : undefined,
    );
    if (!match) return [];
    return db
      .select({ id: orders.id, name: orders.name, externalId: orders.externalId, orderDate: orders.orderDate, customer: orders.customer, financialStatus: orders.financialStatus, status: orders.status })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.source, 'shopify'), match))
      .orderBy(orders.orderDate, orders.name);
  },

  linesOf: async (db: DbOrTx, storeId: string, orderIds: string[]) =>
    orderIds.length
      ? db
          .select({ orderId: lineItems.orderId, title: lineItems.title, sku: lineItems.sku, quantity: lineItems.quantity, price: lineItems.price, active: lineItems.active })
          .from(lineItems)
          .where(and(eq(lineItems.storeId, storeId), inArray(lineItems.orderId, orderIds)))
          .orderBy(lineItems.orderId, lineItems.id)
      : [],

  /** The customer's name, e-mail and phone taken off these orders. */
  eraseCustomer: async (tx: DbOrTx, storeId: string, orderIds: string[]) => {
    if (!orderIds.length) return;
    await tx
      .update(orders)
      .set({ customer: { first_name: null, last_name: null, email: null, phone: null } })
      .where(and(eq(orders.storeId, storeId), inArray(orders.id, orderIds)));
  },

  /**
   * shop/redact: every Shopify id and customer detail of the store's shop. The orders stay (they are
   * the store's sales and its ledger's), without their customer and without the shop's order id.
   */
  eraseShop: async (tx: DbOrTx, storeId: string, keepWebhookId: string) => {
    await tx.update(products).set({ shopifyId: null }).where(and(eq(products.storeId, storeId), isNotNull(products.shopifyId)));
    await tx.update(inventoryItems).set({ shopifyId: null }).where(and(eq(inventoryItems.storeId, storeId), isNotNull(inventoryItems.shopifyId)));
    await tx.update(lineItems).set({ shopifyId: null }).where(and(eq(lineItems.storeId, storeId), isNotNull(lineItems.shopifyId)));
    const erased = await tx
      .update(orders)
      .set({ customer: { first_name: null, last_name: null, email: null, phone: null }, externalId: null })
      .where(and(eq(orders.storeId, storeId), eq(orders.source, 'shopify')))
      .returning({ id: orders.id });
    await tx.delete(storefrontItemSync).where(eq(storefrontItemSync.storeId, storeId));
    await tx.delete(storefrontOrderSync).where(eq(storefrontOrderSync.storeId, storeId));
    await tx.delete(storefrontDriftChecks).where(eq(storefrontDriftChecks.storeId, storeId));
    await tx.delete(storefrontWebhooks).where(and(eq(storefrontWebhooks.storeId, storeId), ne(storefrontWebhooks.webhookId, keepWebhookId)));
    return { orders: erased.length };
  },

  /** The activity feed's entry for a privacy webhook, in the transaction of its effect. */
  logEvent: async (tx: DbOrTx, storeId: string, title: string, field: ModifiedField) => {
    await tx.insert(inventoryLogs).values({ storeId, inventoryId: STORE_EVENT_INVENTORY_ID, productTitle: title, lastUpdatedByName: 'Shopify', modifiedFields: [field] });
  },
};
