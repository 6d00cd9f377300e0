// The inventory item's editable fields, listed once (docs/inventory-item-screens.md "The item's editable fields").
// This list makes the PUT body (ZUpdateInventory, with each field's input in schemas/inventory-fields.ts),
// the fields the service stores as sent, what a consigner may touch, the activity feed's names, the item
// screen's edit form, the list's column chooser and the CSV export. Adding a field: its column and
// migration, one entry here and its input there (the types ask for both), and the screen when it needs a
// widget of a new kind. No zod here: the lists' screens read these names and labels, and zod stays out
// of their first load (bench/README.md "First load in the browser").

/**
 * How a field is shown and entered: text, money (major units in, minor units stored), a calendar
 * day (YYYY-MM-DD), the status, or the owner.
 */
export type InventoryFieldKind = 'text' | 'money' | 'day' | 'status' | 'owner';

type FieldDef = {
  /** How staff name it: the edit form, the activity feed, a list column, the CSV header. */
  label: string;
  kind: InventoryFieldKind;
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

export const INVENTORY_FIELDS = {
  consigner: { label: 'Owner', kind: 'owner' },
  price: { label: 'Price', kind: 'money', form: true },
  payoutFee: { label: 'Payout fee', kind: 'money' },
  payout: { label: 'Payout', kind: 'money', form: true },
  cost: { label: 'Cost', kind: 'money' },
  option1Value: { label: 'Option 1', kind: 'text', plain: true, form: true },
  option2Value: { label: 'Option 2', kind: 'text', plain: true, form: true },
  option3Value: { label: 'Option 3', kind: 'text', plain: true, form: true },
  location: { label: 'Location', kind: 'text', consigner: true, form: true },
  subLocation: { label: 'Sub-location', kind: 'text', consigner: true, form: true },
  image: { label: 'Image', kind: 'text', plain: true, consigner: true, form: true },
  status: { label: 'Status', kind: 'status' },
  notes: { label: 'Notes', kind: 'text', plain: true, consigner: true, form: true },
  trackingCode: { label: 'Tracking code', kind: 'text', plain: true, consigner: true },
  // the consigner's minimum: no markdown takes the price below it (docs/consignment-terms.md "Markdowns")
  // (its label names no 'price': a field labelled Price must stay the only one a search for it finds)
  minimumPrice: { label: "Consigner's minimum", kind: 'money', form: true },
  // staff set it on the item screen; the lists and the export show it
  consignmentEndsAt: { label: 'Consignment ends', kind: 'day', plain: true, form: true, column: true, csv: true },
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

/** The plain fields of an item row, as the API answers them (the mapper spreads these, not field by field). */
export function plainFieldsOf<Row extends { [K in InventoryPlainField]: string | null }>(row: Row): { [K in InventoryPlainField]: string | null } {
  return Object.fromEntries(INVENTORY_PLAIN_FIELDS.map((k) => [k, row[k]])) as { [K in InventoryPlainField]: string | null };
}
