import { Card, Descriptions } from 'antd';
import { INVENTORY_COLUMN_FIELDS, labelOfField } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import type { InventoryItem } from './inventory-item.api';

/** Withdrawn and Declined items are not edited (spec 2); their details stay readable. */
export function ReadOnlyCard({ item, currency }: { item: InventoryItem; currency: string }) {
  const template = item.productTemplate;
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  return (
    <Card title="Item details" data-testid="readonly-card">
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'o1', label: template?.option1 ?? 'Option 1', children: item.option1Value ?? '—' },
          ...(template?.option2 ? [{ key: 'o2', label: template.option2, children: item.option2Value ?? '—' }] : []),
          ...(template?.option3 ? [{ key: 'o3', label: template.option3, children: item.option3Value ?? '—' }] : []),
          { key: 'price', label: 'Price', children: formatPrice(item.price, currency) },
          { key: 'payout', label: isStoreAccount ? 'Cost' : 'Payout', children: formatPrice(isStoreAccount ? (item.cost ?? item.payout) : item.payout, currency) },
          { key: 'location', label: 'Location', children: item.location ?? '—' },
          { key: 'sub', label: 'Sub-location', children: item.subLocation ?? '—' },
          ...(item.isWithdrawnEarly ? [{ key: 'fee', label: 'Withdrawal fee', children: formatPrice(item.withdrawalFee, currency) }] : []),
          { key: 'notes', label: 'Notes', children: item.notes ?? '—' },
          // the item fields the domain's list offers as list columns (schemas/inventory-fields.ts), as stored
          ...INVENTORY_COLUMN_FIELDS.map((k) => ({ key: k, label: labelOfField(k), children: item[k] ?? '—' })),
        ]}
      />
    </Card>
  );
}
