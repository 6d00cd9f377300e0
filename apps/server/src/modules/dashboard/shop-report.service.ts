import { everyDayOf, SHOP_REPORT_GROUPS, statCard, toMajor, type TDashboard } from '@backroom/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { CsvCell } from '../../http/csv.ts';
import { shopReportRepository as repo, type StockGroup } from './shop-report.repository.ts';

// The shop report's parts beyond the dashboard's cards and charts (catalogue doc section 3
// "Shop report"; docs/dashboard-and-activity.md): the stock now by category and by location, and the
// price and withdrawal requests (waiting now; made in the period against the previous one, by day).

type Periods = { prevStart: Date; start: Date; end: Date };
type Groups = Awaited<ReturnType<typeof repo.stockBy>>;

type Bucket = TDashboard['byCategory'][number];
const bucket = (label: (key: string) => string) => (g: StockGroup): Bucket => ({ key: g.key, label: label(g.key), items: g.items, units: g.units, value: toMajor(g.value) });

/** The groups, and the ones past the cap summed in one last bucket ('Other locations (12)'). */
function buckets(groups: Groups, none: string, other: string) {
  const list = groups.groups.map(bucket((k) => k || none));
  if (groups.rest) list.push({ key: '*others', label: `${other} (${groups.rest.count})`, items: groups.rest.items, units: groups.rest.units, value: toMajor(groups.rest.value), others: groups.rest.count });
  return list;
}

/** byCategory, byLocation and requests of GET /api/dashboard, for the range [start, end) and the previous period from prevStart. */
export async function shopReportParts(db: DbOrTx, storeId: string, p: Periods): Promise<Pick<TDashboard, 'byCategory' | 'byLocation' | 'requests'>> {
  const [byCategory, byLocation, waiting, days] = await Promise.all([
    repo.stockBy(db, storeId, 'category', SHOP_REPORT_GROUPS),
    repo.stockBy(db, storeId, 'location', SHOP_REPORT_GROUPS),
    repo.waitingRequests(db, storeId),
    repo.requestsByDay(db, storeId, p),
  ]);
  const total = (current: boolean) =>
    days.filter((d) => d.current === current).reduce((t, d) => ({ price: t.price + d.priceRequests, withdrawal: t.withdrawal + d.withdrawalRequests }), { price: 0, withdrawal: 0 });
  const cur = total(true);
  const before = total(false);
  return {
    byCategory: buckets(byCategory, 'No category', 'Other categories'),
    byLocation: buckets(byLocation, 'No location', 'Other locations'),
    requests: {
      waiting,
      cards: [statCard('priceRequests', cur.price, before.price), statCard('withdrawalRequests', cur.withdrawal, before.withdrawal)],
      daily: everyDayOf(
        p,
        days.filter((d) => d.current).map(({ day, priceRequests, withdrawalRequests }) => ({ day, priceRequests, withdrawalRequests })),
        (day) => ({ day, priceRequests: 0, withdrawalRequests: 0 }),
      ),
    },
  };
}

/** The shop report CSV's lines for these parts (the columns of exportShopReport: Section, Key, Label, Value, Previous, Change %, Units, Items). */
export function shopReportCsvRows(d: Pick<TDashboard, 'byCategory' | 'byLocation' | 'requests'>): CsvCell[][] {
  const rows: CsvCell[][] = [];
  for (const b of d.byCategory) rows.push(['In stock by category', b.key, b.label, b.value, null, null, b.units, b.items]);
  for (const b of d.byLocation) rows.push(['In stock by location', b.key, b.label, b.value, null, null, b.units, b.items]);
  rows.push(['Requests waiting', 'priceRequests', 'Price requests waiting', null, null, null, null, d.requests.waiting.priceRequests]);
  rows.push(['Requests waiting', 'withdrawalRequests', 'Withdrawal requests waiting', null, null, null, null, d.requests.waiting.withdrawalRequests]);
  for (const c of d.requests.cards) rows.push(['Requests', c.key, c.label, c.value, c.previous, c.change, null, null]);
  for (const day of d.requests.daily) rows.push(['Daily price requests', day.day, 'Price requests', day.priceRequests, null, null, null, null]);
  for (const day of d.requests.daily) rows.push(['Daily withdrawal requests', day.day, 'Withdrawal requests', day.withdrawalRequests, null, null, null, null]);
  return rows;
}
