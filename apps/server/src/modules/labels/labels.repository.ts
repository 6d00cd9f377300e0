import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consigners, inventoryItems, productGtins, products } from '../../db/schema/index.ts';

export type LabelRow = {
  id: string;
  code: string;
  title: string;
  sku: string;
  option1Value: string | null;
  status: string;
  consignerId: string;
  firstName: string | null;
  lastName: string | null;
  payoutFee: number;
  price: number;
  subLocation: string | null;
  consignmentEndsAt: string | null;
  shopifyId: string | null;
  productId: string;
  productTitle: string | null;
  gtin: string | null;
};

export const labelsRepository = {
  /** The items of this store among `ids`, with their consigner's name, their product (its storefront handle) and the GTIN of their size. */
  findItems: async (db: DbOrTx, storeId: string, ids: string[]): Promise<LabelRow[]> =>
    db
      .select({
        id: inventoryItems.id,
        code: inventoryItems.code,
        title: inventoryItems.title,
        sku: inventoryItems.sku,
        option1Value: inventoryItems.option1Value,
        status: inventoryItems.status,
        consignerId: inventoryItems.consignerId,
        firstName: consigners.firstName,
        lastName: consigners.lastName,
        payoutFee: inventoryItems.payoutFee,
        price: inventoryItems.price,
        subLocation: inventoryItems.subLocation,
        consignmentEndsAt: inventoryItems.consignmentEndsAt,
        shopifyId: inventoryItems.shopifyId,
        productId: inventoryItems.productId,
        productTitle: products.title,
        gtin: sql<string | null>`(select ${productGtins.gtin} from ${productGtins} where ${productGtins.storeId} = ${inventoryItems.storeId} and ${productGtins.productId} = ${inventoryItems.productId} and ${productGtins.size} = ${inventoryItems.option1Value} limit 1)`,
      })
      .from(inventoryItems)
      .leftJoin(products, and(eq(products.storeId, inventoryItems.storeId), eq(products.id, inventoryItems.productId)))
      .leftJoin(consigners, and(eq(consigners.storeId, inventoryItems.storeId), eq(consigners.id, inventoryItems.consignerId)))
      .where(and(eq(inventoryItems.storeId, storeId), inArray(inventoryItems.id, ids))),
};
