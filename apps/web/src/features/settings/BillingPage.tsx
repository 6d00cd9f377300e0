import type { ReactNode } from 'react';
import { Alert, Card, Empty, Flex, Progress, Skeleton, Statistic, Typography } from 'antd';
import { CloudServerOutlined, DatabaseOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { consignerWord, statusLabel } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatBytes } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { useStoreUsage } from './settings.api';
import './settings.css';

const n = (v: number) => v.toLocaleString('en-US');

function Figure({ icon, title, value, detail, testId }: { icon: ReactNode; title: string; value: string; detail: string; testId: string }) {
  return (
    <Card size="small" data-testid={testId} className="br-usage-figure">
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Statistic title={title} value={value} />
        <span className="br-settings-icon br-usage-icon">{icon}</span>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {detail}
      </Typography.Text>
    </Card>
  );
}

/**
 * /billing (Settings area). The spec names the menu entry but gives it no screen: this page shows
 * what the store uses (items by status, people, stored images), from GET /api/stores/usage. No plans
 * or prices: Backroom has none to show.
 */
export default function BillingPage() {
  useDocumentTitle('Billing');
  const store = useCurrentStore();
  const usage = useStoreUsage();
  const who = consignerWord(store?.isBuyingStore);
  const u = usage.data;
  const statuses = u ? u.items.byStatus.filter((s) => s.count > 0) : [];
  const top = Math.max(1, ...statuses.map((s) => s.count));

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1180 }}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Billing
        </Typography.Title>
        <Typography.Text type="secondary">What {store?.name ?? 'this store'} uses today</Typography.Text>
      </div>
      {usage.isError ? (
        <Alert type="error" showIcon title="The usage could not be loaded" description={errorMessage(usage.error)} />
      ) : !u ? (
        <Card data-testid="usage-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <>
          <div className="br-usage-grid">
            <Figure testId="usage-items" icon={<DatabaseOutlined />} title="Inventory items" value={n(u.items.total)} detail={`${n(u.products)} products · ${n(u.locations)} locations`} />
            <Figure testId="usage-consigners" icon={<UserOutlined />} title={`${who}s`} value={n(u.consigners.total)} detail={`${n(u.consigners.active)} active · ${n(u.consigners.storeAccounts)} store account${u.consigners.storeAccounts === 1 ? '' : 's'}`} />
            <Figure testId="usage-employees" icon={<TeamOutlined />} title="Employees" value={n(u.employees.total)} detail={`${n(u.employees.active)} active · ${n(u.employees.invitePending)} invite${u.employees.invitePending === 1 ? '' : 's'} pending`} />
            <Figure testId="usage-images" icon={<CloudServerOutlined />} title="Image storage" value={formatBytes(u.images.bytes)} detail={`${n(u.images.count)} uploaded image${u.images.count === 1 ? '' : 's'}, original and web copy`} />
          </div>
          <Card title="Items by status" data-testid="usage-statuses">
            {statuses.length === 0 ? (
              <Empty description="No inventory yet" />
            ) : (
              <div className="br-usage-statuses">
                {statuses.map((s) => (
                  <div key={s.status} data-testid="usage-status-row">
                    <Flex justify="space-between">
                      <Typography.Text>{statusLabel(s.status, { isBuyingStore: store?.isBuyingStore })}</Typography.Text>
                      <Typography.Text strong>{n(s.count)}</Typography.Text>
                    </Flex>
                    <Progress percent={(s.count / top) * 100} showInfo={false} size="small" strokeColor="#1f5fae" aria-label={`${s.status}: ${s.count}`} />
                  </div>
                ))}
              </div>
            )}
          </Card>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Live counts of this store's records. Image storage counts every image uploaded through Backroom (product, item and logo pictures), the original and its web copy.
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
