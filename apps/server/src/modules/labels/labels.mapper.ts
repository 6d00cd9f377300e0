import { isSellableNow, storefrontHandleOf, type ZLabelItem, type ZLabelSettings } from '@backroom/domain';
import type { z } from 'zod';
import type { Tenant } from '../../tenancy/tenant.ts';
import type { LabelRow } from './labels.repository.ts';

export function toLabelSettings(s: Tenant, derived: { linkOrigin: string; hasStorefront: boolean }): z.input<typeof ZLabelSettings> {
  return {
    id: s.id,
    labelSize: s.labelSize,
    labelOptions: s.labelOptions,
    labelLayout: s.labelLayout === 32 || s.labelLayout === 101 ? s.labelLayout : null,
    customBarcode: s.customBarcode,
    currency: s.currency,
    logo: s.logo,
    customShopifyUrl: s.customShopifyUrl,
    shopifyTrackingParams: s.shopifyTrackingParams,
    shop: s.shop,
    ...derived,
  };
}

export function toLabelItem(r: LabelRow): z.input<typeof ZLabelItem> {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    sku: r.sku,
    size: r.option1Value,
    consignerId: r.consignerId,
    consignerName: [r.firstName, r.lastName].filter(Boolean).join(' '),
    payoutFee: r.payoutFee,
    price: r.price,
    subLocation: r.subLocation,
    consignmentEndsAt: r.consignmentEndsAt,
    gtin: r.gtin,
    shopifyId: r.shopifyId,
    // an item with a variant in the shop: its product was pushed, under the handle every push sends
    storefrontHandle: r.shopifyId && r.productTitle ? storefrontHandleOf({ id: r.productId, title: r.productTitle }) : null,
    sellableNow: isSellableNow(r.status),
  };
}
