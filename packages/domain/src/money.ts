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

/**
 * How many decimals a currency's amounts take (ISO 4217 minor unit): 2 unless listed. Backroom keeps
 * every amount in hundredths, so an amount takes at most MONEY_DECIMALS whatever its currency
 * (a 3-decimal currency such as KWD is kept to 2).
 */
export const MONEY_DECIMALS = 2;
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** The decimals an amount of this currency may have: its exponent (2 when unknown), at most MONEY_DECIMALS. */
export function currencyDecimals(currency: string | null | undefined): number {
  return Math.min(CURRENCY_EXPONENTS[(currency ?? '').trim().toUpperCase()] ?? 2, MONEY_DECIMALS);
}

/** The message of an amount with more decimals than it may have (never rounded silently). */
export function tooManyDecimalsMessage(label = 'Amount', decimals = MONEY_DECIMALS): string {
  return decimals === 0 ? `${label} cannot have decimals.` : `${label} can have at most ${decimals} decimal${decimals === 1 ? '' : 's'}.`;
}

/**
 * Whether a major-unit amount has at most `decimals` decimals. A string is read exactly ('1.50' has
 * 2, '1.005' has 3); a number is read as the decimal it stands for, so a float's own drift
 * (0.1 + 0.2 = 0.30000000000000004) is not taken for decimals a person typed, but 0.004 is.
 */
export function hasAtMostDecimals(major: number | string, decimals = MONEY_DECIMALS): boolean {
  if (typeof major === 'number') {
    if (!Number.isFinite(major)) return true; // not an amount: refused by whoever parses it
    const scaled = major * 10 ** decimals;
    return Math.abs(scaled - Math.round(scaled)) <= Math.max(1, Math.abs(scaled)) * 1e-9;
  }
  const match = DECIMAL.exec(major.trim());
  if (!match) return true;
  const frac = (match[3] ?? '').replace(/0+$/, '');
  const exponent = Number(match[4] ?? '0');
  const digitsAfterPoint = frac.length - exponent;
  if (digitsAfterPoint <= decimals) return true;
  // 1.5e1 = 15: the digits moved left of the point; trailing zeros of the integer part do not count
  return /^0*$/.test(`${match[2] ?? ''}${frac}`.slice(-(digitsAfterPoint - decimals)));
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
