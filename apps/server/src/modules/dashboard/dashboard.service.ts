import {
  DASHBOARD_DEFAULT_DAYS,
  everyDayOf,
  INVENTORY_STATUSES,
  fourPoints,
  isInventoryStatus,
  STOCK_AGE_BANDS,
  previousPeriod,
  statCard,
  statusLabel,
  stockAtDay,
  stockSeries,
  sumStockFlows,
  toMajor,
  type StockDayFlow,
  type StockTotals,
  type ZConsignerDetailReport,
  type ZDashboard,
} from '@backroom/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { EmployeeActor } from '../../auth/actor.ts';
import { toCsv, type CsvCell } from '../../http/csv.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Tenant } from '../../tenancy/tenant.ts';
import { consignerSalesTotals } from '../consigners/index.ts';
import { rangeEnd } from '../inventory-queries/index.ts';
import { dashboardRepository as repo } from './dashboard.repository.ts';
import type { ZConsignerDetailReportQuery, ZDashboardQuery } from '@backroom/domain';
import { shopReportCsvRows, shopReportParts } from './shop-report.service.ts';

const TOP_CONSIGNERS = 5;
const DAY_MS = 86_400_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Each day of the series with the stock at its end, the units accepted on it and what its sales still owe (the shop report's series). */
function withStock<T extends { day: string }>(days: T[], now: StockTotals, flows: StockDayFlow[]) {
  const stock = stockSeries(now, flows, days.map((d) => d.day));
  return days.map((d, i) => ({ ...d, activeListings: stock[i].units, newListings: stock[i].newUnits, inventoryValue: stock[i].value, pendingPayouts: stock[i].pending }));
}

/**
 * The sales days with the store credit bonuses granted each day added to their cost: a bonus is what
 * the store pays for a payout taken as credit, so it lowers the period's profit on the day it was
 * granted (docs/dashboard-and-activity.md "Store credit bonus").
 */
function withCreditBonuses<T extends { day: string; current: boolean; sales: number; cost: number; units: number }>(days: T[], bonuses: { day: string; bonus: number }[], startDay: string) {
  const byDay = new Map(days.map((d) => [d.day, { ...d }]));
  for (const b of bonuses) {
    const day = byDay.get(b.day);
    if (day) day.cost += b.bonus;
    else byDay.set(b.day, { day: b.day, current: b.day >= startDay, sales: 0, cost: b.bonus, units: 0 } as T);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** The dashboard is the Admin's (catalogue doc section 6: "Dashboard route: Admin role only"), with the Dashboard area. */
export function assertDashboardAccess(actor: EmployeeActor) {
  if (actor.role !== 'Admin') throw forbidden('Only an Admin can see the dashboard');
}

/** The period asked for: [start, end), a date end counting its whole day; the last 30 days when none is given. */
function dashboardRange(q: Pick<z.output<typeof ZDashboardQuery>, 'dateRangeStart' | 'dateRangeEnd'>, now: Date): { start: Date; end: Date } {
  if (q.dateRangeStart && q.dateRangeEnd) return { start: q.dateRangeStart.at, end: rangeEnd(q.dateRangeEnd) };
  // the last 30 whole (UTC) days, today the last of them
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { start: new Date(tomorrow - DASHBOARD_DEFAULT_DAYS * DAY_MS), end: new Date(tomorrow) };
}

/**
 * GET /api/dashboard: the stat cards of the period against the previous one of the same length,
 * the daily sales and profit, the stock by status and by age, and the top consigners. Stock figures
 * are at the end of each period: the stock now, less what came in since, plus what left since
 * (docs/dashboard-and-activity.md "Stock at a date").
 */
export async function getDashboard(ctx: AppContext, store: Tenant, q: z.output<typeof ZDashboardQuery>, now = new Date()): Promise<z.input<typeof ZDashboard>> {
  const range = dashboardRange(q, now);
  const prev = previousPeriod(range);
  // Stock "at the end" of a period that ends in the future is the stock now.
  const end = range.end.getTime() > now.getTime() ? now : range.end;
  const periods = { prevStart: prev.start, start: range.start, end };
  const db = ctx.db;
  const [salesDays, bonusDays, top, stock, flows, paid, statuses, shopParts] = await Promise.all([
    repo.salesByDay(db, store.id, { ...periods, end: range.end }),
    repo.creditBonusByDay(db, store.id, { ...periods, end: range.end }),
    repo.topConsigners(db, store.id, range.start, range.end, TOP_CONSIGNERS),
    repo.stockNow(db, store.id, now),
    repo.stockFlows(db, store.id, prev.start),
    repo.paidPayouts(db, store.id, { ...periods, end: range.end }),
    repo.byStatus(db, store.id),
    // the shop report's stock by category and location and its requests (shop-report.service.ts)
    shopReportParts(db, store.id, { prevStart: prev.start, start: range.start, end: range.end }),
  ]);
  const byDay = withCreditBonuses(salesDays, bonusDays, isoDay(range.start));
  const sum = (current: boolean) =>
    byDay.filter((d) => d.current === current).reduce((t, d) => ({ sales: t.sales + d.sales, cost: t.cost + d.cost, units: t.units + d.units }), { sales: 0, cost: 0, units: 0 });
  const cur = sum(true);
  const before = sum(false);
  const sales = { revenue: cur.sales, cost: cur.cost, units: cur.units, prevRevenue: before.sales, prevCost: before.cost, prevUnits: before.units };
  const now0 = stock.reduce((t, b) => ({ value: t.value + b.value, units: t.units + b.units, owned: t.owned + b.owned }), { value: 0, units: 0, owned: 0 });
  // Days as UTC dates: a period [start, end) covers the days from startDay up to (not including) endDay.
  const startDay = isoDay(range.start);
  const endDay = isoDay(end);
  const prevStartDay = isoDay(prev.start);
  // The stock at the end of the period (now when the period reaches today) and at its start.
  const atEnd = end === now ? now0 : stockAtDay(now0, flows, endDay);
  const atStart = stockAtDay(now0, flows, startDay);
  const current = sumStockFlows(flows, startDay, end === now ? undefined : endDay);
  const previous = sumStockFlows(flows, prevStartDay, startDay);
  // What is owed for the sales of each period, by the day the items sold.
  const pending = sumStockFlows(flows, startDay, isoDay(range.end)).pending;
  const money = (minor: number) => toMajor(minor);

  const cards = [
    statCard('revenue', money(sales.revenue), money(sales.prevRevenue)),
    statCard('cost', money(sales.cost), money(sales.prevCost)),
    statCard('profit', money(sales.revenue - sales.cost), money(sales.prevRevenue - sales.prevCost)),
    statCard('inventoryValue', money(atEnd.value), money(atStart.value)),
    statCard('pendingPayouts', money(pending), money(previous.pending)),
    statCard('paidPayouts', money(paid.paid), money(paid.prevPaid)),
    statCard('ownedInventory', money(atEnd.owned), money(atStart.owned)),
    statCard('unitsInStock', atEnd.units, atStart.units),
    statCard('unitsSold', sales.units, sales.prevUnits),
    statCard('newUnits', current.came.units, previous.came.units),
    statCard('purchases', money(current.bought), money(previous.bought)),
  ];

  const byStatusMap = new Map(statuses.map((s) => [s.status, s]));
  return {
    range: { start: range.start.toISOString(), end: range.end.toISOString() },
    previousRange: { start: prev.start.toISOString(), end: prev.end.toISOString() },
    cards,
    daily: withStock(everyDayOf(range, byDay.filter((d) => d.current), (day) => ({ day, current: true, sales: 0, cost: 0, units: 0 })), now0, flows).map((d) => ({
      day: d.day,
      sales: money(d.sales),
      profit: money(d.sales - d.cost),
      units: d.units,
      activeListings: d.activeListings,
      newListings: d.newListings,
      inventoryValue: money(d.inventoryValue),
      pendingPayouts: money(d.pendingPayouts),
    })),
    byStatus: INVENTORY_STATUSES.filter((s) => byStatusMap.has(s)).map((s) => {
      const row = byStatusMap.get(s)!;
      return { key: s, label: statusLabel(s), items: row.items, units: row.units, value: null };
    }),
    byAge: STOCK_AGE_BANDS.map((band) => {
      const row = stock.find((b) => b.band === band.key);
      return { key: band.key, label: band.label, items: row?.items ?? 0, units: row?.units ?? 0, value: money(row?.value ?? 0) };
    }),
    topConsigners: top.map((c) => ({ ...c, sales: money(c.sales) })),
    ...shopParts,
  };
}

/**
 * GET /api/dashboard/export: the shop report of the range as CSV (through the one CSV writer): the
 * stat cards with the previous period and the change, the daily series, the stock by status and by
 * age, the top consigners, and the shop report's stock by category and location and requests
 * (shop-report.service.ts). One section column says which part a line belongs to.
 */
export async function exportShopReport(ctx: AppContext, store: Tenant, q: z.output<typeof ZDashboardQuery>, now = new Date()): Promise<string> {
  const d = await getDashboard(ctx, store, q, now);
  const rows: CsvCell[][] = [['Section', 'Key', 'Label', 'Value', 'Previous', 'Change %', 'Units', 'Items']];
  rows.push(['Range', 'start', 'Start', d.range.start, d.previousRange.start, null, null, null]);
  rows.push(['Range', 'end', 'End (exclusive)', d.range.end, d.previousRange.end, null, null, null]);
  for (const c of d.cards) rows.push(['Stats', c.key, c.label, c.value, c.previous, c.change, null, null]);
  for (const day of d.daily) rows.push(['Daily sales', day.day, 'Sales', day.sales, null, null, day.units, null]);
  for (const day of d.daily) rows.push(['Daily profit', day.day, 'Profit', day.profit, null, null, null, null]);
  for (const day of d.daily) rows.push(['Daily active listings', day.day, 'Units in stock at the end of the day', day.inventoryValue, null, null, day.activeListings, null]);
  for (const day of d.daily) rows.push(['Daily new listings', day.day, 'Units accepted', null, null, null, day.newListings, null]);
  for (const day of d.daily) rows.push(['Daily pending payouts', day.day, "Still owed for the day's sales", day.pendingPayouts, null, null, null, null]);
  for (const b of d.byStatus) rows.push(['Stock by status', b.key, b.label, b.value ?? null, null, null, b.units, b.items]);
  for (const b of d.byAge) rows.push(['Stock by age', b.key, b.label, b.value, null, null, b.units, b.items]);
  for (const c of d.topConsigners) rows.push(['Top consigners', c.id, c.name, c.sales, null, null, c.units, null]);
  rows.push(...shopReportCsvRows(d));
  return toCsv(rows);
}

const CONSIGNER_LIST = 5;

/**
 * GET /api/dashboard/consignerReport: one consigner's report of a period (catalogue doc section 3,
 * Consigner report): sales, sold and new listings, pending payouts and active listings against the
 * previous period; the period's sales in four points; their items by status, and those in stock by
 * category, location and age; best-selling and low-stock products. Another store's consigner is 404.
 */
export async function getConsignerDetailReport(ctx: AppContext, store: Tenant, q: z.output<typeof ZConsignerDetailReportQuery>, now = new Date()): Promise<z.input<typeof ZConsignerDetailReport>> {
  const consigner = await repo.consigner(ctx.db, store.id, q.consigner);
  if (!consigner) throw notFound('Consigner not found');
  const range = dashboardRange(q, now);
  const prev = previousPeriod(range);
  const end = range.end.getTime() > now.getTime() ? now : range.end;
  const periods = { prevStart: prev.start, start: range.start, end: range.end };
  const db = ctx.db;
  const [summary, sales, items, byStatus, byCategory, byLocation, byAge, products] = await Promise.all([
    consignerSalesTotals(ctx, store.id, consigner.id, range),
    repo.consignerSales(db, store.id, consigner.id, periods, fourPoints(range)),
    repo.consignerItems(db, store.id, consigner.id, { ...periods, end }),
    repo.consignerBuckets(db, store.id, consigner.id, 'status', now),
    repo.consignerBuckets(db, store.id, consigner.id, 'category', now),
    repo.consignerBuckets(db, store.id, consigner.id, 'location', now),
    repo.consignerBuckets(db, store.id, consigner.id, 'age', now),
    repo.consignerProducts(db, store.id, consigner.id, range.start, range.end, CONSIGNER_LIST),
  ]);
  const bucket = (label: (k: string) => string) => (b: { key: string; items: number; units: number; value: number }) => ({ ...b, label: label(b.key), value: toMajor(b.value) });
  return {
    consigner,
    summary,
    range: { start: range.start.toISOString(), end: range.end.toISOString() },
    previousRange: { start: prev.start.toISOString(), end: prev.end.toISOString() },
    cards: [
      statCard('sales', toMajor(sales.sales), toMajor(sales.prevSales)),
      statCard('soldListings', sales.units, sales.prevUnits),
      statCard('consignerPending', toMajor(items.pending), toMajor(items.prevPending)),
      statCard('activeListings', items.activeAtEnd, items.activeAtStart),
      statCard('newListings', items.newUnits, items.prevNewUnits),
    ],
    series: sales.parts.map((x) => ({ start: x.start.toISOString(), end: x.end.toISOString(), sales: toMajor(x.sales), units: x.units })),
    byStatus: byStatus.map(bucket((k) => (isInventoryStatus(k) ? statusLabel(k) : k))),
    byCategory: byCategory.map(bucket((k) => k || 'No category')),
    byLocation: byLocation.map(bucket((k) => k || 'No location')),
    byAge: STOCK_AGE_BANDS.map((band) => {
      const row = byAge.find((b) => b.key === band.key);
      return { key: band.key, label: band.label, items: row?.items ?? 0, units: row?.units ?? 0, value: toMajor(row?.value ?? 0) };
    }),
    bestSellers: products.bestSellers.map((p) => ({ ...p, sales: toMajor(p.sales) })),
    lowStock: products.lowStock,
  };
}

/** GET /api/dashboard/consignerReport/export: the consigner report as CSV, one section column. */
export async function exportConsignerDetailReport(ctx: AppContext, store: Tenant, q: z.output<typeof ZConsignerDetailReportQuery>, now = new Date()): Promise<string> {
  const r = await getConsignerDetailReport(ctx, store, q, now);
  const rows: CsvCell[][] = [['Section', 'Key', 'Label', 'Value', 'Previous', 'Change %', 'Units', 'Items']];
  rows.push(['Consigner', r.consigner.id, r.consigner.name, r.consigner.email, null, null, null, null]);
  rows.push(['Summary', 'totalSold', 'Total Sales', r.summary.totalSold, null, null, null, null]);
  rows.push(['Summary', 'totalPaid', 'Total Payout', r.summary.totalPaid, null, null, null, null]);
  rows.push(['Summary', 'totalPending', 'Pending Payout', r.summary.totalPending, null, null, null, null]);
  rows.push(['Range', 'start', 'Start', r.range.start, r.previousRange.start, null, null, null]);
  rows.push(['Range', 'end', 'End (exclusive)', r.range.end, r.previousRange.end, null, null, null]);
  for (const c of r.cards) rows.push(['Stats', c.key, c.label, c.value, c.previous, c.change, null, null]);
  for (const p of r.series) rows.push(['Sales series', p.start, `${p.start.slice(0, 10)} to ${p.end.slice(0, 10)}`, p.sales, null, null, p.units, null]);
  for (const [section, list] of [['By status', r.byStatus], ['In stock by category', r.byCategory], ['In stock by location', r.byLocation], ['In stock by age', r.byAge]] as const)
    for (const b of list) rows.push([section, b.key, b.label, b.value ?? null, null, null, b.units, b.items]);
  for (const p of r.bestSellers) rows.push(['Best sellers', p.productId, p.title, p.sales, null, null, p.units, null]);
  for (const p of r.lowStock) rows.push(['Low stock', p.productId, p.title, null, null, null, p.inStock, p.sold]);
  return toCsv(rows);
}
