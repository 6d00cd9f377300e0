import { RESYNCABLE_SOURCES, type InventoryStatus, type LineFlag, shopifyOrderAdminUrl, toMajor, type ZOrder, type ZOrderItemRow, type ZOrderLine } from '@backroom/domain';
import type { z } from 'zod';
import type { OrderItemListRow, OrderRow } from './orders.repository.ts';

type ItemColumns = {
  itemId: string | null;
  itemCode: string | null;
  itemTitle: string | null;
  itemSku: string | null;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  itemPrice: number | null;
  itemPayout: number | null;
  itemStatus: string | null;
};

function toItemRef(r: ItemColumns) {
  if (!r.itemId) return null;
  return {
    id: r.itemId,
    code: r.itemCode ?? '',
    title: r.itemTitle ?? '',
    sku: r.itemSku ?? '',
    option1Value: r.option1Value,
    option2Value: r.option2Value,
    option3Value: r.option3Value,
    price: toMajor(r.itemPrice ?? 0),
    payout: toMajor(r.itemPayout ?? 0),
    status: r.itemStatus as InventoryStatus,
  };
}

const flagOf = (r: { flag: LineFlag | null; flagMessage: string | null }) => (r.flag ? { code: r.flag, message: r.flagMessage ?? '' } : null);

const consignerRef = (r: { consignerId: string | null; consignerName: string | null }) => (r.consignerId ? { id: r.consignerId, name: r.consignerName ?? '' } : null);

export function toOrderItemRow(r: OrderItemListRow): z.input<typeof ZOrderItemRow> {
  return {
    id: r.id,
    title: r.title,
    sku: r.sku,
    price: toMajor(r.price),
    quantity: r.quantity,
    active: r.active,
    flag: flagOf(r),
    order: { id: r.orderId, name: r.orderName, orderDate: r.orderDate.toISOString(), source: r.source, status: r.orderStatus, financialStatus: r.financialStatus },
    item: toItemRef(r),
    consigner: consignerRef(r),
  };
}

type OrderLineColumns = ItemColumns & {
  id: string;
  title: string;
  sku: string | null;
  price: number;
  quantity: number;
  active: boolean;
  flag: LineFlag | null;
  flagMessage: string | null;
  inventoryId: string | null;
  consignerId: string | null;
  consignerName: string | null;
};

function toOrderLine(r: OrderLineColumns): z.input<typeof ZOrderLine> {
  const item = toItemRef(r);
  return {
    id: r.id,
    title: r.title,
    sku: r.sku,
    price: toMajor(r.price),
    quantity: r.quantity,
    active: r.active,
    flag: flagOf(r),
    inventoryId: r.inventoryId,
    item: item ? { ...item, consigner: consignerRef(r) } : null,
  };
}

export function toOrder(order: OrderRow, lines: OrderLineColumns[], shop: string | null): z.input<typeof ZOrder> {
  return {
    id: order.id,
    name: order.name,
    shopifyId: order.shopifyId,
    source: order.source,
    externalId: order.externalId,
    status: order.status,
    financialStatus: order.financialStatus,
    paymentMethod: order.paymentMethod,
    total: toMajor(order.total),
    orderDate: order.orderDate.toISOString(),
    createdByName: order.createdByName,
    undoneAt: order.undoneAt ? order.undoneAt.toISOString() : null,
    undoneByName: order.undoneByName,
    cancelledAt: order.cancelledAt ? order.cancelledAt.toISOString() : null,
    customer: {
      first_name: order.customer.first_name ?? null,
      last_name: order.customer.last_name ?? null,
      email: order.customer.email ?? null,
      phone: order.customer.phone ?? null,
    },
    // View in Shopify: only for an order that came from Shopify (people doc section 2).
    shopifyAdminUrl: order.source === 'shopify' ? shopifyOrderAdminUrl(shop, order.shopifyId) : null,
    resyncable: (RESYNCABLE_SOURCES as readonly string[]).includes(order.source),
    lineItems: lines.map(toOrderLine),
  };
}
