import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LedgerKind, LineFlag, PaymentMethod, PayoutProvider, PayoutProviderSummary } from '@backroom/domain';
import { createdAt, id, tenantRowId } from './columns.ts';
import { consigners } from './people.ts';
import { stores } from './stores.ts';

/** The request of a cheque's current send attempt (modules/payouts/automated/provider.ts ChequeToSend without its ids). */
export type ChequeSentRequest = { recipient: { name: string; email: string }; amountMinor: number; currency: string; description: string; storeName: string };

export type Customer = { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null };

export const orders = pgTable(
  'orders',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shopifyId: text('shopify_id'),
    // Where the sale came from (every source goes through recordSale): the counter (/sell), the
    // storefront ('shopify') or an order import ('linnworks'). externalId is the source's own order id:
    // one order per (store, source, externalId), so an import run twice records the sale once.
    source: text('source').$type<OrderSource>().notNull().default('counter'),
    externalId: text('external_id'),
    customer: jsonb('customer').$type<Customer>().notNull().default({}),
    // 'paid' -> items Sold; 'pending' -> items PendingSale until the order is paid.
    financialStatus: text('financial_status').notNull().default('paid'),
    // 'open' while the sale stands; 'undone' once staff undo it (its items are back to Active).
    status: text('status').$type<'open' | 'undone'>().notNull().default('open'),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    // 64-bit (migration 0035): sums of money may pass what an int4 holds.
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    createdById: text('created_by_id'),
    createdByName: text('created_by_name'),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoneByName: text('undone_by_name'),
    // When the storefront cancelled the order (orders/cancelled; docs/storefront-orders.md). Its items
    // went back on sale (status 'undone'), or, paid out already, stayed and their lines are flagged.
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    // When the storefront shipped the whole order (its fulfilments; migration 0053): a store whose
    // payout hold counts from shipping holds the order's money from this day (docs/consigner-account.md).
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'orders_pkey', columns: [t.id, t.storeId] }),
    index('orders_store_date_idx').on(t.storeId, t.orderDate),
    uniqueIndex('orders_store_source_external_uq').on(t.storeId, t.source, t.externalId).where(sql`external_id is not null`),
    uniqueIndex('orders_store_name_uq').on(t.storeId, t.name),
  ],
);

export type OrderSource = 'counter' | 'shopify' | 'linnworks';

export const lineItems = pgTable(
  'line_items',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    inventoryId: uuid('inventory_id'),
    title: text('title').notNull(),
    sku: text('sku'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull().default(1),
    shopifyId: text('shopify_id'),
    // true while the sale stands; an undone sale's lines turn false. An item is in at most one open
    // order: the partial unique index below refuses a second sale, also two at once.
    active: boolean('active').notNull().default(true),
    // The order item table of /findOrders reads lines alone (docs/orders.md, migration 0020): the
    // order's date, and the lower-cased text its search looks in (the order's name and customer, the
    // line's title and SKU, the item's code), are copied onto each line by the database's triggers
    // (line_items_denormalise on a line's insert, orders_line_items_sync when the order changes), so
    // the table's order, date ranges, pages and searches are one index each. Writers leave them out.
    orderDate: timestamp('order_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    searchText: text('search_text').notNull().default(''),
    // A line staff must look at (docs/storefront-orders.md "Flagged lines"): its item was no longer
    // available (sold, withdrawn), the storefront's variant is no item of the store, or it was
    // cancelled or refunded after its item was paid out. `flag` is the reason's code, `flagMessage`
    // the sentence the order screen shows. A flagged line never moved an item.
    flag: text('flag').$type<LineFlag>(),
    flagMessage: text('flag_message'),
    // The dashboard's sales by day (docs/dashboard-and-activity.md "Sales by day", migration 0030),
    // copied by line_items_denormalise: what the item cost the shop and whose it was, once, when the
    // line is written (locked at the sale); whether the order counts as a sale (paid and standing),
    // whenever the order changes. Writers leave them out.
    cost: bigint('cost', { mode: 'number' }),
    consignerId: uuid('consigner_id'),
    orderCounts: boolean('order_counts').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'line_items_pkey', columns: [t.id, t.storeId] }),
    index('line_items_store_date_idx').on(t.storeId, t.orderDate, t.orderId, t.id),
    // fastupdate off: a new line is searchable through the index at once, with no pending list for a
    // vacuum to merge (PGlite has no autovacuum worker; a long pending list slows every search)
    index('line_items_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    foreignKey({ name: 'line_items_order_fk', columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete('cascade'),
    index('line_items_order_idx').on(t.orderId),
    index('line_items_inventory_idx').on(t.inventoryId),
    uniqueIndex('line_items_open_inventory_uq').on(t.storeId, t.inventoryId).where(sql`active and inventory_id is not null`),
    // the orders list's "Needs attention" filter: the store's flagged lines, newest first
    index('line_items_store_flagged_idx').on(t.storeId, t.orderDate, t.orderId, t.id).where(sql`flag is not null`),
  ],
);

/**
 * How many line items a store has, kept by line_items' statement triggers (migration 0020): the order
 * item table's total when it is not filtered, without counting every line (docs/orders.md).
 */
export const orderLineCounts = pgTable('order_line_counts', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  lines: integer('lines').notNull().default(0),
});

export const payouts = pgTable(
  'payouts',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<'Pending' | 'Failed' | 'Buying' | 'Paid'>().notNull().default('Pending'),
    // what the payout sends: the sum of its cheques (its items less the fees it takes; 64-bit, migration 0035)
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    // 'manual' (mark as paid) unless the store has automated payout with a provider's credentials: the
    // provider of its shares (cheques.provider), 'mixed' when they go through two (docs/payouts.md).
    provider: text('provider').$type<PayoutProviderSummary>().notNull().default('manual'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdById: text('created_by_id'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payouts_pkey', columns: [t.id, t.storeId] }),
    index('payouts_store_created_idx').on(t.storeId, t.createdAt),
    // the dashboard's paid payouts of a period (docs/dashboard-and-activity.md)
    index('payouts_store_paid_idx').on(t.storeId, t.paidAt),
    uniqueIndex('payouts_store_name_uq').on(t.storeId, t.name),
  ],
);

/**
 * The items of a payout, with what each consigner is owed for it at payout time. An item is in at
 * most one payout: the unique index on (store_id, inventory_id) holds it, so two payouts started at
 * once over the same items cannot both commit.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id').notNull(),
    inventoryId: uuid('inventory_id').notNull(),
    consignerId: uuid('consigner_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payout_items_pkey', columns: [t.storeId, t.inventoryId] }),
    foreignKey({ name: 'payout_items_payout_fk', columns: [t.storeId, t.payoutId], foreignColumns: [payouts.storeId, payouts.id] }).onDelete('cascade'),
    foreignKey({ name: 'payout_items_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('restrict'),
    index('payout_items_payout_idx').on(t.storeId, t.payoutId, t.consignerId),
  ],
);

export const cheques = pgTable(
  'cheques',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id').notNull(),
    consignerId: uuid('consigner_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('Pending'),
    // How this cheque is paid, decided when the payout is made (domain shareProviderOf) and never
    // changed after: a retry goes through the same provider, so nobody is paid twice by two providers.
    provider: text('provider').$type<PayoutProvider>().notNull().default('manual'),
    // 1, 2, ... within the consigner's share of the payout (one cheque per 2,000 of it).
    sequence: integer('sequence').notNull().default(1),
    // The provider's id of the sent cheque or payout item, and its reason when it failed.
    externalId: text('external_id'),
    failureReason: text('failure_reason'),
    // Automated payouts (docs/payouts-automated.md "Idempotency"): the number of the current send
    // attempt (its idempotency key is the cheque id, then `<id>-<n>` after a definite failure) and when
    // that attempt was first sent, so a resend without an answer stays inside the provider's window.
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    // What that attempt sent (recipient, amount, wording): a resend under the same key sends exactly it,
    // as a provider may ignore a known key whose request differs (docs.checkbook.io "Idempotent Requests").
    sentRequest: jsonb('sent_request').$type<ChequeSentRequest>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'cheques_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'cheques_payout_fk', columns: [t.storeId, t.payoutId], foreignColumns: [payouts.storeId, payouts.id] }).onDelete('cascade'),
    foreignKey({ name: 'cheques_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('restrict'),
    index('cheques_payout_idx').on(t.payoutId),
  ],
);

/**
 * The consigner money ledger, append-only (a trigger refuses UPDATE): every movement of a consigner's
 * money is one entry, written in the transaction of the change that causes it. Amounts are signed minor
 * units from the consigner's side: + sale proceeds, - fees, - withdrawal fee, - payout sent, and the
 * reversing entries of an undone sale or a refund. A balance is the sum of a consigner's entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    consignerId: uuid('consigner_id').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    inventoryId: uuid('inventory_id'),
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id'),
    memo: text('memo'),
    createdById: text('created_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_entries_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'ledger_entries_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('restrict'),
    index('ledger_entries_consigner_idx').on(t.storeId, t.consignerId, t.createdAt),
    index('ledger_entries_payout_idx').on(t.storeId, t.payoutId),
    index('ledger_entries_inventory_idx').on(t.storeId, t.inventoryId),
    // the dashboard's store credit bonuses by day (migration 0054)
    index('ledger_entries_bonus_idx').on(t.storeId, t.createdAt).where(sql`${t.kind} = 'store_credit_bonus'`),
  ],
);

/**
 * Net payable (docs/payouts.md): what a consigner's share of a payout takes from its items' amounts
 * (negative: fees owed) or adds to them (positive: a correction in their favour), decided when the
 * payout is made, so that a second payout made before this one is paid never takes the same fees.
 * Written to the ledger (kind payout_deduction, the negation) when the share is settled.
 */
export const payoutDeductions = pgTable(
  'payout_deductions',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id').notNull(),
    consignerId: uuid('consigner_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payout_deductions_pkey', columns: [t.storeId, t.payoutId, t.consignerId] }),
    foreignKey({ name: 'payout_deductions_payout_fk', columns: [t.storeId, t.payoutId], foreignColumns: [payouts.storeId, payouts.id] }).onDelete('cascade'),
    foreignKey({ name: 'payout_deductions_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('restrict'),
    index('payout_deductions_consigner_idx').on(t.storeId, t.consignerId),
  ],
);


/**
 * A consigner's request to be paid (migration 0047, docs/consigner-account.md "Payouts on request"):
 * Open, then Paying once staff made a payout for it, Paid when that consigner's share is settled, or
 * Cancelled by the consigner. One open (or paying) request per consigner: a partial unique index.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    consignerId: uuid('consigner_id').notNull(),
    status: text('status').$type<'Open' | 'Paying' | 'Paid' | 'Cancelled'>().notNull().default('Open'),
    // what was payable when the consigner asked (minor units); the payout pays what is payable then
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payoutId: uuid('payout_id'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'payout_requests_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'payout_requests_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('cascade'),
    foreignKey({ name: 'payout_requests_payout_fk', columns: [t.storeId, t.payoutId], foreignColumns: [payouts.storeId, payouts.id] }).onDelete('no action'),
    uniqueIndex('payout_requests_one_open_uq').on(t.storeId, t.consignerId).where(sql`status in ('Open', 'Paying')`),
    index('payout_requests_store_status_idx').on(t.storeId, t.status),
  ],
);

/**
 * A store's connection to an outside service: payout providers ('checkbook', 'paypal'), order imports
 * ('linnworks'), the storefront ('shopify'). `settings` holds what may be shown (mode, account name);
 * `secret` holds credentials encrypted with the server's key (AES-256-GCM, payouts/secrets.ts) and is
 * never returned by the API.
 */
export const storeIntegrations = pgTable(
  'store_integrations',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'checkbook' | 'paypal' | 'linnworks' | 'shopify'>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    secret: text('secret'),
    // Import cursor of an order source: the last time up to which its orders were fetched.
    syncedUntil: timestamp('synced_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'store_integrations_pkey', columns: [t.storeId, t.kind] })],
);

// Every e-mail the product sends; with no SMTP_URL this table is the mailbox. Not a tenant table: mail
// sent before a store is known has no store_id, so it stays local to one node (distribution.ts).
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    // Every e-mail belongs to its recipient's store: only that store's Admins see it in the dev mailbox.
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    // A message built up by several transactions of one action (a bulk job's chunks, an import's
    // orders) until it is delivered: the key names the action and recipient, payload what it lists.
    groupKey: text('group_key'),
    payload: jsonb('payload').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_to_idx').on(t.to),
    index('outbox_store_idx').on(t.storeId, t.createdAt),
    index('outbox_group_idx').on(t.storeId, t.groupKey).where(sql`"group_key" is not null`),
  ],
);
