// The inventory item's editable fields, listed once (docs/inventory-item-screens.md "The item's editable fields").
// This list makes the PUT body (ZUpdateInventory), the fields the service stores as sent, what a
// consigner may touch, the activity feed's names, the item screen's edit form, the list's column
// chooser and the CSV export. Adding a field: its column and migration, one entry here, and the
// screen when it needs a widget of a new kind.
import { z } from 'zod';
import { INVENTORY_MESSAGES } from '../messages.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import type { TextKind } from '../constants.ts';
import { boundedText, money } from './common.ts';

/** An id (uuid); `message` answers both a missing and a malformed one. */
export const ZUuid = (message = 'Invalid id') => z.string({ error: message }).uuid(message);
/** An id, or an object carrying one (the old client sends whole items in places). */
export const ZIdRef = (message?: string) => z.union([ZUuid(message), z.object({ id: ZUuid(message) }).transform((o) => o.id)]);
/** An optional text of one kind (docs/input-limits.md), trimmed; null clears it. */
export const nullishText = (kind: TextKind = 'name', label?: string) => boundedText(kind, label).nullish();
/** A calendar day, YYYY-MM-DD; null clears it. */
export const nullishDay = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).nullish();

/**
 * How a field is shown and entered: text, money (major units in, minor units stored), a calendar
 * day (YYYY-MM-DD), the status, or the owner.
 */
export type InventoryFieldKind = 'text' | 'money' | 'day' | 'status' | 'owner';

type FieldDef = {
  /** How staff name it: the edit form, the activity feed, a list column, the CSV header. */
  label: string;
  kind: InventoryFieldKind;
  /** The field in the PUT body (catalogue doc section 7, PUT /api/inventories/{id}). */
  input: z.ZodType;
  /** Stored as sent (trimmed, '' read as null) in the item's column of the same name; the others have rules of their own in the service. */
  plain?: true;
  /** A consigner may change it on their own item (catalogue doc section 6). */
  consigner?: true;
  /** On the item screen's edit card (catalogue doc section 2, Inventory item). */
  form?: true;
  /** Offered by the inventory lists' column chooser (starts hidden: the spec's columns come first). */
  column?: true;
  /** A column of the CSV export (after the spec's own columns), headed by the label. */
  csv?: true;
};

const moneyInput = (label: string) => money(undefined, label);

export const INVENTORY_FIELDS = {
  consigner: { label: 'Owner', kind: 'owner', input: ZIdRef(INVENTORY_MESSAGES.selectConsigner).optional() },
  price: { label: 'Price', kind: 'money', input: moneyInput('Price').optional(), form: true },
  payoutFee: { label: 'Payout fee', kind: 'money', input: moneyInput('Payout fee').optional() },
  payout: { label: 'Payout', kind: 'money', input: moneyInput('Payout').optional(), form: true },
  cost: { label: 'Cost', kind: 'money', input: moneyInput('Cost').nullish() },
  option1Value: { label: 'Option 1', kind: 'text', input: nullishText('name', 'Option value'), plain: true, form: true },
  option2Value: { label: 'Option 2', kind: 'text', input: nullishText('name', 'Option value'), plain: true, form: true },
  option3Value: { label: 'Option 3', kind: 'text', input: nullishText('name', 'Option value'), plain: true, form: true },
  location: { label: 'Location', kind: 'text', input: nullishText('name', 'Location'), consigner: true, form: true },
  subLocation: { label: 'Sub-location', kind: 'text', input: nullishText('name', 'Sub-location'), consigner: true, form: true },
  image: { label: 'Image', kind: 'text', input: nullishText('url', 'Image URL'), plain: true, consigner: true, form: true },
  status: { label: 'Status', kind: 'status', input: z.enum(INVENTORY_STATUSES).optional() },
  notes: { label: 'Notes', kind: 'text', input: nullishText('note', 'Notes'), plain: true, consigner: true, form: true },
  trackingCode: { label: 'Tracking code', kind: 'text', input: nullishText('code', 'Tracking code'), plain: true, consigner: true },
  // the consigner's minimum: no markdown takes the price below it (docs/consignment-terms.md "Markdowns")
  // (its label names no 'price': a field labelled Price must stay the only one a search for it finds)
  minimumPrice: { label: "Consigner's minimum", kind: 'money', input: moneyInput("Consigner's minimum").nullish(), form: true },
  // staff set it on the item screen; the lists and the export show it
  consignmentEndsAt: { label: 'Consignment ends', kind: 'day', input: nullishDay('Consignment end date'), plain: true, form: true, column: true, csv: true },
} as const satisfies Record<string, FieldDef>;

export type InventoryField = keyof typeof INVENTORY_FIELDS;
type FieldsWhere<P extends keyof FieldDef> = { [K in InventoryField]: (typeof INVENTORY_FIELDS)[K] extends Record<P, unknown> ? K : never }[InventoryField];
/** Fields stored as sent, each in the item's column of the same name. */
export type InventoryPlainField = FieldsWhere<'plain'>;
export type InventoryFormField = FieldsWhere<'form'>;
export type InventoryColumnField = FieldsWhere<'column'>;
export type InventoryCsvField = FieldsWhere<'csv'>;

const keysWhere = <P extends keyof FieldDef>(flag: P) =>
  (Object.keys(INVENTORY_FIELDS) as InventoryField[]).filter((k) => (INVENTORY_FIELDS[k] as FieldDef)[flag]) as FieldsWhere<P>[];

export const INVENTORY_PLAIN_FIELDS = keysWhere('plain');
export const INVENTORY_CONSIGNER_FIELDS = keysWhere('consigner');
export const INVENTORY_FORM_FIELDS = keysWhere('form');
export const INVENTORY_COLUMN_FIELDS = keysWhere('column');
export const INVENTORY_CSV_FIELDS = keysWhere('csv');

const isListed = (field: string): field is InventoryField => Object.hasOwn(INVENTORY_FIELDS, field);
/** A listed field's label. */
export const labelOfField = (field: InventoryField): string => INVENTORY_FIELDS[field].label;
/** The listed field's label (null for a field not in the list). */
export const inventoryFieldLabel = (field: string): string | null => (isListed(field) ? INVENTORY_FIELDS[field].label : null);
/** The listed field's kind (null for a field not in the list). */
export const inventoryFieldKind = (field: string): InventoryFieldKind | null => (isListed(field) ? INVENTORY_FIELDS[field].kind : null);

/** PUT /api/inventories/{id}: each listed field, optional. Money arrives in major units and leaves as minor units. */
export const ZUpdateInventory = z.object(
  Object.fromEntries(Object.entries(INVENTORY_FIELDS).map(([k, f]) => [k, f.input])) as { [K in InventoryField]: (typeof INVENTORY_FIELDS)[K]['input'] },
);
export type TUpdateInventory = z.output<typeof ZUpdateInventory>;

const outputOf = (kind: InventoryFieldKind) => (kind === 'day' ? z.string().describe('YYYY-MM-DD').nullable() : z.string().nullable());
type PlainOutputs = { [K in InventoryPlainField]: z.ZodNullable<z.ZodString> };
/** The plain fields as ZInventoryItem answers them: as stored, null when empty. */
export const INVENTORY_PLAIN_OUTPUTS = Object.fromEntries(INVENTORY_PLAIN_FIELDS.map((k) => [k, outputOf(INVENTORY_FIELDS[k].kind)])) as PlainOutputs;

/** The plain fields of an item row, as the API answers them (the mapper spreads these, not field by field). */
export function plainFieldsOf<Row extends { [K in InventoryPlainField]: string | null }>(row: Row): { [K in InventoryPlainField]: string | null } {
  return Object.fromEntries(INVENTORY_PLAIN_FIELDS.map((k) => [k, row[k]])) as { [K in InventoryPlainField]: string | null };
}
