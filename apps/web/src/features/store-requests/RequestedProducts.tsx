import type { ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';
import type { TStoreRequestProduct } from '@backroom/domain';
import { StoreRequestCard } from './StoreRequestCard';
import './store-requests.css';

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
        <StoreRequestCard key={p.id} product={p} currency={currency} action={action?.(p)} />
      ))}
    </div>
  );
}
