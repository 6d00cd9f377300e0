import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, tenantRowId, updatedAt } from './columns.ts';

export type LabelSize = { width: number; height: number };
export type TrackingParam = { param: string; value: string };

// The tenant root: a reference table on Citus (docs/scaling.md), so its handle and domain stay unique.
export const stores = pgTable(
  'stores',
  {
    id: id(),
    name: text('name').notNull(),
    supportEmail: text('support_email').notNull(),
    domain: text('domain'),
    shop: text('shop'),
    handle: text('handle').notNull(),
    currency: text('currency').notNull().default('USD'),
    logo: text('logo'),
    signupInfo: jsonb('signup_info').$type<string[]>().notNull().default(['Email']),
    payoutOptions: jsonb('payout_options').$type<string[]>().notNull().default(['Bank']),
    prioritizeStore: boolean('prioritize_store').notNull().default(false),
    labelOptions: jsonb('label_options').$type<string[]>().notNull().default([]),
    labelSize: jsonb('label_size').$type<LabelSize>().notNull().default({ width: 57, height: 32 }),
    consignerUrl: text('consigner_url'),
    inStoreUrl: text('in_store_url'),
    consignerCname: text('consigner_cname'),
    shipInstructions: text('ship_instructions').notNull().default(''),
    emailMsgs: jsonb('email_msgs').$type<Record<string, string>>(),
    marketplaceEmailMsgs: jsonb('marketplace_email_msgs').$type<Record<string, string>>(),
    termsOfService: text('terms_of_service').notNull().default(''),
    absorbDiscount: boolean('absorb_discount').notNull().default(false),
    safeInventoryStatusMode: boolean('safe_inventory_status_mode').notNull().default(true),
    livePriceChanges: boolean('live_price_changes').notNull().default(false),
    redirectURL: text('redirect_url'),
    customBarcode: text('custom_barcode').$type<'SKU' | 'CODE' | 'GTIN' | null>(),
    // a label id of the spec with its own layout (32 or 101), null for the standard one (docs/labels.md)
    labelLayout: integer('label_layout'),
    shopifyTrackingParams: jsonb('shopify_tracking_params').$type<TrackingParam[]>().notNull().default([]),
    customShopifyUrl: text('custom_shopify_url'),
    // Approval window and price-alert amounts are money: minor units.
    maxApproval: integer('max_approval').notNull().default(0),
    minApproval: integer('min_approval').notNull().default(0),
    payoutFee: numeric('payout_fee', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    autoPreapproval: boolean('auto_preapproval').notNull().default(false),
    warnAmount: integer('warn_amount').notNull().default(0),
    warnText: text('warn_text'),
    chargeTax: boolean('charge_tax').notNull().default(false),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    upPrice: integer('up_price').notNull().default(0),
    // the store's floor: no markdown takes a price below it (minor units; docs/consignment-terms.md "Markdowns")
    markdownFloor: integer('markdown_floor').notNull().default(0),
    // days before an item's consignment ends that its consigner is reminded (0: none; migration 0052)
    termReminderDays: integer('term_reminder_days').notNull().default(7),
    isBuyingStore: boolean('is_buying_store').notNull().default(false),
    onlineMarketplace: boolean('online_marketplace').notNull().default(false),
    automatedPayout: boolean('automated_payout').notNull().default(false),
    // The payout hold and minimum (migration 0047, docs/consigner-account.md): days after a sale before
    // its money is payable (0: on the day of the sale) and the least a payout sends a consigner (minor units).
    payoutHoldDays: integer('payout_hold_days').notNull().default(0),
    payoutMinimum: bigint('payout_minimum', { mode: 'number' }).notNull().default(0),
    // what the hold counts from for an online order: its sale or its shipping (migration 0053; counter sales: the sale)
    payoutHoldFrom: text('payout_hold_from').$type<'sale' | 'shipping'>().notNull().default('sale'),
    // the bonus on a payout taken as store credit, whole percent 0..100 (migration 0050, docs/consigner-account.md "Store credit")
    storeCreditBonus: integer('store_credit_bonus').notNull().default(0),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    tenantId: text('tenant_id'),
    // Which bank fields consigner forms collect. 'routing': bank type, SWIFT, IBAN and routing number
    // by routing type; 'local': account name, number, bank and branch code only (the spec hid the
    // routing fields for one store by its id; here it is the store's own setting).
    bankFields: text('bank_fields').$type<'routing' | 'local'>().notNull().default('routing'),
    // The hosts this store has proven it owns (store_host_proofs), copied here in the proof's
    // transaction: links, origins and Host resolution read the store row (docs/security.md).
    provenHosts: text('proven_hosts').array().notNull().default(sql`'{}'::text[]`),
    // The installation's host the store signed up on (a name under APP_URL's host), else null: its
    // links use it until a domain is proven (tenancy/origins.ts, docs/security.md).
    signupHost: text('signup_host'),
    // The setup guide dismissed (docs/first-hour.md)
    setupDismissedAt: timestamp('setup_dismissed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stores_handle_uq').on(t.handle),
    uniqueIndex('stores_domain_uq').on(t.domain),
    index('stores_consigner_url_idx').on(t.consignerUrl),
    index('stores_in_store_url_idx').on(t.inStoreUrl),
  ],
);

/**
 * Addresses a store answered on before its settings changed them (docs/people.md, "Store settings"):
 * tenancy resolution still finds the store by them until the new address has served the store and a
 * grace period has passed. A reference table like stores (docs/scaling.md): it is looked up by host
 * before the store is known, and a host belongs to one store at most.
 */
export const storeHostAliases = pgTable(
  'store_host_aliases',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    /** the address that replaced it (domain, consignerUrl or inStoreUrl); null when it was cleared */
    replacedBy: text('replaced_by'),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** when a request first reached the store through replacedBy */
    newHostSeenAt: timestamp('new_host_seen_at', { withTimezone: true, mode: 'date' }),
    /** the host was proven when it was replaced: in production only such an alias answers */
    proven: boolean('proven').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'store_host_aliases_pkey', columns: [t.id, t.storeId] }),
    uniqueIndex('store_host_aliases_store_host_uq').on(t.storeId, t.host),
    // a host leads to one store at most
    uniqueIndex('store_host_aliases_host_uq').on(t.host),
    index('store_host_aliases_replaced_by_idx').on(t.storeId, t.replacedBy),
  ],
);

/**
 * The proof that a store owns one of its hosts (docs/security.md, "A store's own hosts, once proven"):
 * a random token per store and host, found in a DNS TXT record or at the host's well-known path.
 * A row lives as long as the host is one of the store's; a changed host starts again with a new
 * token. A reference table like stores: a host is proven by one store at most.
 */
export const storeHostProofs = pgTable(
  'store_host_proofs',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    token: text('token').notNull(),
    provenAt: timestamp('proven_at', { withTimezone: true, mode: 'date' }),
    /** 'dns', 'well-known', or 'seed' (the demo store's seeded hosts) */
    provenBy: text('proven_by').$type<'dns' | 'well-known' | 'seed'>(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /** why the last check failed; null after a success or before any check */
    checkError: text('check_error'),
    /** the daily re-checks in a row that found no proof of a proven host; at 3 the proof is withdrawn */
    failedRechecks: integer('failed_rechecks').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'store_host_proofs_pkey', columns: [t.storeId, t.host] }),
    uniqueIndex('store_host_proofs_proven_host_uq').on(t.host).where(sql`${t.provenAt} is not null`),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // The special ONLINE MARKETPLACE location: items there are shipped by the consigner.
    isMarketplace: boolean('is_marketplace').notNull().default(false),
    // Archived: out of every picker, its items and history kept (docs/catalogue.md "Locations").
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // Names are unique per store whatever their case (migration 0040).
  (t) => [primaryKey({ name: 'locations_pkey', columns: [t.id, t.storeId] }), uniqueIndex('locations_store_name_uq').on(t.storeId, sql`lower(${t.name})`)],
);

export const subLocations = pgTable(
  'sub_locations',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locationName: text('location_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'sub_locations_pkey', columns: [t.id, t.storeId] }),
    uniqueIndex('sub_locations_store_location_name_uq').on(t.storeId, t.locationName, t.name),
  ],
);
