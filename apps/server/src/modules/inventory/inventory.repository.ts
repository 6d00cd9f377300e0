import { and, asc, eq, getTableColumns, inArray, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { storeCondition } from '../../db/row-security.ts';
import {
  consignerTypes,
  consigners,
  inventoryItems,
  locations,
  orders,
  productTemplates,
  products,
  subLocations,
} from '../../db/schema/index.ts';
import type { InventoryWithRelations } from './inventory.mapper.ts';

export type InventoryRow = typeof inventoryItems.$inferSelect;
export type NewInventoryRow = typeof inventoryItems.$inferInsert;
export type InventoryChanges = Partial<Omit<NewInventoryRow, 'id' | 'storeId' | 'createdAt'>>;
type ProductWithTemplate = { product: typeof products.$inferSelect; template: typeof productTemplates.$inferSelect | null };
export type ConsignerTypeRow = typeof consignerTypes.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type SubLocationRow = typeof subLocations.$inferSelect;
export type InventoryConsignerRow = typeof consigners.$inferSelect;

// storeCondition: a test can switch the store condition off to show the policies hold without it
const byStore = (storeId: string, ...more: (SQL | undefined)[]) => and(storeCondition(eq(inventoryItems.storeId, storeId)), ...more);

/** Null-safe equality: an absent option value matches only an absent one. */
const sameOption = (column: AnyPgColumn, value: string | null | undefined) =>
  value ? eq(column, value) : isNull(column);

/** The columns updateEach can carry, with their SQL types. */
const EACH_COLUMNS = {
  price: 'integer',
  payout: 'integer',
  payoutFee: 'integer',
  total: 'integer',
  cost: 'integer',
  markdownBasePrice: 'integer',
  printed: 'boolean',
  lastUpdatedById: 'text',
  lastUpdatedByName: 'text',
} as const satisfies Partial<Record<keyof InventoryChanges, string>>;
type EachColumn = keyof typeof EACH_COLUMNS;
export const canUpdateEach = (values: InventoryChanges) => Object.keys(values).every((k) => k in EACH_COLUMNS);

/** The only Drizzle user of the inventory write side; every function is scoped by store. */
export const inventoryRepository = {
  findById: async (db: DbOrTx, storeId: string, id: string) =>
    (await db.select().from(inventoryItems).where(byStore(storeId, eq(inventoryItems.id, id))).limit(1))[0] ?? null,

  findByCode: async (db: DbOrTx, storeId: string, code: string) =>
    (await db.select().from(inventoryItems).where(byStore(storeId, eq(inventoryItems.code, code))).limit(1))[0] ?? null,

  /**
   * Reads and row-locks an item for the rest of the transaction, so two actions on the same item
   * run one after the other and the second sees the first one's status.
   */
  lockById: async (tx: DbOrTx, storeId: string, id: string) =>
    (await tx.select().from(inventoryItems).where(byStore(storeId, eq(inventoryItems.id, id))).for('update'))[0] ?? null,

  /** Locks several items in id order (a fixed order keeps concurrent batches from deadlocking). */
  lockByIds: async (tx: DbOrTx, storeId: string, ids: string[]) =>
    ids.length
      ? tx.select().from(inventoryItems).where(byStore(storeId, inArray(inventoryItems.id, ids))).orderBy(asc(inventoryItems.id)).for('update')
      : [],

  /** Items with what the API shows beside them, in the order of `ids`; unknown ids are skipped. */
  findWithRelations: async (db: DbOrTx, storeId: string, ids: string[]): Promise<InventoryWithRelations[]> => {
    if (!ids.length) return [];
    const rows = await db
      .select({
        item: inventoryItems,
        product: { id: products.id, title: products.title, sku: products.sku, image: products.image },
        consigner: {
          id: consigners.id,
          firstName: consigners.firstName,
          lastName: consigners.lastName,
          email: consigners.email,
          isActive: consigners.isActive,
          isStoreAccount: consigners.isStoreAccount,
        },
        order: { id: orders.id, name: orders.name, orderDate: orders.orderDate, createdAt: orders.createdAt },
        template: {
          id: productTemplates.id,
          option1: productTemplates.option1,
          option2: productTemplates.option2,
          option3: productTemplates.option3,
          category: productTemplates.category,
          option1Values: productTemplates.option1Values,
          option2Values: productTemplates.option2Values,
          option3Values: productTemplates.option3Values,
        },
      })
      .from(inventoryItems)
      .leftJoin(products, and(eq(products.storeId, inventoryItems.storeId), eq(products.id, inventoryItems.productId)))
      .leftJoin(consigners, and(eq(consigners.storeId, inventoryItems.storeId), eq(consigners.id, inventoryItems.consignerId)))
      .leftJoin(orders, and(eq(orders.storeId, inventoryItems.storeId), eq(orders.id, inventoryItems.orderId)))
      .leftJoin(productTemplates, and(eq(productTemplates.storeId, inventoryItems.storeId), eq(productTemplates.id, inventoryItems.productTemplateId)))
      .where(byStore(storeId, inArray(inventoryItems.id, ids)));
    const byId = new Map(rows.map((r) => [r.item.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ item: r.item, product: r.product, consigner: r.consigner, order: r.order, template: r.template }] : [];
    });
  },

  /**
   * Inserts items, skipping any whose code is already taken in the store (ON CONFLICT DO NOTHING
   * keeps the transaction usable); returns the rows written so the caller can retry the others.
   */
  insertSkippingTakenCodes: async (tx: DbOrTx, values: NewInventoryRow[]) =>
    values.length
      ? tx.insert(inventoryItems).values(values).onConflictDoNothing({ target: [inventoryItems.storeId, inventoryItems.code] }).returning()
      : [],

  update: async (tx: DbOrTx, storeId: string, id: string, values: InventoryChanges) =>
    (await tx.update(inventoryItems).set(values).where(byStore(storeId, eq(inventoryItems.id, id))).returning())[0] ?? null,

  /** The same changes to several items in one statement. */
  updateMany: async (tx: DbOrTx, storeId: string, ids: string[], values: InventoryChanges) =>
    ids.length ? tx.update(inventoryItems).set(values).where(byStore(storeId, inArray(inventoryItems.id, ids))).returning() : [],

  /**
   * Each item its own changes, in one statement (UPDATE ... FROM (VALUES ...)): the statement
   * triggers of inventory_items run once for the lot instead of once per item. The items must be
   * row-locked (`item` is the locked row: a column one item does not change keeps its value from
   * it); only the columns of EACH_COLUMNS (canUpdateEach). The rows come back in no set order.
   */
  updateEach: async (tx: DbOrTx, storeId: string, updates: readonly { item: InventoryRow; values: InventoryChanges }[]): Promise<InventoryRow[]> => {
    if (!updates.length) return [];
    const keys = [...new Set(updates.flatMap((u) => Object.keys(u.values)))] as EachColumn[];
    if (!keys.length) return [];
    for (const k of keys) if (!(k in EACH_COLUMNS)) throw new Error(`updateEach cannot set ${k}`);
    const rows = updates.map(
      (u) => sql`(${u.item.id}::uuid, ${sql.join(keys.map((k) => sql`${k in u.values ? u.values[k] : u.item[k]}::${sql.raw(EACH_COLUMNS[k])}`), sql`, `)})`,
    );
    const names = keys.map((k) => `"${inventoryItems[k].name}"`).join(', ');
    return tx
      .update(inventoryItems)
      .set(Object.fromEntries(keys.map((k) => [k, sql.raw(`"each"."${inventoryItems[k].name}"`)])))
      .from(sql`(VALUES ${sql.join(rows, sql`, `)}) AS "each" ("id", ${sql.raw(names)})`)
      .where(byStore(storeId, eq(inventoryItems.id, sql.raw(`"each"."id"`))))
      .returning(getTableColumns(inventoryItems));
  },

  removeMany: async (tx: DbOrTx, storeId: string, ids: string[]) => {
    if (ids.length) await tx.delete(inventoryItems).where(byStore(storeId, inArray(inventoryItems.id, ids)));
  },

  /** The lowest price among Active items of one variant (product and option values). */
  lowestActivePrice: async (
    db: DbOrTx,
    storeId: string,
    variant: { productId: string; option1Value?: string | null; option2Value?: string | null; option3Value?: string | null },
  ): Promise<number | null> => {
    const [row] = await db
      .select({ lowest: min(inventoryItems.price) })
      .from(inventoryItems)
      .where(
        byStore(
          storeId,
          eq(inventoryItems.productId, variant.productId),
          eq(inventoryItems.status, 'Active'),
          sameOption(inventoryItems.option1Value, variant.option1Value),
          sameOption(inventoryItems.option2Value, variant.option2Value),
          sameOption(inventoryItems.option3Value, variant.option3Value),
        ),
      );
    return row?.lowest ?? null;
  },

  productsWithTemplates: async (db: DbOrTx, storeId: string, ids: string[]): Promise<ProductWithTemplate[]> =>
    ids.length
      ? db
          .select({ product: products, template: productTemplates })
          .from(products)
          .leftJoin(productTemplates, and(eq(productTemplates.storeId, products.storeId), eq(productTemplates.id, products.productTemplateId)))
          .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
      : [],

  consignersByIds: async (db: DbOrTx, storeId: string, ids: string[]) =>
    ids.length ? db.select().from(consigners).where(and(eq(consigners.storeId, storeId), inArray(consigners.id, ids))) : [],

  consignerTypes: async (db: DbOrTx, storeId: string) =>
    db.select().from(consignerTypes).where(eq(consignerTypes.storeId, storeId)).orderBy(asc(consignerTypes.createdAt)),

  locations: async (db: DbOrTx, storeId: string) => db.select().from(locations).where(eq(locations.storeId, storeId)),

  subLocations: async (db: DbOrTx, storeId: string) => db.select().from(subLocations).where(eq(subLocations.storeId, storeId)),

  /** An early withdrawal's fee joins what the consigner owes the store. */
  addOutstandingWithdrawalFee: async (tx: DbOrTx, storeId: string, consignerId: string, amount: number) => {
    await tx
      .update(consigners)
      .set({ outstandingWithdrawalFees: sql`${consigners.outstandingWithdrawalFees} + ${amount}` })
      .where(and(eq(consigners.storeId, storeId), eq(consigners.id, consignerId)));
  },
};
