import { plainFieldsOf, toMajor, type InventoryStatus, type ZInventoryItem } from '@backroom/domain';
import type { z } from 'zod';
import type { OptionValue } from '../../db/schema/index.ts';
import type { consigners, inventoryItems, orders, productTemplates, products } from '../../db/schema/index.ts';

type ItemRow = typeof inventoryItems.$inferSelect;
type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'title' | 'sku' | 'image'>;
type ConsignerRow = Pick<typeof consigners.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'isActive' | 'isStoreAccount'>;
type OrderRow = Pick<typeof orders.$inferSelect, 'id' | 'name' | 'orderDate' | 'createdAt'>;
type TemplateRow = Pick<typeof productTemplates.$inferSelect, 'id' | 'option1' | 'option2' | 'option3' | 'category' | 'option1Values' | 'option2Values' | 'option3Values'>;

/** An inventory item with what the screens show beside it. Queries select these with one join each. */
export type InventoryWithRelations = {
  item: ItemRow;
  product: ProductRow | null;
  consigner: ConsignerRow | null;
  order?: OrderRow | null;
  template?: TemplateRow | null;
};

const money = (minor: number | null | undefined) => (minor === null || minor === undefined ? null : toMajor(minor));
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A size's price (minor units in the template) in major units, as the template API answers it. */
const optionValues = (list: OptionValue[]) => list.map((v) => (v.price === undefined || v.price === null ? { value: v.value } : { value: v.value, price: toMajor(v.price) }));

/** The API shape of an inventory item (spec: catalogue-and-stock.md section 3). Money in major units. */
export function toInventoryItem({ item, product, consigner, order, template }: InventoryWithRelations, now = new Date()): z.input<typeof ZInventoryItem> {
  const response = {
    id: item.id,
    code: item.code,
    storeId: item.storeId,
    productId: item.productId,
    product: product ? { id: product.id, title: product.title, sku: product.sku, image: product.image } : { id: item.productId, title: item.title, sku: item.sku, image: item.image },
    productTemplateId: item.productTemplateId,
    productTemplate: template
      ? { id: template.id, option1: template.option1, option2: template.option2, option3: template.option3, category: template.category, option1Values: optionValues(template.option1Values), option2Values: optionValues(template.option2Values), option3Values: optionValues(template.option3Values) }
      : null,
    category: item.category,
    sku: item.sku,
    title: item.title,
    shopifyId: item.shopifyId,
    status: item.status as InventoryStatus,
    price: money(item.price)!,
    requestedPrice: money(item.requestedPrice),
    storeRequestPriceRange:
      item.storeRequestPriceLow !== null && item.storeRequestPriceHigh !== null ? { low: money(item.storeRequestPriceLow)!, high: money(item.storeRequestPriceHigh)! } : null,
    payout: money(item.payout)!,
    payoutAmount: money(item.payout)!,
    payoutFee: money(item.payoutFee)!,
    total: money(item.total)!,
    cost: money(item.cost),
    minimumPrice: money(item.minimumPrice),
    discount: money(item.discount)!,
    lowestPrice: money(item.lowestPrice),
    withdrawalFee: money(item.withdrawalFee)!,
    quantity: item.quantity,
    qty: item.quantity,
    location: item.location,
    subLocation: item.subLocation,
    consignerId: item.consignerId,
    consigner: consigner
      ? { id: consigner.id, firstName: consigner.firstName, lastName: consigner.lastName, email: consigner.email, isActive: consigner.isActive, isStoreAccount: consigner.isStoreAccount }
      : null,
    image: item.image ?? product?.image ?? null,
    acceptedOn: iso(item.acceptedOn),
    soldOn: iso(item.soldOn),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    // Days Active: days since acceptance, for items on the shop floor.
    daysActive: item.status === 'Active' && item.acceptedOn ? Math.floor((now.getTime() - item.acceptedOn.getTime()) / DAY_MS) : null,
    orderId: item.orderId,
    order: order ? { id: order.id, name: order.name, orderDate: order.orderDate.toISOString(), createdAt: order.createdAt.toISOString() } : null,
    buyingId: item.buyingId,
    payoutId: item.payoutId,
    paymentType: item.paymentType,
    printed: item.printed,
    taxable: item.taxable,
    preapprovalStatus: item.preapprovalStatus,
    addOns: item.addOns,
    packingSlip: item.packingSlip,
    isWithdrawnEarly: item.isWithdrawnEarly,
    withdrawalRequestedOn: iso(item.withdrawalRequestedOn),
    withdrawalAcceptedOn: iso(item.withdrawalAcceptedOn),
    withdrawalAcceptedBy: item.withdrawalAcceptedBy,
    withdrawalDeclinedOn: iso(item.withdrawalDeclinedOn),
    withdrawalDeclinedBy: item.withdrawalDeclinedBy,
    lastUpdatedBy: item.lastUpdatedById ? { id: item.lastUpdatedById, name: item.lastUpdatedByName } : null,
  };
  // The editable fields stored as sent (inventory-field-list.ts); a field set above wins (image falls back to
  // the product's). Added after the literal, not spread before it: a spread ahead of 70 properties made
  // V8 build each row ~80x slower (27 ms for a 50-row page, bench/README.md "The list's own time").
  for (const [field, value] of Object.entries(plainFieldsOf(item))) if (!Object.hasOwn(response, field)) (response as Record<string, unknown>)[field] = value;
  return response as typeof response & ReturnType<typeof plainFieldsOf>;
}
export type InventoryItemResponse = z.input<typeof ZInventoryItem>;
