import { sortSizes, toMajor, type ZDuplicateProduct, type ZProduct, type ZProductGtin, type ZSubmittedProduct, type ZVariantPrice } from '@backroom/domain';
import type { z } from 'zod';
import type { GtinRow, ProductRow } from './products.repository.ts';
import type { SubmittedProductRow } from './submitted-products.repository.ts';

const money = (minor: number | null) => (minor === null ? null : toMajor(minor));

type Gtin = Pick<GtinRow, 'size' | 'gtin'>;

export function toGtins(rows: Gtin[]): z.input<typeof ZProductGtin>[] {
  const bySize = new Map<string, Gtin[]>();
  for (const g of rows) bySize.set(g.size, [...(bySize.get(g.size) ?? []), g]);
  return sortSizes([...bySize.keys()]).flatMap((size) => bySize.get(size)!.map((g) => ({ size: g.size, gtin: g.gtin })));
}

/** A product at the API: money in major units, GTIN as the spec's list of { size, gtin } in size order. */
export function toProduct(p: Omit<ProductRow, 'searchText'>, gtins: Gtin[] = []): z.input<typeof ZProduct> {
  return {
    id: p.id,
    title: p.title,
    brand: p.brand,
    sku: p.sku,
    category: p.category,
    gender: p.gender,
    color: p.color,
    year: p.year,
    image: p.image,
    imageList: p.imageList,
    productTemplateId: p.productTemplateId,
    stockXId: p.stockXId,
    shopifyId: p.shopifyId,
    GTIN: toGtins(gtins),
    price: money(p.price),
    lastSale: money(p.lastSale),
    currentLowest: money(p.currentLowest),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The duplicate-products panel: enough to show and open each one. */
export function toDuplicateProduct(p: ProductRow): z.input<typeof ZDuplicateProduct> {
  return { id: p.id, title: p.title, sku: p.sku, brand: p.brand, image: p.image };
}

export function toSubmittedProduct(s: SubmittedProductRow): z.input<typeof ZSubmittedProduct> {
  return {
    id: s.id,
    consignerId: s.consignerId,
    title: s.title,
    brand: s.brand,
    sku: s.sku,
    category: s.category,
    gender: s.gender,
    image: s.image,
    imageList: s.imageList,
    productTemplateId: s.productTemplateId,
    stockXId: s.stockXId,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
  };
}

export function toVariantPrice(row: { option1Value: string | null; price: number | null; quantity: number }): z.input<typeof ZVariantPrice> {
  return { option1Value: row.option1Value, price: money(row.price), quantity: row.quantity };
}
