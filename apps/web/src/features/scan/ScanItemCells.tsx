import { Link } from 'react-router';
import type { InventoryStatus } from '@backroom/domain';
import { statusLabel } from '@backroom/domain';
import { Tag } from 'antd';
import { priceSymbol } from '../../shared/format';
import { ItemImage } from '../../shared/ui/ItemImage';
import type { ScanItem } from './scan.api';

/** Product cell of the scan lists: image, title and code. */
export function ProductCell({ item }: { item: Pick<ScanItem, 'image' | 'title' | 'code'> }) {
  return (
    <div className="br-scan-product">
      <ItemImage src={item.image} size={40} />
      <div className="br-scan-product-text">
        <span className="br-scan-title" title={item.title}>
          {item.title}
        </span>
        <span className="br-scan-code">{item.code}</span>
      </div>
    </div>
  );
}

export function ConsignerCell({ item }: { item: Pick<ScanItem, 'consignerId' | 'consignerName'> }) {
  return <Link to={`/consigners/${item.consignerId}`}>{item.consignerName || 'Consigner'}</Link>;
}

/** Section 2: the currency symbol plus the price. */
export const priceText = (price: number, currency: string | null | undefined) => `${priceSymbol(currency)}${price}`;

export function StatusTag({ status }: { status: InventoryStatus }) {
  return <Tag color={status === 'Sold' ? 'green' : 'orange'}>{statusLabel(status)}</Tag>;
}
