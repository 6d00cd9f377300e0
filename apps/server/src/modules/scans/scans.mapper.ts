import { toMajor, type InventoryStatus, type ZScan, type ZScanItem } from '@backroom/domain';
import type { z } from 'zod';
import type { ScanItemRow, ScanRow } from './scans.repository.ts';

export function toScanItem(r: ScanItemRow): z.input<typeof ZScanItem> {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    sku: r.sku,
    status: r.status as InventoryStatus,
    option1Value: r.option1Value,
    price: toMajor(r.price),
    image: r.image,
    location: r.location,
    subLocation: r.subLocation,
    consignerId: r.consignerId,
    consignerName: [r.consignerFirstName, r.consignerLastName].filter(Boolean).join(' '),
  };
}

export function toScan(s: ScanRow): z.input<typeof ZScan> {
  return {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    status: s.status,
    location: s.location,
    expectedCount: s.inventoryIds.length,
    scannedCount: s.scannedInventoryIds.length,
    createdByName: s.createdByName,
  };
}
