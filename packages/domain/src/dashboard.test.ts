import { describe, expect, it } from 'vitest';
import { everyDayOf, MAX_FILLED_DAYS, stockAgeBand, stockAtDay, stockSeries, sumStockFlows, type StockDayFlow } from './dashboard.ts';

const flow = (day: string, f: Partial<StockDayFlow>): StockDayFlow => ({
  day,
  accUnits: 0,
  accValue: 0,
  accOwned: 0,
  accBought: 0,
  leftUnits: 0,
  leftValue: 0,
  leftOwned: 0,
  pending: 0,
  ...f,
});

// Now: 10 units worth 1,000 in stock. On the 3rd 2 units (200) came in; on the 5th 1 unit (50) sold,
// owed 40; on the 6th 4 units (400) came in, one of them bought for 60.
const rows = [
  flow('2026-01-06', { accUnits: 4, accValue: 400, accBought: 60, accOwned: 60 }),
  flow('2026-01-03', { accUnits: 2, accValue: 200 }),
  flow('2026-01-05', { leftUnits: 1, leftValue: 50, pending: 40 }),
];
const now = { units: 10, value: 1000, owned: 60 };

describe('stock flows', () => {
  it('sums the days of a half-open range', () => {
    expect(sumStockFlows(rows, '2026-01-03', '2026-01-06')).toEqual({ came: { units: 2, value: 200, owned: 0 }, left: { units: 1, value: 50, owned: 0 }, bought: 0, pending: 40 });
    expect(sumStockFlows(rows, '2026-01-06').bought).toBe(60);
    expect(sumStockFlows(rows).came.units).toBe(6);
    expect(sumStockFlows([], '2026-01-01').pending).toBe(0);
  });

  it('puts the stock back as it was at the start of a day', () => {
    // before the 6th: 10 - 4 = 6 units; before the 5th: + the one sold = 7; before the 3rd: - 2 = 5
    expect(stockAtDay(now, rows, '2026-01-06')).toEqual({ units: 6, value: 600, owned: 0 });
    expect(stockAtDay(now, rows, '2026-01-05')).toEqual({ units: 7, value: 650, owned: 0 });
    expect(stockAtDay(now, rows, '2026-01-03')).toEqual({ units: 5, value: 450, owned: 0 });
    expect(stockAtDay(now, rows, '2026-02-01')).toEqual(now);
  });

  it('gives the stock at the end of each day and what came in on it, in the order asked', () => {
    const days = ['2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07'];
    expect(stockSeries(now, rows, days).map((d) => [d.day.slice(8), d.units, d.value, d.newUnits, d.pending])).toEqual([
      ['02', 5, 450, 0, 0],
      ['03', 7, 650, 2, 0],
      ['04', 7, 650, 0, 0],
      ['05', 6, 600, 0, 40],
      ['06', 10, 1000, 4, 0],
      ['07', 10, 1000, 0, 0],
    ]);
    // the end of a day equals the start of the next
    for (const d of stockSeries(now, rows, days.slice(0, -1))) {
      const next = new Date(Date.parse(`${d.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(stockAtDay(now, rows, next)).toMatchObject({ units: d.units, value: d.value });
    }
    expect(stockSeries(now, rows, ['2026-01-06', '2026-01-02']).map((d) => d.units)).toEqual([10, 5]);
  });

  it('bands the stock by age', () => {
    expect([0, 30, 31, 90, 91, 180, 181].map(stockAgeBand)).toEqual(['0-30', '0-30', '31-60', '61-90', '91-180', '91-180', '180+']);
  });
});

describe('everyDayOf', () => {
  const empty = (day: string) => ({ day, n: 0 });
  it('gives every UTC day of the range, the quiet ones empty', () => {
    const days = everyDayOf({ start: new Date('2026-01-30T00:00:00Z'), end: new Date('2026-02-02T00:00:00Z') }, [{ day: '2026-01-31', n: 3 }], empty);
    expect(days).toEqual([{ day: '2026-01-30', n: 0 }, { day: '2026-01-31', n: 3 }, { day: '2026-02-01', n: 0 }]);
  });
  it('keeps only the days given past the limit', () => {
    const start = new Date('2024-01-01T00:00:00Z');
    const end = new Date(start.getTime() + (MAX_FILLED_DAYS + 1) * 86_400_000);
    expect(everyDayOf({ start, end }, [{ day: '2024-03-01', n: 1 }], empty)).toEqual([{ day: '2024-03-01', n: 1 }]);
  });
});
