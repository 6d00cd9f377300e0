// Plain elements drawn as antd's Card and Statistic look (portal-inventory.css): Card imports Tabs
// (and with it Menu and Dropdown), which this page's first load on a phone would carry for nothing
// (bench/portal-inventory.ts).
import { Skeleton, Typography } from 'antd';
import { errorMessage } from '../../../shared/api';
import { formatPrice } from '../../../shared/format';
import { useOwnReport } from './portal-inventory.api';
import type { DateRange } from './date-range';

/**
 * Total Sales (before fees), Total Payout and Pending Payout (after fees) of the chosen dates, from the
 * consigner's own report (catalogue doc section 2, Consigner inventory page). The dates bound the
 * sale date: what was sold in the range, what of that is paid out, and what is still to be paid.
 * Three cards side by side on a desktop; on a phone one card with a line per figure.
 */
export function SummaryCards({ range, currency }: { range: DateRange; currency: string }) {
  const report = useOwnReport(range);
  const figures = [
    { key: 'sales', title: 'Total Sales', note: 'before fees', value: report.data?.totalSold },
    { key: 'payout', title: 'Total Payout', note: 'paid out', value: report.data?.totalPaid },
    { key: 'pending', title: 'Pending Payout', note: 'after fees', value: report.data?.totalPending },
  ];
  if (report.isError) {
    return (
      <div className="br-portal-figures" data-testid="summary-cards">
        <Typography.Text type="danger">{errorMessage(report.error, 'The summary could not be loaded.')}</Typography.Text>
      </div>
    );
  }
  return (
    <div className="br-portal-figures" data-testid="summary-cards">
      {figures.map((f) => (
        <div key={f.key} className="br-portal-figure" data-testid={`summary-${f.key}`}>
          <span className="br-portal-figure-title">
            {f.title} <span className="br-portal-figure-note">({f.note})</span>
          </span>
          {report.isPending ? (
            <Skeleton.Button active size="small" style={{ width: 88 }} />
          ) : (
            <span className="br-portal-figure-value" data-testid={`summary-${f.key}-value`}>
              {formatPrice(f.value ?? 0, currency)}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
