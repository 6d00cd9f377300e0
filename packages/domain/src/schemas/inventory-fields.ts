// The inputs of the inventory item's editable fields (inventory-field-list.ts lists the fields, their
// labels and where each is used): the PUT body and the plain fields' outputs.
import { z } from 'zod';
import { INVENTORY_MESSAGES } from '../messages.ts';
import { INVENTORY_STATUSES } from '../statuses.ts';
import type { TextKind } from '../constants.ts';
import { INVENTORY_FIELDS, INVENTORY_PLAIN_FIELDS, type InventoryField, type InventoryFieldKind, type InventoryPlainField } from '../inventory-field-list.ts';
import { boundedText, money } from './common.ts';

/** An id (uuid); `message` answers both a missing and a malformed one. */
export const ZUuid = (message = 'Invalid id') => z.string({ error: message }).uuid(message);
/** An id, or an object carrying one (the old client sends whole items in places). */
export const ZIdRef = (message?: string) => z.union([ZUuid(message), z.object({ id: ZUuid(message) }).transform((o) => o.id)]);
/** An optional text of one kind (docs/input-limits.md), trimmed; null clears it. */
export const nullishText = (kind: TextKind = 'name', label?: string) => boundedText(kind, label).nullish();
/** A calendar day, YYYY-MM-DD; null clears it. */
export const nullishDay = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).nullish();

const moneyInput = (label: string) => money(undefined, label);

/** Each listed field in the PUT body (catalogue doc section 7, PUT /api/inventories/{id}). */
const INVENTORY_FIELD_INPUTS = {
  consigner: ZIdRef(INVENTORY_MESSAGES.selectConsigner).optional(),
  price: moneyInput('Price').optional(),
  payoutFee: moneyInput('Payout fee').optional(),
  payout: moneyInput('Payout').optional(),
  cost: moneyInput('Cost').nullish(),
  option1Value: nullishText('name', 'Option value'),
  option2Value: nullishText('name', 'Option value'),
  option3Value: nullishText('name', 'Option value'),
  location: nullishText('name', 'Location'),
  subLocation: nullishText('name', 'Sub-location'),
  image: nullishText('url', 'Image URL'),
  status: z.enum(INVENTORY_STATUSES).optional(),
  notes: nullishText('note', 'Notes'),
  trackingCode: nullishText('code', 'Tracking code'),
  minimumPrice: moneyInput("Consigner's minimum").nullish(),
  consignmentEndsAt: nullishDay('Consignment end date'),
} as const satisfies Record<InventoryField, z.ZodType>;

/** PUT /api/inventories/{id}: each listed field, optional. Money arrives in major units and leaves as minor units. */
export const ZUpdateInventory = z.object(INVENTORY_FIELD_INPUTS);
export type TUpdateInventory = z.output<typeof ZUpdateInventory>;

const outputOf = (kind: InventoryFieldKind) => (kind === 'day' ? z.string().describe('YYYY-MM-DD').nullable() : z.string().nullable());
type PlainOutputs = { [K in InventoryPlainField]: z.ZodNullable<z.ZodString> };
/** The plain fields as ZInventoryItem answers them: as stored, null when empty. */
export const INVENTORY_PLAIN_OUTPUTS = Object.fromEntries(INVENTORY_PLAIN_FIELDS.map((k) => [k, outputOf(INVENTORY_FIELDS[k].kind)])) as PlainOutputs;
