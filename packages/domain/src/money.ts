// Money is integer minor units (hundredths of the major unit, for every currency: the spec shows
// two decimals everywhere). Conversions go through decimal strings and BigInt, never float maths.
import { DomainError } from './errors.ts';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Rounds n / d half away from zero, d > 0. */
function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  let q = abs / d;
  if ((abs % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DomainError('BAD_REQUEST', `${what} is too large`);
  }
  return Number(value);
}

/** Parses a decimal (string or number) scaled by 10^places, rounded half away from zero. */
function scaleDecimal(input: number | string, places: number, what: string): number {
  if (typeof input === 'number' && !Number.isFinite(input)) {
    throw new DomainError('BAD_REQUEST', `${what} must be a finite number`);
  }
  // String(number) gives the shortest text that round-trips, so 0.1 + 0.2 reads 0.30000000000000004.
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = DECIMAL.exec(text);
  const intPart = match?.[2] ?? '';
  const fracPart = match?.[3] ?? '';
  if (!match || (intPart === '' && fracPart === '')) {
    throw new DomainError('BAD_REQUEST', `${what} is not a valid amount: '${text}'`);
  }
  const digits = BigInt(`${intPart}${fracPart}` || '0');
  const shift = Number(match[4] ?? '0') - fracPart.length + places;
  if (digits === 0n) return 0;
  if (shift > 30) throw new DomainError('BAD_REQUEST', `${what} is too large`);
  const scaled = shift >= 0 ? digits * 10n ** BigInt(shift) : divRoundHalfUp(digits, 10n ** BigInt(-shift));
  const signed = match[1] === '-' ? -scaled : scaled;
  return toSafeNumber(signed, what) || 0; // `|| 0` turns -0 into 0
}

/** Major units to minor units, exactly: '19.99' -> 1999, 0.1 + 0.2 -> 30, 1.005 -> 101. */
export function toMinor(major: number | string): number {
  return scaleDecimal(major, 2, 'Amount');
}

export function toMajor(minor: number): number {
  return minor / 100;
}

/** An amount limit as messages show it: 1000000000 -> '10,000,000'; cents only when there are any. */
export function formatAmountLimit(minor: number): string {
  return toMajor(minor).toLocaleString('en-US', { minimumFractionDigits: minor % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });
}

function assertInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new DomainError('BAD_REQUEST', `${what} must be a whole number of minor units`);
  }
}

/** A percent as integer basis points (12.5 -> 1250); finer precision is rounded half up. */
export function toBasisPoints(percent: number): number {
  return scaleDecimal(percent, 2, 'Percent');
}

/** `percent`% of an amount in minor units, rounded half up (away from zero) to a minor unit. */
export function percentOf(minor: number, percent: number): number {
  assertInteger(minor, 'Amount');
  const bp = BigInt(toBasisPoints(percent));
  return toSafeNumber(divRoundHalfUp(BigInt(minor) * bp, 10000n), 'Amount') || 0;
}

// Building an Intl.NumberFormat costs far more than formatting with one (a list of prices formats
// hundreds of amounts): one per locale and currency, kept.
const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  const known = formatters.get(key);
  if (known !== undefined) return known;
  let formatter: Intl.NumberFormat | null;
  try {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  } catch {
    formatter = null;
  }
  // bounded: currency codes come from store settings, but a caller could pass anything
  if (formatters.size < 500) formatters.set(key, formatter);
  return formatter;
}

/** '$19.99', 'R 1,250.00', '€0.50'; an unknown code falls back to 'XYZ 19.99'. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const formatter = currencyFormatter(currency, locale);
  const major = toMajor(minor);
  if (!formatter) return `${currency} ${major.toFixed(2)}`;
  // Intl separates letter symbols with a no-break space; a plain one keeps texts comparable.
  return formatter.format(major).replace(/[\u00a0\u202f]/g, ' ');
}

/** The narrow symbol of a currency ('$' for USD, 'R' for ZAR); the code itself when unknown. */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  const formatter = currencyFormatter(currency, locale);
  return formatter?.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}
