import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Skeleton, Tabs, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ACTIVITY_DEFAULT_DAYS,
  DASHBOARD_CARDS,
  DASHBOARD_DEFAULT_DAYS,
  RECENT_ACTIVITY_COUNT,
} from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { DateRangeField, lastDays, type DayRange } from '../../shared/ui/DateRangeField';
import { useCurrentStore } from '../store/store.api';
import { useRecentActivity } from '../activity/activity.api';
import { ActivityCard } from '../activity/ActivityCard';
import { downloadShopReport, useDashboard } from './dashboard.api';
import { ConsignerReport } from './ConsignerReport';
import { ShopReport } from './ShopReport';
import { StatCard } from './StatCard';
import './dashboard.css';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

/** /dashboard (Admins with the Dashboard area; catalogue doc sections 2, 3 and 9). */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const store = useCurrentStore();
  const currency = store?.currency ?? null;
  const isMobile = useIsMobile();
  const { message } = App.useApp();
  const [range, setRange] = useState<DayRange>(() => lastDays(DASHBOARD_DEFAULT_DAYS));
  const [exporting, setExporting] = useState(false);
  const [tab, setTab] = useState<'shop' | 'consigner'>('shop');
  const dashboard = useDashboard(range);
  const data = dashboard.data;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadShopReport(range);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="dashboard-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        <Flex gap={8} wrap style={isMobile ? { width: '100%' } : undefined}>
          <DateRangeField range={range} onChange={setRange} testId="dashboard-dates" />
          {tab === 'shop' && (
            <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting} data-testid="dashboard-export" block={isMobile}>
              Export report
            </Button>
          )}
        </Flex>
      </Flex>
      {data && (
        <Typography.Text type="secondary" className="dashboard-compare">
          Compared with the {dayCount(data.range)} days before ({shortDay(data.previousRange.start)} to {shortDay(new Date(Date.parse(data.previousRange.end) - 1).toISOString())})
        </Typography.Text>
      )}

      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'shop' | 'consigner')}
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'shop',
            label: 'Shop',
            children: (
              <>
                {dashboard.isPending ? (
                  <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
                    {DASHBOARD_CARDS.map((c) => (
                      <Col key={c.key} xs={12} md={8} xl={6}>
                        <Card size="small">
                          <Skeleton active paragraph={{ rows: 1 }} title={{ width: '60%' }} />
                        </Card>
                      </Col>
                    ))}
                  </Row>
                ) : dashboard.isError ? (
                  <Alert type="error" showIcon style={{ marginTop: 16 }} title="The dashboard could not be loaded" description={errorMessage(dashboard.error)} action={<Button onClick={() => void dashboard.refetch()}>Try again</Button>} />
                ) : (
                  <>
                    <Row gutter={[12, 12]} style={{ marginTop: 16, opacity: dashboard.isPlaceholderData ? 0.6 : 1 }} data-testid="dashboard-cards">
                      {data!.cards.map((card) => (
                        <Col key={card.key} xs={12} md={8} xl={6}>
                          <StatCard card={card} symbol={priceSymbol(currency)} />
                        </Col>
                      ))}
                    </Row>
                    <div style={{ marginTop: 16 }}>
                      <Suspense fallback={<Card size="small"><Skeleton active paragraph={{ rows: 6 }} /></Card>}>
                        <DashboardCharts data={data!} currency={currency} isMobile={isMobile} />
                      </Suspense>
                    </div>
                    <ShopReport data={data!} currency={currency} isMobile={isMobile} />
                  </>
                )}
                <RecentActivity currency={currency} />
              </>
            ),
          },
          { key: 'consigner', label: 'Consigner report', children: <ConsignerReport range={range} currency={currency} isMobile={isMobile} /> },
        ]}
      />
    </div>
  );
}

/** The 6 latest changes of the last 7 days (catalogue doc section 9), and View All Activity. */
function RecentActivity({ currency }: { currency: string | null }) {
  const [after] = useState(() => lastDays(ACTIVITY_DEFAULT_DAYS).from);
  const recent = useRecentActivity(after, RECENT_ACTIVITY_COUNT);
  return (
    <Card
      title="Recent Activity"
      style={{ marginTop: 16 }}
      extra={
        <Link to="/activity" data-testid="view-all-activity">
          <Button type="link" style={{ padding: 0 }}>
            View All Activity
          </Button>
        </Link>
      }
      data-testid="recent-activity"
    >
      {recent.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : recent.isError ? (
        <Alert type="warning" showIcon title="Recent activity could not be loaded" description={errorMessage(recent.error)} />
      ) : recent.data.inventoryLogs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes in the last 7 days." />
      ) : (
        <Row gutter={[8, 8]}>
          {recent.data.inventoryLogs.map((log) => (
            <Col key={log.id} xs={24} lg={12}>
              <ActivityCard log={log} currency={currency} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

const dayCount = (r: { start: string; end: string }) => Math.round((Date.parse(r.end) - Date.parse(r.start)) / 86_400_000);
const shortDay = (iso: string) => iso.slice(0, 10);
