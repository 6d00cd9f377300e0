import { Button, Card, Flex, Result, Tag, Typography } from 'antd';
import { ArrowRightOutlined, PlusOutlined } from '@ant-design/icons';
import { statusColor, type InventoryStatus, type UpdatedInventory } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import '../../shared/touch.css';

/** A listed item as PUT /api/inventories answers it once the location is saved. */
export type ListedItem = UpdatedInventory;

/**
 * The end of the consigner's listing wizard: what was listed (title, size, price, status) and where
 * to follow it, instead of the last step with a passing toast.
 */
export function ListingConfirmation({
  items,
  title,
  currency,
  statusText,
  followHref,
  followLabel = 'Follow your listings',
  onFollow,
  onListings,
  onAnother,
  onProducts,
}: {
  items: ListedItem[];
  title: string;
  currency: string;
  statusText: (status: InventoryStatus) => string;
  followHref: string;
  /** The follow button's words (which drop-off page it opens). */
  followLabel?: string;
  onFollow: () => void;
  /** Every listing of the product (/productItem/{id}). */
  onListings?: () => void;
  onAnother: () => void;
  onProducts: () => void;
}) {
  const isMobile = useIsMobile();
  const many = items.length !== 1;
  return (
    <Card data-testid="listing-confirmation" className="br-touch">
      <Result
        status="success"
        style={{ padding: isMobile ? '8px 0' : '16px 24px' }}
        title={many ? 'Your items are listed' : 'Your item is listed'}
        subTitle={
          items.every((i) => i.status === 'Pending')
            ? 'Pre-approved: bring it to the drop-off location you chose. Follow it on Drop Off Pending.'
            : 'The store reviews your request and lets you know; once accepted, bring it to the drop-off location you chose. Follow it on Requested.'
        }
      />
      <Flex vertical gap={10} style={{ maxWidth: 640, margin: '0 auto' }} data-testid="listed-items">
        {items.map((item) => (
          <div key={item.id} style={{ border: '1px solid #edf0f5', borderRadius: 10, padding: '12px 16px', background: '#fbfcfe' }} data-testid="listed-item">
            <Flex justify="space-between" align="flex-start" gap={12} wrap>
              <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Typography.Text strong data-testid="listed-title">
                  {title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  Size <span data-testid="listed-size">{item.option1Value ?? '—'}</span>
                  {[item.option2Value, item.option3Value].filter(Boolean).map((v) => ` · ${v}`)}
                  {item.quantity > 1 ? ` · ${item.quantity} pieces` : ''}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Code {item.code}
                  {item.location ? ` · drop off at ${item.location}${item.subLocation ? `, ${item.subLocation}` : ''}` : ''}
                </Typography.Text>
              </Flex>
              <Flex vertical align={isMobile ? 'flex-start' : 'flex-end'} gap={6}>
                <Typography.Text strong style={{ fontSize: 16 }} data-testid="listed-price">
                  {formatPrice(item.price, currency)}
                </Typography.Text>
                <Tag color={statusColor(item.status, 'consigner')} style={{ marginInlineEnd: 0 }} data-testid="listed-status">
                  {statusText(item.status)}
                </Tag>
              </Flex>
            </Flex>
          </div>
        ))}
      </Flex>
      <Flex gap={8} justify="center" wrap vertical={isMobile} style={{ marginTop: 24 }}>
        <Button
          type="primary"
          size="large"
          href={followHref}
          onClick={(e) => {
            e.preventDefault();
            onFollow();
          }}
          icon={<ArrowRightOutlined />}
          iconPlacement="end"
          data-testid="follow-listings"
        >
          {followLabel}
        </Button>
        {onListings && (
          <Button size="large" onClick={onListings} data-testid="product-listings-link">
            Your listings of this product
          </Button>
        )}
        <Button size="large" icon={<PlusOutlined />} onClick={onAnother} data-testid="list-another">
          List another item
        </Button>
        <Button size="large" type="text" onClick={onProducts}>
          Back to products
        </Button>
      </Flex>
    </Card>
  );
}
