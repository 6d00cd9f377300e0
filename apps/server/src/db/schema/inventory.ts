import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConsignmentTerms } from '@backroom/domain';
import { createdAt, tenantRowId, updatedAt } from './columns.ts';
import { productTemplates, products } from './catalogue.ts';
import { consigners } from './people.ts';
import { stores } from './stores.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One changed field of a log entry, written by shared/inventory-log.ts: the field's API
 * name, with values as the API shows them (money in major units, dates as ISO text). 'createdOn'
 * marks a new item; 'deletedOn' plus status -> null a removed one.
 */
export type ModifiedField = { variableChanged: string; beforeValue: unknown; afterValue: unknown };

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    // short, scannable, unique per store
    code: text('code').notNull(),
    productId: uuid('product_id').notNull(),
    productTemplateId: uuid('product_template_id'),
    consignerId: uuid('consigner_id').notNull(),
    // denormalised from the product for search and export
    sku: text('sku').notNull().default(''),
    title: text('title').notNull().default(''),
    category: text('category'),
    shopifyId: text('shopify_id'),
    status: text('status').notNull(),
    option1Value: text('option1_value'),
    option2Value: text('option2_value'),
    option3Value: text('option3_value'),
    // money: minor units
    price: integer('price').notNull().default(0),
    requestedPrice: integer('requested_price'),
    storeRequestPriceLow: integer('store_request_price_low'),
    storeRequestPriceHigh: integer('store_request_price_high'),
    payout: integer('payout').notNull().default(0),
    payoutFee: integer('payout_fee').notNull().default(0),
    total: integer('total').notNull().default(0),
    cost: integer('cost'),
    discount: integer('discount').notNull().default(0),
    lowestPrice: integer('lowest_price'),
    withdrawalFee: integer('withdrawal_fee').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    location: text('location'),
    subLocation: text('sub_location'),
    notes: text('notes'),
    image: text('image'),
    trackingCode: text('tracking_code'),
    // the day the consignment ends (a calendar day, YYYY-MM-DD as the API answers it)
    consignmentEndsAt: date('consignment_ends_at', { mode: 'string' }),
    // the consignment terms in force when the item was accepted (docs/consignment-terms.md); null: none
    consignmentTerms: jsonb('consignment_terms').$type<ConsignmentTerms | null>(),
    // the consigner's minimum price (minor units; null: none): no markdown goes below it (migration 0046)
    minimumPrice: integer('minimum_price'),
    // the price the item's markdown schedule counts from: its price when accepted (docs/consignment-terms.md "Markdowns")
    markdownBasePrice: integer('markdown_base_price'),
    acceptedOn: ts('accepted_on'),
    soldOn: ts('sold_on'),
    orderId: uuid('order_id'),
    buyingId: uuid('buying_id'),
    payoutId: uuid('payout_id'),
    paymentType: text('payment_type').$type<'cash' | 'auto' | null>(),
    printed: boolean('printed').notNull().default(false),
    taxable: boolean('taxable').notNull().default(false),
    preapprovalStatus: text('preapproval_status'),
    addOns: jsonb('add_ons').$type<{ cleaning?: boolean; box?: boolean }>(),
    packingSlip: text('packing_slip'),
    isWithdrawnEarly: boolean('is_withdrawn_early').notNull().default(false),
    withdrawalRequestedOn: ts('withdrawal_requested_on'),
    withdrawalAcceptedOn: ts('withdrawal_accepted_on'),
    withdrawalAcceptedBy: text('withdrawal_accepted_by'),
    withdrawalDeclinedOn: ts('withdrawal_declined_on'),
    withdrawalDeclinedBy: text('withdrawal_declined_by'),
    lastUpdatedById: text('last_updated_by_id'),
    lastUpdatedByName: text('last_updated_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'inventory_items_pkey', columns: [t.id, t.storeId] }),
    // fees are never negative (migration 0035)
    check('inventory_items_withdrawal_fee_check', sql`${t.withdrawalFee} >= 0`),
    check('inventory_items_minimum_price_check', sql`${t.minimumPrice} is null or ${t.minimumPrice} >= 0`),
    foreignKey({ name: 'inventory_items_product_fk', columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }).onDelete('restrict'),
    foreignKey({ name: 'inventory_items_template_fk', columns: [t.storeId, t.productTemplateId], foreignColumns: [productTemplates.storeId, productTemplates.id] }).onDelete('restrict'),
    foreignKey({ name: 'inventory_items_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }).onDelete('restrict'),
    uniqueIndex('inventory_store_code_uq').on(t.storeId, t.code),
    index('inventory_store_status_updated_idx').on(t.storeId, t.status, t.updatedAt),
    index('inventory_store_updated_idx').on(t.storeId, t.updatedAt),
    index('inventory_store_sku_idx').on(t.storeId, t.sku),
    index('inventory_store_consigner_idx').on(t.storeId, t.consignerId, t.status),
    index('inventory_store_product_idx').on(t.storeId, t.productId),
    index('inventory_order_idx').on(t.orderId),
    index('inventory_payout_idx').on(t.payoutId),
    // The dashboard's figures over a date range (docs/dashboard-and-activity.md): what came
    // into stock and what left it (sold) in a period, without reading the whole store.
    index('inventory_store_accepted_idx').on(t.storeId, t.acceptedOn),
    index('inventory_store_sold_idx').on(t.storeId, t.soldOn),
    // the expiring list (migration 0045)
    index('inventory_store_consignment_end_idx').on(t.storeId, t.consignmentEndsAt).where(sql`${t.consignmentEndsAt} is not null`),
    // the markdown job and its preview: Active items on a schedule, by acceptance (migration 0051)
    index('inventory_store_markdown_idx')
      .on(t.storeId, sql`(${t.consignmentTerms} ->> 'markdownScheduleId')`, t.acceptedOn)
      .where(sql`${t.status} = 'Active' AND (${t.consignmentTerms} ->> 'markdownScheduleId') IS NOT NULL`),
  ],
);

/**
 * The grouped view's products (GET /api/inventories/paginatedInventories?groupBy=product), per store,
 * status and product: how many items and units, and the least and greatest of each value the grouped
 * view orders products by. Written only by the triggers on inventory_items (migration 0022,
 * docs/inventory-queries.md "Grouped view"), when the transaction that changed the items commits (the
 * changes wait in a temporary table of the session until then); a row goes when its last item leaves
 * (the extremes are null only while a change is being applied).
 * No foreign keys: it is derived from inventory_items, and a store's rows go with its items.
 */
export const inventoryProductStats = pgTable(
  'inventory_product_stats',
  {
    storeId: uuid('store_id').notNull(),
    status: text('status').notNull(),
    productId: uuid('product_id').notNull(),
    items: integer('items').notNull(),
    units: integer('units').notNull(),
    minCreatedAt: ts('min_created_at'),
    maxCreatedAt: ts('max_created_at'),
    minUpdatedAt: ts('min_updated_at'),
    maxUpdatedAt: ts('max_updated_at'),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    minPayout: integer('min_payout'),
    maxPayout: integer('max_payout'),
  },
  (t) => [primaryKey({ name: 'inventory_product_stats_pkey', columns: [t.storeId, t.status, t.productId] })],
);

/**
 * The dashboard's stock by acceptance day (docs/dashboard-and-activity.md "Stock by day"),
 * per store and UTC day of acceptedOn: the items in stock (items, units, price value, the shop's own
 * at cost) and every item accepted that day still in the books (in stock, sold or withdrawn: acc_*,
 * with acc_bought, what the shop paid for the ones it bought). Written only by the triggers on
 * inventory_items (migration 0027), at commit, as inventory_product_stats is. No foreign keys: derived.
 */
export const inventoryStockDays = pgTable(
  'inventory_stock_days',
  {
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    items: integer('items').notNull().default(0),
    units: integer('units').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    owned: bigint('owned', { mode: 'number' }).notNull().default(0),
    accItems: integer('acc_items').notNull().default(0),
    accUnits: integer('acc_units').notNull().default(0),
    accValue: bigint('acc_value', { mode: 'number' }).notNull().default(0),
    accOwned: bigint('acc_owned', { mode: 'number' }).notNull().default(0),
    accBought: bigint('acc_bought', { mode: 'number' }).notNull().default(0),
    // by the UTC day an accepted item left the stock (sold: soldOn; withdrawn: withdrawalAcceptedOn,
    // else updatedAt; migration 0030): units, price value and owned cost, and what is owed to
    // consigners for the items Sold (not paid yet) that day
    leftUnits: integer('left_units').notNull().default(0),
    leftValue: bigint('left_value', { mode: 'number' }).notNull().default(0),
    leftOwned: bigint('left_owned', { mode: 'number' }).notNull().default(0),
    pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'inventory_stock_days_pkey', columns: [t.storeId, t.day] })],
);

/**
 * The dashboard's sales by UTC day of the order (docs/dashboard-and-activity.md "Sales by
 * day"): price x quantity, cost and units of the active lines of paid, standing orders; per consigner
 * in consignerSalesDays (top consigners). Written only by the triggers on line_items (migration 0030),
 * at commit, as inventoryStockDays is. No foreign keys: derived.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_days_pkey', columns: [t.storeId, t.day] })],
);

export const consignerSalesDays = pgTable(
  'consigner_sales_days',
  {
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    consignerId: uuid('consigner_id').notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'consigner_sales_days_pkey', columns: [t.storeId, t.day, t.consignerId] })],
);

/**
 * The shop report's stock by location and category (docs/dashboard-and-activity.md "Shop
 * report"), per store: the items in stock now (IN_STOCK_STATUSES), units and price value; '' for no
 * location or category. Written only by the triggers on inventory_items (migration 0031), at commit,
 * as inventory_stock_days is; a group left empty is deleted. No foreign keys: derived.
 */
export const inventoryStockGroups = pgTable(
  'inventory_stock_groups',
  {
    storeId: uuid('store_id').notNull(),
    location: text('location').notNull(),
    category: text('category').notNull(),
    items: integer('items').notNull().default(0),
    units: integer('units').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'inventory_stock_groups_pkey', columns: [t.storeId, t.location, t.category] })],
);

/**
 * The shop report's requests by day (docs/dashboard-and-activity.md), per store and UTC day: items that entered
 * RequestPriceChange and RequestWithdrawal that day. Events: a request stays counted when the item
 * leaves the status. Written only by the triggers on inventory_items (migration 0031). No foreign keys.
 */
export const inventoryRequestDays = pgTable(
  'inventory_request_days',
  {
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    priceRequests: integer('price_requests').notNull().default(0),
    withdrawalRequests: integer('withdrawal_requests').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'inventory_request_days_pkey', columns: [t.storeId, t.day] })],
);

export const inventoryLogs = pgTable(
  'inventory_logs',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id').notNull(),
    productTitle: text('product_title'),
    lastUpdatedById: text('last_updated_by_id'),
    lastUpdatedByName: text('last_updated_by_name'),
    modifiedFields: jsonb('modified_fields').$type<ModifiedField[]>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'inventory_logs_pkey', columns: [t.id, t.storeId] }),
    index('inventory_logs_store_inventory_idx').on(t.storeId, t.inventoryId, t.updatedAt),
    // The Activity feed's keyset pages (newest first, docs/dashboard-and-activity.md): one
    // index scan each, unfiltered or by who changed the items; the product search through trigrams.
    index('inventory_logs_store_updated_id_idx').on(t.storeId, t.updatedAt, t.id),
    index('inventory_logs_store_by_updated_idx').on(t.storeId, t.lastUpdatedById, t.updatedAt, t.id),
    index('inventory_logs_title_trgm_idx').using('gin', t.productTitle.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

// Stock-takes: what was expected at a location and what was scanned.
export const scans = pgTable(
  'scans',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('new'),
    location: text('location'),
    inventoryIds: jsonb('inventory_ids').$type<string[]>().notNull().default([]),
    scannedInventoryIds: jsonb('scanned_inventory_ids').$type<string[]>().notNull().default([]),
    // who counted (the Logs tab names them)
    createdById: text('created_by_id'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'scans_pkey', columns: [t.id, t.storeId] }), index('scans_store_created_idx').on(t.storeId, t.createdAt)],
);
