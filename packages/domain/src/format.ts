// Display formats, pagination and date ranges (catalogue doc section 9, people doc section 9).
import dayjs from 'dayjs';

export type DateInput = Date | string | number;

function plain(n: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false }).format(n);
}

function scaled(n: number, unit: number, suffix: string): string {
  return `${(n / unit).toFixed(1)}${suffix}`;
}

/** 950, 1.5K, 2.3M: K from 1,000 and M from 1,000,000, one decimal. */
export function formatCompact(n: number): string {
  const abs = Math.abs(n);
  // 999,950 would read '1000.0K'; it is shown as 1.0M instead.
  if (abs >= 1_000_000 || Number((abs / 1000).toFixed(1)) >= 1000) return scaled(n, 1_000_000, 'M');
  if (abs >= 1000) return scaled(n, 1000, 'K');
  return plain(n);
}

/** Dashboard figures: 12,345.67 below a million, then 1.2M, then 3.4B. */
export function formatDashboardNumber(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000_000 || Number((abs / 1_000_000).toFixed(1)) >= 1000) return scaled(n, 1_000_000_000, 'B');
  if (abs >= 1_000_000) return scaled(n, 1_000_000, 'M');
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n);
}

/**
 * Percent change versus the previous period, to 2 decimals. 0 when both are zero; from a zero
 * previous period any rise is +100 and any fall -100 (a ratio would be infinite).
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) {
    if (current === 0) return 0;
    return current > 0 ? 100 : -100;
  }
  const change = ((current - previous) / Math.abs(previous)) * 100;
  return Math.round(change * 100) / 100 || 0;
}

/** 26/11/22 for 22 November 2026 (YY/MM/DD). */
export function formatDateShort(date: DateInput): string {
  return dayjs(date).format('YY/MM/DD');
}

/** November 22, 2026 */
export function formatDateLong(date: DateInput): string {
  return dayjs(date).format('MMMM D, YYYY');
}

/** 2026-11-22, the query format of date ranges. */
export function formatIsoDate(date: DateInput): string {
  return dayjs(date).format('YYYY-MM-DD');
}

/** At most `max` characters of the SKU, then '...' when cut (12 in tables, 10 in payout views). */
export function truncateSku(sku: string | null | undefined, max = 12): string {
  const text = sku ?? '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Whole calendar days from `date` to `now`, never negative (Days Active counts from acceptedOn). */
export function daysSince(date: DateInput, now: DateInput = new Date()): number {
  return Math.max(0, dayjs(now).startOf('day').diff(dayjs(date).startOf('day'), 'day'));
}

export function daysOldLabel(n: number): string {
  return `${n} days old`;
}

export function paginationText(first: number, last: number, total: number): string {
  return `${first}-${last} of ${total} items`;
}

/** First and last row numbers (1-based) shown on a page; 0-0 for an empty list. */
export function pageBounds(currentPage: number, pageSize: number, total: number): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const first = Math.min((currentPage - 1) * pageSize + 1, total);
  return { first, last: Math.min(currentPage * pageSize, total) };
}

// The lists' page sizes and sort orders: a module of their own, without dayjs, for the web app's entry
// (its boot asks for a list's first page: apps/web/src/features/inventory-lists/first-page.ts).
export * from './list-options.ts';

export const QUICK_RANGES = ['24', '1W', '1M', '3M', '1Y', 'ALL'] as const;
export type QuickRangeKey = (typeof QUICK_RANGES)[number];

/**
 * Order-filter quick ranges. Start is exactly the period before `now` (null for ALL: no lower
 * bound); end is the start of tomorrow, so today's orders are all inside.
 */
export function quickRange(key: QuickRangeKey, now: DateInput = new Date()): { start: Date | null; end: Date } {
  const at = dayjs(now);
  const end = at.add(1, 'day').startOf('day').toDate();
  switch (key) {
    case '24':
      return { start: at.subtract(24, 'hour').toDate(), end };
    case '1W':
      return { start: at.subtract(1, 'week').toDate(), end };
    case '1M':
      return { start: at.subtract(1, 'month').toDate(), end };
    case '3M':
      return { start: at.subtract(3, 'month').toDate(), end };
    case '1Y':
      return { start: at.subtract(1, 'year').toDate(), end };
    case 'ALL':
      return { start: null, end };
  }
}

/** Default ranges of the dashboard (30 days) and activity (7 days): from `days` ago to today. */
export function lastDaysRange(days: number, now: DateInput = new Date()): { start: Date; end: Date } {
  const at = dayjs(now);
  return { start: at.subtract(days, 'day').startOf('day').toDate(), end: at.endOf('day').toDate() };
}

/** A consigner-report end date of today moves to the next day, so today's sales count. */
export function reportEndDate(end: DateInput, now: DateInput = new Date()): Date {
  const e = dayjs(end);
  return e.isSame(dayjs(now), 'day') ? e.add(1, 'day').startOf('day').toDate() : e.toDate();
}

/**
 * A dashboard money figure: 2 decimals below a million (1,234.50), then one decimal with M or B
 * (catalogue doc section 9: "dashboard uses M above 1 million and B above 1 billion"; "totals to 2 decimals").
 */
export function formatDashboardMoney(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000 || Number(abs.toFixed(2)) >= 1_000_000) return formatDashboardNumber(n);
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** A change as the stat cards show it: '+12.5%', '-3%', '0%'. */
export function formatPercentChange(change: number): string {
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Math.abs(change));
  return change > 0 ? `+${text}%` : change < 0 ? `-${text}%` : '0%';
}

/**
 * The period before a date range, of the same length, ending where the range starts (the stat
 * cards' comparison: the previous 30 days of a 30-day range).
 */
export function previousPeriod(range: { start: Date; end: Date }): { start: Date; end: Date } {
  const length = range.end.getTime() - range.start.getTime();
  return { start: new Date(range.start.getTime() - length), end: new Date(range.start.getTime()) };
}
