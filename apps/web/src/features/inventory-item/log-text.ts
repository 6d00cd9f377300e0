// How a log entry's fields and values read on screen, for the item's timeline and the Activity feed.
// What is said (added this item, Owner with names, no 'empty ->', unchanged text left out) is the
// domain's activityWording; this file only names the fields and formats the values for it.
import { activityFieldLabel, isInventoryStatus, statusLabel, type ActivityFormat } from '@backroom/domain';
import { formatDateTime, formatPrice } from '../../shared/format';

const MONEY = new Set(['price', 'requestedPrice', 'payout', 'payoutFee', 'total', 'cost', 'discount', 'lowestPrice', 'withdrawalFee', 'renewalFee', 'storeRequestPriceLow', 'storeRequestPriceHigh']);
const DATES = new Set(['acceptedOn', 'soldOn', 'withdrawalRequestedOn', 'withdrawalAcceptedOn', 'withdrawalDeclinedOn', 'deletedOn', 'createdOn']);

export type OptionNames = { option1?: string | null; option2?: string | null; option3?: string | null };

/** The field's name as staff know it (the domain's one label table); option values use the template's option names. */
function fieldLabel(field: string, options: OptionNames = {}): string {
  if (field === 'option1Value') return options.option1 || 'Option 1';
  if (field === 'option2Value') return options.option2 || 'Option 2';
  if (field === 'option3Value') return options.option3 || 'Option 3';
  return activityFieldLabel(field);
}

/** A before or after value as text; null when empty. */
export function valueText(field: string, value: unknown, currency: string | null, label?: string | null): string | null {
  if (label) return label;
  if (value === null || value === undefined || value === '') return null;
  if (MONEY.has(field) && typeof value === 'number') return formatPrice(value, currency);
  if (DATES.has(field) && typeof value === 'string') return formatDateTime(value);
  if (field === 'status' && isInventoryStatus(value)) return statusLabel(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The screens' names and value display for the domain's activityWording (option names of the item's template when known). */
export function activityFormat(currency: string | null, options?: OptionNames): ActivityFormat {
  return { label: (field) => fieldLabel(field, options), value: (field, value) => valueText(field, value, currency) };
}
