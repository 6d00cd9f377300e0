// Draft listing rows of the Add Inventory modal (one per size picked, duplicates allowed) and the wizard (one).
import { INITIAL_QUANTITY, sortSizes, type RowTemplate } from '@backroom/domain';
import type { OptionValue, ProductTemplate } from '../../shared/lookups.api';
import type { InventoryFormRow } from './add-inventory.api';

export interface DraftRow {
  key: string;
  option1Value: string;
  option2Value: string | null;
  option3Value: string | null;
  price: number | null;
  /** the consigner's minimum: markdowns never go below it (docs/consignment-terms.md "The floor"); empty: none */
  minimumPrice?: number | null;
  quantity: number | null;
  consignerId: string | null;
}

let sequence = 0;
export const newRowKey = () => `row-${Date.now().toString(36)}-${(sequence += 1)}`;

const values = (list: readonly OptionValue[] | null | undefined) => (list ?? []).map((v) => v.value).filter(Boolean);

/** The template's option1 values in size order (catalogue doc section 5: sizes sort numerically, else XXS..XXL). */
export function sortedOption1Values(template: ProductTemplate | null | undefined): string[] {
  return sortSizes(values(template?.option1Values));
}

export function optionValues(template: ProductTemplate | null | undefined, which: 2 | 3): string[] {
  if (!template) return [];
  const name = which === 2 ? template.option2 : template.option3;
  if (!name) return [];
  return values(which === 2 ? template.option2Values : template.option3Values);
}

/** The template as the row rules see it. */
export function rowTemplate(template: ProductTemplate): RowTemplate {
  return { option1: template.option1, option2: template.option2, option3: template.option3 };
}

/**
 * A new row for a size. Options with a single value start chosen; the consigner is carried over from
 * the row before, since staff usually list one consigner's items together. The quantity starts at 1.
 */
export function newRow(template: ProductTemplate, option1Value: string, consignerId: string | null): DraftRow {
  const only = (which: 2 | 3) => {
    const list = optionValues(template, which);
    return list.length === 1 ? list[0] : null;
  };
  return {
    key: newRowKey(),
    option1Value,
    option2Value: only(2),
    option3Value: only(3),
    price: null,
    quantity: INITIAL_QUANTITY,
    consignerId,
  };
}

/** Rows kept in size order, so a size picked later still lands in its place. */
export function inSizeOrder(rows: DraftRow[]): DraftRow[] {
  const order = sortSizes([...new Set(rows.map((r) => r.option1Value))]);
  return [...rows].sort((a, b) => order.indexOf(a.option1Value) - order.indexOf(b.option1Value));
}

/** A draft row as one row of inventoryFormArray (its checks passed: price and quantity are set). */
export function toFormRow(
  row: DraftRow,
  productId: string,
  category: string | null,
  at: { location: string | null; subLocation: string | null },
): InventoryFormRow {
  return {
    productId,
    option1Value: row.option1Value,
    option2Value: row.option2Value,
    option3Value: row.option3Value,
    price: row.price!,
    ...(typeof row.minimumPrice === 'number' ? { minimumPrice: row.minimumPrice } : {}),
    quantity: row.quantity!,
    consigner: row.consignerId,
    category,
    location: at.location,
    subLocation: at.subLocation,
  };
}
