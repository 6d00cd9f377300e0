// Light cells of the inventory lists: plain elements where possible, so a page of 500 rows stays fast.
import { memo } from 'react';
import { Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { RouteLink } from '../../shared/ui/RouteLink';
import { ONLINE_MARKETPLACE, daysOldLabel, statusColor, statusLabel, type InventoryStatus } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import { money } from './row-actions';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" rx="6" fill="#eef1f6"/></svg>');

export const ItemImage = memo(function ItemImage({ src, size = 48, alt = '' }: { src: string | null; size?: number; alt?: string }) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="br-inv-img"
      style={{ width: size, height: size }}
      onError={(e) => {
        if (e.currentTarget.src !== PLACEHOLDER) e.currentTarget.src = PLACEHOLDER;
      }}
    />
  );
});

export function StatusTag({ status, isBuyingStore }: { status: InventoryStatus; isBuyingStore: boolean }) {
  return (
    <Tag color={statusColor(status, 'staff')} style={{ marginInlineEnd: 0 }} data-testid="status-tag">
      {statusLabel(status, { isBuyingStore })}
    </Tag>
  );
}

/** Option values beyond the size (condition, box), as one line. */
export function optionLine(item: ListItem): string {
  return [item.option2Value, item.option3Value].filter(Boolean).join(' · ');
}

export function daysActiveText(item: ListItem): string {
  return item.daysActive === null ? '—' : daysOldLabel(item.daysActive);
}

/** Price, plus what is pending on it: a consigner's requested price, the store's asked price, or the store-request range. */
export function PriceCell({ item, currency }: { item: ListItem; currency: string }) {
  const pending =
    item.status === 'RequestPriceChange' && item.requestedPrice !== null
      ? `Requested ${money(item.requestedPrice, currency)}`
      : item.status === 'StoreRequestPriceChange' && item.requestedPrice !== null
        ? `Store asks ${money(item.requestedPrice, currency)}`
        : item.storeRequestPriceRange
          ? `Range ${money(item.storeRequestPriceRange.low, currency)}–${money(item.storeRequestPriceRange.high, currency)}`
          : null;
  return (
    <span className="br-inv-price">
      <span>{money(item.price, currency)}</span>
      {pending && (
        <span className="br-inv-sub" data-testid="price-pending">
          {pending}
        </span>
      )}
    </span>
  );
}

/** What the consigner gets for the item (after fees); a store account's items show their cost. */
export function PayoutCell({ item, currency }: { item: ListItem; currency: string }) {
  return (
    <span className="br-inv-price" data-testid="item-payout">
      {money(item.payout, currency)}
    </span>
  );
}

/** ADD TRACKING / TRACK: only for Sold items at ONLINE MARKETPLACE (catalogue doc section 4). */
export function hasTracking(item: ListItem): boolean {
  return item.status === 'Sold' && item.location === ONLINE_MARKETPLACE;
}

export function TrackingCell({ item, onOpen }: { item: ListItem; onOpen: (item: ListItem) => void }) {
  if (!hasTracking(item)) return null;
  return (
    <Typography.Link strong onClick={() => onOpen(item)} data-testid="tracking-link">
      {item.trackingCode ? 'TRACK' : 'ADD TRACKING'}
    </Typography.Link>
  );
}

export function EditLink({ id }: { id: string }) {
  // Spec: Edit opens the item screen in a new tab.
  return (
    <a href={`/inventories/${id}`} target="_blank" rel="noopener noreferrer" data-testid="edit-link">
      <EditOutlined /> Edit
    </a>
  );
}

export function ConsignerLink({ item }: { item: ListItem }) {
  if (!item.consigner) return <span className="br-inv-sub">—</span>;
  const name = `${item.consigner.firstName} ${item.consigner.lastName}`.trim() || item.consigner.email;
  return <RouteLink to={`/consigners/${item.consigner.id}`}>{name}</RouteLink>;
}

export function OrderLink({ item }: { item: ListItem }) {
  if (!item.orderId) return <span className="br-inv-sub">—</span>;
  return <RouteLink to={`/orders/${item.orderId}`}>{item.order?.name ?? 'Order'}</RouteLink>;
}

export function LocationText({ item }: { item: ListItem }) {
  if (!item.location) return <span className="br-inv-sub">—</span>;
  return (
    <span>
      {item.location}
      {item.subLocation && <span className="br-inv-sub">{item.subLocation}</span>}
    </span>
  );
}
