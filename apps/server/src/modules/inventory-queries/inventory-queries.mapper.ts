import {
  INVENTORY_STATUSES,
  SORT_OPTION_LABELS,
  SORT_OPTIONS,
  sortSizes,
  type InventoryStatus,
  type OptionLabels,
  type ZInventoryFilterOptions,
  type ZInventoryProductGroup,
} from '@backroom/domain';
import type { z } from 'zod';
import { toInventoryItem, type InventoryItemResponse, type InventoryWithRelations } from '../inventory/index.ts';

/** A row of the list, with the relations the caller asked for (takeProducts / takeConsigners). */
export function toListItem(row: InventoryWithRelations, take: { products: boolean; consigners: boolean }, now: Date): InventoryItemResponse {
  return toInventoryItem({ ...row, product: take.products ? row.product : null, consigner: take.consigners ? row.consigner : null }, now);
}

/**
 * Grouped-by-product accordion row: the product (its first item's, or the one given when the group
 * carries no items), its unit and item counts, and its first items.
 */
export function toProductGroup(
  group: { productId: string; items: number; units: number },
  items: InventoryItemResponse[],
  product?: { id: string; title: string; sku: string; image: string | null },
): z.input<typeof ZInventoryProductGroup> {
  const first = items[0];
  return {
    productId: group.productId,
    product: first?.product ?? product ?? { id: group.productId, title: '', sku: '', image: null },
    units: group.units,
    count: group.items,
    items,
  };
}

type DistinctRow = {
  set: number;
  status: string | null;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  category: string | null;
  location: string | null;
  subLocation: string | null;
};

// GROUPING() bitmask over (status, option1, option2, option3, category, location, subLocation):
// a bit is 1 when that column is not part of the row's grouping set.
const SET = { status: 0b0111111, option1Value: 0b1011111, option2Value: 0b1101111, option3Value: 0b1110111, category: 0b1111011, locationSub: 0b1111100 };

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim() !== ''))];
const present = (rows: DistinctRow[], set: number, pick: (r: DistinctRow) => string | null) => unique(rows.filter((r) => r.set === set).map(pick));

/** A consigner's filter values: those of their own items (one grouping-sets pass over them). */
export function valuesOfItems(rows: DistinctRow[]) {
  return {
    statuses: present(rows, SET.status, (r) => r.status),
    option1Values: present(rows, SET.option1Value, (r) => r.option1Value),
    option2Values: present(rows, SET.option2Value, (r) => r.option2Value),
    option3Values: present(rows, SET.option3Value, (r) => r.option3Value),
    categories: present(rows, SET.category, (r) => r.category),
    places: rows.filter((r) => r.set === SET.locationSub).map((r) => ({ location: r.location, subLocation: r.subLocation })),
  };
}

type Template = { category: string; option1Values: { value: string }[]; option2Values: { value: string }[]; option3Values: { value: string }[] };

/** The store's filter values: what its templates define, and the categories of its products. */
export function valuesOfTemplates(templates: Template[], productCategories: string[]) {
  return {
    statuses: [...INVENTORY_STATUSES] as string[],
    option1Values: unique(templates.flatMap((t) => t.option1Values.map((o) => o.value))),
    option2Values: unique(templates.flatMap((t) => t.option2Values.map((o) => o.value))),
    option3Values: unique(templates.flatMap((t) => t.option3Values.map((o) => o.value))),
    categories: unique([...templates.map((t) => t.category), ...productCategories]),
    places: null,
  };
}

export function toFilterOptions(input: {
  values: ReturnType<typeof valuesOfItems> | ReturnType<typeof valuesOfTemplates>;
  optionNames: OptionLabels;
  locations: { id: string; name: string; isMarketplace: boolean }[];
  subLocations: { id: string; name: string; locationName: string }[];
  consigners: { id: string; firstName: string; lastName: string; email: string; isStoreAccount: boolean }[];
  /** Set for a consigner: locations and sub-locations are narrowed to what concerns them. */
  forConsigner: { marketplaceLocation: boolean } | null;
}): z.input<typeof ZInventoryFilterOptions> {
  const { values, forConsigner } = input;
  const places = values.places ?? [];
  const usedLocations = new Set(places.map((p) => p.location));
  const usedSubLocations = new Set(places.map((p) => `${p.location}\u0000${p.subLocation}`));
  const statuses = new Set(values.statuses);
  // A consigner sees the store's locations (they drop items there), the marketplace only when it is
  // open to them (catalogue doc section 2) or holds their items; sub-locations only where their items are.
  const locations = input.locations.filter((l) => !forConsigner || !l.isMarketplace || forConsigner.marketplaceLocation || usedLocations.has(l.name));
  const subLocations = input.subLocations.filter((s) => !forConsigner || usedSubLocations.has(`${s.locationName}\u0000${s.name}`));

  return {
    statuses: INVENTORY_STATUSES.filter((s) => statuses.has(s)) as InventoryStatus[],
    locations: locations.map((l) => ({ label: l.name, value: l.name, id: l.id, name: l.name })),
    subLocations: subLocations.map((s) => ({ id: s.id, name: s.name, locationName: s.locationName })),
    option1Values: sortSizes(values.option1Values),
    option2Values: [...values.option2Values].sort(byText),
    option3Values: [...values.option3Values].sort(byText),
    categories: [...values.categories].sort(byText),
    optionNames: input.optionNames,
    consigners: input.consigners.map((c) => ({
      label: `${c.firstName} ${c.lastName}`.trim() || c.email,
      value: { id: c.id, email: c.email, isStoreAccount: c.isStoreAccount },
    })),
    sortOption: SORT_OPTIONS.map((value) => ({ label: SORT_OPTION_LABELS[value], value })),
  };
}
