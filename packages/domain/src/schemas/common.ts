import { z } from 'zod';
import { MAX_AMOUNT_MINOR, MAX_PAGE, MAX_PERCENT, MAX_QUANTITY, MAX_TOTAL_MINOR, TEXT_LIMITS, type TextKind } from '../constants.ts';
import { formatAmountLimit, hasAtMostDecimals, MONEY_DECIMALS, toMinor, tooManyDecimalsMessage } from '../money.ts';

// Every text and number of every input goes through these helpers, so its limits are the ones of
// docs/input-limits.md: no NUL, no lone surrogate, a maximum length per kind, amounts that fit.

/** NUL, or a UTF-16 surrogate without its pair: neither can be stored or shown faithfully. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const FORBIDDEN_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const FORBIDDEN_CHARACTER_MESSAGE = 'Text contains a character that is not allowed (a NUL character or an unpaired surrogate)';

export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN_CHARACTER.test(value);
}

export const textTooLongMessage = (kind: TextKind, label = 'Text') => `${label} must be at most ${TEXT_LIMITS[kind]} characters`;

/**
 * A text of one kind: at most TEXT_LIMITS[kind] characters, no NUL or lone surrogate, not trimmed.
 * `label` names the field in the length message ('Notes must be at most 2000 characters').
 */
export function safeString(kind: TextKind = 'name', label?: string, opts: { error?: string } = {}) {
  return z
    .string(opts.error ? { error: opts.error } : undefined)
    .max(TEXT_LIMITS[kind], { error: textTooLongMessage(kind, label) })
    .refine((v) => !hasForbiddenCharacter(v), { error: FORBIDDEN_CHARACTER_MESSAGE });
}

/** A trimmed text of one kind (see safeString). */
export function boundedText(kind: TextKind = 'name', label?: string) {
  return safeString(kind, label).trim();
}

/** A trimmed, non-empty string; `message` covers both a missing value and an empty one. */
export function requiredString(message: string, kind: TextKind = 'name', label?: string) {
  return safeString(kind, label, { error: message }).trim().min(1, { error: message });
}

/** An optional text field of one kind: trimmed, with '' read as null. */
export function optionalTextOf(kind: TextKind, label?: string) {
  return boundedText(kind, label)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional name-like text field: trimmed, with '' read as null. */
export const optionalText = optionalTextOf('name');

export const INVALID_AMOUNT = 'Please enter a valid amount';

export const amountTooLargeMessage = (label = 'Amount', maxMinor = MAX_AMOUNT_MINOR) => `${label} must be at most ${formatAmountLimit(maxMinor)}`;

/**
 * A money amount as the API and forms speak it (major units: 120.5 or '120.50'), parsed exactly
 * to integer minor units (12050), at most MAX_AMOUNT_MINOR either side of 0. `message` is shown
 * when the value is missing or not an amount; `label` names it when it is too large.
 */
export function money(message: string = INVALID_AMOUNT, label = 'Amount') {
  return z
    .union([z.number(), safeString('code', label)], { error: message })
    .transform((value, ctx) => {
      // more decimals than an amount takes are refused, never rounded (docs/sales.md "Amounts")
      if (!hasAtMostDecimals(value, MONEY_DECIMALS)) {
        ctx.addIssue({ code: 'custom', message: tooManyDecimalsMessage(label) });
        return z.NEVER;
      }
      let minor: number;
      try {
        minor = toMinor(value);
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (Math.abs(minor) > MAX_AMOUNT_MINOR) {
        ctx.addIssue({ code: 'custom', message: amountTooLargeMessage(label) });
        return z.NEVER;
      }
      return minor;
    });
}

/** An amount that is never negative (a fee, a price): refused with '{label} cannot be negative'. */
export function nonNegativeMoney(message: string = INVALID_AMOUNT, label = 'Amount') {
  return money(message, label).refine((minor) => minor >= 0, { message: `${label} cannot be negative` });
}

/** The common case: any valid amount, in minor units after parsing. */
export const ZMoney = money();

export const quantityTooLargeMessage = `Quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`;
/** A unit count: a whole number from 0 to MAX_QUANTITY. */
export const ZQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int({ error: 'Quantity must be a whole number' })
  .min(0, { error: 'Quantity cannot be negative' })
  .max(MAX_QUANTITY, { error: quantityTooLargeMessage });

export const totalTooLargeMessage = `The total (price x quantity) must be at most ${formatAmountLimit(MAX_TOTAL_MINOR)}`;
/** Whether price x quantity (minor units) fits the total columns. */
export function totalFits(priceMinor: number | null | undefined, quantity: number | null | undefined): boolean {
  if (priceMinor == null || quantity == null) return true;
  return Math.abs(priceMinor) * quantity <= MAX_TOTAL_MINOR;
}

/** A percent of a price (fees, tax rates): 0 to MAX_PERCENT. */
export function percent(message: string, label = 'Percent') {
  return z
    .number({ error: message })
    .min(0, { error: message })
    .max(MAX_PERCENT, { error: `${label} must be at most ${MAX_PERCENT}%` });
}

/** A page number of a paged list, from a query string (1 to MAX_PAGE). */
export function pageNumber(name = 'page') {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} starts at 1`)
    .max(MAX_PAGE, `${name} must be at most ${MAX_PAGE}`);
}
