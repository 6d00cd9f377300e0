import { useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Flex, List, Row, Select, Skeleton, Statistic, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { formatDashboardMoney, formatDashboardNumber, type TConsignerDetailReport } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useInventoryFilterOptions } from '../../shared/lookups.api';
import type { DayRange } from '../../shared/ui/DateRangeField';
import { downloadConsignerReport, useConsignerDetailReport } from './dashboard.api';
import { StatCard } from './StatCard';

type Bucket = TConsignerDetailReport['byStatus'][number];

/** The dashboard's Consigner report tab (catalogue doc section 3, Consigner report): pick a consigner; same dates as the shop's. */
export function ConsignerReport({ range, currency, isMobile }: { range: DayRange; currency: string | null; isMobile: boolean }) {
  const { message } = App.useApp();
  const options = useInventoryFilterOptions();
  const [consigner, setConsigner] = useState<string | undefined>();
  const report = useConsignerDetailReport(consigner, range);
  const [exporting, setExporting] = useState(false);
  const symbol = priceSymbol(currency);
  const money = (v: number | null) => (v === null ? '' : `${symbol}${formatDashboardMoney(v)}`);
  const consigners = (options.data?.consigners ?? []).filter((c) => !c.value.isStoreAccount);

  const exportCsv = async () => {
    if (!consigner) return;
    setExporting(true);
    try {
      await downloadConsignerReport(consigner, range);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const bucketTable = (title: string, rows: Bucket[], testId: string) => (
    <Card title={title} size="small" data-testid={testId}>
      <Table<Bucket>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: 'None' }}
        columns={[
          { title: 'Group', dataIndex: 'label' },
          { title: 'Items', dataIndex: 'items', align: 'right', render: (v: number) => formatDashboardNumber(v) },
          { title: 'Value', dataIndex: 'value', align: 'right', render: (v: number | null) => money(v) },
        ]}
      />
    </Card>
  );

  return (
    <div data-testid="consigner-report">
      <Flex gap={8} wrap vertical={isMobile}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Choose a consigner"
          aria-label="Consigner"
          value={consigner}
          onChange={setConsigner}
          loading={options.isPending}
          options={consigners.map((c) => ({ value: c.value.id, label: c.label }))}
          style={isMobile ? undefined : { width: 320 }}
          data-testid="report-consigner"
        />
        <Button icon={<DownloadOutlined />} disabled={!consigner} loading={exporting} onClick={() => void exportCsv()} data-testid="consigner-report-export">
          Export report
        </Button>
      </Flex>
      {!consigner ? (
        <Empty style={{ marginTop: 32 }} description="Choose a consigner to see their sales, listings and payouts in these dates." />
      ) : report.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} style={{ marginTop: 16 }} />
      ) : report.isError ? (
        <Alert type="error" showIcon style={{ marginTop: 16 }} title="The report could not be loaded" description={errorMessage(report.error)} />
      ) : (
        <div style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
            {report.data.cards.map((card) => (
              <Col key={card.key} xs={12} md={8} xl={Math.floor(24 / 5) || 4} flex={isMobile ? undefined : '1 1 0'}>
                <StatCard card={card} symbol={symbol} />
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={24}>
              <Card title="Their portal's summary for these dates" size="small" data-testid="consigner-summary">
                <Row gutter={[12, 12]}>
                  <Col xs={24} sm={8}>
                    <Statistic title="Total Sales (before fees)" value={money(report.data.summary.totalSold)} />
                  </Col>
                  <Col xs={12} sm={8}>
                    <Statistic title="Total Payout" value={money(report.data.summary.totalPaid)} />
                  </Col>
                  <Col xs={12} sm={8}>
                    <Statistic title="Pending Payout (after fees)" value={money(report.data.summary.totalPending)} />
                  </Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title="Sales in four parts of the period" size="small" data-testid="consigner-series">
                <List
                  size="small"
                  dataSource={report.data.series}
                  renderItem={(p) => (
                    <List.Item>
                      <Line text={`${p.start.slice(0, 10)} to ${new Date(Date.parse(p.end) - 1).toISOString().slice(0, 10)} · ${formatDashboardNumber(p.units)} sold`} value={money(p.sales)} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title="Best sellers" size="small" data-testid="consigner-best">
                <List
                  size="small"
                  locale={{ emptyText: 'No sales in these dates' }}
                  dataSource={report.data.bestSellers}
                  renderItem={(p) => (
                    <List.Item>
                      <Line text={`${p.title} · ${formatDashboardNumber(p.units)} sold`} value={money(p.sales)} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>{bucketTable('Items by status', report.data.byStatus, 'consigner-status')}</Col>
            <Col xs={24} lg={12}>{bucketTable('In stock by age', report.data.byAge, 'consigner-age')}</Col>
            <Col xs={24} lg={12}>{bucketTable('In stock by category', report.data.byCategory, 'consigner-category')}</Col>
            <Col xs={24} lg={12}>{bucketTable('In stock by location', report.data.byLocation, 'consigner-location')}</Col>
            <Col xs={24}>
              <Card title="Low stock" size="small" data-testid="consigner-low">
                <List
                  size="small"
                  locale={{ emptyText: 'No selling product is down to its last item' }}
                  dataSource={report.data.lowStock}
                  renderItem={(p) => (
                    <List.Item>
                      <Line text={`${p.title} · ${formatDashboardNumber(p.sold)} sold`} value={`${formatDashboardNumber(p.inStock)} in stock`} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
        </div>
      )}
    </div>
  );
}

/** A list line: the text, and its figure at the right. */
function Line({ text, value }: { text: string; value: string }) {
  return (
    <Flex justify="space-between" gap={12} style={{ width: '100%' }}>
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>{text}</Typography.Text>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}
