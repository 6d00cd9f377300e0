// The drop-off screen's cells, shared by its table and its phone cards.
import { Flex, Tag } from 'antd';
import { statusColor, statusLabel, truncateSku } from '@backroom/domain';
import { ItemImage } from '../../../shared/ui/ItemImage';
import { RouteLink } from '../../../shared/ui/RouteLink';
import type { DropoffItem, DropoffStatus } from './dropoff.api';

/** Each list's title, intro and empty text. */
export const SCREEN: Record<DropoffStatus, { title: string; intro: string; empty: string }> = {
  Requested: {
    title: 'Requested',
    intro: 'Items you asked the store to take. The store reviews each request; accepted ones move to Drop Off Pending.',
    empty: 'No drop-off requests yet.',
  },
  Pending: {
    title: 'Drop Off Pending',
    intro: 'The store accepted these items: bring them in. Print the manifest so the shop can check them against it.',
    empty: 'Nothing to drop off right now.',
  },
};

function Thumb({ src, size = 44 }: { src: string | null; size?: number }) {
  return <ItemImage src={src} size={size} className="br-drop-thumb" />;
}

export function StatusTag({ item }: { item: DropoffItem }) {
  // The consigner portal shows every status but Sold in red; Pending reads 'Drop off pending' (spec 4).
  return (
    <Tag color={statusColor(item.status, 'consigner')} style={{ marginInlineEnd: 0 }} data-testid="dropoff-status">
      {statusLabel(item.status)}
    </Tag>
  );
}

export const optionsOf = (item: DropoffItem) => [item.option2Value, item.option3Value].filter(Boolean).join(' · ');

/** The item: its image, title (a link to the product) and code with SKU. */
export function ItemCell({ item }: { item: DropoffItem }) {
  return (
    <Flex gap={10} align="center" style={{ minWidth: 0 }}>
      <Thumb src={item.image ?? item.product.image} />
      <Flex vertical style={{ minWidth: 0 }}>
        <RouteLink to={`/productItem/${item.productId}`} className="br-drop-title">
          {item.product.title || item.title}
        </RouteLink>
        <span className="br-drop-sub" title={item.product.sku || item.sku}>
          {item.code} · {truncateSku(item.product.sku || item.sku)}
        </span>
      </Flex>
    </Flex>
  );
}
