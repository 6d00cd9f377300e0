import dayjs from 'dayjs';
import { currencySymbol, formatMoney, hasAtMostDecimals, MONEY_DECIMALS, toMinor, tooManyDecimalsMessage } from '@backroom/domain';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (!value) return '';
  return dayjs(value).format('YY/MM/DD HH:mm');
}

export function fullName(person: { firstName?: string | null; lastName?: string | null; name?: string | null }): string {
  const joined = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return joined || person.name || '';
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  return (parts[0][0] + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

/** An API amount (major units, e.g. 120.5) in the store currency: '$120.50'. Empty for no amount. */
export function formatPrice(major: number | null | undefined, currency: string | null | undefined): string {
  if (major === null || major === undefined || !Number.isFinite(major)) return '';
  return formatMoney(toMinor(major), currency || 'USD');
}

/** The store currency's symbol ('$' for USD), for input prefixes and the spec's '{currency}{price}' texts. */
export function priceSymbol(currency: string | null | undefined): string {
  return currencySymbol(currency || 'USD');
}

/** A size in bytes as people read it: '0 B', '830 KB', '12.4 MB', '1.2 GB' (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${i === 0 ? value : value < 10 ? value.toFixed(1) : Math.round(value)} ${units[i]}`;
}

/**
 * An antd form rule refusing an amount with more decimals than money takes (the domain's rule and
 * message, as the API's): never rounded silently (docs/sales.md "Amounts").
 */
export function decimalsRule(label: string) {
  return {
    validator: async (_: unknown, value: number | string | null | undefined) => {
      if (value !== null && value !== undefined && value !== '' && !hasAtMostDecimals(value, MONEY_DECIMALS)) throw new Error(tooManyDecimalsMessage(label, MONEY_DECIMALS));
    },
  };
}
