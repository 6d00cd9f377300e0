import { Alert, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { errorMessage } from '../../../shared/api';
import type { usePortalReport } from './portal-payouts.api';

/** The consigner report's three figures over the chosen dates: one card with three lines on a phone, three cards on a desktop. */
export function PortalReport({ report, isMobile, money }: { report: ReturnType<typeof usePortalReport>; isMobile: boolean; money: (n: number) => string }) {
  const figures = [
    { key: 'sales', title: 'Total Sales', note: 'before fees', value: report.data?.totalSold },
    { key: 'payout', title: 'Total Payout', note: 'paid to you', value: report.data?.totalPaid },
    { key: 'pending', title: 'Pending Payout', note: 'after fees', value: report.data?.totalPending },
  ];
  if (report.isError) return <Alert type="error" showIcon title={errorMessage(report.error, 'Your figures could not be loaded.')} />;
  if (isMobile)
    return (
      <Card size="small" data-testid="report-cards">
        <Flex vertical gap={8}>
          {figures.map((f) => (
            <Flex key={f.key} justify="space-between" align="baseline" gap={8} data-testid={`report-${f.key}`}>
              <span>
                {f.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({f.note})</Typography.Text>
              </span>
              {report.isPending ? <Skeleton.Button active size="small" style={{ width: 72 }} /> : <Typography.Text strong style={{ fontSize: 17 }}>{money(f.value ?? 0)}</Typography.Text>}
            </Flex>
          ))}
        </Flex>
      </Card>
    );
  return (
    <Row gutter={[16, 16]} data-testid="report-cards">
      {figures.map((f) => (
        <Col xs={24} sm={8} key={f.key}>
          <Card size="small" styles={{ body: { padding: '16px 20px' } }} data-testid={`report-${f.key}`}>
            <Statistic
              className="br-pay-figure"
              title={
                <>
                  {f.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({f.note})</Typography.Text>
                </>
              }
              value={report.isPending ? undefined : money(f.value ?? 0)}
              loading={report.isPending}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
