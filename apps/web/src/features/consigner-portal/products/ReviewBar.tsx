import { Button, Flex, Typography } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/format';
import { useIsMobile } from '../../../shared/hooks';

/**
 * The consigner's fixed bottom bar on Products (catalogue doc section 2): a Reviews link (the drop-off
 * requests the store is reviewing), Added Items, Values (payout x quantity) and Review Items. It sits at
 * the foot of the page column (sticky), so it never covers the side menu.
 */
export function ReviewBar({ count, value, currency, onReview }: { count: number; value: number; currency: string; onReview: () => void }) {
  const isMobile = useIsMobile();
  const figure = (label: string, children: string, testId: string) => (
    <Flex vertical gap={0} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {label}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: isMobile ? 16 : 18, whiteSpace: 'nowrap' }} data-testid={testId}>
        {children}
      </Typography.Text>
    </Flex>
  );
  return (
    <div
      role="region"
      aria-label="Review bar"
      data-testid="review-bar"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 20,
        marginTop: 'auto',
        marginInline: isMobile ? -12 : -24,
        marginBottom: isMobile ? -12 : -24,
        padding: isMobile ? '10px 12px calc(10px + env(safe-area-inset-bottom))' : '12px 24px',
        background: '#fff',
        borderTop: '1px solid #e8ecf2',
        boxShadow: '0 -4px 16px rgba(15, 30, 60, 0.08)',
      }}
    >
      <Flex align="center" justify="space-between" gap={isMobile ? 10 : 24} style={{ maxWidth: 1400 }}>
        <Flex align="center" gap={isMobile ? 12 : 32} style={{ minWidth: 0 }}>
          <Link to="/dropoff" data-testid="reviews-link" style={isMobile ? { display: 'flex', flexDirection: 'column', alignItems: 'center', fontSize: 12, minHeight: 40, justifyContent: 'center' } : undefined}>
            {isMobile ? (
              <>
                <AuditOutlined style={{ fontSize: 18 }} />
                Reviews
              </>
            ) : (
              <Flex align="center" gap={6}>
                <AuditOutlined /> Reviews
              </Flex>
            )}
          </Link>
          {figure('Added Items', String(count), 'review-count')}
          {figure('Values', formatPrice(value, currency) || formatPrice(0, currency), 'review-value')}
        </Flex>
        <Flex align="center" gap={8}>
            <Button type="primary" size="large" onClick={onReview} data-testid="review-items" style={isMobile ? { paddingInline: 14 } : undefined}>
              Review Items
            </Button>
        </Flex>
      </Flex>
    </div>
  );
}
