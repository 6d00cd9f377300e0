import type { ReactNode } from 'react';
import { Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { TStoreRequestProduct } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { ItemImage } from '../../shared/ui/ItemImage';
import './store-requests.css';

/** The requested range, or that any price is welcome. */
export function RangeTag({ range, currency }: { range: TStoreRequestProduct['priceRange']; currency: string }) {
  return range ? (
    <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="request-range">
      {formatPrice(range.low, currency)} – {formatPrice(range.high, currency)}
    </Tag>
  ) : (
    <Tag style={{ marginInlineEnd: 0 }} data-testid="request-range">
      Any price
    </Tag>
  );
}

/** A grid of requested products (Request Items, the public catalogue, the portal's Store Request). */
export function RequestedProducts({
  products,
  currency,
  loading,
  dimmed,
  empty,
  action,
}: {
  products: TStoreRequestProduct[];
  currency: string;
  loading: boolean;
  dimmed?: boolean;
  empty: ReactNode;
  action?: (product: TStoreRequestProduct) => ReactNode;
}) {
  if (loading)
    return (
      <div data-testid="requests-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  if (products.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid="requests-empty" />
    );
  return (
    <div className="br-sr-grid" style={{ opacity: dimmed ? 0.6 : 1 }} data-testid="requests-grid">
      {products.map((p) => (
        <div key={p.id} className="br-sr-card" data-testid="request-card" data-sku={p.sku}>
          <ItemImage src={p.image} size={72} className="br-sr-image" alt="" />
          <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text strong className="br-sr-title" title={p.title} data-testid="request-title">
              {p.title}
            </Typography.Text>
            <Typography.Text type="secondary" className="br-sr-sub" title={p.sku}>
              {p.brand} · {p.sku}
            </Typography.Text>
            {p.sizes.length > 0 && (
              <Typography.Text type="secondary" className="br-sr-sub">
                Sizes {p.sizes.slice(0, 6).join(', ')}
                {p.sizes.length > 6 ? ` +${p.sizes.length - 6}` : ''}
              </Typography.Text>
            )}
            <Flex gap={8} align="center" justify="space-between" wrap style={{ marginTop: 'auto', paddingTop: 4 }}>
              <RangeTag range={p.priceRange} currency={currency} />
              {action?.(p)}
            </Flex>
          </Flex>
        </div>
      ))}
    </div>
  );
}
