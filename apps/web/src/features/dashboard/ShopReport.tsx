import { lazy, Suspense } from 'react';
import { Card, Col, Row, Skeleton, Table, Typography } from 'antd';
import { formatDashboardMoney, formatDashboardNumber, type TDashboard } from '@backroom/domain';
import { priceSymbol } from '../../shared/format';
import { StatCard } from './StatCard';

// The Shop tab's shop report parts (catalogue doc section 3 "Shop report"; docs/dashboard-and-activity.md):
// price and withdrawal requests (waiting now, made in the period, by day) and the stock now by
// category and by location. The chart is in a lazy chunk with the other charts' recharts.
const RequestsChart = lazy(() => import('./ShopReportCharts'));

type Bucket = TDashboard['byCategory'][number];

export function ShopReport({ data, currency, isMobile }: { data: TDashboard; currency: string | null; isMobile: boolean }) {
  const symbol = priceSymbol(currency);
  const waiting: Record<string, number> = data.requests.waiting;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24}>
        <Card title="Price and withdrawal requests" size="small" data-testid="shop-requests">
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={8}>
              <Row gutter={[12, 12]}>
                {data.requests.cards.map((card) => (
                  <Col key={card.key} xs={12} xl={24}>
                    <StatCard
                      card={card}
                      symbol={symbol}
                      extra={
                        <Typography.Text type="secondary" className="dashboard-waiting" data-testid="stat-waiting">
                          {formatDashboardNumber(waiting[card.key] ?? 0)} waiting now
                        </Typography.Text>
                      }
                    />
                  </Col>
                ))}
              </Row>
            </Col>
            <Col xs={24} xl={16}>
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <RequestsChart daily={data.requests.daily} isMobile={isMobile} />
              </Suspense>
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <GroupTable title="In stock by category" rows={data.byCategory} symbol={symbol} isMobile={isMobile} testId="shop-category" empty="No items in stock" />
      </Col>
      <Col xs={24} xl={12}>
        <GroupTable title="In stock by location" rows={data.byLocation} symbol={symbol} isMobile={isMobile} testId="shop-location" empty="No items in stock" />
      </Col>
    </Row>
  );
}

/** Items, units and value of the stock now in each group, biggest first (ten a page). */
function GroupTable({ title, rows, symbol, isMobile, testId, empty }: { title: string; rows: Bucket[]; symbol: string; isMobile: boolean; testId: string; empty: string }) {
  const total = rows.reduce((t, b) => ({ items: t.items + b.items, value: t.value + (b.value ?? 0) }), { items: 0, value: 0 });
  return (
    <Card
      title={title}
      size="small"
      data-testid={testId}
      extra={
        rows.length > 0 && (
          <Typography.Text type="secondary">
            {formatDashboardNumber(total.items)} items · {symbol}
            {formatDashboardMoney(total.value)}
          </Typography.Text>
        )
      }
    >
      <Table<Bucket>
        size="small"
        rowKey="key"
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small', showSizeChanger: false }}
        locale={{ emptyText: empty }}
        columns={[
          {
            title: 'Group',
            dataIndex: 'label',
            render: (label: string, b) => (
              <span style={{ overflowWrap: 'anywhere' }}>{b.key === '' || b.others !== undefined ? <Typography.Text type="secondary">{label}</Typography.Text> : label}</span>
            ),
          },
          { title: 'Items', dataIndex: 'items', align: 'right', width: isMobile ? 64 : 96, render: (v: number) => formatDashboardNumber(v) },
          ...(isMobile ? [] : [{ title: 'Units', dataIndex: 'units', align: 'right' as const, width: 96, render: (v: number) => formatDashboardNumber(v) }]),
          { title: 'Value', dataIndex: 'value', align: 'right', width: isMobile ? 110 : 140, render: (v: number | null) => (v === null ? '' : `${symbol}${formatDashboardMoney(v)}`) },
        ]}
      />
    </Card>
  );
}
