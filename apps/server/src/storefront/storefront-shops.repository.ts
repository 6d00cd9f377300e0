// Which store each Shopify shop is connected to (migration 0037; docs/storefront-sync.md "One shop, one
// store"). The only module touching storefront_shops.
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { storefrontShops } from '../db/schema/index.ts';

export const storefrontShopsRepository = {
  /**
   * Claims a shop for a store (its previous shop let go). Answers false, claiming nothing, when
   * another store holds the shop; two stores claiming one shop at once meet on the primary key.
   */
  claim: async (tx: DbOrTx, storeId: string, shopDomain: string): Promise<boolean> => {
    await tx.delete(storefrontShops).where(and(eq(storefrontShops.storeId, storeId), ne(storefrontShops.shopDomain, shopDomain)));
    await tx.insert(storefrontShops).values({ shopDomain, storeId }).onConflictDoNothing({ target: storefrontShops.shopDomain });
    const [owner] = await tx.select({ storeId: storefrontShops.storeId }).from(storefrontShops).where(eq(storefrontShops.shopDomain, shopDomain)).limit(1);
    return owner?.storeId === storeId;
  },
  /** Lets a store's shop go (its shop cleared, or the shop redacted). */
  release: async (tx: DbOrTx, storeId: string) => {
    await tx.delete(storefrontShops).where(eq(storefrontShops.storeId, storeId));
  },
  ownerOf: async (db: DbOrTx, shopDomain: string): Promise<string | null> =>
    (await db.select({ storeId: storefrontShops.storeId }).from(storefrontShops).where(eq(storefrontShops.shopDomain, shopDomain)).limit(1))[0]?.storeId ?? null,
};
