import { Button, Flex, Result, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { INVENTORY_MESSAGES, statusLabel, type InventoryStatus } from '@backroom/domain';
import { formatPrice } from '../../../shared/format';
import { useIsMobile } from '../../../shared/hooks';
import type { CreatedInventory } from '../../add-inventory/add-inventory.api';

/** Where a consigner follows an item of each status (their drop-off pages). */
const FOLLOW_PAGE: Partial<Record<InventoryStatus, { path: string; label: string }>> = {
  Requested: { path: '/dropoff', label: 'Requested' },
  Pending: { path: '/dropoffPending', label: 'Drop Off Pending' },
};

/** After Submit: the spec's success line, the items made and where each is followed. */
export function Submitted({ items, currency, isBuyingStore, onContinue }: { items: CreatedInventory[]; currency: string; isBuyingStore: boolean; onContinue: () => void }) {
  const isMobile = useIsMobile();
  const byStatus = new Map<InventoryStatus, CreatedInventory[]>();
  for (const item of items) byStatus.set(item.status, [...(byStatus.get(item.status) ?? []), item]);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760, margin: '0 auto', background: '#fff', borderRadius: 12, padding: isMobile ? 12 : 24 }} data-testid="review-success">
      <Result status="success" title={INVENTORY_MESSAGES.productAdded} style={{ padding: isMobile ? '8px 0' : 16 }} />
      {[...byStatus].map(([status, list]) => {
        const follow = FOLLOW_PAGE[status];
        return (
          <Flex key={status} vertical gap={8} data-testid={`submitted-${status}`}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text strong>
                {list.length} {statusLabel(status, { isBuyingStore })}
              </Typography.Text>
              {follow && (
                <Link to={follow.path} data-testid={`follow-${status}`}>
                  Follow them on {follow.label} <ArrowRightOutlined />
                </Link>
              )}
            </Flex>
            {list.map((item) => (
              <Flex key={item.id} vertical gap={2} style={{ border: '1px solid #edf0f5', borderRadius: 8, padding: '8px 12px' }} data-testid="submitted-item">
                <Typography.Text ellipsis style={{ minWidth: 0 }}>
                  <Link to={`/productItem/${item.productId}`} title="Your listings of this product">
                    {item.title}
                  </Link>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {[item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ')}
                  {item.quantity > 1 ? ` · ${item.quantity} pieces` : ''} · {item.code} · {formatPrice(item.price, currency)}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        );
      })}
      <Flex justify="center" style={{ marginTop: 8 }}>
        <Button type="primary" size="large" onClick={onContinue} data-testid="review-continue" style={{ minWidth: 200 }}>
          Continue
        </Button>
      </Flex>
    </Flex>
  );
}
