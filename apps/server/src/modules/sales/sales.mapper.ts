import { blocksUndo, isInventoryStatus, SALE_MESSAGES, toMajor, type ZSale, type ZSaleSummary } from '@backroom/domain';
import type { z } from 'zod';
import type { Tenant } from '../../tenancy/tenant.ts';
import type { OrderRow, SaleLines } from './sales.repository.ts';

/** Why a standing sale cannot be undone (an item paid out), or null. */
export function undoBlockedReason(order: OrderRow, lines: SaleLines): string | null {
  if (order.status !== 'open') return null;
  const blocking = lines.find(({ line, item, inPayout }) => line.active && item && isInventoryStatus(item.status) && blocksUndo({ status: item.status, inPayout: !!inPayout }));
  return blocking ? SALE_MESSAGES.paidOut(blocking.item?.code ?? blocking.line.title) : null;
}

/** The API shape of a sale (an order with its lines). Money in major units. */
export function toSale(order: OrderRow, lines: SaleLines, store: Tenant): z.input<typeof ZSale> {
  const blocked = undoBlockedReason(order, lines);
  return {
    id: order.id,
    name: order.name,
    source: order.source,
    status: order.status,
    financialStatus: order.financialStatus,
    paymentMethod: order.paymentMethod ?? null,
    total: toMajor(order.total),
    orderDate: order.orderDate.toISOString(),
    customer: { firstName: order.customer.first_name ?? null, email: order.customer.email ?? null, phone: order.customer.phone ?? null },
    createdByName: order.createdByName,
    undoneAt: order.undoneAt?.toISOString() ?? null,
    undoneByName: order.undoneByName,
    lines: lines.map(({ line, item }) => ({
      id: line.id,
      inventoryId: line.inventoryId,
      code: item?.code ?? null,
      title: line.title,
      sku: line.sku,
      option1Value: item?.option1Value ?? null,
      option2Value: item?.option2Value ?? null,
      option3Value: item?.option3Value ?? null,
      price: toMajor(line.price),
      quantity: line.quantity,
      active: line.active,
      itemStatus: item && isInventoryStatus(item.status) ? item.status : null,
    })),
    canUndo: order.status === 'open' && blocked === null,
    undoBlockedReason: blocked,
    store: { name: store.name, supportEmail: store.supportEmail, currency: store.currency, logo: store.logo },
  };
}

/** A sale in the counter's Recent sales. */
export function toSaleSummary(order: OrderRow, itemCount: number): z.input<typeof ZSaleSummary> {
  return {
    id: order.id,
    name: order.name,
    status: order.status,
    paymentMethod: order.paymentMethod ?? null,
    total: toMajor(order.total),
    orderDate: order.orderDate.toISOString(),
    createdByName: order.createdByName,
    itemCount,
    customerName: order.customer.first_name ?? null,
  };
}
