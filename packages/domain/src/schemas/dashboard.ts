import { z } from 'zod';

// GET /api/dashboard (docs/dashboard-and-activity.md): the stat cards, the charts' series
// and breakdowns. Money in major units.

export const ZDashboardCard = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['money', 'count']),
  value: z.number(),
  previous: z.number(),
  /** Percent change against the previous period, 0 when both are zero. */
  change: z.number(),
});
export type TDashboardCard = z.output<typeof ZDashboardCard>;

export const ZDashboardDay = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  sales: z.number(),
  profit: z.number(),
  units: z.number(),
  activeListings: z.number().describe('Units in stock at the end of the day'),
  newListings: z.number().describe('Units accepted that day (still in stock, sold or withdrawn now)'),
  inventoryValue: z.number().describe('Price of the stock at the end of the day'),
  pendingPayouts: z.number().describe("Still owed to consigners for the day's sales"),
});
export const ZDashboardBucket = z.object({
  key: z.string(),
  label: z.string(),
  items: z.number(),
  units: z.number(),
  value: z.number().nullable().describe('Price of the stock in it; null where not summed (by status)'),
  others: z.number().optional().describe('Set on the last bucket of a capped list (the shop report by location or category): how many smaller groups it sums'),
});
export const ZDashboardConsigner = z.object({ id: z.string(), name: z.string(), sales: z.number(), units: z.number() });

/** Price and withdrawal requests: waiting now, made in the period (cards against the previous period) and by day. */
export const ZDashboardRequests = z.object({
  waiting: z.object({ priceRequests: z.number(), withdrawalRequests: z.number() }),
  cards: z.array(ZDashboardCard),
  daily: z.array(z.object({ day: z.string().describe('YYYY-MM-DD (UTC)'), priceRequests: z.number(), withdrawalRequests: z.number() })),
});
export type TDashboardRequests = z.output<typeof ZDashboardRequests>;

export const ZDashboard = z.object({
  range: z.object({ start: z.string(), end: z.string() }),
  previousRange: z.object({ start: z.string(), end: z.string() }),
  cards: z.array(ZDashboardCard),
  daily: z.array(ZDashboardDay),
  byStatus: z.array(ZDashboardBucket),
  byAge: z.array(ZDashboardBucket),
  topConsigners: z.array(ZDashboardConsigner),
  /** The shop report (docs/dashboard-and-activity.md "Shop report"): the stock now by category and location, biggest first. */
  byCategory: z.array(ZDashboardBucket),
  byLocation: z.array(ZDashboardBucket),
  requests: ZDashboardRequests,
});
export type TDashboard = z.output<typeof ZDashboard>;

/** GET /api/dashboard/consignerReport: one consigner's report of a period (catalogue doc section 3, Consigner report). */
export const ZConsignerDetailReport = z.object({
  consigner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The consigner's own summary cards for these dates, as their portal shows them (GET /api/consigners/consignerReport). */
  summary: z.object({ totalSold: z.number(), totalPaid: z.number(), totalPending: z.number() }),
  range: z.object({ start: z.string(), end: z.string() }),
  previousRange: z.object({ start: z.string(), end: z.string() }),
  cards: z.array(ZDashboardCard),
  /** The period in four equal parts: sales and units of each. */
  series: z.array(z.object({ start: z.string(), end: z.string(), sales: z.number(), units: z.number() })),
  byStatus: z.array(ZDashboardBucket),
  byCategory: z.array(ZDashboardBucket),
  byLocation: z.array(ZDashboardBucket),
  byAge: z.array(ZDashboardBucket),
  bestSellers: z.array(z.object({ productId: z.string(), title: z.string(), units: z.number(), sales: z.number() })),
  lowStock: z.array(z.object({ productId: z.string(), title: z.string(), inStock: z.number(), sold: z.number() })),
});
export type TConsignerDetailReport = z.output<typeof ZConsignerDetailReport>;
