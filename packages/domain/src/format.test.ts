import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_OPTION,
  PAGE_SIZES,
  SORT_OPTIONS,
  SORT_OPTION_LABELS,
  daysOldLabel,
  daysSince,
  formatCompact,
  formatDashboardNumber,
  formatDashboardMoney,
  formatPercentChange,
  previousPeriod,
  formatDateLong,
  formatDateShort,
  formatIsoDate,
  lastDaysRange,
  pageBounds,
  paginationText,
  percentChange,
  quickRange,
  reportEndDate,
  truncateSku,
} from './format.ts';

// Local-time dates so the tests hold in any time zone.
const now = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, 15:30

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12.345, '12.35'],
    [1000, '1.0K'],
    [1500, '1.5K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
    [-1500, '-1.5K'],
  ])('%s -> %s', (n, expected) => {
    expect(formatCompact(n)).toBe(expected);
  });
});

describe('formatDashboardNumber', () => {
  it.each([
    [950, '950'],
    [12345.678, '12,345.68'],
    [999_999, '999,999'],
    [1_000_000, '1.0M'],
    [12_500_000, '12.5M'],
    [1_000_000_000, '1.0B'],
    [3_400_000_000, '3.4B'],
    [-2_000_000, '-2.0M'],
  ])('%s -> %s', (n, expected) => {
    expect(formatDashboardNumber(n)).toBe(expected);
  });
});

describe('percentChange', () => {
  it.each([
    [0, 0, 0],
    [150, 100, 50],
    [50, 100, -50],
    [100, 0, 100],
    [-5, 0, -100],
    [1, 3, -66.67],
    [-50, -100, 50],
  ])('%s vs %s -> %s', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });
});

describe('dates', () => {
  it('formats YY/MM/DD', () => {
    expect(formatDateShort(now)).toBe('26/11/22');
    expect(formatDateShort(new Date(2027, 0, 5))).toBe('27/01/05');
  });

  it('formats the long date', () => {
    expect(formatDateLong(now)).toBe('November 22, 2026');
  });

  it('formats ISO dates for queries', () => {
    expect(formatIsoDate(now)).toBe('2026-11-22');
  });

  it('counts whole calendar days since a date', () => {
    expect(daysSince(new Date(2026, 10, 22, 1, 0), now)).toBe(0);
    expect(daysSince(new Date(2026, 10, 21, 23, 59), now)).toBe(1);
    expect(daysSince(new Date(2026, 9, 23), now)).toBe(30);
    expect(daysSince(new Date(2026, 11, 1), now)).toBe(0);
  });

  it('labels an age', () => {
    expect(daysOldLabel(12)).toBe('12 days old');
  });
});

describe('truncateSku', () => {
  it('keeps short SKUs whole', () => {
    expect(truncateSku('DD1391-100')).toBe('DD1391-100');
    expect(truncateSku('ABCDEFGHIJKL')).toBe('ABCDEFGHIJKL');
  });

  it('cuts long SKUs at 12 characters with an ellipsis', () => {
    expect(truncateSku('ABCDEFGHIJKLMNOP')).toBe('ABCDEFGHIJKL...');
  });

  it('cuts at 10 in payout views', () => {
    expect(truncateSku('ABCDEFGHIJKLMNOP', 10)).toBe('ABCDEFGHIJ...');
  });

  it('shows nothing for a missing SKU', () => {
    expect(truncateSku(null)).toBe('');
  });
});

describe('pagination', () => {
  it('writes first-last of total items', () => {
    expect(paginationText(11, 20, 95)).toBe('11-20 of 95 items');
  });

  it('computes the rows of a page', () => {
    expect(pageBounds(2, 10, 95)).toEqual({ first: 11, last: 20 });
    expect(pageBounds(10, 10, 95)).toEqual({ first: 91, last: 95 });
    expect(pageBounds(1, 10, 0)).toEqual({ first: 0, last: 0 });
  });

  it('offers the spec page sizes, default 10', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 50, 100, 250, 500]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('offers the eleven sort options, newestUpdated by default', () => {
    expect(SORT_OPTIONS).toEqual([
      'oldestCreated', 'newestCreated', 'oldestUpdated', 'newestUpdated', 'lowestPrice', 'highestPrice',
      'inventoryPriority', 'lowestPayout', 'highestPayout', 'sizeLowToHigh', 'sizeHighToLow',
    ]);
    expect(DEFAULT_SORT_OPTION).toBe('newestUpdated');
    expect(Object.keys(SORT_OPTION_LABELS)).toEqual([...SORT_OPTIONS]);
  });
});

describe('quickRange', () => {
  const tomorrow = new Date(2026, 10, 23);

  it.each([
    ['24', new Date(2026, 10, 21, 15, 30)],
    ['1W', new Date(2026, 10, 15, 15, 30)],
    ['1M', new Date(2026, 9, 22, 15, 30)],
    ['3M', new Date(2026, 7, 22, 15, 30)],
    ['1Y', new Date(2025, 10, 22, 15, 30)],
  ] as const)('%s starts one period ago and ends tomorrow', (key, start) => {
    expect(quickRange(key, now)).toEqual({ start, end: tomorrow });
  });

  it('ALL has no start', () => {
    expect(quickRange('ALL', now)).toEqual({ start: null, end: tomorrow });
  });
});

describe('default ranges', () => {
  it('runs from the start of N days ago to the end of today', () => {
    const r = lastDaysRange(7, now);
    expect(r.start).toEqual(new Date(2026, 10, 15));
    expect(r.end).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });

  it('moves a report end date of today to the next day', () => {
    expect(reportEndDate(new Date(2026, 10, 22), now)).toEqual(new Date(2026, 10, 23));
    expect(reportEndDate(new Date(2026, 10, 20), now)).toEqual(new Date(2026, 10, 20));
  });
});

describe('dashboard money and changes', () => {
  it.each([
    [0, '0.00'],
    [1234.5, '1,234.50'],
    [999_999.99, '999,999.99'],
    [1_000_000, '1.0M'],
    [2_345_678.9, '2.3M'],
    [3_400_000_000, '3.4B'],
    [-1234.5, '-1,234.50'],
  ])('money %s -> %s', (n, expected) => expect(formatDashboardMoney(n)).toBe(expected));

  it.each([
    [12.5, '+12.5%'],
    [-3, '-3%'],
    [0, '0%'],
  ])('change %s -> %s', (n, expected) => expect(formatPercentChange(n)).toBe(expected));

  it('compares with the period of the same length before', () => {
    const p = previousPeriod({ start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-11T00:00:00Z') });
    expect(p).toEqual({ start: new Date('2026-10-22T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z') });
  });
});
