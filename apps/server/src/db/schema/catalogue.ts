import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantRowId, updatedAt } from './columns.ts';
import { consigners } from './people.ts';
import { stores } from './stores.ts';

// A size value may carry a price (e.g. a store-request price for that size).
export type OptionValue = { value: string; price?: number | null };

export const productTemplates = pgTable(
  'product_templates',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    gender: text('gender'),
    weight: integer('weight'),
    option1: text('option1').notNull(),
    option2: text('option2'),
    option3: text('option3'),
    option1Values: jsonb('option1_values').$type<OptionValue[]>().notNull().default([]),
    option2Values: jsonb('option2_values').$type<OptionValue[]>().notNull().default([]),
    option3Values: jsonb('option3_values').$type<OptionValue[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'product_templates_pkey', columns: [t.id, t.storeId] }), index('product_templates_store_idx').on(t.storeId)],
);

export const products = pgTable(
  'products',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    sku: text('sku').notNull(),
    category: text('category').notNull(),
    gender: text('gender').notNull(),
    color: text('color'),
    year: integer('year'),
    image: text('image'),
    imageList: jsonb('image_list').$type<string[]>().notNull().default([]),
    productTemplateId: uuid('product_template_id'),
    // shown as Catalog Id
    stockXId: text('stock_x_id'),
    shopifyId: text('shopify_id'),
    price: integer('price'),
    lastSale: integer('last_sale'),
    currentLowest: integer('current_lowest'),
    // What product search matches: title, SKU and brand, lower-cased once on write rather than on
    // every row a search reads (GET /api/products, products.repository.ts).
    searchText: text('search_text').generatedAlwaysAs(sql`lower("title" || ' ' || "sku" || ' ' || "brand")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'products_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'products_template_fk', columns: [t.storeId, t.productTemplateId], foreignColumns: [productTemplates.storeId, productTemplates.id] }).onDelete('restrict'),
    index('products_store_sku_idx').on(t.storeId, t.sku),
    index('products_store_updated_idx').on(t.storeId, t.updatedAt),
    index('products_template_idx').on(t.productTemplateId),
    // Product search: a trigram index, so LIKE '%term%' on search_text is an index scan.
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // duplicateProducts: other products whose SKU matches, ignoring case
    index('products_store_sku_lower_idx').on(t.storeId, sql`lower(${t.sku})`),
  ],
);

export const productGtins = pgTable(
  'product_gtins',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    size: text('size').notNull(),
    gtin: text('gtin').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_gtins_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'product_gtins_product_fk', columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }).onDelete('cascade'),
    uniqueIndex('product_gtins_store_gtin_uq').on(t.storeId, t.gtin),
    index('product_gtins_product_idx').on(t.productId),
  ],
);

// Products consigners ask the store to add to the catalogue.
export const submittedProducts = pgTable(
  'submitted_products',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    // No ON DELETE SET NULL on these two (Citus refuses it on a key holding store_id): deleting a
    // template clears them first (templates.repository.ts); consigners are never deleted.
    consignerId: uuid('consigner_id'),
    title: text('title').notNull(),
    brand: text('brand'),
    sku: text('sku'),
    category: text('category'),
    gender: text('gender'),
    image: text('image'),
    imageList: jsonb('image_list').$type<string[]>().notNull().default([]),
    productTemplateId: uuid('product_template_id'),
    stockXId: text('stock_x_id'),
    status: text('status').$type<'submitted' | 'created'>().notNull().default('submitted'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'submitted_products_pkey', columns: [t.id, t.storeId] }),
    foreignKey({ name: 'submitted_products_consigner_fk', columns: [t.storeId, t.consignerId], foreignColumns: [consigners.storeId, consigners.id] }),
    foreignKey({ name: 'submitted_products_template_fk', columns: [t.storeId, t.productTemplateId], foreignColumns: [productTemplates.storeId, productTemplates.id] }),
    index('submitted_products_store_idx').on(t.storeId, t.createdAt),
  ],
);

/**
 * A store request's price range (docs/store-requests.md): what the store will take a product for at
 * one location, set by staff on Request Items. A product with no units on hand at a location is
 * requested there whether or not it has a row; the row only carries the range (money: minor units,
 * low <= high). A consigner's answer is checked against it, never against a range a client sends.
 */
export const storeRequests = pgTable(
  'store_requests',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    location: text('location').notNull(),
    priceLow: integer('price_low').notNull(),
    priceHigh: integer('price_high').notNull(),
    updatedById: text('updated_by_id'),
    updatedByName: text('updated_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'store_requests_pkey', columns: [t.id, t.storeId] }),
    uniqueIndex('store_requests_store_product_location_uq').on(t.storeId, t.productId, t.location),
    foreignKey({ name: 'store_requests_product_fk', columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }).onDelete('cascade'),
  ],
);
