// The dashboard's figures (catalogue doc section 3 "Dashboard stats", section 9 number display):
// which items count as stock, the age bands, and how a stat card is built from two periods.
import { percentChange } from './format.ts';
import type { InventoryStatus } from './statuses.ts';

/** Items in the shop, accepted and not sold (a PendingSale item is sold, awaiting payment) or gone: what the stock figures sum. */
export const IN_STOCK_STATUSES = [
  'Active',
  'RequestPriceChange',
  'RequestWithdrawal',
  'WithdrawalDeclined',
  'InTransit',
] as const satisfies readonly InventoryStatus[];

/** Items that left the stock by a sale (their soldOn says when). */
export const SOLD_STATUSES = ['PendingSale', 'Sold', 'Paid'] as const satisfies readonly InventoryStatus[];

/** Age bands of the stock (days since acceptance): '0-30', '31-60', '61-90', '91-180', '180+'. */
export const STOCK_AGE_BANDS = [
  { key: '0-30', label: '0-30 days', maxDays: 30 },
  { key: '31-60', label: '31-60 days', maxDays: 60 },
  { key: '61-90', label: '61-90 days', maxDays: 90 },
  { key: '91-180', label: '91-180 days', maxDays: 180 },
  { key: '180+', label: 'Over 180 days', maxDays: null },
] as const;
export type StockAgeBand = (typeof STOCK_AGE_BANDS)[number]['key'];

/** The band of an item accepted `days` days ago. */
export function stockAgeBand(days: number): StockAgeBand {
  for (const band of STOCK_AGE_BANDS) if (band.maxDays !== null && days <= band.maxDays) return band.key;
  return '180+';
}

/** The stat cards, in the order the dashboard shows them; money cards in major units. */
export const DASHBOARD_CARDS = [
  { key: 'revenue', label: 'Revenue', kind: 'money', hint: 'Sales of paid orders in the period' },
  { key: 'cost', label: 'Cost', kind: 'money', hint: "What the items sold cost the shop: the consigner's payout, or the shop's own cost" },
  { key: 'profit', label: 'Profit', kind: 'money', hint: 'Revenue less cost' },
  { key: 'inventoryValue', label: 'Inventory value', kind: 'money', hint: 'Price of the stock at the end of the period' },
  { key: 'pendingPayouts', label: 'Pending payouts', kind: 'money', hint: 'Owed to consigners for items sold in the period and not yet paid' },
  { key: 'paidPayouts', label: 'Paid payouts', kind: 'money', hint: 'Payouts marked paid in the period' },
  { key: 'ownedInventory', label: 'Owned inventory', kind: 'money', hint: "The shop's own stock (store account or bought) at cost, at the end of the period" },
  { key: 'unitsInStock', label: 'Units in stock', kind: 'count', hint: 'Units in stock at the end of the period' },
  { key: 'unitsSold', label: 'Units sold', kind: 'count', hint: 'Units of paid orders in the period' },
  { key: 'newUnits', label: 'New units', kind: 'count', hint: 'Units accepted into stock in the period' },
  { key: 'purchases', label: 'Purchases', kind: 'money', hint: 'Items the shop bought, accepted in the period, at the agreed price' },
  // the consigner report's cards
  { key: 'sales', label: 'Sales', kind: 'money', hint: "Sales of the consigner's items in paid orders of the period" },
  { key: 'soldListings', label: 'Sold listings', kind: 'count', hint: 'Units sold in the period' },
  { key: 'consignerPending', label: 'Pending payouts', kind: 'money', hint: 'Owed to the consigner for items sold in the period and not yet paid' },
  { key: 'activeListings', label: 'Active listings', kind: 'count', hint: 'Units in stock at the end of the period' },
  { key: 'newListings', label: 'New listings', kind: 'count', hint: 'Units accepted into stock in the period' },
  // the shop report's requests
  { key: 'priceRequests', label: 'Price requests', kind: 'count', hint: 'Items whose consigner asked for a new price in the period' },
  { key: 'withdrawalRequests', label: 'Withdrawal requests', kind: 'count', hint: 'Items whose withdrawal was requested in the period' },
] as const;

export type DashboardCardKey = (typeof DASHBOARD_CARDS)[number]['key'];

/** The shop report lists this many locations and categories; the rest are summed in one last bucket. */
export const SHOP_REPORT_GROUPS = 100;

/** A stat card: the period's figure, the previous period's, and the change in percent (0 when both are zero). */
export function statCard(key: DashboardCardKey, value: number, previous: number) {
  const def = DASHBOARD_CARDS.find((c) => c.key === key)!;
  return { key, label: def.label, kind: def.kind, value, previous, change: percentChange(value, previous) };
}

/** The period in four equal parts (the consigner report's four-point series). */
export function fourPoints(range: { start: Date; end: Date }): { start: Date; end: Date }[] {
  const step = (range.end.getTime() - range.start.getTime()) / 4;
  return [0, 1, 2, 3].map((i) => ({ start: new Date(range.start.getTime() + Math.round(step * i)), end: new Date(i === 3 ? range.end.getTime() : range.start.getTime() + Math.round(step * (i + 1))) }));
}

/**
 * One UTC day of inventory_stock_days since a date: what came into the books that day (acc*: in
 * stock, sold or withdrawn now, by acceptance day), what left the stock that day (left*: sold or
 * withdrawn, by the day it left) and what is still owed to consigners for items sold that day.
 * Money in minor units.
 */
export type StockDayFlow = {
  day: string;
  accUnits: number;
  accValue: number;
  accOwned: number;
  accBought: number;
  leftUnits: number;
  leftValue: number;
  leftOwned: number;
  pending: number;
};

export type StockTotals = { units: number; value: number; owned: number };

/** The flows of the days in [from, to) (ISO dates; either end open when left out). */
export function sumStockFlows(rows: readonly StockDayFlow[], from?: string, to?: string) {
  const t = { came: { units: 0, value: 0, owned: 0 }, left: { units: 0, value: 0, owned: 0 }, bought: 0, pending: 0 };
  for (const r of rows) {
    if ((from !== undefined && r.day < from) || (to !== undefined && r.day >= to)) continue;
    t.came.units += r.accUnits;
    t.came.value += r.accValue;
    t.came.owned += r.accOwned;
    t.left.units += r.leftUnits;
    t.left.value += r.leftValue;
    t.left.owned += r.leftOwned;
    t.bought += r.accBought;
    t.pending += r.pending;
  }
  return t;
}

/**
 * The stock at the start of `day` (00:00 UTC): the stock now, less what came into the books since, plus
 * what left since (docs/dashboard-and-activity.md "Stock at a date"). `rows` must hold every day from
 * `day` on.
 */
export function stockAtDay(now: StockTotals, rows: readonly StockDayFlow[], day: string): StockTotals {
  const { came, left } = sumStockFlows(rows, day);
  return { units: now.units - came.units + left.units, value: now.value - came.value + left.value, owned: now.owned - came.owned + left.owned };
}

/**
 * For each of `days` (ISO dates, any order): the stock at the end of that day, the units that came
 * into the books on it and what is still owed for its sales (the shop report's active listings,
 * inventory value, new listings and pending payouts series).
 * `rows` must hold every day from the earliest of `days` on. One pass from the newest day back.
 */
export function stockSeries(now: StockTotals, rows: readonly StockDayFlow[], days: readonly string[]) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const later = [...rows].sort((a, b) => (a.day < b.day ? 1 : -1));
  const wanted = [...days].sort().reverse();
  const out = new Map<string, { day: string; units: number; value: number; newUnits: number; pending: number }>();
  let units = now.units;
  let value = now.value;
  let k = 0;
  for (const day of wanted) {
    // undo every day after this one
    while (k < later.length && later[k].day > day) {
      units += later[k].leftUnits - later[k].accUnits;
      value += later[k].leftValue - later[k].accValue;
      k++;
    }
    out.set(day, { day, units, value, newUnits: byDay.get(day)?.accUnits ?? 0, pending: byDay.get(day)?.pending ?? 0 });
  }
  return days.map((d) => out.get(d)!);
}

const DAY_MS = 86_400_000;
/** Up to this many days a daily series has a point for every day (0 when quiet); longer ranges only the days with something. */
export const MAX_FILLED_DAYS = 400;

/**
 * A daily series with a point for every UTC day of [start, end) (`empty` for a day without a row), so a
 * chart's line does not skip quiet days; past MAX_FILLED_DAYS days, only the days given.
 */
export function everyDayOf<T extends { day: string }>(range: { start: Date; end: Date }, days: readonly T[], empty: (day: string) => T): T[] {
  const first = Date.UTC(range.start.getUTCFullYear(), range.start.getUTCMonth(), range.start.getUTCDate());
  const count = Math.ceil((range.end.getTime() - first) / DAY_MS);
  if (count > MAX_FILLED_DAYS) return [...days];
  const byDay = new Map(days.map((d) => [d.day, d]));
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    const day = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    return byDay.get(day) ?? empty(day);
  });
}
