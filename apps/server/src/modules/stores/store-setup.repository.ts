import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';

// The setup guide's facts (docs/first-hour.md): each an EXISTS on an index led by store_id.
export const storeSetupRepository = {
  facts: async (db: DbOrTx, storeId: string) => {
    const result = (await db.execute(sql`
      select
        exists (select 1 from locations where store_id = ${storeId} and not is_marketplace and archived_at is null and lower(name) <> 'main store') as "locations",
        exists (select 1 from product_templates where store_id = ${storeId}) as "template",
        exists (select 1 from consigner_types where store_id = ${storeId} and updated_at > created_at) as "fees",
        exists (select 1 from consigners where store_id = ${storeId} and not is_store_account and deleted_at is null) as "consigner",
        exists (select 1 from products where store_id = ${storeId}) as "product",
        exists (select 1 from inventory_items where store_id = ${storeId}) as "item",
        exists (select 1 from inventory_items where store_id = ${storeId} and printed) as "label"
    `)) as unknown as { rows: Record<string, boolean>[] };
    return result.rows[0] ?? {};
  },
  setDismissed: async (db: DbOrTx, storeId: string, at: Date | null) =>
    (await db.update(stores).set({ setupDismissedAt: at }).where(eq(stores.id, storeId)).returning({ setupDismissedAt: stores.setupDismissedAt }))[0] ?? null,
};
