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
