import type { ZScanResult } from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../auth/actor.ts';
import { forbidden } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { toInventoryItem } from './inventory.mapper.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { inventoryScanRepository } from './inventory-scan.repository.ts';

// Scan intake takes in items that were listed but are not on the shop floor yet.
const INTAKE_STATUSES = ['Pending', 'Requested'];

type ScanInput = { code: string; consigner?: string; excludeIds?: string[] };

/**
 * POST /api/inventories/scan: what a scanned barcode is. An item code answers that item; a GTIN
 * answers its product and size; a SKU answers its product. scanGTINInventories are the matching
 * drop-offs not scanned yet (none: the screen offers a new item; one: it is added; several: a choice).
 * Unknown codes answer a null product (the screen offers to attach the code to a product).
 */
export async function scanCode(ctx: AppContext, store: Tenant, actor: Actor, input: ScanInput): Promise<z.input<typeof ZScanResult>> {
  if (actor.kind !== 'employee') throw forbidden('Only store staff can scan items in');
  const code = input.code.trim();
  const excludeIds = input.excludeIds ?? [];
  const relations = async (ids: string[]) => (await inventoryRepository.findWithRelations(ctx.db, store.id, ids)).map((r) => toInventoryItem(r));

  const item = await inventoryScanRepository.itemByCode(ctx.db, store.id, code);
  if (item) {
    const [product] = await inventoryRepository.productsWithTemplates(ctx.db, store.id, [item.productId]);
    return {
      matchedBy: 'code' as const,
      scanGTINProduct: product ? { id: product.product.id, title: product.product.title, sku: product.product.sku, image: product.product.image } : null,
      gtinSize: item.option1Value,
      scanGTINInventories: excludeIds.includes(item.id) ? [] : await relations([item.id]),
    };
  }

  const byGtin = await inventoryScanRepository.productByGtin(ctx.db, store.id, code);
  const product = byGtin?.product ?? (await inventoryScanRepository.productBySku(ctx.db, store.id, code));
  if (!product) return { matchedBy: null, scanGTINProduct: null, gtinSize: null, scanGTINInventories: [] };
  const size = byGtin?.size ?? null;
  const candidates = await inventoryScanRepository.intakeCandidates(ctx.db, store.id, {
    productId: product.id,
    size,
    consignerId: input.consigner,
    excludeIds,
    statuses: INTAKE_STATUSES,
  });
  return {
    matchedBy: byGtin ? ('gtin' as const) : ('sku' as const),
    scanGTINProduct: { id: product.id, title: product.title, sku: product.sku, image: product.image },
    gtinSize: size,
    scanGTINInventories: await relations(candidates.map((c) => c.id)),
  };
}
