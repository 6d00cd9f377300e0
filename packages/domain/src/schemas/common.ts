import { z } from 'zod';
import { toMinor } from '../money.ts';

/** A trimmed, non-empty string; `message` covers both a missing value and an empty one. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** An optional text field: trimmed, with '' read as null. */
export const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

export const INVALID_AMOUNT = 'Please enter a valid amount';

/**
 * A money amount as the API and forms speak it (major units: 120.5 or '120.50'), parsed exactly
 * to integer minor units (12050). `message` is shown when the value is missing or not an amount.
 */
export function money(message: string = INVALID_AMOUNT) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    try {
      return toMinor(value);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });
}

/** The common case: any valid amount, in minor units after parsing. */
export const ZMoney = money();
