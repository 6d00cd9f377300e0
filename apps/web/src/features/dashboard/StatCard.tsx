import type { ReactNode } from 'react';
import { Card, Flex, Statistic, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { DASHBOARD_CARDS, formatDashboardMoney, formatDashboardNumber, formatPercentChange, type TDashboardCard } from '@backroom/domain';

/** A stat card: the figure in the dashboard's number display, and its change against the previous period. */
export function StatCard({ card, symbol, extra }: { card: TDashboardCard; symbol: string; /** a line under the change (the shop report's "waiting now") */ extra?: ReactNode }) {
  const hint = DASHBOARD_CARDS.find((c) => c.key === card.key)?.hint;
  const text = card.kind === 'money' ? `${symbol}${formatDashboardMoney(card.value)}` : formatDashboardNumber(card.value);
  const previous = card.kind === 'money' ? `${symbol}${formatDashboardMoney(card.previous)}` : formatDashboardNumber(card.previous);
  const tone = card.change > 0 ? 'up' : card.change < 0 ? 'down' : 'flat';
  return (
    <Card size="small" className="dashboard-stat" data-testid={`stat-${card.key}`}>
      <Statistic
        title={
          <Flex gap={4} align="center">
            {card.label}
            {hint && (
              <Tooltip title={hint}>
                <InfoCircleOutlined aria-label={hint} style={{ fontSize: 12 }} />
              </Tooltip>
            )}
          </Flex>
        }
        value={text}
      />
      <Tooltip title={`Previous period: ${previous}`}>
        <span className={`dashboard-change dashboard-change-${tone}`} data-testid="stat-change">
          {tone === 'up' ? <ArrowUpOutlined /> : tone === 'down' ? <ArrowDownOutlined /> : null} {formatPercentChange(card.change)}
        </span>
      </Tooltip>
      {extra}
    </Card>
  );
}

