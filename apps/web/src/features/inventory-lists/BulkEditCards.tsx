import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { consignerWord } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import { OPTION_KEYS } from './BulkEditDraft';

type OptionKey = (typeof OPTION_KEYS)[number];
/** One editable control per field of a row (BulkEditDialog's fields). */
type BulkEditFields = Record<'title' | 'price' | 'payout' | 'consigner' | 'status' | 'location' | 'subLocation', (item: ListItem) => ReactNode> & { option: (item: ListItem, n: number) => ReactNode };

/** Bulk edit on a phone: one card per selected item, Price and Payout side by side, then the other fields. */
export function BulkEditCards({ items, fields, optionKeys, optionLabel, isBuyingStore }: { items: ListItem[]; fields: BulkEditFields; optionKeys: OptionKey[]; optionLabel: (n: number) => string; isBuyingStore: boolean }) {
  return (
    <Flex vertical gap={12} data-testid="bulk-edit-cards">
      {items.map((item) => (
        <div key={item.id} className="br-inv-card br-bulk-card" data-testid="bulk-edit-card">
          {fields.title(item)}
          <div className="br-bulk-grid">
            <label className="br-bulk-field">
              <span>Price</span>
              {fields.price(item)}
            </label>
            <div className="br-bulk-field">
              <span>{item.consigner?.isStoreAccount ? 'Cost' : 'Payout'}</span>
              {fields.payout(item)}
            </div>
          </div>
          <div className="br-bulk-fields">
            <label className="br-bulk-field">
              <span>{consignerWord(isBuyingStore)}</span>
              {fields.consigner(item)}
            </label>
            <label className="br-bulk-field">
              <span>Status</span>
              {fields.status(item)}
            </label>
            {optionKeys.map((key) => {
              const n = OPTION_KEYS.indexOf(key);
              return (
                <label key={key} className="br-bulk-field">
                  <span>{optionLabel(n)}</span>
                  {fields.option(item, n)}
                </label>
              );
            })}
            <label className="br-bulk-field">
              <span>Location</span>
              {fields.location(item)}
            </label>
            <label className="br-bulk-field">
              <span>Sub-location</span>
              {fields.subLocation(item)}
            </label>
          </div>
        </div>
      ))}
    </Flex>
  );
}
