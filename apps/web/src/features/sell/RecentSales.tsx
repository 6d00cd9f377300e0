import { Alert, Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { PAYMENT_METHOD_LABELS } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatDateTime, formatPrice } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { useCurrentStore } from '../store/store.api';
import { useRecentSales } from './sell.api';

/** The newest counter sales: open one to see, print or undo its receipt. */
export function RecentSales({ current, onOpen }: { current: string | null; onOpen: (id: string) => void }) {
  const recent = useRecentSales();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const isMobile = useIsMobile();
  const rows = recent.data?.rows ?? [];
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <HistoryOutlined />
          <span>Recent sales</span>
        </Flex>
      }
      styles={{ body: { padding: isMobile ? 8 : 12 }, header: isMobile ? { paddingInline: 12 } : undefined }}
      data-testid="recent-sales"
    >
      {recent.isError ? (
        <Alert type="error" showIcon title={errorMessage(recent.error, 'The recent sales could not be loaded.')} />
      ) : recent.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No counter sales yet" />
      ) : (
        <List
          dataSource={rows}
          renderItem={(row) => (
            <List.Item
              onClick={() => onOpen(row.id)}
              style={{ cursor: 'pointer', paddingInline: 8, borderRadius: 8, background: row.id === current ? '#f0f5ff' : undefined }}
              data-testid="recent-sale"
            >
              <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Flex gap={6} align="center">
                    <Typography.Link strong>{row.name}</Typography.Link>
                    {row.status === 'undone' && <Tag color="orange" style={{ marginInlineEnd: 0 }}>Undone</Tag>}
                  </Flex>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {formatDateTime(row.orderDate)} · {row.itemCount} {row.itemCount === 1 ? 'item' : 'items'}
                    {row.paymentMethod ? ` · ${PAYMENT_METHOD_LABELS[row.paymentMethod]}` : ''}
                    {row.customerName ? ` · ${row.customerName}` : ''}
                  </Typography.Text>
                </Flex>
                <Typography.Text strong className={row.status === 'undone' ? 'br-receipt-undone' : undefined} style={{ flex: 'none' }}>
                  {formatPrice(row.total, currency)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
