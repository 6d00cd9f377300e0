import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantRowId } from './columns.ts';
import { stores } from './stores.ts';

// Every image stored through POST /api/files/images, with the bytes it takes: the Billing page's
// storage figure is their sum (docs/people.md, "Billing").
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: tenantRowId(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    originalUrl: text('original_url').notNull(),
    /** the web version (WebP) */
    bytes: integer('bytes').notNull(),
    /** the original as uploaded */
    originalBytes: integer('original_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'uploaded_images_pkey', columns: [t.id, t.storeId] }), index('uploaded_images_store_idx').on(t.storeId, t.createdAt)],
);
